# The terminal table's and the narrator's own phrases (ratdsl/cli/table/words.py). Game words
# (zones, kinds, cards, phases) come from the game's locale files.

nothing = nothing
pass = pass
yes = yes
no = no

## Narration
narr-title = { $game }: { $players } players, { $seed }
narr-seed = seed { $seed }
narr-seed-hidden = seed hidden
narr-with = with { $modules }
narr-variant = variant { $variant }
narr-options = House rules: { $options }
narr-round = === Round { $round } (active player { $active }) ===
narr-setup = setup: { $step }
narr-revealed = { $card } is revealed ({ $pile })
narr-placements = revealed placements:
narr-drawn = { $what } drawn at random from { $src } for { $dst }
narr-shuffled = { $pile } is shuffled: { $result }
narr-picked = Picked at random: { $result }
narr-hidden = (hidden)
narr-shown-some = { $player } is shown cards
narr-shown = shown to { $player }: { $cards }
narr-decides = { $player } chooses { $answer } for { $what }
narr-passes = { $player } passes on { $what }
narr-end-game = The game ends in round { $round }, at { $at }; only finished rounds count.
narr-final = === Final scores after { $rounds } rounds ===
narr-more-sets = … { $n } more changes of { $var }
narr-more-moves = … { $n } more moves
narr-more-lines = … { $n } more lines
narr-score = { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}
narr-tiebreak = (tie-break: { $values })
narr-winner = Winner: { $player }
narr-shared = Shared victory: { $players }

## The table
tbl-handover = Pass the terminal to { $player }.
tbl-press-enter = { $player }, press Enter when only you can see the screen
tbl-answered = { $player } has answered; the screen is cleared.
tbl-status = Round { $round } · { $phase } · active player { $active }
tbl-table = On the table
tbl-face-up = Face up
tbl-players = Players
tbl-you = Your screen ({ $player })
tbl-shown = Cards shown to you
tbl-piles = Piles
tbl-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
tbl-place = { $player }: { $question }. Place { $amount } in all.
tbl-limit-most = at most { $n } in { $zones }
tbl-limit-least = at least { $n } in { $zones }
tbl-count-help = Type a number (Enter: the fewest allowed); u undoes the last place, r starts again.
tbl-left = { $left } left
tbl-confirm = Enter to confirm, u to undo
tbl-question = { $player }: { $question }
tbl-from-card = { $card }: { $text }
tbl-number = number
tbl-yes-no = yes or no
tbl-not-in-range = "{ $text }" is not a number from { $low } to { $high }
tbl-nothing-to-undo = nothing to undo yet
tbl-answer = your answer: { $answer }
tbl-you-saw = you saw { $card }
narr-option = { $option }: { $value }
narr-shuffled-hidden = { $pile } is shuffled.
narr-picked-hidden = Something is picked at random.
narr-move = { $what } from { $src } to { $dst }
narr-move-by = { $rule }: { $what } from { $src } to { $dst }
narr-set = { $var } is now { $value }

## What happened to the player in a phase (play's default verbosity)
led-yours = Your { $zone }: { $changes }
led-gain = +{ $what } from { $other } — { $reason }
led-loss = −{ $what } to { $other } — { $reason }
led-gain-here = +{ $what } — { $reason }
led-loss-here = −{ $what } — { $reason }
led-your-var = Your { $var }: { $before } → { $value }
led-your-var-now = Your { $var }: { $value }
led-var-now = { $var } { $value }
led-rival = { $player }: { $changes }
