# Hausregel: Meldungen für das, was diese Variante hinzufügt (geänderte Elemente behalten die
# Titel des Spiels; ihre Texte werden aus den neuen Regeln erzeugt, sofern sie hier fehlen).

variant-big_litters = Große Würfe

step-nursery-births = Der Clan wächst, mit zusätzlichem Nachwuchs
    .text = Jeder Spieler nimmt für jede Ratte in seiner Kinderstube eine neue Ratte aus dem Rattenvorrat und für je { $n1 } davon (abgerundet) eine weitere, und legt sie dorthin. Reicht der Vorrat nicht, vermehrt sich zuerst, wer die wenigsten Ratten in der Kinderstube hat.
