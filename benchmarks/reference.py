"""RatLand's standard game written directly in Python: the speed reference and differential oracle.

This module plays exactly what `rules/ratland/{game,round,events,food}.rat` say, as the engine
plays them, without any interpreter: zones are lists of seven ints (rat, then the six cheese
kinds), piles are lists of card names (top card first), and every rule is a few lines of code.

It is a behavioural twin of `ratdsl.engine.Game` on the same rules: given the same seed, the same
agents and the same `Chance`, it calls `chance.draw` / `chance.shuffle` / `chance.sample` with the
same arguments in the same order and asks the agents the same `Decision`s in the same order, so
both play the same game and end in the same state. (One harmless difference in form: the bag
handed to `chance.draw` is a fresh dict of its non-zero counts, where the engine hands over its
live zone dict, which may also hold zeros; cards and players go to `sample`/`shuffle` as their
names, e.g. "food_3" or "P2", where the engine passes CardValue/PlayerRef objects. Chance reads
only counts, list lengths and `str()` of the items, so the outcomes are the same.)
`tests/test_differential.py` and
`benchmarks/differential.py` check that; `benchmarks/bench_speed.py` times both.

    play_reference(players, seed, agents=None, chance=None, options=None) -> dict

returns the end state in the form of `GameState.snapshot()` ("round", "active", "zones" as
{"P1.pantry": {"rat": 3, "yellow": 2}, ...} without empty zones, "piles" as card names top first,
"vars", "player_vars"), plus "scores", "tiebreaks", "winners" and "rounds" as in `GameResult`, and
"state": the snapshot part alone (compare it with `GameResult.state`).

Every `option` of the rule files is read from `options` (the defaults are spelled out in
DEFAULT_OPTIONS). Modules and variants are not modelled. Comments cite the rule that each block
follows (file: rule / step).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine.chance import Chance
from ratdsl.engine.decisions import Decision

# ------------------------------------------------------------------------------- options
# game.rat and events.rat, with their defaults.
DEFAULT_OPTIONS: dict[str, Any] = {
    "rat_pile": 115,
    "starting_player": "first_seat",
    "food_order": "shuffled",
    "two_player_pantry": "unused",
    "forage_rat": "area_rat",
    "supply_shortage": "fill_what_remains",
    "extra_cheese_types": "shown_colours",
    "eleven_plus_extra": "per_card",
    "massive_attacks_reading": "bonus_needs_attacker",
    "drunk_counts": "sewer_rats",
    "alarm_cheese_safe": "yes",
    "just_in_time_reading": "optional",
    "holy_rat_reading": "must",
    "dr_cheese_reading": "every_pair",
    "rattibal_trades": "once",
    "ap_tie": "takes_outcome",
    "helmet_rat_reading": "each_draw",
    "tacticians_places": "three_areas",
    "locked_and_loaded_limit": "shared_cap",
    "massive_attacks_two_players": "attack_only",
}
OPTION_VALUES: dict[str, tuple] = {
    "rat_pile": (115, 116),
    "starting_player": ("first_seat", "random"),
    "food_order": ("shuffled", "sorted"),
    "two_player_pantry": ("unused", "defends"),
    "forage_rat": ("area_rat", "any_rat"),
    "supply_shortage": ("fill_what_remains", "unlimited"),
    "extra_cheese_types": ("shown_colours", "all_colours"),
    "eleven_plus_extra": ("per_card", "per_colour"),
    "massive_attacks_reading": ("bonus_needs_attacker", "obligation", "plain_bonus"),
    "drunk_counts": ("sewer_rats", "all_rats"),
    "alarm_cheese_safe": ("yes", "no"),
    "just_in_time_reading": ("optional", "all_return"),
    "holy_rat_reading": ("must", "may"),
    "dr_cheese_reading": ("every_pair", "once_per_draw"),
    "rattibal_trades": ("once", "any_number"),
    "ap_tie": ("takes_outcome", "favourable"),
    "helmet_rat_reading": ("each_draw", "once_per_area"),
    "tacticians_places": ("three_areas", "all_board_places"),
    "locked_and_loaded_limit": ("shared_cap", "dual_up_to_three"),
    "massive_attacks_two_players": ("attack_only", "both_pipes"),
}

# ------------------------------------------------------------------------------- components
# Token kinds in declaration order (game.rat: `tokens rat`, then the six cheeses).
KINDS = ["rat", "yellow", "orange", "white", "black", "purple", "blue"]
RAT, YELLOW, ORANGE, WHITE, BLACK, PURPLE, BLUE = range(7)
CHEESE = (YELLOW, ORANGE, WHITE, BLACK, PURPLE, BLUE)
SORTED_KINDS = sorted(range(7), key=lambda k: KINDS[k])  # snapshot() sorts kinds by name

# Player zones in declaration order.
PZONES = ["dump", "city", "field", "left_pipe", "right_pipe", "pantry", "nursery", "both", "reserve",
          "drawn", "infirmary", "lost", "graveyard"]
(DUMP, CITY, FIELD, LEFT_PIPE, RIGHT_PIPE, PANTRY, NURSERY, BOTH, RESERVE, DRAWN, INFIRMARY, LOST,
 GRAVEYARD) = range(13)
AREAS = (DUMP, CITY, FIELD)
PLACEMENT = ["dump", "city", "field", "left_pipe", "right_pipe", "pantry", "nursery"]
DEPLOYABLE = (DUMP, CITY, FIELD, LEFT_PIPE, RIGHT_PIPE, PANTRY, NURSERY, BOTH)
SEWER = (DUMP, CITY, FIELD, LEFT_PIPE, RIGHT_PIPE, PANTRY, NURSERY, BOTH, RESERVE, INFIRMARY)
WHOLE_CLAN = SEWER + (LOST,)
SHARED_ZONES = ["pile", "supply", "extra_supply", "bag"]
PILES = ["box", "event_deck", "event_row", "event_discard", "food_deck", "food_row", "food_discard"]

# events.rat, in declaration order, with their backs.
EVENTS = [("abundance", "start"), ("massive_attacks", "start"), ("visiting_cousin", "start"),
          ("helmet_rat", "start"), ("we_did_it", "start"), ("drunk", "final"),
          ("sound_the_alarm", "final"), ("just_in_time", "final"), ("holy_rat", "final"),
          ("end_of_game", "final"), ("dr_cheese", "final"), ("tacticians", "final"),
          ("rattibal_lector", "final"), ("locked_and_loaded", "final")]


def _bundle(**kinds: int) -> tuple[int, ...]:
    return tuple(kinds.get(k, 0) for k in KINDS)


# food.rat: per card, per area (dump, city, field), the pieces as a 7-tuple.
FOOD = {
    "food_1": (_bundle(yellow=6, white=6), _bundle(yellow=3, orange=3, white=4, purple=2),
               _bundle(yellow=6, white=3, blue=3)),
    "food_2": (_bundle(yellow=7, white=5), _bundle(yellow=2, orange=3, white=5, black=2),
               _bundle(yellow=5, orange=2, blue=5)),
    "food_3": (_bundle(yellow=5, white=7), _bundle(orange=5, white=2, black=2, purple=3),
               _bundle(yellow=7, black=3, blue=2)),
    "food_4": (_bundle(yellow=9, black=3), _bundle(yellow=2, orange=3, white=5, purple=2),
               _bundle(yellow=5, white=2, blue=5)),
    "food_5": (_bundle(yellow=6, white=6), _bundle(orange=6, white=2, black=2, purple=2),
               _bundle(yellow=5, orange=2, blue=5)),
    "food_6": (_bundle(yellow=7, white=5), _bundle(yellow=3, orange=4, white=2, purple=3),
               _bundle(yellow=7, white=3, blue=2)),
    "food_7": (_bundle(yellow=5, white=7), _bundle(yellow=1, orange=6, black=2, purple=3),
               _bundle(yellow=6, white=5, black=1)),
    "food_8": (_bundle(yellow=8, white=4), _bundle(yellow=6, orange=2, black=3, purple=1),
               _bundle(orange=6, white=4, black=2)),
    "food_9": (_bundle(yellow=4, white=8), _bundle(yellow=2, orange=4, white=4, black=2),
               _bundle(yellow=8, black=2, blue=2)),
}
FOOD_NAMES = list(FOOD)
# game.rat: the piles declared face up; the fields printed on each card (plain values only:
# an event's back, a food card's number)
FACE_UP = ("event_row", "food_row")
PRINTED = {**{name: {"back": back} for name, back in EVENTS},
           **{name: {"number": int(name.split("_")[1])} for name in FOOD}}


# round.rat: table feeding_cost.
def feeding_cost(rats: int) -> int:
    if rats <= 3:
        return 0
    if rats <= 6:
        return 1
    if rats <= 9:
        return 3
    if rats <= 12:
        return 4
    if rats <= 15:
        return 5
    if rats <= 18:
        return 6
    if rats <= 20:
        return 7
    if rats <= 22:
        return 8
    if rats <= 24:
        return 9
    return 9 + (rats - 24)


FEEDING_COST = [feeding_cost(r) for r in range(400)]


class RulesError(Exception):
    """An agent answered something the engine would refuse, or the rules could not be followed."""


def _share_in_turn(total: int, wanted: list[int]) -> list[int]:
    """builtins.share_in_turn: one piece at a time to each claim in order, round after round."""
    got = [0] * len(wanted)
    left = total
    while left > 0 and any(g < w for g, w in zip(got, wanted)):
        for i, w in enumerate(wanted):
            if left and got[i] < w:
                got[i] += 1
                left -= 1
    return got


def play_reference(players: int, seed: int, agents: Sequence[Any] | None = None,
                   chance: Chance | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Plays one standard game of RatLand; returns the end state, scores, winners and rounds."""
    n = players
    if not 2 <= n <= 12:
        raise ValueError(f"RatLand is for 2 to 12 players, not {n}")
    opt = dict(DEFAULT_OPTIONS)
    for name, value in (options or {}).items():
        if name not in opt:
            raise ValueError(f"there is no option {name!r}")
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if value not in OPTION_VALUES[name]:
            raise ValueError(f"option {name} cannot be {value!r}")
        opt[name] = value
    if agents is None:
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(n)]
    if chance is None:
        chance = Chance(seed)

    o_two_player_defends = opt["two_player_pantry"] == "defends"
    o_area_rat = opt["forage_rat"] == "area_rat"
    o_all_colours = opt["extra_cheese_types"] == "all_colours"
    o_massive = opt["massive_attacks_reading"]
    o_drunk_all = opt["drunk_counts"] == "all_rats"
    o_alarm_safe = opt["alarm_cheese_safe"] == "yes"
    o_jit_all = opt["just_in_time_reading"] == "all_return"
    o_holy_must = opt["holy_rat_reading"] == "must"
    o_dr_pairs = opt["dr_cheese_reading"] == "every_pair"
    o_rattibal_once = opt["rattibal_trades"] == "once"
    o_helmet_each = opt["helmet_rat_reading"] == "each_draw"
    o_tacticians_all = opt["tacticians_places"] == "all_board_places"
    o_ap_favourable = opt["ap_tie"] == "favourable"
    o_shared_cap = opt["locked_and_loaded_limit"] == "shared_cap"
    o_both_pipes = opt["massive_attacks_two_players"] == "both_pipes"

    # game.rat: boxes, food_cards_per_round, extra_cheese()
    boxes = 2 if n > 6 else 1
    extra_cheese = n == 5 or n == 6 or n >= 11
    extra_per_card = n > 6 and opt["eleven_plus_extra"] == "per_card"

    # ---------------------------------------------------------------- state
    P = [[[0] * 7 for _ in range(13)] for _ in range(n)]
    pile = [0] * 7          # shared zones, same layout
    supply = [0] * 7
    extra = [0] * 7
    bag = [0] * 7
    piles: dict[str, list[str]] = {name: [] for name in PILES}
    st: dict[str, Any] = {"active": 0, "round": 0, "phase": "setup", "secret": None, "secret_pv": None}
    # events.rat: the `per player var`s (helmet_uses, dr_cheese_whites, tacticians_unsent), all 0
    pv: list[dict[str, int]] = [{name: 0 for name in PLAYER_VARS} for _ in range(n)]
    seat_names = [f"P{s + 1}" for s in range(n)]

    def view_for(seat: int) -> dict[str, Any]:
        """Interpreter.view_for: during `secretly`, others' zones as the block began."""
        hidden = st["secret"]
        zones: dict[str, dict[str, int]] = {}
        for name, z in zip(SHARED_ZONES, (pile, supply, extra, bag)):
            if any(z):
                zones[name] = {KINDS[k]: v for k, v in enumerate(z) if v}
        for s in range(n):
            src = hidden[s] if hidden is not None and s != seat else P[s]
            for zi, z in enumerate(src):
                if any(z):
                    zones[f"{seat_names[s]}.{PZONES[zi]}"] = {KINDS[k]: v for k, v in enumerate(z) if v}
        # game.rat declares the rows face up: a view lists their cards with their
        # printed fields, and every player's variables (inside `secretly`, the others' as the
        # block began)
        before = st["secret_pv"]
        return {"you": seat_names[seat], "round": st["round"], "phase": st["phase"],
                "active": seat_names[st["active"]], "zones": zones,
                "piles": {name: len(cards) for name, cards in piles.items()}, "shown_to_you": [],
                "vars": {},
                "player_vars": {seat_names[s]: dict(sorted((before[s] if before is not None and s != seat
                                                            else pv[s]).items())) for s in range(n)},
                "cards": {name: [{"card": c, "fields": PRINTED[c]} for c in piles[name]] for name in FACE_UP},
                "peeked": []}

    views = [(lambda seat=seat: view_for(seat)) for seat in range(n)]

    def ask(decision: Decision) -> Any:
        seat = decision.player
        decision.view = views[seat]
        answer = agents[seat].decide(decision)
        problem = decision.legal(answer)
        if problem is not None:
            raise RulesError(f"P{seat + 1} answered {answer!r} to {decision.id!r}: {problem}")
        return answer

    def ask_may(seat: int, ident: str) -> bool:
        return ask(Decision(seat, ident, "may", [True, False]))

    def supplies_to(dest: list[int], kind: int, n_: int) -> None:
        """`move up to N KIND from supplies to DEST`: the supply first, then the extra supply."""
        got = supply[kind]
        if got >= n_:
            supply[kind] = got - n_
            dest[kind] += n_
            return
        supply[kind] = 0
        more = min(n_ - got, extra[kind])
        extra[kind] -= more
        dest[kind] += got + more

    def bundle_from_supplies(dest: list[int], bundle: Sequence[int]) -> None:
        """`move up to BUNDLE from supplies to DEST`."""
        for k in CHEESE:
            v = bundle[k]
            if v:
                supplies_to(dest, k, v)

    def move_cheese(sources: Sequence[list[int]], dest: list[int], wanted: int) -> None:
        """`move N cheese from [ZONES] to DEST`: zone by zone, kinds in the order of `cheese`."""
        for src in sources:
            for k in CHEESE:
                if not wanted:
                    return
                have = src[k]
                if have:
                    t = have if have < wanted else wanted
                    src[k] = have - t
                    dest[k] += t
                    wanted -= t

    def move_rats(zones: list[list[int]], order: Sequence[int], dest: list[int], wanted: int) -> None:
        """`move N rat from zones(p, LIST) to DEST`: zone by zone in list order."""
        for zi in order:
            if not wanted:
                return
            z = zones[zi]
            have = z[RAT]
            if have:
                t = have if have < wanted else wanted
                z[RAT] = have - t
                dest[RAT] += t
                wanted -= t

    # ---------------------------------------------------------------- setup (game.rat)
    # step components
    pile[RAT] = opt["rat_pile"] * boxes
    for k, v in ((WHITE, 11), (BLACK, 4), (YELLOW, 44), (ORANGE, 11), (PURPLE, 4), (BLUE, 6)):
        supply[k] = v * boxes
    if opt["supply_shortage"] == "unlimited":
        for k in CHEESE:
            extra[k] = 99
    piles["box"] = [name for name, _ in EVENTS]
    piles["food_deck"] = FOOD_NAMES * boxes    # each `create` goes on top; the copies are alike

    # step event_deck
    box = piles["box"]
    finals = chance.sample([c for c, back in EVENTS if back == "final" and c != "end_of_game"], 4)
    for c in finals:
        box.remove(c)
    box.remove("end_of_game")
    piles["event_deck"] = chance.shuffle(list(finals) + ["end_of_game"], "event_deck")
    starts = chance.sample([c for c in box if c in _START], 5)
    for c in starts:
        box.remove(c)
    piles["event_deck"] = list(starts) + piles["event_deck"]

    # step food_deck
    if opt["food_order"] == "shuffled":
        piles["food_deck"] = chance.shuffle(piles["food_deck"], "food_deck")

    # step clans
    for p in range(n):
        pile[RAT] -= 7
        P[p][PANTRY][RAT] += 7
        supply[YELLOW] -= 2
        P[p][PANTRY][YELLOW] += 2
    if opt["starting_player"] == "random":
        st["active"] = int(chance.sample(list(seat_names), 1)[0][1:]) - 1

    event_deck = piles["event_deck"]
    event_row = piles["event_row"]
    food_deck = piles["food_deck"]
    food_row = piles["food_row"]
    active = st["active"]
    rnd = 0

    # ---------------------------------------------------------------- rounds (round.rat)
    while True:
        rnd += 1
        st["round"] = rnd

        # ---- 1. event
        st["phase"] = "event"
        if rnd > 1:
            active = (active + 1) % n
            st["active"] = active
        order = [(active + i) % n for i in range(n)]
        piles["event_discard"] = event_row + piles["event_discard"]
        event_row.clear()
        piles["food_discard"] = food_row + piles["food_discard"]
        food_row.clear()
        ev = event_deck.pop(0)
        event_row.insert(0, ev)
        # on reveal
        if ev == "end_of_game":
            break
        if ev == "abundance":
            for p in order:
                supplies_to(P[p][PANTRY], YELLOW, 1)
        elif ev == "visiting_cousin":
            for p in order:
                if pile[RAT]:
                    pile[RAT] -= 1
                    P[p][PANTRY][RAT] += 1
        elif ev == "drunk":
            counted = WHOLE_CLAN if o_drunk_all else SEWER
            drunk = [sum(P[p][z][RAT] for z in counted) for p in order]
            # giver: first ordered by [0 - drunk_rats, bad_tie] (round.rat: bad_tie is the rank, or
            # minus the rank under ap_tie=favourable); taker: first with fewest drunk_rats
            most = max(drunk)
            ties = [i for i, v in enumerate(drunk) if v == most]
            giver = order[ties[-1] if o_ap_favourable else ties[0]]
            taker = order[drunk.index(min(drunk))]
            if most > min(drunk) and sum(P[giver][z][RAT] for z in DEPLOYABLE) > 0:
                move_rats(P[giver], DEPLOYABLE, P[taker][PANTRY], 1)
        elif ev == "holy_rat":
            for p in [p for p in order if P[p][GRAVEYARD][RAT] > 0]:
                if o_holy_must or ask_may(p, "holy_rat"):
                    P[p][GRAVEYARD][RAT] -= 1
                    pile[RAT] += 1
        for _ in range(boxes):
            if not food_deck:
                raise RulesError(f"cannot reveal {boxes} cards from food_deck: it holds 0")
            food_row.insert(0, food_deck.pop(0))

        # ---- 2. rats
        st["phase"] = "rats"
        # step gather (+ Just in Time after gathered)
        for p in order:
            Z = P[p]
            r = 0
            for zi in DEPLOYABLE:
                z = Z[zi]
                if z[RAT]:
                    r += z[RAT]
                    z[RAT] = 0
            Z[RESERVE][RAT] += r
            if ev == "just_in_time" and Z[INFIRMARY][RAT] + Z[LOST][RAT] > 0:
                if o_jit_all or ask_may(p, "just_in_time"):
                    Z[RESERVE][RAT] += Z[INFIRMARY][RAT] + Z[LOST][RAT]
                    Z[INFIRMARY][RAT] = 0
                    Z[LOST][RAT] = 0
        # step place (secretly; + Sound the Alarm after behind_screen)
        st["secret"] = [[z[:] for z in P[s]] for s in range(n)]
        st["secret_pv"] = [dict(values) for values in pv]
        # placement_zones(p): Locked and Loaded adds `both`; with locked_and_loaded_limit=shared_cap
        # the pantry and the nursery leave (events.rat)
        if ev != "locked_and_loaded":
            targets = PLACEMENT
        elif o_shared_cap:
            targets = [z for z in PLACEMENT if z not in ("pantry", "nursery")] + ["both"]
        else:
            targets = PLACEMENT + ["both"]
        for p in order:
            Z = P[p]
            if ev == "sound_the_alarm" and sum(Z[PANTRY][1:]) > 0 and ask_may(p, "sound_the_alarm"):
                move_cheese((Z[PANTRY],), Z[NURSERY], 1)
            amount = Z[RESERVE][RAT]
            if amount == 0:
                continue
            minimum = min(1, amount) if ev == "massive_attacks" and o_massive == "obligation" else 0
            answer = ask(Decision(p, "placement", "distribute", amount=amount, targets=list(targets),
                                  at_most=[(3, ["both"])], at_least=[(minimum, ["left_pipe", "right_pipe"])]))
            for name in targets:
                v = answer.get(name)
                if v:
                    Z[RESERVE][RAT] -= v
                    Z[_ZONE_INDEX[name]][RAT] += v
        st["secret"] = st["secret_pv"] = None
        # step screens_down: placement_stands() (Tacticians, all_board_places: the places other
        # than the areas with no rats)
        if ev == "tacticians" and o_tacticians_all:
            for p in range(n):
                pv[p]["tacticians_unsent"] = sum(1 for zi in PLACEMENT_ZI if zi not in AREAS and P[p][zi][RAT] == 0)

        # ---- 3. attack
        st["phase"] = "attack"
        # attackers(a, side) = a[pipe(side)].rat, + 1 under Massive Attacks
        bonus = 1 if ev == "massive_attacks" else 0
        bonus_empty = bonus if o_massive == "plain_bonus" else 0
        if o_alarm_safe:
            stealable = [sum(P[d][PANTRY][1:]) for d in range(n)]
        else:
            stealable = [sum(P[d][PANTRY][1:]) + sum(P[d][NURSERY][1:]) for d in range(n)]
        for d in order:
            Z = P[d]
            left_nb = (d + 1) % n   # neighbour(d, left): attacks with its right pipe
            right_nb = (d - 1) % n  # neighbour(d, right): attacks with its left pipe
            a_left = P[left_nb][RIGHT_PIPE][RAT]
            a_left += bonus if a_left else bonus_empty
            a_right = P[right_nb][LEFT_PIPE][RAT]
            a_right += bonus if a_right else bonus_empty
            if n == 2:
                # two_player_defenders: the rats in the facing pipe; under Massive Attacks with
                # massive_attacks_two_players=both_pipes, counted as attackers() counts them
                guard = Z[PANTRY][RAT] + Z[BOTH][RAT] if o_two_player_defends else 0
                d_left = Z[LEFT_PIPE][RAT]
                d_right = Z[RIGHT_PIPE][RAT]
                if o_both_pipes:
                    d_left += bonus if d_left else bonus_empty
                    d_right += bonus if d_right else bonus_empty
                d_left += guard
                d_right += guard
            else:
                d_left = d_right = Z[PANTRY][RAT] + Z[BOTH][RAT]
            c_left = max(0, a_left - d_left)
            c_right = max(0, a_right - d_right)
            # sides ordered by [0 - attackers, rank(neighbour)], stable
            if (-a_right, (right_nb - active) % n) < (-a_left, (left_nb - active) % n):
                first, second, owed = right_nb, left_nb, [c_right, c_left]
            else:
                first, second, owed = left_nb, right_nb, [c_left, c_right]
            got = _share_in_turn(stealable[d], owed)
            stash = (Z[PANTRY],) if o_alarm_safe else (Z[PANTRY], Z[NURSERY])
            if got[0]:
                move_cheese(stash, P[first][PANTRY], got[0])
            if got[1]:
                move_cheese(stash, P[second][PANTRY], got[1])
        # step regroup
        for p in order:
            nz = P[p][NURSERY]
            pz = P[p][PANTRY]
            for k in CHEESE:
                if nz[k]:
                    pz[k] += nz[k]
                    nz[k] = 0

        # ---- 4. nursery
        st["phase"] = "nursery"
        for p in sorted(order, key=lambda p: P[p][NURSERY][RAT] + P[p][BOTH][RAT]):
            b = P[p][NURSERY][RAT] + P[p][BOTH][RAT]
            if b > pile[RAT]:
                b = pile[RAT]
            pile[RAT] -= b
            P[p][NURSERY][RAT] += b

        # ---- 5. return
        st["phase"] = "return"
        for p in order:
            Z = P[p]
            Z[PANTRY][RAT] += Z[INFIRMARY][RAT] + Z[LOST][RAT]
            Z[INFIRMARY][RAT] = 0
            Z[LOST][RAT] = 0

        # ---- 6. foraging
        st["phase"] = "foraging"
        at_start = [[P[p][a][RAT] for a in AREAS] for p in range(n)]
        for a in AREAS:
            # rule fill_bag
            for c in food_row:
                bundle_from_supplies(bag, FOOD[c][a])
            if extra_cheese:
                if extra_per_card:
                    for c in food_row:
                        shown = FOOD[c][a]
                        bundle_from_supplies(bag, [1 if o_all_colours or shown[k] else 0 for k in range(7)])
                else:
                    bundle_from_supplies(bag, [1 if o_all_colours or bag[k] else 0 for k in range(7)])
            # before_drawing(a)
            if ev == "tacticians":
                # Tacticians: with all_board_places the other places pay before the first area
                for p in order:
                    if a == AREAS[0] and o_tacticians_all:
                        supplies_to(P[p][PANTRY], YELLOW, pv[p]["tacticians_unsent"])
                    if at_start[p][a] == 0:
                        supplies_to(P[p][PANTRY], YELLOW, 1)
            elif ev == "helmet_rat":
                for p in order:  # Helmet Rat: set p.helmet_uses = 0
                    pv[p]["helmet_uses"] = 0
            elif ev == "dr_cheese":
                for p in order:  # Dr. Cheese: set p.dr_cheese_whites = 0
                    pv[p]["dr_cheese_whites"] = 0
            foragers = [p for p in order if P[p][a][RAT] > 0]
            foragers.sort(key=lambda p: P[p][a][RAT])
            for p in foragers:
                _forage(P, p, a, ev, bag, supply, extra, chance, ask, supplies_to, pile, o_area_rat, o_dr_pairs,
                        pv[p], o_helmet_each)
            # move all from bag to supply
            for k in CHEESE:
                if bag[k]:
                    supply[k] += bag[k]
                    bag[k] = 0

        # ---- 7. feeding
        st["phase"] = "feeding"
        for p in order:
            Z = P[p]
            if ev == "rattibal_lector":
                fed = sum(Z[z][RAT] for z in SEWER)
                if fed > 0:
                    if o_rattibal_once:
                        trades = 1 if ask_may(p, "rattibal_lector") else 0
                    else:
                        trades = ask(Decision(p, "rattibal_lector", "choose", list(range(fed + 1))))
                    for _ in range(trades):
                        move_rats(Z, SEWER, pile, 1)
                        supplies_to(Z[PANTRY], YELLOW, 1)
            fed = 0
            for zi in SEWER:
                fed += Z[zi][RAT]
            cost = FEEDING_COST[fed] if fed < 400 else feeding_cost(fed)
            pz = Z[PANTRY]
            held = pz[1] + pz[2] + pz[3] + pz[4] + pz[5] + pz[6]
            paid = cost if cost < held else held
            if paid:
                move_cheese((pz,), supply, paid)
            starve = min(cost - paid, fed)
            if starve:
                move_rats(Z, SEWER, Z[GRAVEYARD], starve)

    # ---------------------------------------------------------------- scoring (round.rat)
    scores: dict[str, int] = {}
    tiebreaks: dict[str, list[int]] = {}
    for s in range(n):
        Z = P[s]
        scores[seat_names[s]] = sum(Z[z][RAT] for z in WHOLE_CLAN) - Z[GRAVEYARD][RAT]
        tiebreaks[seat_names[s]] = [sum(Z[PANTRY][1:])]
    keys = {s: [scores[s], *tiebreaks[s]] for s in scores}
    best = max(keys.values())
    winners = [s for s in scores if keys[s] == best]

    zones: dict[str, dict[str, int]] = {}
    for name, z in zip(SHARED_ZONES, (pile, supply, extra, bag)):
        if any(z):
            zones[name] = {KINDS[k]: z[k] for k in SORTED_KINDS if z[k]}
    for s in range(n):
        for zi, z in enumerate(P[s]):
            if any(z):
                zones[f"{seat_names[s]}.{PZONES[zi]}"] = {KINDS[k]: z[k] for k in SORTED_KINDS if z[k]}
    state = {
        "round": rnd,
        "active": seat_names[active],
        "zones": zones,
        "piles": {name: list(cards) for name, cards in piles.items() if cards},
        "vars": {},
        "player_vars": [dict(sorted(v.items())) for v in pv],
    }
    return {**state, "state": state, "scores": scores, "tiebreaks": tiebreaks, "winners": winners,
            "rounds": rnd - 1}


