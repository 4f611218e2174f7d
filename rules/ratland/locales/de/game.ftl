# RatLand: deutsche Meldungen für die Regelübersicht (`ratdsl summary rules/ratland --lang de`).
#
# Die Schlüssel sind die Bezeichner der Regeldateien (siehe ratdsl/summaries/elements.py). Zahlen
# werden hier nie getippt: Sie kommen als Variablen aus den Regeldateien ($rat, $yellow, $n1 …,
# dazu jede Option und jede Konstante). Substantive tragen .gender (m, f, n) und bei Bedarf
# .prep = auf. `ratdsl i18n check rules/ratland` zeigt Fehlendes, Überflüssiges und Fehlerhaftes.

game = RatLand

## Spielmaterial: Substantive. $form: bare (nach Zahlen), def (nach Artikel), dat (Dativ Plural).

kind-rat = { $count ->
    [one] Ratte
   *[other] Ratten
}
    .gender = f
    .short = Ratte
kind-yellow = { $form ->
    [def] { $count ->
        [one] gelbe Käsestück
       *[other] gelben Käsestücke
    }
    [dat] { $count ->
        [one] gelben Käsestück
       *[other] gelben Käsestücken
    }
   *[bare] { $count ->
        [one] gelbes Käsestück
       *[other] gelbe Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] gelb
        [one] gelbes
       *[other] gelbe
    }
kind-orange = { $form ->
    [def] { $count ->
        [one] orangefarbene Käsestück
       *[other] orangefarbenen Käsestücke
    }
    [dat] { $count ->
        [one] orangefarbenen Käsestück
       *[other] orangefarbenen Käsestücken
    }
   *[bare] { $count ->
        [one] orangefarbenes Käsestück
       *[other] orangefarbene Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] orange
        [one] orangefarbenes
       *[other] orangefarbene
    }
kind-white = { $form ->
    [def] { $count ->
        [one] weiße Käsestück
       *[other] weißen Käsestücke
    }
    [dat] { $count ->
        [one] weißen Käsestück
       *[other] weißen Käsestücken
    }
   *[bare] { $count ->
        [one] weißes Käsestück
       *[other] weiße Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] weiß
        [one] weißes
       *[other] weiße
    }
kind-black = { $form ->
    [def] { $count ->
        [one] schwarze Käsestück
       *[other] schwarzen Käsestücke
    }
    [dat] { $count ->
        [one] schwarzen Käsestück
       *[other] schwarzen Käsestücken
    }
   *[bare] { $count ->
        [one] schwarzes Käsestück
       *[other] schwarze Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] schwarz
        [one] schwarzes
       *[other] schwarze
    }
kind-purple = { $form ->
    [def] { $count ->
        [one] lilafarbene Käsestück
       *[other] lilafarbenen Käsestücke
    }
    [dat] { $count ->
        [one] lilafarbenen Käsestück
       *[other] lilafarbenen Käsestücken
    }
   *[bare] { $count ->
        [one] lilafarbenes Käsestück
       *[other] lilafarbene Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] lila
        [one] lilafarbenes
       *[other] lilafarbene
    }
kind-blue = { $form ->
    [def] { $count ->
        [one] blaue Käsestück
       *[other] blauen Käsestücke
    }
    [dat] { $count ->
        [one] blauen Käsestück
       *[other] blauen Käsestücken
    }
   *[bare] { $count ->
        [one] blaues Käsestück
       *[other] blaue Käsestücke
    }
}
    .gender = n
    .short = { $count ->
        [adj] blau
        [one] blaues
       *[other] blaue
    }
const-cheese = { $form ->
    [dat] { $count ->
        [one] Käsestück
       *[other] Käsestücken
    }
   *[other] { $count ->
        [one] Käsestück
       *[other] Käsestücke
    }
}
    .gender = n

zone-pile = Rattenvorrat
    .gender = m
zone-supply = Käsevorrat
    .gender = m
zone-extra_supply = Reservevorrat
    .gender = m
zone-bag = Beutel
    .gender = m
const-supplies = Käsevorrat
    .gender = m
zone-dump = Müllkippe
    .gender = f
zone-city = Stadt
    .gender = f
zone-field = Feld
    .gender = n
zone-left_pipe = Seitenkanal links
    .gender = m
zone-right_pipe = Seitenkanal rechts
    .gender = m
zone-pantry = Vorratskammer
    .gender = f
zone-nursery = Kinderstube
    .gender = f
zone-both = Doppelfeld aus Kinderstube und Vorratskammer
    .gender = n
zone-reserve = Platz hinter dem Sichtschirm
    .gender = m
zone-drawn = Hand
    .gender = f
zone-infirmary = Krankenstube
    .gender = f
