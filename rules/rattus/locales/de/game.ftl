# Rattus: deutsche Meldungen für die Regelübersicht (`ratdsl summary rules/rattus --lang de`).
#
# Die Schlüssel sind die Bezeichner der Regeldateien (siehe ratdsl/summaries/elements.py). Zahlen
# werden hier nie getippt: Sie kommen als Variablen aus den Regeldateien ($n1, $cube, Optionen,
# Konstanten). Karte und Plättchenvorderseiten sind geschätzte Datenblöcke (map.rat, tiles.rat):
# Die Texte nennen weder Nachbarn einer Region noch die Vorderseite eines Plättchens und bleiben
# so richtig, wenn jemand die Daten berichtigt. Die Begriffe folgen dem deutschen Regelheft.
# `ratdsl i18n check rules/rattus` zeigt Fehlendes, Überflüssiges und Fehlerhaftes.

game = Rattus

## Spielmaterial

kind-cube = { $count ->
    [one] Bevölkerungswürfel
   *[other] Bevölkerungswürfel
}
    .gender = m
kind-figure = { $count ->
    [one] Pestfigur
   *[other] Pestfiguren
}
    .gender = f
const-cubes_per_player = { $count ->
    [one] Würfel je Spieler
   *[other] Würfel je Spieler
}
    .gender = m
const-most_tiles = { $count ->
    [one] Plättchen höchstens je Region
   *[other] Plättchen höchstens je Region
}
    .gender = n
zone-reserve = Würfelvorrat
    .gender = m
zone-castle = Königsburg
    .gender = f
    .prep = in
zone-box_figure = Platz neben dem Spielplan
    .gender = m
deck-rats = Rattenplättchen
    .field-start = Startplättchen
    .field-number = Zahl
    .field-classes = Betroffene Stände
    .field-majority = M
    .field-all_players = A
deck-classes = Ständekarten
pile-stock = verdeckter Plättchenvorrat
    .gender = m
pile-removed = ungesehen in die Schachtel gelegte Plättchen
    .gender = n
pile-start_tiles = Startplättchen
    .gender = n
pile-box = aufgedeckte Plättchen (aus dem Spiel)
    .gender = n
pile-display = Auslage der Ständekarten
    .gender = f
pile-held = Ständekarten vor einem Spieler
    .gender = f
pile-britannia_tiles = Plättchen in Britannien
    .gender = n
pile-scandinavia_tiles = Plättchen in Skandinavien
    .gender = n
pile-gallia_tiles = Plättchen in Gallien
    .gender = n
pile-hispania_tiles = Plättchen in Spanien
    .gender = n
pile-germania_tiles = Plättchen in Germanien
    .gender = n
pile-italia_tiles = Plättchen in Italien
    .gender = n
pile-polonia_tiles = Plättchen in Polen
    .gender = n
pile-hungaria_tiles = Plättchen in Ungarn
    .gender = n
pile-byzantium_tiles = Plättchen in Byzanz
    .gender = n
pile-africa_tiles = Plättchen in Afrika
    .gender = n
pile-russia_tiles = Plättchen in Russland
    .gender = n
pile-tartaria_tiles = Plättchen in der Tartarei
    .gender = n
var-trigger_seat = Platz des Spielers, der das Spielende eingeleitet hat
    .gender = m
var-next_seat = Platz des Spielers, der als Nächstes am Zug wäre
    .gender = m
var-knight_took_part = Ritter hat in der letzten Runde gespielt
    .gender = m
var-finishing = letzte Runde gespielt
    .gender = f
## Der Spielplan

board-europe = Europa zur Zeit des Schwarzen Todes
field-tiles = Plättchen
space-britannia = Britannien
space-scandinavia = Skandinavien
space-gallia = Gallien
space-hispania = Spanien
space-germania = Germanien
space-italia = Italien
space-polonia = Polen
space-hungaria = Ungarn
space-byzantium = Byzanz
space-africa = Afrika
space-russia = Russland
space-tartaria = Tartarei

## Optionen

