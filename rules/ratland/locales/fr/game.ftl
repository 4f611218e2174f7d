# RatLand : messages français du résumé des règles (`ratdsl summary rules/ratland --lang fr`).
#
# Les clés sont les identifiants des fichiers de règles (voir ratdsl/summaries/elements.py). Aucun
# nombre n’est tapé ici : ils viennent des fichiers de règles sous forme de variables ($rat,
# $yellow, $n1…, ainsi que chaque option et chaque constante). Les noms portent .gender (m, f)
# et, si besoin, .prep (sur, au). `ratdsl i18n check rules/ratland` signale les messages
# manquants, inutilisés ou mal formés.

game = RatLand

## Matériel : les noms. Les sortes de pièces et les groupes varient selon $count.

kind-rat = { $count ->
    [one] rat
   *[other] rats
}
    .gender = m
    .short = rat
kind-yellow = { $count ->
    [one] fromage jaune
   *[other] fromages jaunes
}
    .gender = m
    .short = { $count ->
        [one] jaune
        [adj] jaune
       *[other] jaunes
    }
kind-orange = { $count ->
    [one] fromage orange
   *[other] fromages orange
}
    .gender = m
    .short = orange
kind-white = { $count ->
    [one] fromage blanc
   *[other] fromages blancs
}
    .gender = m
    .short = { $count ->
        [one] blanc
        [adj] blanc
       *[other] blancs
    }
kind-black = { $count ->
    [one] fromage noir
   *[other] fromages noirs
}
    .gender = m
    .short = { $count ->
        [one] noir
        [adj] noir
       *[other] noirs
    }
kind-purple = { $count ->
    [one] fromage violet
   *[other] fromages violets
}
    .gender = m
    .short = { $count ->
        [one] violet
        [adj] violet
       *[other] violets
    }
kind-blue = { $count ->
    [one] fromage bleu
   *[other] fromages bleus
}
    .gender = m
    .short = { $count ->
        [one] bleu
        [adj] bleu
       *[other] bleus
    }
const-cheese = { $count ->
    [one] fromage
   *[other] fromages
}
    .gender = m

zone-pile = réserve de rats
    .gender = f
zone-supply = réserve de fromages
    .gender = f
zone-extra_supply = réserve d’appoint
    .gender = f
zone-bag = sac
    .gender = m
const-supplies = réserve de fromages
    .gender = f
zone-dump = décharge
    .gender = f
zone-city = ville
    .gender = f
zone-field = champ
    .gender = m
zone-left_pipe = conduit de gauche
    .gender = m
zone-right_pipe = conduit de droite
    .gender = m
zone-pantry = garde-manger
    .gender = m
zone-nursery = maternité
    .gender = f
zone-both = case maternité-garde-manger
    .gender = f
zone-reserve = réserve derrière le paravent
    .gender = f
zone-drawn = main
    .gender = f
zone-infirmary = infirmerie
    .gender = f
zone-lost = carte Vadrouille
    .gender = f
    .prep = sur
zone-graveyard = cimetière
    .gender = m
    .prep = au
const-areas = { $count ->
    [one] zone
   *[other] zones
}
    .gender = f
const-pipes = { $count ->
    [one] conduit
   *[other] conduits
}
    .gender = m
const-placement = { $count ->
    [one] emplacement du plateau
   *[other] emplacements du plateau
}
    .gender = m
const-deployable = { $count ->
    [one] emplacement de déploiement
   *[other] emplacements de déploiement
}
    .gender = m
const-sewer = { $count ->
    [one] emplacement de l’égout
   *[other] emplacements de l’égout
}
    .gender = m
const-whole_clan = { $count ->
    [one] emplacement du clan
   *[other] emplacements du clan
}
    .gender = m
pile-box = boîte de jeu
    .gender = f
pile-event_deck = pile des Événements
    .gender = f
    .prep = sur
pile-event_row = emplacement de l’Événement en cours
    .gender = m
    .prep = sur
pile-event_discard = défausse des Événements
    .gender = f
    .prep = sur
pile-food_deck = pile Nourriture
    .gender = f
    .prep = sur
pile-food_row = emplacement de la Nourriture en cours
    .gender = m
    .prep = sur
pile-food_discard = défausse Nourriture
    .gender = f
    .prep = sur
