# RatLand, módulo opcional «aggressive»: mensajes en español (convenciones en game.ftl).
# hook-MOMENTO-REGLA y modify-FUNCIÓN nombran las reglas del módulo que no están en una carta.

module-aggressive = Tablero bélico
    .text = Un tablero opcional para quien busca pelea: los ataques y las zonas concurridas cuestan ratas.

option-aggressive_mode = Quién juega con el tablero bélico
option-aggressive_mode-all = todos los jugadores
option-aggressive_mode-secret_choice = cada jugador lo decide en secreto
option-aggressive_kills_to = Adónde van las ratas muertas
option-aggressive_kills_to-pile = al montón común de ratas
option-aggressive_kills_to-graveyard = al cementerio, donde restan un punto
option-aggressive_defence = Quién mata en un ataque
option-aggressive_defence-attack_only = solo un atacante bélico
option-aggressive_defence-both_roles = también un defensor bélico

var-aggressive = { $count ->
    [one] tablero bélico
   *[other] tableros bélicos
}
    .gender = m
var-wounded = { $count ->
    [one] rata herida
   *[other] ratas heridas
}
    .gender = f

setup-boards = Cada jugador toma un tablero
    .text = { $aggressive_mode ->
        [secret_choice] Al comienzo, tras su pantalla, cada jugador decide en secreto si juega con el tablero bélico.
       *[all] Todos los jugadores juegan con el tablero bélico.
    }
func-defending_zones = los lugares que defienden { $d_dat } del lado «{ $side }»
rule-kill_rat = Una rata muere en combate
    .text = { $aggressive_kills_to ->
        [graveyard] Una de las ratas implicadas va al cementerio de su dueño, donde resta un punto.
       *[pile] Una de las ratas implicadas vuelve al montón común de ratas.
    }
decision-aggressive_board = jugar con el tablero bélico
decision-wound = qué rata herir

hook-after-attacked = Ataques: cuando se han atacado todas las despensas, cada combate de un jugador bélico cuesta una rata, según las ratas colocadas al comienzo de la fase. Un atacante bélico que supera la defensa mata a una rata defensora; un ataque fallido cuesta al atacante una rata de esa tubería{ $aggressive_defence ->
        [both_roles] , también si solo el defensor es bélico.
       *[attack_only] .
    }
hook-after-before_drawing = Buscar quesos, antes de sacar en cada zona: el jugador bélico que envió más ratas allí hiere a una rata que otro jugador envió a esa zona.
modify-takes = En cada zona, un jugador bélico saca { $n2 ->
        [one] un queso
       *[other] { $n2 } quesos
    } menos.
modify-takes-2 = Una rata herida sigue contando para el orden de robo, pero no encuentra nada: su dueño saca un queso menos por cada rata herida.
hook-after-after_area = Cuando todos han sacado quesos en una zona, las ratas heridas van a la enfermería de su dueño.
