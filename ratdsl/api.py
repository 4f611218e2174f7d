"""The public Python API: what `import ratdsl` offers (docs/api.md). Each function wraps the
stage that already does the work (session, engine, checker, scenarios, simulation, summaries);
none of them holds logic of its own beyond turning arguments into those stages' forms.

`ratdsl/__init__.py` imports this module only when one of its names is first used, so that
`import ratdsl` loads no engine.
"""

from __future__ import annotations

import os
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

__all__ = ["Agent", "Decision", "Finding", "Game", "GameResult", "OptionError", "RandomAgent", "RuleError", "Rules",
           "RulesInvalid", "SearchAgent", "bundled_games", "check", "load", "new_game", "play", "run_scenarios",
           "simulate", "start", "summary"]


class OptionError(ValueError):
    """A rule option given to `load` (or `options=` elsewhere) that the rules do not have, or a
    value the option does not allow. `code` is the checker's (E216), `message` says which values
    are allowed; a ValueError, so `except ValueError` catches it too."""

    def __init__(self, message: str, code: str = "E216", hint: str | None = None):
        super().__init__(f"{code} {message}" + (f" ({hint})" if hint else ""))
        self.message, self.code, self.hint = message, code, hint


# ---------------------------------------------------------------------------- arguments
# The API is called from Python, where a wrong argument must say so in the caller's terms
# (TypeError/ValueError naming the parameter), not fail somewhere inside a stage.

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: object) -> str:
    return type(value).__name__


def _need(ok: bool, name: str, wanted: str, value: object) -> None:
    if not ok:
        raise TypeError(f"{name} must be {wanted}, not {_type_name(value)} ({value!r:.60})")


def _need_int(name: str, value: object, least: int | None = None, optional: bool = False) -> None:
    if optional and value is None:
        return
    _need(_is_int(value), name, "an int" + (" or None" if optional else ""), value)
    if least is not None and value < least:  # type: ignore[operator]
        raise ValueError(f"{name} must be at least {least}, not {value}")


def _need_path(name: str, value: object, rules_too: bool = False) -> None:
    ok = isinstance(value, (str, os.PathLike)) or (rules_too and isinstance(value, Rules))
    _need(ok, name, "a Rules, a path or a game's name" if rules_too else "a path or a name", value)


def _names(name: str, value: object) -> tuple[str, ...]:
    """A list of names (modules, agents): any iterable of str, but not one str (which would be
    taken letter by letter)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a list of names, not one {_type_name(value)}: write [{value!r}]")
    _need(isinstance(value, Iterable), name, "a list of names", value)
    items = tuple(value)  # type: ignore[arg-type]
    for item in items:
        _need(isinstance(item, str), f"each of {name}", "a str", item)
    return items


def _source(rules: str | os.PathLike) -> Path:
    """The rules a path or a bundled name stands for; a name that is neither says which games
    ship with ratdsl."""
    source = resolve_rules(rules)
    if not source.exists():
        raise FileNotFoundError(f"no game {str(rules)!r}: it is neither a path that exists nor a bundled game "
                                f"({', '.join(bundled_games()) or 'none bundled'})")
    return source


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
    rule options (NAME: value). Raises RulesInvalid (its `.diagnostics` are the errors),
    RuleError (an unknown module, say), OptionError, FileNotFoundError (naming the bundled
    games), or TypeError for an argument of the wrong type."""
    _need_path("rules", rules)
    modules = _names("modules", modules)
    if variant is not None:
        _need_path("variant", variant)
    _need(options is None or isinstance(options, Mapping), "options", "a mapping of NAME to value or None", options)
    options = dict(options or {})
    for key in options:
        _need(isinstance(key, str), "each option's name", "a str", key)
    source = _source(rules)
    if variant is not None:
        source = _variant_path(source, variant)
    from .semantics.definition import COMMAND_LINE, DefinitionError

    try:
        return Rules(str(source), modules, options, load_rules(source, modules, options))
    except DefinitionError as err:
        if err.span is not COMMAND_LINE:
            raise
        raise OptionError(err.message, err.code, err.hint) from None


def _rules(rules: Rules | str | Path, name: str = "rules") -> Rules:
    _need_path(name, rules, rules_too=True)
    return rules if isinstance(rules, Rules) else load(rules)


def check(rules: str | Path, modules: Iterable[str] = ()) -> list[RuleError]:
    """Every finding (errors and warnings) of a game folder checked whole (the base game, each
    module, each variant; or exactly `modules` when named) or of one variant file, as
    `ratdsl check` prints them."""
    from .checker.run import check_tree

    _need_path("rules", rules)
    return check_tree([_source(rules)], _names("modules", modules))


