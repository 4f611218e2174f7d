# Frases propias de la mesa en el terminal y del narrador (ratdsl/cli/table/words.py).

nothing = nada
pass = pasar
yes = sí
no = no

## Narración
narr-title = { $game }: { $players } jugadores, { $seed }
narr-seed = semilla { $seed }
narr-seed-hidden = semilla oculta
narr-with = con { $modules }
narr-variant = variante { $variant }
narr-options = Reglas de la casa: { $options }
narr-round = === Ronda { $round } (jugador activo { $active }) ===
narr-setup = preparación: { $step }
narr-revealed = Se revela { $card } ({ $pile })
narr-placements = colocaciones reveladas:
narr-drawn = { $what } sacado al azar de { $src } para { $dst }
narr-shuffled = Se baraja { $pile }: { $result }
narr-picked = Elegido al azar: { $result }
narr-hidden = (oculto)
narr-shown-some = a { $player } se le muestran cartas
narr-shown = mostrado a { $player }: { $cards }
narr-decides = { $player } elige { $answer } para { $what }
narr-passes = { $player } renuncia a { $what }
narr-end-game = La partida termina en la ronda { $round }, en { $at }; solo cuentan las rondas completas.
narr-final = === Puntuación final tras { $rounds } rondas ===
narr-more-sets = … { $n } cambios más de { $var }
narr-more-moves = … { $n } movimientos más
narr-more-lines = … { $n } líneas más
narr-score = { $player }: { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
narr-tiebreak = (desempate: { $values })
narr-winner = Gana: { $player }
narr-shared = Victoria compartida: { $players }

## La mesa
tbl-handover = Pasa el terminal a { $player }.
tbl-press-enter = { $player }, pulsa Intro cuando solo tú veas la pantalla
tbl-answered = { $player } ha respondido; la pantalla se ha borrado.
tbl-status = Ronda { $round } · { $phase } · jugador activo { $active }
tbl-table = En la mesa
tbl-face-up = Boca arriba
tbl-players = Jugadores
tbl-you = Tu pantalla ({ $player })
tbl-shown = Cartas que se te muestran
tbl-piles = Mazos
tbl-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}
tbl-place = { $player }: { $question }. Coloca { $amount } en total.
tbl-limit-most = como máximo { $n } en { $zones }
tbl-limit-least = como mínimo { $n } en { $zones }
tbl-count-help = Escribe un número (Intro: el mínimo permitido); u deshace el último lugar, r vuelve a empezar.
tbl-left = quedan { $left }
tbl-confirm = Intro para confirmar, u para deshacer
tbl-question = { $player }: { $question }
tbl-from-card = { $card }: { $text }
tbl-number = número
tbl-yes-no = sí o no
tbl-not-in-range = «{ $text }» no es un número de { $low } a { $high }
tbl-nothing-to-undo = aún no hay nada que deshacer
tbl-answer = tu respuesta: { $answer }
tbl-you-saw = viste { $card }
narr-option = { $option }: { $value }
narr-shuffled-hidden = Se baraja { $pile }.
narr-picked-hidden = Se elige algo al azar.
narr-move = { $what } de { $src } a { $dst }
narr-move-by = { $rule }: { $what } de { $src } a { $dst }
narr-set = { $var } pasa a ser { $value }

## Lo que le pasó al jugador en una fase (play, detalle habitual)
led-yours = Tu { $zone }: { $changes }
led-gain = +{ $what } desde { $other } — { $reason }
led-loss = −{ $what } a { $other } — { $reason }
led-gain-here = +{ $what } — { $reason }
led-loss-here = −{ $what } — { $reason }
led-your-var = Tu valor { $var }: { $before } → { $value }
led-your-var-now = Tu valor { $var }: { $value }
led-var-now = { $var } { $value }
led-rival = { $player }: { $changes }
