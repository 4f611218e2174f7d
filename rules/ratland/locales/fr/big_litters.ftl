# Règle maison : messages de ce que cette variante ajoute (les éléments modifiés gardent les
# titres du jeu ; leurs textes sont produits à partir des nouvelles règles s’ils manquent ici).

variant-big_litters = Grandes portées
