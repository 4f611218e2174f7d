# RatLand, módulo opcional «clans»: mensajes en español (convenciones en game.ftl).
# hook-MOMENTO-REGLA nombra las reglas del módulo que no están en una carta.

module-clans = Clanes
    .text = Cada jugador dirige un clan con una habilidad propia: una cara inicial y una cara final que la mejora en cuanto empiezan los eventos finales.

option-final_side_starts = Cuándo empieza la cara final
option-final_side_starts-first_final_event = en cuanto se revela el primer evento final
option-final_side_starts-following_round = en la ronda siguiente al primer evento final
option-clan_final_replaces = La cara final sustituye a la inicial
option-clan_final_replaces-replace = sí, la sustituye
option-clan_final_replaces-cumulative = no, valen las dos caras
option-recycler_final = Reciclador, cara final
option-recycler_final-each_white_for_yellow = cada queso blanco por uno amarillo
option-recycler_final-two_whites_for_one_yellow = dos quesos blancos por uno amarillo
option-scavenger_final = Carroñero, cara final
option-scavenger_final-every_area = en todas las zonas
option-scavenger_final-areas_without_rats = solo en zonas sin ratas del clan
option-ninja_steal = Robo ninja
option-ninja_steal-at_least_one = al menos un queso
option-ninja_steal-extra_one = un queso además del robo normal
option-musician_self = Clasificación del Músico
option-musician_self-exclude_self = el Músico no cuenta
option-musician_self-include_self = el Músico también cuenta
option-end_of_round_order = Orden al final de la ronda
option-end_of_round_order-musician_first = primero los Músicos
option-end_of_round_order-alchemist_first = primero los Alquimistas
option-sports_redeploy = Redespliegue del Deportista
option-sports_redeploy-simultaneous = todos a la vez y en secreto
option-sports_redeploy-tie_order = uno tras otro, en orden de desempate

symbol-starting = { $count ->
    [one] Cara inicial
   *[other] Caras iniciales
}
symbol-improved = { $count ->
    [one] Cara final
   *[other] Caras finales
}

pile-clan_offer = cartas de clan ofrecidas
    .gender = f
pile-clan = carta de clan
    .gender = f
pile-clan_deck = mazo de clanes
    .gender = m
    .prep = sobre
pile-clan_discard = descarte de clanes
    .gender = m
var-final_stage_round = { $count ->
    [one] ronda del primer evento final
   *[other] rondas del primer evento final
}
    .gender = f
var-scavenged_round = { $count ->
    [one] ronda del último robo del Carroñero
   *[other] rondas del último robo del Carroñero
}
    .gender = f
var-corrupted_round = { $count ->
    [one] ronda del último queso del Corrupto
   *[other] rondas del último queso del Corrupto
}
    .gender = f

# i18n-allow: dos (las dos cartas se reparten con dos instrucciones: las reglas no tienen un número para ello)
setup-deal_clans = Repartir las cartas de clan
    .text = Barajar las cartas de clan (un juego por cada caja en uso). Cada jugador recibe dos, se queda con una y descarta la otra.

func-owns = { $p } tiene { $card }
func-side = la cara vigente de las cartas de clan
func-starting_side = se aplica la cara inicial
func-final_side = se aplica la cara final
func-ninja_strikes = { $a } puede golpear como Ninja por { $side }

deck-clans = Cartas de clan
    .text = Una carta de clan actúa para el jugador que se quedó con ella. { $final_side_starts ->
        [following_round] Su cara final se aplica desde la ronda siguiente al primer evento final
       *[first_final_event] Su cara final se aplica en cuanto se revela el primer evento final
    }{ $clan_final_replaces ->
        [cumulative] , además de la cara inicial.
       *[replace] , en lugar de la cara inicial.
    }

card-recycler = Reciclador
    .text =
        - Cara inicial: quien haya enviado ratas al vertedero saca allí { $n2 ->
            [one] un queso
           *[other] { $n2 } quesos
        } más.
        - Cara final: { $recycler_final ->
            [two_whites_for_one_yellow] tras sacar en el vertedero, puede cambiar { $white ->
        [one] un queso blanco
       *[other] { $white } quesos blancos
    } por { $yellow ->
        [one] un amarillo
       *[other] { $yellow } amarillos
    }.
           *[each_white_for_yellow] tras sacar en el vertedero, puede cambiar hasta { $n5 } quesos blancos por amarillos, uno por uno.
        }
card-mutant = Mutante
    .text =
        - Cara inicial: los quesos morados cuentan como amarillos.
        - Cara final: los quesos morados cuentan como naranjas.
card-explorer = Explorador
    .text =
        - Cara inicial: cuando vuelven las ratas perdidas, traen { $yellow ->
            [one] un queso amarillo
           *[other] { $yellow } quesos amarillos
        } en total.
        - Cara final: cada rata perdida que vuelve trae un queso amarillo.
card-scavenger = Carroñero
    .text =
        - Cara inicial: una vez por ronda, cuando todos han sacado en una zona a la que el clan no envió ratas, el jugador puede tomar un queso de lo que quede en la bolsa.
        - Cara final: lo mismo { $scavenger_final ->
            [areas_without_rats] en cada zona a la que el clan no envió ratas.
           *[every_area] en todas las zonas.
        }
rule-scavenge = El Carroñero toma un queso
    .text = El jugador saca { $draw ->
        [one] un queso
       *[other] { $draw } quesos
    } de la bolsa, con su efecto habitual.
