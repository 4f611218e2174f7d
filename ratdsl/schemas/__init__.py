"""The JSON Schemas (Draft 2020-12) of every JSON artifact, shipped inside the package.

Schemas are loaded with importlib.resources into a `referencing` registry under their `urn:`
ids, and every reader or writer validates through the helpers below.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema takes some 45 ms to import: only commands that validate pay it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_FILES = {
    "game-log": "game-log.schema.json",
    "player-log": "player-log.schema.json",
    "scenario": "scenario.schema.json",
    "ast": "ast.schema.json",
    "diagnostics": "diagnostics.schema.json",
    "report": "report.schema.json",
    "diff": "diff.schema.json",
    "balance": "balance.schema.json",
    "balance-journal": "balance-journal.schema.json",
    "tuning": "tuning.schema.json",
    "tuning-report": "tuning-report.schema.json",
    "fuzz-summary": "fuzz-summary.schema.json",
}


class SchemaError(ValueError):
    """A document that does not match its schema; names the JSON path of the problem."""

    def __init__(self, schema: str, error: ValidationError, where: str = ""):
        path = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        super().__init__(f"{where}{' ' if where else ''}does not match the {schema} schema at "
                         f"{path}: {error.message}")
        self.path = list(error.absolute_path)


@cache
def load_schema(name: str) -> dict[str, Any]:
    from importlib import resources  # (imported by what reads a schema: start-up, issue 13)

    text = resources.files(__name__).joinpath(SCHEMA_FILES[name]).read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def registry() -> Registry:
    from importlib import resources

    from referencing import Registry, Resource

    resources_ = []
    for name, file in SCHEMA_FILES.items():
        if resources.files(__name__).joinpath(file).is_file():
            schema = load_schema(name)
            resources_.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources_)


@cache
def validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry())


def validate(name: str, document: Any, where: str = "") -> None:
    error = next(iter(sorted(validator(name).iter_errors(document), key=lambda e: e.path)), None)
    if error is not None:
        raise SchemaError(name, error, where)


def validate_log_record(record: dict[str, Any]) -> None:
    validate("game-log", record, f"log record {record.get('seq', '?')}")


def validate_player_record(record: dict[str, Any]) -> None:
    """A record of one player's log (`run --log --as-player`): what that player may see."""
    validate("player-log", record, f"player log record {record.get('seq', '?')}")
