# RatLand: mensajes en español del resumen de reglas (`ratdsl summary rules/ratland --lang es`).
#
# Las claves son los identificadores de los archivos de reglas (véase ratdsl/summaries/elements.py).
# Aquí no se escribe ningún número: llegan de los archivos de reglas como variables ($rat,
# $yellow, $n1..., además de cada opción y cada constante). Los sustantivos llevan .gender (m, f)
# y, si hace falta, .prep (en, sobre). `ratdsl i18n check rules/ratland` indica los mensajes que
# faltan, sobran o están mal escritos.

game = RatLand

## Componentes: sustantivos. Los tipos de ficha y los grupos cambian según $count.

kind-rat = { $count ->
    [one] rata
   *[other] ratas
}
    .gender = f
    .short = { $count ->
        [one] rata
        [adj] rata
       *[other] ratas
    }
kind-yellow = { $count ->
    [one] queso amarillo
   *[other] quesos amarillos
}
    .gender = m
    .short = { $count ->
        [one] amarillo
        [adj] amarillo
       *[other] amarillos
    }
kind-orange = { $count ->
    [one] queso naranja
   *[other] quesos naranjas
}
    .gender = m
    .short = { $count ->
        [one] naranja
        [adj] naranja
       *[other] naranjas
    }
kind-white = { $count ->
    [one] queso blanco
   *[other] quesos blancos
}
    .gender = m
    .short = { $count ->
        [one] blanco
        [adj] blanco
       *[other] blancos
    }
kind-black = { $count ->
    [one] queso negro
   *[other] quesos negros
}
    .gender = m
    .short = { $count ->
        [one] negro
        [adj] negro
       *[other] negros
    }
kind-purple = { $count ->
    [one] queso morado
   *[other] quesos morados
}
    .gender = m
    .short = { $count ->
        [one] morado
        [adj] morado
       *[other] morados
    }
kind-blue = { $count ->
    [one] queso azul
   *[other] quesos azules
}
    .gender = m
    .short = { $count ->
        [one] azul
        [adj] azul
       *[other] azules
    }
const-cheese = { $count ->
    [one] queso
   *[other] quesos
}
    .gender = m

zone-pile = pila común de ratas
    .gender = f
zone-supply = reserva de quesos
    .gender = f
zone-extra_supply = reserva adicional
    .gender = f
zone-bag = bolsa
    .gender = f
const-supplies = reserva de quesos
    .gender = f
zone-dump = vertedero
    .gender = m
zone-city = ciudad
    .gender = f
zone-field = campo
    .gender = m
zone-left_pipe = tubería izquierda
    .gender = f
zone-right_pipe = tubería derecha
    .gender = f
zone-pantry = despensa
    .gender = f
zone-nursery = criadero
    .gender = m
zone-both = casilla de criadero y despensa
    .gender = f
zone-reserve = reserva tras la pantalla
    .gender = f
zone-drawn = mano
    .gender = f
zone-infirmary = enfermería
    .gender = f
zone-lost = carta de perdidas
    .gender = f
    .prep = sobre
zone-graveyard = cementerio
    .gender = m
const-areas = { $count ->
    [one] zona
   *[other] zonas
}
    .gender = f
const-pipes = { $count ->
    [one] tubería
   *[other] tuberías
}
    .gender = f
const-placement = { $count ->
    [one] lugar del tablero
   *[other] lugares del tablero
}
    .gender = m
const-deployable = { $count ->
    [one] lugar de despliegue
   *[other] lugares de despliegue
}
    .gender = m
const-sewer = { $count ->
    [one] lugar de la alcantarilla
   *[other] lugares de la alcantarilla
}
    .gender = m
const-whole_clan = { $count ->
    [one] lugar del clan
   *[other] lugares del clan
}
    .gender = m
pile-box = caja del juego
    .gender = f
pile-event_deck = mazo de eventos
    .gender = m
    .prep = sobre
pile-event_row = evento en curso
    .gender = m
pile-event_discard = descarte de eventos
    .gender = m
pile-food_deck = mazo de comida
    .gender = m
    .prep = sobre
pile-food_row = comida en curso
    .gender = f
