"""Text from rule files, scenarios, logs and locale files, made safe to print on a terminal.

Such text is written by strangers. A control character in it (ESC starts the sequences that
clear a screen, set a window title or write the clipboard) must not reach a terminal raw, so
everything printed goes through `visible()`, which writes each C0 or C1 control character other
than newline and tab as a visible escape such as `\\x1b`. A carriage return is kept where it
ends a line (CRLF), as it moves nothing there.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, and C1 controls; a CR that does not end a line.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n|\Z)")
# the same in a rule file: a CR is allowed only as part of a CRLF line end
CONTROL_IN_SOURCE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
_C1_IN_JSON = re.compile(r"[\x7f-\x9f]")

_NAMES = {0x00: "NUL", 0x07: "BEL, the bell", 0x08: "BS, backspace", 0x0B: "VT, vertical tab",
          0x0C: "FF, form feed", 0x0D: "CR, carriage return", 0x1B: "ESC, escape",
          0x7F: "DEL, delete", 0x9B: "CSI, control sequence introducer"}


def visible(text: str) -> str:
    """`text` with every control character but newline, tab and a line-ending CR written as `\\xNN`."""
    if not CONTROL.search(text):
        return text
    return CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def visible_json(text: str) -> str:
    """JSON text (from json.dumps, which escapes C0 controls) with DEL and C1 controls as `\\u00NN`."""
    return _C1_IN_JSON.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def character_name(char: str) -> str:
    """A control character as a designer reads it: 'U+001B (ESC, escape)'."""
    code = ord(char)
    name = _NAMES.get(code, "a control character")
    return f"U+{code:04X} ({name})"
