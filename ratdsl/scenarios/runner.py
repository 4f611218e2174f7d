"""Scenario tests written as data: set up a state, script decisions and chance, run part of a
game, then compare what must hold. Files are JSON, YAML or TOML, validated against
schemas/scenario.schema.json."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.random_agent import RandomAgent, agent_seed
from ..agents.scripted import ScriptedAgent, ScriptExhausted
from ..engine.chance import ScriptError
from ..engine.coverage import Tally, points
from ..engine.errors import GameOver
from ..engine.game import Game
from ..engine.log import GameLog
from ..engine.runtime.core import MAX_TOKENS
from ..language.errors import RuleError
from ..language.loader import RULE_SUFFIX, folders_above, game_folder_above, load, rules_inside
from ..schemas import SchemaError, validate
from ..semantics.operators import MAX_ITEMS, MAX_NUMBER
from ..semantics.values import MAX_VALUE_DEPTH, CardValue, PileRef, PlayerRef, ZoneRef, encode
from ..session import RulesInvalid, load_rules
from .reading import read_data

SUFFIXES = (".json", ".yaml", ".yml", ".toml")


@dataclass
class ScenarioOutcome:
    path: Path
    name: str = ""
    failures: list[str] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list, repr=False)  # the game's log

    @property
    def ok(self) -> bool:
        return not self.failures

    def report(self) -> str:
        return "\n".join(f"   - {f}" for f in self.failures)


def read_scenario(path: Path) -> dict[str, Any]:
    """The scenario's data, validated; a ValueError (one line) if it cannot be read, is too
    large or too deep (reading.py) or does not match the schema."""
    data = read_data(path)
    validate("scenario", data, str(path))
    return data


def collect_scenarios(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES
                                and "scenarios" in p.parts))
        elif path.suffix in SUFFIXES:
            files.append(path)
    return files


def _game_folder(start: Path) -> Path:
    for folder in folders_above(start):  # never the home or temporary folder, nor past a project root
        if any(folder.glob("*" + RULE_SUFFIX)):
            return folder
    raise ValueError(f"no game folder above {start}; set `rules:` in the scenario")


def run_scenario(path: str | Path, without_variant: bool = False, coverage: Tally | None = None) -> ScenarioOutcome:
    """Runs one scenario file. `without_variant` runs a variant's scenario against the game the
    variant extends (same modules, none of its edits): a scenario that proves a house rule must
    fail there. With a `coverage` tally, what the scenario ran of its rules is added to it (as far
    as it got, when it stops with an error). It plays on the tree-walker, the reference engine."""
    path = Path(path)
    outcome = ScenarioOutcome(path)
    try:
        data = read_scenario(path)
    except (SchemaError, ValueError, OSError) as err:
        outcome.failures.append(f"invalid scenario file: {err.strerror if isinstance(err, OSError) else err}")
        return outcome
    outcome.name = data["name"]
    try:
        _run(path, data, outcome, without_variant, coverage)
    except (RulesInvalid, RuleError, ScriptExhausted, ScriptError, ValueError, KeyError) as err:
        expected_error = data["expect"].get("error")
        message = err.render() if isinstance(err, RuleError) else \
            str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)  # (not KeyError's quotes)
        if expected_error is None or expected_error not in message:
            outcome.failures.append(f"error: {message}")
    return outcome


def _run(path: Path, data: dict[str, Any], outcome: ScenarioOutcome, without_variant: bool,
         coverage: Tally | None = None) -> None:
    rules = scenario_rules(path, data["rules"]) if "rules" in data else _game_folder(path.parent)
    modules = list(data.get("with", []))
    if without_variant:
        rules, modules = base_of_variant(rules, modules)
    definition = load_rules(rules, modules, data.get("options", {}))
    players = data.get("players", definition.game.min_players)
    seed = data.get("seed", 0)
    fallback = data.get("fallback", "error")
    for player in data.get("decisions", {}):
        _seat_in(players, player, "decisions")
    agents = [ScriptedAgent(data.get("decisions", {}).get(f"P{s + 1}", []),
                            RandomAgent(agent_seed(seed, s)) if fallback == "random" else None,
                            label=f"P{s + 1}") for s in range(players)]
    log = GameLog(keep=True)
    outcome.records = log.records
    game = Game(definition, players, seed, agents=agents, log=log, chance_script=data.get("random", []),
                rules_label=str(rules), coverage=coverage is not None)
    if coverage is None:
        _play(game, data, agents, log, outcome)
        return
    coverage.add_points(points(definition))
    try:
        _play(game, data, agents, log, outcome)
    finally:
        coverage.add(game.runtime.coverage or {})


def _play(game: Game, data: dict[str, Any], agents: list[ScriptedAgent], log: GameLog,
          outcome: ScenarioOutcome) -> None:
    """Plays what the scenario says and compares what must hold."""
    game.header()
    if data.get("setup", "run") == "run":
        game.setup()
    else:
        game.init_vars()
        game.runtime.start_conservation()
    _apply_state(game, data.get("state", {}))
    run = data["run"]
    if "phases" in run:
        game.state.round = max(game.state.round, 1)
        try:
            for phase in run["phases"]:
                game.play_phase(phase)
        except GameOver as over:
            game.ended_by(over)
        game.check_whole_state()
    elif "rounds" in run:
        for _ in range(run["rounds"]):
            if not game.play_round():
                break
    elif run.get("game"):
        while game.play_round():
            pass
    result = game.score() if run.get("game") or "scores" in data["expect"] or "winners" in data["expect"] \
        else None
    if "error" in data["expect"]:
        outcome.failures.append(f"expected an error containing {data['expect']['error']!r}, but the run succeeded")
    _compare(game, data["expect"], result, log, outcome)
    leftovers = {f"P{s + 1}": a.answers for s, a in enumerate(agents) if a.answers}
    if leftovers:
        outcome.failures.append(f"scripted decisions never asked: {leftovers}")
    if game.runtime.chance.script:
        outcome.failures.append(f"scripted random outcomes never used: {game.runtime.chance.script}")


def scenario_rules(path: Path, text: str) -> Path:
    """The rules a scenario's `rules:` names, relative to the scenario file: a game folder or
    variant file inside the game folder that holds the scenario (or inside the scenario's own
    folder when no game folder holds it), never elsewhere on the disk."""
    base = game_folder_above(path) or path.parent
    return rules_inside(text, path.parent, [base], "rules:",
                        "a scenario names a game folder or variant file inside the game folder that holds it").resolve()


def base_of_variant(rules: Path, modules: list[str]) -> tuple[Path, list[str]]:
    """The game folder a variant file extends, and the modules its header switches on."""
    if rules.is_dir():
        raise ValueError(f"{rules} is a game folder, not a variant file")
    ruleset = load(rules, tuple(modules))
    return ruleset.root, [m.name for m in ruleset.modules]


def _seat(game: Game, player: str, where: str) -> int:
    return _seat_in(game.players, player, where)


def _seat_in(players: int, player: str, where: str) -> int:
    """The seat of `P1`, `P2`...: one of the game's players, else a ValueError naming `where`."""
    number = player[1:]
    if not (player.startswith("P") and number.isdigit() and len(number) <= 6 and 1 <= int(number) <= players):
        raise ValueError(f"{where}: {player!r} is not a player of this {players}-player game (P1 to P{players})")
    return int(number) - 1


