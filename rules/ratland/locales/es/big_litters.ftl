# Regla de la casa: mensajes de lo que añade esta variante (los elementos cambiados conservan
# los títulos del juego; sus textos se generan a partir de las nuevas reglas si no se dan aquí).

variant-big_litters = Camadas grandes

step-nursery-births = El clan crece, con crías de más
    .text = Por cada rata de su criadero, cada jugador toma una rata nueva de la pila común, y una más por cada { $n1 } de ellas (redondeando hacia abajo), y las pone en el criadero. Si la pila no alcanza, cría primero quien tenga menos ratas en el criadero.
