# RatLand: English messages for the rule summary (`ratdsl summary rules/ratland --lang en`).
#
# Ids are the identifiers of the rule files (see ratdsl/summaries/elements.py). Numbers are never
# typed here: they come from the rule files as variables. Besides every option ($food_order, ...)
# and constant ($boxes, ...), a message gets the numbers written in its own element: $n1, $n2, ...
# in the order of the text, and $KIND for the amount of a move of that token kind ($rat, $yellow).
# `ratdsl i18n check rules/ratland` lists what is missing, unused or malformed.

game = RatLand

## Components: nouns. Token kinds and groups select on $count; .short is the colour alone.

kind-rat = { $count ->
    [one] rat
   *[other] rats
}
kind-yellow = { $count ->
    [one] piece of yellow cheese
   *[other] pieces of yellow cheese
}
    .short = yellow
kind-orange = { $count ->
    [one] piece of orange cheese
   *[other] pieces of orange cheese
}
    .short = orange
kind-white = { $count ->
    [one] piece of white cheese
   *[other] pieces of white cheese
}
    .short = white
kind-black = { $count ->
    [one] piece of black cheese
   *[other] pieces of black cheese
}
    .short = black
kind-purple = { $count ->
    [one] piece of purple cheese
   *[other] pieces of purple cheese
}
    .short = purple
kind-blue = { $count ->
    [one] piece of blue cheese
   *[other] pieces of blue cheese
}
    .short = blue
const-cheese = { $count ->
    [one] piece of cheese
   *[other] pieces of cheese
}

zone-pile = common rat pile
zone-supply = cheese supply
zone-extra_supply = reserve supply
zone-bag = bag
const-supplies = cheese supply
zone-dump = dump
zone-city = city
zone-field = field
zone-left_pipe = left pipe
zone-right_pipe = right pipe
zone-pantry = pantry
zone-nursery = nursery
zone-both = nursery-and-pantry space
zone-reserve = hand behind the screen
zone-drawn = drawn pieces
zone-infirmary = infirmary
zone-lost = Lost card
    .prep = on
zone-graveyard = graveyard
    .prep = on
const-areas = { $count ->
    [one] area
   *[other] areas
}
const-pipes = { $count ->
    [one] pipe
   *[other] pipes
}
const-placement = { $count ->
    [one] space on the board
   *[other] spaces on the board
}
const-deployable = { $count ->
    [one] space for deployed rats
   *[other] spaces for deployed rats
}
const-sewer = { $count ->
    [one] place in the sewer
   *[other] places in the sewer
}
const-whole_clan = { $count ->
    [one] place of the clan
   *[other] places of the clan
}
pile-box = game box
pile-event_deck = event deck
    .prep = on
pile-event_row = current event
    .prep = on
pile-event_discard = event discard pile
    .prep = on
pile-food_deck = food deck
    .prep = on
pile-food_row = current food cards
    .prep = on
pile-food_discard = food discard pile
    .prep = on
const-boxes = { $count ->
    [one] game box in use
   *[other] game boxes in use
}
const-food_cards_per_round = { $count ->
    [one] food card revealed each round
   *[other] food cards revealed each round
}

## Options: the question, then each reading