def _zone_ref(game: Game, text: str) -> ZoneRef:
    d = game.d
    if "." in text:
        player, name = text.split(".", 1)
        seat = _seat(game, player, f"zone {text!r}")
        if name not in d.player_zones:
            raise ValueError(f"unknown zone {text!r}{_did_you_mean(name, d.player_zones, player + '.')}")
        return ZoneRef(seat, name)
    if text not in d.shared_zones:
        raise ValueError(f"unknown zone {text!r}{_did_you_mean(text, d.shared_zones)}")
    return ZoneRef(None, text)


def _did_you_mean(name: str, known: Iterable[str], prefix: str = "") -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean {prefix + close[0]!r}?" if close else ""


def _pile_ref(game: Game, text: str) -> PileRef:
    if "." in text:
        player, name = text.split(".", 1)
        seat = _seat(game, player, f"pile {text!r}")
        if name not in game.d.player_piles:
            raise ValueError(f"unknown pile {text!r}")
        return PileRef(seat, name)
    if text not in game.d.shared_piles:
        raise ValueError(f"unknown pile {text!r}")
    return PileRef(None, text)


def _apply_state(game: Game, state: dict[str, Any]) -> None:
    rt = game.runtime
    if "active" in state:
        game.state.active = _seat(game, state["active"], "state.active")
    if "round" in state:
        game.state.round = state["round"]
    for name in state.get("clear", []):
        for seat in range(game.players):
            game.state.zones[ZoneRef(seat, name)] = {}
    for text, bundle in state.get("zones", {}).items():
        ref = _zone_ref(game, text)
        for kind in bundle:
            if kind not in game.d.kinds:
                raise ValueError(f"unknown token kind {kind!r} in {text}")
        game.state.zones[ref] = {k: v for k, v in bundle.items() if v}
    placed: set[int] = set()  # cards this state already put somewhere: never taken again
    for text, names in state.get("piles", {}).items():
        ref = _pile_ref(game, text)
        cards = []
        for name in names:
            if name not in game.d.cards:
                raise ValueError(f"unknown card {name!r}")
            found = None
            for pile in game.state.piles.values():
                for i, card in enumerate(pile):
                    if card.name == name and id(card) not in placed:
                        found = pile.pop(i)
                        break
                if found:
                    break
            if found is None:
                rt.card_uid += 1
                found = CardValue(name, rt.card_uid)
            placed.add(id(found))
            cards.append(found)
        game.state.piles[ref] = cards
    for name, value in state.get("vars", {}).items():
        if name not in game.d.vars:
            raise ValueError(f"state.vars: {name!r} is not a shared variable of the rules")
        game.state.vars[name] = _value(game, value, f"state.vars: {name}")
    for player, values in state.get("player_vars", {}).items():
        seat = _seat(game, player, "state.player_vars")
        for name, value in values.items():
            if name not in game.d.player_vars:
                raise ValueError(f"state.player_vars: {name!r} is not a per-player variable of the rules")
            game.state.player_vars[seat][name] = _value(game, value, f"state.player_vars: {player}.{name}")
    rt.tokens = sum(sum(contents.values()) for contents in game.state.zones.values())
    if rt.tokens > MAX_TOKENS:  # the engine's own limit
        raise ValueError(f"state.zones: {rt.tokens} tokens in all; a game holds at most {MAX_TOKENS}")
    rt.start_conservation()
    rt.changed()


