"""RatLand (and any rule set) as an OpenSpiel game: OpenSpiel's own checks pass, observations
are consistent, OpenSpiel's MCTS bot plays a game to the end, and its IS-MCTS bot plays on
states resampled from a player's information state."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel_game = pytest.importorskip("ratdsl.environments.openspiel_game")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

from .conftest import RATLAND, ROOT  # noqa: E402

BID = ROOT / "tests" / "programs" / "bid"  # a small game: two sealed bids (a `secretly` choice)


def load(players=2, rules=RATLAND, **more):
    return pyspiel.load_game("python_ratdsl", {"rules": str(rules), "players": players, **more})


def random_states(game, seed, limit=10_000):
    """The states of one random playthrough, the terminal one included."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


def test_game_type_and_parameters():
    game = load(3, options="food_order=sorted")
    kind = game.get_type()
    assert kind.short_name == "python_ratdsl"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 3
    assert game.definition.option_values["food_order"] == "sorted"
    with pytest.raises(ValueError):
        load(13)


def test_random_sim_test_with_serialization():  # about 4 s of CPU
    pyspiel.random_sim_test(load(2), num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(3, modules="clans"), num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(4, rules=BID), num_sims=3, serialize=True, verbose=False)


def test_serialized_and_pickled_states_replay_to_the_same_state():
    game = load(2)
    state = random_states(game, 4, limit=80)[-1]
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.observation_string(1) == state.observation_string(1)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.information_state_string(0) == state.information_state_string(0)


def test_observations_agree_with_the_state_api():
    game = load(3)
    observation = make_observation(game)
    info_state = make_observation(game, INFO_STATE_OBS_TYPE)
    shape = game.observation_tensor_shape()
    assert list(observation.dict) == [name for name, _ in game.layout.pieces]
    for state in random_states(game, 1)[::7]:
        for player in range(3):
            observation.set_from(state, player)
            assert list(observation.tensor.shape) == shape
            np.testing.assert_array_equal(observation.tensor, np.array(state.observation_tensor(player)))
            assert observation.dict["player"][player] == 1
            assert observation.string_from(state, player) == state.observation_string(player)
            assert info_state.string_from(state, player) == state.information_state_string(player)


def test_no_observation_says_where_the_rules_were_loaded_from(tmp_path):
    """The same game loaded from two folders (a variant with its modules: files of every kind)
    gives every player the same strings at every node, and none holds either folder."""
    import shutil

    copy = tmp_path / "elsewhere" / "ratland"
    shutil.copytree(RATLAND, copy)
    variant = "variants/clan_wars.rat"
    games = [load(3, rules=RATLAND / variant), load(3, rules=copy / variant)]
    states = [random_states(game, 4, limit=100) for game in games]
    asked_where = set()
    for here, there in zip(*states, strict=True):
        for player in range(3):
            seen = [(s.observation_string(player), s.information_state_string(player)) for s in (here, there)]
            assert seen[0] == seen[1]
            text = "".join(seen[0])
            assert str(ROOT) not in text and "rules/ratland" not in text and str(tmp_path) not in text
            if '"where": ' in seen[0][0]:
                asked_where.add(seen[0][0].split('"where": ')[1].split('"')[1].split(":")[0])
    assert "modules/clans.rat" in asked_where and "round.rat" in asked_where  # names inside the game folder


def test_information_states_have_perfect_recall():
    game = load(2)
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    seen: dict[int, list[str]] = {0: [], 1: []}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        seen[state.current_player()].append(state.information_state_string(state.current_player()))
        state.apply_action(int(rng.choice(state.legal_actions())))
    for mine in seen.values():
        assert len(set(mine)) == len(mine)  # each of the player's decision points is told apart
        for earlier, later in zip(mine, mine[1:]):
            past = earlier.rsplit("\n", 1)[0]  # what was seen, without what is seen now
            assert later.startswith(past)


def test_an_action_space_too_small_is_an_error():
    game = load(2, max_actions=4)
    state = game.new_initial_state()
    with pytest.raises(Exception, match="max_actions"):
        while True:
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                state.apply_action(state.legal_actions()[0])


def test_mcts_bot_plays_a_game_to_the_end():
    game = load(3, rules=BID)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=30,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng),
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    returns = state.returns()
    assert len(returns) == 3 and max(returns) == 1.0