option-end_timing = Wann der Auslöser des Spielendes das normale Spiel beendet
option-end_timing-end_of_round = am Ende dieser Runde
option-end_timing-end_of_turn = am Ende dieses Zuges
option-placement = Würfel einsetzen
option-placement-required = Pflicht, wenn möglich
option-placement-optional = freiwillig
option-figure_start = Wo die Pestfigur beginnt
option-figure_start-chosen = in einer Region nach Wahl des Startspielers
option-figure_start-random = in einer zufällig bestimmten Region
option-knight_return = Die Ritterschritte dürfen dort enden, wo die Figur begann
option-knight_return-false = nein
option-knight_return-true = ja
option-neutral_majority = Die neutralen Würfel des Ritters zählen bei M mit
option-neutral_majority-false = nein, nur für die Zahl
option-neutral_majority-true = ja
option-final_neutral = Die Pestfigur bei der letzten Pest
option-final_neutral-knight_played = zählt als neutrale Würfel, wenn der Ritter in der letzten Runde am Zug war
option-final_neutral-always = zählt als neutrale Würfel, wenn jemand den Ritter besitzt
option-final_neutral-never = zählt nichts

## Tabellen

table-removed_tiles = Ungesehen entfernte Plättchen
    .param = Spieler
    .value = Plättchen
    .var = Spieler
table-region_count = Regionen im Spiel
    .param = Spieler
    .value = Regionen
    .var = Spieler
table-spread_count = Plättchen, die sich ausbreiten
    .param = Plättchen in der Pestregion
    .value = Neue Plättchen
    .var = Plättchen

## Spielvorbereitung

setup-components = Spielmaterial bereitlegen
    .text = Jeder Spieler erhält die { $cubes_per_player } Würfel einer Farbe. Die Ständekarten liegen offen neben dem Spielplan. Jedes Rattenplättchen zeigt auf der Rückseite eine Ratte (die Startplättchen haben einen lila Rand); die Vorderseite zeigt, ab wie vielen Würfeln die Pest ausbricht und wen sie trifft: Ständesymbole, M (Mehrheit) oder A (Alle). Startplättchen und übrige Plättchen bleiben vorerst getrennt.
setup-start_tiles = Startplättchen verteilen, Vorrat bilden
    .text = Die Startplättchen werden verdeckt gemischt; auf jede Region im Spiel kommt eines. Die übrigen Plättchen bilden gemischt einen verdeckten Vorrat; mit weniger Spielern als der Höchstzahl kommen einige davon ungesehen zurück in die Schachtel (siehe Tabelle). Danach werden die übrig gebliebenen Startplättchen in den Vorrat gemischt.
setup-figure = Pestfigur aufstellen
    .text = { $figure_start ->
        [random] Die Pestfigur kommt in eine zufällig bestimmte Region.
       *[chosen] Der Startspieler stellt die Pestfigur in eine beliebige Region.
    }
setup-start_cubes = Erste Würfel einsetzen
    .text = Jeder Spieler setzt seine ersten Würfel ein (siehe Startaufstellung). Der jüngste Spieler beginnt; hier ist es der erste Platz.
rule-start_placement = Startaufstellung
    .text = Im Uhrzeigersinn, beginnend beim Startspieler, setzt jeder { $cube ->
        [one] einen Würfel
       *[other] { $cube } Würfel
    } in eine beliebige Region. Danach setzt, beginnend bei dem, der zuletzt an der Reihe war, und entgegen dem Uhrzeigersinn, jeder { $cube ->
        [one] einen weiteren Würfel
       *[other] { $cube } weitere Würfel
    } in eine beliebige Region.

## Der Spielzug

round = Spielzüge
    .text = Gespielt wird reihum im Uhrzeigersinn, beginnend beim Startspieler. Ein Zug besteht aus A (eine Ständekarte nehmen, freiwillig) und B (Würfel einsetzen) in beliebiger Reihenfolge und zuletzt immer C (die Pestfigur bewegen). Die Fähigkeiten der Ständekarten nutzt nur, wer am Zug ist, jederzeit im Zug, jede Karte einmal. Eine Runde, in der jeder Spieler einmal am Zug war, zählt für die Rundengrenze der Regeln als eine Runde.
