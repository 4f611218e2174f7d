# Regla de la casa: mensajes de lo que añade esta variante (los elementos cambiados conservan
# los títulos del juego; sus textos se generan a partir de las nuevas reglas si no se dan aquí).

variant-clan_wars = Guerras de clanes
