# Ratatopolis: English messages for the rule summary (`ratdsl summary rules/ratatopolis --lang en`).
#
# Ids are the identifiers of the rule files. Numbers are never typed here: they come from the rule
# files as variables ($n1, $n2, ... in the order of an element's text; options and constants by
# name). `ratdsl i18n check rules/ratatopolis` lists what is missing, unused or malformed.

game = Ratatopolis

## Components

kind-rat = { $count ->
    [one] rat
   *[other] rats
}
kind-cat = { $count ->
    [one] cat
   *[other] cats
}
kind-cheese = { $count ->
    [one] cheese token
   *[other] cheese tokens
}
zone-box = game box
zone-cats = cat figures beside the city
zone-cheese_tokens = cheese tokens beside the city
zone-reserve = rats behind the screen
zone-larder = cheese tokens won
symbol-attack = attack
symbol-move = move
var-orders = plan
var-props = property tokens held
var-orange = orange buildings
var-fallen = empty areas
const-actions_per_round = { $count ->
    [one] action
   *[other] actions
}
const-last_round = last round
deck-hunt = hunt cards
    .field-target = building
pile-hunt_deck = hunt deck
pile-hunt_row = open hunt cards
pile-hunt_pool = hunt cards of the round
pile-hunted = hunted buildings
pile-hunt_discard = hunt discard pile
pile-hand = hunt card in hand

## The buildings' letters

symbol-a_letter = A
symbol-b_letter = B
symbol-c_letter = C
symbol-d_letter = D
symbol-e_letter = E
symbol-ef_letter = Ф
symbol-f_letter = F
symbol-g_letter = G
symbol-h_letter = H
symbol-i_letter = I
symbol-j_letter = J
symbol-k_letter = K
symbol-l_letter = L
symbol-m_letter = M
symbol-n_letter = N
symbol-o_letter = O
symbol-p_letter = P
symbol-r_letter = R
symbol-s_letter = S
symbol-t_letter = T

## The hunt cards

card-hunt_market = Hunt: Market
card-hunt_pharmacy = Hunt: Pharmacy
card-hunt_fire_station = Hunt: Fire station
card-hunt_archive = Hunt: Archive
card-hunt_tile_d = Hunt: Building D
card-hunt_hotel = Hunt: Hotel
card-hunt_radio = Hunt: Radio station
card-hunt_metro = Hunt: Metro
card-hunt_tile_e = Hunt: Building E
card-hunt_bus_station = Hunt: Bus station
card-hunt_tile_j = Hunt: Building J
card-hunt_cheese_shop = Hunt: Cheese shop
card-hunt_tile_k = Hunt: Building K
card-hunt_hospital = Hunt: Hospital
card-hunt_tile_m = Hunt: Building M
card-hunt_shooting_gallery = Hunt: Shooting gallery
card-hunt_tile_n = Hunt: Building N
card-hunt_tile_p = Hunt: Building P
card-hunt_tile_r = Hunt: Building R
card-hunt_tile_ef = Hunt: Building Ф

## Options

option-stale_step = A planned action that can no longer run
option-stale_step-skip = it is skipped
option-stale_step-forfeit = the rest of that plan is dropped
option-room_of_leavers = Room left by rats moving away in the same moves
option-room_of_leavers-later = not free for rats arriving in those moves
option-room_of_leavers-at_once = free for rats arriving at the same time
option-shop_in_last_round = The cheese shop pays at the end of the last round
option-shop_in_last_round-yes = yes
option-shop_in_last_round-no = no: the game ends after the hunt
option-fallen_property = The property token of a building the cats take
option-fallen_property-lost = leaves the game with it
option-fallen_property-kept = stays with its holder
option-hospital_room = The hospital's rescued rat
option-hospital_room-within = only onto a building with room
option-hospital_room-over = also over a building's capacity

## Setup

setup-families = Each family takes its rats
    .text = Each player takes the rats of one colour and a screen, and puts one rat on every building of the city; the cats and the cheese tokens wait beside the city.
setup-properties = Orange buildings
    .text = Draw at random as many property tokens as there are players, plus one, from those of the buildings in the city. Those buildings are orange and their tokens lie on them; the other tokens go back to the box.
setup-hunt_cards = The hunt deck
    .text = Shuffle the hunt cards, one for each building, and put them face down on the hunter's board.

## The round

round = Round
    .text = Every round has these phases, in this order. Every round, one building falls to the cats.