phase-turns = Eine Runde Spielzüge
    .summary = Im Uhrzeigersinn, beginnend beim Startspieler, hat jeder einen Zug: A (eine Ständekarte nehmen, freiwillig) und B (Würfel einsetzen, Pflicht, wenn möglich) in beliebiger Reihenfolge, dann immer zuletzt C: Die Pestfigur zieht, die Pest breitet sich aus ihrer Region aus und wütet dort. Wer am Zug ist, darf König, Mönch, Kaufmann und Hexe, die er hat, jederzeit vor C nutzen, jede Karte einmal.
step-turns-play = Der Zug jedes Spielers
    .text = In C muss die Figur in eine benachbarte Region ziehen und darf nicht stehen bleiben. Mit dem Ritter darf sie einen Schritt weiter gehen, und der Spieler darf erklären, dass sie bei dieser Pest als neutrale Würfel zählt (siehe Ritter). Dann breitet sich die Pest aus und verwüstet die erreichte Region, und der nächste Spieler im Uhrzeigersinn ist am Zug.
rule-put_cubes = Würfel kommen in eine Region
    .text = So viele Würfel, wie in der Region Plättchen liegen (mit dem Bauern einer mehr), kommen aus dem Vorrat des Spielers dorthin, soweit der Vorrat reicht.
func-rest_of_round = die Spieler, die in dieser Runde noch am Zug sind
func-plays_on = die Runde geht weiter
rule-take_card = Eine Ständekarte nehmen (A)
    .text = Der Spieler nimmt eine Ständekarte aus der Auslage oder von einem Mitspieler und legt sie offen vor sich ab. Abgeben kann man eine Karte nicht: Sie bleibt, bis ein anderer Spieler sie nimmt. Wer mehrere Karten hat, hat alle ihre Fähigkeiten.
rule-place_cubes = Würfel einsetzen (B)
    .text = Der Spieler setzt so viele Würfel aus seinem Vorrat in eine Region, wie dort Rattenplättchen liegen; in eine Region ohne Plättchen also keine, außer mit dem Bauern.
rule-move_figure = Die Pestfigur bewegen
    .text = Die Figur zieht in eine benachbarte Region. Sind mehr Schritte erlaubt, darf der Spieler von dort weiterziehen{ $knight_return ->
        [true] , auch zurück in die Ausgangsregion.
       *[false] , aber nie zurück in die Ausgangsregion.
    }
rule-plague = Die Pest
    .text = Zuerst breitet sich die Pest aus der Pestregion aus, dann verwüstet sie diese.
rule-spread = Ausbreitung
    .text = Je nach Zahl der Plättchen in der Pestregion kommen Plättchen aus dem Vorrat in benachbarte Regionen, wie die Tabelle sagt; der Spieler am Zug wählt: alle in eine Region oder in verschiedene. Nie liegen mehr als { $most_tiles } Plättchen in einer Region: Eine volle Region nimmt keines auf, und sind alle Nachbarn voll oder ist der Vorrat leer, kommen keine weiteren Plättchen ins Spiel.
rule-ravage = Verwüstung
    .text = Liegen in der Pestregion mindestens ein Würfel und ein Plättchen, werden ihre Plättchen nacheinander aufgedeckt, bis keines mehr da ist oder kein Würfel mehr. Aufgedeckte Plättchen verlassen das Spiel; die übrigen bleiben verdeckt liegen.
rule-outbreak = Ein Plättchen wird aufgedeckt
    .text = Liegen in der Region mindestens so viele Würfel, wie das Plättchen zeigt, gleich welcher Farbe (samt den erklärten neutralen Würfeln des Ritters), bricht die Pest aus. Zuerst M: Jeder Spieler mit den meisten Würfeln dort verliert einen. Dann jedes Ständesymbol: Der Besitzer dieser Ständekarte verliert dort einen Würfel. Dann A: Jeder Spieler mit Würfeln dort verliert einen. Wer in der Region keinen Würfel mehr hat, ist nicht betroffen. Sonst bleibt das Plättchen ohne Folgen.
