# Frases genéricas para los resúmenes de reglas: español.
#
# Estos modelos convierten la estructura de cualquier regla en frases; no conocen ningún juego.
# Los sustantivos vienen de los mensajes del juego (zone-*, pile-*, kind-*, const-*...), con el
# atributo .gender (m o f) y, si hace falta, .prep (en, sobre; si no, «a»). Variables: como en
# inglés; $number es one u other (singular o plural).

## Gramática
grammar-noun-attributes = gender
grammar-genders = m f
grammar-contractions = a el=al; de el=del

## Formas auxiliares (comparten las variables del mensaje que las usa)

e-art = { $number ->
    [one] { $gender ->
        [f] la
       *[other] el
    }
   *[other] { $gender ->
        [f] las
       *[other] los
    }
}
e-poss = { $number ->
    [one] su
   *[other] sus
}
e-dem = { $number ->
    [one] { $gender ->
        [f] esta
       *[other] este
    }
   *[other] { $gender ->
        [f] estas
       *[other] estos
    }
}
e-chosen = { $number ->
    [one] { $gender ->
        [f] elegida
       *[other] elegido
    }
   *[other] { $gender ->
        [f] elegidas
       *[other] elegidos
    }
}
e-rest = { $owner ->
    [own] { e-poss } { $name }
    [this] { e-dem } { $name }
    [chosen] { e-art } { $name } { e-chosen }
    [other] { e-art } { $name } { $of }
   *[shared] { e-art } { $name }
}

## Palabras

word-thing = { $form ->
    [gender] f
   *[other] { $count ->
        [one] cosa
       *[other] cosas
    }
}
word-place = { $form ->
    [gender] m
   *[other] { $count ->
        [one] lugar
       *[other] lugares
    }
}
word-card = { $form ->
    [gender] f
   *[other] { $count ->
        [one] carta
       *[other] cartas
    }
}
word-piece = { $form ->
    [gender] f
   *[other] { $count ->
        [one] ficha
       *[other] fichas
    }
}
word-side = { $form ->
    [gender] m
   *[other] { $count ->
        [one] lado
       *[other] lados
    }
}
word-number = { $form ->
    [gender] m
   *[other] { $count ->
        [one] número
       *[other] números
    }
}
word-value = { $form ->
    [gender] m
   *[other] { $count ->
        [one] valor
       *[other] valores
    }
}
word-player = { $form ->
    [gender] m
   *[other] { $count ->
        [one] jugador
       *[other] jugadores
    }
}
word-yes = sí
word-no = no
word-none = ninguno
word-nothing = nada
word-left = izquierda
word-right = derecha
word-decision = una elección
word-field = valor
word-result = Resultado
word-untitled = (sin título)

## Lugares: una zona o un mazo, con su dueño

place-nom = { e-rest }
place-acc = { e-rest }
place-dat = { e-rest }
place-gen = { $owner ->
    [shared] { $number ->
        [one] { $gender ->
            [f] de la { $name }
           *[other] del { $name }
        }
       *[other] de { e-art } { $name }
    }
    [other] { $number ->
        [one] { $gender ->
            [f] de la { $name } { $of }
           *[other] del { $name } { $of }
        }
       *[other] de { e-art } { $name } { $of }
    }
    [chosen] { $number ->
        [one] { $gender ->
            [f] de la { $name } { e-chosen }
           *[other] del { $name } { e-chosen }
        }
       *[other] de { e-art } { $name } { e-chosen }
    }
   *[other] de { e-rest }
}
place-from = { place-gen }
place-to = { $prep ->
    [en] en { e-rest }
    [sobre] sobre { e-rest }
   *[other] { $owner ->
        [own] a { e-rest }
        [this] a { e-rest }
       *[other] { $number ->
            [one] { $gender ->
                [f] a { e-rest }
               *[other] al { $name }{ $owner ->
                    [other] {" "}{ $of }
                    [chosen] {" "}{ e-chosen }
                   *[shared] {""}
                }
            }
           *[other] a { e-rest }
        }
    }
}
place-in = { $prep ->
    [sobre] sobre { e-rest }
   *[other] en { e-rest }
}
place-nom-np = { $np }
place-acc-np = { $np }
place-dat-np = { $np }
place-gen-np = de { $np }
place-from-np = de { $np }
place-to-np = a { $np }
place-in-np = en { $np }

## Referencias

