# Allgemeine Satzbausteine für Regelübersichten: Deutsch.
#
# Diese Muster machen aus dem Aufbau einer beliebigen Regel Sätze; sie kennen kein Spiel. Die
# Substantive kommen aus den Meldungen des Spiels (zone-*, pile-*, kind-*, const-*, ...), die
# dafür ein Attribut .gender (m, f oder n) tragen und bei Bedarf .prep = auf (auf den Friedhof,
# vom Friedhof). Variablen wie im Englischen; $case ist nom, acc, dat oder gen, $form ist bare
# (nach Zahlen), def (nach Artikel oder „alle“), dat (Dativ) oder gender.
# Bedingungen stehen mit dem Verb am Ende, da sie auf „falls“, „sofern“ usw. folgen.

## Grammatik
grammar-noun-attributes = gender
grammar-genders = m f n
grammar-contractions = {""}

## Hilfsformen (teilen die Variablen der aufrufenden Meldung)

g-det-nom = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] seine
           *[other] sein
        }
       *[other] seine
    }
    [this] { $number ->
        [one] { $gender ->
            [m] dieser
            [f] diese
           *[n] dieses
        }
       *[other] diese
    }
    [chosen] { $number ->
        [one] { $gender ->
            [m] der gewählte
            [f] die gewählte
           *[n] das gewählte
        }
       *[other] die gewählten
    }
   *[other] { $number ->
        [one] { $gender ->
            [m] der
            [f] die
           *[n] das
        }
       *[other] die
    }
}
g-det-acc = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [m] seinen
            [f] seine
           *[n] sein
        }
       *[other] seine
    }
    [this] { $number ->
        [one] { $gender ->
            [m] diesen
            [f] diese
           *[n] dieses
        }
       *[other] diese
    }
    [chosen] { $number ->
        [one] { $gender ->
            [m] den gewählten
            [f] die gewählte
           *[n] das gewählte
        }
       *[other] die gewählten
    }
   *[other] { $number ->
        [one] { $gender ->
            [m] den
            [f] die
           *[n] das
        }
       *[other] die
    }
}
g-det-dat = { $owner ->
    [own] { $number ->
        [one] { $gender ->
            [f] seiner
           *[other] seinem
        }
       *[other] seinen
    }
    [this] { $number ->
        [one] { $gender ->
            [f] dieser
           *[other] diesem
        }
       *[other] diesen
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] der gewählten
           *[other] dem gewählten
        }
       *[other] den gewählten
    }
   *[other] { $number ->
        [one] { $gender ->
            [f] der
           *[other] dem
        }
       *[other] den
    }
}
g-of = { $owner ->
    [other] {" "}{ $of }
   *[shared] {""}
}
## Wörter

word-thing = { $form ->
    [gender] n
    [dat] { $count ->
        [one] Ding
       *[other] Dingen
    }
   *[other] { $count ->
        [one] Ding
       *[other] Dinge
    }
}
word-place = { $form ->
    [gender] m
    [dat] { $count ->
        [one] Platz
       *[other] Plätzen
    }
   *[other] { $count ->
        [one] Platz
       *[other] Plätze
    }
}
word-card = { $form ->
    [gender] f
   *[other] { $count ->
        [one] Karte
       *[other] Karten
    }
}
word-piece = { $form ->
    [gender] n
    [dat] { $count ->
        [one] Stück
       *[other] Stücken
    }
   *[other] { $count ->
        [one] Stück
       *[other] Stücke
    }
}
word-side = { $form ->
    [gender] f
   *[other] { $count ->
        [one] Seite
       *[other] Seiten
    }
}
word-number = { $form ->
    [gender] f
   *[other] { $count ->
        [one] Zahl
       *[other] Zahlen
    }
}
word-value = { $form ->
    [gender] m
    [dat] { $count ->
        [one] Wert
       *[other] Werten
    }
   *[other] { $count ->
        [one] Wert
       *[other] Werte
    }
}
word-player = { $form ->
    [gender] m
   *[other] Spieler
}
word-yes = ja
word-no = nein
word-none = keiner
word-nothing = nichts
word-left = links
word-right = rechts
word-decision = eine Entscheidung
word-field = Wert
word-result = Ergebnis
word-untitled = (ohne Titel)