def _agents(rules: Rules, players: int, seed: int, agents: Sequence[Agent | str] | None) -> list[Agent]:
    """One agent a seat: objects as given, names ("random", "mcts", "mcts:200", a persona of the
    rules) made as `ratdsl simulate --agents` makes them; seats beyond the list play at random."""
    from .simulation.runner import named_agents

    if agents is not None:
        if isinstance(agents, (str, bytes)):
            raise TypeError(f"agents must be a list (an agent or a name a seat), not one str: write [{agents!r}]")
        _need(isinstance(agents, Iterable), "agents", "a list of agents or agent names", agents)
    given = list(agents or [])
    for agent in given:
        _need(isinstance(agent, str) or callable(getattr(agent, "decide", None)), "each agent",
              "an agent name or an object with decide(decision)", agent)
    if len(given) > players:
        raise ValueError(f"{len(given)} agents for {players} players")
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
    _need_int("players", players, optional=True)
    _need_int("seed", seed)
    _need(isinstance(log, bool), "log", "a bool", log)
    rules = _rules(rules)
    players = rules.definition.game.min_players if players is None else players
    if players not in rules.players:
        raise ValueError(f"{rules.title} is for {rules.players.start} to {rules.players.stop - 1} players, "
                         f"not {players}")
    return Game(rules, players, seed, _agents(rules, players, seed, agents), log)


def play(rules: Rules | str | Path, players: int | None = None, seed: int = 1,
         agents: Sequence[Agent | str] | None = None) -> GameResult:
    """Plays one whole game (see `start`)."""
    return start(rules, players, seed, agents).play()


def simulate(rules: Rules | str | Path, games: int = 100, players: int = 4, seed: int = 1,
             agents: Sequence[str] = ("random",), workers: int = 1,
             baseline: Rules | str | Path | None = None, engine: str = "auto") -> dict[str, Any]:
    """Plays many seeded games and returns the report document of `ratdsl simulate --out`
    (schemas/report.schema.json): win rates by seat, scores, rounds, the rules' metrics, each
    with a 95% interval, and the paired comparison with `baseline` (played on the same seeds).
    `engine`: auto, compiled, native or reference, as `simulate --engine` (the report's `engine`
    object says which played each game); compiled or native that cannot play the rules or agents
    raises simulation.engines.EngineRefused (`.code` E901) before the first game."""
    from .simulation import SimulationSpec
    from .simulation import simulate as run
    from .simulation.engines import CHOICES, native_for

    _need_int("games", games, 1)
    _need_int("players", players, 1)
    _need_int("seed", seed)
    _need_int("workers", workers, 1)
    agents = _names("agents", agents)
    if not agents:
        raise ValueError("agents must name at least one agent (random, a persona, mcts)")
    if engine not in CHOICES:
        raise ValueError(f"engine must be one of {', '.join(CHOICES)}, not {engine!r}")

    def spec(r: Rules) -> SimulationSpec:
        return SimulationSpec(r.source, r.modules, tuple(sorted(r.options.items())), players, tuple(agents),
                              native=native_for(engine, "cached"), engine=engine)

    base = None if baseline is None else spec(_rules(baseline))
    return run(spec(_rules(rules)), games, seed, workers, base)


def run_scenarios(*paths: str | Path) -> list[Any]:
    """Runs the scenario files (or every scenario under the folders, bundled games by name);
    one outcome each, with `.ok`, `.name` and `.failures`."""
    from .scenarios.runner import collect_scenarios, run_scenario

    for path in paths:
        _need_path("each path", path)
    return [run_scenario(p) for p in collect_scenarios([resolve_rules(p) for p in paths])]


def summary(rules: Rules | str | Path, lang: str = "en", format: str = "markdown", quick_ref: bool = False) -> str:
    """The rule summary `ratdsl summary` writes: Markdown or a self-contained HTML page, in
    en, de, es, fr or ru."""
    from .summaries import summarize, to_html, to_markdown
    from .summaries.messages import LANGUAGES

    _need(isinstance(lang, str), "lang", "a str", lang)
    _need(isinstance(quick_ref, bool), "quick_ref", "a bool", quick_ref)
    if lang not in LANGUAGES:
        raise ValueError(f"lang is one of {', '.join(LANGUAGES)}, not {lang!r}")
    if format not in ("markdown", "html"):
        raise ValueError(f"format is markdown or html, not {format!r}")
    document = summarize(_rules(rules).definition, lang, quick_ref=quick_ref)
    return to_html(document) if format == "html" else to_markdown(document)


def new_game(rules: Rules | str | Path, players: int, seed: int | None = None,
             options: Mapping[str, Any] | None = None, modules: Iterable[str] = ()) -> Any:
    """A game at its very start to step decision by decision (its legal actions, apply one,
    observations): a `ratdsl.environments.GameState`, the stepping core of `ratdsl.environments`
    (imported only when used). With `seed`, chance is resolved inside; without, every random
    outcome is a CHANCE node to step too. `options` win over the rules' own."""
    from .environments import new_game as make

    _need_int("players", players)
    _need_int("seed", seed, optional=True)
    modules = _names("modules", modules)
    _need(options is None or isinstance(options, Mapping), "options", "a mapping of NAME to value or None", options)
    if isinstance(rules, Rules):
        if modules:
            raise ValueError("modules are part of a loaded Rules: load it with them")
        return make(rules.definition, players, seed, dict(options or {}) or None)
    _need_path("rules", rules, rules_too=True)
    return make(str(_source(rules)), players, seed, dict(options or {}) or None, modules)
