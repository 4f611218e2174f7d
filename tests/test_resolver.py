"""The resolver: every name of the rules has one meaning in the symbol table, and every stage
(checker, tree-walker, code generator, summaries) reads that meaning instead of its own."""

from pathlib import Path

import pytest

from ratdsl import session
from ratdsl.agents.random_agent import RandomAgent, agent_seed
from ratdsl.checker import check_ruleset
from ratdsl.engine.game import Game
from ratdsl.engine.interpreter import Env, Interpreter, name_reads
from ratdsl.language import ast as A
from ratdsl.language.loader import load
from ratdsl.semantics.resolver import resolve
from ratdsl.semantics.symbols import (
    BUILTIN,
    BUILTIN_NAMES,
    CONST,
    FUNC,
    GAME_NAMES,
    LOCAL,
    RULE,
    STATE_NAMES,
    TABLE,
    VAR,
)
from ratdsl.session import load_rules
from ratdsl.summaries.static import NotStatic, StaticEval

from .conftest import RATLAND

PROGRAM = Path(__file__).parent / "programs" / "scopes.rat"
VARIANTS = sorted((RATLAND / "variants").glob("*.rat"))
RULE_SETS = [(RATLAND, ()), (RATLAND, ("clans", "aggressive")), *((v, ()) for v in VARIANTS), (PROGRAM.parent, ())]
IDS = ["base", "both-modules", *(v.stem for v in VARIANTS), "scopes"]


def _load(path, modules=()):
    if path == PROGRAM.parent:  # the program folder holds one game
        return load(PROGRAM.parent, modules)
    return load(path, modules)


def _all_nodes(decls):
    for decl in decls:
        yield from A.walk(decl)


@pytest.mark.parametrize(("path", "modules"), RULE_SETS, ids=IDS)
def test_every_name_in_valid_rules_resolves(path, modules):
    ruleset = _load(path, modules)
    assert check_ruleset(ruleset) == [] or path == PROGRAM.parent
    table = resolve(ruleset.decls)
    names = [n for n in _all_nodes(ruleset.decls) if isinstance(n, A.Name)]
    assert names
    for node in names:
        assert table.known(node), f"{node.span}: {node.id} was never resolved"
        assert table.ref(node) is not None, f"{node.span}: {node.id} resolves to nothing"
    for node in _all_nodes(ruleset.decls):
        if isinstance(node, (A.Call, A.Do, A.Modify, A.Hook)):
            target = table.ref(node)
            assert target is not None, f"{node.span}: the target of {type(node).__name__} is unknown"
            if isinstance(node, A.Do) or isinstance(node, A.Hook):
                assert target.kind == RULE and target.decl.name == node.rule if isinstance(node, A.Do) \
                    else target.kind == RULE
            if isinstance(node, A.Call):
                assert target.kind in (FUNC, TABLE, BUILTIN)


def test_a_load_resolves_once_and_the_checker_and_the_definition_share_the_table(monkeypatch):
    tables = []

    def counting(decls):
        tables.append(resolve(decls))
        return tables[-1]

    monkeypatch.setattr(session, "resolve", counting)
    d = session.load_rules(RATLAND, ["clans", "aggressive"])
    assert len(tables) == 1 and d.symbol_table is tables[0]


def _names(table, text_id):
    return [n for n in table.names() if n.id == text_id]


def test_locals_shadow_globals(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "g.rat").write_text("""game g "G" {
  players 2..3
}
tokens coin
zone bank
var total = 0
const step_size = 2
func add(total) = total + step_size
round main
phase main "Main" {
  step one {
    let step_size = 5
    set total = add(step_size)
    for each bank in [1, 2] {
      set total = total + bank
    }
    say "x" with [coin for coin in [bank]], players where it == active, step_size
  }
}
""")
    ruleset = load(game)
    assert check_ruleset(ruleset) == []
    table = resolve(ruleset.decls)
    kinds = {}
    for node in table.names():
        kinds.setdefault(node.id, []).append(table.ref(node).kind)
    assert kinds["total"] == [LOCAL, VAR, VAR, VAR]  # the func's parameter, then the var
    assert kinds["step_size"] == [CONST, LOCAL, LOCAL]  # the const in the func, then the let
    assert kinds["bank"] == [LOCAL, "zone"]  # the loop variable, then the zone after the loop
    assert kinds["coin"] == [LOCAL]  # the comprehension's variable
    assert kinds["it"] == [LOCAL]
    assert kinds["players"] == [BUILTIN] and kinds["active"] == [BUILTIN]
    func = next(d for d in ruleset.decls if isinstance(d, A.Func))
    param = table.ref(_names(table, "total")[0])
    assert param.decl is func and param.binder == "param"
    let = table.ref(_names(table, "step_size")[1])
    assert isinstance(let.decl, A.Let) and let.binder == "let"