const-boxes = { $count ->
    [one] boîte de jeu utilisée
   *[other] boîtes de jeu utilisées
}
    .gender = f
const-food_cards_per_round = { $count ->
    [one] carte Nourriture révélée par tour
   *[other] cartes Nourriture révélées par tour
}
    .gender = f

## Options : la question, puis chaque lecture

option-rat_pile = Rats dans une boîte
option-starting_player = Qui commence
option-starting_player-first_seat = celui qui a vu un rat le plus récemment, sinon le plus jeune
option-starting_player-random = un joueur tiré au hasard
option-food_order = Ordre de la pile Nourriture
option-food_order-shuffled = mélangée
option-food_order-sorted = triée, carte 1 au-dessus (premières parties)
option-two_player_pantry = Garde-manger à 2 joueurs
option-two_player_pantry-unused = inutilisé
option-two_player_pantry-defends = défend aussi
option-forage_rat = Quel rat un fromage noir, violet ou bleu touche
option-forage_rat-area_rat = un rat envoyé dans cette zone
option-forage_rat-any_rat = n’importe quel rat, au choix du joueur
option-supply_shortage = Quand la réserve de fromages s’épuise
option-supply_shortage-fill_what_remains = on utilise seulement ce qui reste
option-supply_shortage-unlimited = une réserve d’appoint complète
option-extra_cheese_types = Fromages supplémentaires à 5–6 joueurs
option-extra_cheese_types-shown_colours = un de chaque couleur indiquée sur la carte
option-extra_cheese_types-all_colours = un de chaque couleur
option-eleven_plus_extra = Fromages supplémentaires à 11–12 joueurs
option-eleven_plus_extra-per_card = pour chacune des deux cartes Nourriture
option-eleven_plus_extra-per_colour = une fois par couleur
option-massive_attacks_reading = Attaque massive
option-massive_attacks_reading-bonus_needs_attacker = +1 seulement pour un conduit occupé
option-massive_attacks_reading-obligation = au moins un rat doit aller dans un conduit
option-massive_attacks_reading-plain_bonus = +1 pour chaque conduit, même vide
option-drunk_counts = Ivre : rats comptés
option-drunk_counts-sewer_rats = rats dans l’égout (sans ceux en vadrouille)
option-drunk_counts-all_rats = tous les rats, même en vadrouille
option-alarm_cheese_safe = Planquez le fromage : fromage caché à l’abri
option-alarm_cheese_safe-yes = oui
option-alarm_cheese_safe-no = non, il peut être volé
option-just_in_time_reading = Juste à temps
option-just_in_time_reading-optional = chaque joueur choisit
option-just_in_time_reading-all_return = tous ces rats reviennent
option-holy_rat_reading = Sacré rat
option-holy_rat_reading-must = obligatoire
option-holy_rat_reading-may = facultatif
option-dr_cheese_reading = Ralchimiste
option-dr_cheese_reading-every_pair = chaque paire de fromages blancs
option-dr_cheese_reading-once_per_draw = une paire par pioche
option-rattibal_trades = Rattibal Lecter
option-rattibal_trades-once = un rat par joueur
option-rattibal_trades-any_number = autant de rats que voulu
option-ap_tie = Sur qui tombe une égalité
option-ap_tie-takes_outcome = le joueur actif, même à son détriment
option-ap_tie-favourable = le joueur actif choisit le bon côté
option-massive_attacks_two_players = Attaque massive à 2 joueurs
option-massive_attacks_two_players-attack_only = +1 pour l’attaque seulement
option-massive_attacks_two_players-both_pipes = +1 aussi pour le conduit qui bloque
option-helmet_rat_reading = Rat casqué
option-helmet_rat_reading-each_draw = après chaque pioche
option-helmet_rat_reading-once_per_area = une fois par zone
option-tacticians_places = Stratèges : emplacements qui rapportent
option-tacticians_places-three_areas = la décharge, la ville et le champ
option-tacticians_places-all_board_places = chaque emplacement du plateau
option-locked_and_loaded_limit = Prêts à tout
option-locked_and_loaded_limit-shared_cap = trois rats en tout pour maternité et garde-manger
option-locked_and_loaded_limit-dual_up_to_three = trois rats de plus qui comptent double

## Mise en place

