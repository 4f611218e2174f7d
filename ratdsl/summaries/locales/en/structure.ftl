# Generic phrases for rule summaries: English.
#
# These patterns turn the structure of any rule into sentences; they know no game. The nouns
# they put together come from the game's own messages (zone-*, pile-*, kind-*, const-*, ...).
# Common variables:
#   $name    a noun from the game           $gender  its grammatical gender (unused in English)
#   $number  one or other (singular/plural)  $owner   shared, own, other, this or chosen
#   $of      the owner of a place ("of the left neighbour")
#   $case    nom, acc, dat or gen (for languages with cases; gen means "of ...")
#   $count   a number, or "one"/"other"     $form    bare, def, dat, indef or gender

## Grammar: which attributes each noun message must carry in this language (space-separated).
grammar-noun-attributes = {""}
grammar-genders = {""}
# Contractions the language requires where parts meet ("LOOSE=JOINED; ...", French "à le=au").
grammar-contractions = {""}

## Words

word-thing = { $form ->
    [gender] n
   *[other] { $count ->
        [one] thing
       *[other] things
    }
}
word-place = { $form ->
    [gender] n
   *[other] { $count ->
        [one] place
       *[other] places
    }
}
word-card = { $form ->
    [gender] n
   *[other] { $count ->
        [one] card
       *[other] cards
    }
}
word-piece = { $form ->
    [gender] n
   *[other] { $count ->
        [one] piece
       *[other] pieces
    }
}
word-side = { $form ->
    [gender] n
   *[other] { $count ->
        [one] side
       *[other] sides
    }
}
word-number = { $form ->
    [gender] n
   *[other] { $count ->
        [one] number
       *[other] numbers
    }
}
word-value = { $form ->
    [gender] n
   *[other] { $count ->
        [one] value
       *[other] values
    }
}
word-player = { $form ->
    [gender] m
   *[other] { $count ->
        [one] player
       *[other] players
    }
}
word-yes = yes
word-no = no
word-none = none
word-nothing = nothing
word-left = left
word-right = right
word-decision = a choice
word-field = value
word-result = Result
word-untitled = (untitled)

## Places: a zone or pile, with its owner.

place-nom = { $owner ->
    [own] their { $name }
    [other] the { $name } { $of }
    [this] this { $name }
    [chosen] the chosen { $name }
   *[shared] the { $name }
}
place-acc = { place-nom }
place-dat = { place-nom }
place-gen = of { place-nom }
place-from = from { place-nom }
place-to = { $prep ->
    [on] onto { place-nom }
   *[other] to { place-nom }
}
place-in = { $prep ->
    [on] on { place-nom }
   *[other] in { place-nom }
}
place-nom-np = { $np }
place-acc-np = { $np }
place-dat-np = { $np }
place-gen-np = of { $np }
place-from-np = from { $np }
place-to-np = to { $np }
place-in-np = in { $np }

## References to what a rule is talking about

ref-player = { $case ->
    [gen] of { $which ->
        [chosen] the chosen player
        [other] the other player
       *[this] the player
    }
   *[other] { $which ->
        [chosen] the chosen player
        [other] the other player
       *[this] the player
    }
}
ref-this = { $case ->
    [gen] of { $which ->
        [chosen] the chosen { $noun }
       *[this] this { $noun }
    }
   *[other] { $which ->
        [chosen] the chosen { $noun }
       *[this] this { $noun }
    }
}
ref-side = { $case ->
    [gen] of the { $side ->
        [left] left
       *[right] right
    } side
   *[other] the { $side ->
        [left] left
       *[right] right
    } side
}
ref-param = { $name }
ref-label = { $case ->
    [gen] of { $label }
   *[other] { $label }
}
ref-players = { $case ->
    [gen] of the players
   *[other] the players
}
ref-active = { $case ->
    [gen] of the active player
   *[other] the active player
}
ref-round = the round number
ref-player-count = the number of players
ref-base = the usual value
ref-this-card = { $case ->
    [gen] of this card
   *[other] this card
}
ref-it = it

## Noun phrases