rule-lose_cube = Ein Würfel stirbt
    .text = Der Würfel geht zurück in den Vorrat seines Besitzers.

## Ständekarten

card-peasant = Bauer (Landvolk)
card-merchant = Kaufmann (Bürgertum)
card-monk = Mönch (Kirche)
card-knight = Ritter (Rittertum)
card-witch = Hexe (Zauberkunst)
card-king = König (Königtum)
rule-use_king = König: ein Würfel in die Burg
    .text = Der Spieler versetzt { $cube ->
        [one] einen seiner Würfel
       *[other] { $cube } seiner Würfel
    } aus einer Region ohne Rattenplättchen in die Königsburg. Dort ist er für immer vor der Pest sicher und zählt am Ende mit.
rule-use_monk = Mönch: ein Plättchen versetzen
    .text = Der Spieler versetzt ein Plättchen, gewählt nach seinem Platz und nie nach seiner Vorderseite, in eine benachbarte Region mit weniger als { $most_tiles } Plättchen.
rule-use_merchant = Kaufmann: Würfel versetzen
    .text = Der Spieler versetzt { $n2 } bis { $n3 } eigene Würfel aus einer Region in eine benachbarte Region.
rule-use_witch = Hexe: nachsehen und tauschen
    .text = Der Spieler schaut unter ein beliebiges Plättchen auf dem Spielplan, dann unter ein weiteres (auch in derselben Region), und darf die beiden danach zwischen ihren Regionen tauschen. Nur er sieht die Vorderseiten.
rule-final_peasant = Bauer in der letzten Runde
    .text = Der Spieler setzt { $cube ->
        [one] einen seiner Würfel
       *[other] { $cube } seiner Würfel
    } in eine beliebige Region.

## Spielende

phase-finale = Spielende
    .summary = Nach der Runde, in der das Spielende eingeleitet wurde: eine letzte Runde entgegen dem Uhrzeigersinn, dann verwüstet die Pest jede Region.
step-finale-last_round = Die letzte Runde
    .text = Das Spiel endet { $end_timing ->
        [end_of_turn] nach dem Zug, in dem
       *[end_of_round] nach der Runde, in der
    } der Vorrat an Plättchen aufgebraucht ist oder ein Spieler alle Würfel eingesetzt hat. Danach folgt eine letzte Runde entgegen dem Uhrzeigersinn, beginnend beim rechten Nachbarn dessen, der das Spielende eingeleitet hat; dieser spielt nicht mehr mit. Jeder darf die Fähigkeiten seiner Ständekarten je einmal nutzen; niemand nimmt Karten, setzt Würfel ein oder bewegt die Figur, außer: Der Besitzer des Bauern darf einen Würfel in eine beliebige Region setzen, und der Besitzer des Ritters darf die Figur so weit bewegen, wie der Ritter erlaubt (ohne Pest).
step-finale-final_plague = Die letzte Pest
    .text = Die Pest verwüstet nacheinander jede Region, wie in C, aber ohne Ausbreitung. { $final_neutral ->
        [never] Die Figur zählt nichts.
        [always] Die Figur zählt in ihrer Region als neutrale Würfel, solange jemand den Ritter besitzt.
       *[knight_played] War der Besitzer des Ritters in der letzten Runde am Zug, zählt die Figur in ihrer Region als neutrale Würfel.
    } Dann endet das Spiel.
rule-note_end = Auslöser des Spielendes
    .text = Das Spielende ist eingeleitet, wenn der Plättchenvorrat leer ist oder der Spieler am Zug keinen Würfel mehr im Vorrat hat.
rule-final_plague = Die Pest verwüstet jede Region
    .text = Jede Region im Spiel wird nacheinander verwüstet, wie in C.
rule-note_next_player = Wer als Nächstes am Zug wäre
    .text = { $end_timing ->
        [end_of_turn] Als Nächstes wäre der linke Nachbar dessen am Zug, der das Spielende eingeleitet hat.
       *[end_of_round] Als Nächstes wäre der Startspieler am Zug und begänne eine neue Runde.
    }
