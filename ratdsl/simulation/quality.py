"""Play-quality metrics: how a game plays, not only who wins it (docs/metrics.md).

Why: a house rule can leave the win rates alone and still make a game worse to play: decided
in its first rounds, led by one player throughout, won from the first seat. These metrics read
one game's *score trajectory*: the rules' own scoring expression evaluated at the end of every
round played (`trajectory`), the last row being the final scores. Nothing here knows a game.

`METRICS` is the registry: name -> QualityMetric (its title, its definition in words, its
formula, how it is shown, and the function that computes it from one `GameRecord`). `values`
gives every metric defined for a game, the per-seat ones as NAME.Pk; `summarize` averages
them with 95% intervals (stats.Mean); paired comparisons go through report.compare_series.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..records import record
from .stats import Mean


@record(frozen=True)
class GameRecord:
    """What a quality metric reads of one game. `trajectory[t]` holds every seat's score at the
    end of the (t+1)-th round the engine played (the last row: the final scores, also when the
    game ended inside a round); `strong_seat` is the seat of the strong player, when one played
    against weaker ones (the skill-gap arm)."""

    players: int
    rounds: int  # rounds played, as the game's result counts them
    trajectory: tuple[tuple[float, ...], ...]
    winners: tuple[int, ...]  # seats, 0-based; several on a shared victory
    strong_seat: int | None = None

    @property
    def final(self) -> tuple[float, ...]:
        return self.trajectory[-1]


@record(frozen=True)
class QualityMetric:
    name: str
    title: str
    definition: str  # in words, for a reader of the report
    formula: str  # the same, exactly (docs/metrics.md has the notation)
    unit: str  # "rounds", "points", "share", "count", "fraction"
    compute: Callable[[GameRecord], float | list[float] | None]
    per_seat: bool = False  # compute gives one value a seat: named NAME.P1, NAME.P2, ...
    percent: bool = False  # shown in percentage points (a share or a rate)
    higher_is: str = ""  # "better" / "worse" / "" (no direction): the plain-language lines
    # defined only when one strong player sits among weaker ones, its seat rotating (GameRecord.strong_seat)
    strong_seat: bool = False


# ---------------------------------------------------------------------------- the definitions
def leaders(scores: Sequence[float]) -> set[int]:
    """L(t): the seats whose score is the highest at the end of a round (ties: all of them)."""
    top = max(scores)
    return {seat for seat, s in enumerate(scores) if s == top}


def share(g: GameRecord, seat: int) -> float:
    """w(s): the seat's share of the victory, 1/|W| if it is among the winners, else 0."""
    return 1 / len(g.winners) if seat in g.winners else 0.0


def decided_round(g: GameRecord) -> int:
    """d = min over winners w of the first t such that w is in L(u) for every u >= t."""
    best = len(g.trajectory)
    for w in g.winners:
        t = len(g.trajectory)
        while t >= 1 and w in leaders(g.trajectory[t - 1]):
            t -= 1
        best = min(best, t + 1)
    return best


def lead_changes(g: GameRecord) -> int:
    """The number of rounds whose sole leader differs from the last sole leader before them
    (a tie at the top keeps the lead where it was)."""
    last, changes = None, 0
    for row in g.trajectory:
        top = leaders(row)
        if len(top) == 1:
            (leader,) = top
            if last is not None and leader != last:
                changes += 1
            last = leader
    return changes


def drama(g: GameRecord) -> float:
    """min over winners w of max over t of (max L score at t - w's score at t)."""
    return min(max(max(row) - row[w] for row in g.trajectory) for w in g.winners)


def spread(g: GameRecord) -> float:
    """The population standard deviation of the final scores."""
    scores = g.final
    mean = sum(scores) / len(scores)
    return math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))


def margin(g: GameRecord) -> float:
    """The winners' final score minus the best final score of a non-winner (0: all won)."""
    others = [s for seat, s in enumerate(g.final) if seat not in g.winners]
    return max(g.final) - max(others) if others else 0.0


def skill_gap(g: GameRecord) -> float | None:
    return None if g.strong_seat is None else share(g, g.strong_seat) - 1 / g.players


