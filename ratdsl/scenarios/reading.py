"""Reading a scenario file from a stranger: bounded in size and depth, no YAML aliases, every
problem one line (`ScenarioFileError`), and its `rules:` kept inside the game folder that holds it.

JSON and TOML are parsed by the standard library (a file nested deeper than Python's recursion
limit is refused, not a crash), YAML by a safe loader that refuses aliases (a "billion laughs"
file of a few hundred bytes expands to gigabytes through them) and counts its depth as it
builds nodes. Whatever the format, the data is then measured without recursion before the
schema sees it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import yaml

from ..bounded import nesting_depth

MAX_SCENARIO_BYTES = 1_000_000  # the shipped scenarios are 2 KB at most
MAX_SCENARIO_DEPTH = 32  # nested lists and objects; the shipped scenarios nest 6 deep


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read as data: the message is one line."""


def read_data(path: Path) -> Any:
    """The file's data (JSON, TOML, or YAML for any other suffix), within the limits."""
    with open(path, "rb") as stream:
        raw = stream.read(MAX_SCENARIO_BYTES + 1)
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioFileError(f"larger than {MAX_SCENARIO_BYTES:,} bytes: not a scenario")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioFileError(f"not UTF-8 text (byte 0x{raw[err.start]:02x} at offset {err.start})") from None
    data = _parse(text, path.suffix)
    if depth(data) > MAX_SCENARIO_DEPTH:
        raise ScenarioFileError(f"nested more than {MAX_SCENARIO_DEPTH} deep: not a scenario")
    return data


def _parse(text: str, suffix: str) -> Any:
    try:
        if suffix == ".json":
            return json.loads(text)
        if suffix == ".toml":
            return tomllib.loads(text)
        return yaml.load(text, Loader=_BoundedLoader)  # noqa: S506 - a SafeLoader, bounded
    except RecursionError:
        raise ScenarioFileError(f"nested more than {MAX_SCENARIO_DEPTH} deep: not a scenario") from None
    except json.JSONDecodeError as err:
        raise ScenarioFileError(f"not valid JSON: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise ScenarioFileError(f"not valid TOML: {err}") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise ScenarioFileError(f"not valid YAML: {err.problem or err.context}{where}") from None
    except yaml.YAMLError as err:
        raise ScenarioFileError(f"not valid YAML: {str(err).splitlines()[0]}") from None


class _BoundedLoader(yaml.SafeLoader):
    """yaml.SafeLoader without aliases (`*name`), and no deeper than MAX_SCENARIO_DEPTH."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise ScenarioFileError(f"a YAML alias at line {mark.line + 1}, column {mark.column + 1}: scenarios "
                                    "may not repeat data by reference; write it out")
        self.depth += 1
        try:
            if self.depth > MAX_SCENARIO_DEPTH:
                mark = self.peek_event().start_mark
                raise ScenarioFileError(f"nested more than {MAX_SCENARIO_DEPTH} deep at line {mark.line + 1}: "
                                        "not a scenario")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def depth(data: Any) -> int:
    """How deep lists and objects nest in `data`, looking no further than the limit."""
    return nesting_depth(data, MAX_SCENARIO_DEPTH)