zone-lost = Verirrtenkarte
    .gender = f
    .prep = auf
zone-graveyard = Friedhof
    .gender = m
    .prep = auf
const-areas = { $form ->
    [dat] { $count ->
        [one] Nahrungsbereich
       *[other] Nahrungsbereichen
    }
   *[other] { $count ->
        [one] Nahrungsbereich
       *[other] Nahrungsbereiche
    }
}
    .gender = m
const-pipes = { $form ->
    [dat] { $count ->
        [one] Seitenkanal
       *[other] Seitenkanälen
    }
   *[other] { $count ->
        [one] Seitenkanal
       *[other] Seitenkanäle
    }
}
    .gender = m
const-placement = { $form ->
    [dat] { $count ->
        [one] Platz auf der Kanaltafel
       *[other] Plätzen auf der Kanaltafel
    }
   *[other] { $count ->
        [one] Platz auf der Kanaltafel
       *[other] Plätze auf der Kanaltafel
    }
}
    .gender = m
const-deployable = { $form ->
    [dat] { $count ->
        [one] Einsatzplatz
       *[other] Einsatzplätzen
    }
   *[other] { $count ->
        [one] Einsatzplatz
       *[other] Einsatzplätze
    }
}
    .gender = m
const-sewer = { $form ->
    [dat] { $count ->
        [one] Platz im Kanal
       *[other] Plätzen im Kanal
    }
   *[other] { $count ->
        [one] Platz im Kanal
       *[other] Plätze im Kanal
    }
}
    .gender = m
const-whole_clan = { $form ->
    [dat] { $count ->
        [one] Platz des Clans
       *[other] Plätzen des Clans
    }
   *[other] { $count ->
        [one] Platz des Clans
       *[other] Plätze des Clans
    }
}
    .gender = m
pile-box = Spielschachtel
    .gender = f
pile-event_deck = Ereignisstapel
    .gender = m
    .prep = auf
pile-event_row = Ereignisauslage
    .gender = f
    .prep = auf
pile-event_discard = Ereignisablage
    .gender = f
    .prep = auf
pile-food_deck = Nahrungsstapel
    .gender = m
    .prep = auf
pile-food_row = Nahrungsauslage
    .gender = f
    .prep = auf
pile-food_discard = Nahrungsablage
    .gender = f
    .prep = auf
const-boxes = { $count ->
    [one] Spielschachtel im Einsatz
   *[other] Spielschachteln im Einsatz
}
    .gender = f
const-food_cards_per_round = { $count ->
    [one] aufgedeckte Nahrungskarte pro Runde
   *[other] aufgedeckte Nahrungskarten pro Runde
}
    .gender = f

## Optionen: die Frage, dann jede Lesart

