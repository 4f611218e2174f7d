# RatLand, module optionnel « clans » : messages français (conventions dans game.ftl).
# hook-MOMENT-RÈGLE nomme les règles du module qui ne sont pas sur une carte.

module-clans = Clans
    .text = Chaque joueur dirige un clan doté d’une capacité propre : une face de départ, et une face finale qui l’améliore dès que les Événements finaux commencent.

option-final_side_starts = Début de la face finale
option-final_side_starts-first_final_event = dès la révélation du premier Événement final
option-final_side_starts-following_round = au tour qui suit le premier Événement final
option-clan_final_replaces = La face finale remplace la face de départ
option-clan_final_replaces-replace = oui, elle la remplace
option-clan_final_replaces-cumulative = non, les deux faces s’appliquent
option-recycler_final = Recycleurs, face finale
option-recycler_final-each_white_for_yellow = chaque fromage blanc contre un jaune
option-recycler_final-two_whites_for_one_yellow = deux fromages blancs contre un jaune
option-scavenger_final = Charognards, face finale
option-scavenger_final-every_area = dans chaque zone
option-scavenger_final-areas_without_rats = seulement dans les zones sans rat du clan
option-ninja_steal = Vol des Ninjas
option-ninja_steal-at_least_one = au moins un fromage
option-ninja_steal-extra_one = un fromage en plus du vol normal
option-musician_self = Classement des Musiciens
option-musician_self-exclude_self = le Musicien n’est pas compté
option-musician_self-include_self = le Musicien est compté
option-end_of_round_order = Ordre en fin de tour
option-end_of_round_order-musician_first = d’abord les Musiciens
option-end_of_round_order-alchemist_first = d’abord les Alchimistes
option-sports_redeploy = Redéploiement des Sportifs
option-sports_redeploy-simultaneous = tous en même temps, en secret
option-sports_redeploy-tie_order = l’un après l’autre, dans l’ordre des égalités

symbol-starting = { $count ->
    [one] Face de départ
   *[other] Faces de départ
}
symbol-improved = { $count ->
    [one] Face finale
   *[other] Faces finales
}

pile-clan_offer = cartes Clan proposées
    .gender = f
pile-clan = carte Clan
    .gender = f
pile-clan_deck = pile des Clans
    .gender = f
    .prep = sur
pile-clan_discard = défausse des Clans
    .gender = f
    .prep = sur
var-final_stage_round = { $count ->
    [one] tour du premier Événement final
   *[other] tours du premier Événement final
}
    .gender = m
var-scavenged_round = { $count ->
    [one] tour de la dernière pioche des Charognards
   *[other] tours de la dernière pioche des Charognards
}
    .gender = m
var-corrupted_round = { $count ->
    [one] tour du dernier fromage des Corrompus
   *[other] tours du dernier fromage des Corrompus
}
    .gender = m

# i18n-allow: deux (les deux cartes sont distribuées par deux instructions : les règles n’ont pas de nombre pour cela)
setup-deal_clans = Distribuer les cartes Clan
    .text = Mélanger les cartes Clan (un jeu par boîte utilisée). Chaque joueur en reçoit deux, en garde une et défausse l’autre.

func-owns = { $p } possède { $card }
func-side = la face des cartes Clan en vigueur
func-starting_side = la face de départ s’applique
func-final_side = la face finale s’applique
func-ninja_strikes = { $a } peut frapper en Ninja { $side_gen }

deck-clans = Cartes Clan
    .text = Une carte Clan agit pour le joueur qui l’a gardée. { $final_side_starts ->
        [following_round] Sa face finale s’applique à partir du tour qui suit la révélation du premier Événement final
       *[first_final_event] Sa face finale s’applique dès la révélation du premier Événement final
    }{ $clan_final_replaces ->
        [cumulative] , en plus de la face de départ.
       *[replace] , à la place de la face de départ.
    }

