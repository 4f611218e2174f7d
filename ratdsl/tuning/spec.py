"""Reading a tuning file (YAML, schemas/tuning.schema.json): a stranger's file, so bounded as a
scenario is (size, depth, no aliases), and every problem one line that points at the place in
the file (`TuningError`). What the names mean in the rules is checked in targets.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..records import record
from ..scenarios.reading import MAX_SCENARIO_BYTES, ScenarioFileError, _BoundedLoader, depth

KINDS = ("option", "const", "table", "card")
PLAYER_KINDS = ("random", "strong", "mixed")
DEFAULT_GAMES = {"random": 200, "strong": 20, "mixed": 40}
DEFAULT_AGENTS = {"random": "random", "strong": "mcts:16", "mixed": "mcts:16,random"}
BOUNDS = ("at_least", "at_most", "between", "target", "within")
MAX_CANDIDATE_VALUES = 10_000  # values of one varied thing: a range wider than this is a typo


class TuningError(ValueError):
    """A tuning file that cannot be used: one line, `FILE:LINE:COLUMN: CODE message`."""


@record(frozen=True)
class Place:
    """Where a value stands in the tuning file (1-based)."""
    file: str
    line: int
    column: int

    def error(self, code: str, message: str) -> TuningError:
        return TuningError(f"{self.file}:{self.line}:{self.column}: {code} {message}")


@record(frozen=True)
class Vary:
    """One thing that may vary: an option, or a whole number in a const, a table's row, a card
    (one of its fields, or anywhere in its text); `values` are the candidates, in order."""
    kind: str
    name: str
    values: tuple
    place: Place
    row: int | str | None = None
    field: str | None = None
    number: int | None = None
    listed: bool = False  # the values were listed (else a range, or an option's own values)

    @property
    def key(self) -> str:
        """The parameter's name in the study and the report: `const comeback`, `table cost[7]`,
        `card gift.amount`, `card gift#2`."""
        text = f"{self.kind} {self.name}"
        if self.row is not None:
            text += f"[{self.row}]"
        if self.field is not None:
            text += f".{self.field}"
        if self.number is not None:
            text += f"#{self.number}"
        return text


@record(frozen=True)
class Goal:
    """A bound on one metric, measured with one kind of players. `low`/`high` are None where
    open; `within_base` takes them from the base game's interval once measured."""
    metric: str
    players: str
    place: Place
    low: float | None = None
    high: float | None = None
    target: float | None = None
    within_base: bool = False
    scale: float = 1.0

    def describe(self) -> str:
        if self.target is not None:
            bound = f"= {self.target:g}"
        elif self.within_base:
            bound = "within the base game's interval"
        elif self.low is not None and self.high is not None:
            bound = f"between {self.low:g} and {self.high:g}"
        elif self.low is not None:
            bound = f"at least {self.low:g}"
        else:
            bound = f"at most {self.high:g}"
        return f"{self.metric} {bound} ({self.players} players)"


@record(frozen=True)
class Tuning:
    path: Path
    rules: Path
    name: str
    title: str
    players: int | None
    seed: int
    games: dict[str, int]
    agents: dict[str, str]
    vary: tuple[Vary, ...]
    goals: tuple[Goal, ...]
    digest: str  # of the file's text: a stored study belongs to one tuning file

    @property
    def player_kinds(self) -> list[str]:
        """The kinds of players the goals need, in a fixed order."""
        return [k for k in PLAYER_KINDS if any(g.players == k for g in self.goals)]