option-rat_pile = Ratten in einer Spielschachtel
option-starting_player = Wer beginnt
option-starting_player-first_seat = wer zuletzt eine Ratte gesehen hat, sonst der Jüngste
option-starting_player-random = ein zufällig bestimmter Spieler
option-food_order = Reihenfolge des Nahrungsstapels
option-food_order-shuffled = gemischt
option-food_order-sorted = sortiert, Karte 1 oben (für die ersten Partien)
option-two_player_pantry = Vorratskammer im Spiel zu zweit
option-two_player_pantry-unused = wird nicht genutzt
option-two_player_pantry-defends = verteidigt zusätzlich
option-forage_rat = Welche Ratte ein schwarzes, lilafarbenes oder blaues Stück trifft
option-forage_rat-area_rat = eine, die in diesen Bereich geschickt wurde
option-forage_rat-any_rat = eine beliebige, nach Wahl des Spielers
option-supply_shortage = Wenn der Käsevorrat knapp wird
option-supply_shortage-fill_what_remains = nur das Vorhandene wird verwendet
option-supply_shortage-unlimited = ein Reservevorrat gleicht aus
option-extra_cheese_types = Zusätzliche Stücke bei 5–6 Spielern
option-extra_cheese_types-shown_colours = je eines jeder Farbe auf der Karte
option-extra_cheese_types-all_colours = je eines jeder Farbe
option-eleven_plus_extra = Zusätzliche Stücke bei 11–12 Spielern
option-eleven_plus_extra-per_card = für jede der beiden Nahrungskarten
option-eleven_plus_extra-per_colour = einmal pro Farbe
option-massive_attacks_reading = Heftige Angriffe
option-massive_attacks_reading-bonus_needs_attacker = +1 nur für einen Seitenkanal mit Ratten
option-massive_attacks_reading-obligation = mindestens eine Ratte muss in einen Seitenkanal
option-massive_attacks_reading-plain_bonus = +1 für jeden Seitenkanal, auch einen leeren
option-drunk_counts = Betrunken: welche Ratten zählen
option-drunk_counts-sewer_rats = Ratten im Kanal (ohne verirrte)
option-drunk_counts-all_rats = alle Ratten, auch verirrte
option-alarm_cheese_safe = Alarm schlagen: versteckter Käse ist sicher
option-alarm_cheese_safe-yes = ja
option-alarm_cheese_safe-no = nein, er kann gestohlen werden
option-just_in_time_reading = Gerade noch rechtzeitig
option-just_in_time_reading-optional = jeder Spieler entscheidet
option-just_in_time_reading-all_return = alle diese Ratten kehren zurück
option-holy_rat_reading = Heilige Ratte
option-holy_rat_reading-must = Pflicht
option-holy_rat_reading-may = freiwillig
option-dr_cheese_reading = Dr. Käse
option-dr_cheese_reading-every_pair = jedes Paar weißer Stücke
option-dr_cheese_reading-once_per_draw = ein Paar pro Ziehen
option-rattibal_trades = Rattibal Lecter
option-rattibal_trades-once = eine Ratte pro Spieler
option-rattibal_trades-any_number = beliebig viele Ratten
option-ap_tie = Wen ein Gleichstand trifft
option-ap_tie-takes_outcome = den aktiven Spieler, auch zu seinem Nachteil
option-ap_tie-favourable = der aktive Spieler wählt die bessere Seite
option-massive_attacks_two_players = Heftige Angriffe zu zweit
option-massive_attacks_two_players-attack_only = +1 nur für den Angriff
option-massive_attacks_two_players-both_pipes = +1 auch für den blockenden Seitenkanal
option-helmet_rat_reading = Ratte mit Schutzhelm
option-helmet_rat_reading-each_draw = nach jedem Ziehen
option-helmet_rat_reading-once_per_area = einmal pro Bereich
option-tacticians_places = Taktiker: welche Orte zählen
option-tacticians_places-three_areas = Müllkippe, Stadt und Felder
option-tacticians_places-all_board_places = jeder Ort der Kanaltafel
option-locked_and_loaded_limit = Gesichert und geladen
option-locked_and_loaded_limit-shared_cap = insgesamt drei Ratten für Kinderstube und Vorratskammer
option-locked_and_loaded_limit-dual_up_to_three = drei zusätzliche Ratten, die doppelt zählen

## Spielvorbereitung

setup-components = Spielmaterial bereitlegen
    .text = Die Ratten bilden neben den Kanaltafeln den allgemeinen Rattenvorrat, alle Käsestücke den Käsevorrat. Die Ereigniskarten bleiben zunächst in der Schachtel, die Nahrungskarten bilden den Nahrungsstapel. Jeder Spieler erhält eine Kanaltafel, einen Sichtschirm, eine Friedhof-/Verirrt-Karte und eine Übersichtskarte. Die Anzahlen stehen in der Tabelle.
setup-event_deck = Ereignisstapel bilden
    .text = { $n1 ->
        [one] Ein zufälliges Schlussereignis
       *[other] { $n1 } zufällige Schlussereignisse
    } und die Karte { card-end_of_game } mischen. Darauf { $n2 ->
        [one] ein zufälliges Anfangsereignis
       *[other] { $n2 } zufällige, gemischte Anfangsereignisse
    } legen. Die übrigen Ereigniskarten werden nicht gebraucht. Das Spiel dauert also { $n2 } Runden und bis zu { $n1 } weitere, je nachdem, wo die Karte { card-end_of_game } unter den Schlussereignissen liegt.
setup-food_deck = Nahrungsstapel vorbereiten
    .text = { $food_order ->
        [sorted] Die Nahrungskarten bleiben nach Nummern sortiert, die niedrigste liegt oben.
       *[shuffled] Die Nahrungskarten mischen und verdeckt bereitlegen.
    }
# i18n-allow: weiß (von „wissen“, nicht die Farbe)
setup-clans = Ratten und Käse für jeden Spieler
    .text = Jeder Spieler legt { $rat ->
        [one] eine Ratte
       *[other] { $rat } Ratten
    } aus dem Rattenvorrat und { $yellow ->
        [one] ein gelbes Käsestück
       *[other] { $yellow } gelbe Käsestücke
    } aus dem Käsevorrat in seine Vorratskammer. { $starting_player ->
        [random] Ein zufällig bestimmter Spieler ist der erste aktive Spieler.
       *[first_seat] Es beginnt, wer zuletzt eine Ratte gesehen hat; weiß das niemand mehr, beginnt der jüngste Spieler. Er erhält die Karte „Aktiver Spieler“.
    }

## Die Runde