ref-player = { $case ->
    [gen] { $which ->
        [chosen] del jugador elegido
        [other] del otro jugador
       *[this] del jugador
    }
    [dat] { $which ->
        [chosen] al jugador elegido
        [other] al otro jugador
       *[this] al jugador
    }
   *[other] { $which ->
        [chosen] el jugador elegido
        [other] el otro jugador
       *[this] el jugador
    }
}
ref-this = { $case ->
    [gen] de { $gender ->
        [f] esta { $noun }{ $which ->
            [chosen] {" "}elegida
           *[this] {""}
        }
       *[other] este { $noun }{ $which ->
            [chosen] {" "}elegido
           *[this] {""}
        }
    }
   *[other] { $gender ->
        [f] esta { $noun }{ $which ->
            [chosen] {" "}elegida
           *[this] {""}
        }
       *[other] este { $noun }{ $which ->
            [chosen] {" "}elegido
           *[this] {""}
        }
    }
}
ref-side = { $case ->
    [gen] del lado { $side ->
        [left] izquierdo
       *[right] derecho
    }
    [dat] al lado { $side ->
        [left] izquierdo
       *[right] derecho
    }
   *[other] el lado { $side ->
        [left] izquierdo
       *[right] derecho
    }
}
ref-param = { $name }
ref-label = { $case ->
    [gen] de { $label }
   *[other] { $label }
}
ref-players = { $case ->
    [gen] de los jugadores
    [dat] a los jugadores
   *[other] los jugadores
}
ref-active = { $case ->
    [gen] del jugador activo
    [dat] al jugador activo
   *[other] el jugador activo
}
ref-round = el número de ronda
ref-player-count = el número de jugadores
ref-base = el valor habitual
ref-this-card = { $case ->
    [gen] de esta carta
    [dat] a esta carta
   *[other] esta carta
}
ref-it = ello

## Sintagmas nominales

np-the = { $number ->
    [one] { $gender ->
        [f] la
       *[m] el
    }
   *[other] { $gender ->
        [f] las
       *[m] los
    }
} { $noun }
np-of-player = { $own ->
    [yes] su { $noun }
   *[no] { $gender ->
        [f] la
       *[m] el
    } { $noun } { $player_gen }
}
np-field = el valor «{ $field }» { $of }
np-card-field-var = lo que { $card } indica para { $field }
np-nth = { $n ->
    [1] el primer valor
    [2] el segundo valor
    [3] el tercer valor
   *[other] el valor n.º { $n }
} { $of_gen }
np-first-n = los primeros { $n } { $of_gen }
np-count-in = el número de { $what } { $where }
np-table = { $table } para { $arg }
np-size = el número de cartas { $of }
np-min = el menor valor entre { $items }
np-max = el mayor valor entre { $items }
np-neighbour = { $case ->
    [gen] { $own ->
        [yes] de su vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        }
       *[no] del vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        } { $of }
    }
    [dat] { $own ->
        [yes] a su vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        }
       *[no] al vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        } { $of }
    }
   *[other] { $own ->
        [yes] su vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        }
       *[no] el vecino de la { $side ->
            [left] izquierda
           *[right] derecha
        } { $of }
    }
}
np-neighbour-on = { $case ->
    [gen] del vecino { $of } por { $side }
   *[other] el vecino { $of } por { $side }
}
np-opposite = { $this ->
    [yes] { $case ->
        [gen] del lado opuesto
       *[other] el lado opuesto
    }
   *[no] { $case ->
        [gen] del lado opuesto a { $side }
       *[other] el lado opuesto a { $side }
    }
}
np-top = la carta superior { $of }
np-all-cards = todas las { $deck }
np-sample = { $n } cartas elegidas al azar entre { $of }
np-pick = un jugador elegido al azar entre { $of }
np-pieces = cada ficha { $of }
np-kinds = cada tipo de ficha { $of }
np-contents = las fichas { $of }
np-one-of-each = una ficha de cada tipo de { $of }
np-at-phase-start = { $value } al comienzo de la fase
np-rank = el puesto { $of } contando desde el jugador activo
np-share = { $total }, repartido de uno en uno entre { $claims }
np-share-evenly = { $total }, repartido a partes iguales entre { $claims } (lo que no se puede repartir por igual sobra)
np-owner = el dueño { $of }
np-len = el número de elementos { $of }
np-sum = la suma { $of }
np-abs = el valor absoluto { $of }
np-seat = el número de asiento { $of }
np-any = si algún elemento { $of } cumple
np-all = si todos los elementos { $of } cumplen
np-spaces = las casillas en juego de { $board }
np-neighbours = las casillas vecinas { $of }
np-adjacent = si una arista va { $a_gen } { $b_dat }
np-distance = la distancia en aristas entre { $a } y { $b }
np-room = el espacio libre { $of }
# turns: orders of play
np-clockwise = los jugadores en el sentido de las agujas del reloj, empezando por { $of }
np-counter-clockwise = los jugadores en sentido contrario a las agujas del reloj, empezando por { $of }
np-clockwise-after = los jugadores en el sentido de las agujas del reloj, empezando por el jugador que sigue a { $of }
np-counter-clockwise-after = los jugadores en sentido contrario a las agujas del reloj, empezando por el jugador que sigue a { $of }
np-snake = los jugadores en el sentido de las agujas del reloj desde { $of }, y luego de vuelta en sentido contrario
# end turns
np-result = el resultado para { $items }
np-if = { $then } si { $cond }; si no, { $otherwise }
np-range = de { $low } a { $high }
np-where = { $items } para los que { $cond }
np-ordered = { $items } ordenados por { $keys }
np-extreme = { $player ->
    [yes] el jugador con el { $most ->
        [yes] mayor
       *[no] menor
    } valor de { $key }
   *[no] el elemento con el { $most ->
        [yes] mayor
       *[no] menor
    } valor de { $key }
}
np-each = { $value } para cada elemento de { $items }
np-pile-cards = las cartas { $pile }