setup-components = Préparer le matériel
    .text = Les rats forment une réserve commune à côté des plateaux et tous les fromages forment la réserve de fromages. Les cartes Événement attendent dans la boîte et les cartes Nourriture forment la pile Nourriture. Chaque joueur prend un plateau d’égout, un paravent, une carte Cimetière/Vadrouille et une carte d’aide. Les quantités figurent dans le tableau.
setup-event_deck = Préparer la pile des Événements
    .text = Tirer au hasard { $n1 ->
        [one] un Événement final
       *[other] { $n1 } Événements finaux
    }, y ajouter la carte { card-end_of_game } et mélanger. Poser dessus { $n2 ->
        [one] un Événement initial tiré au hasard
       *[other] { $n2 } Événements initiaux tirés au hasard et mélangés
    }. Les autres cartes Événement ne servent pas. La partie dure donc { $n2 } tours, plus jusqu’à { $n1 } autres selon la place de la carte { card-end_of_game } parmi les Événements finaux.
setup-food_deck = Préparer la pile Nourriture
    .text = { $food_order ->
        [sorted] Les cartes Nourriture restent triées par numéro, la plus petite au-dessus.
       *[shuffled] Mélanger les cartes Nourriture et les poser face cachée.
    }
setup-clans = Chaque joueur reçoit des rats et du fromage
    .text = Chaque joueur place dans son garde-manger { $rat ->
        [one] un rat pris
       *[other] { $rat } rats pris
    } dans la réserve de rats et { $yellow ->
        [one] un fromage jaune
       *[other] { $yellow } fromages jaunes
    } pris dans la réserve de fromages. { $starting_player ->
        [random] Un joueur tiré au hasard devient le premier joueur actif.
       *[first_seat] Commence celui qui a vu un rat le plus récemment ; si personne ne s’en souvient, c’est le plus jeune. Il prend la carte Joueur actif.
    }

## Le tour

round = Tour
    .text = La partie se joue en tours. Quand on le lui demande, chaque joueur doit dire honnêtement combien de fromage il possède. Chaque tour comprend les phases suivantes, dans cet ordre, et à chaque phase tous les joueurs agissent en même temps. { $ap_tie ->
        [favourable] Le joueur actif tranche chaque égalité à son avantage ; s’il n’est pas concerné, c’est le joueur à égalité le plus proche à sa gauche qui le fait, et ainsi de suite.
       *[takes_outcome] Le joueur actif remporte toutes les égalités, qu’elles l’avantagent ou non ; s’il n’est pas concerné, c’est le joueur à égalité le plus proche à sa gauche qui l’emporte.
    }

phase-event = Événement
    .summary = La carte Joueur actif change de main ; on révèle les cartes Événement et Nourriture suivantes.
step-event-pass_card = La carte Joueur actif passe à gauche
    .text = { $n1 ->
        [1] Sauf au premier tour
       *[other] Sauf lors des { $n1 } premiers tours
    }, le joueur actif passe la carte Joueur actif à son voisin de gauche.
step-event-reveal = Révéler les cartes Événement et Nourriture suivantes
    .text = Les cartes Événement et Nourriture du tour précédent rejoignent leurs défausses. Révéler { $n1 ->
        [1] la carte du dessus
       *[other] les { $n1 } cartes du dessus
    } de la pile des Événements, puis les cartes Nourriture : { $food_cards_per_round }.

phase-rats = Rats
    .summary = Derrière leur paravent, les joueurs placent leurs rats sur leur plateau.
step-rats-gather = Les rats reviennent derrière le paravent
    .text = Chaque joueur reprend tous ses rats de son plateau, sauf les rats empoisonnés et ceux en vadrouille.
step-rats-place = Chaque joueur place ses rats derrière le paravent
    .text = En même temps et en secret, chaque joueur répartit ces rats entre la décharge, la ville, le champ, le conduit de gauche, le conduit de droite, le garde-manger et la maternité{ $pipe_minimum_n1 ->
        [0] .
       *[other] , dont au moins { $pipe_minimum_n1 } dans les conduits.
    } On retire ensuite les paravents.
step-rats-screens_down = On retire les paravents

phase-attack = Attaque
    .summary = Les conduits attaquent les garde-manger des voisins et y volent du fromage.