# i18n-allow: deux (la lecture de la règle française, citée telle quelle)
card-recycler = Clan des Recycleurs
    .text =
        - Face de départ : le joueur qui a envoyé des rats à la décharge y pioche { $n2 ->
            [one] un fromage
           *[other] { $n2 } fromages
        } de plus.
        - Face finale : { $recycler_final ->
            [two_whites_for_one_yellow] après sa pioche à la décharge, il peut échanger { $white ->
        [one] un fromage blanc
       *[other] { $white } fromages blancs
    } contre { $yellow ->
        [one] un jaune
       *[other] { $yellow } jaunes
    }.
           *[each_white_for_yellow] après sa pioche à la décharge, il peut échanger jusqu’à { $n5 } fromages blancs contre autant de jaunes. La règle française prévoit plutôt deux blancs contre un jaune ; cette lecture est l’option « Recycleurs, face finale ».
        }
card-mutant = Clan des Mutants
    .text =
        - Face de départ : les fromages violets comptent comme des jaunes.
        - Face finale : les fromages violets comptent comme des orange.
card-explorer = Clan des Explorateurs
    .text =
        - Face de départ : quand des rats en vadrouille reviennent, ils rapportent { $yellow ->
            [one] un fromage jaune
           *[other] { $yellow } fromages jaunes
        } en tout.
        - Face finale : chaque rat en vadrouille qui revient rapporte un fromage jaune.
card-scavenger = Clan des Charognards
    .text =
        - Face de départ : une fois par tour, quand tous ont pioché dans une zone où le clan n’a envoyé aucun rat, le joueur peut prendre un fromage parmi ceux qui restent dans le sac.
        - Face finale : de même { $scavenger_final ->
            [areas_without_rats] dans chaque zone où le clan n’a envoyé aucun rat.
           *[every_area] dans chaque zone.
        }
rule-scavenge = Le Charognard prend un fromage
    .text = Le joueur pioche { $draw ->
        [one] un fromage
       *[other] { $draw } fromages
    } dans le sac, avec l’effet habituel.
card-alchemist = Clan des Alchimistes
    .text =
        - Face de départ : à la fin du tour, après la Nourriture, le joueur peut payer jusqu’à { $alchemists_n2 ->
            [one] un fromage
           *[other] { $alchemists_n2 } fromages
        } et prendre autant de rats dans la réserve de rats.
        - Face finale : de même, avec jusqu’à { $alchemists_n1 ->
            [one] un fromage
           *[other] { $alchemists_n1 } fromages
        }.
card-ninja = Clan des Ninjas
    .text =
        - Face de départ : attaquer un seul voisin avec exactement { $ninja_strikes_n1 } rats permet de voler du fromage, quelle que soit la défense.
        - Face finale : chaque conduit qui attaque avec exactement { $ninja_strikes_n3 ->
            [one] un rat
           *[other] { $ninja_strikes_n3 } rats
        } vole du fromage, quelle que soit la défense.
        - { $ninja_steal ->
            [extra_one] Une telle attaque vole { $n1 ->
        [one] un fromage
       *[other] { $n1 } fromages
    } de plus que d’habitude.
           *[at_least_one] Une telle attaque vole au moins { $n2 ->
        [one] un fromage
       *[other] { $n2 } fromages
    }.
        }
card-family = Clan des Reproducteurs
    .text =
        - Face de départ : sans rat dans la maternité, le clan gagne quand même { $n3 ->
            [one] un rat
           *[other] { $n3 } rats
        } lors des naissances.
        - Face finale : le clan se reproduit toujours avec { $n1 ->
            [one] un rat
           *[other] { $n1 } rats
        } de plus.
card-warrior = Clan des Guerriers
    .text =
        - Face de départ : les fromages noirs comptent comme des blancs et ne font aucun mal.
        - Face finale : de même, et le clan défend comme s’il avait { $n1 ->
        [one] un rat
       *[other] { $n1 } rats
    } de plus.