## Orte: eine Zone oder ein Stapel, mit Besitzer

place-nom = { g-det-nom } { $name }{ g-of }
place-acc = { g-det-acc } { $name }{ g-of }
place-dat = { g-det-dat } { $name_dat }{ g-of }
place-gen = { $owner ->
    [shared] { $number ->
        [one] { $gender ->
            [f] von der { $name_dat }
           *[other] vom { $name_dat }
        }
       *[other] von den { $name_dat }
    }
   *[other] von { g-det-dat } { $name_dat }{ g-of }
}
place-from = { $prep ->
    [auf] { place-gen }
   *[other] aus { g-det-dat } { $name_dat }{ g-of }
}
place-to = { $prep ->
    [auf] auf { g-det-acc } { $name }{ g-of }
   *[other] { $owner ->
        [shared] { $number ->
            [one] { $gender ->
                [n] ins { $name }
               *[other] in { g-det-acc } { $name }
            }
           *[other] in die { $name }
        }
       *[other] in { g-det-acc } { $name }{ g-of }
    }
}
place-in = { $prep ->
    [auf] auf { g-det-dat } { $name_dat }{ g-of }
   *[other] { $owner ->
        [shared] { $number ->
            [one] { $gender ->
                [f] in der { $name_dat }
               *[other] im { $name_dat }
            }
           *[other] in den { $name_dat }
        }
       *[other] in { g-det-dat } { $name_dat }{ g-of }
    }
}
place-nom-np = { $np }
place-acc-np = { $np }
place-dat-np = { $np }
place-gen-np = von { $np_dat }
place-from-np = aus { $np_dat }
place-to-np = in { $np_acc }
place-in-np = in { $np_dat }

## Verweise

ref-player = { $which ->
    [chosen] { $case ->
        [acc] den gewählten Spieler
        [dat] dem gewählten Spieler
        [gen] des gewählten Spielers
       *[nom] der gewählte Spieler
    }
    [other] { $case ->
        [acc] den anderen Spieler
        [dat] dem anderen Spieler
        [gen] des anderen Spielers
       *[nom] der andere Spieler
    }
   *[this] { $case ->
        [acc] den Spieler
        [dat] dem Spieler
        [gen] des Spielers
       *[nom] der Spieler
    }
}
ref-this = { $which ->
    [chosen] { $case ->
        [acc] { $gender ->
            [m] den gewählten
            [f] die gewählte
           *[n] das gewählte
        } { $noun }
        [dat] { $gender ->
            [f] der gewählten
           *[other] dem gewählten
        } { $noun }
        [gen] von { $gender ->
            [f] der gewählten
           *[other] dem gewählten
        } { $noun }
       *[nom] { $gender ->
            [m] der gewählte
            [f] die gewählte
           *[n] das gewählte
        } { $noun }
    }
   *[this] { $case ->
        [acc] { $gender ->
            [m] diesen
            [f] diese
           *[n] dieses
        } { $noun }
        [dat] { $gender ->
            [f] dieser
           *[other] diesem
        } { $noun }
        [gen] von { $gender ->
            [f] dieser
           *[other] diesem
        } { $noun }
       *[nom] { $gender ->
            [m] dieser
            [f] diese
           *[n] dieses
        } { $noun }
    }
}
ref-side = { $case ->
    [dat] der { $side ->
        [left] linken
       *[right] rechten
    } Seite
    [gen] von der { $side ->
        [left] linken
       *[right] rechten
    } Seite
   *[other] die { $side ->
        [left] linke
       *[right] rechte
    } Seite
}
ref-param = { $name }
ref-label = { $case ->
    [gen] von { $label }
   *[other] { $label }
}
ref-players = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
}
ref-active = { $case ->
    [acc] den aktiven Spieler
    [dat] dem aktiven Spieler
    [gen] des aktiven Spielers
   *[nom] der aktive Spieler
}
ref-round = { $case ->
    [dat] der Rundennummer
    [gen] der Rundennummer
   *[other] die Rundennummer
}
ref-player-count = { $case ->
    [dat] der Spielerzahl
    [gen] der Spielerzahl
   *[other] die Spielerzahl
}
ref-base = { $case ->
    [acc] den üblichen Wert
    [dat] dem üblichen Wert
    [gen] des üblichen Werts
   *[nom] der übliche Wert
}
ref-this-card = { $case ->
    [dat] dieser Karte
    [gen] von dieser Karte
   *[other] diese Karte
}
ref-it = es