round = Runde
    .text = Gespielt wird in Runden. Auf Nachfrage muss jeder ehrlich sagen, wie viel Käse er hat. Jede Runde besteht aus den folgenden Phasen in dieser Reihenfolge, und in jeder Phase handeln alle Spieler gleichzeitig. { $ap_tie ->
        [favourable] Der aktive Spieler entscheidet jeden Gleichstand zu seinen Gunsten; ist er nicht beteiligt, tut das der beteiligte Spieler, der links von ihm am nächsten sitzt, und so weiter.
       *[takes_outcome] Der aktive Spieler gewinnt jeden Gleichstand, ob zu seinem Vor- oder Nachteil; ist er nicht beteiligt, gewinnt der beteiligte Spieler, der links von ihm am nächsten sitzt.
    }

phase-event = Ereignis
    .summary = Die Karte „Aktiver Spieler“ wandert weiter; die nächste Ereignis- und Nahrungskarte werden aufgedeckt.
step-event-pass_card = Die Karte „Aktiver Spieler“ wandert nach links
    .text = { $n1 ->
        [1] Außer in der ersten Runde
       *[other] Außer in den ersten { $n1 } Runden
    } gibt der aktive Spieler die Karte „Aktiver Spieler“ an seinen linken Nachbarn weiter.
step-event-reveal = Nächste Ereignis- und Nahrungskarten aufdecken
    .text = Die Ereignis- und Nahrungskarten der letzten Runde kommen auf ihre Ablagestapel. { $n1 ->
        [1] Die oberste Ereigniskarte
       *[other] Die obersten { $n1 } Ereigniskarten
    } aufdecken, dann Nahrungskarten: { $food_cards_per_round }.

phase-rats = Ratten
    .summary = Hinter ihren Sichtschirmen setzen die Spieler ihre Ratten auf ihre Kanaltafeln.
step-rats-gather = Die Ratten kommen hinter den Sichtschirm zurück
    .text = Jeder Spieler nimmt alle seine Ratten von der Kanaltafel zurück, außer den vergifteten und den verirrten.
step-rats-place = Jeder Spieler setzt seine Ratten hinter dem Sichtschirm
    .text = Gleichzeitig und geheim verteilt jeder Spieler diese Ratten auf Müllkippe, Stadt, Felder, beide Seitenkanäle, Vorratskammer und Kinderstube{ $pipe_minimum_n1 ->
        [0] .
       *[other] , mindestens { $pipe_minimum_n1 } davon in die Seitenkanäle.
    } Danach werden die Sichtschirme entfernt.
step-rats-screens_down = Die Sichtschirme werden entfernt

phase-attack = Angriff
    .summary = Die Seitenkanäle greifen die Vorratskammern der Nachbarn an und stehlen Käse.
step-attack-steal = Seitenkanäle greifen Vorratskammern an
    .text =
        Der linke Seitenkanal greift die Vorratskammer des linken Nachbarn an, der rechte die des rechten. Hat der Angriff mehr Ratten als die verteidigende Vorratskammer, stiehlt er so viele Käsestücke, wie der Unterschied beträgt; sonst geschieht nichts. Bei Angriffen stirbt keine Ratte.
        Alle Angriffe finden gleichzeitig statt, und es zählt der Käse zu Beginn der Phase. Reicht eine Vorratskammer nicht für beide Angreifer, werden die Stücke einzeln verteilt, zuerst an die Seite mit mehr Ratten.
step-attack-regroup = Versteckter Käse kommt in die Vorratskammer zurück
    .text = In der Kinderstube versteckter Käse wandert zurück in die Vorratskammer.

phase-nursery = Kinderstube
    .summary = Jede Ratte in der Kinderstube bringt eine neue Ratte.
step-nursery-births = Der Clan wächst um die Ratten in der Kinderstube
    .text = Jeder Spieler nimmt für jede Ratte in seiner Kinderstube eine neue Ratte aus dem Rattenvorrat und legt sie dorthin. Reicht der Vorrat nicht, vermehrt sich zuerst, wer die wenigsten Ratten in der Kinderstube hat.

phase-return = Rückkehr
    .summary = Vergiftete und verirrte Ratten kehren in die Vorratskammer zurück.
step-return-come_home = Vergiftete und verirrte Ratten kehren zurück
    .text = Jeder Spieler legt die Ratten aus seiner Krankenstube und von seiner Verirrtenkarte zurück in seine Vorratskammer.

phase-foraging = Suche nach Käse
    .summary = Auf der Müllkippe, in der Stadt und auf den Feldern ziehen die Ratten Käse aus dem Beutel.
