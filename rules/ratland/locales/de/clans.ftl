# RatLand, optionales Modul „clans“: deutsche Meldungen (Konventionen siehe game.ftl).
# hook-ZEIT-REGEL benennt die Regeln des Moduls außerhalb von Karten.

module-clans = Clans
    .text = Jeder Spieler führt einen Clan mit einer eigenen Fähigkeit: eine Anfangsseite und eine Schlussseite, die sie verbessert, sobald die Schlussereignisse beginnen.

option-final_side_starts = Wann die Schlussseite beginnt
option-final_side_starts-first_final_event = sobald das erste Schlussereignis aufgedeckt ist
option-final_side_starts-following_round = in der Runde nach dem ersten Schlussereignis
option-clan_final_replaces = Schlussseite ersetzt die Anfangsseite
option-clan_final_replaces-replace = ja, sie ersetzt sie
option-clan_final_replaces-cumulative = nein, beide Seiten gelten
option-recycler_final = Recycler, Schlussseite
option-recycler_final-each_white_for_yellow = jedes weiße Stück gegen ein gelbes
option-recycler_final-two_whites_for_one_yellow = zwei weiße Stücke gegen ein gelbes
option-scavenger_final = Plünderer, Schlussseite
option-scavenger_final-every_area = in jedem Bereich
option-scavenger_final-areas_without_rats = nur in Bereichen ohne Ratten des Clans
option-ninja_steal = Ninja-Diebstahl
option-ninja_steal-at_least_one = mindestens ein Stück
option-ninja_steal-extra_one = ein Stück zusätzlich zum normalen Diebstahl
option-musician_self = Rangfolge beim Musiker
option-musician_self-exclude_self = der Musiker zählt nicht mit
option-musician_self-include_self = der Musiker zählt mit
option-end_of_round_order = Reihenfolge am Rundenende
option-end_of_round_order-musician_first = zuerst die Musiker
option-end_of_round_order-alchemist_first = zuerst die Alchemisten
option-sports_redeploy = Umsetzen der Sportler
option-sports_redeploy-simultaneous = alle gleichzeitig und geheim
option-sports_redeploy-tie_order = nacheinander, in der Reihenfolge für Gleichstände

symbol-starting = { $count ->
    [one] Anfangsseite
   *[other] Anfangsseiten
}
symbol-improved = { $count ->
    [one] Schlussseite
   *[other] Schlussseiten
}

pile-clan_offer = Clankartenauswahl
    .gender = f
pile-clan = Clankarte
    .gender = f
pile-clan_deck = Clankartenstapel
    .gender = m
    .prep = auf
pile-clan_discard = Clankartenablage
    .gender = f
    .prep = auf
var-final_stage_round = { $count ->
    [one] Runde des ersten Schlussereignisses
   *[other] Runden des ersten Schlussereignisses
}
    .gender = f
var-scavenged_round = { $count ->
    [one] Runde des letzten Plündererzugs
   *[other] Runden des letzten Plündererzugs
}
    .gender = f
var-corrupted_round = { $count ->
    [one] Runde des letzten korrupten Stücks
   *[other] Runden des letzten korrupten Stücks
}
    .gender = f

# i18n-allow: zwei (zwei Karten werden mit zwei Anweisungen ausgeteilt: die Regeln haben dafür keine Zahl)
setup-deal_clans = Clankarten verteilen
    .text = Die Clankarten mischen (ein Satz pro Spielschachtel im Einsatz). Jeder Spieler erhält zwei, behält eine und wirft die andere ab.

func-owns = { $p } { $card } hat
func-side = die geltende Seite der Clankarten
func-starting_side = die Anfangsseite gilt
func-final_side = die Schlussseite gilt
func-ninja_strikes = { $a } auf { $side_dat } als Ninja zuschlagen kann

deck-clans = Clankarten
    .text = Eine Clankarte wirkt für den Spieler, der sie behalten hat. { $final_side_starts ->
        [following_round] Ihre Schlussseite gilt ab der Runde nach dem ersten Schlussereignis
       *[first_final_event] Ihre Schlussseite gilt, sobald das erste Schlussereignis aufgedeckt ist
    }{ $clan_final_replaces ->
        [cumulative] , zusätzlich zur Anfangsseite.
       *[replace] , anstelle der Anfangsseite.
    }

