"""Stage: agents. Everything that answers decisions: random, scripted, persona, human."""

from .base import Agent, Decision
from .random_agent import RandomAgent
from .scripted import ScriptedAgent, ScriptExhausted

__all__ = ["Agent", "Decision", "RandomAgent", "ScriptedAgent", "ScriptExhausted"]
