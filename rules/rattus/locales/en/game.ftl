# Rattus: English messages for the rule summary (`ratdsl summary rules/rattus --lang en`).
#
# Ids are the identifiers of the rule files (see ratdsl/summaries/elements.py). Numbers are never
# typed here: they come from the rule files as variables ($n1, $cube, options, constants).
# The map and the tile faces are guessed data blocks (map.rat, tiles.rat): the texts name no
# region's neighbours and no tile's face, so they stay true when a designer corrects the data.
# `ratdsl i18n check rules/rattus` lists what is missing, unused or malformed.

game = Rattus

## Components

kind-cube = { $count ->
    [one] population cube
   *[other] population cubes
}
kind-figure = { $count ->
    [one] plague figure
   *[other] plague figures
}
const-cubes_per_player = { $count ->
    [one] cube per player
   *[other] cubes per player
}
const-most_tiles = { $count ->
    [one] tile at most on a region
   *[other] tiles at most on a region
}
zone-reserve = supply of cubes
zone-castle = royal castle
zone-box_figure = spot beside the board
deck-rats = Plague tiles
    .field-start = Start tile
    .field-number = Number
    .field-classes = Classes struck
    .field-majority = M
    .field-all_players = A
deck-classes = Class cards
pile-stock = face-down stock of tiles
pile-removed = tiles put back in the box unseen
pile-start_tiles = start tiles
pile-box = revealed tiles (out of the game)
pile-display = class cards beside the board
pile-held = class cards in front of a player
pile-britannia_tiles = tiles on Britannia
pile-scandinavia_tiles = tiles on Scandinavia
pile-gallia_tiles = tiles on Gallia
pile-hispania_tiles = tiles on Hispania
pile-germania_tiles = tiles on Germania
pile-italia_tiles = tiles on Italia
pile-polonia_tiles = tiles on Polonia
pile-hungaria_tiles = tiles on Hungaria
pile-byzantium_tiles = tiles on Byzantium
pile-africa_tiles = tiles on Africa
pile-russia_tiles = tiles on Russia
pile-tartaria_tiles = tiles on Tartaria
var-trigger_seat = seat of the player who triggered the end
var-next_seat = seat of the player who would play next
var-knight_took_part = the Knight played in the last round
var-finishing = the last round has been played
## The map

board-europe = Europe in the time of the Black Death
field-tiles = Tiles
space-britannia = Britannia
space-scandinavia = Scandinavia
space-gallia = Gallia
space-hispania = Hispania
space-germania = Germania
space-italia = Italia
space-polonia = Polonia
space-hungaria = Hungaria
space-byzantium = Byzantium
space-africa = Africa
space-russia = Russia
space-tartaria = Tartaria

## Options

option-end_timing = When the end trigger stops normal play
option-end_timing-end_of_round = at the end of that round
option-end_timing-end_of_turn = at the end of that turn
option-placement = Placing cubes
option-placement-required = required when possible
option-placement-optional = optional
option-figure_start = Where the plague figure starts
option-figure_start-chosen = a region the start player chooses
option-figure_start-random = a region picked at random
option-knight_return = The Knight's two steps may end where the figure began
option-knight_return-false = no
option-knight_return-true = yes
option-neutral_majority = The Knight's neutral cubes compete for M
option-neutral_majority-false = no, they only count for the number
option-neutral_majority-true = yes
option-final_neutral = The plague figure in the final plague
option-final_neutral-knight_played = counts as neutral cubes if the Knight took a last turn
option-final_neutral-always = counts as neutral cubes if anyone holds the Knight
option-final_neutral-never = counts nothing

## Tables

table-removed_tiles = Tiles removed unseen
    .param = Players
    .value = Tiles
    .var = players
table-region_count = Regions in play
    .param = Players
    .value = Regions
    .var = players
table-spread_count = Tiles that spread
    .param = Tiles in the plague region
    .value = New tiles
    .var = tiles

## Setup

setup-components = Lay out the components
    .text = Each player takes the { $cubes_per_player } cubes of one colour. The class cards lie face up beside the board. Each plague tile shows a rat on its back (the start tiles have a purple border); its face shows the number of cubes that makes the plague break out and who it strikes: class symbols, M (the majority) or A (all). The start tiles and the other tiles are kept apart for now.
