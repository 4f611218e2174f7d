"""Seats named by the agents that played them: when the seats of a simulation are played by
different agents (`--agents cautious,bold,random`: personas of the rules), a seat's win rate is its agent's, and the
report says so (report.py's tables and notes, charts.py's labels)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def seat_agents(agents: Sequence[str], players: int) -> dict[str, str] | None:
    """Seat ("P1") to the name of the agent playing it (`--agents`, cycled), or None when every
    seat has the same agent (then a seat's name says all)."""
    if len(set(agents)) < 2:
        return None
    return {f"P{s + 1}": agents[s % len(agents)] for s in range(players)}


def shares_seats(figure_set: dict[str, Any] | None) -> bool:
    """True when some agent played several seats: then its win rate over them all is a row of
    its own (with one seat each, the seat's row, named by its agent, says it)."""
    seats = (figure_set or {}).get("seat_agents") or {}
    return len(set(seats.values())) < len(seats)


def seat_label(figure_set: dict[str, Any] | None, seat: str) -> str:
    """A seat as the report names it: "P1", or "P1 (cautious)" when the agents differ."""
    agent = ((figure_set or {}).get("seat_agents") or {}).get(seat)
    return f"{seat} ({agent})" if agent else seat