## Cálculo

math-plus = { $a } + { $b }
math-minus = { $a } − { $b }
math-times = { $a } × { $b }
math-div = { $a } ÷ { $b } (redondeado hacia abajo)
math-mod = el resto de { $a } ÷ { $b }
math-group = ({ $a })
math-neg = −{ $a }

## Condiciones

cond-always = siempre
cond-never = nunca
cond-not = no es cierto que { $cond }
cond-players = juegan { $players }
cond-exists = existe { $a }
cond-missing = no existe { $a }
cond-is-kind-eq = { $a } es { $gender ->
    [f] una
   *[m] un
} { $noun }
cond-is-kind-ne = { $a } no es { $gender ->
    [f] una
   *[m] un
} { $noun }
cond-is = { $a } es { $b }
cond-is-not = { $a } no es { $b }
cond-func = { $what }
cond-any = { $cond }, para al menos uno { $items_gen }
cond-all = { $cond }, para cada uno { $items_gen }
cond-eq = { $a } es igual a { $b }
cond-ne = { $a } es distinto de { $b }
cond-lt = { $a } es menor que { $b }
cond-le = { $a } es como máximo { $b }
cond-gt = { $a } es mayor que { $b }
cond-ge = { $a } es como mínimo { $b }
cond-in = { $a } está entre { $b }
cond-holds = se cumple «{ $what }»

## Instrucciones (en infinitivo, como en un reglamento)

