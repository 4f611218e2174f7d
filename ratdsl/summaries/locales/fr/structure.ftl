# Tournures génériques pour les résumés de règles : français.
#
# Ces modèles transforment la structure de n’importe quelle règle en phrases ; ils ne connaissent
# aucun jeu. Les noms viennent des messages du jeu (zone-*, pile-*, kind-*, const-*…), avec
# l’attribut .gender (m ou f) et, si besoin, .elision (yes/no, sinon déduit de la première
# lettre) et .prep (sur ou au ; sinon « dans »). Variables : comme en anglais ; $vowel vaut yes si
# le nom commence par une voyelle (l’infirmerie, son infirmerie, cet emplacement).
# Typographie : espace insécable avant « : », espace fine insécable avant « ; ! ? » et dans « ».

## Grammaire
grammar-noun-attributes = gender
grammar-genders = m f
grammar-contractions = à le=au; à les=aux; de le=du; de les=des

## Formes auxiliaires (elles partagent les variables du message appelant)

f-art = { $number ->
    [one] { $vowel ->
        [yes] l’
       *[no] { $gender ->
            [f] la{" "}
           *[other] le{" "}
        }
    }
   *[other] les{" "}
}
f-de = { $number ->
    [one] { $vowel ->
        [yes] de l’
       *[no] { $gender ->
            [f] de la{" "}
           *[other] du{" "}
        }
    }
   *[other] des{" "}
}
f-a = { $number ->
    [one] { $vowel ->
        [yes] à l’
       *[no] { $gender ->
            [f] à la{" "}
           *[other] au{" "}
        }
    }
   *[other] aux{" "}
}
f-poss = { $number ->
    [one] { $gender ->
        [f] { $vowel ->
            [yes] son{" "}
           *[no] sa{" "}
        }
       *[other] son{" "}
    }
   *[other] ses{" "}
}
f-dem = { $number ->
    [one] { $gender ->
        [f] cette{" "}
       *[other] { $vowel ->
            [yes] cet{" "}
           *[no] ce{" "}
        }
    }
   *[other] ces{" "}
}
f-chosen = { $number ->
    [one] { $gender ->
        [f] choisie
       *[other] choisi
    }
   *[other] { $gender ->
        [f] choisies
       *[other] choisis
    }
}
f-np = { $owner ->
    [own] { f-poss }{ $name }
    [this] { f-dem }{ $name }
    [chosen] { f-art }{ $name } { f-chosen }
    [other] { f-art }{ $name } { $of }
   *[shared] { f-art }{ $name }
}

## Mots

word-thing = { $form ->
    [gender] f
   *[other] { $count ->
        [one] chose
       *[other] choses
    }
}
word-place = { $form ->
    [gender] m
   *[other] { $count ->
        [one] emplacement
       *[other] emplacements
    }
}
word-card = { $form ->
    [gender] f
   *[other] { $count ->
        [one] carte
       *[other] cartes
    }
}
word-piece = { $form ->
    [gender] f
   *[other] { $count ->
        [one] pièce
       *[other] pièces
    }
}
word-side = { $form ->
    [gender] m
   *[other] { $count ->
        [one] côté
       *[other] côtés
    }
}
word-number = { $form ->
    [gender] m
   *[other] { $count ->
        [one] nombre
       *[other] nombres
    }
}
word-value = { $form ->
    [gender] f
   *[other] { $count ->
        [one] valeur
       *[other] valeurs
    }
}
word-player = { $form ->
    [gender] m
   *[other] { $count ->
        [one] joueur
       *[other] joueurs
    }
}
word-yes = oui
word-no = non
word-none = aucun
word-nothing = rien
word-left = gauche
word-right = droite
word-decision = un choix
word-field = valeur
word-result = Résultat
word-untitled = (sans titre)

## Lieux : une zone ou une pile, avec son propriétaire

