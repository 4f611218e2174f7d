"""The checker's static type findings (E280-E292, and E224/E225 where only the types know):
the typed form (semantics/inference.py) notes what is surely of the wrong kind, and this
reports it, once per place: a finding where another check already stands is left to that one.

| code | finding                                                                        |
| ---- | ------------------------------------------------------------------------------ |
| E280 | a built-in (or a table) given a value of a kind it refuses                      |
| E281 | `==` / `!=` between kinds that are never equal: always false (true)             |
| E282 | a statement given a value of the wrong kind (`move`, `draw`, `for each`, ...)   |
| E283 | `set` of a variable (or the active player) to another kind than its own          |
| E284 | a table whose cells are of different kinds                                      |
| E285 | a deck's card field, or a board's space field, of different kinds               |
| E286 | a func, modifier or `if ... then ... else` giving different kinds on its paths   |
| E287 | an option whose values are of different kinds                                   |
| E288 | a call of a func or rule giving a value its body refuses (the union hid it)    |
| E289 | a func's annotation its body or a call disagrees with, or naming no type        |
| E290 | cards of one deck put in a pile that holds cards of another deck               |
| E291 | `X[k]` where X or k may be a kind (none aside) the lookup refuses              |
| E292 | a list of two kinds of item: `+` of lists sharing no kind, or a list written   |
|      | out of two kinds that `for each`, `for ... in` or a query goes through          |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the checker calls this; only its type is needed here
    from .checker import Checker


def check_types(checker: Checker) -> None:
    """Reports the typed form's findings where no other finding stands."""
    form = checker.typed
    taken = {(d.file, d.line, d.column) for d in checker.out}
    for f in form.findings:
        at = (f.span.file, f.span.line, f.span.column)
        if at in taken:
            continue
        taken.add(at)
        checker.report(f.span, f.code, f.message, f.hint)
