# RatLand, optional module "clans": English messages (see game.ftl for the conventions).
# hook-TIME-RULE names the module's rules that are not on a card, in file order.

module-clans = Clans
    .text = Each player leads a clan with an ability of its own: a starting side, and a final side that improves it once the final events begin.

option-final_side_starts = When the final side starts
option-final_side_starts-first_final_event = as soon as the first final event is revealed
option-final_side_starts-following_round = in the round after the first final event
option-clan_final_replaces = Final side replaces the starting side
option-clan_final_replaces-replace = yes, it replaces it
option-clan_final_replaces-cumulative = no, both sides apply
option-recycler_final = Recycler, final side
option-recycler_final-each_white_for_yellow = each white piece for a yellow one
option-recycler_final-two_whites_for_one_yellow = two white pieces for one yellow
option-scavenger_final = Scavenger, final side
option-scavenger_final-every_area = in every area
option-scavenger_final-areas_without_rats = only in areas without the clan’s rats
option-ninja_steal = Ninja steal
option-ninja_steal-at_least_one = at least one piece
option-ninja_steal-extra_one = one piece on top of a normal steal
option-musician_self = Musician ranking
option-musician_self-exclude_self = the Musician is left out
option-musician_self-include_self = the Musician counts too
option-end_of_round_order = End of round order
option-end_of_round_order-musician_first = Musicians first
option-end_of_round_order-alchemist_first = Alchemists first
option-sports_redeploy = Sports redeploy
option-sports_redeploy-simultaneous = all at once, in secret
option-sports_redeploy-tie_order = one after another, in tie order

symbol-starting = { $count ->
    [one] starting side
   *[other] starting sides
}
symbol-improved = { $count ->
    [one] final side
   *[other] final sides
}

pile-clan_offer = clan cards on offer
pile-clan = clan card
pile-clan_deck = clan deck
pile-clan_discard = clan discard pile
var-final_stage_round = { $count ->
    [one] round of the first final event
   *[other] rounds of the first final event
}
var-scavenged_round = { $count ->
    [one] round of the last Scavenger draw
   *[other] rounds of the last Scavenger draw
}
var-corrupted_round = { $count ->
    [one] round of the last Corrupt piece
   *[other] rounds of the last Corrupt piece
}

# i18n-allow: two (two cards are dealt by two statements: the rules hold no number for it)
setup-deal_clans = Deal the clan cards
    .text = Shuffle the clan cards (one set per game box in use). Each player is dealt two, keeps one and discards the other.

func-owns = { $p } has { $card }
func-side = the side of the clan cards in use
func-starting_side = the starting side applies
func-final_side = the final side applies
func-ninja_strikes = { $a } can strike as a Ninja on { $side }

deck-clans = Clan cards
    .text = A clan card works for the player who kept it. { $final_side_starts ->
        [following_round] Its final side applies from the round after the first final event is revealed
       *[first_final_event] Its final side applies as soon as the first final event is revealed
    }{ $clan_final_replaces ->
        [cumulative] , on top of the starting side.
       *[replace] , instead of the starting side.
    }

card-recycler = Recycler
    .text =
        - Starting side: a player who sent rats to the dump draws { $n2 ->
            [one] one piece
           *[other] { $n2 } pieces
        } more there.
        - Final side: { $recycler_final ->
            [two_whites_for_one_yellow] after drawing in the dump, they may trade { $white ->
        [one] one white piece
       *[other] { $white } white pieces
    } for { $yellow ->
        [one] one yellow piece
       *[other] { $yellow } yellow pieces
    }.
           *[each_white_for_yellow] after drawing in the dump, they may trade up to { $n5 } white pieces for yellow ones, one for one.
        }
card-mutant = Mutant
    .text =
        - Starting side: purple pieces count as yellow ones.
        - Final side: purple pieces count as orange ones.
card-explorer = Explorer
    .text =
        - Starting side: when lost rats come back, they bring { $yellow ->
            [one] one yellow piece
           *[other] { $yellow } yellow pieces
        } in all.
        - Final side: each lost rat that comes back brings a yellow piece.
card-scavenger = Scavenger
    .text =
        - Starting side: once per round, after everyone has drawn in an area where the clan sent no rats, the player may take a piece from what is left in the bag.
        - Final side: the same { $scavenger_final ->
            [areas_without_rats] in every area where the clan sent no rats.
           *[every_area] in every area.
        }
rule-scavenge = The Scavenger takes a piece
    .text = The player draws { $draw ->
        [one] one piece
       *[other] { $draw } pieces
    } from the bag, with the usual effect.
