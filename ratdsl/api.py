"""The public Python API: what `import ratdsl` offers (docs/api.md). Each function wraps the
stage that already does the work (session, engine, checker, scenarios, simulation, summaries);
none of them holds logic of its own beyond turning arguments into those stages' forms.

`ratdsl/__init__.py` imports this module only when one of its names is first used, so that
`import ratdsl` loads no engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents.random_agent import RandomAgent
from .agents.search import SearchAgent
from .bundled import GAME_NAME, bundled_games, resolve_rules
from .engine.decisions import Agent, Decision
from .engine.game import Game as EngineGame
from .engine.game import GameResult
from .language.errors import RuleError
from .semantics.definition import GameDef, round_cap
from .session import RulesInvalid, load_rules

Finding = RuleError  # a checker finding: file, line, column, code, message, severity, render()

__all__ = ["Agent", "Decision", "Finding", "Game", "GameResult", "RandomAgent", "RuleError", "Rules",
           "RulesInvalid", "SearchAgent", "bundled_games", "check", "load", "new_game", "play", "run_scenarios",
           "simulate", "start", "summary"]


@dataclass(frozen=True)
class Rules:
    """A loaded, checked rule set and how it was loaded (so that worker processes of a
    simulation can load it again)."""

    source: str  # the game folder or variant file
    modules: tuple[str, ...]
    options: Mapping[str, Any]
    definition: GameDef = field(repr=False)

    @property
    def title(self) -> str:
        return self.definition.game.title

    @property
    def players(self) -> range:
        """The numbers of players the rules allow."""
        return range(self.definition.game.min_players, self.definition.game.max_players + 1)

    @property
    def option_values(self) -> dict[str, Any]:
        """Every rule option with the value it has here (defaults included)."""
        return dict(self.definition.option_values)


def _variant_path(source: Path, variant: str | Path) -> Path:
    """A variant file: a path that exists, or the name of a file in the game's variants/ folder."""
    given = Path(variant)
    if given.exists():
        return given
    if isinstance(variant, str) and GAME_NAME.match(variant) and source.is_dir():
        return source / "variants" / f"{variant}.rat"
    raise FileNotFoundError(f"no variant {variant!r}: name a file or a variant in {source / 'variants'}")


def load(rules: str | Path, modules: Iterable[str] = (), variant: str | Path | None = None,
         options: Mapping[str, Any] | None = None) -> Rules:
    """Loads a game folder, a variant file or a bundled game by name (a path that exists wins),
    with optional modules, a variant (a file, or a name from the game's variants/ folder) and
    rule options (NAME: value). Raises RulesInvalid (its `.diagnostics` are the errors) or
    RuleError."""
    source = resolve_rules(rules)
    if variant is not None:
        source = _variant_path(source, variant)
    modules = tuple(modules)
    options = dict(options or {})
    return Rules(str(source), modules, options, load_rules(source, modules, options))


def _rules(rules: Rules | str | Path) -> Rules:
    return rules if isinstance(rules, Rules) else load(rules)


def check(rules: str | Path, modules: Iterable[str] = ()) -> list[RuleError]:
    """Every finding (errors and warnings) of a game folder checked whole (the base game, each
    module, each variant; or exactly `modules` when named) or of one variant file, as
    `ratdsl check` prints them."""
    from .checker.run import check_tree

    return check_tree([resolve_rules(rules)], tuple(modules))


def _agents(rules: Rules, players: int, seed: int, agents: Sequence[Agent | str] | None) -> list[Agent]:
    """One agent a seat: objects as given, names ("random", "mcts", "mcts:200", a persona of the
    rules) made as `ratdsl simulate --agents` makes them; seats beyond the list play at random."""
    from .simulation.runner import named_agents

    given = list(agents or [])
    names = ["random" if i >= len(given) or not isinstance(given[i], str) else given[i] for i in range(players)]
    made = named_agents(rules.definition, tuple(names), players, seed)
    return [given[i] if i < len(given) and not isinstance(given[i], str) else made[i] for i in range(players)]