# i18n-allow: deux (« ses deux attaquants » : les deux voisins, pas un nombre des règles)
step-attack-steal = Les conduits attaquent les garde-manger
    .text =
        Le conduit de gauche attaque le garde-manger du voisin de gauche, celui de droite le garde-manger du voisin de droite. Une attaque qui compte plus de rats que le garde-manger défendu vole autant de fromages que la différence ; sinon, rien ne se passe. Aucun rat ne meurt lors d’une attaque.
        Toutes les attaques ont lieu en même temps et portent sur les fromages détenus au début de la phase. Si un garde-manger ne suffit pas pour ses deux attaquants, les fromages sont donnés un par un, d’abord au côté qui a envoyé le plus de rats.
step-attack-regroup = Le fromage caché retourne au garde-manger
    .text = Le fromage caché dans la maternité retourne au garde-manger.

phase-nursery = Maternité
    .summary = Chaque rat de la maternité apporte un nouveau rat.
step-nursery-births = Le clan grandit grâce aux rats de la maternité
    .text = Pour chaque rat de sa maternité, chaque joueur prend un nouveau rat dans la réserve de rats et le place dans sa maternité. Si la réserve s’épuise, le joueur qui a le moins de rats en maternité se reproduit en premier.

phase-return = Retour
    .summary = Les rats empoisonnés et en vadrouille reviennent au garde-manger.
step-return-come_home = Les rats empoisonnés et en vadrouille reviennent
    .text = Chaque joueur remet dans son garde-manger les rats de son infirmerie et ceux de sa carte Vadrouille.

phase-foraging = Recherche de fromage
    .summary = À la décharge, en ville et au champ, les rats piochent du fromage dans le sac.
step-foraging-areas = Décharge, ville et champ, l’un après l’autre
    .text = Pour la décharge, puis la ville, puis le champ : remplir le sac, puis chaque joueur qui y a envoyé des rats pioche, en commençant par celui qui en a envoyé le moins. Le dernier trouvera peut-être le sac vide. Chaque fromage prend effet aussitôt. Le sac est vidé dans la réserve avant la zone suivante.
rule-fill_bag = Remplir le sac
    .text = Mettre dans le sac les fromages que les cartes Nourriture révélées indiquent pour la zone. À { $extra_cheese }, ajouter un fromage { $extra_cheese_types ->
        [all_colours] de chaque couleur.
       *[shown_colours] de chaque couleur déjà présente dans le sac.
    } { $eleven_plus_extra ->
        [per_colour] À plus de { $n1 } joueurs, ces fromages supplémentaires s’ajoutent une fois par couleur.
       *[per_card] À plus de { $n1 } joueurs, ces fromages supplémentaires s’ajoutent pour chaque carte Nourriture.
    } { $supply_shortage ->
        [unlimited] Si la réserve s’épuise, une réserve d’appoint complète.
       *[fill_what_remains] Si la réserve s’épuise, le sac ne reçoit que ce qui reste.
    }
rule-forage = Piocher
    .text = Un joueur pioche dans le sac autant de fromages qu’il a envoyé de rats dans la zone, ou ce qui reste.
rule-found = L’effet de chaque fromage
    .text =
        Chaque fromage pioché prend effet aussitôt :
        - Jaune : il va dans le garde-manger.
        - Orange : il retourne dans la réserve et le joueur prend { $orange_yellow ->
        [one] un fromage jaune
       *[other] { $orange_yellow } fromages jaunes
    } à la place.
        - Blanc : il retourne dans la réserve ; le rat n’a rien trouvé.
        - Noir : il retourne dans la réserve et l’un des rats du joueur rejoint la réserve de rats. Il n’est pas mort de faim : il ne va pas au cimetière.
        - Violet : il retourne dans la réserve et un rat est empoisonné : il va à l’infirmerie, doit encore être nourri et manque le tour suivant.
        - Bleu : il retourne dans la réserve et un rat part en vadrouille : il va sur la carte Vadrouille, n’est pas nourri et manque le tour suivant.
rule-lose_rat = Quel rat est touché
    .text = { $forage_rat ->
        [any_rat] Le fromage touche { $rat_2 ->
            [one] un rat
           *[other] { $rat_2 } rats
        }, que le joueur choisit parmi ses rats déployés.
       *[area_rat] Le fromage touche { $rat ->
            [one] l’un des rats
           *[other] { $rat } des rats
        } envoyés dans cette zone ; s’il n’en reste aucun, le joueur choisit un autre rat déployé.
    }