place-nom = { f-np }
place-acc = { f-np }
place-dat = { f-np }
place-gen = { $owner ->
    [own] de { f-poss }{ $name }
    [this] de { f-dem }{ $name }
    [chosen] { f-de }{ $name } { f-chosen }
    [other] { f-de }{ $name } { $of }
   *[shared] { f-de }{ $name }
}
place-from = { place-gen }
place-to = { $prep ->
    [sur] sur { f-np }
    [au] { $owner ->
        [own] à { f-poss }{ $name }
        [this] à { f-dem }{ $name }
        [other] { f-a }{ $name } { $of }
       *[other] { f-a }{ $name }
    }
   *[other] dans { f-np }
}
place-in = { place-to }
place-nom-np = { $np }
place-acc-np = { $np }
place-dat-np = { $np }
place-gen-np = de { $np }
place-from-np = de { $np }
place-to-np = dans { $np }
place-in-np = dans { $np }

## Renvois

ref-player = { $case ->
    [gen] { $which ->
        [chosen] du joueur choisi
        [other] de l’autre joueur
       *[this] du joueur
    }
   *[other] { $which ->
        [chosen] le joueur choisi
        [other] l’autre joueur
       *[this] le joueur
    }
}
ref-this = { $case ->
    [gen] de { f-this }
   *[other] { f-this }
}
f-this = { $gender ->
    [f] cette { $noun }{ $which ->
        [chosen] {" "}choisie
       *[this] {""}
    }
   *[other] { $vowel ->
        [yes] cet
       *[no] ce
    } { $noun }{ $which ->
        [chosen] {" "}choisi
       *[this] {""}
    }
}
ref-side = { $case ->
    [gen] du côté { $side ->
        [left] gauche
       *[right] droit
    }
   *[other] le côté { $side ->
        [left] gauche
       *[right] droit
    }
}
ref-param = { $name }
ref-label = { $case ->
    [gen] de { $label }
   *[other] { $label }
}
ref-players = { $case ->
    [gen] des joueurs
   *[other] les joueurs
}
ref-active = { $case ->
    [gen] du joueur actif
   *[other] le joueur actif
}
ref-round = le numéro du tour
ref-player-count = le nombre de joueurs
ref-base = la valeur habituelle
ref-this-card = { $case ->
    [gen] de cette carte
   *[other] cette carte
}
ref-it = cela

## Groupes nominaux