setup-start_tiles = Deal the start tiles and build the stock
    .text = Shuffle the start tiles face down and put one on every region in play. Shuffle the other tiles into a face-down stock and, with fewer than the most players, put some back in the box unseen (see the table). Then shuffle the start tiles left over into the stock.
setup-figure = Place the plague figure
    .text = { $figure_start ->
        [random] The plague figure goes on a region picked at random.
       *[chosen] The start player puts the plague figure on any region.
    }
setup-start_cubes = Place the first cubes
    .text = Each player places their first cubes (see Start placement). The youngest player starts; here, the first seat.
rule-start_placement = Start placement
    .text = Clockwise from the start player, each player puts { $cube ->
        [one] one cube
       *[other] { $cube } cubes
    } on any region. Then, from the player who placed last and counter-clockwise, each puts { $cube ->
        [one] one more cube
       *[other] { $cube } more cubes
    } on any region.

## The turn

round = Turns
    .text = Players take turns clockwise, starting with the start player. A turn has the parts A (take a class card, optional) and B (place cubes), in either order, and then C (move the plague figure), always last. The class cards' abilities are used by the player whose turn it is, at any time of the turn, each card once. A round in which every player has taken a turn counts as one round towards the rules' limit of rounds.
phase-turns = A round of turns
    .summary = Clockwise from the start player, each player takes a turn: A (take a class card, optional) and B (place cubes, required when possible) in either order, then C, always last: the plague figure moves, the plague spreads from its region and ravages it. The player whose turn it is may use the King, Monk, Merchant and Witch they hold at any time before C, each once.
step-turns-play = Each player's turn
    .text = In C the figure must move to a neighbouring region; it may not stay. With the Knight it may go one step further, and the player may declare that it counts as neutral cubes for this plague (see the Knight). Then the plague spreads and ravages the region the figure reached, and the next player clockwise takes their turn.
rule-put_cubes = Cubes go on a region
    .text = As many cubes as the region has tiles (one more with the Peasant) go from the player's supply onto it, as many as the supply still holds.
func-rest_of_round = the players still to take a turn this round
func-plays_on = the round goes on
rule-take_card = Take a class card (A)
    .text = The player takes one class card, from beside the board or from another player, and lays it face up in front of them. Nobody gives a card back: it stays until another player takes it. A player may hold several cards and has all their abilities.
rule-place_cubes = Place cubes (B)
    .text = The player puts as many cubes from their supply on one region as there are tiles on it; so no cubes go on a region without tiles, except with the Peasant.
rule-move_figure = Moving the plague figure
    .text = The figure moves to a neighbouring region. With more steps allowed, the player may go on from there{ $knight_return ->
        [true] , even back to where the figure began.
       *[false] , but never back to where the figure began.
    }
rule-plague = The plague
    .text = First the plague spreads from the plague region, then it ravages it.
rule-spread = Spread
    .text = For the tiles in the plague region, tiles from the stock go onto neighbouring regions, as the table says, chosen by the active player: all to one region or to different ones. No region ever holds more than { $most_tiles } tiles: a full region cannot take one, and when every neighbour is full or the stock is empty, no more tiles are put out.
rule-ravage = Ravage
    .text = If the plague region holds at least one cube and one tile, its tiles are turned face up one at a time, until none is left or no cube is. Turned tiles leave the game; those not turned stay face down.
rule-outbreak = A tile turns
    .text = If the region holds at least as many cubes as the tile's number, any colour counted (and the Knight's neutral cubes, if declared), the plague breaks out. First M: every player with the most cubes there loses one. Then each class symbol: the holder of that class card loses one cube there. Then A: every player with cubes there loses one. A player with no cube left in the region is not struck. Otherwise the tile has no effect.
rule-lose_cube = A cube dies
    .text = The cube goes back to its owner's supply.

## Class cards