phase-feeding = Nourriture
    .summary = Chaque clan paie du fromage selon sa taille ; les rats qui ne peuvent pas être nourris meurent de faim.
step-feeding-eat = Chaque clan mange ; ce qui n’est pas payé meurt de faim
    .text = Chaque joueur paie des fromages de son garde-manger selon la table de nourriture, en comptant chaque rat de son égout : les rats empoisonnés mangent, ceux en vadrouille non. Pour chaque fromage manquant, l’un de ces rats meurt de faim et va au cimetière.
step-feeding-round_ends = Fin du tour

table-feeding_cost = Table de nourriture
    .gender = f
    .param = Rats à nourrir
    .value = Fromages à payer
    .var = rats

scoring = Décompte
    .text = Chaque joueur marque un point par rat qu’il possède, rats empoisonnés et en vadrouille compris, et perd un point par rat dans son cimetière. Le plus haut score l’emporte. En cas d’égalité, le joueur qui a le plus de fromages dans son garde-manger gagne ; les joueurs encore à égalité se partagent la victoire.

## Moments nommés où les cartes et les modules ajoutent des règles

rule-event_revealed = après la révélation des cartes Événement et Nourriture
rule-screens_down = une fois les paravents retirés
rule-gathered = après que les rats d’un joueur sont revenus
rule-behind_screen = avant qu’un joueur place ses rats derrière le paravent
rule-attacked = après l’attaque d’un garde-manger
rule-coming_home = avant le retour des rats empoisonnés et en vadrouille d’un joueur
rule-before_drawing = avant que quiconque pioche dans une zone
rule-after_area = après que tous ont pioché dans une zone
rule-drew = juste après la pioche d’un joueur
rule-round_ends = tout à la fin du tour
rule-before_eating = avant qu’un joueur paie sa nourriture

## Valeurs calculées par les règles (pour les phrases produites)

func-current_event = l’Événement en cours
func-placement_zones = les emplacements où { $p } peut placer des rats
func-pipe_minimum = le nombre minimal de rats que { $p } doit mettre dans les conduits
func-claim = ce que l’attaque contre { $d } venant { $side_gen } peut voler
func-attackers = les rats avec lesquels { $a } attaque { $side_gen }
func-pipe = le conduit { $side_gen }
func-defenders = les rats qui défendent { $d } contre { $side }
    .text = À { $n1 } joueurs, les conduits se font face : les rats du conduit d’un joueur bloquent le conduit opposé de l’adversaire, et chaque camp vole la différence. { $two_player_pantry ->
        [defends] Les rats du garde-manger défendent aussi.
       *[unused] Le garde-manger ne joue aucun rôle.
    }
func-two_player_defenders = les rats qui défendent { $d } contre { $side } quand les conduits se font face
func-pantry_guard = les rats qui gardent le garde-manger { $d_gen }
func-stealable = les fromages que { $d } peut perdre
func-stash = l’endroit d’où viennent les fromages volés { $d_gen }
func-breeders = les rats reproducteurs { $p_gen }
func-births = les nouveaux rats { $p_gen }
func-extra_cheese = fromages supplémentaires dans chaque zone
func-extra_for = les fromages supplémentaires pour { $shown }
func-takes = les fromages que { $p } pioche dans { $a }
func-treated_as = ce que vaut { $piece } pour { $p }
func-fed_rats = les rats que { $p } doit nourrir
func-drunk_rats = les rats { $p_gen } comptés pour Ivre

## Choix des joueurs

decision-placement = où vont les rats
decision-which_rat = quel rat
decision-helmet_rat = un fromage à remettre
decision-sound_the_alarm = cacher un fromage
decision-just_in_time = reprendre les rats empoisonnés et en vadrouille
decision-holy_rat = libérer un rat du cimetière
decision-dr_cheese = combien de paires de fromages blancs échanger
decision-rattibal_lector = échanger un rat contre du fromage

## Cartes Événement

deck-events = Cartes Événement
    .text = Une carte Événement n’agit que pendant le tour où elle est révélée.
    .field-back = Dos
symbol-start = { $count ->
    [one] Événement initial
   *[other] Événements initiaux
}
symbol-final = { $count ->
    [one] Événement final
   *[other] Événements finaux
}