np-the = { $number ->
    [one] { $vowel ->
        [yes] l’{ $noun }
       *[no] { $gender ->
            [f] la { $noun }
           *[m] le { $noun }
        }
    }
   *[other] les { $noun }
}
np-of-player = { $own ->
    [yes] { $gender ->
        [f] { $vowel ->
            [yes] son
           *[no] sa
        }
       *[m] son
    } { $noun }
   *[no] { $vowel ->
        [yes] l’{ $noun }
       *[no] { $gender ->
            [f] la { $noun }
           *[m] le { $noun }
        }
    } { $player_gen }
}
np-field = la valeur « { $field } » { $of }
np-card-field-var = ce que { $card } indique pour { $field }
np-nth = { $n ->
    [1] la première valeur
    [2] la deuxième valeur
    [3] la troisième valeur
   *[other] la valeur no { $n }
} { $of_gen }
np-first-n = les premiers { $n } { $of_gen }
np-count-in = le nombre de { $what } { $where }
np-table = { $table } pour { $arg }
np-size = le nombre de cartes { $of }
np-min = la plus petite valeur entre { $items }
np-max = la plus grande valeur entre { $items }
np-neighbour = { $case ->
    [gen] { $own ->
        [yes] de son voisin de { $side ->
            [left] gauche
           *[right] droite
        }
       *[no] du voisin de { $side ->
            [left] gauche
           *[right] droite
        } { $of }
    }
   *[other] { $own ->
        [yes] son voisin de { $side ->
            [left] gauche
           *[right] droite
        }
       *[no] le voisin de { $side ->
            [left] gauche
           *[right] droite
        } { $of }
    }
}
np-neighbour-on = { $case ->
    [gen] du voisin { $of } { $side_gen }
   *[other] le voisin { $of } { $side_gen }
}
np-opposite = { $this ->
    [yes] { $case ->
        [gen] du côté opposé
       *[other] le côté opposé
    }
   *[no] { $case ->
        [gen] du côté opposé à { $side }
       *[other] le côté opposé à { $side }
    }
}
np-top = la carte du dessus { $of }
np-all-cards = toutes les { $deck }
np-sample = { $n } cartes tirées au hasard parmi { $of }
np-pick = un joueur tiré au hasard parmi { $of }
np-pieces = chaque pièce { $of }
np-kinds = chaque sorte de pièce { $of }
np-contents = les pièces { $of }
np-one-of-each = une pièce de chaque sorte parmi { $of }
np-at-phase-start = { $value } au début de la phase
np-rank = le rang { $of } à partir du joueur actif
np-share = { $total }, réparti une pièce à la fois entre { $claims }
np-share-evenly = { $total }, réparti à parts égales entre { $claims } (ce qui ne se partage pas également reste)
np-owner = le propriétaire { $of }
np-len = le nombre d’éléments { $of }
np-sum = la somme { $of }
np-abs = la valeur absolue { $of }
np-seat = le numéro de place { $of }
np-any = si au moins un élément { $of } convient
np-all = si tous les éléments { $of } conviennent
np-spaces = les cases en jeu de { $board }
np-neighbours = les cases voisines { $of }
np-adjacent = si une arête mène { $a_gen } vers { $b }
np-distance = la distance en arêtes entre { $a } et { $b }
np-room = la place libre { $of }
# turns: orders of play
np-clockwise = les joueurs dans le sens horaire, en commençant par { $of }
np-counter-clockwise = les joueurs dans le sens antihoraire, en commençant par { $of }
np-clockwise-after = les joueurs dans le sens horaire, en commençant par le joueur qui suit { $of }
np-counter-clockwise-after = les joueurs dans le sens antihoraire, en commençant par le joueur qui suit { $of }
np-snake = les joueurs dans le sens horaire à partir de { $of }, puis dans l’autre sens
# end turns
np-result = le résultat pour { $items }
np-if = { $then } si { $cond }, sinon { $otherwise }
np-range = de { $low } à { $high }
np-where = { $items } pour lesquels { $cond }
np-ordered = { $items } selon { $keys }
np-extreme = { $player ->
    [yes] le joueur qui a la plus { $most ->
        [yes] grande
       *[no] petite
    } valeur pour { $key }
   *[no] l’élément qui a la plus { $most ->
        [yes] grande
       *[no] petite
    } valeur pour { $key }
}
np-each = { $value } pour chaque élément de { $items }
np-pile-cards = les cartes { $pile }

## Calcul

math-plus = { $a } + { $b }
math-minus = { $a } − { $b }
math-times = { $a } × { $b }
math-div = { $a } ÷ { $b } (arrondi à l’inférieur)
math-mod = le reste de { $a } ÷ { $b }
math-group = ({ $a })
math-neg = −{ $a }

## Conditions

cond-always = toujours
cond-never = jamais
cond-not = il est faux que { $cond }
cond-players = la partie compte { $players }
cond-exists = il existe { $a }
cond-missing = il n’existe pas { $a }
cond-is-kind-eq = { $a } est { $gender ->
    [f] une
   *[m] un
} { $noun }
cond-is-kind-ne = { $a } n’est pas { $gender ->
    [f] une
   *[m] un
} { $noun }
cond-is = { $a } est { $b }
cond-is-not = { $a } n’est pas { $b }
cond-func = { $what }
cond-any = { $cond }, pour au moins l’un { $items_gen }
cond-all = { $cond }, pour chacun { $items_gen }
cond-eq = { $a } vaut { $b }
cond-ne = { $a } est différent de { $b }
cond-lt = { $a } est inférieur à { $b }
cond-le = { $a } vaut au plus { $b }
cond-gt = { $a } est supérieur à { $b }
cond-ge = { $a } vaut au moins { $b }
cond-in = { $a } fait partie de { $b }
cond-holds = « { $what } » est vrai

