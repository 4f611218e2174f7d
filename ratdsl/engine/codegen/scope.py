"""Where generated code keeps names: scopes of rule-language names, and the unit of source being
written (one Python function)."""

from __future__ import annotations


class Scope:
    """Rule-language names bound in one block, mapped to the Python locals that hold them.
    `from_env` marks a unit's free names, loaded from the caller's Env (MISSING when unbound)."""

    def __init__(self, parent: Scope | None = None):
        self.parent = parent
        self.names: dict[str, str] = {}
        self.from_env: set[str] = set()

    def find(self, name: str) -> tuple[str, bool] | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name], name in scope.from_env
            scope = scope.parent
        return None

    def outermost(self) -> Scope:
        scope = self
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def visible(self) -> dict[str, tuple[str, bool]]:
        out: dict[str, tuple[str, bool]] = {}
        scope: Scope | None = self
        while scope is not None:
            for name, local in scope.names.items():
                out.setdefault(name, (local, name in scope.from_env))
            scope = scope.parent
        return out


# The statements Python counts among its "statically nested blocks".
_BLOCK_OPENERS = ("for ", "while ", "try:", "with ", "finally:", "except", "async ")


class Unit:
    """The source of one generated function, built line by line."""

    def __init__(self, header: str, entry: bool):
        self.header = header
        self.entry = entry  # called with an Env: free names come from it
        self.lines: list[str] = []
        self.prologue: list[str] = []
        self.own_prologue = True  # False in a part moved out of its unit (outline.py)
        self.depth = 1
        self.count = 0
        self.root = Scope()
        # Indentation levels of the open loops, `try`s, `finally`s... around the last line: Python
        # allows 20 in one function (outline.py moves code out before that).
        self.blocks: list[int] = []

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)
        if line.endswith(":"):
            text = line.lstrip(" ")
            indent = self.depth + (len(line) - len(text)) // 4
            blocks = self.blocks
            while blocks and blocks[-1] >= indent:
                blocks.pop()
            if text.startswith(_BLOCK_OPENERS):
                blocks.append(indent)

    def static_blocks(self) -> int:
        """How many loops, `try`s... enclose the next line emitted (at `depth`)."""
        return sum(1 for indent in self.blocks if indent < self.depth)

    def new(self, prefix: str = "t") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def source(self) -> str:
        body = (self.prologue if self.own_prologue else []) + self.lines
        return "\n".join([self.header, *(body or ["    pass"])])