_METRICS = [
    QualityMetric("duration", "Duration (rounds)", "the rounds the game lasted", "R", "rounds",
                  lambda g: float(g.rounds)),
    QualityMetric("first_seat_advantage", "First-seat advantage",
                  "the first seat's share of the victory minus an even share", "w(P1) - 1/n", "share",
                  lambda g: share(g, 0) - 1 / g.players, percent=True),
    QualityMetric("seat_advantage", "Seat advantage",
                  "each seat's share of the victory minus an even share", "w(Pk) - 1/n", "share",
                  lambda g: [share(g, s) - 1 / g.players for s in range(g.players)], per_seat=True, percent=True),
    QualityMetric("decided_round", "Decided in round",
                  "the round from which an eventual winner led (or shared the lead) at every round's end",
                  "min over w in W of min{t : w in L(u) for all u >= t}", "rounds",
                  lambda g: float(decided_round(g)), higher_is="better"),
    QualityMetric("decisiveness", "Decided at (fraction of the game)",
                  "the decided round as a fraction of the rounds the engine played (1: decided in the last)",
                  "d / T", "fraction", lambda g: decided_round(g) / len(g.trajectory), higher_is="better"),
    QualityMetric("lead_changes", "Lead changes",
                  "rounds ending with a sole leader other than the previous sole leader", "#{t : l(t) != l(t')}",
                  "count", lambda g: float(lead_changes(g)), higher_is="better"),
    QualityMetric("drama", "Drama (winner's worst deficit)",
                  "how far behind the leader the eventual winner was at worst, at a round's end",
                  "min over w in W of max over t of (max(S(t)) - S_w(t))", "points", drama, higher_is="better"),
    QualityMetric("comeback", "Comebacks", "games whose winner trailed at some round's end",
                  "[drama > 0]", "share", lambda g: 1.0 if drama(g) > 0 else 0.0, percent=True, higher_is="better"),
    QualityMetric("spread", "Score spread", "the standard deviation of the final scores",
                  "sqrt(mean over k of (S_k(T) - mean S(T))^2)", "points", spread),
    QualityMetric("margin", "Winning margin", "the winners' final score minus the best non-winner's",
                  "max S(T) - max over k not in W of S_k(T)", "points", margin),
    QualityMetric("shared_win", "Shared wins", "games won by more than one player", "[|W| > 1]", "share",
                  lambda g: 1.0 if len(g.winners) > 1 else 0.0, percent=True),
    QualityMetric("skill_gap", "Skill gap",
                  "the strong player's share of the victory minus an even share (its seat rotates game by game)",
                  "w(strong seat) - 1/n", "share", skill_gap, percent=True, higher_is="better", strong_seat=True),
]
METRICS: dict[str, QualityMetric] = {m.name: m for m in _METRICS}


def metric_of(key: str) -> QualityMetric:
    """The metric a value's key names (NAME or NAME.Pk)."""
    return METRICS[key.split(".", 1)[0]]


def values(g: GameRecord) -> dict[str, float]:
    """Every metric defined for this game, in registry order (per-seat ones as NAME.Pk)."""
    out: dict[str, float] = {}
    for m in _METRICS:
        value = m.compute(g)
        if value is None:
            continue
        if isinstance(value, list):
            for seat, v in enumerate(value):
                out[f"{m.name}.P{seat + 1}"] = float(v)
        else:
            out[m.name] = float(value)
    return out


def summarize(series: dict[str, Sequence[float]]) -> dict[str, dict[str, Any]]:
    """Each metric's mean over the games with its 95% interval (stats.Mean: mean, sd, ci95)."""
    out = {}
    for key, xs in series.items():
        mean = Mean()
        for x in xs:
            mean.add(x)
        out[key] = mean.to_json()
    return out


def collect(records: Iterable[GameRecord]) -> dict[str, list[float]]:
    """Per metric, its value in each game, in game order (what summarize and comparisons read)."""
    out: dict[str, list[float]] = {}
    for g in records:
        for key, value in values(g).items():
            out.setdefault(key, []).append(value)
    return out


# ---------------------------------------------------------------------------- playing a traced game
def score_row(game: Any) -> tuple[float, ...]:
    """Every seat's score now, by the rules' own scoring expression (0 each without one)."""
    return tuple(game.scores_now())


def play_traced(game: Any, max_rounds: int | None = None) -> tuple[Any, tuple[tuple[float, ...], ...]]:
    """Plays a reference-engine game (engine/game.Game) as Game.play does, evaluating the
    scoring expression after every round: (its result, its trajectory)."""
    from ..engine.errors import RuleRuntimeError
    from ..semantics.definition import round_cap

    cap = round_cap(game.d.game) if max_rounds is None else max_rounds
    game.header()
    game.setup()
    rows = []
    while game.play_round():
        rows.append(score_row(game))
        if game.state.round >= cap:
            raise RuleRuntimeError(game.d.game.span, f"the game did not end within {cap} rounds", "R004")
    result = game.score()
    rows.append(tuple(float(result.scores[f"P{s + 1}"]) for s in range(game.players)))
    return result, tuple(rows)
