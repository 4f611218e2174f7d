# Textes propres à l’aide-mémoire et à la page HTML (quickref.py, html.py) ; les mêmes ids que en.

## Aide-mémoire : la ligne sous le titre
qr-players = Pour { $players }
qr-variant = Variante : { $variant }
qr-modules = { $count ->
    [one] Module
   *[other] Modules
} : { $modules }
qr-no-modules = Jeu de base, sans module optionnel
qr-lead-sep = {" · "}
qr-section-legend = Couleurs

## Page HTML
html-players = Pour { $players }.
html-appendix = Annexe
html-notes = Comment ce résumé a été fait