pile-food_discard = descarte de comida
    .gender = m
const-boxes = { $count ->
    [one] caja del juego en uso
   *[other] cajas del juego en uso
}
    .gender = f
const-food_cards_per_round = { $count ->
    [one] carta de comida revelada por ronda
   *[other] cartas de comida reveladas por ronda
}
    .gender = f

## Opciones: la pregunta y cada lectura

option-rat_pile = Ratas en una caja
option-starting_player = Quién empieza
option-starting_player-first_seat = quien vio una rata más recientemente, si no el más joven
option-starting_player-random = un jugador elegido al azar
option-food_order = Orden del mazo de comida
option-food_order-shuffled = barajado
option-food_order-sorted = ordenado, con la carta 1 arriba (primeras partidas)
option-two_player_pantry = La despensa con 2 jugadores
option-two_player_pantry-unused = no se usa
option-two_player_pantry-defends = también defiende
option-forage_rat = Qué rata afecta un queso negro, morado o azul
option-forage_rat-area_rat = una enviada a esa zona
option-forage_rat-any_rat = cualquiera, a elección del jugador
option-supply_shortage = Cuando se agota la reserva de quesos
option-supply_shortage-fill_what_remains = solo se usa lo que queda
option-supply_shortage-unlimited = una reserva adicional completa lo que falta
option-extra_cheese_types = Quesos adicionales con 5–6 jugadores
option-extra_cheese_types-shown_colours = uno de cada color de la carta
option-extra_cheese_types-all_colours = uno de cada color
option-eleven_plus_extra = Quesos adicionales con 11–12 jugadores
option-eleven_plus_extra-per_card = por cada una de las dos cartas de comida
option-eleven_plus_extra-per_colour = una vez por color
option-massive_attacks_reading = Ataques masivos
option-massive_attacks_reading-bonus_needs_attacker = +1 solo para una tubería con ratas
option-massive_attacks_reading-obligation = hay que poner al menos una rata en una tubería
option-massive_attacks_reading-plain_bonus = +1 para cada tubería, incluso vacía
option-drunk_counts = Borracho: qué ratas cuentan
option-drunk_counts-sewer_rats = las ratas de la alcantarilla (no las perdidas)
option-drunk_counts-all_rats = todas las ratas, también las perdidas
option-alarm_cheese_safe = Dar la alarma: el queso escondido está a salvo
option-alarm_cheese_safe-yes = sí
option-alarm_cheese_safe-no = no, aún se puede robar
option-just_in_time_reading = Justo a tiempo
option-just_in_time_reading-optional = cada jugador decide
option-just_in_time_reading-all_return = vuelven todas esas ratas
option-holy_rat_reading = Santa Rata
option-holy_rat_reading-must = obligatorio
option-holy_rat_reading-may = opcional
option-dr_cheese_reading = Dr. Cheese
option-dr_cheese_reading-every_pair = cada pareja de quesos blancos
option-dr_cheese_reading-once_per_draw = una pareja por robo
option-rattibal_trades = Rattibal Lecter
option-rattibal_trades-once = una rata por jugador
option-rattibal_trades-any_number = tantas ratas como se quiera
option-ap_tie = A quién afecta un empate
option-ap_tie-takes_outcome = al jugador activo, aunque le perjudique
option-ap_tie-favourable = el jugador activo elige el lado que le conviene
option-massive_attacks_two_players = Ataques masivos a 2 jugadores
option-massive_attacks_two_players-attack_only = +1 solo para el ataque
option-massive_attacks_two_players-both_pipes = +1 también para la tubería que bloquea
option-helmet_rat_reading = Rata con casco
option-helmet_rat_reading-each_draw = tras cada robo
option-helmet_rat_reading-once_per_area = una vez por zona
option-tacticians_places = Estrategas: lugares que pagan
option-tacticians_places-three_areas = el vertedero, la ciudad y el campo
option-tacticians_places-all_board_places = cada lugar del tablero
option-locked_and_loaded_limit = Preñada
option-locked_and_loaded_limit-shared_cap = tres ratas en total entre criadero y despensa
option-locked_and_loaded_limit-dual_up_to_three = tres ratas más que cuentan doble