def _value(game: Game, value: Any, where: str, depth: int = 0) -> Any:
    """A variable's value written in a scenario, as the rules hold it: numbers (within the limit),
    yes/no, text, none, a player as `P1`..`Pn`, a zone or a board's space by name (`market`,
    `P1.purse`), a bundle as an object of token counts, and lists of these. (What the log writes
    for a value reads back the same, but for cards: written by name.)"""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not -MAX_NUMBER < value < MAX_NUMBER:
            raise ValueError(f"{where} = {value} is past the limit of numbers (below 10^18 in size)")
        return value
    if isinstance(value, str):
        if value[:1] == "P" and value[1:].isdigit() and len(value) <= 7:
            return PlayerRef(_seat(game, value, where))
        return _zone_named(game, value, where) or value
    if isinstance(value, list):
        if depth >= MAX_VALUE_DEPTH or len(value) > MAX_ITEMS:
            raise ValueError(f"{where}: a list nested more than {MAX_VALUE_DEPTH} deep or longer than {MAX_ITEMS}")
        return [_value(game, v, where, depth + 1) for v in value]
    if isinstance(value, dict):
        for kind, count in value.items():
            if kind not in game.d.kinds or not isinstance(count, int) or isinstance(count, bool) \
                    or not 0 <= count < MAX_NUMBER:
                raise ValueError(f"{where}: a bundle holds token kinds with counts of 0 or more, not {kind}: {count!r}")
        return {k: v for k, v in value.items() if v}
    raise ValueError(f"{where}: {value!r} is not a value a variable can hold")


