# RatLand, optionales Modul „aggressive“: deutsche Meldungen (Konventionen siehe game.ftl).
# hook-ZEIT-REGEL und modify-FUNKTION benennen die Regeln des Moduls außerhalb von Karten.

module-aggressive = Aggressive Kanaltafel
    .text = Eine optionale Tafel für streitlustige Spieler: Angriffe und volle Bereiche kosten jetzt Ratten.

option-aggressive_mode = Wer mit der aggressiven Tafel spielt
option-aggressive_mode-all = alle Spieler
option-aggressive_mode-secret_choice = jeder Spieler entscheidet geheim
option-aggressive_kills_to = Wohin getötete Ratten kommen
option-aggressive_kills_to-pile = zurück in den Rattenvorrat
option-aggressive_kills_to-graveyard = auf den Friedhof, was einen Punkt kostet
option-aggressive_defence = Wer bei einem Angriff tötet
option-aggressive_defence-attack_only = nur ein aggressiver Angreifer
option-aggressive_defence-both_roles = auch ein aggressiver Verteidiger

var-aggressive = { $count ->
    [one] aggressive Tafel
   *[other] aggressive Tafeln
}
    .gender = f
var-wounded = { $form ->
    [dat] { $count ->
        [one] verwundeten Ratte
       *[other] verwundeten Ratten
    }
   *[other] { $count ->
        [one] verwundete Ratte
       *[other] verwundete Ratten
    }
}
    .gender = f

setup-boards = Jeder Spieler nimmt eine Tafel
    .text = { $aggressive_mode ->
        [secret_choice] Zu Beginn entscheidet jeder Spieler geheim hinter seinem Sichtschirm, ob er mit der aggressiven Tafel spielt.
       *[all] Alle Spieler spielen mit der aggressiven Tafel.
    }
func-defending_zones = die Plätze, die { $d_acc } gegen { $side_acc } verteidigen
rule-kill_rat = Eine Ratte stirbt im Kampf
    .text = { $aggressive_kills_to ->
        [graveyard] { $rat ->
            [one] Eine der beteiligten Ratten kommt auf den Friedhof ihres Besitzers und kostet dort einen Punkt.
           *[other] { $rat } der beteiligten Ratten kommen auf den Friedhof ihres Besitzers und kosten dort je einen Punkt.
        }
       *[pile] { $rat_2 ->
            [one] Eine der beteiligten Ratten kommt
           *[other] { $rat_2 } der beteiligten Ratten kommen
        } zurück in den Rattenvorrat.
    }
decision-aggressive_board = mit der aggressiven Tafel spielen
decision-wound = welche Ratte verwundet wird

hook-after-attacked = Angriff: Sobald alle Vorratskammern angegriffen sind, kostet jeder Kampf eines aggressiven Spielers eine Ratte; es zählen die Ratten zu Beginn der Phase. Ein aggressiver Angreifer, der die Verteidigung überwindet, tötet eine verteidigende Ratte; ein gescheiterter Angriff kostet den Angreifer eine Ratte aus diesem Seitenkanal{ $aggressive_defence ->
        [both_roles] , auch wenn nur der Verteidiger aggressiv ist.
       *[attack_only] .
    }
hook-after-before_drawing = Suche nach Käse, vor dem Ziehen in jedem Bereich: Ein aggressiver Spieler, der die meisten Ratten dorthin geschickt hat, verwundet { $n3 ->
        [one] eine Ratte
       *[other] { $n3 } Ratten
    }, die ein anderer Spieler dorthin geschickt hat.
modify-takes = In jedem Bereich zieht ein aggressiver Spieler { $n2 ->
        [one] ein Stück
       *[other] { $n2 } Stücke
    } weniger.
modify-takes-2 = Eine verwundete Ratte zählt weiter für die Zugreihenfolge, findet aber nichts: Ihr Besitzer zieht für jede verwundete Ratte ein Stück weniger.
hook-after-after_area = Wenn in einem Bereich alle gezogen haben, kommen die verwundeten Ratten in die Krankenstube ihres Besitzers.