option-rat_pile = Rats in one box
option-starting_player = Who starts
option-starting_player-first_seat = whoever saw a rat most recently, else the youngest
option-starting_player-random = a player picked at random
option-food_order = Order of the food deck
option-food_order-shuffled = shuffled
option-food_order-sorted = sorted, card 1 on top (for first games)
option-two_player_pantry = Pantry in the 2-player game
option-two_player_pantry-unused = not used
option-two_player_pantry-defends = defends as well
option-forage_rat = Which rat a black, purple or blue piece takes
option-forage_rat-area_rat = one sent to that area
option-forage_rat-any_rat = any rat the player chooses
option-supply_shortage = When the cheese supply runs short
option-supply_shortage-fill_what_remains = only what is left is used
option-supply_shortage-unlimited = a reserve makes up the difference
option-extra_cheese_types = Extra pieces with 5–6 players
option-extra_cheese_types-shown_colours = one of each colour shown on the card
option-extra_cheese_types-all_colours = one of every colour
option-eleven_plus_extra = Extra pieces with 11–12 players
option-eleven_plus_extra-per_card = for each of the two food cards
option-eleven_plus_extra-per_colour = once per colour
option-massive_attacks_reading = Massive Attacks
option-massive_attacks_reading-bonus_needs_attacker = +1 only for a pipe with rats
option-massive_attacks_reading-obligation = at least one rat must go in a pipe
option-massive_attacks_reading-plain_bonus = +1 for every pipe, even an empty one
option-drunk_counts = Drunk: which rats count
option-drunk_counts-sewer_rats = rats in the sewer (not lost ones)
option-drunk_counts-all_rats = all rats, lost ones included
option-alarm_cheese_safe = Sound the Alarm: hidden cheese is safe
option-alarm_cheese_safe-yes = yes
option-alarm_cheese_safe-no = no, it can still be stolen
option-just_in_time_reading = Just in Time
option-just_in_time_reading-optional = each player chooses
option-just_in_time_reading-all_return = all such rats come back
option-holy_rat_reading = Holy Rat
option-holy_rat_reading-must = compulsory
option-holy_rat_reading-may = optional
option-dr_cheese_reading = Dr. Cheese
option-dr_cheese_reading-every_pair = every pair of white pieces
option-dr_cheese_reading-once_per_draw = one pair per draw
option-rattibal_trades = Rattibal Lector
option-rattibal_trades-once = one rat per player
option-rattibal_trades-any_number = as many rats as wanted
option-ap_tie = Who a tie falls on
option-ap_tie-takes_outcome = the active player, even when it hurts
option-ap_tie-favourable = the active player picks the better side
option-massive_attacks_two_players = Massive Attacks with 2 players
option-massive_attacks_two_players-attack_only = +1 for the attack only
option-massive_attacks_two_players-both_pipes = +1 for the blocking pipe too
option-helmet_rat_reading = Helmet Rat
option-helmet_rat_reading-each_draw = after every draw
option-helmet_rat_reading-once_per_area = once per area
option-tacticians_places = Tacticians: places that pay
option-tacticians_places-three_areas = the dump, the city and the field
option-tacticians_places-all_board_places = every place on the board
option-locked_and_loaded_limit = Locked and Loaded
option-locked_and_loaded_limit-shared_cap = three rats in all for nursery and pantry
option-locked_and_loaded_limit-dual_up_to_three = three extra rats that count twice

## Setup

setup-components = Lay out the components
    .text = The rats form a common pile beside the boards and all cheese pieces form the general supply. The event cards wait in the box and the food cards form the food deck. Each player takes a sewer board, a screen, a Graveyard/Lost card and a reference card. Amounts: see the table.
setup-event_deck = Build the event deck
    .text = Pick { $n1 ->
        [one] one final event
       *[other] { $n1 } final events
    } at random, add { card-end_of_game } and shuffle these cards. Put { $n2 ->
        [one] one starting event, picked at random,
       *[other] { $n2 } starting events, picked at random and shuffled,
    } on top of them. The other event cards are not used. So the game lasts { $n2 } rounds, plus up to { $n1 } more, depending on where { card-end_of_game } lies among the final events.
setup-food_deck = Prepare the food deck
    .text = { $food_order ->
        [sorted] The food cards stay sorted by number, the lowest on top.
       *[shuffled] Shuffle the food cards and place them face down.
    }
setup-clans = Each player takes rats and cheese
    .text = Each player puts { $rat ->
        [one] one rat
       *[other] { $rat } rats
    } from the common pile and { $yellow ->
        [one] one yellow piece
       *[other] { $yellow } yellow pieces
    } from the supply in their pantry. { $starting_player ->
        [random] A player picked at random becomes the first active player.
       *[first_seat] The player who saw a rat most recently starts; if nobody remembers, the youngest player does. They take the Active Player card.
    }

## The round

round = Round
    .text = The game is played in rounds. Whenever asked, players must say truthfully how much cheese they hold. Every round has these phases, in this order, and in each phase all players act at the same time. { $ap_tie ->
        [favourable] The active player settles every tie in their own favour; when they are not part of a tie, the tied player nearest to their left does, and so on.
       *[takes_outcome] The active player wins every tie, whether it helps them or not; when they are not part of a tie, the tied player nearest to their left wins it.
    }

phase-event = Event
    .summary = The active player card moves on; the next event and food cards are revealed.
step-event-pass_card = The active player card passes left
    .text = { $n1 ->
        [1] Except in the first round
       *[other] Except in the first { $n1 } rounds
    }, the active player hands the Active Player card to the player on their left.
step-event-reveal = Reveal the next event and food cards
    .text = Last round’s event and food cards go to their discard piles. Reveal { $n1 ->
        [1] the top event card
       *[other] the top { $n1 } event cards
    }, then the top food cards: { $food_cards_per_round }.

phase-rats = Rats
    .summary = Behind their screens, players place their rats on their boards.
step-rats-gather = Rats come back behind the screen
    .text = Each player takes back every rat from their board, except poisoned and lost ones.
