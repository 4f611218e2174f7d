# Eigene Sätze des Terminal-Tisches und des Erzählers (ratdsl/cli/table/words.py).

nothing = nichts
pass = passen
yes = ja
no = nein

## Erzählung
narr-title = { $game }: { $players } Spieler, { $seed }
narr-seed = Startwert { $seed }
narr-seed-hidden = Startwert verborgen
narr-with = mit { $modules }
narr-variant = Variante { $variant }
narr-options = Hausregeln: { $options }
narr-round = === Runde { $round } (Startspieler { $active }) ===
narr-setup = Vorbereitung: { $step }
narr-revealed = { $card } wird aufgedeckt ({ $pile })
narr-placements = aufgedeckte Verteilung:
narr-drawn = { $what } zufällig aus { $src } gezogen, für { $dst }
narr-shuffled = { $pile } wird gemischt: { $result }
narr-picked = Zufällig gewählt: { $result }
narr-hidden = (verborgen)
narr-shown-some = { $player } bekommt Karten gezeigt
narr-shown = { $player } gezeigt: { $cards }
narr-decides = { $player } wählt { $answer } für { $what }
narr-passes = { $player } verzichtet auf { $what }
narr-end-game = Das Spiel endet in Runde { $round }, bei { $at }; nur beendete Runden zählen.
narr-final = === Endstand nach { $rounds } Runden ===
narr-more-sets = … { $n } weitere Änderungen von { $var }
narr-more-moves = … { $n } weitere Bewegungen
narr-more-lines = … { $n } weitere Zeilen
narr-score = { $player }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
narr-tiebreak = (Gleichstand: { $values })
narr-winner = Sieger: { $player }
narr-shared = Geteilter Sieg: { $players }

## Der Tisch
tbl-handover = Gib das Terminal an { $player } weiter.
tbl-press-enter = { $player }, drücke Enter, wenn nur du den Bildschirm siehst
tbl-answered = { $player } hat geantwortet; der Bildschirm ist gelöscht.
tbl-status = Runde { $round } · { $phase } · Startspieler { $active }
tbl-table = Auf dem Tisch
tbl-face-up = Offen
tbl-players = Spieler
tbl-you = Dein Sichtschirm ({ $player })
tbl-shown = Dir gezeigte Karten
tbl-piles = Stapel
tbl-cards = { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}
tbl-place = { $player }: { $question }. Verteile insgesamt { $amount }.
tbl-limit-most = höchstens { $n } in { $zones }
tbl-limit-least = mindestens { $n } in { $zones }
tbl-count-help = Gib eine Zahl ein (Enter: die kleinste erlaubte); u nimmt den letzten Platz zurück, r beginnt neu.
tbl-left = noch { $left }
tbl-confirm = Enter bestätigt, u nimmt zurück
tbl-question = { $player }: { $question }
tbl-from-card = { $card }: { $text }
tbl-number = Nummer
tbl-yes-no = ja oder nein
tbl-not-in-range = „{ $text }“ ist keine Zahl von { $low } bis { $high }
tbl-nothing-to-undo = noch nichts zurückzunehmen
tbl-answer = deine Antwort: { $answer }
tbl-you-saw = du hast { $card } gesehen
narr-option = { $option }: { $value }
narr-shuffled-hidden = { $pile } wird gemischt.
narr-picked-hidden = Etwas wird zufällig gewählt.
narr-move = { $what } von { $src } nach { $dst }
narr-move-by = { $rule }: { $what } von { $src } nach { $dst }
narr-set = { $var } ist jetzt { $value }

## Was einem Spieler in einer Phase geschah (play, übliche Ausführlichkeit)
led-yours = Bei dir, { $zone }: { $changes }
led-gain = +{ $what } aus { $other } — { $reason }
led-loss = −{ $what } nach { $other } — { $reason }
led-gain-here = +{ $what } — { $reason }
led-loss-here = −{ $what } — { $reason }
led-your-var = Dein Wert { $var }: { $before } → { $value }
led-your-var-now = Dein Wert { $var }: { $value }
led-var-now = { $var } { $value }
led-rival = { $player }: { $changes }
