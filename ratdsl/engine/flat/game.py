"""Plays whole games with the flat target.

`play_flat(d, players, seed, make_agents)` gives the GameResult the reference engine gives for
the same seed and agents (tests/test_flat_target.py holds it to that): played by the flat
module when the rules and agents allow it, else by the reference engine. A game the flat code
stops on a rule's error or a limit is played again by the reference engine, which reports it
with its position; a Python error in the flat code is a bug of the compiler, and stops the run
(failure.CompiledCodeError: the seed, the error and a command that reproduces it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ...language.errors import RuleError
from ...semantics.definition import GameDef, round_cap
from ...semantics.operators import OperatorError
from ..chance import Chance
from ..limits import DEFAULT_STEP_BUDGET
from ..result import GameResult
from .budget import budget_error
from .cache import load_or_make
from .failure import CompiledCodeError
from .generator import FlatModule
from .support import Abort, Ended
from .tags import Unsupported

# The modules made in this process, by rule set (the most recently used last). A module holds its
# rules, so a table keyed weakly by them would never drop one: a process that loads rule set after
# rule set (the language server, a Dask worker, a fuzz worker) would keep them all. At most
# MODULES_KEPT rule sets keep theirs; a user of one (the simulator, a search) holds it itself.
MODULES_KEPT = 32
_MODULES: OrderedDict[GameDef, dict[int, FlatModule | Unsupported]] = OrderedDict()
_TABLE = threading.Lock()


def flat_module(d: GameDef, players: int) -> FlatModule | Unsupported:
    """The flat module of these rules at this table size (made once), or why there is none."""
    with _TABLE:
        by_size = _MODULES.get(d)
        if by_size is None:
            by_size = _MODULES[d] = {}
            while len(_MODULES) > MODULES_KEPT:
                _MODULES.popitem(last=False)
        else:
            _MODULES.move_to_end(d)
    module = by_size.get(players)
    if module is None:
        try:
            module = load_or_make(d, players)  # (generated, or from this user's cache: cache.py)
        except Unsupported as why:
            module = why
        except RecursionError:
            module = Unsupported(d.game, "rules nested too deeply for the flat target")
        except RuleError as err:  # (a constant worked out now that the reference stops on if it reads it)
            module = Unsupported(d.game, f"a value the rules cannot hold, worked out ahead ({err.code})")
        by_size[players] = module
    return module


def fast_agents(agents: list) -> bool:
    """Whether every agent answers through the small fast protocol (fast_may, fast_choose,
    fast_distribute) with the same answers as through `decide`."""
    return all(getattr(a, "fast_protocol", False) for a in agents)


class Stopped(Exception):
    """The flat code stopped (an error the reference engine reports, or a limit)."""


def play_module(m: FlatModule, seed: int, agents: list, budget: int = DEFAULT_STEP_BUDGET,
                metrics: bool = False, max_rounds: int | None = None, zones: bool = True,
                loud: bool = False) -> GameResult:
    """One game on the flat module; raises Stopped where the reference engine must take over (a
    rule's error or a limit: the reference reports it with its position), CompiledCodeError for
    any other exception of the flat code (`loud`: that exception itself, with its traceback).
    `metrics`: count the rules' metrics (read them with `m.metric_counts()` after the game);
    `zones=False`: the end state holds only what the simulator reads of it (collect.labels_of:
    the players' piles and variables), not the zones, the shared piles or the game's variables."""
    try:
        return _play(m, seed, agents, budget, metrics, max_rounds, zones)
    except (Stopped, Ended, Abort, OperatorError, RecursionError, ZeroDivisionError):
        # (RecursionError: values nested too deep to compare or show; ZeroDivisionError: `/` and
        # `%` are Python's: a zero divisor; the reference reports R001 for both)
        raise Stopped from None
    except Exception as err:
        if loud:
            raise
        raise CompiledCodeError(m.d, m.players, seed, agents, err) from err


def _play(m: FlatModule, seed: int, agents: list, budget: int, metrics: bool, max_rounds: int | None,
          zones: bool) -> GameResult:
    d = m.d
    ns = m.ns
    m.reset(Chance(seed).rng, agents, budget, metrics)
    Z = ns["Z"]
    PS = ns["PS"]
    G = ns["G"]
    AC = ns["AC"]
    width = m.layout.width
    if "setup" in m.gen.reading_start:
        PS[:] = Z
    m.setup_fn()
    baseline = [sum(Z[k::width]) for k in range(width)]
    cap = round_cap(d.game) if max_rounds is None else max_rounds
    last = d.game.end_after
    over = False
    rounds_done = None
    while True:
        G[1] += 1
        AC[0] = None
        try:
            for _name, reads, fn in m.phase_fns:
                if reads:
                    PS[:] = Z
                fn()
        except Ended as ended:
            over = True
            rounds_done = G[1] - (0 if ended.args[0] else 1)  # (Game.end_game: does its round count)
            if ns["MV"]:
                m._flush()
        if over:
            break
        if last is not None and G[1] >= last or m.end_of_round is not None and m.end_of_round():
            rounds_done = G[1]  # (the last round was played: it counts)
            break
        if G[1] >= cap:
            raise Stopped
    # Conservation, once a game (a broken one is played again by the reference, which says
    # at which step it broke): no count below zero, the same total of each kind.
    if (Z and min(Z) < 0) or [sum(Z[k::width]) for k in range(width)] != baseline:
        raise Stopped
    if ns["ST"][0] < 0:  # (statements pay for their queries unchecked: see FlatCompiler.query)
        raise Stopped
    return _result(m, over, rounds_done, zones)


def _result(m: FlatModule, over: bool, rounds_done: int | None, zones: bool) -> GameResult:
    ns = m.ns
    n = m.players
    scores: dict[str, int] = {}
    breaks: dict[str, list[Any]] = {}
    for seat in range(n):
        values = m.score_of(seat)
        scores[f"P{seat + 1}"] = values[0]
        breaks[f"P{seat + 1}"] = values[1:]
    keys = {p: [scores[p], *breaks[p]] for p in scores}
    best = max(keys.values())
    winners = [p for p in scores if keys[p] == best]
    rnd = ns["G"][1]
    played = rounds_done if rounds_done is not None else (rnd - 1 if over else rnd)
    return GameResult(scores, breaks, winners, played, m.fired(), snapshot(m, zones))


def snapshot(m: FlatModule, zones: bool = True) -> dict[str, Any]:
    """The end state as GameState.snapshot writes it (`zones=False`: the players' part only)."""
    ns = m.ns
    d = m.d
    gen = m.gen
    piles = {}
    if zones:
        for i, name in enumerate(gen.pile_names):
            if ns[f"PL{i}"]:
                piles[name] = [c.name for c in ns[f"PL{i}"]]
    for seat in range(m.players):
        for i, name in enumerate(gen.player_pile_names):
            cards = ns[f"PP{i}"][seat]
            if cards:
                piles[f"P{seat + 1}.{name}"] = [c.name for c in cards]
    var_names = list(d.vars)
    pvars = sorted((k, i) for i, k in enumerate(d.player_vars))  # (name, its PV list), by name
    return {
        "round": ns["G"][1],
        "active": f"P{ns['G'][0] + 1}",
        "zones": m.layout.zone_contents(ns["Z"]) if zones else {},
        "piles": piles,
        "vars": {k: m.encode_var(ns["VG"][var_names.index(k)], m.var_types[var_names.index(k)])
                 for k in sorted(var_names)} if zones else {},
        "player_vars": [{k: m.encode_var(ns[f"PV{i}"][seat], m.pvar_types[i]) for k, i in pvars}
                        for seat in range(m.players)],
    }


def play_flat(d: GameDef, players: int, seed: int, make_agents: Callable[[], list],
              budget: int = DEFAULT_STEP_BUDGET) -> tuple[GameResult, bool]:
    """A game's result, and whether the flat target played it (else the reference engine did)."""
    agents = make_agents()
    m = flat_module(d, players)
    if isinstance(m, FlatModule) and fast_agents(agents):
        try:
            return play_module(m, seed, agents, budget), True
        except Stopped:
            ran_out = budget_error(m, budget)  # (R002, named by the flat code itself: budget.py)
            if ran_out is not None:
                raise ran_out from None
            agents = make_agents()  # fresh streams: the reference plays the game from the start
    from ..game import Game  # (the reference engine: only where it plays)

    return Game(d, players, seed, agents=agents, step_budget=budget).play(), False
