"""Assembles the flat module of one rule set at one table size: the setup and each phase as
functions over the flat state, made once and reused for every game (see game.py)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ...semantics import operators as ops
from ...semantics.builtins import share_equal, share_out
from ...semantics.definition import GameDef
from ...semantics.values import CardValue
from ..decisions import distribution_problem
from ..runtime.sight import sight_of
from . import support as S
from .boards import over_capacity, room_of, space_of
from .code import Code, Scope
from .dyn import RUNTIME, d_encode
from .lists import card_in, flatten_items, joined_lists, owner_of_card, unique_cards
from .plans import plan_one
from .sight import offer_cards, seen_piles
from .tags import DYN, INT, NONE, PLAYER, STR, ZONE_T, Unsupported
from .turns import act_run, turn_window
from .val import Val

if TYPE_CHECKING:
    from .statements import StatementLowering
# what the generated code calls, by the name it calls it by
_HELPERS = {"Abort": S.Abort, "Ended": S.Ended, "CardValue": CardValue, "move_tokens": S.move_tokens,
            "move_all": S.move_all, "move_bundle": S.move_bundle, "draw": S.draw, "take_cards": S.take_cards,
            "ADD": ops.add, "SUB": ops.subtract, "MUL": ops.multiply, "BD": ops.bounded, "RG": ops.whole_range,
            "SHORT": ops.short, "share_out": share_out, "share_equal": share_equal, "plan_one": plan_one,
            "count_kinds": S.count_kinds, "first_of": S.first_of, "present": S.present, "item_at": S.item_at,
            "all_present": S.all_present,
            "field_of": S.field_of, "distribution_problem": distribution_problem,
            "entry_of": S.entry_of,
            "flatten_items": flatten_items, "LJ": joined_lists, "card_in": card_in,
            "unique_cards": unique_cards, "owner_of_card": owner_of_card, "act_run": act_run,
            "turn_window": turn_window, "offer_cards": offer_cards, "space_of": space_of,
            "over_capacity": over_capacity, "room_of": room_of, **RUNTIME}


class FlatModule:
    """The generated functions of one rule set at one table size, and the state they share."""

    native = False  # whether they are a native build's (native.py), not the generated source run by Python

    def __init__(self, d: GameDef, players: int, logging: bool = False):
        from .statements import StatementLowering  # (the code generator: only to make a module, not to play one)

        gen = StatementLowering(d, players, logging)
        self.logging = logging
        if gen.recursion_limit() < 1:  # (calls could then nest past the reference's limit unchecked)
            raise Unsupported(d.game, "more funcs, rules and cards than calls may nest: "
                                      "the reference engine plays them")
        self.d = d
        self.players = players
        self.layout = lay = gen.lay
        n = players
        step = gen.left_step
        ns: dict[str, Any] = gen.ns
        ns.update(_HELPERS)
        ns.update({
            "CR": [0, 0], "DP": [0], "TS": [],
            "KN": tuple(lay.kinds), "KI": {k: i for i, k in enumerate(lay.kinds)}, "RK_": range(lay.width),
            "PF": [[(a + i * step) % n for i in range(n)] for a in range(n)], "ZL": lay.labels(),
            "NB": {"left": [(p + step) % n for p in range(n)], "right": [(p - step) % n for p in range(n)]},
            "OPP": {"left": "right", "right": "left"},
            "Z": [0] * lay.size, "PS": [0] * lay.size, "G": [0, 0], "AC": [None], "ST": [0], "BS": [],
            "W": S.step_mark(),
            "FC": [], "MV": None, "RNG": None, "UID": None, "AG": [], "FLUSH": self._flush,
            "MC": [0] * len(gen.metrics), "MO": [False],
            "ZNB": [name for name in lay.names() for _ in range(lay.width)],
            "sample_of": self._sample, "pick_of": self._pick,
        })
        ns.update(S.make_limits(ns["ST"], ns["CR"]))
        ns.update(S.make_zone_readers(tuple(lay.kinds)))
        for i, _name in enumerate(gen.pile_names):
            ns[f"PL{i}"] = []
        for i, _name in enumerate(gen.player_pile_names):
            ns[f"PP{i}"] = [[] for _ in range(n)]
        ns["PILES"] = [ns[f"PL{i}"] for i in range(len(gen.pile_names))] + [
            ns[f"PP{i}"][s] for s in range(n) for i in range(len(gen.player_pile_names))]
        ns["POWN"] = [None] * len(gen.pile_names) + [s for s in range(n) for _ in gen.player_pile_names]
        ns["SP"] = seen_piles(sight_of(d), ns, gen.pile_names, gen.player_pile_names, n) if gen.sight_declared else []
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
        for j, kept in enumerate(gen.pile_subsets):  # (the same pile lists: `owner` of a deck's card)
            ns[f"PSUB{j}"] = [ns["PILES"][i] for i in kept]
            ns[f"POWNSUB{j}"] = [ns["POWN"][i] for i in kept]
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
        from .compiler import empty_list  # (the code generator)

        if empty_list(node):
            return []
        v = gen.ex(node, sc)
        if not v.known:
            raise Unsupported(node, "a variable whose first value is not a constant")
        return v.const

    def _steps_function(self, phase: str, steps) -> str:
        gen = self.gen
        py = gen.fresh("P")
        # `start`: the step to begin at (a search's playout resumes a step: flat/resume.py)
        code = Code(f"def {py}(start=0):")
        for index, step in enumerate(steps):
            if len(steps) > 1:  # (a phase of one step is only ever begun at its start)
                code(f"if start <= {index}:")
                code.depth += 1
            code("if MV: FLUSH()")  # (the moves of the step before, counted for its metrics)
            code(f"W[0] = {len(self.steps)}")
            code(f"if W[1] is not None: W[1]({len(self.steps)})")  # (a playout's watcher: resume.py)
            if gen.logging:
                code(f"LSTEP({len(self.steps)})")
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
            if len(steps) > 1:
                code.depth -= 1
        code("if MV: FLUSH()")
        gen.units.append(code.text())
        return py

    def _sample(self, n: int, items: list) -> list:
        if n < 0 or n > len(items):
            raise S.Abort
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
        ns["BS"].clear()  # (the loops a game the flat code stopped was inside: budget.py)
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
        S.count_moves(ns["MV"], self._matching, ns["W"][0], ns["MC"], self._metrics_of)

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

    _zone_names: list[str] | None = None

    def zone_names(self) -> list[str]:
        """Each zone's name as the reference writes it, by position (worked out once: a logged
        game writes its state at every checkpoint)."""
        if self._zone_names is None:
            self._zone_names = [str(r) for r in self.layout.refs()]
        return self._zone_names

    def encode_var(self, value: Any, t: Any) -> Any:
        if t == DYN:  # (a value in its general form: dyn.py)
            return d_encode(value, self.zone_names(), self.layout.width)
        if t == PLAYER:
            return None if value is None else f"P{value + 1}"
        if t in (INT, STR, NONE) or value is None or value.__class__ is bool:
            return value
        if isinstance(value, CardValue):
            return value.name
        if value.__class__ is dict:  # (a bundle: values.encode keeps the counts above 0)
            return {str(k): v for k, v in value.items() if v}
        if isinstance(value, list):
            return [self.encode_var(v, t[1]) for v in value]
        if t == ZONE_T and value.__class__ is int:  # (a zone, or a space, is its base)
            return self.zone_names()[value // self.layout.width]
        raise Unsupported(None, f"recording a variable of kind {t}")
