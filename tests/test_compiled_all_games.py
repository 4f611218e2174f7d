"""The compiled (flat) target against the reference engine, the tree-walker, on every game under
rules/: every game folder, module and variant file, every player count the game allows, random and
persona agents.
Each game's end state, scores, winners, rounds, fired counts and metrics must be the same.

Issue 32 asks that every rule file compile; the games the compiler does not take yet are marked
`xfail(strict=True)`, so the day one compiles its mark must go (and its games be compared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents import PersonaAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.engine import Game
from ratdsl.engine.errors import RuleRuntimeError, StepBudgetExceeded
from ratdsl.engine.flat.game import FlatModule, Stopped, flat_module, play_module
from ratdsl.engine.interpreter import Env
from ratdsl.session import load_rules
from ratdsl.simulation.collect import MetricCounter
from ratdsl.simulation.runner import persona_weights

from .scale import cases

RULES = Path(__file__).resolve().parent.parent / "rules"
NOT_YET: dict[str, str] = {}
GAMES_PER_FOLDER = cases(5, 1000)


def rule_sets() -> list[tuple[str, Path, tuple[str, ...]]]:
    """(id, path, modules): every game folder bare and with every module, each variant file."""
    out = []
    for folder in sorted(p for p in RULES.iterdir() if (p / "game.rat").exists()):
        modules = tuple(sorted(p.stem for p in (folder / "modules").glob("*.rat")))
        out.append((folder.name, folder, ()))
        for m in modules:
            out.append((f"{folder.name}+{m}", folder, (m,)))
        if len(modules) > 1:
            out.append((f"{folder.name}+all", folder, modules))
        for variant in sorted((folder / "variants").glob("*.rat")):
            out.append((f"{folder.name}/{variant.stem}", variant, ()))
    return out


RULE_SETS = rule_sets()


def marked(name: str, *args):
    game = name.split("+")[0].split("/")[0]
    marks = [pytest.mark.xfail(strict=True, reason=NOT_YET[game])] if game in NOT_YET else []
    return pytest.param(*args, id=name, marks=marks)


@pytest.mark.parametrize("path,modules", [marked(n, p, m) for n, p, m in RULE_SETS])
def test_every_rule_file_compiles_at_every_player_count(path, modules):
    """A construct the compiler has no form for fails the build with its position: none may."""
    d = load_rules(path, modules)
    for players in range(d.game.min_players, d.game.max_players + 1):
        m = flat_module(d, players)
        assert isinstance(m, FlatModule), f"{players} players: {m}"


def test_the_rule_sets_cover_every_folder_module_and_variant():
    names = {n for n, _, _ in RULE_SETS}
    assert {"ratland", "rattus", "ratatopolis", "ratland+clans", "ratland/clan_wars"} <= names


def personas_of(d, players: int, seed: int) -> list:
    names = sorted(d.personas)
    tables = {name: persona_weights(d, name) for name in names}
    return [PersonaAgent(tables[names[s % len(names)]], agent_seed(seed, s), names[s % len(names)])
            for s in range(players)]


def randoms(d, players: int, seed: int) -> list:
    return [RandomAgent(agent_seed(seed, s)) for s in range(players)]


def reference(d, players: int, seed: int, agents: list) -> tuple:
    game = Game(d, players, seed, agents=agents)  # (the tree-walker)
    kinds = {name: game.interp.kinds_of(game.interp.eval(m.kinds, Env()), m.kinds) for name, m in d.metrics.items()}
    counter = MetricCounter(d, lambda metric: kinds[metric.name])
    if counter.rules:
        game.runtime.watch_moves(counter)
    r = game.play()
    return r.scores, r.tiebreaks, r.winners, r.rounds, r.state, r.fired, dict(counter.counts)


def compiled(m: FlatModule, seed: int, agents: list) -> tuple:
    r = play_module(m, seed, agents, metrics=True)
    return r.scores, r.tiebreaks, r.winners, r.rounds, r.state, r.fired, m.metric_counts()


@pytest.mark.parametrize("path,modules", [marked(n, p, m) for n, p, m in RULE_SETS])
def test_the_compiled_target_plays_the_reference_games(path, modules):
    """GAMES_PER_FOLDER games of each rule set (8; 1,000 under RATDSL_FULL_CHECKS=1), spread over
    every player count, half with random agents and half with the rules' personas (if any)."""
    d = load_rules(path, modules)
    sizes = list(range(d.game.min_players, d.game.max_players + 1))
    kinds = [randoms, personas_of] if d.personas else [randoms]
    for i in range(GAMES_PER_FOLDER):
        players = sizes[i % len(sizes)]
        m = flat_module(d, players)
        assert isinstance(m, FlatModule), m
        seed = 1000 + i
        make = kinds[(i // len(sizes)) % len(kinds)]
        expected = reference(d, players, seed, make(d, players, seed))
        assert compiled(m, seed, make(d, players, seed)) == expected, (players, seed, make.__name__)


# Options changed from their defaults, per game folder (each run also plays the defaults).
OPTIONS = {
    "rattus": {"end_timing": "end_of_turn", "placement": "optional", "figure_start": "random",
               "knight_return": "true", "neutral_majority": "true", "final_neutral": "always"},
    "ratatopolis": {"stale_step": "forfeit", "room_of_leavers": "at_once", "shop_in_last_round": "no",
                    "fallen_property": "kept", "hospital_room": "over"},
}
# Persona tables keyed by decision ids and answers (actions by name: the flat code must offer
# the same names, in the same order, as the reference).
PERSONAS = {
    "rattus": {"action": {"take": 4.0, "place": 0.5}, "ability": {"pass": 0.3, "monk_power": 3.0},
               "place_in": {"pass": 0.1}},
    "ratatopolis": {"orders": {"pass": 0.2}, "market_rat": {"yes": 3.0}, "radio_redraw": {"no": 2.0},
                    "hospital_rescue": {"pass": 0.3}, "archive_look": {"pass": 0.5}},
}


def outcome(result) -> tuple:
    return result.scores, result.winners, result.rounds, result.state, result.fired


def compare(d, players: int, seed: int, agents) -> None:
    module = flat_module(d, players)
    assert isinstance(module, FlatModule), module
    try:
        reference = Game(d, players, seed, agents=agents()).play()
    except (RuleRuntimeError, StepBudgetExceeded):
        with pytest.raises(Stopped):
            play_module(module, seed, agents())
        return
    assert outcome(play_module(module, seed, agents())) == outcome(reference), (players, seed)


@pytest.mark.parametrize("folder", sorted(OPTIONS))
def test_options_changed_from_their_defaults_play_the_reference_games(folder):
    d = load_rules(RULES / folder, options=OPTIONS[folder])
    sizes = list(range(d.game.min_players, d.game.max_players + 1))
    for i in range(GAMES_PER_FOLDER // 2):
        players = sizes[i % len(sizes)]
        seed = 1000 + i

        def agents(seed=seed, players=players):
            return [RandomAgent(agent_seed(seed, s)) for s in range(players)]

        compare(d, players, seed, agents)


@pytest.mark.parametrize("folder", sorted(PERSONAS))
def test_persona_agents_play_the_reference_games(folder):
    d = load_rules(RULES / folder)
    sizes = list(range(d.game.min_players, d.game.max_players + 1))
    for i in range(GAMES_PER_FOLDER // 3):
        players = sizes[i % len(sizes)]

        def agents(seed=i, players=players):
            return [PersonaAgent(PERSONAS[folder], agent_seed(seed, s), f"p{s}") for s in range(players)]

        compare(d, players, i, agents)