step-foraging-areas = Müllkippe, Stadt und Felder nacheinander
    .text = Erst für die Müllkippe, dann für die Stadt, dann für die Felder: den Beutel füllen; dann zieht jeder Spieler, der Ratten dorthin geschickt hat, beginnend mit dem, der die wenigsten geschickt hat. Wer spät dran ist, findet den Beutel vielleicht leer. Jedes Stück wirkt sofort. Vor dem nächsten Bereich wird der Beutel in den Käsevorrat geleert.
rule-fill_bag = Den Beutel füllen
    .text = In den Beutel kommen die Stücke, die die aufgedeckten Nahrungskarten für diesen Bereich zeigen. Bei { $extra_cheese } kommt zusätzlich ein Stück { $extra_cheese_types ->
        [all_colours] jeder Farbe hinzu.
       *[shown_colours] jeder Farbe hinzu, die schon im Beutel ist.
    } { $eleven_plus_extra ->
        [per_colour] Bei mehr als { $n1 } Spielern gibt es die zusätzlichen Stücke einmal pro Farbe.
       *[per_card] Bei mehr als { $n1 } Spielern gibt es die zusätzlichen Stücke für jede Nahrungskarte.
    } { $supply_shortage ->
        [unlimited] Wird der Käsevorrat knapp, gleicht ein Reservevorrat aus.
       *[fill_what_remains] Wird der Käsevorrat knapp, kommt nur das Vorhandene in den Beutel.
    }
rule-forage = Ziehen
    .text = Ein Spieler zieht so viele Stücke aus dem Beutel, wie er Ratten in den Bereich geschickt hat, oder eben den Rest.
rule-found = Was jedes Stück bewirkt
    .text =
        Jedes gezogene Stück wirkt sofort:
        - Gelb: Es kommt in die Vorratskammer.
        - Orange: Es geht zurück in den Käsevorrat, dafür nimmt der Spieler { $orange_yellow ->
        [one] ein gelbes Stück
       *[other] { $orange_yellow } gelbe Stücke
    }.
        - Weiß: Es geht zurück in den Käsevorrat; die Ratte hat nichts gefunden.
        - Schwarz: Es geht zurück in den Käsevorrat, und eine Ratte des Spielers kehrt in den Rattenvorrat zurück. Sie ist nicht verhungert und kommt nicht auf den Friedhof.
        - Lila: Es geht zurück in den Käsevorrat, und eine Ratte ist vergiftet: Sie kommt in die Krankenstube, muss weiter ernährt werden und setzt die nächste Runde aus.
        - Blau: Es geht zurück in den Käsevorrat, und eine Ratte hat sich verirrt: Sie kommt auf die Verirrtenkarte, wird nicht ernährt und setzt die nächste Runde aus.
rule-lose_rat = Welche Ratte es trifft
    .text = { $forage_rat ->
        [any_rat] Das Stück trifft { $rat_2 ->
            [one] eine Ratte
           *[other] { $rat_2 } Ratten
        }, die der Spieler unter seinen eingesetzten Ratten wählt.
       *[area_rat] Das Stück trifft { $rat ->
            [one] eine der Ratten
           *[other] { $rat } der Ratten
        }, die in diesen Bereich geschickt wurden; ist dort keine mehr, wählt der Spieler eine andere eingesetzte Ratte.
    }

phase-feeding = Ernährung
    .summary = Jeder Clan bezahlt Käse nach seiner Größe; was nicht bezahlt werden kann, verhungert.
step-feeding-eat = Jeder Clan isst; was nicht bezahlt wird, verhungert
    .text = Jeder Spieler bezahlt Käsestücke aus seiner Vorratskammer, wie es die Ernährungstabelle verlangt. Gezählt wird jede Ratte im Kanal: Vergiftete Ratten essen mit, verirrte nicht. Für jedes fehlende Stück verhungert eine dieser Ratten und kommt auf den Friedhof.
step-feeding-round_ends = Die Runde endet

table-feeding_cost = Ernährungstabelle
    .param = Zu ernährende Ratten
    .value = Zu zahlender Käse
    .var = Ratten

scoring = Wertung
    .text = Jeder Spieler erhält einen Punkt für jede eigene Ratte, auch für vergiftete und verirrte, und verliert einen Punkt für jede Ratte auf seinem Friedhof. Wer die meisten Punkte hat, gewinnt. Bei Gleichstand gewinnt, wer mehr Käse in der Vorratskammer hat; wer dann noch gleichauf liegt, teilt sich den Sieg.

## Benannte Zeitpunkte, an denen Karten und Module Regeln einhängen