np-the = the { $noun }
np-of-player = { $own ->
    [yes] their { $noun }
   *[no] the { $noun } of { $player }
}
np-field = the { $field } { $of }
np-card-field-var = what { $card } shows for { $field }
np-nth = { $n ->
    [1] the first
    [2] the second
    [3] the third
   *[other] item { $n }
} of { $of }
np-first-n = the first { $n } { $of_gen }
np-count-in = the number of { $what } { $where }
np-table = { $table } for { $arg }
np-size = the number of items { $of }
np-min = the smaller of { $items }
np-max = the larger of { $items }
np-neighbour = { $case ->
    [gen] of { $own ->
        [yes] their { $side ->
            [left] left
           *[right] right
        } neighbour
       *[no] the { $side ->
            [left] left
           *[right] right
        } neighbour { $of }
    }
   *[other] { $own ->
        [yes] their { $side ->
            [left] left
           *[right] right
        } neighbour
       *[no] the { $side ->
            [left] left
           *[right] right
        } neighbour { $of }
    }
}
np-neighbour-on = { $case ->
    [gen] of { $own ->
        [yes] their neighbour on { $side }
       *[no] the neighbour { $of } on { $side }
    }
   *[other] { $own ->
        [yes] their neighbour on { $side }
       *[no] the neighbour { $of } on { $side }
    }
}
np-opposite = { $case ->
    [gen] of { $this ->
        [yes] the opposite side
       *[no] the side opposite { $side }
    }
   *[other] { $this ->
        [yes] the opposite side
       *[no] the side opposite { $side }
    }
}
np-top = the top card { $of }
np-all-cards = all { $deck }
np-sample = { $n } cards picked at random from { $of }
np-pick = a player picked at random from { $of }
np-pieces = each piece { $of }
np-kinds = each kind of piece { $of }
np-contents = the pieces { $of }
np-one-of-each = one piece of each of { $of }
np-at-phase-start = { $value } at the start of the phase
np-rank = the seat { $of } counted from the active player
np-share = { $total } shared out one at a time among { $claims }
np-share-evenly = { $total } shared out evenly among { $claims } (what cannot be shared evenly is left over)
np-owner = the owner { $of }
np-len = the number { $of }
np-sum = the total { $of }
np-abs = the absolute value { $of }
np-seat = the seat number { $of }
np-any = whether any { $of } holds
np-all = whether all { $of } hold
np-spaces = the spaces of { $board } in play
np-neighbours = the neighbouring spaces { $of }
np-adjacent = whether an edge leads from { $a } to { $b }
np-distance = the distance in edges from { $a } to { $b }
np-room = the room left { $of }
# turns: orders of play
np-clockwise = the players clockwise, starting with { $of }
np-counter-clockwise = the players counter-clockwise, starting with { $of }
np-clockwise-after = the players clockwise, starting with the player after { $of }
np-counter-clockwise-after = the players counter-clockwise, starting with the player after { $of }
np-snake = the players clockwise from { $of }, then back counter-clockwise
# end turns
np-result = the result for { $items }
np-if = { $then } if { $cond }, otherwise { $otherwise }
np-range = { $low } to { $high }
np-where = { $items } for which { $cond }
np-ordered = { $items } ordered by { $keys }
np-extreme = { $player ->
    [yes] the player for whom { $key } is { $most ->
        [yes] the highest
       *[no] the lowest
    }
   *[no] the one for which { $key } is { $most ->
        [yes] the highest
       *[no] the lowest
    }
}
np-each = { $value } for each of { $items }
np-pile-cards = the cards { $pile }

## Arithmetic

math-plus = { $a } + { $b }
math-minus = { $a } − { $b }
math-times = { $a } × { $b }
math-div = { $a } ÷ { $b } (rounded down)
math-mod = the remainder of { $a } ÷ { $b }
math-group = ({ $a })
math-neg = −{ $a }

## Conditions

cond-always = always
cond-never = never
cond-not = not ({ $cond })
cond-players = there are { $players }
cond-exists = there is { $a }
cond-missing = there is no { $a }
cond-is-kind-eq = { $a } is { $kind }
cond-is-kind-ne = { $a } is not { $kind }
cond-is = { $a } is { $b }
cond-is-not = { $a } is not { $b }
cond-func = { $what }
cond-any = { $cond }, for at least one { $items_gen }
cond-all = { $cond }, for each { $items_gen }
cond-eq = { $a } is { $b }
cond-ne = { $a } is not { $b }
cond-lt = { $a } is less than { $b }
cond-le = { $a } is at most { $b }
cond-gt = { $a } is more than { $b }
cond-ge = { $a } is at least { $b }
cond-in = { $a } is one of { $b }
cond-holds = { $what }

## Statements

