"""Hidden information (issue 16): what a player at the terminal is shown, what is on disk while
they play, and how a game that stops early ends its log.

The main check is non-interference: every shipped game is played twice with a scripted human,
the two games differing only in something hidden (the order of shuffled cards, or the other
players' answers inside `secretly`). Everything shown to the human (the narrator's lines, the
human agent's prompts) must be the same in both games until the rules make the difference public.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ratdsl.agents.human import HumanAgent
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.cli.narrate import Narrator
from ratdsl.engine.decisions import Decision
from ratdsl.engine.errors import RuleRuntimeError
from ratdsl.engine.game import Game
from ratdsl.engine.log import GameLog, read_log
from ratdsl.engine.runtime.sight import sight_of
from ratdsl.replay import replay_log
from ratdsl.schemas import validate_log_record
from ratdsl.session import load_rules

ROOT = Path(__file__).resolve().parents[1]
RATLAND = ROOT / "rules" / "ratland"
BID = Path(__file__).parent / "programs" / "bid"
HUMAN = 1  # the seat played by the scripted human (P2): P1 always decides before them

# Every shipped game: each folder under rules/, with each of its modules, and each variant file.
GAMES: list[tuple[Path, tuple[str, ...], dict[str, Any]]] = []
for _folder in sorted(p.parent for p in (ROOT / "rules").glob("*/game.rat")):
    GAMES.append((_folder, (), {}))
    for _module in sorted((_folder / "modules").glob("*.rat")):
        GAMES.append((_folder, (_module.stem,), {}))
    for _variant in sorted((_folder / "variants").glob("*.rat")):
        GAMES.append((_variant, (), {}))
# The aggressive module's boards are chosen inside `secretly` only with this option.
GAMES.append((RATLAND, ("aggressive",), {"aggressive_mode": "secret_choice"}))
GAMES.append((BID, (), {}))


def game_id(game: tuple[Path, tuple[str, ...], dict[str, Any]]) -> str:
    path, modules, options = game
    return "+".join([path.stem if path.suffix else path.name, *modules, *map(str, options.values())])


def ratdsl(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ratdsl.cli.main", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=300)


# ------------------------------------------------------------------ what the rules make public
def public_part(record: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """What the rules let player `seat` learn from a log record (the test's own statement of
    docs/language.md, independent of the engine's): nothing made inside `secretly` but their
    own answers and the cards shown to them; never the order of shuffled cards, which cards were
    picked or placed face down, the seed, or cards shown to somebody else; checkpoints are the
    referee's. Record numbers are left out: hidden records shift them."""
    rec = {k: v for k, v in record.items() if k != "seq"}
    t = rec["t"]
    own = rec.get("player") == f"P{seat + 1}"
    if rec.get("secret"):
        return rec if own and t in ("decision", "show") else None
    where = str(rec.get("pile") or rec.get("var") or rec.get("dst") or "")
    if rec.get("sight") == "owner" and where.startswith(f"P{seat + 1}."):
        return rec  # what the rules let its owner alone see: a card dealt into their own hand
    if t == "checkpoint":
        return None
    if t == "game":
        rec.pop("seed")
    if t == "random" and rec["what"] != "draw" or t == "place" or t == "show" and not own:
        rec.pop("result", None)
        rec.pop("cards", None)
    return rec


class ScriptedHuman(HumanAgent):
    """The real HumanAgent, its input typed by a random player: what it is shown and what it
    types are recorded in `events` along with what the rules show that player."""

    def __init__(self, seat: int, seed: int, events: list[tuple[str, Any]]):
        super().__init__(read=self._type, write=self._show)
        self.seat = seat
        self.events = events
        self.typist = RandomAgent(seed)
        self.asked: Decision | None = None
        self.answer: Any = None

    def decide(self, decision: Decision) -> Any:
        self.asked = decision
        self.answer = self.typist.decide(decision)
        # The rules show the player the question and their own zones (the decision's view).
        view = decision.view() if decision.view else {}
        mine = {z: c for z, c in view.get("zones", {}).items() if z.startswith(f"P{self.seat + 1}.")}
        self.events.append(("public", ("asked", decision.id, decision.kind, repr(decision.options),
                                       decision.amount, decision.targets, mine,
                                       view.get("shown_to_you"))))
        return super().decide(decision)

    def _show(self, line: str) -> None:
        self.events.append(("shown", line))

    def _type(self, prompt: str) -> str:
        self.events.append(("shown", prompt))
        decision, answer = self.asked, self.answer
        assert decision is not None
        if decision.kind == "may":
            return "y" if answer else "n"
        if decision.kind == "choose":
            options = list(decision.options) + ([None] if decision.optional else [])
            return str(next(i for i, o in enumerate(options, 1) if o == answer))
        return json.dumps(answer)


class SecretSwap:
    """An agent that answers inside `secretly` with one random stream and elsewhere with
    another: two games whose `inside` streams differ differ only in hidden answers."""

    def __init__(self, outside: RandomAgent, inside: RandomAgent):
        self.outside, self.inside = outside, inside
        self.game: Game | None = None
        self.reads_view = False

    def decide(self, decision: Decision) -> Any:
        assert self.game is not None
        hidden = bool(self.game.runtime.secret_stack)
        return (self.inside if hidden else self.outside).decide(decision)


def play_as_human(game: tuple[Path, tuple[str, ...], dict[str, Any]], seed: int,
                  script: list[dict] | None = None, secret_seed: int = 0,
                  ) -> tuple[list[tuple[str, Any]], list[dict[str, Any]]]:
    """One game of 3 with the scripted human in seat HUMAN and the narrator narrating for them,
    as `ratdsl run --human 2` does. Returns the events in order (each "public" part of a record,
    each line "shown" to the human) and the referee's full log."""
    path, modules, options = game
    definition = load_rules(path, modules, options)
    events: list[tuple[str, Any]] = []
    log = GameLog(keep=True)
    log.listen(lambda r: events.append(("public", public_part(r, HUMAN))) if public_part(r, HUMAN) else None)
    log.listen(Narrator(definition, lambda line: events.append(("shown", line)), seat=HUMAN))
    others = [SecretSwap(RandomAgent(agent_seed(seed, s)), RandomAgent(agent_seed(secret_seed, s)))
              for s in range(3)]
    agents: list[Any] = list(others)
    agents[HUMAN] = ScriptedHuman(HUMAN, agent_seed(seed, HUMAN), events)
    played = Game(definition, 3, seed, agents=agents, log=log, chance_script=script,
                  rules_label=str(path))
    for agent in others:
        agent.game = played
    played.play()
    return events, log.records


def assert_same_until_public_difference(a: list[tuple[str, Any]], b: list[tuple[str, Any]]) -> int:
    """The two games show the human the same lines until the first public difference, which
    must come before any line that differs. Returns how many questions the human was asked
    until then."""
    i = 0
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            assert x[0] == "public" and y[0] == "public", (
                f"the human is shown different things before the rules reveal any difference:\n"
                f"  first game: {x}\n  other game: {y}\n  after: {a[max(0, i - 4):i]}")
            break
    else:
        assert len(a) == len(b)
    return sum(1 for e in a[:i] if e[0] == "public" and isinstance(e[1], tuple) and e[1][0] == "asked")


def setup_randomness(records: list[dict[str, Any]]) -> list[dict]:
    """The random outcomes of the setup (before round 1), as a chance script."""
    script = []
    for r in records:
        if r["t"] == "round":
            break
        if r["t"] == "random":
            script.append({r["what"]: r["result"]})
    return script


def other_order(script: list[dict], changed: set[int], back=lambda card: ()) -> list[dict]:
    """The same outcomes, the shuffles at the places `changed` in another order below their top
    half: each card there swapped, in reverse order, with cards whose back looks the same
    (`back`: what a face-down card shows, as Sight.card_fields gives it), so that only what the
    players cannot see changes."""
    out = []
    for i, entry in enumerate(script):
        if i in changed:
            order = list(entry["shuffle"])
            half = len(order) // 2
            places: dict[Any, list[int]] = {}
            for at in range(half, len(order)):
                places.setdefault(back(order[at]), []).append(at)
            moved = list(order)
            for at_list in places.values():
                for at, card in zip(at_list, reversed([order[a] for a in at_list])):
                    moved[at] = card
            entry = {"shuffle": moved}
        out.append(entry)
    return out


def play_other_order(game, seed: int, script: list[dict]):
    """The game again with its shuffles in another order: each pile's last shuffle of the setup,
    less the earliest of those while a later shuffle then meets other cards than it was dealt (a
    scripted order is then no permutation of the pile: Rattus shuffles its start tiles, deals
    some and adds the rest to its stock, which it shuffles twice)."""
    last = {}
    for i, entry in enumerate(script):
        if "shuffle" in entry:
            last[entry.get("pile", i)] = i
    sight = sight_of(load_rules(*game))

    def back(card: str) -> tuple:
        return tuple(sorted((k, str(v)) for k, v in sight.card_fields(card, face=False, holder=False).items()))

    changed = sorted(last.values())
    while changed:
        try:
            return play_as_human(game, seed, other_order(script, set(changed), back))
        except RuleRuntimeError as err:
            if "is not a permutation" not in err.message:
                raise
            changed = changed[1:]
    pytest.fail("no shuffle of the setup can be played in another order")


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_the_order_of_unrevealed_cards_never_reaches_the_human(game):
    seed = 7
    _, plain = play_as_human(game, seed)
    script = setup_randomness(plain)
    if not any("shuffle" in e and len(e["shuffle"]) > 2 for e in script):
        pytest.skip("nothing is shuffled")
    first, log_a = play_as_human(game, seed, script)
    other, log_b = play_other_order(game, seed, script)
    assert log_a != log_b  # the games differ (in the deck order at least)
    asked = assert_same_until_public_difference(first, other)
    if game == (RATLAND, (), {}):  # the check covers several rounds of questions
        assert asked >= 3


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_other_players_secret_answers_never_reach_the_human_before_the_reveal(game):
    first, log_a = play_as_human(game, 3, secret_seed=100)
    other, log_b = play_as_human(game, 3, secret_seed=200)
    secret = [r for r in log_a if r["t"] == "decision" and r.get("secret") and r["player"] != "P2"]
    if not secret:
        pytest.skip("no secret decision in this game")
    assert log_a != log_b
    assert_same_until_public_difference(first, other)


def test_the_human_is_asked_inside_a_secret_block_after_another_players_hidden_answer():
    """(The check above is not empty: in the sealed-bid game P2 is asked while P1's bid differs.)"""
    first, _ = play_as_human((BID, (), {}), 3, secret_seed=100)
    other, _ = play_as_human((BID, (), {}), 3, secret_seed=200)
    prompt = next(i for i, e in enumerate(first) if e[0] == "shown" and "bid: number?" in e[1])
    assert first[:prompt + 1] == other[:prompt + 1]
    assert any(e[0] == "shown" and "bid P1" in e[1] for e in first)  # revealed later


# ------------------------------------------------------------------ the reproductions from the issue
def test_sealed_bid_shows_no_bid_before_the_second_player_is_asked():
    result = ratdsl("run", str(BID), "-p", "2", "--human", "2", "-s", "3", stdin="1\n\n1\n\n")
    assert result.returncode == 0, result.stderr
    before, asked, after = result.stdout.partition("P2: bid\n")
    assert asked and "number [1-" in after  # (the table's form, as `play` asks it)
    assert "P1.bid" not in before and "bid placed" not in before and "bid P1" not in before
    assert "bid P1" in after  # read out after the block


def test_ratland_shows_no_shuffled_order_before_the_first_move(tmp_path):
    log = tmp_path / "referee.jsonl"
    assert ratdsl("run", str(RATLAND), "-p", "3", "-s", "1", "--log", str(log), "-q").returncode == 0
    orders = [r["result"] for r in read_log(log) if r["t"] == "random" and r["what"] in ("shuffle", "pick")]
    assert orders
    result = ratdsl("run", str(RATLAND), "--human", "1", "-p", "3", "-s", "1", stdin="")
    assert result.returncode == 2
    for order in orders:
        assert ", ".join(order) not in result.stdout
    assert "event deck is shuffled." in result.stdout  # (that it happened; not the order)
    assert "seed 1" not in result.stdout  # the seed decides every hidden order


def test_no_log_on_disk_while_the_human_is_asked(tmp_path):
    """`--human 2 --log g.jsonl`: while P2 places rats, P1's secret placement is in no file."""
    log = tmp_path / "g.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", "run", str(RATLAND), "-p", "3",
                             "--human", "2", "--log", str(log), "-s", "1"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdin is not None
    seen = wait_for(proc, b"Place 7 in all")
    written = [f.read_bytes() for f in tmp_path.iterdir() if f.is_file()]
    assert not any(b"placement" in data for data in written), seen
    proc.stdin.close()  # the input ends: the game stops, and only now is the log written
    assert proc.wait(timeout=120) == 2
    assert b"the input ended" in proc.stderr.read()
    records = read_log(log)
    assert records[-1]["t"] == "aborted" and records[-1]["reason"] == "agent"
    assert any(r["t"] == "decision" and r["player"] == "P1" and r.get("secret") for r in records)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["g.jsonl"]  # no temporary file left
    result = replay_log(log)  # agrees up to where the input ended
    assert result.ok and result.aborted == "agent"


def wait_for(proc: subprocess.Popen, text: bytes, timeout: float = 120) -> bytes:
    """The process's output until `text` appears in it."""
    out = b""
    deadline = time.monotonic() + timeout
    while text not in out:
        assert time.monotonic() < deadline, out
        chunk = os.read(proc.stdout.fileno(), 4096)  # type: ignore[union-attr]
        assert chunk, out
        out += chunk
    return out


# ------------------------------------------------------------------ the narrator's audiences
def test_referee_view_is_refused_while_a_human_plays():
    result = ratdsl("run", str(BID), "-p", "2", "--human", "1", "--referee", stdin="1\n")
    assert result.returncode == 2
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1


def test_referee_view_shows_everything_and_the_spectator_nothing_hidden():
    referee = ratdsl("run", str(BID), "-p", "2", "-s", "3", "--referee")
    spectator = ratdsl("run", str(BID), "-p", "2", "-s", "3")
    assert referee.returncode == spectator.returncode == 0
    assert "deck is shuffled: Clock" in referee.stdout and "deck is shuffled." not in referee.stdout
    assert "P1 bid is now 3" in referee.stdout and "seed 3" in referee.stdout
    assert "P1 bid is now" not in spectator.stdout and "deck is shuffled." in spectator.stdout
    assert "bid P1" in spectator.stdout


# ------------------------------------------------------------------ logs: checked path, atomic, aborted
def test_a_bad_log_path_is_refused_before_the_game(tmp_path):
    result = ratdsl("run", str(BID), "-p", "2", "--log", str(tmp_path / "no" / "g.jsonl"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "does not exist" in result.stderr


def broken_bid(tmp_path: Path, change: tuple[str, str]) -> Path:
    folder = tmp_path / "bid"
    folder.mkdir()
    text = (BID / "game.rat").read_text("utf-8")
    assert change[0] in text
    (folder / "game.rat").write_text(text.replace(*change), "utf-8")
    return folder


@pytest.mark.parametrize("change, code", [
    (("move 10 coin from bank to p.purse", "move 1 coin from bank to p.purse"), "R001"),
    (('say "bid placed" with n', "while n > 0 { let m = n }"), "R002"),
])
def test_a_game_the_rules_stop_ends_its_log_with_an_aborted_record(tmp_path, change, code):
    folder = broken_bid(tmp_path, change)
    logs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for log in logs:
        result = ratdsl("run", str(folder), "-p", "2", "-s", "4", "--log", str(log))
        assert result.returncode == 1, result.stderr
        assert f" {code} " in result.stderr.splitlines()[0]
    assert logs[0].read_bytes() == logs[1].read_bytes()  # still byte for byte
    records = read_log(logs[0])
    for record in records:
        validate_log_record(record)
    last = records[-1]
    assert (last["t"], last["reason"], last["code"]) == ("aborted", "error", code)
    assert last["at"].startswith(str(folder / "game.rat") + ":")
    assert last["step"] == "auction.bids"
    result = replay_log(logs[0])  # the replay stops with the same error, the same record
    assert result.ok and result.aborted == "error"
    said = ratdsl("replay", str(logs[0]))  # and says that the game stopped early
    assert said.returncode == 0 and "stopped early (error), as logged" in said.stdout


def test_replay_notices_an_aborted_record_the_rules_do_not_give(tmp_path):
    folder = broken_bid(tmp_path, ("move 10 coin from bank to p.purse", "move 1 coin from bank to p.purse"))
    log = tmp_path / "a.jsonl"
    ratdsl("run", str(folder), "-p", "2", "-s", "4", "--log", str(log))
    records = read_log(log)
    records[-1]["code"] = "R002"
    log.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    assert not replay_log(log).ok


def default_sigint() -> None:
    """(A test runner started in the background may ignore SIGINT, and a child inherits that.)"""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until_reading_input(proc: subprocess.Popen, timeout: float = 60) -> None:
    """Polls until the process waits in a read of its standard input (Linux: /proc/PID/syscall
    shows `read` on descriptor 0; x86-64 and arm64 numbers)."""
    deadline = time.monotonic() + timeout
    syscall = Path(f"/proc/{proc.pid}/syscall")
    while True:
        fields = syscall.read_text().split()
        if fields[:2] in (["0", "0x0"], ["63", "0x0"]):
            return
        assert time.monotonic() < deadline and proc.poll() is None, fields
        time.sleep(0.05)  # (a poll, not a wait: the condition is checked again)


@pytest.mark.skipif(not Path("/proc/self/syscall").exists(), reason="reads /proc to see the input being read")
def test_ctrl_c_writes_the_log_so_far_and_exits_130(tmp_path, private_cache):
    log = tmp_path / "g.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ratdsl.cli.main", "run", str(BID), "-p", "2",
                             "--human", "2", "--log", str(log), "-s", "5"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=default_sigint)
    wait_for(proc, b"number [1-")
    assert not log.exists()
    wait_until_reading_input(proc)  # (the prompt is printed just before the input is read)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    assert proc.stderr.read().decode().strip() == "interrupted"  # type: ignore[union-attr]
    records = read_log(log)
    assert records[-1]["t"] == "aborted" and records[-1]["reason"] == "interrupted"
    for record in records:
        validate_log_record(record)
    result = replay_log(log)  # agrees up to the interruption
    assert result.ok and result.aborted == "interrupted"


def test_two_humans_at_one_terminal_are_told_only_what_both_may_see():
    # (a hot seat, as at `play`: Enter hands the terminal over, then the number, then Enter)
    result = ratdsl("run", str(BID), "-p", "2", "--human", "1", "--human", "2", "-s", "3",
                    stdin="\n3\n\n\n1\n\n\n2\n\n\n2\n\n")
    assert result.returncode == 0, result.stderr
    before = result.stdout.split("P2: bid\n")[0]
    assert "P1 decides" not in before and "P1.bid" not in before and "bid placed" not in before
    assert "bid P1 3" in result.stdout


@pytest.mark.parametrize("seat", ["0", "3"])
def test_a_human_seat_outside_the_game_is_refused(seat):
    result = ratdsl("run", str(BID), "-p", "2", "--human", seat)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == f"--human {seat}: seats are 1 to 2 (or P1 to P2)"  # (as `play` says it)


# ------------------------------------------------------------------ what the table shows of cards
RATTUS = ROOT / "rules" / "rattus"


class Watching(RandomAgent):
    """A random player that keeps each view it is asked with (what it may see at that moment)."""

    reads_view = True

    def __init__(self, seed: int, views: list[tuple[str, dict[str, Any]]]):
        super().__init__(seed)
        self.views = views

    def decide(self, decision: Decision) -> Any:
        self.views.append((decision.id, decision.view()))
        return super().decide(decision)


def test_a_face_down_stack_shows_its_size_and_its_top_back_only():
    """The stock and the regions' stacks are piles declared `face down`: every view a player is
    asked with shows how many tiles each holds, the back of the top one (its purple border or
    not) and the tiles that player was shown, where they lie; never the backs below."""
    from ratdsl.semantics.values import PileRef

    definition = load_rules(RATTUS)
    sight = sight_of(definition)
    views: list[tuple[str, dict[str, Any]]] = []
    Game(definition, 3, 3, agents=[Watching(agent_seed(3, s), views) for s in range(3)]).play()
    stacks = 0
    for _, view in views:
        peeked = {(p["pile"], p["position"]) for p in view["peeked"]}
        for pile, entries in view["cards"].items():
            if not sight.stacked(PileRef(None, pile)):
                continue
            stacks += 1
            size = view["piles"][pile]
            shown = {at for where, at in peeked if where == pile}
            assert [e["position"] for e in entries] == sorted(({1} if size else set()) | shown)
            for e in entries:
                assert ("card" in e) == (e["position"] in shown)  # a face only where it was shown
    assert stacks > 100 and any(v["peeked"] for _, v in views)


def test_the_backs_below_the_top_of_a_stack_never_reach_a_view():
    """Two tables that differ only in the order of the stock's tiles below its top (their backs
    differ: purple start tiles among plain ones) look the same to every player."""
    from ratdsl.semantics.values import PileRef

    definition = load_rules(RATTUS)
    sight = sight_of(definition)
    game = Game(definition, 3, 5, agents=[RandomAgent(s) for s in range(3)])
    game.header()
    game.setup()
    stock = game.state.piles[PileRef(None, "stock")]
    before = [game.runtime.view_for(seat) for seat in range(3)]
    assert before[0]["cards"]["stock"] == [
        {"fields": sight.card_fields(stock[0].name, face=False, holder=False), "position": 1}]
    below = list(stock[1:])
    assert len({sight.card_fields(c.name, face=False, holder=False)["start"] for c in below}) == 2
    stock[1:] = list(reversed(below))
    assert [game.runtime.view_for(seat) for seat in range(3)] == before


def test_every_field_a_player_may_see_is_in_the_view_lists_included():
    """A card's face shows every field that is not hidden, a list of symbols too (a plague
    tile's classes): the view of a tile the Witch looked at holds them, and the table says
    them in words (the class cards' titles)."""
    from ratdsl.cli.table.board import _declared_piles
    from ratdsl.cli.table.words import GameWords

    definition = load_rules(RATTUS)
    sight = sight_of(definition)
    for card in definition.cards.values():
        if card.deck == "rats":
            face = sight.card_fields(card.name, face=True, holder=False)
            assert set(face) == {f.name for f in card.fields}, card.name
            written = next(f for f in card.fields if f.name == "classes").value
            assert face["classes"] == [item.id for item in written.items]
    views: list[tuple[str, dict[str, Any]]] = []
    Game(definition, 3, 3, agents=[Watching(agent_seed(3, s), views) for s in range(3)]).play()
    words = GameWords(definition)
    peeks = 0
    for _, view in views:
        for seen in view["peeked"]:
            entries = view["cards"][seen["pile"]]
            if "position" not in entries[0]:  # (a pile face up: every card, from the top)
                continue
            entry = next(e for e in entries if e["position"] == seen["position"])
            assert entry["card"] == seen["card"]
            assert entry["fields"] == sight.card_fields(seen["card"], face=True, holder=False)
            line = next(text for text, _ in _declared_piles(view, words)
                        if text.startswith(words.pile(seen["pile"])))
            for symbol in entry["fields"]["classes"]:
                assert words.card(symbol) in line
            peeks += 1
    assert peeks > 0