rule-event_revealed = nachdem Ereignis- und Nahrungskarten aufgedeckt sind
rule-screens_down = sobald die Sichtschirme entfernt sind
rule-gathered = nachdem ein Spieler seine Ratten zurückgenommen hat
rule-behind_screen = bevor ein Spieler hinter dem Sichtschirm seine Ratten setzt
rule-attacked = nachdem eine Vorratskammer angegriffen wurde
rule-coming_home = bevor vergiftete und verirrte Ratten eines Spielers zurückkehren
rule-before_drawing = bevor in einem Bereich jemand zieht
rule-after_area = nachdem in einem Bereich alle gezogen haben
rule-drew = direkt nachdem ein Spieler gezogen hat
rule-round_ends = ganz am Ende der Runde
rule-before_eating = bevor ein Spieler für die Nahrung bezahlt

## Werte, die die Regeln berechnen (für erzeugte Sätze)
# $case (nom, acc, dat, gen) sagt, in welchem Fall der Wert steht („geordnet nach den sich vermehrenden Ratten“).

func-current_event = das aktuelle Ereignis
func-placement_zones = { $case ->
    [dat] den Plätzen
   *[other] die Plätze
}, auf die { $p } Ratten setzen darf
func-pipe_minimum = die Mindestzahl an Ratten, die { $p } in die Seitenkanäle setzen muss
func-claim = was der Angriff auf { $d_acc } von { $side_dat } stehlen darf
func-attackers = { $case ->
    [dat] den
   *[other] die
} Ratten, mit denen { $a } auf { $side_dat } angreift
func-pipe = der Seitenkanal auf { $side_dat }
func-defenders = die Ratten, die { $d } gegen { $side_acc } verteidigen
    .text = Mit { $n1 } Spielern stehen sich die Seitenkanäle gegenüber: Die Ratten im Seitenkanal eines Spielers blockieren den gegenüberliegenden Seitenkanal des Gegners, und jede Seite stiehlt den Unterschied. { $two_player_pantry ->
        [defends] Die Ratten in der Vorratskammer verteidigen zusätzlich.
       *[unused] Die Vorratskammer spielt keine Rolle.
    }
func-two_player_defenders = die Ratten, die { $d } bei gegenüberliegenden Seitenkanälen gegen { $side_acc } verteidigen
func-pantry_guard = die Ratten, die die Vorratskammer { $d_gen } bewachen
func-stealable = der Käse, den { $d } verlieren kann
func-stash = { $case ->
    [acc] den Vorrat
    [dat] dem Vorrat
    [gen] des Vorrats
   *[nom] der Vorrat
}, aus dem der { $d_dat } gestohlene Käse kommt
func-breeders = { $case ->
    [dat] den
   *[other] die
} sich vermehrenden Ratten { $p_gen }
func-births = die neuen Ratten für { $p_acc }
func-extra_cheese = zusätzliche Stücke in jedem Bereich
func-extra_for = die zusätzlichen Stücke für { $shown_acc }
func-takes = die Stücke, die { $p } in { $a_dat } zieht
func-treated_as = was { $piece } für { $p_acc } zählt
func-fed_rats = die Ratten, die { $p } ernähren muss
func-drunk_rats = { $case ->
    [dat] den
   *[other] die
} Ratten { $p_gen }, die für „Betrunken“ zählen

## Entscheidungen der Spieler

decision-placement = wohin die Ratten kommen
decision-which_rat = welche Ratte
decision-helmet_rat = ein Stück zurücklegen
decision-sound_the_alarm = ein Käsestück verstecken
decision-just_in_time = vergiftete und verirrte Ratten zurückholen
decision-holy_rat = eine Ratte vom Friedhof befreien
decision-dr_cheese = wie viele Paare weißer Stücke getauscht werden
decision-rattibal_lector = eine Ratte gegen Käse tauschen

## Ereigniskarten

deck-events = Ereigniskarten
    .text = Eine Ereigniskarte wirkt nur in der Runde, in der sie aufgedeckt wird.
    .field-back = Rückseite
symbol-start = { $count ->
    [one] Anfangsereignis
   *[other] Anfangsereignisse
}
symbol-final = { $count ->
    [one] Schlussereignis
   *[other] Schlussereignisse
}

card-abundance = Überfluss
    .text = Sobald die Karte aufgedeckt wird, legt jeder Spieler { $yellow ->
        [one] ein gelbes Käsestück
       *[other] { $yellow } gelbe Käsestücke
    } aus dem Käsevorrat in seine Vorratskammer.