card-musician = Clan des Musiciens
    .text =
        - Face de départ : à la fin du tour, { $musicians_n3 ->
            [one] le joueur le plus riche donne
           *[other] les { $musicians_n3 } joueurs les plus riches donnent chacun
        } au Musicien jusqu’à { $musicians_cheese ->
            [one] un fromage
           *[other] { $musicians_cheese } fromages
        }.
        - Face finale : de même, pour les { $musicians_n2 } joueurs les plus riches.
card-sports = Clan des Sportifs
    .text = Une fois les paravents retirés, le joueur peut déplacer des rats vers d’autres emplacements de son plateau : { $sports_moves_n2 ->
        [one] un
       *[other] { $sports_moves_n2 }
    } avec la face de départ, jusqu’à { $sports_moves_n1 } avec la face finale. { $sports_redeploy ->
        [tie_order] Les clans Sportifs se déplacent l’un après l’autre.
       *[simultaneous] Tous les clans Sportifs se déplacent en même temps, en secret.
    }
card-corrupt = Clan des Corrompus
    .text =
        - Face de départ : une fois par tour, avant que quiconque pioche dans une zone, le joueur peut ajouter au sac { $n1 ->
            [one] un fromage
           *[other] { $n1 } fromages
        } de la couleur de son choix, pris dans la réserve.
        - Face finale : de même dans chaque zone.
card-seer = Clan des Devins
    .text =
        - Face de départ : derrière son paravent, le joueur regarde la prochaine carte Événement.
        - Face finale : il regarde aussi les prochaines cartes Nourriture.

rule-musicians = Les Musiciens encaissent
    .text = { $n3 ->
        [one] Le joueur le plus riche donne
       *[other] Chacun des { $n3 } joueurs les plus riches donne
    } au Musicien jusqu’à { $cheese ->
        [one] un fromage
       *[other] { $cheese } fromages
    } ; avec la face finale, { $n2 ->
        [one] c’est le joueur le plus riche
       *[other] c’est chacun des { $n2 } joueurs les plus riches
    }. { $musician_self ->
        [include_self] Le Musicien est compté dans le classement.
       *[exclude_self] Le Musicien n’est pas compté dans le classement.
    }
rule-alchemists = Les Alchimistes changent le fromage en rats
    .text = L’Alchimiste peut payer des fromages pour prendre autant de rats dans la réserve de rats : { $n2 } avec la face de départ, jusqu’à { $n1 } avec la face finale.
rule-sports_moves = Les Sportifs se redéploient
    .text = Le joueur choisit un emplacement occupé et déplace { $rat ->
        [one] un rat
       *[other] { $rat } rats
    } vers un autre emplacement : { $n2 ->
        [one] une fois
       *[other] { $n2 } fois
    } avec la face de départ, jusqu’à { $n1 } fois avec la face finale. Chaque déplacement respecte les limites du placement : la limite de Prêts à tout et le rat dans un conduit qu’Attaque massive peut exiger.

decision-keep_clan = quel clan garder
decision-recycle = combien de fromages blancs échanger
decision-scavenge = prendre un fromage dans le sac
decision-corrupt = quel fromage ajouter au sac
decision-alchemy = combien de fromages changer en rats
decision-redeploy_from = d’où part un rat
decision-redeploy_to = où va le rat

hook-after-event_revealed = La face finale commence avec le premier Événement final révélé (voir les cartes Clan).
hook-after-round_ends = À la fin du tour : { $end_of_round_order ->
        [alchemist_first] d’abord les Alchimistes, puis les Musiciens.
       *[musician_first] d’abord les Musiciens, puis les Alchimistes.
    }

func-may_move = un rat { $p_gen } peut passer de { $from } à { $to }
func-room_for_one = { $to } a de la place pour un autre rat { $p_gen }
func-may_leave = un rat { $p_gen } peut quitter { $from }