card-peasant = Peasant
card-merchant = Merchant
card-monk = Monk
card-knight = Knight
card-witch = Witch
card-king = King
rule-use_king = King: a cube into the castle
    .text = The player moves { $cube ->
        [one] one of their cubes
       *[other] { $cube } of their cubes
    } from a region without tiles into the royal castle. Cubes there are safe for good and count at the end.
rule-use_monk = Monk: a tile moves
    .text = The player moves one tile, chosen by where it lies and never by its face, to a neighbouring region that holds fewer than { $most_tiles } tiles.
rule-use_merchant = Merchant: cubes move
    .text = The player moves from { $n2 } up to { $n3 } of their cubes from one region to a neighbouring region.
rule-use_witch = Witch: look and swap
    .text = The player looks under any tile on the board, then under another (on the same region too), and may then swap them between their regions. Only that player sees the faces.
rule-final_peasant = Peasant in the last round
    .text = The player puts { $cube ->
        [one] one of their cubes
       *[other] { $cube } of their cubes
    } on any region.

## The end

phase-finale = The end
    .summary = After the round in which the end was triggered: a last round counter-clockwise, then the plague ravages every region.
step-finale-last_round = The last round
    .text = The game ends { $end_timing ->
        [end_of_turn] after the turn
       *[end_of_round] after the round
    } in which the stock ran out or a player placed all their cubes. Then comes a last round, counter-clockwise, starting with the player to the right of the one who triggered the end; that player takes no part. Each player may use the abilities of the class cards they hold, once each; nobody takes a card, places cubes or moves the figure, except: the Peasant's holder may put a cube on any region, and the Knight's holder may move the figure as the Knight allows (without any plague).
step-finale-final_plague = The final plague
    .text = The plague ravages every region in turn, as in C but without spreading. { $final_neutral ->
        [never] The figure counts nothing.
        [always] The figure counts as neutral cubes in its region while anyone holds the Knight.
       *[knight_played] If the Knight's holder took part in the last round, the figure counts as neutral cubes in its region.
    } Then the game ends.
rule-note_end = The end trigger
    .text = The end is triggered when the stock is empty or the active player has no cube left in their supply.
rule-final_plague = The plague ravages every region
    .text = Each region in play is ravaged in turn, as in C.
rule-note_next_player = Who would play next
    .text = { $end_timing ->
        [end_of_turn] The player to the left of the one who triggered the end would play next.
       *[end_of_round] The start player would play next, opening a new round.
    }
scoring = Scoring
    .text = Each player counts their cubes on the board and in the castle; the most wins. On a tie, the tied player who would play next if the game went on wins.

## Choices players make

decision-take_card = which class card to take
decision-place_in = where to place cubes
decision-king_from = where a cube leaves for the castle
decision-monk_tile = which tile the Monk moves
decision-monk_to = where the Monk moves the tile
decision-merchant_from = where the Merchant's cubes leave
decision-merchant_to = where the Merchant's cubes go
decision-merchant_count = how many cubes the Merchant moves
decision-witch_first = the first tile the Witch looks under
decision-witch_second = the second tile the Witch looks under
decision-witch_swap = swap the tiles looked at
decision-final_peasant = where the Peasant puts a cube
decision-figure_to = where the plague figure goes
decision-figure_second = the Knight's second step
decision-figure_start = where the plague figure starts
decision-spread_to = where a tile spreads
decision-start_region = where the start cubes go
decision-knight_neutral = the figure counts as neutral cubes

## Values the rules compute (used in generated sentences)

func-holds = { $p } holds { $c }
func-tiles_on_board = the tiles on the board
func-region_of = the region where { $t } lies
func-has_room = { $r } has room for a tile
func-own_cubes = the cubes of { $p } on the board
func-takeable = the class cards { $p } may take
func-king_can = { $p } can use the King
func-monk_targets = the regions the Monk may move { $t } to
func-monk_can = { $p } can use the Monk
func-merchant_can = { $p } can use the Merchant
func-witch_can = { $p } can use the Witch
func-peasant_bonus = the Peasant's extra cube for { $p }
func-plague_region = the plague region
func-knight_second = the regions the Knight's second step may reach from { $first }
func-trigger_player = the player who triggered the end
func-final_neutral_cubes = the neutral cubes the figure adds in { $r } at the end
func-survivors = the surviving cubes of { $p }
func-turns_until = how many turns until { $p } would play
func-regions = the regions in play
func-cubes_in = the cubes in { $r }
func-spread_targets = the regions a tile may spread to from { $r }
func-breaks_out = the plague breaks out in { $r }
func-majority_size = the most cubes one player has in { $r }
func-majority_holders = the players with the most cubes in { $r }
func-start_player = the start player
func-placeable = the regions where { $p } may place cubes
func-last_round_players = the players of the last round
## Plague tiles

