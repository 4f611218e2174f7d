"""Static types (issue 37) that the fuzz measure asked for: lists written out item by item keep
each position's kind, lists tagged by a name first are told apart by a test of it, and piles
carry the decks of the cards the rules put in them."""

from __future__ import annotations

from pathlib import Path

from ratdsl.language.loader import load
from ratdsl.semantics import types as T
from ratdsl.semantics.inference import infer
from ratdsl.semantics.resolver import resolve

ROOT = Path(__file__).resolve().parents[1]
_HEAD = ('game g "G" {\n  players 2..4\n}\ntokens red\nzone stock\nper player zone hand\nsymbols attack, move\n'
         "deck goods {\n  fields worth\n}\ncard bread in goods {\n  worth = 2\n}\n"
         "deck blights {\n  fields harm\n}\ncard mould in blights {\n  harm = 1\n}\npile market, rubbish\n"
         "round main\n")
_TAIL = ("\nphase main {\n  step s {\n    move 1 red from stock to active.hand\n  }\n}\n"
         "scoring p {\n  score = p.hand.red\n}\n")


def _typed(tmp_path: Path, body: str):
    (tmp_path / "game.rat").write_text(_HEAD + body + _TAIL, "utf-8")
    rules = load(tmp_path, ())
    return rules, infer(rules.decls, resolve(rules.decls))


def _result(form, name: str) -> str:
    return T.words(form.results[name])


def test_a_position_of_a_list_written_out_has_its_own_kind(tmp_path):
    _, form = _typed(tmp_path, "func pair() = [active, 1]\nfunc first() = pair()[0]\nfunc second() = pair()[1]\n"
                               "func any_item(i) = pair()[i]\nfunc kept() = (pair() where true)[0]\n"
                               "func used() = any_item(0) + kept()")
    assert _result(form, "first") == "a player"
    assert _result(form, "second") == "a number"
    assert _result(form, "any_item") == "a number or a player"  # (an index that is no number written out)
    assert _result(form, "kept") == "a number or a player"  # (`where` may move the items)


def test_a_test_of_a_lists_tag_narrows_what_it_guards(tmp_path):
    _, form = _typed(tmp_path, "\n".join((
        "func orders() = [[attack, p, 1] for p in players] + [[move, stock, 2] for p in players]",
        "func is(o, kind) = o[0] == kind",
        "func whom(o) = if o[0] == attack then o[1] else none",
        "func where_to(o) = if is(o, attack) then none else o[1]",
        "func targets() = [o[1] for o in orders() if is(o, attack)]",
        "func others() = [o[1] for o in orders() if not is(o, attack)]",
        "func all_of() = [o[1] for o in orders()]",
        "func used() = len([whom(o) for o in orders()]) + len([where_to(o) for o in orders()]) + len(targets())"
        " + len(others())",
        "func also_used() = len(all_of()) + len([by_kind(o, attack) for o in orders()])"
        " + len([by_kind(o, move) for o in orders()])",
        "func by_kind(o, kind) = if o[0] == kind and kind == attack then o[1] else none")))
    assert not form.findings
    assert _result(form, "whom") == "a player or none"
    assert _result(form, "where_to") == "a zone or none"
    assert _result(form, "targets") == "a list of players"
    assert _result(form, "others") == "a list of zones"
    assert T.tags(T.element(form.results["all_of"])) == {T.PLAYER, T.ZONE}  # (no test: either)
    assert _result(form, "by_kind") == "a player or none"  # (o's tag is kind, and kind is attack)


def test_a_pile_holds_the_decks_the_rules_put_in_it(tmp_path):
    _, form = _typed(tmp_path, "setup {\n  step fill {\n    create cards(goods) in market\n"
                               "    place top(market) on top of rubbish\n  }\n}\n"
                               "func worth() = top(rubbish).worth\nfunc used() = worth()")
    assert not form.findings
    assert _result(form, "worth") == "a number"  # (a card of goods: top of an empty pile is the game's)
    _, form = _typed(tmp_path, "setup {\n  step fill {\n    create cards(goods) in market\n"
                               "    create cards(blights) in rubbish\n    place rubbish on top of market\n  }\n}\n")
    assert [f.code for f in form.findings] == ["E290"]