card-recycler = Recycler
    .text =
        - Anfangsseite: Wer Ratten zur Müllkippe geschickt hat, zieht dort { $n2 ->
            [one] ein Stück
           *[other] { $n2 } Stücke
        } mehr.
        - Schlussseite: { $recycler_final ->
            [two_whites_for_one_yellow] Nach dem Ziehen auf der Müllkippe darf er { $white ->
        [one] ein weißes Stück
       *[other] { $white } weiße Stücke
    } gegen { $yellow ->
        [one] ein gelbes
       *[other] { $yellow } gelbe
    } tauschen.
           *[each_white_for_yellow] Nach dem Ziehen auf der Müllkippe darf er bis zu { $n5 } weiße Stücke gegen je ein gelbes tauschen.
        }
card-mutant = Mutant
    .text =
        - Anfangsseite: Lilafarbene Stücke zählen als gelbe.
        - Schlussseite: Lilafarbene Stücke zählen als orangefarbene.
card-explorer = Entdecker
    .text =
        - Anfangsseite: Kehren verirrte Ratten zurück, bringen sie insgesamt { $yellow ->
            [one] ein gelbes Stück
           *[other] { $yellow } gelbe Stücke
        } mit.
        - Schlussseite: Jede zurückkehrende verirrte Ratte bringt ein gelbes Stück mit.
card-scavenger = Plünderer
    .text =
        - Anfangsseite: Einmal pro Runde darf der Spieler, nachdem alle in einem Bereich ohne Ratten seines Clans gezogen haben, ein Stück aus dem Rest im Beutel nehmen.
        - Schlussseite: dasselbe { $scavenger_final ->
            [areas_without_rats] in jedem Bereich ohne Ratten seines Clans.
           *[every_area] in jedem Bereich.
        }
rule-scavenge = Der Plünderer nimmt ein Stück
    .text = Der Spieler zieht { $draw ->
        [one] ein Stück
       *[other] { $draw } Stücke
    } aus dem Beutel, mit der üblichen Wirkung.
card-alchemist = Alchemist
    .text =
        - Anfangsseite: Am Ende der Runde, nach der Ernährung, darf der Spieler bis zu { $alchemists_n2 ->
            [one] einem Käsestück
           *[other] { $alchemists_n2 } Käsestücke
        } abgeben und ebenso viele Ratten aus dem Rattenvorrat nehmen.
        - Schlussseite: ebenso, mit bis zu { $alchemists_n1 ->
            [one] einem Käsestück
           *[other] { $alchemists_n1 } Käsestücken
        }.
card-ninja = Ninja
    .text =
        - Anfangsseite: Wer nur einen Nachbarn mit genau { $ninja_strikes_n1 } Ratten angreift, stiehlt Käse, wie stark die Verteidigung auch ist.
        - Schlussseite: Jeder Seitenkanal, der mit genau { $ninja_strikes_n3 ->
            [one] einer Ratte
           *[other] { $ninja_strikes_n3 } Ratten
        } angreift, stiehlt Käse, wie stark die Verteidigung auch ist.
        - { $ninja_steal ->
            [extra_one] Ein solcher Angriff stiehlt { $n1 } Stück mehr als üblich.
           *[at_least_one] Ein solcher Angriff stiehlt mindestens { $n2 } Stück.
        }
card-family = Familie
    .text =
        - Anfangsseite: Ohne Ratte in der Kinderstube wächst der Clan beim Nachwuchs trotzdem um { $n3 ->
            [one] eine Ratte
           *[other] { $n3 } Ratten
        }.
        - Schlussseite: Der Clan vermehrt sich immer um { $n1 ->
            [one] eine Ratte
           *[other] { $n1 } Ratten
        } mehr.
card-warrior = Krieger
    .text =
        - Anfangsseite: Schwarze Stücke zählen als weiße und richten keinen Schaden an.
        - Schlussseite: ebenso, und der Clan verteidigt, als hätte er { $n1 ->
        [one] eine Ratte
       *[other] { $n1 } Ratten
    } mehr.
