# Eigene Texte der Kurzübersicht und der HTML-Seite (quickref.py, html.py); dieselben Ids wie en.

## Kurzübersicht: die Zeile unter dem Titel
qr-players = Für { $players }
qr-variant = Variante: { $variant }
qr-modules = { $count ->
    [one] Modul
   *[other] Module
}: { $modules }
qr-no-modules = Grundspiel, kein optionales Modul
qr-lead-sep = {" · "}
qr-section-legend = Farben

## HTML-Seite
html-players = Für { $players }.
html-appendix = Anhang
html-notes = Wie diese Übersicht entstand