_ORDERS = "\n".join((
    "per player var orders = [none, none]",
    "func order(p, k) = p.orders[k]",
    "func runs(p, k, kind) = p.orders[k] != none {op} p.orders[k][0] == kind",
    "rule plan(k) {",
    "  for each p in players {",
    "    set p.orders = [if i == k then (if k == 0 then [attack, stock, p] else [move, stock, hand]) "
    "else none for i in 0..1]",
    "  }",
    "}",
    "rule hit(k) {",
    "  let hits = [p.orders[k] for p in players if runs(p, k, attack)]",
    "  let movers = [p for p in players if runs(p, k, move)]",
    "  let moves = [[p, 1] for p in movers]",
    "  for each h in hits {",
    "    move up to 1 red from h[2][h[1]] to stock",
    "  }",
    "  for each m in moves {",
    "    let o = m[0].orders[k]",
    "    move m[1] red from m[0][o[2]] to o[1]",
    "  }",
    "}",
    "phase go {",
    "  step s {",
    "    do plan(0)",
    "    do hit(0)",
    "    do plan(1)",
    "    do hit(1)",
    "  }",
    "}\n"))


def test_a_test_of_a_players_tagged_list_marks_the_player(tmp_path):
    """`runs(p, k, attack)` tells what `p.orders[k]` is: the hits are attacks and the movers'
    orders moves, wherever the players are put (`moves`' position 0), so both lookups are of one
    kind; without the test (`or`) a hit may be a move, whose h[2] is a zone: E291."""
    _, form = _typed(tmp_path, _ORDERS.replace("{op}", "and"))
    assert not [f for f in form.findings if f.code == "E291"]
    _, form = _typed(tmp_path, _ORDERS.replace("{op}", "or"))
    found = [(f.code, f.span.line - _HEAD.count("\n")) for f in form.findings if f.code == "E291"]
    assert found == [("E291", 14), ("E291", 18)]


def test_a_lookup_is_held_to_every_kind_but_none(tmp_path):
    """E291 where a value of a lookup may be a kind it refuses; a none it may be is the game's."""
    _, form = _typed(tmp_path, "func n(p) = sum([size(p[x]) for x in [hand, none]])\nfunc used() = n(active)")
    assert not form.findings
    _, form = _typed(tmp_path, "func n(p) = sum([size(p[x]) for x in places(p)])\nfunc used() = n(active)\n"
                               "func places(p) = [hand, p]")
    assert [(f.code, f.message.split(":")[1].strip()) for f in form.findings] == \
        [("E291", "cannot look up a player in a player")]


def test_a_builtins_list_is_held_to_one_kind_of_item(tmp_path):
    """E280 where `max`, `sum`, `count`'s kinds, ... may get a list holding items of a kind they
    refuse beside the ones they take; a none among the items, or an empty list joined, is none."""
    _, form = _typed(tmp_path, "func a() = max([size(p.hand) for p in players] + [] + [1, none])\n"
                               "func b() = sum([1, none]) + count(stock, [red, none])\nfunc used() = a() + b()")
    assert not form.findings
    _, form = _typed(tmp_path, "func a() = max([contents(active.hand), 1])\n"
                               "func b() = sum([1, active])\nfunc used() = a() + b()")
    assert [(f.code, f.span.line - _HEAD.count("\n")) for f in form.findings] == [("E280", 1), ("E280", 2)]


def test_a_name_looked_up_in_what_has_no_members(tmp_path):
    """`X[name]` is `.name`: E225 where X surely has no members (a side), E291 where it may be a
    kind without them; a player or a zone looked up by a name is no finding."""
    _, form = _typed(tmp_path, "func a(z) = size(active[z]) + stock[z]\nfunc used() = a(hand)")
    assert not form.findings
    _, form = _typed(tmp_path, "func a(z) = left[z]\nfunc b(z) = sum([size(x[z]) for x in pair()])\n"
                               "func used() = a(hand) + b(hand)\nfunc pair() = [active, 1]")
    assert [(f.code, f.span.line - _HEAD.count("\n")) for f in form.findings] == [("E225", 1), ("E291", 2)]


def test_a_deck_named_by_a_text_that_names_none(tmp_path):
    """`cards(TEXT)` takes the deck of that name: E280 where the text names no deck."""
    _, form = _typed(tmp_path, 'func a() = len(cards("goods")) + len(cards(goods))')
    assert not form.findings
    _, form = _typed(tmp_path, 'func a() = len(cards(""))')
    assert [f.code for f in form.findings] == ["E280"]