card-musician = Musiker
    .text =
        - Anfangsseite: Am Ende der Runde { $musicians_n3 ->
            [one] gibt der reichste Spieler
           *[other] geben die { $musicians_n3 } reichsten Spieler je
        } dem Musiker bis zu { $musicians_cheese ->
            [one] einem Käsestück
           *[other] { $musicians_cheese } Käsestücke
        }.
        - Schlussseite: ebenso, von den { $musicians_n2 } reichsten Spielern.
card-sports = Sportler
    .text = Sobald die Sichtschirme entfernt sind, darf der Spieler Ratten auf andere Plätze seiner Kanaltafel versetzen: { $sports_moves_n2 ->
        [one] eine
       *[other] { $sports_moves_n2 }
    } mit der Anfangsseite, bis zu { $sports_moves_n1 } mit der Schlussseite. { $sports_redeploy ->
        [tie_order] Mehrere Sportler-Clans setzen nacheinander um.
       *[simultaneous] Alle Sportler-Clans setzen gleichzeitig und geheim um.
    }
card-corrupt = Korrupter Clan
    .text =
        - Anfangsseite: Einmal pro Runde darf der Spieler, bevor in einem Bereich gezogen wird, { $n1 ->
            [one] ein Stück
           *[other] { $n1 } Stücke
        } beliebiger Farbe aus dem Käsevorrat in den Beutel legen.
        - Schlussseite: dasselbe in jedem Bereich.
card-seer = Hellseher
    .text =
        - Anfangsseite: Hinter dem Sichtschirm sieht sich der Spieler die nächste Ereigniskarte an.
        - Schlussseite: zusätzlich die nächsten Nahrungskarten.

rule-musicians = Musiker kassieren
    .text = { $n3 ->
        [one] Der reichste Spieler gibt
       *[other] Jeder der { $n3 } reichsten Spieler gibt
    } dem Musiker bis zu { $cheese ->
        [one] einem Käsestück
       *[other] { $cheese } Käsestücke
    }; mit der Schlussseite { $n2 ->
        [one] tut das der reichste Spieler
       *[other] tut das jeder der { $n2 } reichsten Spieler
    }. { $musician_self ->
        [include_self] Der Musiker zählt in der Rangfolge mit.
       *[exclude_self] Der Musiker zählt in der Rangfolge nicht mit.
    }
rule-alchemists = Alchemisten verwandeln Käse in Ratten
    .text = Der Alchemist darf Käsestücke bezahlen und ebenso viele Ratten aus dem Rattenvorrat nehmen: { $n2 } mit der Anfangsseite, bis zu { $n1 } mit der Schlussseite.
rule-sports_moves = Sportler setzen um
    .text = Der Spieler wählt einen Platz mit Ratten und versetzt { $rat ->
        [one] eine Ratte
       *[other] { $rat } Ratten
    } auf einen anderen Platz: { $n2 ->
        [one] einmal
       *[other] { $n2 }-mal
    } mit der Anfangsseite, bis zu { $n1 }-mal mit der Schlussseite. Ein Umsetzen hält die Grenzen der Aufstellung ein: die Grenze von „Gesichert und geladen“ und die Ratte im Seitenkanal, die „Heftige Angriffe“ verlangen kann.

decision-keep_clan = welcher Clan behalten wird
decision-recycle = wie viele weiße Stücke getauscht werden
decision-scavenge = ein Stück aus dem Beutel nehmen
decision-corrupt = welches Stück in den Beutel kommt
decision-alchemy = wie viele Käsestücke zu Ratten werden
decision-redeploy_from = woher eine Ratte kommt
decision-redeploy_to = wohin die Ratte geht

hook-after-event_revealed = Die Schlussseite beginnt mit dem ersten aufgedeckten Schlussereignis (siehe die Clankarten).
hook-after-round_ends = Am Ende der Runde: { $end_of_round_order ->
        [alchemist_first] zuerst die Alchemisten, dann die Musiker.
       *[musician_first] zuerst die Musiker, dann die Alchemisten.
    }

func-may_move = eine Ratte { $p_gen } von { $from_dat } nach { $to_dat } wechseln darf
func-room_for_one = { $to } Platz für eine weitere Ratte { $p_gen } hat
func-may_leave = eine Ratte { $p_gen } { $from_acc } verlassen darf