stmt-if = if { $cond }:
stmt-if-players = with { $players }:
stmt-else-if = otherwise, if { $cond }:
stmt-else = otherwise:
stmt-each-player = each player, in turn from the active player
stmt-each-of = each { $noun } ({ $items }), one after the other
stmt-each-in = each { $noun } in { $items }
stmt-each-pieces = each piece { $where }
stmt-each-kinds = each kind of piece { $where }
stmt-each-where = { $head }, if { $cond }
stmt-each-order = { $head }, in order of { $keys }
# One key of an ordering; $key_dat is the same in the dative.
order-key = { $key } ({ $order ->
    [descending] highest first
   *[ascending] lowest first
})
order-then = { $first }, then by { $next }
stmt-while = as long as { $cond }:
repeat-times = { $n ->
    [one] once
    [2] twice
   *[other] { $n } times
}
stmt-repeat = { repeat-times }:
stmt-repeat-if = { $then } if { $cond }, otherwise { $otherwise }:
stmt-repeat-np = as many times as { $n }:
stmt-repeat-per = once per { $noun }:
qty-everything = everything
qty-all = all { $what }
qty-exact = { $n } { $what }
qty-up-to = up to { $n } { $what }
qty-np = as many { $what } as { $n }
qty-up-to-np = { $what }, up to { $n },
stmt-move = move { $what } { $src } { $dst }.
stmt-draw = draw { $what } at random { $src } { $dst }.
stmt-create = put { $what } { $dst }.
stmt-shuffle = shuffle { $pile }.
stmt-place-top = put { $cards } on top { $pile_gen }.
stmt-place-bottom = put { $cards } at the bottom { $pile_gen }.
stmt-reveal = turn over { $count ->
    [one] the top card
    [varies] the top cards ({ $n })
   *[other] the top { $n } cards
} { $src } and put { $count ->
    [one] it
   *[other] them
} { $dst }.
stmt-let = { $label } stands for { $value }.
stmt-may = { $player } may choose to do this ({ $decision }):
stmt-may-not = if not:
stmt-choose = { $player } chooses ({ $decision }) from { $options }{ $optional ->
    [yes] , or passes
   *[no] {""}
}:
stmt-distribute = { $player } splits { $what } { $src } among { $targets } ({ $decision }):
stmt-limit-most = at most { $n } in { $where }.
stmt-limit-least = at least { $n } in { $where }.
stmt-do = apply “{ $rule }”.
stmt-do-repeats = apply “{ $rule }”, which repeats: it leads back to itself.
stmt-secretly = in secret, everyone at the same time:
# plans
stmt-plan = in secret, each of { $players } plans { $n } steps ({ $decision }), each one chosen from { $options }{ $optional ->
    [yes] {""} or left empty
   *[no] {""}
}; when all have planned, every plan is revealed at once as { $target }
# end plans
stmt-end = the game ends at once.
stmt-show = show { $cards } to { $player }, and to no one else.
stmt-set-active = { $player } becomes the active player.
stmt-set = set { $target } to { $value }.
stmt-add = add { $n } to { $target }.
stmt-subtract = subtract { $n } from { $target }.
# turns
stmt-turn = { $player } takes a turn:
stmt-turn-abilities = at any time during the turn, they may use { $abilities }.
stmt-act-one = take the action { $actions } if it is allowed.
stmt-act-choose = take one of the actions { $actions }{ $optional ->
    [yes] {""}, or none
   *[no] {""}
}.
stmt-act-any-order = take each allowed action of { $actions }, in the order the player chooses.
stmt-act-until-pass = take the actions { $actions }, one at a time and as often as they are allowed, until the player stops.
# end turns

## Declarations: modifiers, hooks, card events

decl-modify = { $what }: { $change }
decl-modify-if = { $text }, when { $cond }
change-also = also { $what }
change-plus = { $n } more
change-minus = { $n } fewer
change-becomes = it becomes { $value }
decl-hook-before = before “{ $rule }”
decl-hook-after = after “{ $rule }”
decl-hook-instead = instead of “{ $rule }”
decl-hook-at = { $when }
decl-hook-if = { $head }, if { $cond }
decl-on-reveal = when this card is revealed
decl-on-event = when this card is used

## Page texts

