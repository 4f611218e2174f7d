# Phrases propres à la table en terminal et au narrateur (ratdsl/cli/table/words.py).

nothing = rien
pass = passer
yes = oui
no = non

## Narration
narr-title = { $game } : { $players } joueurs, { $seed }
narr-seed = graine { $seed }
narr-seed-hidden = graine cachée
narr-with = avec { $modules }
narr-variant = variante { $variant }
narr-options = Règles maison : { $options }
narr-round = === Manche { $round } (premier joueur { $active }) ===
narr-setup = mise en place : { $step }
narr-revealed = { $card } est révélé ({ $pile })
narr-placements = placements révélés :
narr-drawn = { $what } tiré au hasard de { $src } pour { $dst }
narr-shuffled = { $pile } est mélangé : { $result }
narr-picked = Tiré au sort : { $result }
narr-hidden = (caché)
narr-shown-some = on montre des cartes à { $player }
narr-shown = montré à { $player } : { $cards }
narr-decides = { $player } choisit { $answer } pour { $what }
narr-passes = { $player } renonce à { $what }
narr-end-game = La partie s’arrête à la manche { $round }, à { $at } ; seules les manches terminées comptent.
narr-final = === Scores finaux après { $rounds } manches ===
narr-more-sets = … { $n } changements de plus de { $var }
narr-more-moves = … { $n } déplacements de plus
narr-more-lines = … { $n } lignes de plus
narr-score = { $player } : { $points ->
    [one] { $points } point
   *[other] { $points } points
}
narr-tiebreak = (départage : { $values })
narr-winner = Vainqueur : { $player }
narr-shared = Victoire partagée : { $players }

## La table
tbl-handover = Passez le terminal à { $player }.
tbl-press-enter = { $player }, appuyez sur Entrée quand vous seul voyez l’écran
tbl-answered = { $player } a répondu ; l’écran est effacé.
tbl-status = Manche { $round } · { $phase } · premier joueur { $active }
tbl-table = Sur la table
tbl-face-up = Face visible
tbl-players = Joueurs
tbl-you = Votre paravent ({ $player })
tbl-shown = Cartes qu’on vous a montrées
tbl-piles = Piles
tbl-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
tbl-place = { $player } : { $question }. Placez { $amount } en tout.
tbl-limit-most = au plus { $n } dans { $zones }
tbl-limit-least = au moins { $n } dans { $zones }
tbl-count-help = Tapez un nombre (Entrée : le minimum permis) ; u annule la dernière place, r recommence.
tbl-left = reste { $left }
tbl-confirm = Entrée pour confirmer, u pour annuler
tbl-question = { $player } : { $question }
tbl-from-card = { $card } : { $text }
tbl-number = numéro
tbl-yes-no = oui ou non
tbl-not-in-range = « { $text } » n’est pas un nombre de { $low } à { $high }
tbl-nothing-to-undo = rien à annuler pour l’instant
tbl-answer = votre réponse : { $answer }
tbl-you-saw = vous avez vu { $card }
narr-option = { $option } : { $value }
narr-shuffled-hidden = { $pile } est mélangé.
narr-picked-hidden = Quelque chose est tiré au sort.
narr-move = { $what } de { $src } vers { $dst }
narr-move-by = { $rule } : { $what } de { $src } vers { $dst }
narr-set = { $var } vaut maintenant { $value }

## Ce qui est arrivé au joueur pendant une phase (play, niveau de détail habituel)
led-yours = Chez vous, { $zone } : { $changes }
led-gain = +{ $what } depuis { $other } — { $reason }
led-loss = −{ $what } vers { $other } — { $reason }
led-gain-here = +{ $what } — { $reason }
led-loss-here = −{ $what } — { $reason }
led-your-var = Votre valeur { $var } : { $before } → { $value }
led-your-var-now = Votre valeur { $var } : { $value }
led-var-now = { $var } { $value }
led-rival = { $player } : { $changes }
