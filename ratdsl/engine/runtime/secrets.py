"""Zones kept as they were when something began, copy-on-write (a zone is copied when it first
changes, see TokenMoves.before_move):
- the start of a phase, read by `at_phase_start(...)`; kept only in phases that can read it
  (see reach.py);
- the start of each `secretly` block, which is what other players see meanwhile; kept only when
  something can read it: the log (which uncovers what the block changed at its end) or an agent
  that reads views.
`keeping` lists what a move must save zones into: empty when nothing is kept, so that moves then
skip the saving altogether.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...language import ast as A
from ..decisions import Agent, reads_views
from ..state import PhaseStart

if TYPE_CHECKING:
    from ..log import GameLog
    from ..state import GameState
    from .sight import Sight


class KeptZones:
    """The phase start and secret blocks of a Runtime."""

    __slots__ = ()
    state: GameState
    log: GameLog
    agents: list[Agent]
    phase_start_zones: PhaseStart | None
    secret_stack: list[PhaseStart]
    kept_secrets: list[PhaseStart]
    keeping: list[PhaseStart]
    active_cache: dict[str, bool]
    secret_vars: list[tuple[dict[str, Any], list[dict[str, Any]]] | None]
    sight: Sight

    def begin_phase(self, reads_start: bool = True) -> None:
        """Marks the state every `at_phase_start(...)` of the coming phase reads (kept only when
        the phase can read it: see reach.py)."""
        if reads_start:
            self.phase_start_zones = PhaseStart(self.state.zones)
            _keep(self)
        elif self.phase_start_zones is not None:
            self.phase_start_zones = None
            _keep(self)
        if self.active_cache:  # what reads zones may read them at the phase start
            self.active_cache.clear()

    def phase_start(self, node: A.AtPhaseStart) -> PhaseStart:
        """The zones as the phase began, for an evaluator to read in `at_phase_start`."""
        if self.phase_start_zones is None:  # reach.py missed a way to this node: an engine bug
            raise RuntimeError(f"{node.span}: at_phase_start in a phase found not to read it")
        return self.phase_start_zones

    def open_secret(self) -> PhaseStart:
        """Starts a `secretly` block: other players will see the zones as they are now. What the
        block hides is kept only if something can read it: the log (which uncovers it at the
        end) or an agent that reads views."""
        before = PhaseStart(self.state.zones)
        self.secret_stack.append(before)
        self.log.secret += 1  # what the log records meanwhile is marked secret
        views = reads_views(self.agents)
        # The variables as the block began: what the other players see of them meanwhile.
        self.secret_vars.append((dict(self.state.vars), [dict(v) for v in self.state.player_vars])
                                if views and self.sight.declared else None)
        if self.log.active or views:
            self.kept_secrets.append(before)
            _keep(self)
        return before

    def close_secret(self) -> None:
        before = self.secret_stack.pop()
        self.secret_vars.pop()
        self.log.secret = len(self.secret_stack)
        if self.kept_secrets and self.kept_secrets[-1] is before:
            self.kept_secrets.pop()
            _keep(self)

    def uncover(self, before: PhaseStart) -> None:
        """Logs the players' zones that a secret block changed, as they are now."""
        if not self.log.active:
            self.log.seq += 1
            return
        saved = before.saved  # the zones changed since the block began, as they were then
        changed = {str(ref): dict(sorted((k, v) for k, v in c.items() if v))
                   for ref, c in self.state.zones.items()
                   if ref in saved and ref[1] is not None and _nonzero(c) != _nonzero(saved[ref])}
        self.log.emit("uncover", zones=changed)


def _keep(runtime: KeptZones) -> None:
    start = runtime.phase_start_zones
    runtime.keeping = [*runtime.kept_secrets] if start is None else [start, *runtime.kept_secrets]


def _nonzero(contents: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in contents.items() if v}
