"""A search's playout on the flat target (issue 33): resumed at the start of a step from a
determinized game, it ends as play_on ends the same determinization on the reference engine
(scores, winners, rounds, the end state), with the same seed and the same first answer; a search
agent plays the same game whether its playouts run on the flat target or not; rules the flat
target cannot play are said once and counted, never a silent fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.agents.flat_playout import FastFirst, FlatPlayouts
from ratdsl.agents.ismcts import ISMCTSAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.agents.resume import play_on
from ratdsl.agents.search import SearchAgent
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.flat.game import FlatModule, flat_module
from ratdsl.engine.flat.resume import CannotResume, load_state
from ratdsl.engine.game import Game
from ratdsl.engine.log import GameLog
from ratdsl.semantics.values import PlayerRef
from ratdsl.session import load_rules

from .scale import cases

RULES = Path(__file__).resolve().parent.parent / "rules"
GAMES = [("ratland", 4), ("rattus", 3), ("ratatopolis", 3)]


class _Recorder:
    """Keeps seat `me`'s view at every `every`-th step start of a round, and the first answer
    `me` gave from there on."""

    def __init__(self, me: int, every: int):
        self.me, self.every, self.seen = me, every, 0
        self.points: list[list] = []

    def step_begins(self, phase, index, view) -> None:
        self.seen += 1
        if phase != "setup" and self.seen % self.every == 0:
            self.points.append([phase, index, view(), None])

    def answered(self, seat, id, kind, answer) -> None:
        if seat == self.me:
            for point in self.points:
                if point[3] is None:
                    point[3] = (id, kind, (not answer) if kind == "may" else answer)  # (a may: the other answer)


def resume_points(d, players: int, seed: int, every: int) -> list[list]:
    """Step starts of one random game: (phase, step, seat 1's view, a first answer)."""
    game = Game(d, players, seed, [RandomAgent(agent_seed(seed, s)) for s in range(players)], log=GameLog(keep=False))
    recorder = _Recorder(0, every)
    game.runtime.watchers.append((0, recorder))
    game.play()
    return recorder.points


def ended(run, *args) -> tuple:
    """How a playout ended: (scores, winners, rounds, end state), or the rule error's code."""
    try:
        result = run(*args)
    except RuleRuntimeError as err:
        return ("error", err.code)
    return result.scores, result.winners, result.rounds, result.state


def on_reference(d, players: int, view, seed: int, first, phase: str, step: int):
    game = SearchAgent(d, players, 7).determinized(view, seed, 0, first)
    play_on(game, phase, step)
    return game.score()


def on_flat_target(playouts: FlatPlayouts, view, seed: int, first, phase: str, step: int, on_flat: list):
    game = SearchAgent(playouts.d, playouts.players, 7).determinized(view, seed, 0, first)
    agents = list(game.runtime.agents)
    agents[0] = FastFirst(first, agents[0].then)
    result = playouts.play(game, phase, step, agents)
    on_flat.append(result is not None)
    return result if result is not None else game.score()


@pytest.mark.parametrize("game, players", GAMES)
def test_a_flat_playout_ends_as_play_on_ends_the_same_determinization(game, players):
    d = load_rules(RULES / game)
    playouts = FlatPlayouts(d, players)
    assert isinstance(playouts.module(), FlatModule)
    want = cases(15, 300)
    points: list[list] = []
    for seed in range(3, 3 + want):  # (some games have few steps: several games' step starts)
        points += resume_points(d, players, seed, 3)
        if len(points) >= want:
            break
    points = points[:want]
    assert len(points) == want
    on_flat = []
    for n, (phase, step, view, first) in enumerate(points):
        seed = 1000 + n
        reference = ended(on_reference, d, players, view, seed, first, phase, step)
        flat = ended(on_flat_target, playouts, view, seed, first, phase, step, on_flat)
        assert flat == reference, (phase, step, first)
    # (the flat target played them, but where its code stopped on what the reference reports)
    assert set(playouts.reasons) <= {"the flat code stopped (a rule's error or a limit)"}, playouts.reasons
    assert playouts.flat == sum(on_flat) >= len(points) - 3


def test_the_first_answer_goes_to_the_first_ask_of_its_id_and_kind_when_legal():
    then = RandomAgent(5)
    fast = FastFirst(("pick", "choose", "b"), then)
    assert fast.fast_may("pick") in (True, False) and fast.first is not None  # (another kind)
    assert fast.fast_choose("pick", ["a", "b", "c"], False) == 1 and fast.first is None
    fast = FastFirst(("pick", "choose", "z"), RandomAgent(5))
    mirror = RandomAgent(5)
    assert fast.fast_choose("pick", ["a", "b"], False) == mirror.fast_choose("pick", ["a", "b"], False)
    assert fast.first is None  # (not legal there: spent, answered at random)
    fast = FastFirst(("spread", "distribute", {"x": 2}), RandomAgent(5))
    assert fast.fast_spread("spread", ["x", "y"], 2) == [2, 0]
    fast = FastFirst(("spread", "distribute", {"x": 2}), RandomAgent(5))
    got = fast.fast_distribute("spread", 2, ["x", "y"], [(1, ["x"])], [])
    assert got != {"x": 2} and sum(got.values()) == 2  # (over its limit: answered at random)


class _Enough(Exception):
    """The game has given the answers the test compares."""


@pytest.mark.parametrize("agent, game, players, budget, asks", [
    (SearchAgent, "ratland", 2, 4, None), (ISMCTSAgent, "ratland", 2, 4, None),
    (ISMCTSAgent, "rattus", 2, 2, 12),  # (turns: actions and abilities asked through the fast protocol)
    (ISMCTSAgent, "ratatopolis", 3, 2, 6),  # (sealed plans with `likely`)
])
def test_a_search_agent_plays_the_same_game_with_its_playouts_on_the_flat_target(agent, game, players, budget, asks):
    """The same answers, so the same game, with the playouts on the flat target and on the
    reference. `asks`: the games whose playouts on the reference cost most are held to their
    first answers (the whole game under RATDSL_FULL_CHECKS=1)."""
    d = load_rules(RULES / game)
    limit = None if asks is None else cases(asks, None)
    for seed in range(cases(1, 6)):
        games = []
        for enabled in (True, False):
            player = agent(d, players, agent_seed(seed, 0), budget)
            player.playouts.enabled = enabled
            answers = []
            decide = player.decide

            def answered(decision, decide=decide, answers=answers):
                answers.append(decide(decision))
                if limit is not None and len(answers) >= limit:
                    raise _Enough
                return answers[-1]

            player.decide = answered
            others = [RandomAgent(agent_seed(seed, s)) for s in range(1, players)]
            try:
                result = Game(d, players, seed, [player, *others]).play()
                games.append((result.scores, result.rounds, result.state, player.searched, player.unasked))
            except _Enough:
                games.append((answers, player.searched))
            if enabled:
                assert player.playouts.flat > player.playouts.reference, player.playouts.reasons
            else:
                assert player.playouts.flat == 0 and player.playouts.reference > 0
        assert games[0] == games[1]


def test_rules_the_flat_target_cannot_play_are_said_once_and_counted(tmp_path, capsys):
    (tmp_path / "game.rat").write_text(
        'game g "G" {\n  players 2..2\n  ends after 3 rounds\n}\n'
        'tokens coin\nzone bank\nper player zone purse\nvar total = 0\n'
        'table down(n) {\n  0 -> 0\n  1..99 -> down(n - 1) + 1\n}\n'
        'setup {\n  step s {\n    create {coin: 9} in bank\n  }\n}\n'
        'round main\nphase main "Main" {\n  step only {\n    set total = total + down(round)\n'
        '    for each p in players {\n      ask p take: may {\n        move 1 coin from bank to p.purse\n'
        '      }\n    }\n  }\n}\n'
        'scoring p {\n  score = p.purse.coin\n}\n', "utf-8")
    d = load_rules(tmp_path)
    assert not isinstance(flat_module(d, 2), FlatModule)
    player = SearchAgent(d, 2, 1, 4)
    Game(d, 2, 1, [player, RandomAgent(agent_seed(1, 1))]).play()
    err = capsys.readouterr().err
    assert player.searched >= 3 and player.playouts.flat == 0
    [(reason, count)] = player.playouts.reasons.items()
    assert "a table that looks itself up" in reason and count == player.playouts.reference >= 3 * 4
    assert err.count("search playouts on the reference engine") == 1 and "a table that looks itself up" in err


def test_a_state_the_flat_module_cannot_lay_out_is_refused_before_any_draw():
    d = load_rules(RULES / "ratland")
    m = flat_module(d, 2)
    assert isinstance(m, FlatModule)
    game = Game(d, 2, 1, [RandomAgent(agent_seed(1, s)) for s in range(2)], log=GameLog(keep=False))
    game.setup()
    name = next(iter(d.player_vars))
    game.state.player_vars[0][name] = [PlayerRef(1)]  # (a list where the rules hold a number)
    before = game.runtime.chance.rng.getstate()
    with pytest.raises(CannotResume, match=name):
        load_state(m, game, game.runtime.chance.rng, game.runtime.agents)
    assert game.runtime.chance.rng.getstate() == before


def _module_state(m: FlatModule) -> tuple:
    """What a playout starts from in the module: counts, piles (names and uids), variables, the
    round and active seat, what was created, the next card uid."""
    ns = m.ns
    piles = [[(card.name, card.uid) for card in pile] for pile in ns["PILES"]]
    pvars = [list(ns[f"PV{i}"]) for i in range(len(m.d.player_vars))]
    return list(ns["Z"]), piles, list(ns["VG"]), pvars, list(ns["G"]), list(ns["CR"]), next(ns["UID"])


@pytest.mark.parametrize("game, players", GAMES)
def test_a_determinization_laid_out_in_the_flat_module_is_the_reference_ones(game, players):
    """flat_deal.py: the flat setup with the view laid over it (and the same setup copied back
    for a seed played again) holds what the reference determinization, copied by load_state,
    holds; the chance source and the random players' streams are where the reference left them."""
    from ratdsl.agents.flat_deal import flat_determinization
    from ratdsl.agents.ismcts import _decoded

    d = load_rules(RULES / game)
    m = flat_module(d, players)
    assert isinstance(m, FlatModule)
    points = resume_points(d, players, 3, 9)[:cases(3, 12)]
    assert points
    for n, (_phase, _index, view, _first) in enumerate(points):
        agent = ISMCTSAgent(d, players, 7, 4)
        setups: dict[int, tuple] = {}
        seed = 100 + n
        kept = agent.rng.getstate()
        game_ = agent.determinized(view, seed, 0, None)
        agent.apply_vars(game_, view)
        rng = game_.runtime.chance.rng
        randoms = [a.then if hasattr(a, "then") else a for a in game_.runtime.agents]
        load_state(m, game_, rng, randoms)
        reference = _module_state(m), rng.random(), [r.rng.random() for r in randoms]
        for _ in range(2):  # (made, then copied back from `setups`)
            agent.rng.setstate(kept)
            made = flat_determinization(agent, m, view, seed, _decoded, setups)
            assert (_module_state(m), m.ns["RNG"].random(), [r.rng.random() for r in made]) == reference
        assert seed in setups