func-cards_this_round = the hunt cards of this round
    .text = { $n2 } hunt cards a round up to round { $n1 }, { $n3 } after it.
func-dealt_this_round = the hunt cards dealt to players this round
    .text = One hunt card for each player; but with { $n1 } players, from round { $n2 } on, nobody is dealt a card and all lie open.

phase-hunt_cards = Hunt cards
    .summary = Each player gets a hunt card face down; the others lie open, with a cat on each building named.
step-hunt_cards-reshuffle = The hunt deck again
    .text = At the start of round { $n1 }, the deck is used up: shuffle the discarded hunt cards into a new deck.
step-hunt_cards-deal = Deal the hunt cards
    .text = Draw the round's hunt cards. Deal one face down to each player (see below), who may look at it at any time but shows it to nobody; lay the rest face up on the hunter's board and put a cat on each building they name.

phase-planning = Planning
    .summary = Behind their screens, all players plan their actions at the same time.
step-planning-archive = The archive
    .text = The holder of the archive's token may ask one player to show them their hunt card.
step-planning-plans = Plan the actions in secret
    .text = At the same time and in secret, each player writes down { $actions_per_round } actions, each an attack (a building and a rival's colour: the attacker needs a rat of their own there when the attack runs), a move (from a building to a neighbouring one) or nothing. A plan may count on its first action: a second action may start where the first one's move lands, or attack a rival who may have arrived by then. When everybody is done, all plans are revealed together.

phase-actions = Actions
    .summary = The first actions of all plans run, then the second ones: attacks first, then moves.
step-actions-run = Carry out the plans
    .text = First every first action, then every second one. Each time, all attacks happen at once, then all moves at once. An attack sends one rat of the colour named back behind its owner's screen. A move takes every rat of the group, as far as the building has room: groups competing for too little room move the same number of rats each, and the others stay. An action that can no longer run: { $stale_step ->
        [forfeit] the rest of that plan is dropped.
       *[skip] it is skipped.
    }
step-actions-market = The market
    .text = If the market has room left, the holder of its token may put one rat from behind the screen on it.

func-hunted_building = the building the cats hunt

phase-cats_hunt = The cats hunt
    .summary = One of the round's hunt cards is drawn, and its building falls.
step-cats_hunt-draw = Draw the hunt card
    .text = Shuffle the hunt cards dealt and laid open this round face down and turn up the top one; it stays on the hunter's board to the end of the game.
step-cats_hunt-radio = The radio station
    .text = Once, the holder of the radio station's token may shuffle the card drawn back among the round's cards and draw again; the new card stands.
step-cats_hunt-hospital = The hospital
    .text = The holder of the hospital's token may move one of their rats from the hunted building to a neighbouring one.
step-cats_hunt-fall = The building falls
    .text = Take the building off the city: its rats go back to their owners, and an empty area stays where it was; nobody may enter it. The cats leave, and the round's other hunt cards go face down to the discard pile, which nobody may look through.

func-sole_leader = whether { $p } has more rats on { $s } than anyone else
func-keeps = whether { $p } holds the token of { $s }

phase-properties = Property tokens
    .summary = The majority on each orange building holds its token.
step-properties-majorities = Majorities
    .text = Except in the last round, the player with more rats than anyone else on an orange building takes its property token; on a tie, the token goes back onto the building.
step-properties-cheese_shop = The cheese shop
    .text = The holder of the cheese shop's token takes a cheese token, while any are left.

## Scoring

func-rats_in_city = the rats of { $p } in the city
func-cheese_of = the cheese of { $p }
scoring = Scoring
    .text = After the hunt of the last round, each rat in the city scores the cheese printed on its building; add the cheese tokens won. The most cheese wins; on a tie, the player with more rats in the city.

## Actions: what a plan may hold and how it runs

func-held = the buildings where { $p } has rats
func-near = the buildings where { $p } has rats, and those a move of theirs may reach
func-metro_steps = the buildings { $p } reaches from { $a } through an empty area (metro)
    .title = The metro
    .text = The holder of the metro's token may move a group through an empty area to any building next to it.
func-bus_steps = the buildings { $p } reaches from { $a } through one building (bus station)
    .title = The bus station
    .text = The holder of the bus station's token may move a group through one building, even a full one, to a building next to it; never through an empty area.
func-steps_from = the buildings a group of { $p } may move to from { $a }
func-attack_reach = the buildings where { $p } may attack from { $places }
    .title = The shooting gallery
    .text = The holder of the shooting gallery's token may also attack on the buildings next to those where they have a rat.