card-alchemist = Alchemist
    .text =
        - Starting side: at the end of the round, after feeding, the player may pay up to { $alchemists_n2 ->
            [one] one piece
           *[other] { $alchemists_n2 } pieces
        } of cheese and take as many rats from the common pile.
        - Final side: the same, with up to { $alchemists_n1 ->
            [one] one piece
           *[other] { $alchemists_n1 } pieces
        }.
card-ninja = Ninja
    .text =
        - Starting side: attacking a single neighbour with exactly { $ninja_strikes_n1 } rats steals cheese whatever the defence.
        - Final side: each pipe attacking with exactly { $ninja_strikes_n3 ->
            [one] one rat
           *[other] { $ninja_strikes_n3 } rats
        } steals cheese whatever the defence.
        - { $ninja_steal ->
            [extra_one] Such an attack steals { $n1 ->
        [one] one piece
       *[other] { $n1 } pieces
    } more than usual.
           *[at_least_one] Such an attack steals at least { $n2 ->
        [one] one piece
       *[other] { $n2 } pieces
    }.
        }
card-family = Family
    .text =
        - Starting side: with no rat in the nursery, the clan still gains { $n3 ->
            [one] one rat
           *[other] { $n3 } rats
        } when the nursery breeds.
        - Final side: the clan always breeds { $n1 ->
            [one] one rat
           *[other] { $n1 } rats
        } more.
card-warrior = Warrior
    .text =
        - Starting side: black pieces count as white ones, so they do no harm.
        - Final side: the same, and the clan defends as if it had { $n1 ->
        [one] one more rat
       *[other] { $n1 } more rats
    }.
card-musician = Musician
    .text =
        - Starting side: at the end of the round, { $musicians_n3 ->
            [one] the richest player gives
           *[other] the { $musicians_n3 } richest players each give
        } the Musician up to { $musicians_cheese ->
            [one] one piece
           *[other] { $musicians_cheese } pieces
        } of cheese.
        - Final side: the same from the { $musicians_n2 } richest players.
card-sports = Sports
    .text = Once the screens are lifted, the player may move rats to other places on their board: { $sports_moves_n2 ->
        [one] one
       *[other] { $sports_moves_n2 }
    } with the starting side, up to { $sports_moves_n1 } with the final side. { $sports_redeploy ->
        [tie_order] Sports clans move one after another.
       *[simultaneous] All Sports clans move at once, in secret.
    }
card-corrupt = Corrupt
    .text =
        - Starting side: once per round, before anyone draws in an area, the player may add { $n1 ->
            [one] one piece
           *[other] { $n1 } pieces
        } of any colour from the supply to the bag.
        - Final side: the same in every area.
card-seer = Seer
    .text =
        - Starting side: behind the screen, the player looks at the next event card.
        - Final side: they also look at the next food cards.

rule-musicians = Musicians collect their fee
    .text = { $n3 ->
        [one] The richest player gives
       *[other] Each of the { $n3 } richest players gives
    } the Musician up to { $cheese ->
        [one] one piece
       *[other] { $cheese } pieces
    } of cheese; with the final side, { $n2 ->
        [one] the richest player does
       *[other] each of the { $n2 } richest players does
    }. { $musician_self ->
        [include_self] The Musician counts in the ranking.
       *[exclude_self] The Musician is left out of the ranking.
    }
rule-alchemists = Alchemists turn cheese into rats
    .text = The Alchemist may pay pieces of cheese to take as many rats from the common pile: { $n2 } with the starting side, up to { $n1 } with the final side.
rule-sports_moves = Sports clans redeploy
    .text = The player chooses a place with rats and moves { $rat ->
        [one] one rat
       *[other] { $rat } rats
    } to another place: { $n2 ->
        [one] once
       *[other] { $n2 } times
    } with the starting side, up to { $n1 } times with the final side. A move keeps the limits of the placement: the limit of Locked and Loaded and the pipe rat that Massive Attacks may require.

decision-keep_clan = which clan to keep
decision-recycle = how many white pieces to trade
decision-scavenge = take a piece from the bag
decision-corrupt = which piece to add to the bag
decision-alchemy = how many pieces of cheese to turn into rats
decision-redeploy_from = where a rat leaves
decision-redeploy_to = where the rat goes

hook-after-event_revealed = The final side starts with the first final event revealed (see the clan cards).
hook-after-round_ends = At the end of the round: { $end_of_round_order ->
        [alchemist_first] first the Alchemists, then the Musicians.
       *[musician_first] first the Musicians, then the Alchemists.
    }

func-may_move = a rat of { $p } may move from { $from } to { $to }
func-room_for_one = { $to } has room for one more rat of { $p }
func-may_leave = a rat of { $p } may leave { $from }