step-rats-place = Each player places rats behind the screen
    .text = At the same time and in secret, each player places all those rats on the dump, the city, the field, the left pipe, the right pipe, the pantry and the nursery{ $pipe_minimum_n1 ->
        [0] .
       *[other] , at least { $pipe_minimum_n1 } of them in the pipes.
    } Then the screens are lifted.
step-rats-screens_down = The screens come down

phase-attack = Attack
    .summary = The pipes attack the neighbours’ pantries and steal cheese.
step-attack-steal = Pipes attack pantries
    .text =
        The left pipe attacks the left neighbour’s pantry, the right pipe the right neighbour’s. An attack with more rats than the defending pantry steals the difference in pieces of cheese; otherwise nothing happens. Rats never die in an attack.
        All attacks happen at once, on the cheese held when the phase began. If a pantry cannot pay both attackers, the pieces go one at a time, starting with the side that sent more rats.
step-attack-regroup = Hidden cheese goes back to the pantry
    .text = Cheese hidden in the nursery returns to the pantry.

phase-nursery = Nursery
    .summary = Every rat in the nursery brings a new rat.
step-nursery-births = The clan grows by the rats in the nursery
    .text = Each player takes one new rat from the common pile for every rat in their nursery and puts it there. If the pile runs short, the player with the fewest rats in the nursery breeds first.

phase-return = Return
    .summary = Poisoned and lost rats come back to the pantry.
step-return-come_home = Poisoned and lost rats go back to the pantry
    .text = Each player moves the rats in their infirmary and on their Lost card back to their pantry.

phase-foraging = Foraging for cheese
    .summary = In the dump, the city and the field, rats draw cheese from the bag.
step-foraging-areas = Dump, city and field, one after the other
    .text = For the dump, then the city, then the field: fill the bag, then every player who sent rats there draws, the one with the fewest rats first. Whoever comes last may find the bag empty. Each piece takes effect at once. The bag is emptied into the supply before the next area.
rule-fill_bag = Filling the bag
    .text = Put in the bag the pieces that the revealed food cards show for the area. With { $extra_cheese }, add one more piece { $extra_cheese_types ->
        [all_colours] of every colour.
       *[shown_colours] of each colour already in the bag.
    } { $eleven_plus_extra ->
        [per_colour] With more than { $n1 } players, the extra pieces are added once per colour.
       *[per_card] With more than { $n1 } players, the extra pieces are added for each food card.
    } { $supply_shortage ->
        [unlimited] If the supply runs short, a reserve makes up the difference.
       *[fill_what_remains] If the supply runs short, the bag gets only what is left.
    }
rule-forage = Drawing
    .text = A player draws from the bag as many pieces as they sent rats to the area, or whatever is left.
rule-found = What each piece does
    .text =
        Every piece drawn takes effect at once:
        - Yellow: it goes to the pantry.
        - Orange: it goes back to the supply, and the player takes { $orange_yellow ->
        [one] one yellow piece
       *[other] { $orange_yellow } yellow pieces
    } instead.
        - White: it goes back to the supply; the rat found nothing.
        - Black: it goes back to the supply, and one of the player’s rats goes back to the common pile. It did not starve: it does not go to the graveyard.
        - Purple: it goes back to the supply, and one rat is poisoned: it goes to the infirmary, must still be fed, and misses the next round.
        - Blue: it goes back to the supply, and one rat is lost: it goes on the Lost card, is not fed, and misses the next round.
rule-lose_rat = Which rat is taken
    .text = { $forage_rat ->
        [any_rat] The piece takes { $rat_2 ->
            [one] one rat
           *[other] { $rat_2 } rats
        }, chosen by the player among their deployed rats.
       *[area_rat] The piece takes { $rat ->
            [one] one rat
           *[other] { $rat } rats
        } sent to that area; if none is left there, the player chooses another deployed rat.
    }

phase-feeding = Feeding
    .summary = Each clan pays cheese for its size; rats that cannot be fed starve.
step-feeding-eat = Every clan eats; what cannot be paid starves
    .text = Each player pays pieces of cheese from their pantry as the feeding table says, counting every rat in their sewer: poisoned rats eat, lost rats do not. For each piece they cannot pay, one of those rats starves and goes to the graveyard.
step-feeding-round_ends = The round ends

table-feeding_cost = Feeding table
    .param = Rats to feed
    .value = Cheese to pay
    .var = rats

scoring = Scoring
    .text = Each player scores one point for every rat they own, poisoned and lost rats included, and loses one point for every rat in their graveyard. The highest score wins. A tie goes to the player with the most cheese in their pantry; players still tied share the victory.

## Hook points (named moments where cards and modules add rules)