def test_an_index_past_the_end_of_a_list_written_out(tmp_path):
    """E225 for `xs[i]` past the end of every list written out xs may be; within one of them, or
    of a list that is not written out, no finding."""
    _, form = _typed(tmp_path, "func a() = [[active, 1]][0][1] + [1, 2, 3][-3] + (1..5)[7]")
    assert not form.findings
    _, form = _typed(tmp_path, "func a() = [[active, 1]][0][2]")
    assert [f.code for f in form.findings] == ["E225"]


def test_a_kind_the_key_cannot_look_up_in_gives_nothing_to_the_lookups_kind(tmp_path):
    """`o[0]` of a zone or a list of numbers: a zone looked up by a number stops a game (E291 and
    E288, the call giving the zone, say so), and the lookup is a number, not any kind (which hid
    what its callers do with it: fuzz case 1:18866)."""
    _, form = _typed(tmp_path, "func head(o) = o[0]\nfunc used() = head([1, 2]) + head(stock)")
    assert _result(form, "head") == "a number"
    assert sorted(f.code for f in form.findings) == ["E288", "E291"]


def test_a_let_set_twice_in_a_row_keeps_its_kind(tmp_path):
    """Fuzz case 1:62927: with two `set`s of a `let` in a row, the second read it as any kind in
    the first walk, and the walks settled there, so a pair read by the wrong position passed."""
    rule = ("rule pairs(p) {\n  let xs = [[p, 1]]\n  set xs = xs + [[p, 2]]\n  set xs = xs + [[p, 3]]\n"
            "  for each m in xs {\n    move m[1] red from stock to m[0][hand]\n  }\n}\n"
            "phase other {\n  step t {\n    do pairs(active)\n  }\n}\n")
    _, form = _typed(tmp_path, rule)
    assert not [f for f in form.findings if f.code.startswith("E")]
    _, form = _typed(tmp_path, rule.replace("m[0][hand]", "m[1][hand]"))
    assert "E225" in [f.code for f in form.findings]


def test_a_zone_of_any_board_reads_a_field_not_a_count(tmp_path):
    """Fuzz case 1:73717: `s.tiles` of a zone whose board is not known was a pile or a number (a
    count of tokens), so `min(s.tiles)` passed; `tiles` names no token kind, so it is the field."""
    board = ('board map "Map" {\n  fields heap\n  space north "North" { heap = market }\n}\n'
             "func heaps() = [s.heap for s in [north, stock]]\nfunc counted() = [s.red for s in [north, stock]]\n")
    _, form = _typed(tmp_path, board)
    assert _result(form, "heaps") == "a list of piles of cards"
    assert _result(form, "counted") == "a list of numbers"
    _, form = _typed(tmp_path, board + "func least() = min(heaps()[0])\n")
    assert "E280" in [f.code for f in form.findings]


def test_going_through_what_has_no_items_gives_nothing_not_any_kind(tmp_path):
    """Fuzz case 1:84506: Ratatopolis's `group` calling `attack_reach` (which goes through its
    places) with a planned step's building: going through a zone was any kind, which spread
    through the plans back to the call, so nothing was found and a game stopped on it. A zone has
    no items (a game stops there): it gives no kind, and the call is found."""
    import shutil

    from ratdsl.checker.run import check_path

    folder = tmp_path / "ratatopolis"
    shutil.copytree(ROOT / "rules" / "ratatopolis", folder)
    actions = folder / "actions.rat"
    text = actions.read_text("utf-8")
    assert "func group(p, k) = rats(p, p.orders[k][1])" in text
    actions.write_text(text.replace("func group(p, k) = rats(", "func group(p, k) = attack_reach("), "utf-8")
    codes = {d.code for d in check_path(folder)}
    assert {"E288", "E280"} <= codes


def test_the_length_of_a_zone_says_how_a_zone_is_counted(tmp_path):
    _, form = _typed(tmp_path, "func held() = len(stock)\n")
    [found] = [f for f in form.findings if f.code == "E280"]
    assert "size(zone)" in found.hint and "zone.KIND" in found.hint
