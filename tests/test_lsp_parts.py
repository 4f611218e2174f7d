"""The language server's parts in-process: the loader's hook for unsaved text, renames of option
values and options (locale variables, variant keys, scenario data), locals, and the debounce."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from lsprotocol import types as T

from ratdsl.language.loader import parse_file
from ratdsl.language.sources import set_unsaved
from ratdsl.lsp import navigation
from ratdsl.lsp.server import DEBOUNCE_SECONDS, make_server
from ratdsl.lsp.workspace import Workspace

RULES = Path(__file__).resolve().parent.parent / "rules" / "ratland"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("parts") / "ratland"
    shutil.copytree(RULES, folder)
    return folder


def where(path: Path, line_has: str, word: str, offset: int = 1) -> T.Position:
    lines = path.read_text().split("\n")
    number = next(i for i, line in enumerate(lines) if line_has in line)
    return T.Position(number, lines[number].index(word, lines[number].index(line_has)) + offset)


def written(edit: T.WorkspaceEdit) -> dict[str, list[tuple[int, str]]]:
    """file -> [(line, the text each edit replaces)]."""
    out: dict[str, list[tuple[int, str]]] = {}
    for uri, edits in edit.changes.items():
        path = Path(uri.removeprefix("file://"))
        lines = path.read_text().split("\n")
        out[str(path)] = sorted((e.range.start.line, lines[e.range.start.line][e.range.start.character:
                                                                              e.range.end.character]) for e in edits)
    return out


def test_an_unsaved_text_is_what_the_loader_reads_until_it_is_dropped(tmp_path):
    path = tmp_path / "a.rat"
    path.write_text("func f() = 1\n")
    assert parse_file(path).decls[0].name == "f"
    set_unsaved(path, "func g() = 2\n")
    try:
        assert parse_file(path).decls[0].name == "g"
    finally:
        set_unsaved(path, None)
    assert parse_file(path).decls[0].name == "f"


def test_renaming_an_option_value_changes_its_keys_variants_and_scenario_data_not_prose(game):
    ws = Workspace()
    path = game / "game.rat"
    edit = written(navigation.rename(ws, path, where(path, "option food_order", "sorted"), "ordered_pile"))
    line = where(path, "option food_order", "sorted").line
    assert edit[str(path)] == [(line, "sorted")]
    scenario = game / "scenarios" / "option_food_order_sorted.yaml"
    assert edit[str(scenario)] == [(5, "sorted")]  # options: {food_order: sorted}; not the name: line
    en = edit[str(game / "locales" / "en" / "game.ftl")]
    texts = (game / "locales" / "en" / "game.ftl").read_text().split("\n")
    assert {texts[n].split("=")[0].strip() for n, _ in en if "=" in texts[n]} >= {"option-food_order-sorted"}
    assert any(texts[n].strip().startswith("[sorted]") for n, _ in en)  # the variant key of $food_order
    assert all(word == "sorted" for _, word in en)


def test_renaming_an_option_changes_set_option_and_locale_variables(game):
    ws = Workspace()
    module = game / "modules" / "aggressive.rat"
    edit = written(navigation.rename(ws, module, where(module, "option aggressive_kills_to", "aggressive_kills_to"),
                                     "kills_go_to"))
    assert (5, "aggressive_kills_to") in edit[str(game / "variants" / "clan_wars.rat")]  # set option ...
    en = (game / "locales" / "en" / "aggressive.ftl").read_text()
    assert "$aggressive_kills_to" in en
    assert len(edit[str(game / "locales" / "en" / "aggressive.ftl")]) == en.count("aggressive_kills_to")


def test_renaming_a_local_stays_in_its_scope(game):
    ws = Workspace()
    path = game / "round.rat"
    pos = where(path, "move all rat from zones(p, deployable)", "p", 0)
    edit = written(navigation.rename(ws, path, pos, "rat_owner"))
    assert list(edit) == [str(path)]
    loop = where(path, "step gather", "gather").line + 1  # `for each p in players {` ... `}`: 4 lines
    assert [n for n, _ in edit[str(path)]] == [loop, loop + 1, loop + 1, loop + 2]
    with pytest.raises(navigation.RenameRefused, match="already declared"):
        navigation.rename(ws, path, pos, "supply")


def test_prepare_rename_is_the_name_and_nothing_on_a_keyword(game):
    ws = Workspace()
    path = game / "round.rat"
    assert navigation.prepare_rename(ws, path, where(path, "step gather", "step")) is None
    found = navigation.prepare_rename(ws, path, where(path, "do gathered(p)", "gathered"))
    assert found.end.character - found.start.character == len("gathered")


def test_diagnostics_wait_for_a_pause_in_the_edits():
    """On an event loop whose clock the test sets (no waiting): edits closer together than
    DEBOUNCE_SECONDS publish nothing; the pause after the last publishes once."""
    server = make_server()
    published = []
    server.publish_all = lambda: published.append(1)
    loop = asyncio.new_event_loop()
    clock = [0.0]
    loop.time = lambda: clock[0]  # type: ignore[method-assign]

    async def edit():
        server.schedule_diagnostics()

    async def idle():
        pass

    try:
        for _ in range(5):
            loop.run_until_complete(edit())
            clock[0] += DEBOUNCE_SECONDS * 0.9  # (the loop runs what is due by now: nothing)
            loop.run_until_complete(idle())
        assert published == []
        clock[0] += DEBOUNCE_SECONDS * 0.2
        loop.run_until_complete(idle())
        assert published == [1]
        clock[0] += DEBOUNCE_SECONDS * 10
        loop.run_until_complete(idle())
        assert published == [1]
    finally:
        loop.close()


def test_other_commands_do_not_import_pygls():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import sys, ratdsl.cli.main; print('pygls' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_unsaved_texts_never_reach_the_disk_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RATDSL_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "b.rat"
    path.write_text("func f() = 1\n")
    parse_file(path)
    stored = sorted((tmp_path / "cache").glob("ast-*"))
    assert len(stored) == 1  # the saved file's AST
    try:
        for n in range(5):
            set_unsaved(path, f"func f() = {n + 2}\n")
            assert parse_file(path).decls[0].value.value == n + 2
    finally:
        set_unsaved(path, None)
    assert sorted((tmp_path / "cache").glob("ast-*")) == stored


def test_renaming_a_token_kind_reaches_bundles_counts_after_a_dot_and_scenario_keys(game):
    ws = Workspace()
    path = game / "game.rat"
    edit = written(navigation.rename(ws, path, where(path, "tokens rat", "rat"), "mouse"))
    assert {word for edits in edit.values() for _, word in edits} == {"rat"}
    round_rat = game / "round.rat"
    assert where(round_rat, "func attackers(a, side)", ".rat").line in [n for n, _ in edit[str(round_rat)]]
    assert where(path, "create {rat: rat_pile * boxes}", "rat").line in [n for n, _ in edit[str(path)]]
    assert str(game / "scenarios" / "event_drunk.yaml") in edit  # P1.dump: {rat: 8}
    assert str(game / "locales" / "en" / "game.ftl") in edit  # kind-rat, $rat


def test_renaming_a_zone_reaches_metrics_and_persona_weights_not_a_phase_of_the_same_name(game):
    ws = Workspace()
    path = game / "game.rat"
    edit = written(navigation.rename(ws, path, where(path, "per player zone dump", "pantry"), "larder"))
    simulation = game / "simulation.rat"
    metric = where(simulation, "tokens cheese from pantry into pantry", "pantry").line
    assert [n for n, _ in edit[str(simulation)]].count(metric) == 2  # from pantry into pantry
    nursery = written(navigation.rename(ws, path, where(path, "per player zone dump", "nursery"), "creche"))
    persona = where(simulation, "placement.nursery = 5", "nursery").line
    assert persona in [n for n, _ in nursery[str(simulation)]]
    round_rat = game / "round.rat"
    assert where(round_rat, 'phase nursery "Nursery"', "nursery").line not in [n for n, _ in nursery[str(round_rat)]]


def test_renaming_a_zone_leaves_a_scenarios_phase_of_the_same_name(game):
    ws = Workspace()
    path = game / "game.rat"
    edit = written(navigation.rename(ws, path, where(path, "per player zone dump", "nursery"), "creche"))
    scenario = game / "scenarios" / "example_nursery.yaml"
    lines = scenario.read_text().split("\n")
    phases = next(i for i, line in enumerate(lines) if line.strip().startswith("phases:"))
    assert "nursery" in lines[phases] and phases not in [n for n, _ in edit[str(scenario)]]
    assert edit[str(scenario)]  # its zones are renamed


def test_hover_in_a_variant_shows_what_it_sets_an_option_to(game):
    from ratdsl.lsp.hover import hover

    ws = Workspace()
    variant = game / "variants" / "clan_wars.rat"
    text = hover(ws, variant, where(variant, "set option aggressive_kills_to", "aggressive_kills_to")).contents.value
    assert "values: pile, graveyard; default: `pile`" in text and "this variant sets it to `graveyard`" in text


def test_definition_of_a_local_is_where_it_is_bound(game):
    ws = Workspace()
    path = game / "round.rat"
    found = navigation.definition(ws, path, where(path, "do gathered(p)", "p)", 0))
    binder = where(path, "for each p in players", "p", 0)
    gather = where(path, "step gather", "gather").line
    assert [(loc.range.start.line, loc.range.start.character) for loc in found] == [(binder.line, binder.character)]
    assert binder.line == gather + 1