rule-event_revealed = after the event and food cards are revealed
rule-screens_down = once the screens are lifted
rule-gathered = after a player’s rats are gathered
rule-behind_screen = before a player places rats behind the screen
rule-attacked = after a pantry is attacked
rule-coming_home = before a player’s poisoned and lost rats come back
rule-before_drawing = before anyone draws in an area
rule-after_area = after everyone has drawn in an area
rule-drew = right after a player draws
rule-round_ends = at the very end of the round
rule-before_eating = before a player pays for food

## Values the rules compute (used in generated sentences)

func-current_event = the current event
func-placement_zones = the spaces where { $p } may place rats
func-pipe_minimum = the fewest rats { $p } must put in the pipes
func-claim = what the attack on { $d } from { $side } may steal
func-attackers = the rats that { $a } attacks with on { $side }
func-pipe = the pipe on { $side }
func-defenders = the rats defending { $d } against { $side }
    .text = With { $n1 } players, the pipes face each other: the rats in a player’s pipe block the opponent’s facing pipe, and each side steals the difference. { $two_player_pantry ->
        [defends] The rats in the pantry defend as well.
       *[unused] The pantry plays no part.
    }
func-two_player_defenders = the rats defending { $d } against { $side } when the pipes face each other
func-pantry_guard = the rats guarding the pantry of { $d }
func-stealable = the cheese { $d } can lose
func-stash = the place that cheese stolen from { $d } is taken from
func-breeders = the breeding rats of { $p }
func-births = the new rats for { $p }
func-extra_cheese = extra pieces in each area
func-extra_for = the extra pieces for { $shown }
func-takes = the pieces { $p } draws in { $a }
func-treated_as = what { $piece } counts as for { $p }
func-fed_rats = the rats { $p } must feed
func-drunk_rats = the rats of { $p } that count for Drunk

## Choices players make

decision-placement = where the rats go
decision-which_rat = which rat
decision-helmet_rat = a piece to put back
decision-sound_the_alarm = hide a piece of cheese
decision-just_in_time = bring back poisoned and lost rats
decision-holy_rat = free a rat from the graveyard
decision-dr_cheese = how many pairs of white pieces to trade
decision-rattibal_lector = trade a rat for cheese

## Event cards

deck-events = Event cards
    .text = An event card works only during the round in which it is revealed.
    .field-back = Back
symbol-start = { $count ->
    [one] Starting event
   *[other] Starting events
}
symbol-final = { $count ->
    [one] Final event
   *[other] Final events
}

card-abundance = Abundance
    .text = When it is revealed, each player takes { $yellow ->
        [one] one yellow piece
       *[other] { $yellow } yellow pieces
    } from the supply into their pantry.
card-massive_attacks = Massive Attacks
    .text = Every attack counts { $n2 ->
        [one] one rat
       *[other] { $n2 } rats
    } more{ $massive_attacks_reading ->
        [obligation] , and each player must put at least { $n3 ->
            [one] one rat
           *[other] { $n3 } rats
        } in a pipe.
        [plain_bonus] , even from an empty pipe.
       *[bonus_needs_attacker] , but only from a pipe holding at least one rat.
    } { $massive_attacks_two_players ->
        [both_pipes] When the pipes face each other, the pipe that blocks an attack counts one rat more as well, so the bonuses of facing pipes cancel.
       *[attack_only] When the pipes face each other, the pipe that blocks an attack counts only its own rats.
    }
card-visiting_cousin = Visiting Cousin
    .text = When it is revealed, each player takes { $rat ->
        [one] a new rat
       *[other] { $rat } new rats
    } from the common pile into their pantry; it can be placed this round. If the pile runs short, the active player is served first.
card-helmet_rat = Helmet Rat
    .text = { $helmet_rat_reading ->
        [once_per_area] Once in each area, a player who draws pieces from the bag may put { $n2 ->
            [one] one of them
           *[other] { $n2 } of them
        } back without effect.
       *[each_draw] Each time a player draws pieces from the bag, they may put { $n2 ->
            [one] one of them
           *[other] { $n2 } of them
        } back without effect.
    }
card-we_did_it = We Did It!
    .text = Black pieces count as yellow ones.
card-drunk = Drunk
    .text = When it is revealed, the player with the most rats { $drunk_counts ->
        [all_rats] (counting all their rats)
       *[sewer_rats] in their sewer (lost rats not counted)
    } gives { $rat ->
        [one] one rat, neither poisoned nor lost, to the player with the fewest. It goes
       *[other] { $rat } rats, neither poisoned nor lost, to the player with the fewest. They go
    } into that player’s pantry.