func-attack_options = the attacks { $p } may plan from { $places }
func-move_options = the moves { $p } may plan from { $places }
func-plan_options = the actions { $p } may plan
func-options_at = the actions { $p } may plan from { $places }
func-covers = whether { $p } may attack on { $s }
func-can_attack = whether the attack { $o } of { $p } can run
func-can_move = whether the move { $o } of { $p } can run
func-can_run = whether the action { $o } of { $p } can run
func-runs = whether action { $k } of { $p } is a { $kind } that runs
rule-drop_stale = Actions that can no longer run
    .text = { $stale_step ->
        [forfeit] An action that can no longer run when its turn comes drops the rest of that plan.
       *[skip] An action that can no longer run when its turn comes is skipped.
    }
rule-attacks_at_once = All attacks at once
    .text = All attacks of the same cell happen at once, each checked against the city before any: players may take each other's rats, and every attack on a building takes a rat, however many aim at the same colour there.
rule-moves_at_once = All moves at once
    .text = All moves of the same cell happen at once. A building takes as many rats as it has room for before the moves; groups competing for it share the room evenly, and what cannot be shared evenly stays. The holder of the fire station's token moves first, so the places their rats leave are free for the others; the holder of the hotel's token may put one rat over the capacity.
func-group = the group that { $p } moves in action { $k }
func-leaving = the rats leaving { $s } in the same moves
func-room_for = the room on { $s } for the moves
func-hotel_extra = the extra rat the hotel lets { $p } put on { $s }
func-step_is = whether { $o } is an action of kind { $kind }
func-left_by = the buildings { $p } empties by the moves { $done }
func-reached_by = the buildings the moves { $done } lead to
func-held_then = the buildings where { $p } may still have rats after { $done }
func-theirs_then = whether { $q } may still have rats on { $s } after { $done }
func-fits = whether a group of { $p } finds room on { $s }
func-likely_from = the actions from { $places } that { $p } may expect to run after { $done }
func-likely_options = the actions { $p } may expect to run after { $done }
func-taken_first = the places on { $s } the fire station's holder took first
func-freed_first = the places on { $s } the fire station's holder left first

## The city

func-capacity = the capacity of { $s }
    .text = A building holds the number of players times its capacity per player (the buildings' table above) in rats, every colour counted.
func-alive = whether { $s } still stands
func-standing = the buildings still standing
func-rats = the rats of { $p } on { $s }
func-total = the rats on { $s }
func-room_at = the room left on { $s }
func-holds = whether { $p } holds the token of { $s }
func-property_buildings = the buildings with a property token

## Decisions

decision-orders = plan
decision-archive_look = archive: whose hunt card to see
decision-market_rat = market: put a rat there
decision-radio_redraw = radio station: draw again
decision-hospital_rescue = hospital: where to save a rat

## The city (the board)

board-city = the city of Ratatopolis
space-market = Market
space-pharmacy = Pharmacy
space-fire_station = Fire station
space-archive = Archive
space-tile_d = Building D
space-hotel = Hotel
space-radio = Radio station
space-metro = Metro
space-tile_e = Building E
space-bus_station = Bus station
space-tile_j = Building J
space-cheese_shop = Cheese shop
space-tile_k = Building K
space-hospital = Hospital
space-tile_m = Building M
space-shooting_gallery = Shooting gallery
space-tile_n = Building N
space-tile_p = Building P
space-tile_r = Building R
space-tile_ef = Building Ф
field-letter = letter
field-size = capacity per player
field-worth = cheese per rat
field-property = property token

# What the table is told when a planned action does not run (actions.rat, drop_stale): `say`
# messages, their values as $a1, $a2, ...
say-the-planned-building-is-gone = { $a1 }: the action planned on { $a2 } does not run, the building is gone
say-no-rival-rat-is-left-to-attack = { $a1 }: the attack on { $a3 } in { $a2 } does not run, no rat of { $a3 } is left there
say-no-rat-of-the-planner-is-there-to-attack = { $a1 }: the attack in { $a2 } does not run, no rat of theirs is there
say-no-rat-of-the-planner-is-left-to-move = { $a1 }: the move from { $a2 } does not run, no rat of theirs is left there
say-the-planned-move-cannot-reach-its-target = { $a1 }: the move from { $a2 } to { $a3 } does not run, it cannot get there
