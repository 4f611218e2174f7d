"""A finding of the type inference: something surely wrong with a value's kind. Its own module, so
that every part of the inference (inference.py, typed_sites.py) makes them without importing
another part back."""

from __future__ import annotations

from dataclasses import dataclass

from ..language import ast as A


@dataclass
class Finding:
    """Something surely wrong with a value's kind: where, its code, what was expected and found."""

    code: str
    span: A.Span
    message: str
    hint: str | None = None