scoring = Wertung
    .text = Jeder zählt seine Würfel auf dem Spielplan und in der Königsburg; die meisten gewinnen. Bei Gleichstand gewinnt von den Beteiligten, wer als Nächstes am Zug wäre, wenn das Spiel weiterginge.

## Entscheidungen der Spieler

decision-take_card = welche Ständekarte genommen wird
decision-place_in = wohin Würfel kommen
decision-king_from = aus welcher Region ein Würfel in die Burg geht
decision-monk_tile = welches Plättchen der Mönch versetzt
decision-monk_to = wohin der Mönch das Plättchen versetzt
decision-merchant_from = woher die Würfel des Kaufmanns kommen
decision-merchant_to = wohin die Würfel des Kaufmanns gehen
decision-merchant_count = wie viele Würfel der Kaufmann versetzt
decision-witch_first = das erste Plättchen, unter das die Hexe schaut
decision-witch_second = das zweite Plättchen, unter das die Hexe schaut
decision-witch_swap = die angeschauten Plättchen tauschen
decision-final_peasant = wohin der Bauer einen Würfel setzt
decision-figure_to = wohin die Pestfigur zieht
decision-figure_second = der zweite Schritt des Ritters
decision-figure_start = wo die Pestfigur beginnt
decision-spread_to = wohin sich ein Plättchen ausbreitet
decision-start_region = wohin die Startwürfel kommen
decision-knight_neutral = die Figur zählt als neutrale Würfel

## Werte, die die Regeln berechnen (in erzeugten Sätzen)

func-holds = { $p } besitzt { $c }
func-tiles_on_board = die Plättchen auf dem Spielplan
func-region_of = die Region, in der { $t } liegt
func-has_room = { $r } hat Platz für ein Plättchen
func-own_cubes = die Würfel von { $p } auf dem Spielplan
func-takeable = die Ständekarten, die { $p } nehmen darf
func-king_can = { $p } kann den König nutzen
func-monk_targets = die Regionen, in die der Mönch { $t } versetzen darf
func-monk_can = { $p } kann den Mönch nutzen
func-merchant_can = { $p } kann den Kaufmann nutzen
func-witch_can = { $p } kann die Hexe nutzen
func-peasant_bonus = der zusätzliche Würfel des Bauern für { $p }
func-plague_region = die Pestregion
func-knight_second = die Regionen, die der zweite Ritterschritt von { $first } aus erreicht
func-trigger_player = der Spieler, der das Spielende eingeleitet hat
func-final_neutral_cubes = die neutralen Würfel, die die Figur am Ende in { $r } hinzufügt
func-survivors = die überlebenden Würfel von { $p }
func-turns_until = wie viele Züge es dauert, bis { $p } am Zug wäre
func-regions = die Regionen im Spiel
func-cubes_in = die Würfel in { $r }
func-spread_targets = die Regionen, in die sich von { $r } aus ein Plättchen ausbreiten darf
func-breaks_out = die Pest bricht in { $r } aus
func-majority_size = die meisten Würfel eines Spielers in { $r }
func-majority_holders = die Spieler mit den meisten Würfeln in { $r }
func-start_player = der Startspieler
func-placeable = die Regionen, in die { $p } Würfel setzen darf
func-last_round_players = die Spieler der letzten Runde
## Rattenplättchen