## Preparación

setup-components = Preparar los componentes
    .text = Las ratas forman una pila común junto a los tableros y todos los quesos forman la reserva general. Las cartas de evento esperan en la caja y las de comida forman el mazo de comida. Cada jugador recibe un tablero de alcantarilla, una pantalla, una carta de cementerio/perdidas y una carta de referencia. Las cantidades figuran en la tabla.
setup-event_deck = Formar el mazo de eventos
    .text = Elegir al azar { $n1 ->
        [one] un evento final
       *[other] { $n1 } eventos finales
    }, añadir la carta { card-end_of_game } y barajarlas. Poner encima { $n2 ->
        [one] un evento inicial elegido al azar
       *[other] { $n2 } eventos iniciales elegidos al azar y barajados
    }. Las demás cartas de evento no se usan. Así, la partida dura { $n2 } rondas y hasta { $n1 } más, según dónde quede la carta { card-end_of_game } entre los eventos finales.
setup-food_deck = Preparar el mazo de comida
    .text = { $food_order ->
        [sorted] Las cartas de comida quedan ordenadas por número, con la más baja arriba.
       *[shuffled] Barajar las cartas de comida y dejarlas boca abajo.
    }
setup-clans = Cada jugador recibe ratas y queso
    .text = Cada jugador pone en su despensa { $rat ->
        [one] una rata
       *[other] { $rat } ratas
    } de la pila común y { $yellow ->
        [one] un queso amarillo
       *[other] { $yellow } quesos amarillos
    } de la reserva. { $starting_player ->
        [random] Un jugador elegido al azar es el primer jugador activo.
       *[first_seat] Empieza quien haya visto una rata más recientemente; si nadie lo recuerda, empieza el jugador más joven. Recibe la carta de Jugador Activo.
    }

## La ronda

round = Ronda
    .text = La partida se juega por rondas. Si se lo preguntan, cada jugador debe decir con sinceridad cuánto queso tiene. Cada ronda consta de las fases siguientes, en este orden, y en cada fase todos los jugadores actúan a la vez. { $ap_tie ->
        [favourable] El jugador activo resuelve cada empate a su favor; si no participa, lo hace el jugador empatado más cercano a su izquierda, y así sucesivamente.
       *[takes_outcome] El jugador activo gana todos los empates, le favorezcan o no; si no participa en el empate, lo gana el jugador empatado más cercano a su izquierda.
    }

phase-event = Evento
    .summary = La carta de jugador activo pasa al siguiente; se revelan las siguientes cartas de evento y de comida.
step-event-pass_card = La carta de jugador activo pasa a la izquierda
    .text = { $n1 ->
        [1] Salvo en la primera ronda
       *[other] Salvo en las { $n1 } primeras rondas
    }, el jugador activo entrega la carta de jugador activo al jugador de su izquierda.
step-event-reveal = Revelar las siguientes cartas de evento y de comida
    .text = Las cartas de evento y de comida de la ronda anterior van a sus descartes. Revelar { $n1 ->
        [1] la carta superior
       *[other] las { $n1 } cartas superiores
    } del mazo de eventos y después las cartas de comida: { $food_cards_per_round }.

phase-rats = Ratas
    .summary = Tras sus pantallas, los jugadores colocan sus ratas en sus tableros.
step-rats-gather = Las ratas vuelven tras la pantalla
    .text = Cada jugador recoge todas las ratas de su tablero, salvo las envenenadas y las perdidas.
step-rats-place = Cada jugador coloca sus ratas tras la pantalla
    .text = A la vez y en secreto, cada jugador reparte esas ratas entre el vertedero, la ciudad, el campo, la tubería izquierda, la tubería derecha, la despensa y el criadero{ $pipe_minimum_n1 ->
        [0] .
       *[other] , al menos { $pipe_minimum_n1 } de ellas en las tuberías.
    } Después se retiran las pantallas.
step-rats-screens_down = Se retiran las pantallas

phase-attack = Ataques
    .summary = Las tuberías atacan las despensas de los vecinos y les roban queso.