def test_a_let_is_seen_after_it_and_only_in_its_block(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "g.rat").write_text("""game g "G" {
  players 2..3
}
round main
phase main "Main" {
  step one {
    if true {
      let x = 1
      say "in" with x
    }
    say "out" with x
  }
}
""")
    ruleset = load(game)
    table = resolve(ruleset.decls)
    inner, outer = _names(table, "x")
    assert table.ref(inner).kind == LOCAL
    assert table.ref(outer) is None and table.visible_locals(outer) == ()
    assert [d.code for d in check_ruleset(ruleset)] == ["E202"]


def test_a_variants_replace_changes_what_names_resolve_to():
    variant = RATLAND / "variants" / "lean_times.rat"
    base, changed = resolve(load(RATLAND).decls), resolve(load(variant).decls)
    [old] = [d for d in load(RATLAND).decls if isinstance(d, A.Table) and d.name == "feeding_cost"]
    calls = [n for n in changed._keep if isinstance(n, A.Call) and n.func == "feeding_cost"]
    assert calls
    for call in calls:
        target = changed.ref(call)
        assert target.kind == TABLE and target.decl.span.file == str(variant)
    before = [n for n in base._keep if isinstance(n, A.Call) and n.func == "feeding_cost"]
    assert all(base.ref(c).decl.span.file != str(variant) for c in before)
    assert all(base.ref(c).decl == old for c in before)


def test_a_removed_declaration_no_longer_resolves(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "g.rat").write_text("""game g "G" {
  players 2..3
}
const extra = 1
var total = 0
round main
phase main "Main" {
  step one {
    set total = total + extra
  }
}
""")
    variant = game / "no_extra.rat"
    variant.write_text('variant no_extra "No extra" extends g\nremove const extra\n')
    assert resolve(load(game).decls).ref(_names(resolve(load(game).decls), "extra")[0]).kind == CONST
    table = resolve(load(variant).decls)
    assert table.ref(_names(table, "extra")[0]) is None
    assert [d.code for d in check_ruleset(load(variant))] == ["E202"]


def test_the_registry_lists_the_built_in_names():
    assert set(BUILTIN_NAMES) == {"players", "active", "round", "player_count", "left", "right",
                                  "it", "this", "base", "me"}
    assert GAME_NAMES == {"players", "active", "round", "player_count", "left", "right"}
    assert set(STATE_NAMES) == {"players", "active", "round", "player_count"}
    assert BUILTIN_NAMES["player_count"].per_game and not BUILTIN_NAMES["round"].per_game


# ---------------------------------------------------------------- the stages agree with the table
class _Watching(Interpreter):
    """The tree-walker, checking at every name it evaluates that the Env agrees with the table:
    a name the table finds local is bound in the Env; a global one is not."""

    __slots__ = ()
    seen: dict[str, int] = {}

    def _eval_name(self, node, env):
        table = self.d.symbol_table
        if table.known(node):
            found, _ = env.lookup(node.id)
            ref = table.ref(node)
            where = f"{node.span}: {node.id}"
            if ref is not None and ref.is_local:
                assert found, f"{where}: the table finds a local, the Env has none"
                _Watching.seen["local"] = _Watching.seen.get("local", 0) + 1
            else:
                assert not found, f"{where}: the table finds a global, the Env binds it"
                _Watching.seen["global"] = _Watching.seen.get("global", 0) + 1
        return Interpreter._eval_name(self, node, env)


