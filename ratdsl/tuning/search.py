"""The Optuna study behind `ratdsl tune`: which candidate to try next (every one of a small space,
in a seeded order; Optuna's TPE sampler, seeded, over a larger one), the budget, and the study kept
in SQLite beside the output so that a stopped run goes on where it was. Trials run one at a time:
the games of a trial are what runs in parallel, so the study is the same on any backend."""

from __future__ import annotations

import logging
import math
import time
from typing import Any

from ..language.errors import RuleError
from .tuner import Budget, Tuner, canonical, estimate_from, estimate_json

REPEATS = 4  # the sampler may propose a candidate tried already (no games): at most this many times the trials
NUMBER_SPACE = 64  # a space of at most this many candidates, within the trials budget, is tried whole


class StudyMismatch(ValueError):
    """The study file beside the output holds another tuning run's study (one line)."""


def _optuna():
    import optuna  # (imported by `tune` alone: it takes a while)

    optuna.logging.set_verbosity(logging.WARNING)
    return optuna


def space_size(tuner: Tuner) -> int:
    return math.prod(len(t.vary.values) for t in tuner.targets)


def _contiguous(values: tuple) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values) and len(values) > 1 \
        and list(values) == list(range(values[0], values[0] + len(values)))


def _suggest(trial: Any, tuner: Tuner) -> dict[str, Any]:
    out = {}
    for target in tuner.targets:
        values = target.vary.values
        if _contiguous(values):
            out[target.key] = trial.suggest_int(target.key, values[0], values[-1])
        else:
            shown = {str(v): v for v in values}
            out[target.key] = shown[trial.suggest_categorical(target.key, list(shown))]
    return out


def _sampler(tuner: Tuner, budget: Budget):
    optuna = _optuna()
    size = space_size(tuner)
    if size <= min(budget.trials, NUMBER_SPACE):
        grid = {}
        for target in tuner.targets:
            values = target.vary.values
            grid[target.key] = list(values) if _contiguous(values) else [str(v) for v in values]
        return optuna.samplers.GridSampler(grid, seed=tuner.seed)
    return optuna.samplers.TPESampler(seed=tuner.seed, n_startup_trials=max(4, min(10, budget.trials // 4)))


def study_name(tuner: Tuner) -> str:
    """What a stored study must match to be resumed: the tuning file's text, the seed, the players."""
    return f"tune-{tuner.tuning.digest}-seed{tuner.seed}-p{tuner.players}"


def open_study(tuner: Tuner, budget: Budget, fresh: bool = False):
    optuna = _optuna()
    path = tuner.outputs.study
    if fresh and path.exists():
        path.unlink()
    storage = optuna.storages.RDBStorage(f"sqlite:///{path.resolve()}")
    name = study_name(tuner)
    others = [s.study_name for s in optuna.get_all_study_summaries(storage) if s.study_name != name]
    if others:
        raise StudyMismatch(f"{path} holds the study of another tuning run ({others[0]}: another version of the "
                            "tuning file, seed or players): remove it, pass --fresh, or write elsewhere with --out")
    return optuna.create_study(study_name=name, storage=storage, direction="minimize",
                               sampler=_sampler(tuner, budget), load_if_exists=True)


def done_trials(study) -> list:
    """The finished candidates (complete, or pruned with a result)."""
    optuna = _optuna()
    states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    return [t for t in study.get_trials(deepcopy=False) if t.state in states and "result" in t.user_attrs]


def search(tuner: Tuner, budget: Budget, fresh: bool = False) -> tuple[Any, dict[int, Any]]:
    """Runs (or resumes) the study until the budget or the space is spent; the study and the base
    game's estimates. KeyboardInterrupt leaves the finished candidates in the study."""
    optuna = _optuna()
    study = tuner.study = open_study(tuner, budget, fresh)
    stored = study.user_attrs.get("base")
    if stored is None:
        base = tuner.measure_base()
        study.set_user_attr("base", {str(i): estimate_json(e) for i, e in base.items()})
        study.set_user_attr("base_games", tuner.games_used)
    else:
        base = {int(i): estimate_from(e) for i, e in stored.items()}
    seen = {canonical(t.user_attrs["values"]): t for t in done_trials(study)}
    used = lambda: study.user_attrs.get("base_games", 0) + sum(  # noqa: E731
        sum(t.user_attrs["result"]["games"].values()) for t in done_trials(study) if not t.user_attrs.get("repeat"))
    started = time.perf_counter()
    size = space_size(tuner)

    def objective(trial) -> float:
        values = _suggest(trial, tuner)
        trial.set_user_attr("values", values)
        earlier = seen.get(canonical(values))
        if earlier is not None:  # the same rules on the same seeds: the same games
            trial.set_user_attr("result", earlier.user_attrs["result"])
            trial.set_user_attr("repeat", earlier.number)
            if earlier.user_attrs["result"]["pruned"]:
                raise optuna.TrialPruned()
            return earlier.user_attrs["result"]["objective"]
        why = tuner._invalid(values)
        if why is not None:
            trial.set_user_attr("result", {"invalid": why, "pruned": True, "objective": None, "games": {},
                                           "goals": []})
            raise optuna.TrialPruned()
        path = tuner.writer.write_candidate(tuner.work, values)
        try:
            result = tuner.evaluate(path, tuner.seed, True, base, lambda value, step: trial.report(value, step))
        except RuleError as err:  # a game these values break (one that does not end, say)
            trial.set_user_attr("result", {"invalid": str(err).splitlines()[0], "pruned": True, "objective": None,
                                           "games": {}, "goals": []})
            raise optuna.TrialPruned() from None
        result.pop("runs")
        trial.set_user_attr("result", result)
        if result["pruned"]:
            raise optuna.TrialPruned()
        return result["objective"]

    def stop_when_spent(study, trial) -> None:
        finished = [t for t in done_trials(study) if "repeat" not in t.user_attrs]  # (a repeat costs nothing)
        if trial.user_attrs.get("result") is not None:
            seen.setdefault(canonical(trial.user_attrs["values"]), trial)
        tuner.games_used = used()
        best = best_trial(study)
        tuner._tell(trials=len(finished), best=None if best is None else best.user_attrs)
        if (len(finished) >= budget.trials or len(seen) >= size or len(study.trials) >= REPEATS * budget.trials
                or (budget.games is not None and tuner.games_used >= budget.games)
                or (budget.seconds is not None and time.perf_counter() - started >= budget.seconds)):
            study.stop()

    tuner.games_used = used()
    if not (len(seen) >= min(size, budget.trials)
            or (budget.games is not None and tuner.games_used >= budget.games)):
        study.optimize(objective, n_trials=None, callbacks=[stop_when_spent], catch=(), gc_after_trial=False)
    return study, base


def best_trial(study) -> Any:
    """The finished candidate with the least objective (the first found among equals); when none
    finished every stage, the pruned one that came closest."""
    trials = [t for t in done_trials(study) if t.user_attrs["result"].get("objective") is not None]
    complete = [t for t in trials if not t.user_attrs["result"]["pruned"]]
    pool = complete or trials
    if not pool:
        return None
    return min(pool, key=lambda t: (t.user_attrs["result"]["objective"], t.number))