def _zone_named(game: Game, text: str, where: str) -> ZoneRef | None:
    """A zone (a board's space too) as the log writes it, `name` or `P1.name`, so a variable
    that holds places (e.g. the spaces a player controls) reads back what it wrote; None when
    `text` names no zone (a symbol or other text)."""
    if text in game.d.shared_zones:
        return ZoneRef(None, text)
    player, _, name = text.partition(".")
    if name in game.d.player_zones and player[:1] == "P" and player[1:].isdigit() and len(player) <= 7:
        return ZoneRef(_seat(game, player, where), name)
    return None


def _compare(game: Game, expect: dict[str, Any], result, log: GameLog, outcome: ScenarioOutcome) -> None:
    fail = outcome.failures.append
    it = game.interp
    for text, counts in expect.get("zones", {}).items():
        ref = _zone_ref(game, text)
        contents = game.state.zones[ref]
        for kind, want in counts.items():
            got = sum(contents.get(k, 0) for k in it.kinds_of(kind, game.d.game))
            if got != want:
                fail(f"{text}: expected {want} {kind}, found {got} (holds {dict(sorted(contents.items()))})")
    for text, names in expect.get("piles", {}).items():
        got = [c.name for c in game.state.piles[_pile_ref(game, text)]]
        if got != names:
            fail(f"pile {text}: expected {names}, found {got}")
    for name, want in expect.get("vars", {}).items():
        if name not in game.d.vars:
            fail(f"vars: {name!r} is not a shared variable of the rules")
        elif encode(game.state.vars.get(name)) != want:
            fail(f"{name}: expected {want!r}, found {encode(game.state.vars.get(name))!r}")
    for player, values in expect.get("player_vars", {}).items():
        seat = _seat(game, player, "expect.player_vars")
        for name, want in values.items():
            got = encode(game.state.player_vars[seat].get(name)) if name in game.d.player_vars else None
            if name not in game.d.player_vars:
                fail(f"player_vars: {name!r} is not a per-player variable of the rules")
            elif got != want:
                fail(f"{player}.{name}: expected {want!r}, found {got!r}")
    if "active" in expect and f"P{game.state.active + 1}" != expect["active"]:
        fail(f"active player: expected {expect['active']}, found P{game.state.active + 1}")
    if "round" in expect and game.state.round != expect["round"]:
        fail(f"round: expected {expect['round']}, found {game.state.round}")
    if "ended" in expect and game.over != expect["ended"]:
        fail(f"game ended: expected {expect['ended']}, found {game.over}")
    if result is not None:
        for player, score in expect.get("scores", {}).items():
            if result.scores.get(player) != score:
                fail(f"score of {player}: expected {score}, found {result.scores.get(player)}")
        if "winners" in expect and sorted(result.winners) != sorted(expect["winners"]):
            fail(f"winners: expected {expect['winners']}, found {result.winners}")
    for partial in expect.get("log_includes", []):
        if not any(_matches(r, partial) for r in log.records):
            fail(f"the log has no record matching {partial}")
    for partial in expect.get("log_excludes", []):
        hits = [r for r in log.records if _matches(r, partial)]
        if hits:
            fail(f"the log should have no record matching {partial}; found {hits[0]}")


def _matches(record: dict[str, Any], partial: dict[str, Any]) -> bool:
    return all(record.get(k) == v for k, v in partial.items())
