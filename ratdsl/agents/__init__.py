"""Stage: agents. Everything that answers decisions: random, scripted, persona, human."""

from ..engine.decisions import Agent, Decision
from .persona import PersonaAgent
from .random_agent import RandomAgent
from .scripted import ScriptedAgent, ScriptExhausted

__all__ = ["Agent", "Decision", "PersonaAgent", "RandomAgent", "ScriptedAgent", "ScriptExhausted"]
