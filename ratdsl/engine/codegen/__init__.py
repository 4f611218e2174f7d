"""The engine that plays games: the rules compiled to Python source (see generator.py)."""

from .generator import CodeGenerator, GeneratedInterpreter, generator_for

__all__ = ["CodeGenerator", "GeneratedInterpreter", "generator_for"]