## Nominalgruppen

np-the = { $number ->
    [one] { $case ->
        [acc] { $gender ->
            [m] den
            [f] die
           *[n] das
        }
        [dat] { $gender ->
            [f] der
           *[other] dem
        }
        [gen] { $gender ->
            [f] der
           *[other] des
        }
       *[nom] { $gender ->
            [m] der
            [f] die
           *[n] das
        }
    } { $case ->
        [dat] { $noun_dat }
       *[other] { $noun }
    }
   *[other] { $case ->
        [dat] den { $noun_dat }
        [gen] der { $noun }
       *[other] die { $noun }
    }
}
np-of-player = { $own ->
    [yes] { $case ->
        [dat] seinem Wert „{ $noun }“
        [gen] seines Werts „{ $noun }“
        [acc] { $gender ->
            [f] seine { $noun }
            [n] sein { $noun }
           *[m] seinen Wert „{ $noun }“
        }
       *[nom] { $gender ->
            [f] seine { $noun }
           *[other] sein { $noun }
        }
    }
   *[no] { $case ->
        [acc] den
        [dat] dem
        [gen] des
       *[nom] der
    } Wert „{ $noun }“ von { $player }
}
np-field = der Wert „{ $field }“ { $of }
np-card-field-var = der Wert, den { $card } für { $field } zeigt
np-nth = { $case ->
    [acc] den { $n ->
        [1] ersten
        [2] zweiten
        [3] dritten
       *[other] { $n }.
    } Wert
    [dat] dem { $n ->
        [1] ersten
        [2] zweiten
        [3] dritten
       *[other] { $n }.
    } Wert
    [gen] des { $n ->
        [1] ersten
        [2] zweiten
        [3] dritten
       *[other] { $n }.
    } Werts
   *[nom] der { $n ->
        [1] erste
        [2] zweite
        [3] dritte
       *[other] { $n }.
    } Wert
} aus { $of }
np-first-n = { $case ->
    [dat] den
   *[other] die
} ersten { $n } { $of_gen }
np-count-in = { $case ->
    [dat] der
    [gen] der
   *[other] die
} Anzahl an { $what } { $where }
np-table = { $table } für { $arg }
np-size = die Anzahl der Karten { $of }
np-min = der kleinere Wert von { $items }
np-max = der größere Wert von { $items }
np-neighbour = { $own ->
    [yes] { $case ->
        [acc] seinen { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn
        [dat] seinem { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn
        [gen] seines { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn
       *[nom] sein { $side ->
            [left] linker
           *[right] rechter
        } Nachbar
    }
   *[no] { $case ->
        [acc] den { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn { $of }
        [dat] dem { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn { $of }
        [gen] des { $side ->
            [left] linken
           *[right] rechten
        } Nachbarn { $of }
       *[nom] der { $side ->
            [left] linke
           *[right] rechte
        } Nachbar { $of }
    }
}
np-neighbour-on = { $case ->
    [gen] des Nachbarn { $of } auf { $side_dat }
    [dat] dem Nachbarn { $of } auf { $side_dat }
    [acc] den Nachbarn { $of } auf { $side_dat }
   *[nom] der Nachbar { $of } auf { $side_dat }
}
np-opposite = { $this ->
    [yes] { $case ->
        [dat] der gegenüberliegenden Seite
        [gen] von der gegenüberliegenden Seite
       *[other] die gegenüberliegende Seite
    }
   *[no] { $case ->
        [dat] der Seite gegenüber { $side_dat }
        [gen] von der Seite gegenüber { $side_dat }
       *[other] die Seite gegenüber { $side_dat }
    }
}
np-top = die oberste Karte { $of }
np-all-cards = alle { $deck }
np-sample = { $n } zufällig gewählte Karten aus { $of }
np-pick = ein zufällig gewählter Spieler aus { $of }
np-pieces = { $case ->
    [dat] den einzelnen Stücken
   *[other] die einzelnen Stücke
} { $of }
np-kinds = { $case ->
    [dat] jeder
   *[other] jede
} Art von Stück { $of }
np-contents = { $case ->
    [dat] den Stücken
   *[other] die Stücke
} { $of }
np-one-of-each = je ein Stück von { $of }
np-at-phase-start = { $value } zu Beginn der Phase
np-rank = { $case ->
    [acc] den Platz
    [dat] dem Platz
    [gen] des Platzes
   *[nom] der Platz
} { $of } in der Reihenfolge ab dem aktiven Spieler
np-share = { $total }, Stück für Stück verteilt auf { $claims }
np-share-evenly = { $total }, gleichmäßig verteilt auf { $claims } (was sich nicht gleich verteilen lässt, bleibt übrig)
np-owner = der Besitzer { $of }
np-len = die Anzahl { $of }
np-sum = die Summe { $of }
np-abs = der Betrag { $of }
np-seat = die Sitznummer { $of }
np-any = ob irgendeiner { $of } zutrifft
np-all = ob alle { $of } zutreffen
np-spaces = die Felder im Spiel auf { $board }
np-neighbours = die Nachbarfelder { $of }
np-adjacent = ob eine Kante von { $a_dat } zu { $b_dat } führt
np-distance = der Abstand in Kanten von { $a_dat } zu { $b_dat }
np-room = der freie Platz { $of }
# turns: orders of play
np-clockwise = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
} im Uhrzeigersinn, beginnend mit { $of_dat }
np-counter-clockwise = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
} gegen den Uhrzeigersinn, beginnend mit { $of_dat }
np-clockwise-after = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
} im Uhrzeigersinn, beginnend mit dem Spieler nach { $of_dat }
np-counter-clockwise-after = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
} gegen den Uhrzeigersinn, beginnend mit dem Spieler nach { $of_dat }
np-snake = { $case ->
    [dat] den Spielern
    [gen] der Spieler
   *[other] die Spieler
} im Uhrzeigersinn ab { $of_dat }, dann zurück gegen den Uhrzeigersinn
# end turns
np-result = das Ergebnis für { $items }
np-if = { $then }, falls { $cond }, sonst { $otherwise }
np-range = { $low } bis { $high }
np-where = { $items }, sofern { $cond }
np-ordered = { $items }, geordnet nach { $keys }
np-extreme = { $player ->
    [yes] der Spieler mit dem { $most ->
        [yes] höchsten
       *[no] niedrigsten
    } Wert bei { $key_dat }
   *[no] das Element mit dem { $most ->
        [yes] höchsten
       *[no] niedrigsten
    } Wert bei { $key_dat }
}
np-each = { $value } für jedes Element aus { $items }
np-pile-cards = die Karten { $pile }

## Rechnen

math-plus = { $a } + { $b }
math-minus = { $a } − { $b }
math-times = { $a } × { $b }
math-div = { $a } ÷ { $b } (abgerundet)
math-mod = der Rest von { $a } ÷ { $b }
math-group = ({ $a })
math-neg = −{ $a }

## Bedingungen (Verb am Ende)

cond-always = es immer gilt
cond-never = es nie gilt
cond-not = es nicht zutrifft, dass { $cond }
cond-players = { $players } mitspielen
cond-exists = es { $a } gibt
cond-missing = es { $a } nicht gibt
cond-is-kind-eq = { $a } { $kind } ist
cond-is-kind-ne = { $a } nicht { $kind } ist
cond-is = { $a } { $b } ist
cond-is-not = { $a } nicht { $b } ist
# Meldungen von Ja/Nein-Funktionen stehen als Nebensatz da (Verb am Ende).
cond-func = { $what }
cond-any = { $cond }, für mindestens einen { $items_gen }
cond-all = { $cond }, für jeden { $items_gen }
cond-eq = { $a } gleich { $b_dat } ist
cond-ne = { $a } nicht gleich { $b_dat } ist
cond-lt = { $a } kleiner als { $b } ist
cond-le = { $a } höchstens { $b } ist
cond-gt = { $a } größer als { $b } ist
cond-ge = { $a } mindestens { $b } ist
cond-in = { $a } zu { $b } gehört
cond-holds = „{ $what }“ zutrifft

## Anweisungen (im Infinitiv, wie in Spielanleitungen üblich)

stmt-if = falls { $cond }:
stmt-if-players = bei { $players }:
stmt-else-if = sonst, falls { $cond }:
stmt-else = sonst:
stmt-each-player = für jeden Spieler, reihum ab dem aktiven Spieler
stmt-each-of = für { $gender ->
    [m] jeden
    [f] jede
   *[n] jedes
} { $noun } ({ $items }), nacheinander
stmt-each-in = für { $gender ->
    [m] jeden
    [f] jede
   *[n] jedes
} { $noun } aus { $items }
stmt-each-pieces = für jedes Stück { $where }
stmt-each-kinds = für jede Art von Stück { $where }
stmt-each-where = { $head }, sofern { $cond }
stmt-each-order = { $head }, geordnet nach { $keys }
# Ein Schlüssel einer Reihenfolge; $key_dat ist derselbe im Dativ (nach „nach“).
order-key = { $key_dat } ({ $order ->
    [descending] höchster Wert zuerst
   *[ascending] niedrigster Wert zuerst
})
order-then = { $first }, dann nach { $next }
stmt-while = solange { $cond }:
repeat-times = { $n ->
    [one] einmal
    [2] zweimal
   *[other] { $n }-mal
}
stmt-repeat = { repeat-times }:
stmt-repeat-if = { $then }, falls { $cond }, sonst { $otherwise }:
stmt-repeat-np = so oft wie { $n }:
stmt-repeat-per = einmal pro { $noun }:
stmt-let = { $label } steht für: { $value }.
qty-everything = alles
qty-all = alle { $what }
qty-exact = { $n } { $what }
qty-up-to = bis zu { $n } { $what }
qty-np = so viele { $what } wie { $n }
qty-up-to-np = { $what }, höchstens { $n },
stmt-move = { $what } { $src } { $dst } legen.
stmt-draw = { $what } zufällig { $src } { $dst } ziehen.
stmt-create = { $what } { $dst } bereitlegen.
stmt-shuffle = { $pile } mischen.
stmt-place-top = { $cards } oben { $pile_to } legen.
stmt-place-bottom = { $cards } unter { $pile_acc } legen.
stmt-reveal = { $count ->
    [one] die oberste Karte
    [varies] die obersten Karten ({ $n })
   *[other] die obersten { $n } Karten
} { $src } aufdecken und { $dst } legen.
stmt-may = { $player } darf Folgendes tun ({ $decision }):
stmt-may-not = falls nicht:
stmt-choose = { $player } wählt ({ $decision }) aus { $options }{ $optional ->
    [yes] {" "}oder verzichtet
   *[no] {""}
}:
stmt-distribute = { $player } verteilt { $what } { $src } auf { $targets } ({ $decision }):
stmt-limit-most = höchstens { $n } auf { $where }.
stmt-limit-least = mindestens { $n } auf { $where }.
stmt-do = „{ $rule }“ anwenden.
stmt-do-repeats = „{ $rule }“ anwenden; das wiederholt sich: die Regel führt zu sich selbst zurück.
stmt-secretly = geheim und alle gleichzeitig:
# plans
stmt-plan = geheim plant jeder von { $players } { $n } Schritte ({ $decision }), jeder gewählt aus { $options }{ $optional ->
    [yes] {""} oder leer gelassen
   *[no] {""}
}; wenn alle geplant haben, werden alle Pläne zugleich aufgedeckt als { $target }
# end plans
stmt-end = das Spiel endet sofort.
stmt-show = { $cards } nur { $player } zeigen.
stmt-set-active = { $player } wird aktiver Spieler.
stmt-set = { $target } auf { $value } setzen.
stmt-add = { $target } um { $n } erhöhen.
stmt-subtract = { $target } um { $n } verringern.
# turns
stmt-turn = { $player } ist am Zug:
stmt-turn-abilities = während des ganzen Zuges darf er { $abilities } einsetzen.
stmt-act-one = die Aktion { $actions } ausführen, wenn sie erlaubt ist.
stmt-act-choose = eine der Aktionen { $actions } ausführen{ $optional ->
    [yes] {""} oder keine
   *[no] {""}
}.
stmt-act-any-order = jede erlaubte Aktion aus { $actions } ausführen, in der Reihenfolge, die der Spieler wählt.
stmt-act-until-pass = die Aktionen { $actions } ausführen, eine nach der anderen und so oft sie erlaubt sind, bis der Spieler aufhört.
# end turns

## Deklarationen

decl-modify = { $what }: { $change }
decl-modify-if = { $text }, falls { $cond }
change-also = zusätzlich { $what }
change-plus = { $n } mehr
change-minus = { $n } weniger
change-becomes = wird zu { $value }
decl-hook-before = vor „{ $rule }“
decl-hook-after = nach „{ $rule }“
decl-hook-instead = statt „{ $rule }“
decl-hook-at = { $when }
decl-hook-if = { $head }, falls { $cond }
decl-on-reveal = sobald diese Karte aufgedeckt wird
decl-on-event = wenn diese Karte eingesetzt wird

## Seitentexte

ui-summary-title = { $game }: Regelübersicht
ui-quickref-title = { $game }: Kurzübersicht
ui-intro = Für { $players }. Aus den Regeldateien erzeugt: Jede Zahl hier ist die, mit der die Regeln rechnen.
ui-modules-on = { $count ->
    [one] Optionales Modul
   *[other] Optionale Module
} im Spiel: { $modules }.
ui-modules-off = Standardspiel: kein optionales Modul im Spiel.
ui-footer = Von ratdsl aus den Regeldateien erzeugt, mit den geltenden Optionen.
ui-section-variant = Variante: { $variant }
ui-variant-intro = Diese Übersicht beschreibt die Hausregel { $variant }. Ihre Änderungen sind mit „{ $changed }“ oder „{ $added }“ markiert.
ui-variant-added = Neu: { $what }.
ui-variant-changed = Geändert: { $what }.
ui-variant-removed = Entfernt: { $what }.
ui-variant-rows = Geändert: { $what }: { $changes }.
ui-variant-row-more = von { $low } bis { $high } { $var } { $delta } mehr
ui-variant-row = von { $low } bis { $high } { $var } { $old } → { $new }
ui-variant-row-rest = über { $low } { $var } { $new } statt { $old }
ui-variant-option = { $option }: jetzt { $value }.
ui-variant-modules = Eingeschaltete optionale Module: { $modules }.
ui-other-rule = eine eigene Regel
ui-what = { $kind ->
    [phase] die Phase { $name }
    [card] die Karte { $name }
    [table] { $name }
    [rule] die Regel { $name }
    [func] der Wert { $name }
    [const] der Wert { $name }
    [option] die Option { $name }
    [deck] der Stapel { $name }
    [scoring] die Wertung
    [round] die Reihenfolge der Phasen
   *[other] { $name }
}
ui-what-step = der Schritt { $step } der Phase { $phase }
ui-badge-changed = durch die Variante geändert
ui-badge-added = durch die Variante neu
ui-badge-set-variant = von der Variante gesetzt
ui-badge-set-command = nicht die Voreinstellung
ui-section-setup = Spielmaterial und Spielvorbereitung
ui-components = Spielmaterial
ui-setup = Spielvorbereitung
ui-col-component = Material
ui-col-where = Ort
ui-col-amount = Anzahl
ui-section-round = Ablauf einer Runde
ui-section-board = Der Spielplan: { $board }
ui-board-intro = { $count ->
    [one] Der Spielplan hat ein Feld.
   *[other] Der Spielplan hat { $count } Felder.
}
ui-col-space = Feld
ui-col-in-play = Im Spiel bei
ui-col-capacity = Fasst höchstens
ui-board-no-limit = –
ui-board-edge = { $space } grenzt an { $others }.
ui-board-one-way = Von { $space } führt ein Weg nur in eine Richtung: nach { $others }.
ui-round-generic = Jede Runde hat { $count } Phasen in dieser Reihenfolge:
ui-round-ends-after = { $count ->
    [one] Das Spiel endet, sobald die erste Runde gespielt ist.
   *[other] Das Spiel endet, sobald Runde { $count } zu Ende gespielt ist; diese Runde zählt mit.
}
ui-round-cap = { $count ->
    [one] Ein Spiel dauert höchstens eine Runde: Ist es dann nicht zu Ende, brechen die Regeln es ab.
   *[other] Ein Spiel dauert höchstens { $count } Runden: Ist es dann nicht zu Ende, brechen die Regeln es ab.
}
# turns
ui-section-actions = Aktionen
ui-action-quoted = „{ $title }“
ui-action-ability = Eine Fähigkeit: Sie darf jederzeit während des eigenen Zuges eingesetzt werden.
ui-action-only-if = nur erlaubt, wenn { $cond }.
ui-action-limit = { $n ->
    [one] höchstens einmal pro Zug.
   *[other] höchstens { $n }-mal pro Zug.
}
ui-action-cost = sie kostet:
ui-ends-turn = Das Spiel endet am Ende eines Zuges, in dem { $cond }; diese Runde zählt.
ui-ends-round = Das Spiel endet am Ende einer Runde, in der { $cond }; diese Runde zählt.
ui-ends-once = Das Spiel endet, sobald { $cond }; diese Runde zählt.
# end turns
ui-phase-title = Phase { $n }: { $title }
ui-details = Im Einzelnen
ui-deck-active = Eine Karte dieses Stapels wirkt nur, solange { $cond }.
ui-group-heading = { $group } ({ $count })
ui-field = { $field }: { $value }
ui-no-effect = Keine eigene Wirkung.
ui-col-card = Karte
ui-row-range = { $low }–{ $high }
ui-row-more = ab { $low }
ui-row-other = alle übrigen
ui-section-players = Spielerzahl
ui-players-intro = Das Spiel ist für { $players }. Was sich mit der Spielerzahl ändert:
ui-col-rule = Regel
ui-func-is = { $what }: { $value }
ui-see-rule = { $rule }: siehe Phase { $n }, { $phase }.
ui-section-scoring = Spielende, Wertung und Gleichstand
ui-end-card = die Karte { $card } aufgedeckt wird
ui-end-step = der Schritt { $step } gespielt wird
ui-game-ends = Das Spiel endet, sobald { $what }.
ui-score-is = jeder Spieler erhält { $value } Punkte.
ui-tiebreak = Gleichstand, Stufe { $n }: { $value } entscheidet, mehr ist besser.
ui-tie-shared = wer danach noch gleichauf liegt, teilt sich den Sieg.
ui-section-other = Weitere Regeln
ui-section-module = Optionales Modul: { $module }
ui-module-rules = Regeln des Moduls
ui-section-options = Geltende Optionen
ui-options-intro = Wo sich die Spielregel auf mehr als eine Weise lesen lässt, benennen die Regeldateien eine Option. Dieser Übersicht liegen folgende Lesarten zugrunde:
ui-col-option = Option
ui-col-value = Geltende Lesart
ui-default-was = (Voreinstellung: { $value })
ui-label-sep = :{" "}
ui-head = { $text }:
ui-with-note = { $text } { $note }
ui-option-note = ({ $options })
ui-option-value = { $option }: { $value }
ui-group = die { $group } ({ $items })
ui-untranslated = { ui-quoted } (nicht übersetzt)
ui-quoted = „{ $text }“
ui-number = { $n }
ui-amount = { $n } { $what }
ui-amount-np = { $n } { $what }
ui-amount-short = { $n } { $what }
ui-by-players = { $value } bei { $players }
ui-players = { $range } { $case ->
    [dat] Spielern
   *[other] Spieler
}
ui-range = { $low }–{ $high }
ui-label = ({ $n ->
    [1] A
    [2] B
    [3] C
    [4] D
    [5] E
   *[other] { $n }
})
ui-steps-sep = {"; "}
ui-list-sep = {", "}
ui-list-and = { $first } und { $last }
ui-list-or = { $first } oder { $last }