card-sound_the_alarm = Sound the Alarm
    .text = Behind the screen, each player may hide { $cheese ->
        [one] one piece
       *[other] { $cheese } pieces
    } of cheese from their pantry in their nursery. { $alarm_cheese_safe ->
        [no] It can still be stolen.
       *[yes] No attack can steal it.
    } It goes back to the pantry after the attacks.
card-just_in_time = Just in Time
    .text = { $just_in_time_reading ->
        [all_return] All poisoned and lost rats come back behind the screen and can be placed as usual this round.
       *[optional] Each player may bring their poisoned and lost rats back behind the screen and place them as usual this round.
    }
card-holy_rat = Holy Rat
    .text = When it is revealed, each player with a rat in their graveyard { $holy_rat_reading ->
        [may] may move { $rat_2 ->
            [one] one of them
           *[other] up to { $rat_2 } of them
        }
       *[must] moves { $rat ->
            [one] one of them
           *[other] up to { $rat } of them
        }
    } to the common pile.
card-end_of_game = End of Game
    .text = When it is revealed, the game ends at once: the round is not played and the scores are counted.
card-dr_cheese = Dr. Cheese
    .text = A player who draws at least { $n2 } white pieces in one area, in one take or several, may trade them in { $trade_whites_n1 ->
        [2] pairs
       *[other] groups of { $trade_whites_n1 }
    }, each for one yellow piece: { $dr_cheese_reading ->
        [once_per_draw] { $n5 ->
            [one] one trade
           *[other] { $n5 } trades
        } per draw.
       *[every_pair] one trade for every { $n4 } white pieces.
    }
card-tacticians = Tacticians
    .text = Before the draws in each area, each player who sent no rats there takes { $yellow ->
        [one] one yellow piece
       *[other] { $yellow } yellow pieces
    } into their pantry. { $tacticians_places ->
        [all_board_places] As the phase begins, each empty pipe, pantry or nursery pays one more.
       *[three_areas] Empty pipes, pantries and nurseries pay nothing.
    }
card-rattibal_lector = Rattibal Lector
    .text = Before paying for food, each player may trade { $rattibal_trades ->
        [any_number] rats for cheese as often as they like
       *[once] rats for cheese once
    }: { $eat_a_rat_rat ->
        [one] one rat
       *[other] { $eat_a_rat_rat } rats
    } for { $eat_a_rat_yellow ->
        [one] one yellow piece
       *[other] { $eat_a_rat_yellow } yellow pieces
    }. Traded rats go back to the common pile.
rule-eat_a_rat = A rat traded for cheese
    .text = { $rat ->
        [one] The rat goes
       *[other] { $rat } rats go
    } back to the common pile and the player takes { $yellow ->
        [one] one yellow piece
       *[other] { $yellow } yellow pieces
    } from the supply.
card-locked_and_loaded = Locked and Loaded
    .text = { $locked_and_loaded_limit ->
       *[shared_cap] Instead of the nursery and the pantry, players place up to { $placement_at_most } rats in all in a space that counts as both: those rats defend and breed.
        [dual_up_to_three] Players may also place up to { $placement_at_most } rats in a space that counts as both nursery and pantry: those rats defend and breed.
    }

## Food cards

deck-food = Food cards
    .field-number = No.
    .field-dump = Dump
    .field-city = City
    .field-field = Field
card-food_1 = Food card { $number }
card-food_2 = Food card { $number }
card-food_3 = Food card { $number }
card-food_4 = Food card { $number }
card-food_5 = Food card { $number }
card-food_6 = Food card { $number }
card-food_7 = Food card { $number }
card-food_8 = Food card { $number }
card-food_9 = Food card { $number }

var-helmet_uses = { $count ->
    [one] piece put back with Helmet Rat in this area
   *[other] pieces put back with Helmet Rat in this area
}
var-dr_cheese_whites = { $count ->
    [one] white piece still to pair for Dr. Cheese
   *[other] white pieces still to pair for Dr. Cheese
}
var-tacticians_unsent = { $count ->
    [one] empty place paid by Tacticians
   *[other] empty places paid by Tacticians
}
rule-trade_whites = Pairs of white pieces traded for yellow ones
    .text = Each { $n1 ->
        [2] pair
       *[other] group of { $n1 }
    } of white pieces goes back to the supply and the player takes one yellow piece for it. A white piece drawn earlier in the same area counts too; it is already in the supply.
func-bad_tie = the place of { $p } among tied players when the tie hurts
rule-placement_stands = once every rat is where it stays for the round
const-dual_most = { $count ->
    [one] rat that counts as nursery and pantry
   *[other] rats that count as nursery and pantry
}
