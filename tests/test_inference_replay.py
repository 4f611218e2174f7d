"""The inference's walks replay the declarations whose inputs did not change (semantics/replay.py):
the typed form must be the one that typing every declaration in every walk gives. Each rule set
here is inferred twice, once as shipped and once with every record refused (each declaration
typed again in each walk), and the two forms are compared whole: every expression's type, the
results, parameters, constants, variables, options, fields and findings. (Against the inference
before replay existed: benchmarks/inference_diff.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from ratdsl.language import ast as A
from ratdsl.language.loader import load
from ratdsl.semantics import replay
from ratdsl.semantics.inference import infer
from ratdsl.semantics.resolver import resolve

ROOT = Path(__file__).resolve().parents[1]
RULE_SETS = [("rules/ratland", ("aggressive", "clans")), ("rules/rattus", ()), ("rules/ratatopolis", ()),
             ("tests/games/plans_demo", ()), ("tests/games/board_demo", ()), ("tests/broken/pile_of_two_decks", ())]


def _form(decls: list[A.Decl]) -> dict:
    form = infer(decls, resolve(decls))
    nodes: list[A.Node] = []
    todo: list[A.Node] = list(reversed(decls))
    while todo:
        node = todo.pop()
        nodes.append(node)
        todo.extend(reversed(A.children_of(node)))
    return {"types": [(n.__class__.__name__, form.types.get(id(n), "absent")) for n in nodes],
            "typed": len(form.types), "results": form.results, "params": form.params, "consts": form.consts,
            "variables": form.variables, "options": form.options, "card_fields": form.card_fields,
            "board_fields": form.board_fields,
            "findings": [(f.code, f.span, f.message, f.hint) for f in form.findings]}


@pytest.mark.parametrize("where,modules", RULE_SETS, ids=[w for w, _ in RULE_SETS])
def test_replayed_walks_give_what_full_walks_give(where, modules, monkeypatch):
    decls = list(load(ROOT / where, modules).decls)
    replayed = _form(decls)
    counted = {"replays": 0}
    unchanged = replay.Replay.unchanged

    def counting(self, record) -> bool:
        if unchanged(self, record):
            counted["replays"] += 1
        return False  # (typed again all the same)

    monkeypatch.setattr(replay.Replay, "unchanged", counting)
    full = _form(decls)
    assert counted["replays"] > 0  # (the shipped inference replays some of these declarations)
    for part in replayed:
        assert replayed[part] == full[part], part
