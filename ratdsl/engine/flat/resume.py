"""Plays a game on the flat target from the start of one step of a round, from a reference
engine's state: a search agent's playout (agents/flat_playout.py) resumes its determinized game
here instead of replaying it on the reference engine.

`load_state` lays the reference runtime's state out as the flat module's (counts, piles, variables,
the round, the active seat, the budget left); `resume_module` enters the phase's function at the
step (FlatModule phases take the step to begin at) and plays to the end as agents/resume.play_on
does: the rest of the round, then every round until the game ends or reaches the round cap. The
chance source and the agents are the game's own objects, so every draw comes from the streams the
reference would have drawn from (tests/test_flat_resume.py holds the result to play_on's).

What cannot be laid out raises CannotResume (its message the reason, said once by the caller); what
the flat code stops on (a rule's error, a limit) raises game.Stopped, as for a whole game: the
reference engine then plays on from the same state.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

from ...semantics.definition import round_cap
from ...semantics.operators import OperatorError
from ...semantics.values import CardValue, PileRef, PlayerRef, ZoneRef
from ..result import GameResult
from .failure import CompiledCodeError
from .game import Stopped, _result
from .generator import FlatModule
from .support import Abort, Ended
from .tags import BOOL, BUNDLE, CARD_T, DYN, INT, NONE, PLAYER, STR, ZONE_T


class CannotResume(Exception):
    """A state the flat module has no form for (the message says which part)."""


class AgentStop(Exception):
    """Raised by an agent to end the playout there (not an error of the flat code): passed on."""


def load_state(m: FlatModule, game: Any, rng: Any, agents: list) -> None:
    """The reference game's state (at the start of a step, no turn or secret block open) as the
    flat module's; `rng` and `agents` are those the flat code draws from."""
    rt = game.runtime
    if rt.turns or rt.secret_stack:
        raise CannotResume("a turn or a secret block is open at the step's start")
    interp = game.interp
    m.reset(rng, agents, interp.budget - interp.steps)
    ns = m.ns
    state = game.state
    Z = ns["Z"]
    bases, kinds, piles = _places(m)
    for ref, contents in state.zones.items():
        base = bases[ref]
        for kind, n in contents.items():
            if n:
                if kind not in kinds:
                    raise CannotResume(f"tokens of kind {kind!r}, which the rules do not declare")
                Z[base + kinds[kind]] = n
    for ref, cards in state.piles.items():
        held = piles.get(ref)
        if held is None:
            raise CannotResume(f"no pile {ref}")
        held[:] = cards  # (a copy, in place: SP and PILES hold these lists; the reference's stay its own)
    for i, name in enumerate(m.d.vars):
        ns["VG"][i] = flat_value(m, state.vars.get(name), m.var_types[i], name)
    for i, name in enumerate(m.d.player_vars):
        for seat in range(m.players):
            ns[f"PV{i}"][seat] = flat_value(m, state.player_vars[seat].get(name), m.pvar_types[i], name)
    ns["G"][:] = [state.active, state.round]
    ns["CR"][:] = [rt.tokens, rt.card_uid]
    ns["UID"] = itertools.count(rt.card_uid + 1)


_PLACES: weakref.WeakKeyDictionary[FlatModule, tuple[dict, tuple]] = weakref.WeakKeyDictionary()


def _places(m: FlatModule) -> tuple[dict[ZoneRef, int], dict[str, int], dict[PileRef, list]]:
    """Each zone's base, each kind's place in a zone, each pile's list in the module (made once:
    a search loads a state for every playout)."""
    kept = _PLACES.get(m)
    if kept is not None and kept[0] is m.ns:
        return kept[1]
    # (made again when the module plays with another namespace's functions: FlatModule.bind)
    lay = m.layout
    ns = m.ns
    piles = {PileRef(None, name): ns[f"PL{i}"] for i, name in enumerate(m.gen.pile_names)}
    for seat in range(m.players):
        for i, name in enumerate(m.gen.player_pile_names):
            piles[PileRef(seat, name)] = ns[f"PP{i}"][seat]
    places = ({ref: i * lay.width for i, ref in enumerate(lay.refs())}, {k: i for i, k in enumerate(lay.kinds)},
              piles)
    _PLACES[m] = (ns, places)
    return places


def zone_base(m: FlatModule, ref: ZoneRef) -> int:
    lay = m.layout
    if ref.owner is None:
        return lay.shared_base(ref.name)
    return lay.player_offset(ref.name) + ref.owner * lay.player_stride


def flat_value(m: FlatModule, value: Any, t: Any, name: str) -> Any:
    """A reference value as the flat code holds a value of kind `t` (generator.FlatModule.encode_var
    the other way round)."""
    c = value.__class__
    if value is None:
        return None
    if t == INT and c is int or t == BOOL and c is bool or t == STR and c is str:
        return value
    if t == PLAYER and c is PlayerRef:
        return value.seat
    if t == ZONE_T and c is ZoneRef:
        return zone_base(m, value)
    if t == CARD_T and c is CardValue:
        return value
    if t == BUNDLE and c is dict:
        return dict(value)
    if t == DYN:
        return _general(m, value, name)
    if isinstance(t, tuple) and t[0] == "list" and c is list:
        return [flat_value(m, v, t[1], name) for v in value]
    if t == NONE:
        raise CannotResume(f"variable {name} holds a value where the flat code holds none")
    raise CannotResume(f"variable {name} holds a {c.__name__} where the flat code holds a {t}")


