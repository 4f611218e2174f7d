"""One tuning run from start to report, for the command line and the Python API: the search
(resumed when a study is stored), then the winner written and compared on fresh seeds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .finish import finish
from .search import search
from .spec import Tuning
from .tuner import Budget, Outputs, Tuner, estimate_from


class Interrupted(Exception):
    """Ctrl-C during the search: `report` is the partial report (the study keeps what finished)."""

    def __init__(self, report: dict[str, Any]):
        super().__init__("interrupted")
        self.report = report


def tune(tuning: Tuning, outputs: Outputs, budget: Budget, seed: int | None = None, fresh: bool = False,
         backend: Any = None, progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The report document (schemas/tuning-report.schema.json); Interrupted on Ctrl-C; TuningError,
    StudyMismatch, RulesInvalid or RuleError for what cannot be tuned."""
    tuner = Tuner(tuning, outputs, backend, seed, progress)
    try:
        try:
            study, base = search(tuner, budget, fresh)
        except KeyboardInterrupt:
            study = tuner.study
            if study is None:  # stopped before the study was open (Optuna half imported, say): nothing kept
                raise
            stored = study.user_attrs.get("base") or {}
            base = {int(i): estimate_from(e) for i, e in stored.items()}
            raise Interrupted(finish(tuner, study, base, budget, interrupted=True)) from None
        return finish(tuner, study, base, budget, interrupted=False)
    finally:
        tuner.cleanup()