class Game:
    """One game in progress: play it round by round or to the end, and read the state."""

    def __init__(self, rules: Rules, players: int, seed: int, agents: list[Agent], log: bool):
        from .engine.log import GameLog

        self.rules = rules
        self.seed = seed
        self.engine = EngineGame(rules.definition, players, seed, agents, log=GameLog(keep=log),
                                 rules_label=rules.source)
        self.started = False
        self.result: GameResult | None = None

    @property
    def players(self) -> int:
        return self.engine.players

    @property
    def over(self) -> bool:
        return self.result is not None

    def _start(self) -> None:
        if not self.started:
            self.started = True
            self.engine.header()
            self.engine.setup()

    def play_round(self) -> bool:
        """Sets the game up if needed and plays one round; False once the game is over (then
        `result` holds the scores)."""
        if self.over:
            return False
        self._start()
        cap = round_cap(self.rules.definition.game)
        if self.engine.play_round() and self.engine.state.round < cap:
            return True
        if not self.engine.over:  # (what the engine's play() says past the round limit)
            from .engine.errors import RuleRuntimeError

            raise RuleRuntimeError(self.rules.definition.game.span,
                                   f"the game did not end within {cap} rounds", "R004")
        self.result = self.engine.score()
        return False

    def play(self) -> GameResult:
        """Plays the rest of the game; the scores, tie-breaks and winners."""
        if not self.started:
            self.started = True
            self.result = self.engine.play()
        while self.play_round():
            pass
        assert self.result is not None
        return self.result

    def state(self) -> dict[str, Any]:
        """The referee's whole state (hidden orders and placements too) in its JSON form."""
        return self.engine.state.snapshot()

    def public_state(self) -> dict[str, Any]:
        """What every player sees between rounds: the zones, the size of every pile, the round,
        phase and active player (no card order, nothing shown to one player only)."""
        view = self.view(0)  # (between rounds no `secretly` block is open: every zone is public)
        return {k: v for k, v in view.items() if k not in ("you", "shown_to_you")}

    def view(self, player: int | str) -> dict[str, Any]:
        """What one player ("P2", or the seat 1) may see: what their agent's `decision.view()`
        returns."""
        seat = int(player[1:]) - 1 if isinstance(player, str) and player[1:].isdigit() else player
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no player {player!r} in a {self.players}-player game")
        return self.engine.runtime.view_for(seat)

    def log(self) -> list[dict[str, Any]]:
        """Every log record so far (start the game with log=True), the referee's full record."""
        return list(self.engine.log.records)


def start(rules: Rules | str | Path, players: int | None = None, seed: int = 1,
          agents: Sequence[Agent | str] | None = None, log: bool = False) -> Game:
    """A new game, not yet set up: `players` (the rules' fewest by default), a seed that decides
    every random outcome, and an agent (or agent name) per seat."""
    rules = _rules(rules)
    players = rules.definition.game.min_players if players is None else players
    return Game(rules, players, seed, _agents(rules, players, seed, agents), log)


def play(rules: Rules | str | Path, players: int | None = None, seed: int = 1,
         agents: Sequence[Agent | str] | None = None) -> GameResult:
    """Plays one whole game (see `start`)."""
    return start(rules, players, seed, agents).play()


def simulate(rules: Rules | str | Path, games: int = 100, players: int = 4, seed: int = 1,
             agents: Sequence[str] = ("random",), workers: int = 1,
             baseline: Rules | str | Path | None = None) -> dict[str, Any]:
    """Plays many seeded games and returns the report document of `ratdsl simulate --out`
    (schemas/report.schema.json): win rates by seat, scores, rounds, the rules' metrics, each
    with a 95% interval, and the paired comparison with `baseline` (played on the same seeds)."""
    from .simulation import SimulationSpec
    from .simulation import simulate as run

    def spec(r: Rules) -> SimulationSpec:
        return SimulationSpec(r.source, r.modules, tuple(sorted(r.options.items())), players, tuple(agents))

    base = None if baseline is None else spec(_rules(baseline))
    return run(spec(_rules(rules)), games, seed, workers, base)


def run_scenarios(*paths: str | Path) -> list[Any]:
    """Runs the scenario files (or every scenario under the folders, bundled games by name);
    one outcome each, with `.ok`, `.name` and `.failures`."""
    from .scenarios.runner import collect_scenarios, run_scenario

    return [run_scenario(p) for p in collect_scenarios([resolve_rules(p) for p in paths])]


def summary(rules: Rules | str | Path, lang: str = "en", format: str = "markdown", quick_ref: bool = False) -> str:
    """The rule summary `ratdsl summary` writes: Markdown or a self-contained HTML page, in
    en, de, es, fr or ru."""
    from .summaries import summarize, to_html, to_markdown

    if format not in ("markdown", "html"):
        raise ValueError(f"format is markdown or html, not {format!r}")
    document = summarize(_rules(rules).definition, lang, quick_ref=quick_ref)
    return to_html(document) if format == "html" else to_markdown(document)


def new_game(*args: Any, **kwargs: Any) -> Any:
    """A game to step decision by decision (reset/step, legal actions, observations): the
    stepping core of `ratdsl.environments`, imported only when used."""
    from .environments import new_game as make

    return make(*args, **kwargs)
