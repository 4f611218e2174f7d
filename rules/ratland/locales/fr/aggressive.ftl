# RatLand, module optionnel « aggressive » : messages français (conventions dans game.ftl).
# hook-MOMENT-RÈGLE et modify-FONCTION nomment les règles du module qui ne sont pas sur une carte.

module-aggressive = Plateau agressif
    .text = Un plateau optionnel pour les joueurs qui aiment la bagarre : attaques et zones bondées coûtent désormais des rats.

option-aggressive_mode = Qui joue avec le plateau agressif
option-aggressive_mode-all = tous les joueurs
option-aggressive_mode-secret_choice = chaque joueur choisit en secret
option-aggressive_kills_to = Où vont les rats tués
option-aggressive_kills_to-pile = dans la réserve de rats
option-aggressive_kills_to-graveyard = au cimetière, où ils coûtent un point
option-aggressive_defence = Qui tue lors d’une attaque
option-aggressive_defence-attack_only = seulement un attaquant agressif
option-aggressive_defence-both_roles = aussi un défenseur agressif

var-aggressive = { $count ->
    [one] plateau agressif
   *[other] plateaux agressifs
}
    .gender = m
var-wounded = { $count ->
    [one] rat blessé
   *[other] rats blessés
}
    .gender = m

setup-boards = Chaque joueur prend un plateau
    .text = { $aggressive_mode ->
        [secret_choice] Au début de la partie, derrière son paravent, chaque joueur choisit en secret s’il joue avec le plateau agressif.
       *[all] Tous les joueurs jouent avec le plateau agressif.
    }
func-defending_zones = les emplacements qui défendent { $d } contre { $side }
rule-kill_rat = Un rat meurt au combat
    .text = { $aggressive_kills_to ->
        [graveyard] { $rat ->
            [one] L’un des rats concernés va au cimetière de son propriétaire, où il coûte un point.
           *[other] { $rat } des rats concernés vont au cimetière de leur propriétaire, où chacun coûte un point.
        }
       *[pile] { $rat_2 ->
            [one] L’un des rats concernés retourne
           *[other] { $rat_2 } des rats concernés retournent
        } dans la réserve de rats.
    }
decision-aggressive_board = jouer avec le plateau agressif
decision-wound = quel rat blesser

hook-after-attacked = Attaque : une fois tous les garde-manger attaqués, chaque combat d’un joueur agressif coûte un rat, d’après les rats placés au début de la phase. Un attaquant agressif qui l’emporte tue un rat défenseur ; une attaque ratée coûte à l’attaquant un rat de ce conduit{ $aggressive_defence ->
        [both_roles] , même si seul le défenseur est agressif.
       *[attack_only] .
    }
hook-after-before_drawing = Recherche de fromage, avant la pioche dans chaque zone : le joueur agressif qui y a envoyé le plus de rats blesse { $n3 ->
        [one] un rat
       *[other] { $n3 } rats
    } qu’un autre joueur y a envoyé.
modify-takes = Dans chaque zone, un joueur agressif pioche { $n2 ->
        [one] un fromage
       *[other] { $n2 } fromages
    } de moins.
modify-takes-2 = Un rat blessé compte toujours pour l’ordre de pioche mais ne trouve rien : son propriétaire pioche un fromage de moins par rat blessé.
hook-after-after_area = Quand tous ont pioché dans une zone, les rats blessés vont à l’infirmerie de leur propriétaire.