card-massive_attacks = Heftige Angriffe
    .text = Jeder Angriff zählt { $n2 ->
        [one] eine Ratte
       *[other] { $n2 } Ratten
    } mehr{ $massive_attacks_reading ->
        [obligation] , und jeder Spieler muss mindestens { $n3 ->
            [one] eine Ratte
           *[other] { $n3 } Ratten
        } in einen Seitenkanal setzen.
        [plain_bonus] , auch aus einem leeren Seitenkanal.
       *[bonus_needs_attacker] , aber nur aus einem Seitenkanal mit mindestens einer Ratte.
    } { $massive_attacks_two_players ->
        [both_pipes] Stehen sich die Seitenkanäle gegenüber, zählt auch der Seitenkanal, der einen Angriff blockt, eine Ratte mehr, sodass sich die Boni gegenüberliegender Kanäle aufheben.
       *[attack_only] Stehen sich die Seitenkanäle gegenüber, zählt der Seitenkanal, der einen Angriff blockt, nur seine eigenen Ratten.
    }
card-visiting_cousin = Besuch vom Cousin
    .text = Sobald die Karte aufgedeckt wird, legt jeder Spieler { $rat ->
        [one] eine neue Ratte
       *[other] { $rat } neue Ratten
    } aus dem Rattenvorrat in seine Vorratskammer; sie kann in dieser Runde eingesetzt werden. Reicht der Vorrat nicht, wird der aktive Spieler zuerst bedient.
card-helmet_rat = Ratte mit Schutzhelm
    .text = { $helmet_rat_reading ->
        [once_per_area] Einmal in jedem Bereich darf ein Spieler, der Stücke aus dem Beutel zieht, { $n2 ->
            [one] eines
           *[other] { $n2 }
        } davon wirkungslos zurücklegen.
       *[each_draw] Jedes Mal, wenn ein Spieler Stücke aus dem Beutel zieht, darf er { $n2 ->
            [one] eines
           *[other] { $n2 }
        } davon wirkungslos zurücklegen.
    }
card-we_did_it = Wir haben’s geschafft!
    .text = Schwarze Stücke zählen als gelbe.
card-drunk = Betrunken
    .text = Sobald die Karte aufgedeckt wird, gibt der Spieler mit den meisten Ratten { $drunk_counts ->
        [all_rats] (alle seine Ratten gezählt)
       *[sewer_rats] im Kanal (ohne verirrte Ratten)
    } { $rat ->
        [one] eine Ratte, die weder vergiftet noch verirrt ist, an den Spieler mit den wenigsten. Sie kommt
       *[other] { $rat } Ratten, die weder vergiftet noch verirrt sind, an den Spieler mit den wenigsten. Sie kommen
    } in dessen Vorratskammer.
card-sound_the_alarm = Alarm schlagen
    .text = Hinter dem Sichtschirm darf jeder Spieler { $cheese ->
        [one] ein Käsestück
       *[other] { $cheese } Käsestücke
    } aus seiner Vorratskammer in seiner Kinderstube verstecken. { $alarm_cheese_safe ->
        [no] Es kann trotzdem gestohlen werden.
       *[yes] Kein Angriff kann es stehlen.
    } Nach den Angriffen kommt es zurück in die Vorratskammer.
card-just_in_time = Gerade noch rechtzeitig
    .text = { $just_in_time_reading ->
        [all_return] Alle vergifteten und verirrten Ratten kommen hinter den Sichtschirm zurück und können in dieser Runde normal eingesetzt werden.
       *[optional] Jeder Spieler darf seine vergifteten und verirrten Ratten hinter den Sichtschirm zurückholen und in dieser Runde normal einsetzen.
    }
card-holy_rat = Heilige Ratte
    .text = { $holy_rat_reading ->
        [may] Sobald die Karte aufgedeckt wird, darf jeder Spieler mit einer Ratte auf seinem Friedhof { $rat_2 ->
            [one] eine davon
           *[other] bis zu { $rat_2 } davon
        } in den Rattenvorrat zurücklegen.
       *[must] Sobald die Karte aufgedeckt wird, legt jeder Spieler mit einer Ratte auf seinem Friedhof { $rat ->
            [one] eine davon
           *[other] bis zu { $rat } davon
        } in den Rattenvorrat zurück. Anders als in der deutschen Regel („kann“) ist das in dieser Übersicht Pflicht: So steht es in den anderen Ausgaben, und die Option „Heilige Ratte“ stellt die deutsche Lesart ein.
    }
card-end_of_game = Spielende
    .text = Sobald die Karte aufgedeckt wird, endet das Spiel sofort: Die Runde wird nicht mehr gespielt, es folgt die Wertung.
card-dr_cheese = Dr. Käse
    .text = Wer in einem Bereich mindestens { $n2 } weiße Stücke zieht, auf einmal oder nach und nach, darf sie { $trade_whites_n1 ->
        [2] paarweise
       *[other] in Gruppen zu { $trade_whites_n1 }
    } gegen je ein gelbes Stück tauschen: { $dr_cheese_reading ->
        [once_per_draw] { $n5 ->
            [one] einmal
           *[other] { $n5 }-mal
        } pro Ziehen.
       *[every_pair] einmal für je { $n4 } weiße Stücke.
    }