stmt-if = si { $cond }:
stmt-if-players = con { $players }:
stmt-else-if = si no, si { $cond }:
stmt-else = si no:
stmt-each-player = para cada jugador, por turnos desde el jugador activo
stmt-each-of = para cada { $noun } ({ $items }), uno tras otro
stmt-each-in = para cada { $noun } de { $items }
stmt-each-pieces = para cada ficha { $where }
stmt-each-kinds = para cada tipo de ficha { $where }
stmt-each-where = { $head }, si { $cond }
stmt-each-order = { $head }, ordenados por { $keys }
# Una clave de un orden ($key_dat: la misma en dativo, para lenguas con casos).
order-key = { $key } ({ $order ->
    [descending] de mayor a menor
   *[ascending] de menor a mayor
})
order-then = { $first }, y luego por { $next }
stmt-while = mientras { $cond }:
repeat-times = { $n ->
    [one] una vez
    [2] dos veces
   *[other] { $n } veces
}
stmt-repeat = { repeat-times }:
stmt-repeat-if = { $then } si { $cond }; si no, { $otherwise }:
stmt-repeat-np = tantas veces como { $n }:
stmt-repeat-per = una vez por cada { $noun }:
stmt-let = { $label } significa: { $value }.
qty-everything = todo
qty-all = { $gender ->
    [f] todas las
   *[other] todos los
} { $what }
qty-exact = { $n } { $what }
qty-up-to = hasta { $n } { $what }
qty-np = { $gender ->
    [f] tantas
   *[m] tantos
} { $what } como { $n }
qty-up-to-np = { $what }, como máximo { $n },
stmt-move = mover { $what } { $src } { $dst }.
stmt-draw = sacar al azar { $what } { $src } { $dst }.
stmt-create = poner { $what } { $dst }.
stmt-shuffle = barajar { $pile }.
stmt-place-top = poner { $cards } encima { $pile_gen }.
stmt-place-bottom = poner { $cards } debajo { $pile_gen }.
stmt-reveal = revelar { $count ->
    [one] la carta superior
    [varies] las cartas superiores ({ $n })
   *[other] las { $n } cartas superiores
} { $src } y { $count ->
    [one] ponerla
   *[other] ponerlas
} { $dst }.
stmt-may = { $player } puede elegir hacer esto ({ $decision }):
stmt-may-not = si no lo hace:
stmt-choose = { $player } elige ({ $decision }) entre { $options }{ $optional ->
    [yes] {" "}o pasa
   *[no] {""}
}:
stmt-distribute = { $player } reparte { $what } { $src } entre { $targets } ({ $decision }):
stmt-limit-most = como máximo { $n } en { $where }.
stmt-limit-least = como mínimo { $n } en { $where }.
stmt-do = aplicar «{ $rule }».
stmt-do-repeats = aplicar «{ $rule }», que se repite: vuelve a sí misma.
stmt-secretly = en secreto, todos a la vez:
# plans
stmt-plan = en secreto, cada uno de { $players } planea { $n } pasos ({ $decision }), cada uno elegido entre { $options }{ $optional ->
    [yes] {""} o dejado vacío
   *[no] {""}
}; cuando todos han planeado, todos los planes se revelan a la vez como { $target }
# end plans
stmt-end = la partida termina inmediatamente.
stmt-show = mostrar { $cards } solo { $player }.
stmt-set-active = { $player } pasa a ser el jugador activo.
stmt-set = fijar { $target } en { $value }.
stmt-add = aumentar { $target } en { $n }.
stmt-subtract = reducir { $target } en { $n }.
# turns
stmt-turn = { $player } juega su turno:
stmt-turn-abilities = en cualquier momento de su turno puede usar { $abilities }.
stmt-act-one = realizar la acción { $actions } si está permitida.
stmt-act-choose = realizar una de las acciones { $actions }{ $optional ->
    [yes] {""}, o ninguna
   *[no] {""}
}.
stmt-act-any-order = realizar cada acción permitida de { $actions }, en el orden que elija el jugador.
stmt-act-until-pass = realizar las acciones { $actions }, una tras otra y tantas veces como estén permitidas, hasta que el jugador se detenga.
# end turns

## Declaraciones

decl-modify = { $what }: { $change }
decl-modify-if = { $text }, cuando { $cond }
change-also = además { $what }
change-plus = { $n } más
change-minus = { $n } menos
change-becomes = pasa a ser { $value }
decl-hook-before = antes de «{ $rule }»
decl-hook-after = después de «{ $rule }»
decl-hook-instead = en lugar de «{ $rule }»
decl-hook-at = { $when }
decl-hook-if = { $head }, si { $cond }
decl-on-reveal = en cuanto se revela esta carta
decl-on-event = cuando se usa esta carta

## Textos de la página