_START = {c for c, back in EVENTS if back == "start"}
# events.rat: `per player var`, in declaration order
PLAYER_VARS = ("helmet_uses", "dr_cheese_whites", "tacticians_unsent")
PLACEMENT_ZI = tuple(range(len(PLACEMENT)))  # game.rat: const placement, as zone indices


def _forage(P: list, p: int, a: int, ev: str, bag: list[int], supply: list[int], extra: list[int], chance: Chance,
            ask: Callable[[Decision], Any], supplies_to: Callable, pile: list[int],
            o_area_rat: bool, o_dr_pairs: bool, pvars: dict[str, int], o_helmet_each: bool) -> None:
    """round.rat: rule forage(p, a), with drew() hooks (Helmet Rat, Dr. Cheese) and found(); `pvars`
    holds p's per player vars."""
    Z = P[p]
    drawn = Z[DRAWN]
    # draw up to takes(p, a) from bag to p.drawn
    want = Z[a][RAT]
    size = bag[1] + bag[2] + bag[3] + bag[4] + bag[5] + bag[6]
    k = want if want < size else size
    if k > 0:
        got = chance.draw({KINDS[i]: bag[i] for i in CHEESE if bag[i]}, KINDS, k)
        for name, v in got.items():
            i = _KIND_INDEX[name]
            bag[i] -= v
            drawn[i] += v
    # after drew(p, a)
    # events.rat: Helmet Rat, after drew(p, a) if helmet_rat_reading == each_draw or p.helmet_uses == 0
    if ev == "helmet_rat" and (o_helmet_each or pvars["helmet_uses"] == 0):
        options = [KINDS[i] for i in CHEESE if drawn[i]]
        if options:
            answer = ask(Decision(p, "helmet_rat", "choose", options, True))
            if answer is not None:
                i = _KIND_INDEX[answer]
                drawn[i] -= 1
                bag[i] += 1
                pvars["helmet_uses"] += 1
    # events.rat: Dr. Cheese, after drew(p, a) if p.drawn.white > 0 and p.drawn.white +
    # p.dr_cheese_whites >= 2: whites from earlier takes in the area pair with the new ones
    elif ev == "dr_cheese" and drawn[WHITE] > 0 and drawn[WHITE] + pvars["dr_cheese_whites"] >= 2:
        whites = drawn[WHITE] + pvars["dr_cheese_whites"]
        if o_dr_pairs:
            trades = ask(Decision(p, "dr_cheese", "choose", list(range(whites // 2 + 1))))
        else:
            trades = 1 if ask(Decision(p, "dr_cheese", "may", [True, False])) else 0
        if trades:
            # rule trade_whites(p, trades): only the new whites move; the earlier ones are in the
            # supply already and come off p.dr_cheese_whites
            new_ones = min(2 * trades, drawn[WHITE])
            drawn[WHITE] -= new_ones
            supply[WHITE] += new_ones
            pvars["dr_cheese_whites"] -= 2 * trades - new_ones
            supplies_to(drawn, YELLOW, trades)
    # for each piece in pieces(p.drawn): found(p, a, piece)
    pieces = [i for i in CHEESE for _ in range(drawn[i])]
    we_did_it = ev == "we_did_it"
    dr_cheese = ev == "dr_cheese"
    for piece in pieces:
        drawn[piece] -= 1
        if dr_cheese and piece == WHITE:  # Dr. Cheese: after found(p, a, piece) if piece == white
            pvars["dr_cheese_whites"] += 1
        if piece == YELLOW or (piece == BLACK and we_did_it):
            if piece == YELLOW or supply[YELLOW] + extra[YELLOW] == 0:
                Z[PANTRY][piece] += 1
            else:  # counts as yellow: swapped for a supply yellow (round.rat, rule found)
                supply[piece] += 1
                supplies_to(Z[PANTRY], YELLOW, 1)
            continue
        supply[piece] += 1
        if piece == ORANGE:
            supplies_to(Z[PANTRY], YELLOW, 2)
        elif piece == BLACK:
            _lose_rat(Z, p, a, pile, ask, o_area_rat)
        elif piece == PURPLE:
            _lose_rat(Z, p, a, Z[INFIRMARY], ask, o_area_rat)
        elif piece == BLUE:
            _lose_rat(Z, p, a, Z[LOST], ask, o_area_rat)


def _lose_rat(Z: list, p: int, a: int, dest: list[int], ask: Callable[[Decision], Any], o_area_rat: bool) -> None:
    """round.rat: rule lose_rat(p, a, dest)."""
    if o_area_rat and Z[a][RAT] > 0:
        Z[a][RAT] -= 1
        dest[RAT] += 1
        return
    options = [f"P{p + 1}.{PZONES[zi]}" for zi in DEPLOYABLE if Z[zi][RAT] > 0]
    if not options:
        return
    answer = ask(Decision(p, "which_rat", "choose", options))
    zi = PZONES.index(answer.split(".", 1)[1])
    Z[zi][RAT] -= 1
    dest[RAT] += 1


_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_ZONE_INDEX = {z: i for i, z in enumerate(PZONES)}


if __name__ == "__main__":
    import json
    import sys

    n_players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    game_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    print(json.dumps(play_reference(n_players, game_seed), indent=1))
