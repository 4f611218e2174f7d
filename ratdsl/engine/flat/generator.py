"""Assembles the flat module of one rule set at one table size: the setup and each phase as
functions over the flat state, made once and reused for every game (see game.py)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics import operators as ops
from ...semantics.definition import GameDef
from ...semantics.values import CardValue
from .dyn import d_encode
from .tags import DYN, INT, NONE, PLAYER, STR, ZONE_T, Unsupported

if TYPE_CHECKING:
    from .compiler import Scope
    from .statements import StatementLowering
from .support import (
    Abort,
    Ended,
    count_kinds,
    count_moves,
    draw,
    field_of,
    first_of,
    item_at,
    make_limits,
    make_zone_readers,
    move_all,
    move_bundle,
    move_tokens,
    present,
    take_cards,
)


class FlatModule:
    """The generated functions of one rule set at one table size, and the state they share."""

    native = False  # whether they are a native build's (native.py), not the generated source run by Python

    def __init__(self, d: GameDef, players: int):
        from .compiler import Scope, Val  # (the code generator: only to make a module, not to play one)
        from .statements import StatementLowering

        gen = StatementLowering(d, players)
        if gen.recursion_limit() < 1:  # (calls could then nest past the reference's limit unchecked)
            raise Unsupported(d.game, "more funcs, rules and cards than calls may nest: "
                                      "the reference engine plays them")
        self.d = d
        self.players = players
        self.layout = lay = gen.lay
        n = players
        step = gen.left_step
        players_from = [[(a + i * step) % n for i in range(n)] for a in range(n)]
        ns: dict[str, Any] = gen.ns
        ns.update({
            "Abort": Abort, "Ended": Ended, "CardValue": CardValue,
            "move_tokens": move_tokens, "move_all": move_all, "move_bundle": move_bundle, "draw": draw,
            "take_cards": take_cards, "ADD": ops.add, "SUB": ops.subtract, "MUL": ops.multiply,
            "BD": ops.bounded, "RG": ops.whole_range, "SHORT": ops.short, "CR": [0, 0], "DP": [0],
            "KN": tuple(lay.kinds), "KI": {k: i for i, k in enumerate(lay.kinds)}, "RK_": range(lay.width),
            "PF": players_from, "ZL": lay.labels(),
            "NB": {"left": [(p + step) % n for p in range(n)], "right": [(p - step) % n for p in range(n)]},
            "OPP": {"left": "right", "right": "left"},
            "Z": [0] * lay.size, "PS": [0] * lay.size, "G": [0, 0], "AC": [None], "ST": [0], "W": [0],
            "FC": [], "MV": None, "RNG": None, "UID": None, "AG": [], "FLUSH": self._flush,
            "MC": [0] * len(gen.metrics), "MO": [False],
            "ZNB": [name for name in lay.names() for _ in range(lay.width)],
        })
        from ...semantics.builtins import share_out

        ns["share_out"] = share_out
        from .dyn import RUNTIME

        ns.update(RUNTIME)
        from .plans import plan_one

        ns["plan_one"] = plan_one
        from ...semantics.builtins import share_equal

        ns["share_equal"] = share_equal
        ns.update(make_limits(ns["ST"], ns["CR"]))
        ns.update(make_zone_readers(tuple(lay.kinds)), count_kinds=count_kinds, first_of=first_of,
                  present=present, item_at=item_at, field_of=field_of)
        for i, _name in enumerate(gen.pile_names):
            ns[f"PL{i}"] = []
        for i, _name in enumerate(gen.player_pile_names):
            ns[f"PP{i}"] = [[] for _ in range(n)]
        ns["PILES"] = [ns[f"PL{i}"] for i in range(len(gen.pile_names))] + [
            ns[f"PP{i}"][s] for s in range(n) for i in range(len(gen.player_pile_names))]
        from ..runtime.sight import sight_of
        from .boards import over_capacity, room_of, space_of
        from .lists import flatten_items, owner_of_card, unique_cards
        from .sight import offer_cards, seen_piles

        ns.update(flatten_items=flatten_items, unique_cards=unique_cards, owner_of_card=owner_of_card)
        ns["POWN"] = [None] * len(gen.pile_names) + [s for s in range(n) for _ in gen.player_pile_names]
        from .turns import act_run, turn_window

        ns.update(act_run=act_run, turn_window=turn_window, TS=[])
        ns["offer_cards"] = offer_cards
        ns.update(space_of=space_of, over_capacity=over_capacity, room_of=room_of)
        ns["SP"] = seen_piles(sight_of(d), ns, gen.pile_names, gen.player_pile_names, n) if gen.sight_declared else []
        ns["sample_of"] = self._sample
        ns["pick_of"] = self._pick
        self.ns = ns
        self.gen = gen
        # the initial values of variables
        self.var_init = [self._constant(v.value, gen, Scope()) for v in d.vars.values()]
        self.pvar_init = [[self._constant(v.value, gen, Scope({"me": Val(repr(s), PLAYER, s)}))
                           for s in range(n)] for v in d.player_vars.values()]
        ns["VG"] = list(self.var_init)
        for i in range(len(d.player_vars)):
            ns[f"PV{i}"] = list(self.pvar_init[i])
        self.var_types = [gen.var_type(name, v) for name, v in d.vars.items()]
        self.pvar_types = [gen.pvar_type(name, v) for name, v in d.player_vars.items()]
        # setup, then each phase: one function each
        self.steps: list[str] = []
        self.setup = self._steps_function("setup", d.setup.steps if d.setup else [])
        self.phases = [(name, name in gen.reading_start, self._steps_function(name, d.phases[name].steps))
                       for name in d.round]
        self.round_end = gen.round_end_unit(Scope())  # (`ends at end of round when`, if any: endings.py)
        reveal = gen.reveal_effects()
        gen.scoring_unit()
        gen.activity_unit()
        source = "\n\n".join(gen.units)
        self.source = source
        for i, (_name, _kinds, _src, _dst, where) in enumerate(gen.metrics):
            if where is not None:
                ns[f"MS{i}"] = [at == where or at.startswith(where + ".") for at in self.steps]
        self.reveal = reveal
        self._matching: dict[tuple, list[int]] = {}
        try:
            code = compile(source, f"<flat {d.game.name} {players}p>", "exec")
        except SyntaxError as err:  # (no other SyntaxError is the rules' doing: that one is a bug)
            if "too many statically nested blocks" not in str(err):
                raise
            raise Unsupported(None, "blocks nested deeper than Python's limit of 20 (the flat target "
                                    "does not move inner blocks out into functions)") from None
        exec(code, ns)  # generated from the AST only
        self.bind(ns)

    def bind(self, ns: dict[str, Any]) -> None:
        """Plays from now on with the functions of `ns`: the namespace the generated source ran
        in, or a native build's module (native.py), which shares its lists and tables."""
        self.ns = ns
        ns["ON_REVEAL"] = {name: ns[py] for name, py in self.reveal.items()}
        self.setup_fn = ns[self.setup]
        self.phase_fns = [(name, reads, ns[py]) for name, reads, py in self.phases]
        self.score_of = ns["score_of"]
        self.end_of_round = ns[self.round_end] if self.round_end else None

    def _constant(self, node, gen: StatementLowering, sc: Scope) -> Any:
        from .compiler import empty_list

        if empty_list(node):
            return []
        v = gen.ex(node, sc)
        if not v.known:
            raise Unsupported(node, "a variable whose first value is not a constant")
        return v.const

    def _steps_function(self, phase: str, steps) -> str:
        from .compiler import Code, Scope

        gen = self.gen
        py = gen.fresh("P")
        code = Code(f"def {py}():")
        for step in steps:
            code("if MV: FLUSH()")  # (the moves of the step before, counted for its metrics)
            code(f"W[0] = {len(self.steps)}")
            self.steps.append(f"{phase}.{step.name}")
            gen.step_now = self.steps[-1]  # (the metrics of moves written in this step: settled now)
            check = gen.capacity_check()
            if check is not None:  # (the step that ends the game is held to the capacities too)
                code("try:")
                code.depth += 1
            try:
                gen.block(step.body, code, Scope())
            finally:
                gen.step_now = None
            if check is not None:
                code.depth -= 1
                code("except Ended:")
                code(f"    if {check}: raise Abort")
                code("    raise")
                code(f"if {check}: raise Abort")
            if phase != "setup":  # (`ends at once when`: tested after every step of a round)
                gen.emit_endings(code, A.AT_ONCE, Scope())
        code("if MV: FLUSH()")
        gen.units.append(code.text())
        return py

    def _sample(self, n: int, items: list) -> list:
        if n < 0 or n > len(items):
            raise Abort
        return self.ns["RNG"].sample(list(items), n)

    def _pick(self, items: list) -> Any:
        if not items:
            return None
        return self.ns["RNG"].sample(list(items), 1)[0]

    # ------------------------------------------------------------------ one game
    def reset(self, rng: Any, agents: list, budget: int, metrics: bool = False) -> None:
        """Empties the state for a new game; `metrics`: count the rules' metrics (MC)."""
        ns = self.ns
        ns["Z"][:] = [0] * self.layout.size
        for pile in ns["PILES"]:
            pile.clear()
        ns["VG"][:] = self.var_init
        for i, init in enumerate(self.pvar_init):
            ns[f"PV{i}"][:] = init
        ns["G"][:] = [0, 0]
        ns["AC"][0] = None
        ns["ST"][0] = budget  # (counted down)
        ns["CR"][:] = [0, 0]  # tokens and cards created so far
        ns["DP"][0] = 0  # rules that can reach themselves, nested now
        ns["W"][0] = 0
        ns["FC"][:] = [0] * len(self.gen.fired_keys)
        ns["MC"][:] = [0] * len(self.gen.metrics)
        ns["MO"][0] = metrics
        ns["MV"] = [] if metrics else None
        ns["RNG"] = rng
        ns["AG"][:] = agents
        ns["UID"] = itertools.count(1)
        ns["TS"].clear()  # (turns left open by a game the flat code stopped)

    def fired(self) -> dict[str, int]:
        """GameResult.fired: how often each card, hook and modifier applied (those that did)."""
        return {key: n for key, n in zip(self.gen.fired_keys, self.ns["FC"]) if n}

    def metric_counts(self) -> dict[str, int]:
        return {name: n for (name, *_), n in zip(self.gen.metrics, self.ns["MC"])}

    def _flush(self) -> None:
        """Counts the moves the helpers made during the step that ends (MetricCounter's matching:
        zone names, any owner, the step and the kinds)."""
        ns = self.ns
        count_moves(ns["MV"], self._matching, ns["W"][0], ns["MC"], self._metrics_of)

    def _metrics_of(self, key: tuple[int, int, int, int]) -> list[int]:
        """The metrics counting a move (source, dest, kind, step): worked out once per key, by
        zone name (any owner), kind and step."""
        s, d, k, step = key
        names = self.ns["ZNB"]
        at = self.steps[step]
        hits = self._matching[key] = [
            i for i, (_name, kinds, source, dest, where) in enumerate(self.gen.metrics)
            if k in kinds and source in (None, names[s]) and dest in (None, names[d])
            and (where is None or at == where or at.startswith(where + "."))]
        return hits

    def encode_var(self, value: Any, t: Any) -> Any:
        if t == DYN:  # (a value in its general form: dyn.py)
            return d_encode(value, [str(r) for r in self.layout.refs()], self.layout.width)
        if t == PLAYER:
            return None if value is None else f"P{value + 1}"
        if t in (INT, STR, NONE) or value is None or value.__class__ is bool:
            return value
        if isinstance(value, CardValue):
            return value.name
        if isinstance(value, list):
            return [self.encode_var(v, t[1]) for v in value]
        if t == ZONE_T and value.__class__ is int:  # (a zone, or a space, is its base)
            return str(self.layout.refs()[value // self.layout.width])
        raise Unsupported(None, f"recording a variable of kind {t}")