card-tacticians = Taktiker
    .text = Bevor in einem Bereich gezogen wird, erhält jeder Spieler, der keine Ratte dorthin geschickt hat, { $yellow ->
        [one] ein gelbes Käsestück
       *[other] { $yellow } gelbe Käsestücke
    } für seine Vorratskammer. { $tacticians_places ->
        [all_board_places] Zu Beginn der Phase bringt außerdem jeder leere Seitenkanal, jede leere Vorratskammer und Kinderstube ein weiteres.
       *[three_areas] Leere Seitenkanäle, Vorratskammern und Kinderstuben bringen nichts.
    }
card-rattibal_lector = Rattibal Lecter
    .text = Jeder Spieler darf, bevor er für die Nahrung bezahlt, { $rattibal_trades ->
        [any_number] beliebig oft
       *[once] einmal
    } Ratten gegen Käse tauschen: { $eat_a_rat_rat ->
        [one] eine Ratte
       *[other] { $eat_a_rat_rat } Ratten
    } gegen { $eat_a_rat_yellow ->
        [one] ein gelbes Stück
       *[other] { $eat_a_rat_yellow } gelbe Stücke
    }. Getauschte Ratten kommen zurück in den Rattenvorrat.
rule-eat_a_rat = Eine Ratte gegen Käse getauscht
    .text = { $rat ->
        [one] Die Ratte kommt
       *[other] { $rat } Ratten kommen
    } zurück in den Rattenvorrat, und der Spieler nimmt { $yellow ->
        [one] ein gelbes Käsestück
       *[other] { $yellow } gelbe Käsestücke
    } aus dem Käsevorrat.
card-locked_and_loaded = Gesichert und geladen
    .text = { $locked_and_loaded_limit ->
       *[shared_cap] Statt in Kinderstube und Vorratskammer setzen die Spieler insgesamt bis zu { $placement_at_most } Ratten auf ein Feld, das als beides zählt: Diese Ratten verteidigen und vermehren sich.
        [dual_up_to_three] Die Spieler dürfen zusätzlich bis zu { $placement_at_most } Ratten auf ein Feld setzen, das zugleich als Kinderstube und als Vorratskammer zählt: Diese Ratten verteidigen und vermehren sich.
    }

## Nahrungskarten

deck-food = Nahrungskarten
    .field-number = Nr.
    .field-dump = Müllkippe
    .field-city = Stadt
    .field-field = Felder
card-food_1 = Nahrungskarte { $number }
card-food_2 = Nahrungskarte { $number }
card-food_3 = Nahrungskarte { $number }
card-food_4 = Nahrungskarte { $number }
card-food_5 = Nahrungskarte { $number }
card-food_6 = Nahrungskarte { $number }
card-food_7 = Nahrungskarte { $number }
card-food_8 = Nahrungskarte { $number }
card-food_9 = Nahrungskarte { $number }

var-helmet_uses = { $count ->
    [one] mit dem Schutzhelm in diesem Bereich zurückgelegtes Stück
   *[other] mit dem Schutzhelm in diesem Bereich zurückgelegte Stücke
}
    .gender = n
var-dr_cheese_whites = { $count ->
    [one] weißes Stück, das noch für Dr. Käse gepaart werden kann
   *[other] weiße Stücke, die noch für Dr. Käse gepaart werden können
}
    .gender = n
var-tacticians_unsent = { $count ->
    [one] leerer Ort, für den Taktiker zahlt
   *[other] leere Orte, für die Taktiker zahlt
}
    .gender = m
rule-trade_whites = Paare weißer Stücke gegen gelbe getauscht
    .text = { $n1 ->
        [2] Jedes Paar
       *[other] Jede Gruppe von { $n1 }
    } weißer Stücke kommt zurück in den Vorrat, und der Spieler nimmt dafür ein gelbes Stück. Ein weißes Stück, das früher im selben Bereich gezogen wurde, zählt mit; es liegt schon im Vorrat.
func-bad_tie = { $case ->
    [acc] den
    [dat] dem
   *[other] der
} Platz { $p_gen } unter Gleichstehenden, wenn der Gleichstand schadet
rule-placement_stands = sobald jede Ratte dort steht, wo sie die Runde über bleibt
const-dual_most = { $count ->
    [one] Ratte, die als Kinderstube und Vorratskammer zählt
   *[other] Ratten, die als Kinderstube und Vorratskammer zählen
}
    .gender = f
