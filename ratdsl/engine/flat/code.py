"""The text of the generated functions: `Code` collects one function's lines and tidies them
(constant charges merged, `+ 0` offsets dropped, the module's stable globals made locals), and
`Scope` holds the rule-language names a lowering sees. Kept apart from the lowering so that the
mixins of the compiler write code without importing it back."""

from __future__ import annotations

import re

from .val import Val

_COPY = re.compile(r"^list\((K\d+(?:\[[^\[\]]*\])?)\)$")
NAME = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*$")
SIMPLE_CODE = re.compile(r"^(?:[A-Za-z_][A-Za-z_0-9]*|-?\d+|'[A-Za-z_0-9]*')$")


def uncopied(code: str) -> str:
    """A constant list's code without its copy, where it is only gone through (lists of the
    language are values: nothing changes one in place)."""
    m = _COPY.match(code)
    return m.group(1) if m else code


class Scope:
    def __init__(self, names: dict[str, Val] | None = None, zsrc: str = "Z"):
        self.names = dict(names or {})
        self.zsrc = zsrc  # what zone counts are read from: the live state, or the phase start

    def child(self, **more: Val) -> Scope:
        s = Scope(self.names, self.zsrc)
        s.names.update(more)
        return s


# Module globals that are the same object for every game (changed in place): each function that
# reads one takes it as a keyword-only default, so it is a local (LOAD_FAST) there.
STABLE = ("Z", "PS", "G", "AC", "ST", "W", "FC", "KI", "PF", "MC", "MO", "AG", "NB", "OPP", "ZNB", "BS")
_CHARGE = re.compile(r"^(\s*)ST\[0\] -= (\d+)$")
_CHECK = re.compile(r"^(\s*)if ST\[0\] < (-?\d+): raise Abort$")
_STATE = ("Z", "PS")


def tidied(lines: list[str]) -> list[str]:
    """The lines with each run of constant charges and budget checks in a row (at one depth) made
    one charge and one check, and the `+ 0` of a count's place (`Z[b + 0]`) left out: what the
    lowering, which writes each part alone, cannot see. Nothing happens between the lines of such
    a run, so one check at its end, which holds when any of them would, stops the game as soon."""
    out: list[str] = []
    run: list[tuple[str, int | None, int]] = []  # (indent, a charge's steps, or None and a check's bound)

    def flush() -> None:
        if not run:
            return
        indent = run[0][0]
        total = sum(steps for _, steps, _ in run if steps is not None)
        bound, charged = None, 0
        for _, steps, at in run:  # a check `ST < at` after `charged` steps: `ST < at - (total - charged)` at the end
            if steps is not None:
                charged += steps
            else:
                b = at - (total - charged)
                bound = b if bound is None else max(bound, b)
        if total:
            out.append(f"{indent}ST[0] -= {total}")
        if bound is not None:
            out.append(f"{indent}if ST[0] < {bound}: raise Abort")
        run.clear()

    for line in lines:
        m = _CHARGE.match(line)
        c = None if m else _CHECK.match(line)
        if m or c:
            indent = (m or c).group(1)
            if run and run[0][0] != indent:
                flush()
            run.append((indent, int(m.group(2)), 0) if m else (indent, None, int(c.group(2))))
            continue
        flush()
        out.append(_without_zero_offsets(line) if " + 0]" in line else line)
    flush()
    return out


def _without_zero_offsets(line: str) -> str:
    """`Z[X + 0]` as `Z[X]` (for the state's lists only: their subscripts are whole numbers)."""
    pieces = line.split(" + 0]")
    out = pieces[0]
    for piece in pieces[1:]:
        depth, i = 0, len(out) - 1
        while i >= 0:  # (back to the `[` this subscript opens with)
            c = out[i]
            if c in ")]":
                depth += 1
            elif c in "([":
                if depth == 0:
                    break
                depth -= 1
            i -= 1
        owner = re.search(r"(?<![A-Za-z_0-9])([A-Za-z_][A-Za-z_0-9]*)$", out[:i]) if i >= 0 else None
        if i >= 0 and out[i] == "[" and owner is not None and owner.group(1) in _STATE:
            out += "]" + piece
        else:
            out += " + 0]" + piece
    return out


class Code:
    """Lines of one generated function."""

    def __init__(self, header: str):
        self.lines = [header]
        self.depth = 1

    def __call__(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def text(self) -> str:
        if len(self.lines) == 1:
            self("pass")
        body = "\n".join(tidied(self.lines[1:]))
        # (a keyword default costs a lookup at each call: only for functions with a loop, whose
        # reads of these names outnumber their calls)
        looped = re.search(r"^\s*(for|while) ", body, re.M) is not None
        used = [name for name in STABLE if looped and re.search(rf"\b{name}\b", body)]
        header = self.lines[0]
        if used:
            params = header[header.index("(") + 1:header.rindex(")")]
            extra = ", ".join(f"{name}={name}" for name in used)
            header = header[:header.index("(") + 1] + (params + ", " if params else "") + "*, " + extra + "):"
        return header + "\n" + body