## Instructions (à l’infinitif, comme dans une règle du jeu)

stmt-if = si { $cond } :
stmt-if-players = à { $players } :
stmt-else-if = sinon, si { $cond } :
stmt-else = sinon :
stmt-each-player = pour chaque joueur, à tour de rôle à partir du joueur actif
stmt-each-of = pour chaque { $noun } ({ $items }), l’un après l’autre
stmt-each-in = pour chaque { $noun } parmi { $items }
stmt-each-pieces = pour chaque pièce { $where }
stmt-each-kinds = pour chaque sorte de pièce { $where }
stmt-each-where = { $head }, si { $cond }
stmt-each-order = { $head }, selon { $keys }
# Une clé d’un ordre ($key_dat : la même au datif, pour les langues à cas).
order-key = { $key } ({ $order ->
    [descending] la plus grande valeur d’abord
   *[ascending] la plus petite valeur d’abord
})
order-then = { $first }, puis selon { $next }
stmt-while = tant que { $cond } :
repeat-times = { $n ->
    [one] une fois
    [2] deux fois
   *[other] { $n } fois
}
stmt-repeat = { repeat-times } :
stmt-repeat-if = { $then } si { $cond }, sinon { $otherwise } :
stmt-repeat-np = autant de fois que { $n } :
stmt-repeat-per = une fois par { $noun } :
stmt-let = { $label } désigne : { $value }.
qty-everything = tout
qty-all = { $gender ->
    [f] toutes les
   *[other] tous les
} { $what }
qty-exact = { $n } { $what }
qty-up-to = jusqu’à { $n } { $what }
qty-np = autant de { $what } que { $n }
qty-up-to-np = des { $what }, au plus { $n },
stmt-move = déplacer { $what } { $src } { $dst }.
stmt-draw = tirer au hasard { $what } { $src } { $dst }.
stmt-create = mettre { $what } { $dst }.
stmt-shuffle = mélanger { $pile }.
stmt-place-top = poser { $cards } au-dessus { $pile_gen }.
stmt-place-bottom = glisser { $cards } sous { $pile_acc }.
stmt-reveal = retourner { $count ->
    [one] la carte du dessus
    [varies] les cartes du dessus ({ $n })
   *[other] les { $n } cartes du dessus
} { $src } et { $count ->
    [one] la poser
   *[other] les poser
} { $dst }.
stmt-may = { $player } peut choisir de faire ceci ({ $decision }) :
stmt-may-not = sinon :
stmt-choose = { $player } choisit ({ $decision }) parmi { $options }{ $optional ->
    [yes] , ou passe
   *[no] {""}
} :
stmt-distribute = { $player } répartit { $what } { $src } entre { $targets } ({ $decision }) :
stmt-limit-most = au plus { $n } dans { $where }.
stmt-limit-least = au moins { $n } dans { $where }.
stmt-do = appliquer « { $rule } ».
stmt-do-repeats = appliquer « { $rule } », qui se répète : elle revient à elle-même.
stmt-secretly = en secret, tous en même temps :
# plans
stmt-plan = en secret, chacun de { $players } planifie { $n } étapes ({ $decision }), chacune choisie parmi { $options }{ $optional ->
    [yes] {""} ou laissée vide
   *[no] {""}
} ; quand tous ont planifié, tous les plans sont révélés en même temps comme { $target }
# end plans
stmt-end = la partie s’arrête immédiatement.
stmt-show = montrer { $cards } à { $player } seulement.
stmt-set-active = { $player } devient le joueur actif.
stmt-set = fixer { $target } à { $value }.
stmt-add = augmenter { $target } de { $n }.
stmt-subtract = diminuer { $target } de { $n }.
# turns
stmt-turn = { $player } joue son tour :
stmt-turn-abilities = à tout moment de son tour, il peut utiliser { $abilities }.
stmt-act-one = faire l’action { $actions } si elle est permise.
stmt-act-choose = faire une des actions { $actions }{ $optional ->
    [yes] {""}, ou aucune
   *[no] {""}
}.
stmt-act-any-order = faire chaque action permise parmi { $actions }, dans l’ordre que choisit le joueur.
stmt-act-until-pass = faire les actions { $actions }, une à la fois et autant de fois qu’elles sont permises, jusqu’à ce que le joueur s’arrête.
# end turns