@pytest.mark.parametrize(("path", "modules"), RULE_SETS[:-1], ids=IDS[:-1])
def test_the_tree_walker_binds_what_the_table_says(path, modules, monkeypatch):
    from ratdsl.engine import game as game_module

    d = load_rules(path, modules)
    monkeypatch.setattr(game_module, "Interpreter", _Watching, raising=False)
    _Watching.seen.clear()
    for seed in range(2):
        players = 3 + seed
        g = Game(d, players, seed, agents=[RandomAgent(agent_seed(seed, s)) for s in range(players)])
        assert isinstance(g.interp, _Watching)
        g.play()
    assert _Watching.seen.get("local", 0) > 100 and _Watching.seen.get("global", 0) > 100


def test_the_fast_reads_equal_the_full_lookup():
    d = load_rules(RATLAND, ("clans", "aggressive"))
    g = Game(d, 4, 3, agents=[RandomAgent(agent_seed(3, s)) for s in range(4)])
    g.setup()
    it = g.interp
    reads = name_reads(d)
    assert reads
    for node in d.symbol_table.names():
        read = reads.get(id(node))
        if read is not None:
            assert read(it, node) == it.global_name(node.id, node), node.id
        else:
            assert d.symbol_table.ref(node).kind == LOCAL


def test_the_static_evaluator_reads_constants_as_the_table_says():
    """A name the table calls state is not static; a constant is, with the value the engine
    gives the same name (at four players)."""
    d = load_rules(RATLAND, ("clans", "aggressive"))
    ev = StaticEval(d, 4)
    engine = Game(d, 4, 0, agents=[RandomAgent(agent_seed(0, s)) for s in range(4)]).interp
    table = d.symbol_table
    seen = set()
    for node in table.names():
        sym = table.ref(node)
        if sym.kind == VAR or sym.kind == LOCAL or node.id in STATE_NAMES and node.id != "player_count":
            with pytest.raises(NotStatic):
                ev.eval(node, {})
        elif sym.kind == CONST:
            assert ev.runtime(ev.eval(node, {})) == engine.eval(node, Env()), node.id
            seen.add(node.id)
    assert seen and seen <= set(d.consts)  # (the branch ran, on declared constants)


def test_the_checker_reports_unknown_names_where_the_table_has_none(tmp_path):
    game = tmp_path / "g"
    game.mkdir()
    (game / "g.rat").write_text("""game g "G" {
  players 2..3
}
round main
func f(value) = valu + 1
phase main "Main" {
  step one {
    say "x" with f(1), [q for q in [1] if qq > 0]
  }
}
""")
    ruleset = load(game)
    table = resolve(ruleset.decls)
    unknown = [n for n in table.names() if table.ref(n) is None]
    assert [n.id for n in unknown] == ["valu", "qq"]
    assert table.visible_locals(unknown[0]) == ("value",) and table.visible_locals(unknown[1]) == ("q",)
    found = [(d.code, d.line, d.hint) for d in check_ruleset(ruleset) if d.code == "E202"]
    assert found == [("E202", 5, "did you mean 'value'?"), ("E202", 8, "did you mean 'q'?")]


def test_env_lookup_is_still_how_unseen_nodes_are_read():
    """A node built after resolving (not in the table) is read as before: the Env, then globals."""
    d = load_rules(RATLAND)
    g = Game(d, 3, 0, agents=[RandomAgent(agent_seed(0, s)) for s in range(3)])
    node = A.Name("player_count")
    assert not d.symbol_table.known(node)
    assert g.interp.eval(node, Env()) == 3
    assert g.interp.eval(node, Env({"player_count": 9})) == 9


def test_the_highlighter_lists_the_registrys_names():
    """language/ cannot import the registry (it is a later layer): this keeps its list in step."""
    from ratdsl.language import highlight

    keywords = {"players", "active", "round"}  # highlighted as words of the language already
    assert set(highlight.BUILTIN_NAMES) | keywords == set(BUILTIN_NAMES)
    assert keywords <= set(highlight.DECLARATION_WORDS)
