"""cli/plain_values.py converts the plain values of every command's parameters exactly as Typer's
own (pydantic) conversion does, leaves every other value to it, and spares `ratdsl check` and
`ratdsl simulate` the import of pydantic."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer._coercion import build_runtime_param

from ratdsl.cli import plain_values
from ratdsl.cli.main import app
from ratdsl.cli.plain_values import NOT_PLAIN, plain

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {int: ["0", "1", "3", "12", "-2", "007", "+4", " 5", "1_000", "2.0", "x", "99999999999999999999", 4, 0,
                 True, 2.0],
           float: ["0.5", "2", "-1.25", "1e-3", "nan", ".5", "x", 0.1, 2, True],
           str: ["x", "a b", "", "é", 3],
           Path: ["rules/ratland", "no/such/place", "-", ".", Path("rules"), 3]}
_NOTHING = object()


def parameters():
    command = typer.main.get_command(app)
    for name, sub in sorted(command.commands.items()):
        for param in sub.params:
            descriptor = getattr(param, "type_descriptor", None)
            if descriptor is not None and descriptor.file_annotation is None:
                yield pytest.param(sub, param, id=f"{name}-{param.name}")


def typers_own(descriptor, value, param, ctx):
    try:
        return build_runtime_param(descriptor)._coerce_value(value, param=param, ctx=ctx)
    except Exception as err:  # noqa: BLE001 - refused: its message is Typer's
        return type(err)


@pytest.mark.parametrize("command,param", list(parameters()))
def test_every_plain_value_is_converted_as_typer_converts_it(command, param):
    descriptor = param.type_descriptor
    annotation = descriptor.annotation
    item = annotation.__args__[0] if getattr(annotation, "__origin__", None) is list else annotation
    ctx = command.make_context("ratdsl", [], resilient_parsing=True)
    values = SAMPLES.get(item, [])
    if item is not annotation:
        values = [list(values[:2]), list(values), []]
    converted = 0
    for value in values:
        ours = plain(annotation, descriptor.parameter_info, value, param, ctx)
        if ours is NOT_PLAIN:
            continue
        theirs = typers_own(descriptor, value, param, ctx)
        assert ours == theirs and type(ours) is type(theirs), (value, ours, theirs)
        converted += 1
    if values:
        assert converted  # (the plain path is taken for some value of every kind in use)


def test_a_value_that_is_not_plain_is_left_to_typer():
    info = typer.models.OptionInfo(min=0, max=3)
    assert plain(int, info, "4") is NOT_PLAIN  # out of range: Typer's own message
    assert plain(int, info, "1_000") is NOT_PLAIN and plain(int, info, 2.0) is NOT_PLAIN
    assert plain(bool, info, "yes") is NOT_PLAIN
    assert plain(int, typer.models.OptionInfo(parser=int), "1") is NOT_PLAIN
    assert plain(int, info, "3") == 3


PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.__stderr__.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["ratdsl", *sys.argv[1:]]
from ratdsl.cli.main import main
main()
"""


@pytest.mark.parametrize("args", [["check", "rules/ratland"], ["simulate", "rules/ratland", "--games", "1"]],
                         ids=["check", "simulate"])
def test_check_and_simulate_import_no_pydantic(args):
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    assert not {m for m in json.loads(line.removeprefix("MODULES ")) if m.split(".")[0] == "pydantic"}


def test_a_bad_value_still_gets_typers_message():
    done = subprocess.run([sys.executable, "-m", "ratdsl.cli.main", "simulate", "rules/ratland", "--games", "x"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "Input should be a valid integer" in done.stderr, done.stderr


def test_installing_twice_changes_nothing():
    assert plain_values.install() and plain_values.install()
    import typer.core

    assert typer.core.build_runtime_param.plain_values