def to_secret_question(game, seat, seed=0):
    """A state where `seat` is asked inside a `secretly` block, after the players before it."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not (state.current_player() == seat and state.state.node().secret):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_resampling_redraws_the_hidden_bids_and_keeps_what_the_player_knows():
    game = load(3, rules=BID)
    state = to_secret_question(game, 2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(2, sampler) for _ in range(20)]
    for sample in samples:
        assert sample.current_player() == 2
        assert sample.information_state_string(2) == state.information_state_string(2)
        assert sample.observation_string(2) == state.observation_string(2)
        assert sample.history()[0] == state.history()[0]  # the lot shown: kept
        assert sample.history() == sample.state.history()  # OpenSpiel's record is the sample's
    assert len({tuple(s.history()) for s in samples}) > 3  # P1's and P2's bids are drawn anew
    assert len({tuple(s.history()[1:3]) for s in samples}) > 1  # so is the order of the lots unseen
    # P2, asked after P1 only, is given samples where P1's bid varies
    second = to_secret_question(game, 1)
    assert len({second.resample_from_infostate(1, sampler).history()[3] for _ in range(12)}) > 1


def test_the_first_bidder_s_samples_differ_only_in_the_lots_not_shown():
    game = load(3, rules=BID)
    state = to_secret_question(game, 0)  # the first bidder: nobody has answered in the block
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(0, sampler) for _ in range(12)]
    for sample in samples:  # the shown lot (the first pick) and everything after the shuffle stay
        assert sample.history()[0] == state.history()[0] and sample.history()[3:] == state.history()[3:]
    assert len({tuple(s.history()[1:3]) for s in samples}) > 1


def test_ratland_samples_tell_the_player_the_same_and_deal_the_unseen_deck_again():
    game = load(3)
    state = to_secret_question(game, 1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(1, sampler) for _ in range(10)]
    for sample in samples:
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.observation_string(1) == state.observation_string(1)
        assert sample.observation_tensor(1) == state.observation_tensor(1)
    assert any(event_deck(sample) != event_deck(state) for sample in samples)


def event_deck(state) -> list[str]:
    piles = state.state.runner().game.runtime.state.piles
    return next([card.name for card in cards] for ref, cards in piles.items() if str(ref) == "event_deck")


@pytest.mark.parametrize("rules, moves", [(BID, None), (RATLAND, 8)])
def test_the_ismcts_bot_plays(rules, moves):  # RatLand: its first 8 moves, about 4 s of CPU
    game = load(3, rules=rules)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 10, random_state=rng)
    # (OpenSpiel's own sampler, UniformProbabilitySampler, is seeded anew by each process: the
    # samples, and whether one differing from the real state turns up, would change from run to run)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    state = game.new_initial_state()
    played = secret = 0
    while not state.is_terminal() and played != moves:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        secret += state.state.node().secret
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        played += 1
    assert secret > 0  # it played behind the screen, where samples differ from the real state
    if moves is None:
        assert state.is_terminal() and max(state.returns()) == 1.0


CPP_BOT = """
import faulthandler, sys
faulthandler.enable()
import pyspiel
import ratdsl.environments.openspiel_game  # noqa: F401
game = pyspiel.load_game("python_ratdsl", {"rules": sys.argv[1], "players": 2})
bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 5)
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
if sys.argv[2] == "gil":  # the base class's binding keeps the GIL: ISMCTSBot::Step runs further
    try:
        pyspiel.Bot.step(bot, state)
    except pyspiel.SpielError as err:
        print("refused:", err)
else:
    bot.step(state)
"""


@pytest.mark.parametrize("how", ["step", "gil"])
def test_the_cpp_ismcts_bot_cannot_play_a_python_game(tmp_path, how):
    """What docs/environments.md says of OpenSpiel's C++ ISMCTSBot (2.0.2): its `step` binding
    releases the GIL, then reads the Python state's information state (a segmentation fault);
    with the GIL kept, it asks the state's C++ ResampleFromInfostate, which a Python game cannot
    provide. If a later OpenSpiel plays, this fails: update the docs and use the C++ bot."""
    import subprocess
    import sys

    script = tmp_path / "cpp_bot.py"
    script.write_text(CPP_BOT)
    run = subprocess.run([sys.executable, str(script), str(BID), how], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    if how == "step":
        assert run.returncode == -11, run.stdout + run.stderr  # SIGSEGV
        assert "Segmentation fault" in run.stderr
    else:
        assert run.returncode == 0, run.stderr
        assert "refused: ResampleFromInfostate() not implemented" in run.stdout