def _general(m: FlatModule, value: Any, name: str) -> Any:
    """A value in the flat target's general form (dyn.py): players and zones boxed."""
    c = value.__class__
    if c is PlayerRef:
        return ("p", value.seat)
    if c is ZoneRef:
        return ("z", zone_base(m, value))
    if c is list:
        return [_general(m, v, name) for v in value]
    if c is dict:
        return dict(value)
    if value is None or c in (int, bool, str, CardValue):
        return value
    raise CannotResume(f"variable {name} holds a {c.__name__}, which the flat code has no form for")


def can_enter(m: FlatModule, phase: str) -> str | None:
    """Why the flat code cannot begin a step of `phase` (None: it can)."""
    if phase not in [name for name, _reads, _fn in m.phase_fns]:
        return f"phase {phase} is not one of a round's phases (setup is played by the reference engine)"
    return None


def resume_module(m: FlatModule, game: Any, phase: str, step: int, rng: Any, agents: list,
                  loud: bool = False, watch: Any = None) -> GameResult:
    """The game's result, played on the flat module from step `step` of `phase` (the step's
    start) to the end, as play_on plays it on the reference engine. Raises CannotResume (nothing
    drawn yet), Stopped (the reference must play on: its draws are to be undone by the caller),
    CompiledCodeError (a bug of the flat code or of this layout; `loud`: the error itself).
    `watch(n)` is told the number of each step as it starts (it may raise AgentStop)."""
    why = can_enter(m, phase)
    if why is not None:
        raise CannotResume(why)
    load_state(m, game, rng, agents)
    return play_loaded(m, phase, step, game.seed, agents, loud, watch)


def setup_module(m: FlatModule, rng: Any, agents: list, budget: int) -> None:
    """A fresh game's setup on the flat module, from `rng` and `agents` as a reference game's
    setup draws (a search agent's determinization deals so, then lays the view over the deal).
    Raises Stopped where the flat code stops (the reference engine must set the game up)."""
    m.reset(rng, agents, budget)
    ns = m.ns
    if "setup" in m.gen.reading_start:
        ns["PS"][:] = ns["Z"]
    try:
        m.setup_fn()
    except (Stopped, Ended, Abort, OperatorError, RecursionError, ZeroDivisionError):
        raise Stopped from None


def play_loaded(m: FlatModule, phase: str, step: int, seed: int, agents: list, loud: bool = False,
                watch: Any = None, zones: bool = True) -> GameResult:
    """resume_module's play, on the state the module holds already (load_state's, or one laid
    out in it directly): `agents` answer from here on. `zones=False`: the result's end state
    without the zones (play_module's: a search reads the scores only)."""
    m.ns["AG"][:] = agents
    steps = m.ns["W"]
    try:
        steps[1] = watch  # (told each step's start: support.step_mark)
        return _play_on(m, phase, step, zones)
    except (Stopped, Ended, Abort, OperatorError, RecursionError):
        raise Stopped from None
    except AgentStop:
        raise
    except Exception as err:
        if loud:
            raise
        raise CompiledCodeError(m.d, m.players, seed, agents, err) from err
    finally:
        steps[1] = None


def _play_on(m: FlatModule, phase: str, step: int, zones: bool = True) -> GameResult:
    ns = m.ns
    d = m.d
    Z, PS, G, AC = ns["Z"], ns["PS"], ns["G"], ns["AC"]
    width = m.layout.width
    baseline = [sum(Z[k::width]) for k in range(width)]  # (start_conservation: the determinized totals)
    names = [name for name, _reads, _fn in m.phase_fns]
    first = names.index(phase)
    last = d.game.end_after
    cap = round_cap(d.game)
    over = False
    rounds_done = None
    begin = first
    while True:
        try:
            for i in range(begin, len(m.phase_fns)):
                _name, reads, fn = m.phase_fns[i]
                if reads:  # (begin_phase: the phase's start is where it is entered)
                    PS[:] = Z
                fn(step if i == first else 0)
        except Ended as ended:
            over = True
            rounds_done = G[1] - (0 if ended.args[0] else 1)
            if ns["MV"]:
                m._flush()
        if not over and (last is not None and G[1] >= last or m.end_of_round is not None and m.end_of_round()):
            over = True
            rounds_done = G[1]
        if over or G[1] >= cap:  # (play_on stops at the round cap and scores the game there)
            break
        G[1] += 1
        AC[0] = None
        begin, first = 0, -1
    if (Z and min(Z) < 0) or [sum(Z[k::width]) for k in range(width)] != baseline:
        raise Stopped
    if ns["ST"][0] < 0:
        raise Stopped
    return _result(m, over, rounds_done, zones)


__all__ = ["AgentStop", "CannotResume", "can_enter", "load_state", "play_loaded", "resume_module", "setup_module"]
