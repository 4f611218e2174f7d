"""A search agent's determinization laid out in the flat module directly (issue 33: a playout
costs about one simulated game).

Why: `SearchAgent.determinized` builds a reference game for every determinization (a fresh
setup on the reference engine, then the view laid over it), and the flat playout copies it
into the flat module's layout (engine/flat/resume.load_state): about a third of a search's time.
Here the flat module sets the game up itself (the same draws from the same streams as the
reference setup: the flat target plays whole games alike), and the view is laid over its state:
the zones, the piles re-dealt to the view's sizes and named cards (`SearchAgent.redeal`, the same
draws as on the reference game), the variables it shows, the round and the active seat. Whatever
the flat module cannot hold raises CannotResume and the caller builds the reference game.
"""

from __future__ import annotations

import copy
import itertools
import weakref
from typing import Any

from ..engine.chance import Chance
from ..engine.flat.game import Stopped
from ..engine.flat.generator import FlatModule
from ..engine.flat.resume import CannotResume, _places, flat_value, setup_module
from ..engine.game import DEFAULT_STEP_BUDGET
from .random_agent import RandomAgent, agent_seed


def flat_determinization(agent: Any, m: FlatModule, view: dict[str, Any], seed: int,
                         decoded: Any, setups: dict[int, tuple] | None = None) -> list[RandomAgent]:
    """Lays the determinization of `view` on `seed` out in the module (the caller holds its
    lock); the seats' random players (their streams past the setup, as a reference game's
    agents would be). `decoded(value, zones, players)`: a view's value as the rules hold it.
    `setups`: the setups made so far by seed (a search plays each seed for several candidates:
    the setup is made once, then copied back)."""
    kept = setups.get(seed) if setups is not None else None
    if kept is not None and kept[0] is m:
        randoms = _set_up_again(m, seed, kept, agent.players)
    else:
        randoms = [RandomAgent(agent_seed(seed, s)) for s in range(agent.players)]
        try:
            setup_module(m, Chance(seed).rng, randoms, DEFAULT_STEP_BUDGET)
        except Stopped:
            raise CannotResume("the flat code stopped in setup") from None
        if setups is not None:
            if len(setups) > 64:
                setups.clear()
            setups[seed] = _after_setup(m, randoms)
    ns = m.ns
    bases, kinds, piles = _places(m)
    Z = ns["Z"]
    Z[:] = _counts(m, view)
    zones = _zone_names(bases)
    uid = [ns["CR"][1]]
    agent.redeal(piles, view, uid)
    d = m.d
    shown = view.get("vars") or {}
    for i, name in enumerate(d.vars):
        if name in shown:
            ns["VG"][i] = flat_value(m, decoded(shown[name], zones, m.players), m.var_types[i], name)
    for label, values in (view.get("player_vars") or {}).items():
        seat = int(label[1:]) - 1
        for i, name in enumerate(d.player_vars):
            if name in values:
                ns[f"PV{i}"][seat] = flat_value(m, decoded(values[name], zones, m.players), m.pvar_types[i], name)
    ns["G"][:] = [int(view["active"][1:]) - 1, view["round"]]
    ns["CR"][:] = [sum(Z), uid[0]]
    ns["UID"] = itertools.count(uid[0] + 1)
    return randoms


def _after_setup(m: FlatModule, randoms: list[RandomAgent]) -> tuple:
    """What a setup leaves in the module (the state FlatModule.reset empties) and in the streams."""
    ns = m.ns
    pvars = [_copied(ns[f"PV{i}"]) for i in range(len(m.d.player_vars))]
    return (m, list(ns["Z"]), [list(pile) for pile in ns["PILES"]], _copied(ns["VG"]), pvars, list(ns["G"]),
            list(ns["CR"]), ns["ST"][0], ns["RNG"].getstate(), [r.rng.getstate() for r in randoms])


def _set_up_again(m: FlatModule, seed: int, kept: tuple, players: int) -> list[RandomAgent]:
    """The module and fresh streams as `_after_setup` found them (the cards are values: shared)."""
    _m, zones, piles, shared, pvars, g, created, budget, rng_state, agent_states = kept
    rng = Chance(seed).rng
    rng.setstate(rng_state)
    randoms = [RandomAgent(agent_seed(seed, s)) for s in range(players)]
    for r, state in zip(randoms, agent_states):
        r.rng.setstate(state)
    m.reset(rng, randoms, budget)
    ns = m.ns
    ns["Z"][:] = zones
    for pile, cards in zip(ns["PILES"], piles):
        pile[:] = cards
    ns["VG"][:] = _copied(shared)
    for i, values in enumerate(pvars):
        ns[f"PV{i}"][:] = _copied(values)
    ns["G"][:] = g
    ns["CR"][:] = created
    return randoms


def _copied(values: list) -> list:
    """Variables' values, those held in lists or bundles copied (a playout may change them)."""
    return [copy.deepcopy(v) if isinstance(v, (list, dict)) else v for v in values]


# (by module, weakly: a module dropped takes its entry with it; one view a module, the search's)
_COUNTS: weakref.WeakKeyDictionary[FlatModule, tuple[dict, list[int]]] = weakref.WeakKeyDictionary()


def _counts(m: FlatModule, view: dict[str, Any]) -> list[int]:
    """The view's zones as the module's counts (made once a view: a search lays the same view
    out for every determinization)."""
    kept = _COUNTS.get(m)
    if kept is not None and kept[0] is view:
        return kept[1]
    bases, kinds, _piles = _places(m)
    zones = _zone_names(bases)
    counts = [0] * m.layout.size
    for text, contents in view["zones"].items():
        if text not in zones:
            raise CannotResume(f"no zone {text}")
        base = bases[zones[text]]
        for kind, n in contents.items():
            if kind not in kinds:
                raise CannotResume(f"tokens of kind {kind!r}, which the rules do not declare")
            counts[base + kinds[kind]] = n
    _COUNTS[m] = (view, counts)
    return counts


_NAMES: dict[int, tuple[dict, dict[str, Any]]] = {}


def _zone_names(bases: dict) -> dict[str, Any]:
    """Each zone by its name in a view (made once for a module's layout)."""
    kept = _NAMES.get(id(bases))
    if kept is None or kept[0] is not bases:
        if len(_NAMES) > 32:
            _NAMES.clear()
        kept = _NAMES[id(bases)] = (bases, {str(ref): ref for ref in bases})
    return kept[1]


__all__ = ["flat_determinization"]