card-abundance = Abondance
    .text = Dès sa révélation, chaque joueur prend { $yellow ->
        [one] un fromage jaune dans la réserve et le met
       *[other] { $yellow } fromages jaunes dans la réserve et les met
    } dans son garde-manger.
card-massive_attacks = Attaque massive
    .text = Chaque attaque compte { $n2 ->
        [one] un rat
       *[other] { $n2 } rats
    } de plus{ $massive_attacks_reading ->
        [obligation] , et chaque joueur doit mettre au moins { $n3 ->
            [one] un rat
           *[other] { $n3 } rats
        } dans un conduit.
        [plain_bonus] , même depuis un conduit vide.
       *[bonus_needs_attacker] , mais seulement depuis un conduit qui contient au moins un rat.
    } { $massive_attacks_two_players ->
        [both_pipes] Quand les conduits se font face, le conduit qui bloque une attaque compte lui aussi un rat de plus : les bonus des conduits face à face s’annulent.
       *[attack_only] Quand les conduits se font face, le conduit qui bloque une attaque ne compte que ses propres rats.
    }
card-visiting_cousin = Visite du cousin
    .text = Dès sa révélation, chaque joueur prend { $rat ->
        [one] un nouveau rat
       *[other] { $rat } nouveaux rats
    } dans la réserve de rats et le met dans son garde-manger ; il peut être déployé ce tour-ci. Si la réserve s’épuise, le joueur actif est servi en premier.
card-helmet_rat = Rat casqué
    .text = { $helmet_rat_reading ->
        [once_per_area] Une fois dans chaque zone, un joueur qui pioche des fromages dans le sac peut en remettre { $n2 ->
            [one] un
           *[other] { $n2 }
        } dans le sac, sans effet.
       *[each_draw] Chaque fois qu’un joueur pioche des fromages dans le sac, il peut en remettre { $n2 ->
            [one] un
           *[other] { $n2 }
        } dans le sac, sans effet.
    }
card-we_did_it = Yellow is the new black
    .text = Les fromages noirs comptent comme des fromages jaunes.
card-drunk = Ivre
    .text = Dès sa révélation, le joueur qui a le plus de rats { $drunk_counts ->
        [all_rats] (en comptant tous ses rats)
       *[sewer_rats] dans son égout (sans compter ceux en vadrouille)
    } donne { $rat ->
        [one] un rat, ni empoisonné ni en vadrouille, au joueur qui en a le moins. Ce rat va
       *[other] { $rat } rats, ni empoisonnés ni en vadrouille, au joueur qui en a le moins. Ces rats vont
    } dans le garde-manger de celui-ci.
card-sound_the_alarm = Planquez le fromage
    .text = Derrière son paravent, chaque joueur peut cacher { $cheese ->
        [one] un fromage
       *[other] { $cheese } fromages
    } de son garde-manger dans sa maternité. { $alarm_cheese_safe ->
        [no] Il peut tout de même être volé.
       *[yes] Aucune attaque ne peut le voler.
    } Il retourne au garde-manger après les attaques.
card-just_in_time = Juste à temps
    .text = { $just_in_time_reading ->
        [all_return] Tous les rats empoisonnés et en vadrouille reviennent derrière le paravent et peuvent être déployés normalement ce tour-ci.
       *[optional] Chaque joueur peut reprendre ses rats empoisonnés et en vadrouille derrière le paravent et les déployer normalement ce tour-ci.
    }
card-holy_rat = Sacré rat
    .text = Dès sa révélation, chaque joueur qui a un rat dans son cimetière { $holy_rat_reading ->
        [may] peut en remettre { $rat_2 ->
            [one] un
           *[other] jusqu’à { $rat_2 }
        }
       *[must] en remet { $rat ->
            [one] un
           *[other] jusqu’à { $rat }
        }
    } dans la réserve de rats.
card-end_of_game = Fin de partie
    .text = Dès sa révélation, la partie s’arrête immédiatement : le tour n’est pas joué et on procède au décompte.