# i18n-allow: dos (“los dos atacantes”: ambos, no un número de las reglas)
step-attack-steal = Las tuberías atacan las despensas
    .text =
        La tubería izquierda ataca la despensa del vecino de la izquierda; la derecha, la del vecino de la derecha. Un ataque con más ratas que la despensa que defiende roba tantos quesos como la diferencia; si no, no pasa nada. Ninguna rata muere en un ataque.
        Todos los ataques se resuelven a la vez y sobre los quesos que había al comienzo de la fase. Si una despensa no alcanza para los dos atacantes, los quesos se reparten de uno en uno, empezando por el lado que envió más ratas.
step-attack-regroup = El queso escondido vuelve a la despensa
    .text = El queso escondido en el criadero vuelve a la despensa.

phase-nursery = Criadero
    .summary = Cada rata del criadero trae una rata nueva.
step-nursery-births = El clan crece según las ratas del criadero
    .text = Por cada rata de su criadero, cada jugador toma una rata nueva de la pila común y la pone en el criadero. Si la pila no alcanza, cría primero quien tenga menos ratas en el criadero.

phase-return = Regreso
    .summary = Las ratas envenenadas y perdidas vuelven a la despensa.
step-return-come_home = Las ratas envenenadas y perdidas vuelven
    .text = Cada jugador devuelve a su despensa las ratas de su enfermería y las de su carta de perdidas.

phase-foraging = Buscar quesos
    .summary = En el vertedero, la ciudad y el campo, las ratas sacan queso de la bolsa.
step-foraging-areas = Vertedero, ciudad y campo, uno tras otro
    .text = Primero el vertedero, luego la ciudad y por último el campo: llenar la bolsa y, a continuación, cada jugador que haya enviado ratas allí saca quesos, empezando por quien envió menos. Quien saque el último puede encontrar la bolsa vacía. Cada queso surte efecto en el acto. Antes de la zona siguiente, la bolsa se vacía en la reserva.
rule-fill_bag = Llenar la bolsa
    .text = Meter en la bolsa los quesos que las cartas de comida reveladas indican para la zona. Con { $extra_cheese }, añadir un queso más { $extra_cheese_types ->
        [all_colours] de cada color.
       *[shown_colours] de cada color que ya esté en la bolsa.
    } { $eleven_plus_extra ->
        [per_colour] Con más de { $n1 } jugadores, esos quesos adicionales se añaden una vez por color.
       *[per_card] Con más de { $n1 } jugadores, esos quesos adicionales se añaden por cada carta de comida.
    } { $supply_shortage ->
        [unlimited] Si la reserva se agota, una reserva adicional completa lo que falta.
       *[fill_what_remains] Si la reserva se agota, la bolsa recibe solo lo que queda.
    }
rule-forage = Sacar quesos
    .text = Un jugador saca de la bolsa tantos quesos como ratas envió a la zona, o los que queden.
rule-found = Qué hace cada queso
    .text =
        Cada queso que se saca surte efecto en el acto:
        - Amarillo: va a la despensa.
        - Naranja: vuelve a la reserva y el jugador toma { $orange_yellow ->
        [one] un queso amarillo
       *[other] { $orange_yellow } quesos amarillos
    } en su lugar.
        - Blanco: vuelve a la reserva; la rata no encontró nada.
        - Negro: vuelve a la reserva y una rata del jugador vuelve a la pila común. No ha muerto de hambre: no va al cementerio.
        - Morado: vuelve a la reserva y una rata queda envenenada: va a la enfermería, hay que seguir alimentándola y no juega la ronda siguiente.
        - Azul: vuelve a la reserva y una rata se pierde: va a la carta de perdidas, no se alimenta y no juega la ronda siguiente.
rule-lose_rat = Qué rata resulta afectada
    .text = { $forage_rat ->
        [any_rat] El queso se lleva { $rat_2 ->
            [one] una rata
           *[other] { $rat_2 } ratas
        }, que el jugador elige entre sus ratas desplegadas.
       *[area_rat] El queso se lleva { $rat ->
            [one] una de las ratas
           *[other] { $rat } de las ratas
        } enviadas a esa zona; si ya no queda ninguna allí, el jugador elige otra rata desplegada.
    }

