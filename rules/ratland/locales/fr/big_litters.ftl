# Règle maison : messages de ce que cette variante ajoute (les éléments modifiés gardent les
# titres du jeu ; leurs textes sont produits à partir des nouvelles règles s’ils manquent ici).

variant-big_litters = Grandes portées

step-nursery-births = Le clan grandit, avec des petits en plus
    .text = Pour chaque rat de sa maternité, chaque joueur prend un nouveau rat dans la réserve de rats, plus un pour chaque groupe de { $n1 } (arrondi à l’inférieur), et les place dans sa maternité. Si la réserve s’épuise, le joueur qui a le moins de rats en maternité se reproduit en premier.