def read_tuning(path: Path) -> Tuning:
    """The tuning file at `path`, checked against its schema (names in the rules: targets.py)."""
    import hashlib

    from ..language.loader import RulesOutside, game_folder_above, rules_inside
    from ..schemas import validator

    file = str(path)
    data, marks, text = _read(path)
    place = _placer(file, marks)
    if not isinstance(data, dict):
        raise place(()).error("T002", "a tuning file is a mapping (vary:, goals:, ...)")
    errors = sorted(validator("tuning").iter_errors(data),
                    key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        raise place(tuple(err.absolute_path)).error("T002", f"{where}: {_short(err.message)}")
    base = game_folder_above(path)
    if "rules" in data:
        try:
            rules = rules_inside(data["rules"], path.parent, [base or path.parent], "rules:",
                                 "a tuning file names a game folder or variant file inside the game folder "
                                 "that holds it")
        except RulesOutside as err:
            raise place(("rules",)).error("T003", str(err)) from None
    elif base is None:
        raise place(()).error("T003", "no game folder holds this file: say which rules to tune with rules:")
    else:
        rules = base
    vary = tuple(_vary(item, place(("vary", i))) for i, item in enumerate(data["vary"]))
    seen: dict[str, Place] = {}
    for item in vary:
        if item.key in seen:
            raise item.place.error("T011", f"{item.key} is varied twice (first at line {seen[item.key].line})")
        seen[item.key] = item.place
    goals = tuple(_goal(g, place(("goals", i))) for i, g in enumerate(data["goals"]))
    stem = path.name.split(".")[0]
    name = data.get("name") or (stem if stem.isidentifier() else "tuned")
    return Tuning(path=path, rules=rules, name=name, title=data.get("title") or f"{name} (tuned)",
                  players=data.get("players"), seed=data.get("seed", 1),
                  games=DEFAULT_GAMES | data.get("games", {}), agents=DEFAULT_AGENTS | data.get("agents", {}),
                  vary=vary, goals=goals, digest=hashlib.sha256(text.encode()).hexdigest()[:16])


def _short(message: str, limit: int = 160) -> str:
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _vary(item: dict[str, Any], place: Place) -> Vary:
    kinds = [k for k in KINDS if k in item]
    if len(kinds) != 1:
        raise place.error("T002", "name exactly one of option, const, table or card"
                          + (f" (not {', '.join(kinds)})" if kinds else ""))
    kind = kinds[0]
    if kind == "table" and "row" not in item:
        raise place.error("T002", "a table's number is in a row: say which with row: (a number it covers, "
                          "or otherwise)")
    if kind != "table" and "row" in item:
        raise place.error("T002", "row: belongs to a table")
    if kind != "card" and "field" in item:
        raise place.error("T002", "field: belongs to a card")
    if kind == "option" and ("range" in item or "number" in item):
        raise place.error("T002", "an option takes values: (its own values by default), not range: or number:")
    if "range" in item and "values" in item:
        raise place.error("T002", "give range: or values:, not both")
    if kind != "option" and "range" not in item and "values" not in item:
        raise place.error("T002", "say which numbers to try: range: [LOW, HIGH] or values: [...]")
    values: tuple = ()
    if "range" in item:
        low, high = item["range"]
        if low > high:
            raise place.error("T004", f"the range [{low}, {high}] is empty: write [LOW, HIGH] with LOW <= HIGH")
        if high - low + 1 > MAX_CANDIDATE_VALUES:
            raise place.error("T005", f"the range [{low}, {high}] holds {high - low + 1:,} values, more than "
                              f"{MAX_CANDIDATE_VALUES:,}: narrow it")
        values = tuple(range(low, high + 1))
    elif "values" in item:
        values = tuple(dict.fromkeys(item["values"]))
        if kind != "option" and not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            bad = next(v for v in values if not isinstance(v, int) or isinstance(v, bool))
            raise place.error("T005", f"{bad!r} is not a whole number: a {kind}'s numbers vary by whole numbers")
    return Vary(kind=kind, name=item[kind], values=values, place=place, row=item.get("row"),
                field=item.get("field"), number=item.get("number"), listed="values" in item)


def _goal(goal: dict[str, Any], place: Place) -> Goal:
    bounds = [b for b in BOUNDS if b in goal]
    if not bounds:
        raise place.error("T009", f"a goal needs a bound: one of {', '.join(BOUNDS)}")
    if "target" in goal and len(bounds) > 1:
        raise place.error("T009", "target: is a goal of its own: no other bound with it")
    if "within" in goal and len(bounds) > 1:
        raise place.error("T009", "within: base is a goal of its own: no other bound with it")
    low, high = goal.get("at_least"), goal.get("at_most")
    if "between" in goal:
        a, b = goal["between"]
        if a > b:
            raise place.error("T009", f"between [{a:g}, {b:g}] holds no value: write [LOW, HIGH]")
        low = a if low is None else max(low, a)
        high = b if high is None else min(high, b)
    if low is not None and high is not None and low > high:
        raise place.error("T009", f"no value is at least {low:g} and at most {high:g}")
    return Goal(metric=goal["metric"], players=goal.get("players", "random"), place=place,
                low=low, high=high, target=goal.get("target"), within_base="within" in goal,
                scale=float(goal.get("scale", 1.0)))


def _read(path: Path) -> tuple[Any, dict[tuple, tuple[int, int]], str]:
    """The data, where each value of it stands (path in the data -> 1-based line and column),
    and the text; within the limits scenarios have."""
    file = str(path)
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_SCENARIO_BYTES + 1)
    except OSError as err:
        raise TuningError(f"{file}:1:1: T001 cannot read it: {err.strerror or err}") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise TuningError(f"{file}:1:1: T001 larger than {MAX_SCENARIO_BYTES:,} bytes: not a tuning file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TuningError(f"{file}:1:1: T001 not UTF-8 text (byte 0x{raw[err.start]:02x} at offset {err.start})") \
            from None
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except ScenarioFileError as err:
        raise TuningError(f"{file}:1:1: T001 {str(err).replace('scenario', 'tuning file')}") from None
    except RecursionError:
        raise TuningError(f"{file}:1:1: T001 nested too deep: not a tuning file") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        raise TuningError(f"{file}:{line}:{column}: T001 not valid YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise TuningError(f"{file}:1:1: T001 not valid YAML: {str(err).splitlines()[0]}") from None
    finally:
        loader.dispose()
    if depth(data) > 32:
        raise TuningError(f"{file}:1:1: T001 nested too deep: not a tuning file")
    marks: dict[tuple, tuple[int, int]] = {}
    if node is not None:
        _marks(node, (), marks)
    return data, marks, text


def _marks(node: yaml.Node, at: tuple, out: dict[tuple, tuple[int, int]]) -> None:
    """Each value's place, by its path in the data (iteratively: depth is bounded already)."""
    stack = [(node, at)]
    while stack:
        current, where = stack.pop()
        out[where] = (current.start_mark.line + 1, current.start_mark.column + 1)
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                stack.append((value, (*where, key.value)))
        elif isinstance(current, yaml.SequenceNode):
            for i, value in enumerate(current.value):
                stack.append((value, (*where, i)))


def _placer(file: str, marks: dict[tuple, tuple[int, int]]):
    """place(path): where the value at `path` stands, else its nearest enclosing value."""

    def place(path: tuple) -> Place:
        path = tuple(path)
        while path and path not in marks:
            path = path[:-1]
        line, column = marks.get(path, (1, 1))
        return Place(file, line, column)

    return place