card-dr_cheese = Ralchimiste
    .text = Un joueur qui pioche au moins { $n2 } fromages blancs dans une même zone, en une fois ou en plusieurs, peut les échanger { $trade_whites_n1 ->
        [2] par paires
       *[other] par groupes de { $trade_whites_n1 }
    }, chacune contre un fromage jaune : { $dr_cheese_reading ->
        [once_per_draw] { $n5 ->
            [one] un échange
           *[other] { $n5 } échanges
        } par pioche.
       *[every_pair] un échange pour { $n4 } fromages blancs.
    }
card-tacticians = Stratèges
    .text = Avant la pioche dans chaque zone, chaque joueur qui n’y a envoyé aucun rat reçoit { $yellow ->
        [one] un fromage jaune
       *[other] { $yellow } fromages jaunes
    } dans son garde-manger. { $tacticians_places ->
        [all_board_places] Au début de la phase, chaque conduit, garde-manger ou maternité vide en rapporte un de plus.
       *[three_areas] Les conduits, garde-manger et maternités vides ne rapportent rien.
    }
card-rattibal_lector = Rattibal Lecter
    .text = Avant de payer sa nourriture, chaque joueur peut échanger des rats contre du fromage { $rattibal_trades ->
        [any_number] autant de fois qu’il le souhaite
       *[once] une fois
    } : { $eat_a_rat_rat ->
        [one] un rat
       *[other] { $eat_a_rat_rat } rats
    } contre { $eat_a_rat_yellow ->
        [one] un fromage jaune
       *[other] { $eat_a_rat_yellow } fromages jaunes
    }. Les rats échangés retournent dans la réserve de rats.
rule-eat_a_rat = Un rat échangé contre du fromage
    .text = { $rat ->
        [one] Le rat retourne
       *[other] { $rat } rats retournent
    } dans la réserve de rats et le joueur prend { $yellow ->
        [one] un fromage jaune
       *[other] { $yellow } fromages jaunes
    } dans la réserve de fromages.
# i18n-allow: deux (« compte pour les deux » : maternité et garde-manger)
card-locked_and_loaded = Prêts à tout
    .text = { $locked_and_loaded_limit ->
       *[shared_cap] Au lieu de la maternité et du garde-manger, les joueurs placent jusqu’à { $placement_at_most } rats en tout sur une case qui compte pour les deux : ces rats défendent et se reproduisent.
        [dual_up_to_three] Les joueurs peuvent aussi placer jusqu’à { $placement_at_most } rats sur une case qui compte à la fois comme maternité et comme garde-manger : ces rats défendent et se reproduisent.
    }

## Cartes Nourriture

deck-food = Cartes Nourriture
    .field-number = Nº
    .field-dump = Décharge
    .field-city = Ville
    .field-field = Champ
card-food_1 = Carte Nourriture { $number }
card-food_2 = Carte Nourriture { $number }
card-food_3 = Carte Nourriture { $number }
card-food_4 = Carte Nourriture { $number }
card-food_5 = Carte Nourriture { $number }
card-food_6 = Carte Nourriture { $number }
card-food_7 = Carte Nourriture { $number }
card-food_8 = Carte Nourriture { $number }
card-food_9 = Carte Nourriture { $number }

var-helmet_uses = { $count ->
    [one] fromage remis avec Rat casqué dans cette zone
   *[other] fromages remis avec Rat casqué dans cette zone
}
    .gender = m
var-dr_cheese_whites = { $count ->
    [one] fromage blanc encore à apparier pour le Ralchimiste
   *[other] fromages blancs encore à apparier pour le Ralchimiste
}
    .gender = m
var-tacticians_unsent = { $count ->
    [one] emplacement vide payé par Stratèges
   *[other] emplacements vides payés par Stratèges
}
    .gender = m
rule-trade_whites = Paires de fromages blancs échangées contre des jaunes
    .text = Chaque { $n1 ->
        [2] paire
       *[other] groupe de { $n1 }
    } de fromages blancs retourne dans la réserve et le joueur prend à la place un fromage jaune. Un fromage blanc pioché plus tôt dans la même zone compte aussi ; il est déjà dans la réserve.
func-bad_tie = la place { $p_gen } parmi les joueurs à égalité quand l’égalité nuit
rule-placement_stands = une fois chaque rat là où il reste pour le tour
const-dual_most = { $count ->
    [one] rat qui compte comme maternité et garde-manger
   *[other] rats qui comptent comme maternité et garde-manger
}
    .gender = m
