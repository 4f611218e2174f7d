# RatLand, optional module "aggressive": English messages (see game.ftl for the conventions).
# hook-TIME-RULE and modify-FUNC name the module's rules that are not on a card, in file order.

module-aggressive = Aggressive board
    .text = An optional board for players who like a fight: attacks and crowded areas now cost rats.

option-aggressive_mode = Who plays the aggressive board
option-aggressive_mode-all = every player
option-aggressive_mode-secret_choice = each player chooses in secret
option-aggressive_kills_to = Where killed rats go
option-aggressive_kills_to-pile = back to the common rat pile
option-aggressive_kills_to-graveyard = to the graveyard, costing a point
option-aggressive_defence = Who kills in an attack
option-aggressive_defence-attack_only = only an aggressive attacker
option-aggressive_defence-both_roles = an aggressive defender as well

var-aggressive = { $count ->
    [one] aggressive board
   *[other] aggressive boards
}
var-wounded = { $count ->
    [one] wounded rat
   *[other] wounded rats
}

setup-boards = Each player takes a board
    .text = { $aggressive_mode ->
        [secret_choice] At the start, behind the screen, each player secretly chooses whether to play the aggressive board.
       *[all] Every player plays the aggressive board.
    }
func-defending_zones = the places that defend { $d } against { $side }
rule-kill_rat = A rat dies in a fight
    .text = { $aggressive_kills_to ->
        [graveyard] { $rat ->
            [one] One of the rats in the places involved goes to its owner’s graveyard, where it costs a point.
           *[other] { $rat } of the rats in the places involved go to their owner’s graveyard, where each costs a point.
        }
       *[pile] { $rat_2 ->
            [one] One of the rats in the places involved goes
           *[other] { $rat_2 } of the rats in the places involved go
        } back to the common rat pile.
    }
decision-aggressive_board = play the aggressive board
decision-wound = which rat to wound

hook-after-attacked = Attack: when every pantry has been attacked, each fight of an aggressive player costs a rat, judged on the rats placed when the phase began. An aggressive attacker who beat the defence kills one defending rat; an attack that failed costs the attacker one rat from that pipe{ $aggressive_defence ->
        [both_roles] , also when only the defender is aggressive.
       *[attack_only] .
    }
hook-after-before_drawing = Foraging, before the draws in each area: an aggressive player who sent the most rats there wounds { $n3 ->
        [one] one rat
       *[other] { $n3 } rats
    } that another player sent there.
modify-takes = In every area an aggressive player draws { $n2 ->
        [one] one piece
       *[other] { $n2 } pieces
    } fewer.
modify-takes-2 = A wounded rat still counts for the drawing order but finds nothing: its owner draws one piece fewer for each wounded rat.
hook-after-after_area = When everyone has drawn in an area, the wounded rats go to their owners’ infirmaries.
