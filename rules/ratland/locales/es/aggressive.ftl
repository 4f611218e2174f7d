# RatLand, módulo opcional «aggressive»: mensajes en español (convenciones en game.ftl).
# hook-MOMENTO-REGLA y modify-FUNCIÓN nombran las reglas del módulo que no están en una carta.

module-aggressive = Tablero belicoso
    .text = Un tablero opcional para quien busca pelea: los ataques y las zonas concurridas cuestan ratas.

option-aggressive_mode = Quién juega con el tablero belicoso
option-aggressive_mode-all = todos los jugadores
option-aggressive_mode-secret_choice = cada jugador lo decide en secreto
option-aggressive_kills_to = Adónde van las ratas muertas
option-aggressive_kills_to-pile = a la pila común de ratas
option-aggressive_kills_to-graveyard = al cementerio, donde restan un punto
option-aggressive_defence = Quién mata en un ataque
option-aggressive_defence-attack_only = solo un atacante belicoso
option-aggressive_defence-both_roles = también un defensor belicoso

var-aggressive = { $count ->
    [one] tablero belicoso
   *[other] tableros belicosos
}
    .gender = m
var-wounded = { $count ->
    [one] rata herida
   *[other] ratas heridas
}
    .gender = f

setup-boards = Cada jugador toma un tablero
    .text = { $aggressive_mode ->
        [secret_choice] Al comienzo, tras su pantalla, cada jugador decide en secreto si juega con el tablero belicoso.
       *[all] Todos los jugadores juegan con el tablero belicoso.
    }
func-defending_zones = los lugares que defienden { $d_dat } { $side_gen }
rule-kill_rat = Una rata muere en combate
    .text = { $aggressive_kills_to ->
        [graveyard] { $rat ->
            [one] Una de las ratas implicadas va al cementerio de su dueño, donde resta un punto.
           *[other] { $rat } de las ratas implicadas van al cementerio de su dueño, donde cada una resta un punto.
        }
       *[pile] { $rat_2 ->
            [one] Una de las ratas implicadas vuelve
           *[other] { $rat_2 } de las ratas implicadas vuelven
        } a la pila común de ratas.
    }
decision-aggressive_board = jugar con el tablero belicoso
decision-wound = qué rata herir

hook-after-attacked = Ataques: cuando se han atacado todas las despensas, cada combate de un jugador belicoso cuesta una rata, según las ratas colocadas al comienzo de la fase. Un atacante belicoso que supera la defensa mata a una rata defensora; un ataque fallido cuesta al atacante una rata de esa tubería{ $aggressive_defence ->
        [both_roles] , también si solo el defensor es belicoso.
       *[attack_only] .
    }
hook-after-before_drawing = Buscar quesos, antes de sacar en cada zona: el jugador belicoso que envió más ratas allí hiere a { $n3 ->
        [one] una rata
       *[other] { $n3 } ratas
    } que otro jugador envió a esa zona.
modify-takes = En cada zona, un jugador belicoso saca { $n2 ->
        [one] un queso
       *[other] { $n2 } quesos
    } menos.
modify-takes-2 = Una rata herida sigue contando para el orden de robo, pero no encuentra nada: su dueño saca un queso menos por cada rata herida.
hook-after-after_area = Cuando todos han sacado quesos en una zona, las ratas heridas van a la enfermería de su dueño.