phase-feeding = Alimentar
    .summary = Cada clan paga queso según su tamaño; las ratas que no se pueden alimentar mueren de hambre.
step-feeding-eat = Cada clan come; lo que no se paga muere de hambre
    .text = Cada jugador paga quesos de su despensa según la tabla de alimentación, contando cada rata de su alcantarilla: las envenenadas comen, las perdidas no. Por cada queso que no pueda pagar, una de esas ratas muere de hambre y va al cementerio.
step-feeding-round_ends = Termina la ronda

table-feeding_cost = Tabla de alimentación
    .gender = f
    .param = Ratas que alimentar
    .value = Quesos que pagar
    .var = ratas

scoring = Puntuación
    .text = Cada jugador suma un punto por cada rata suya, incluidas las envenenadas y las perdidas, y resta un punto por cada rata de su cementerio. Gana la puntuación más alta. En caso de empate gana quien tenga más quesos en la despensa; si el empate persiste, los jugadores comparten la victoria.

## Momentos con nombre en los que cartas y módulos añaden reglas

rule-event_revealed = tras revelar las cartas de evento y de comida
rule-screens_down = una vez retiradas las pantallas
rule-gathered = después de que un jugador recoja sus ratas
rule-behind_screen = antes de que un jugador coloque sus ratas tras la pantalla
rule-attacked = después de que se ataque una despensa
rule-coming_home = antes de que vuelvan las ratas envenenadas y perdidas de un jugador
rule-before_drawing = antes de que nadie saque quesos en una zona
rule-after_area = después de que todos hayan sacado quesos en una zona
rule-drew = justo después de que un jugador saque quesos
rule-round_ends = al final de la ronda
rule-before_eating = antes de que un jugador pague su comida

## Valores que calculan las reglas (para las frases generadas)

func-current_event = el evento en curso
func-placement_zones = los lugares donde { $p } puede colocar ratas
func-pipe_minimum = el mínimo de ratas que { $p } debe poner en las tuberías
func-claim = lo que puede robar el ataque contra { $d } por { $side }
func-attackers = las ratas con que { $a } ataca por { $side }
func-pipe = la tubería { $side_gen }
func-defenders = las ratas que defienden { $d_dat } { $side_gen }
    .text = Con { $n1 } jugadores, las tuberías quedan enfrentadas: las ratas de la tubería de un jugador bloquean la tubería opuesta del rival, y cada lado roba la diferencia. { $two_player_pantry ->
        [defends] Las ratas de la despensa también defienden.
       *[unused] La despensa no interviene.
    }
func-two_player_defenders = las ratas que defienden { $d_dat } { $side_gen } cuando las tuberías quedan enfrentadas
func-pantry_guard = las ratas que guardan la despensa { $d_gen }
func-stealable = los quesos que { $d } puede perder
func-stash = el lugar del que salen los quesos robados { $d_dat }
func-breeders = las ratas reproductoras { $p_gen }
func-births = las ratas nuevas { $p_gen }
func-extra_cheese = quesos adicionales en cada zona
func-extra_for = los quesos adicionales para { $shown }
func-takes = los quesos que { $p } saca en { $a }
func-treated_as = lo que cuenta { $piece } para { $p }
func-fed_rats = las ratas que { $p } debe alimentar
func-drunk_rats = las ratas { $p_gen } que cuentan para Borracho

## Decisiones de los jugadores

decision-placement = dónde van las ratas
decision-which_rat = qué rata
decision-helmet_rat = un queso que devolver
decision-sound_the_alarm = esconder un queso
decision-just_in_time = recuperar las ratas envenenadas y perdidas
decision-holy_rat = liberar una rata del cementerio
decision-dr_cheese = cuántas parejas de quesos blancos cambiar
decision-rattibal_lector = cambiar una rata por queso

## Cartas de evento

deck-events = Cartas de evento
    .text = Una carta de evento solo tiene efecto durante la ronda en que se revela.
    .field-back = Dorso
symbol-start = { $count ->
    [one] Evento inicial
   *[other] Eventos iniciales
}
symbol-final = { $count ->
    [one] Evento final
   *[other] Eventos finales
}

