"""Stage 1: rule text -> typed AST (grammar, parser, AST nodes, syntax errors)."""

from .parser import parse_file, parse_text

__all__ = ["parse_file", "parse_text"]