card-r01 = Plague tile ({ $number })
card-r02 = Plague tile ({ $number })
card-r03 = Plague tile ({ $number })
card-r04 = Plague tile ({ $number })
card-r05 = Plague tile ({ $number })
card-r06 = Plague tile ({ $number })
card-r07 = Plague tile ({ $number })
card-r08 = Plague tile ({ $number })
card-r09 = Plague tile ({ $number })
card-r10 = Plague tile ({ $number })
card-r11 = Plague tile ({ $number })
card-r12 = Plague tile ({ $number })
card-r13 = Plague tile ({ $number })
card-r14 = Plague tile ({ $number })
card-r15 = Plague tile ({ $number })
card-r16 = Plague tile ({ $number })
card-r17 = Plague tile ({ $number })
card-r18 = Plague tile ({ $number })
card-r19 = Plague tile ({ $number })
card-r20 = Plague tile ({ $number })
card-r21 = Plague tile ({ $number })
card-r22 = Plague tile ({ $number })
card-r23 = Plague tile ({ $number })
card-r24 = Plague tile ({ $number })
card-r25 = Plague tile ({ $number })
card-r26 = Plague tile ({ $number })
card-r27 = Plague tile ({ $number })
card-r28 = Plague tile ({ $number })
card-r29 = Plague tile ({ $number })
card-r30 = Plague tile ({ $number })
card-r31 = Plague tile ({ $number })
card-r32 = Plague tile ({ $number })
card-r33 = Plague tile ({ $number })
card-r34 = Plague tile ({ $number })
card-r35 = Plague tile ({ $number })
card-r36 = Plague tile ({ $number })
card-r37 = Plague tile ({ $number })
card-r38 = Plague tile ({ $number })
card-r39 = Plague tile ({ $number })
card-r40 = Plague tile ({ $number })
card-r41 = Plague tile ({ $number })
card-r42 = Plague tile ({ $number })
card-r43 = Plague tile ({ $number })
card-r44 = Plague tile ({ $number })
card-r45 = Plague tile ({ $number })
card-r46 = Plague tile ({ $number })
card-r47 = Plague tile ({ $number })
card-r48 = Plague tile ({ $number })
card-r49 = Plague tile ({ $number })

## Actions and class cards (turn.rat)

action-take = A: take a class card
    .text = Optional, at most once a turn: the player may take one class card, from beside the board or from another player.
action-place = B: place cubes
    .text = Once a turn, when the player can place cubes at all: required unless the rules' option makes it optional.
action-plague_figure = C: the plague figure
    .text = Always the last action of a turn: the figure moves, the plague spreads and ravages, and the turn passes to the next player clockwise. No class card can be used after it.
action-king_power = King
    .text = Once a turn, before C, for the King's holder with a cube on a region without tiles: one such cube goes into the castle.
action-monk_power = Monk
    .text = Once a turn, before C, for the Monk's holder: a tile moves to a neighbouring region with room.
action-merchant_power = Merchant
    .text = Once a turn, before C, for the Merchant's holder with cubes on the board: some of their cubes from one region move to a neighbouring region, as the Merchant allows.
action-witch_power = Witch
    .text = Once a turn, before C, for the Witch's holder while tiles lie on the board: a look under tiles on the board, and perhaps a swap, as the Witch allows.
action-peasant_power = Peasant in the last round
    .text = Only in the last round, once: the Peasant's holder puts one cube on any region.
action-knight_power = Knight in the last round
    .text = Only in the last round, once: the Knight's holder moves the plague figure, with the Knight's extra step.