ui-summary-title = { $game }: rule summary
ui-quickref-title = { $game }: quick reference
ui-intro = For { $players }. Written from the rule files: every number below is the one the rules use.
ui-modules-on = Optional { $count ->
    [one] module
   *[other] modules
} in play: { $modules }.
ui-modules-off = Standard game: no optional module is in play.
ui-footer = Generated by ratdsl from the rule files, with the options in force.
ui-section-variant = Variant: { $variant }
ui-variant-intro = This summary describes the house rule { $variant }. Its changes are marked “{ $changed }” or “{ $added }”.
ui-variant-added = Added: { $what }.
ui-variant-changed = Changed: { $what }.
ui-variant-removed = Removed: { $what }.
ui-variant-rows = Changed: { $what }: { $changes }.
ui-variant-row-more = from { $low } to { $high } { $var }, { $delta } more
ui-variant-row = from { $low } to { $high } { $var }, { $old } → { $new }
ui-variant-row-rest = above { $low } { $var }, { $new } instead of { $old }
ui-variant-option = { $option }: now { $value }.
ui-variant-modules = Optional modules switched on: { $modules }.
ui-other-rule = a rule of its own
ui-what = { $kind ->
    [phase] the phase { $name }
    [card] the card { $name }
    [table] the { $name }
    [rule] the rule { $name }
    [func] the value { $name }
    [const] the value { $name }
    [option] the option { $name }
    [deck] the deck { $name }
    [scoring] the scoring
    [round] the order of the phases
   *[other] { $name }
}
ui-what-step = the step { $step } of the phase { $phase }
ui-badge-changed = changed by the variant
ui-badge-added = added by the variant
ui-badge-set-variant = set by the variant
ui-badge-set-command = not the default
ui-section-setup = Components and setup
ui-components = Components
ui-setup = Setup
ui-col-component = Component
ui-col-where = Where
ui-col-amount = Amount
ui-section-round = Round overview
ui-section-board = The board: { $board }
ui-board-intro = { $count ->
    [one] The board has one space.
   *[other] The board has { $count } spaces.
}
ui-col-space = Space
ui-col-in-play = In play with
ui-col-capacity = Holds at most
ui-board-no-limit = –
ui-board-edge = { $space } borders { $others }.
ui-board-one-way = From { $space } a one-way path leads to { $others }.
ui-round-generic = Every round has { $count } phases, played in this order:
ui-round-ends-after = { $count ->
    [one] The game ends once its first round has been played.
   *[other] The game ends once round { $count } has been played to its end; that round counts.
}
ui-round-cap = { $count ->
    [one] A game lasts at most one round: the rules stop one that has not ended by then.
   *[other] A game lasts at most { $count } rounds: the rules stop one that has not ended by then.
}
# turns
ui-section-actions = Actions
ui-action-quoted = “{ $title }”
ui-action-ability = An ability: its player may use it at any time during their turn.
ui-action-only-if = allowed only if { $cond }.
ui-action-limit = { $n ->
    [one] at most once per turn.
   *[other] at most { $n } times per turn.
}
ui-action-cost = it costs:
ui-ends-turn = The game ends at the end of a turn in which { $cond }; that round counts.
ui-ends-round = The game ends at the end of a round in which { $cond }; that round counts.
ui-ends-once = The game ends as soon as { $cond }; that round counts.
# end turns
ui-phase-title = Phase { $n }: { $title }
ui-details = In detail
ui-deck-active = A card of this deck works only while { $cond }.
ui-group-heading = { $group } ({ $count })
ui-field = { $field }: { $value }
ui-no-effect = No effect of its own.
ui-col-card = Card
ui-row-range = { $low }–{ $high }
ui-row-more = { $low } or more
ui-row-other = any other
ui-section-players = Number of players
ui-players-intro = The game is for { $players }. What changes with the number of players:
ui-col-rule = Rule
ui-func-is = { $what }: { $value }
ui-see-rule = { $rule }: see phase { $n }, { $phase }.
ui-section-scoring = End of the game, scoring and ties
ui-end-card = the card { $card } is revealed
ui-end-step = the step { $step } is played
ui-game-ends = The game ends as soon as { $what }.
ui-score-is = each player scores { $value }.
ui-tiebreak = tie-break { $n }: { $value }, the more the better.
ui-tie-shared = players still tied share the victory.
ui-section-other = Other rules
ui-section-module = Optional module: { $module }
ui-module-rules = Rules of the module
ui-section-options = Options in force
ui-options-intro = Where the rulebook can be read in more than one way, the rules name an option. These are the readings this summary follows:
ui-col-option = Option
ui-col-value = Reading in force
ui-default-was = (default: { $value })
ui-label-sep = :{" "}
ui-head = { $text }:
ui-with-note = { $text } { $note }
ui-option-note = ({ $options })
ui-option-value = { $option }: { $value }
ui-group = the { $group } ({ $items })
ui-untranslated = { ui-quoted } (not translated)
ui-quoted = “{ $text }”
ui-number = { $n }
ui-amount = { $n } { $what }
ui-amount-np = { $n } { $what }
ui-amount-short = { $n } { $what }
ui-by-players = { $value } with { $players }
ui-players = { $range } { $count ->
    [one] player
   *[other] players
}
ui-range = { $low }–{ $high }
ui-label = ({ $n ->
    [1] A
    [2] B
    [3] C
    [4] D
    [5] E
   *[other] { $n }
})
ui-steps-sep = {"; "}
ui-list-sep = {", "}
ui-list-and = { $first } and { $last }
ui-list-or = { $first } or { $last }