card-r01 = Rattenplättchen ({ $number })
card-r02 = Rattenplättchen ({ $number })
card-r03 = Rattenplättchen ({ $number })
card-r04 = Rattenplättchen ({ $number })
card-r05 = Rattenplättchen ({ $number })
card-r06 = Rattenplättchen ({ $number })
card-r07 = Rattenplättchen ({ $number })
card-r08 = Rattenplättchen ({ $number })
card-r09 = Rattenplättchen ({ $number })
card-r10 = Rattenplättchen ({ $number })
card-r11 = Rattenplättchen ({ $number })
card-r12 = Rattenplättchen ({ $number })
card-r13 = Rattenplättchen ({ $number })
card-r14 = Rattenplättchen ({ $number })
card-r15 = Rattenplättchen ({ $number })
card-r16 = Rattenplättchen ({ $number })
card-r17 = Rattenplättchen ({ $number })
card-r18 = Rattenplättchen ({ $number })
card-r19 = Rattenplättchen ({ $number })
card-r20 = Rattenplättchen ({ $number })
card-r21 = Rattenplättchen ({ $number })
card-r22 = Rattenplättchen ({ $number })
card-r23 = Rattenplättchen ({ $number })
card-r24 = Rattenplättchen ({ $number })
card-r25 = Rattenplättchen ({ $number })
card-r26 = Rattenplättchen ({ $number })
card-r27 = Rattenplättchen ({ $number })
card-r28 = Rattenplättchen ({ $number })
card-r29 = Rattenplättchen ({ $number })
card-r30 = Rattenplättchen ({ $number })
card-r31 = Rattenplättchen ({ $number })
card-r32 = Rattenplättchen ({ $number })
card-r33 = Rattenplättchen ({ $number })
card-r34 = Rattenplättchen ({ $number })
card-r35 = Rattenplättchen ({ $number })
card-r36 = Rattenplättchen ({ $number })
card-r37 = Rattenplättchen ({ $number })
card-r38 = Rattenplättchen ({ $number })
card-r39 = Rattenplättchen ({ $number })
card-r40 = Rattenplättchen ({ $number })
card-r41 = Rattenplättchen ({ $number })
card-r42 = Rattenplättchen ({ $number })
card-r43 = Rattenplättchen ({ $number })
card-r44 = Rattenplättchen ({ $number })
card-r45 = Rattenplättchen ({ $number })
card-r46 = Rattenplättchen ({ $number })
card-r47 = Rattenplättchen ({ $number })
card-r48 = Rattenplättchen ({ $number })
card-r49 = Rattenplättchen ({ $number })

## Aktionen und Ständekarten (turn.rat)

action-take = A: eine Ständekarte nehmen
    .text = Freiwillig, höchstens einmal im Zug: Der Spieler darf eine Ständekarte aus der Auslage oder von einem Mitspieler nehmen.
action-place = B: Würfel einsetzen
    .text = Einmal im Zug, wenn der Spieler überhaupt Würfel einsetzen kann: Pflicht, außer die Option der Regeln macht es freiwillig.
action-plague_figure = C: die Pestfigur
    .text = Immer die letzte Aktion eines Zuges: Die Figur zieht, die Pest breitet sich aus und wütet, und der nächste Spieler im Uhrzeigersinn ist am Zug. Danach kann keine Ständekarte mehr genutzt werden.
action-king_power = König
    .text = Einmal im Zug, vor C, für den Besitzer des Königs mit einem Würfel in einer Region ohne Plättchen: Ein solcher Würfel kommt in die Burg.
action-monk_power = Mönch
    .text = Einmal im Zug, vor C, für den Besitzer des Mönchs: Ein Plättchen kommt in eine benachbarte Region, in der noch Platz ist.
action-merchant_power = Kaufmann
    .text = Einmal im Zug, vor C, für den Besitzer des Kaufmanns mit Würfeln auf dem Plan: Würfel einer Region ziehen in eine benachbarte Region, wie es der Kaufmann erlaubt.
action-witch_power = Hexe
    .text = Einmal im Zug, vor C, für den Besitzer der Hexe, solange Plättchen auf dem Plan liegen: ein Blick unter Plättchen auf dem Plan und vielleicht ein Tausch, wie es die Hexe erlaubt.
action-peasant_power = Bauer in der letzten Runde
    .text = Nur in der letzten Runde, einmal: Der Besitzer des Bauern setzt einen Würfel in eine beliebige Region.
action-knight_power = Ritter in der letzten Runde
    .text = Nur in der letzten Runde, einmal: Der Besitzer des Ritters zieht die Pestfigur, mit dem zusätzlichen Schritt des Ritters.