card-abundance = Abundancia
    .text = Al revelarse, cada jugador pasa { $yellow ->
        [one] un queso amarillo
       *[other] { $yellow } quesos amarillos
    } de la reserva a su despensa.
card-massive_attacks = Ataques masivos
    .text = Cada ataque cuenta { $n2 ->
        [one] una rata
       *[other] { $n2 } ratas
    } más{ $massive_attacks_reading ->
        [obligation] , y cada jugador debe poner al menos { $n3 ->
            [one] una rata
           *[other] { $n3 } ratas
        } en una tubería.
        [plain_bonus] , incluso desde una tubería vacía.
       *[bonus_needs_attacker] , pero solo desde una tubería con al menos una rata.
    } { $massive_attacks_two_players ->
        [both_pipes] Cuando las tuberías quedan enfrentadas, la tubería que bloquea un ataque también cuenta una rata más, así que los bonos de tuberías enfrentadas se anulan.
       *[attack_only] Cuando las tuberías quedan enfrentadas, la tubería que bloquea un ataque cuenta solo sus propias ratas.
    }
card-visiting_cousin = Viene «el primo»
    .text = Al revelarse, cada jugador pasa { $rat ->
        [one] una rata nueva
       *[other] { $rat } ratas nuevas
    } de la pila común a su despensa; puede desplegarse en esta misma ronda. Si la pila no alcanza, se sirve primero al jugador activo.
card-helmet_rat = Rata con casco
    .text = { $helmet_rat_reading ->
        [once_per_area] Una vez en cada zona, un jugador que saca quesos de la bolsa puede devolver { $n2 ->
            [one] uno de ellos
           *[other] { $n2 } de ellos
        } a la bolsa sin que surta efecto.
       *[each_draw] Cada vez que un jugador saca quesos de la bolsa, puede devolver { $n2 ->
            [one] uno de ellos
           *[other] { $n2 } de ellos
        } a la bolsa sin que surta efecto.
    }
card-we_did_it = ¡Conseguido!
    .text = Los quesos negros cuentan como amarillos.
card-drunk = Borracho
    .text = Al revelarse, el jugador con más ratas { $drunk_counts ->
        [all_rats] (contando todas sus ratas)
       *[sewer_rats] en su alcantarilla (sin contar las perdidas)
    } da { $rat ->
        [one] una rata, que no esté envenenada ni perdida, al jugador que tenga menos. La rata va
       *[other] { $rat } ratas, que no estén envenenadas ni perdidas, al jugador que tenga menos. Las ratas van
    } a la despensa de este.
card-sound_the_alarm = Dar la alarma
    .text = Tras la pantalla, cada jugador puede esconder en su criadero { $cheese ->
        [one] un queso
       *[other] { $cheese } quesos
    } de su despensa. { $alarm_cheese_safe ->
        [no] Aun así se puede robar.
       *[yes] Ningún ataque puede robarlo.
    } Vuelve a la despensa después de los ataques.
card-just_in_time = Justo a tiempo
    .text = { $just_in_time_reading ->
        [all_return] Todas las ratas envenenadas y perdidas vuelven tras la pantalla y pueden desplegarse con normalidad en esta ronda.
       *[optional] Cada jugador puede recuperar tras la pantalla sus ratas envenenadas y perdidas y desplegarlas con normalidad en esta ronda.
    }
card-holy_rat = Santa Rata
    .text = Al revelarse, cada jugador que tenga alguna rata en su cementerio { $holy_rat_reading ->
        [may] puede devolver { $rat_2 ->
            [one] una de ellas
           *[other] hasta { $rat_2 } de ellas
        }
       *[must] devuelve { $rat ->
            [one] una de ellas
           *[other] hasta { $rat } de ellas
        }
    } a la pila común.
card-end_of_game = Final de partida
    .text = Al revelarse, la partida termina inmediatamente: la ronda no se juega y se cuentan los puntos.
