"""Scopes of local names for the tree-walker: a rule,
func or hook body starts a fresh Env, so there is no dynamic scoping."""

from __future__ import annotations

from typing import Any


class Env:
    """A scope of local names (parameters, loop variables, lets); lookups walk outwards."""

    __slots__ = ("names", "parent")

    def __init__(self, names: dict[str, Any] | None = None, parent: Env | None = None):
        self.names = names if names is not None else {}
        self.parent = parent

    def lookup(self, name: str) -> tuple[bool, Any]:
        env: Env | None = self
        while env is not None:
            if name in env.names:
                return True, env.names[name]
            env = env.parent
        return False, None

    def assign(self, name: str, value: Any) -> bool:
        env: Env | None = self
        while env is not None:
            if name in env.names:
                env.names[name] = value
                return True
            env = env.parent
        return False

    def child(self, names: dict[str, Any] | None = None) -> Env:
        return Env(names or {}, self)