## Déclarations

decl-modify = { $what } : { $change }
decl-modify-if = { $text }, quand { $cond }
change-also = aussi { $what }
change-plus = { $n } de plus
change-minus = { $n } de moins
change-becomes = devient { $value }
decl-hook-before = avant « { $rule } »
decl-hook-after = après « { $rule } »
decl-hook-instead = au lieu de « { $rule } »
decl-hook-at = { $when }
decl-hook-if = { $head }, si { $cond }
decl-on-reveal = dès que cette carte est révélée
decl-on-event = quand cette carte est utilisée

## Textes de la page

ui-summary-title = { $game } : résumé des règles
ui-quickref-title = { $game } : aide-mémoire
ui-intro = Pour { $players }. Rédigé à partir des fichiers de règles : chaque nombre ci-dessous est celui qu’utilisent les règles.
ui-modules-on = { $count ->
    [one] Module optionnel en jeu
   *[other] Modules optionnels en jeu
} : { $modules }.
ui-modules-off = Jeu de base : aucun module optionnel n’est en jeu.
ui-footer = Produit par ratdsl à partir des fichiers de règles, avec les options en vigueur.
ui-section-variant = Variante : { $variant }
ui-variant-intro = Ce résumé décrit la règle maison { $variant }. Ses changements sont signalés par « { $changed } » ou « { $added } ».
ui-variant-added = Ajouté : { $what }.
ui-variant-changed = Modifié : { $what }.
ui-variant-removed = Retiré : { $what }.
ui-variant-rows = Modifié : { $what } : { $changes }.
ui-variant-row-more = de { $low } à { $high } { $var }, { $delta } de plus
ui-variant-row = de { $low } à { $high } { $var }, { $old } → { $new }
ui-variant-row-rest = au-delà de { $low } { $var }, { $new } au lieu de { $old }
ui-variant-option = { $option } : désormais { $value }.
ui-variant-modules = Modules optionnels activés : { $modules }.
ui-other-rule = une règle à part
ui-what = { $kind ->
    [phase] la phase { $name }
    [card] la carte { $name }
    [table] { $name }
    [rule] la règle { $name }
    [func] la valeur { $name }
    [const] la valeur { $name }
    [option] l’option { $name }
    [deck] la pile { $name }
    [scoring] le décompte
    [round] l’ordre des phases
   *[other] { $name }
}
ui-what-step = l’étape { $step } de la phase { $phase }
ui-badge-changed = { $gender ->
    [f] modifiée par la variante
   *[other] modifié par la variante
}
ui-badge-added = { $gender ->
    [f] ajoutée par la variante
   *[other] ajouté par la variante
}
ui-badge-set-variant = réglé par la variante
ui-badge-set-command = pas la valeur par défaut
ui-section-setup = Matériel et mise en place
ui-components = Matériel
ui-setup = Mise en place
ui-col-component = Élément
ui-col-where = Emplacement
ui-col-amount = Quantité
ui-section-round = Déroulement d’un tour
ui-section-board = Le plateau : { $board }
ui-board-intro = { $count ->
    [one] Le plateau compte une case.
   *[other] Le plateau compte { $count } cases.
}
ui-col-space = Case
ui-col-in-play = En jeu à
ui-col-capacity = Contient au plus
ui-board-no-limit = –
ui-board-edge = { $space } touche { $others }.
ui-board-one-way = Depuis { $space }, un chemin à sens unique mène à { $others }.
ui-round-generic = Chaque tour compte { $count } phases, dans cet ordre :
ui-round-ends-after = { $count ->
    [one] La partie se termine dès que le premier tour a été joué.
   *[other] La partie se termine dès que le tour { $count } a été joué en entier ; ce tour compte.
}
ui-round-cap = { $count ->
    [one] Une partie dure au plus un tour : si elle n’est pas finie à ce moment, les règles l’arrêtent.
   *[other] Une partie dure au plus { $count } tours : si elle n’est pas finie à ce moment, les règles l’arrêtent.
}
# turns
ui-section-actions = Actions
ui-action-quoted = « { $title } »
ui-action-ability = Une capacité : on peut l’utiliser à tout moment de son tour.
ui-action-only-if = permise seulement si { $cond }.
ui-action-limit = { $n ->
    [one] au plus une fois par tour.
   *[other] au plus { $n } fois par tour.
}
ui-action-cost = elle coûte :
ui-ends-turn = La partie s’arrête à la fin d’un tour où { $cond } ; cette manche compte.
ui-ends-round = La partie s’arrête à la fin d’une manche où { $cond } ; cette manche compte.
ui-ends-once = La partie s’arrête dès que { $cond } ; cette manche compte.
# end turns
ui-phase-title = Phase { $n } : { $title }
ui-details = En détail
ui-deck-active = Une carte de cette pile n’agit que tant que { $cond }.
ui-group-heading = { $group } ({ $count })
ui-field = { $field } : { $value }
ui-no-effect = Aucun effet propre.
ui-col-card = Carte
ui-row-range = { $low }–{ $high }
ui-row-more = { $low } et plus
ui-row-other = tous les autres cas
ui-section-players = Nombre de joueurs
ui-players-intro = Le jeu se joue à { $players }. Ce qui change selon le nombre de joueurs :
ui-col-rule = Règle
ui-func-is = { $what } : { $value }
ui-see-rule = { $rule } : voir la phase { $n }, { $phase }.
ui-section-scoring = Fin de partie, décompte et égalités
ui-end-card = la carte { $card } est révélée
ui-end-step = l’étape { $step } est jouée
ui-game-ends = La partie s’arrête dès que { $what }.
ui-score-is = chaque joueur marque { $value }.
ui-tiebreak = départage { $n } : { $value }, le plus grand l’emporte.
ui-tie-shared = les joueurs encore à égalité se partagent la victoire.
ui-section-other = Autres règles
ui-section-module = Module optionnel : { $module }
ui-module-rules = Règles du module
ui-section-options = Options en vigueur
ui-options-intro = Là où la règle peut se lire de plusieurs façons, les fichiers de règles nomment une option. Voici les lectures suivies par ce résumé :
ui-col-option = Option
ui-col-value = Lecture en vigueur
ui-default-was = (par défaut : { $value })
ui-label-sep = {" : "}
ui-head = { $text } :
ui-with-note = { $text } { $note }
ui-option-note = ({ $options })
ui-option-value = { $option } : { $value }
ui-group = les { $group } ({ $items })
ui-untranslated = { ui-quoted } (non traduit)
ui-quoted = « { $text } »
ui-number = { $n }
ui-amount = { $n } { $what }
ui-amount-np = { $n } { $what }
ui-amount-short = { $n } { $what }
ui-by-players = { $value } pour { $players }
ui-players = { $range } { $count ->
    [one] joueur
   *[other] joueurs
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
ui-steps-sep = {" ; "}
ui-list-sep = {", "}
ui-list-and = { $first } et { $last }
ui-list-or = { $first } ou { $last }