card-dr_cheese = Dr. Cheese
    .text = Un jugador que saque al menos { $n2 } quesos blancos en una misma zona, de una vez o en varias, puede cambiarlos { $trade_whites_n1 ->
        [2] por parejas
       *[other] en grupos de { $trade_whites_n1 }
    }, cada una por un queso amarillo: { $dr_cheese_reading ->
        [once_per_draw] { $n5 ->
            [one] un cambio
           *[other] { $n5 } cambios
        } por extracción.
       *[every_pair] un cambio por cada { $n4 } quesos blancos.
    }
card-tacticians = Estrategas
    .text = Antes de sacar quesos en cada zona, cada jugador que no haya enviado ratas allí recibe { $yellow ->
        [one] un queso amarillo
       *[other] { $yellow } quesos amarillos
    } en su despensa. { $tacticians_places ->
        [all_board_places] Al empezar la fase, cada tubería, despensa o criadero vacío da uno más.
       *[three_areas] Las tuberías, despensas y criaderos vacíos no dan nada.
    }
card-rattibal_lector = Rattibal Lecter
    .text = Antes de pagar la comida, cada jugador puede cambiar ratas por queso { $rattibal_trades ->
        [any_number] tantas veces como quiera
       *[once] una vez
    }: { $eat_a_rat_rat ->
        [one] una rata
       *[other] { $eat_a_rat_rat } ratas
    } por { $eat_a_rat_yellow ->
        [one] un queso amarillo
       *[other] { $eat_a_rat_yellow } quesos amarillos
    }. Las ratas cambiadas vuelven a la pila común.
rule-eat_a_rat = Una rata cambiada por queso
    .text = { $rat ->
        [one] La rata vuelve
       *[other] { $rat } ratas vuelven
    } a la pila común y el jugador toma { $yellow ->
        [one] un queso amarillo
       *[other] { $yellow } quesos amarillos
    } de la reserva.
# El nombre de la carta en el reglamento español (Cartas de eventos, Eventos finales: «Preñada»,
# hasta 3 ratas entre criadero y despensa que defienden y procrean); no «Listos para todo».
card-locked_and_loaded = Preñada
    .text = { $locked_and_loaded_limit ->
       *[shared_cap] En lugar del criadero y la despensa, los jugadores colocan hasta { $placement_at_most } ratas en total en una casilla que cuenta como ambos: esas ratas defienden y crían.
        [dual_up_to_three] Los jugadores pueden colocar además hasta { $placement_at_most } ratas en una casilla que cuenta a la vez como criadero y como despensa: esas ratas defienden y crían.
    }

## Cartas de comida

deck-food = Cartas de comida
    .field-number = N.º
    .field-dump = Vertedero
    .field-city = Ciudad
    .field-field = Campo
card-food_1 = Carta de comida { $number }
card-food_2 = Carta de comida { $number }
card-food_3 = Carta de comida { $number }
card-food_4 = Carta de comida { $number }
card-food_5 = Carta de comida { $number }
card-food_6 = Carta de comida { $number }
card-food_7 = Carta de comida { $number }
card-food_8 = Carta de comida { $number }
card-food_9 = Carta de comida { $number }

var-helmet_uses = { $count ->
    [one] queso devuelto con Rata con casco en esta zona
   *[other] quesos devueltos con Rata con casco en esta zona
}
    .gender = m
var-dr_cheese_whites = { $count ->
    [one] queso blanco aún por emparejar para Dr. Cheese
   *[other] quesos blancos aún por emparejar para Dr. Cheese
}
    .gender = m
var-tacticians_unsent = { $count ->
    [one] lugar vacío que paga Estrategas
   *[other] lugares vacíos que paga Estrategas
}
    .gender = m
rule-trade_whites = Parejas de quesos blancos cambiadas por amarillos
    .text = Cada { $n1 ->
        [2] pareja
       *[other] grupo de { $n1 }
    } de quesos blancos vuelve a la reserva y el jugador toma a cambio un queso amarillo. Un queso blanco sacado antes en la misma zona también cuenta; ya está en la reserva.
func-bad_tie = el puesto { $p_gen } entre los empatados cuando el empate perjudica
rule-placement_stands = cuando cada rata está donde se queda durante la ronda
const-dual_most = { $count ->
    [one] rata que cuenta como criadero y despensa
   *[other] ratas que cuentan como criadero y despensa
}
    .gender = f