ui-summary-title = { $game }: resumen de las reglas
ui-quickref-title = { $game }: referencia rápida
ui-intro = Para { $players }. Escrito a partir de los archivos de reglas: cada número que aparece aquí es el que usan las reglas.
ui-modules-on = { $count ->
    [one] Módulo opcional en juego
   *[other] Módulos opcionales en juego
}: { $modules }.
ui-modules-off = Juego básico: no hay ningún módulo opcional en juego.
ui-footer = Generado por ratdsl a partir de los archivos de reglas, con las opciones vigentes.
ui-section-variant = Variante: { $variant }
ui-variant-intro = Este resumen describe la regla de la casa { $variant }. Sus cambios están marcados con «{ $changed }» o «{ $added }».
ui-variant-added = Añadido: { $what }.
ui-variant-changed = Cambiado: { $what }.
ui-variant-removed = Eliminado: { $what }.
ui-variant-rows = Cambiado: { $what }: { $changes }.
ui-variant-row-more = de { $low } a { $high } { $var }, { $delta } más
ui-variant-row = de { $low } a { $high } { $var }, { $old } → { $new }
ui-variant-row-rest = más de { $low } { $var }, { $new } en vez de { $old }
ui-variant-option = { $option }: ahora { $value }.
ui-variant-modules = Módulos opcionales activados: { $modules }.
ui-other-rule = una regla propia
ui-what = { $kind ->
    [phase] la fase { $name }
    [card] la carta { $name }
    [table] { $name }
    [rule] la regla { $name }
    [func] el valor { $name }
    [const] el valor { $name }
    [option] la opción { $name }
    [deck] el mazo { $name }
    [scoring] la puntuación
    [round] el orden de las fases
   *[other] { $name }
}
ui-what-step = el paso { $step } de la fase { $phase }
ui-badge-changed = { $gender ->
    [f] cambiada por la variante
   *[other] cambiado por la variante
}
ui-badge-added = { $gender ->
    [f] añadida por la variante
   *[other] añadido por la variante
}
ui-badge-set-variant = fijado por la variante
ui-badge-set-command = no es el valor por defecto
ui-section-setup = Componentes y preparación
ui-components = Componentes
ui-setup = Preparación
ui-col-component = Componente
ui-col-where = Dónde
ui-col-amount = Cantidad
ui-section-round = Desarrollo de una ronda
ui-section-board = El tablero: { $board }
ui-board-intro = { $count ->
    [one] El tablero tiene una casilla.
   *[other] El tablero tiene { $count } casillas.
}
ui-col-space = Casilla
ui-col-in-play = En juego con
ui-col-capacity = Admite como máximo
ui-board-no-limit = –
ui-board-edge = { $space } linda con { $others }.
ui-board-one-way = Desde { $space } un camino de un solo sentido lleva a { $others }.
ui-round-generic = Cada ronda tiene { $count } fases, en este orden:
ui-round-ends-after = { $count ->
    [one] La partida termina en cuanto se ha jugado la primera ronda.
   *[other] La partida termina en cuanto se ha jugado entera la ronda { $count }; esa ronda cuenta.
}
ui-round-cap = { $count ->
    [one] Una partida dura como mucho una ronda: si no ha terminado entonces, las reglas la detienen.
   *[other] Una partida dura como mucho { $count } rondas: si no ha terminado entonces, las reglas la detienen.
}
# turns
ui-section-actions = Acciones
ui-action-quoted = «{ $title }»
ui-action-ability = Una habilidad: se puede usar en cualquier momento del propio turno.
ui-action-only-if = permitida solo si { $cond }.
ui-action-limit = { $n ->
    [one] como máximo una vez por turno.
   *[other] como máximo { $n } veces por turno.
}
ui-action-cost = cuesta:
ui-ends-turn = La partida termina al final de un turno en el que { $cond }; esa ronda cuenta.
ui-ends-round = La partida termina al final de una ronda en la que { $cond }; esa ronda cuenta.
ui-ends-once = La partida termina en cuanto { $cond }; esa ronda cuenta.
# end turns
ui-phase-title = Fase { $n }: { $title }
ui-details = En detalle
ui-deck-active = Una carta de este mazo solo tiene efecto mientras { $cond }.
ui-group-heading = { $group } ({ $count })
ui-field = { $field }: { $value }
ui-no-effect = Sin efecto propio.
ui-col-card = Carta
ui-row-range = { $low }–{ $high }
ui-row-more = { $low } o más
ui-row-other = cualquier otro caso
ui-section-players = Número de jugadores
ui-players-intro = El juego es para { $players }. Lo que cambia según el número de jugadores:
ui-col-rule = Regla
ui-func-is = { $what }: { $value }
ui-see-rule = { $rule }: véase la fase { $n }, { $phase }.
ui-section-scoring = Final de la partida, puntuación y empates
ui-end-card = se revela la carta { $card }
ui-end-step = se juega el paso { $step }
ui-game-ends = La partida termina en cuanto { $what }.
ui-score-is = cada jugador obtiene { $value }.
ui-tiebreak = desempate { $n }: { $value }; gana el valor más alto.
ui-tie-shared = los jugadores que sigan empatados comparten la victoria.
ui-section-other = Otras reglas
ui-section-module = Módulo opcional: { $module }
ui-module-rules = Reglas del módulo
ui-section-options = Opciones vigentes
ui-options-intro = Donde el reglamento admite más de una lectura, los archivos de reglas definen una opción. Estas son las lecturas que sigue este resumen:
ui-col-option = Opción
ui-col-value = Lectura vigente
ui-default-was = (por defecto: { $value })
ui-label-sep = :{" "}
ui-head = { $text }:
ui-with-note = { $text } { $note }
ui-option-note = ({ $options })
ui-option-value = { $option }: { $value }
ui-group = los { $group } ({ $items })
ui-untranslated = { ui-quoted } (sin traducir)
ui-quoted = «{ $text }»
ui-number = { $n }
ui-amount = { $n } { $what }
ui-amount-np = { $n } { $what }
ui-amount-short = { $n } { $what }
ui-by-players = { $value } con { $players }
ui-players = { $range } { $count ->
    [one] jugador
   *[other] jugadores
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
ui-list-and = { $first } y { $last }
ui-list-or = { $first } o { $last }