card-alchemist = Alquimista
    .text =
        - Cara inicial: al final de la ronda, tras alimentar al clan, el jugador puede pagar hasta { $alchemists_n2 ->
            [one] un queso
           *[other] { $alchemists_n2 } quesos
        } y tomar otras tantas ratas de la pila común.
        - Cara final: lo mismo, con hasta { $alchemists_n1 ->
            [one] un queso
           *[other] { $alchemists_n1 } quesos
        }.
card-ninja = Ninja
    .text =
        - Cara inicial: quien ataque a un solo vecino con exactamente { $ninja_strikes_n1 } ratas roba queso, sea cual sea la defensa.
        - Cara final: cada tubería que ataque con exactamente { $ninja_strikes_n3 ->
            [one] una rata
           *[other] { $ninja_strikes_n3 } ratas
        } roba queso, sea cual sea la defensa.
        - { $ninja_steal ->
            [extra_one] Ese ataque roba { $n1 ->
        [one] un queso
       *[other] { $n1 } quesos
    } más de lo normal.
           *[at_least_one] Ese ataque roba al menos { $n2 ->
        [one] un queso
       *[other] { $n2 } quesos
    }.
        }
card-family = Familiar
    .text =
        - Cara inicial: sin ratas en el criadero, el clan gana igualmente { $n3 ->
            [one] una rata
           *[other] { $n3 } ratas
        } cuando se crían las ratas.
        - Cara final: el clan cría siempre { $n1 ->
            [one] una rata
           *[other] { $n1 } ratas
        } más.
card-warrior = Guerrero
    .text =
        - Cara inicial: los quesos negros cuentan como blancos y no hacen daño.
        - Cara final: lo mismo, y el clan defiende como si tuviera { $n1 ->
        [one] una rata
       *[other] { $n1 } ratas
    } más.
card-musician = Músico
    .text =
        - Cara inicial: al final de la ronda, { $musicians_n3 ->
            [one] el jugador más rico da
           *[other] los { $musicians_n3 } jugadores más ricos dan cada uno
        } al Músico hasta { $musicians_cheese ->
            [one] un queso
           *[other] { $musicians_cheese } quesos
        }.
        - Cara final: lo mismo, de los { $musicians_n2 } jugadores más ricos.
card-sports = Deportista
    .text = Una vez retiradas las pantallas, el jugador puede mover ratas a otros lugares de su tablero: { $sports_moves_n2 ->
        [one] una
       *[other] { $sports_moves_n2 }
    } con la cara inicial, hasta { $sports_moves_n1 } con la cara final. { $sports_redeploy ->
        [tie_order] Los clanes Deportistas mueven uno tras otro.
       *[simultaneous] Todos los clanes Deportistas mueven a la vez y en secreto.
    }
card-corrupt = Corrupto
    .text =
        - Cara inicial: una vez por ronda, antes de que nadie saque en una zona, el jugador puede añadir a la bolsa { $n1 ->
            [one] un queso
           *[other] { $n1 } quesos
        } de cualquier color de la reserva.
        - Cara final: lo mismo en cada zona.
card-seer = Vidente
    .text =
        - Cara inicial: tras la pantalla, el jugador mira la siguiente carta de evento.
        - Cara final: también mira las siguientes cartas de comida.

rule-musicians = Los Músicos cobran
    .text = { $n3 ->
        [one] El jugador más rico da
       *[other] Cada uno de los { $n3 } jugadores más ricos da
    } al Músico hasta { $cheese ->
        [one] un queso
       *[other] { $cheese } quesos
    }; con la cara final, { $n2 ->
        [one] lo hace el jugador más rico
       *[other] lo hace cada uno de los { $n2 } jugadores más ricos
    }. { $musician_self ->
        [include_self] El Músico cuenta en la clasificación.
       *[exclude_self] El Músico no cuenta en la clasificación.
    }
rule-alchemists = Los Alquimistas convierten queso en ratas
    .text = El Alquimista puede pagar quesos para tomar otras tantas ratas de la pila común: { $n2 } con la cara inicial, hasta { $n1 } con la cara final.
rule-sports_moves = Los Deportistas redespliegan
    .text = El jugador elige un lugar con ratas y mueve { $rat ->
        [one] una rata
       *[other] { $rat } ratas
    } a otro lugar: { $n2 ->
        [one] una vez
       *[other] { $n2 } veces
    } con la cara inicial, hasta { $n1 } veces con la cara final. Cada movimiento respeta los límites del despliegue: el límite de Preñada y la rata en una tubería que puede exigir Ataques masivos.

decision-keep_clan = con qué clan quedarse
decision-recycle = cuántos quesos blancos cambiar
decision-scavenge = tomar un queso de la bolsa
decision-corrupt = qué queso añadir a la bolsa
decision-alchemy = cuántos quesos convertir en ratas
decision-redeploy_from = de dónde sale una rata
decision-redeploy_to = adónde va la rata

hook-after-event_revealed = La cara final empieza con el primer evento final revelado (véanse las cartas de clan).
hook-after-round_ends = Al final de la ronda: { $end_of_round_order ->
        [alchemist_first] primero los Alquimistas, después los Músicos.
       *[musician_first] primero los Músicos, después los Alquimistas.
    }

func-may_move = una rata { $p_gen } puede pasar de { $from } a { $to }
func-room_for_one = { $to } tiene sitio para otra rata { $p_gen }
func-may_leave = una rata { $p_gen } puede salir de { $from }
