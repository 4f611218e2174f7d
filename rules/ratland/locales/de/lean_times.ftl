# Hausregel: Meldungen für das, was diese Variante hinzufügt (geänderte Elemente behalten die
# Titel des Spiels; ihre Texte werden aus den neuen Regeln erzeugt, sofern sie hier fehlen).

variant-lean_times = Magere Zeiten
