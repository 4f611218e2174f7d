# Textos propios de la referencia rápida y de la página HTML (quickref.py, html.py); los mismos
# ids que en.

## Referencia rápida: la línea bajo el título
qr-players = Para { $players }
qr-variant = Variante: { $variant }
qr-modules = { $count ->
    [one] Módulo
   *[other] Módulos
}: { $modules }
qr-no-modules = Juego básico, sin módulos opcionales
qr-lead-sep = {" · "}
qr-section-legend = Colores

## Página HTML
html-players = Para { $players }.
html-appendix = Apéndice
html-notes = Cómo se hizo este resumen
