"""Colours shared by every view: one per seat, and defaults for kinds of board space."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Token colours, one per seat in seating order (readable on white, distinct in greyscale),
#: with the name the board in words gives each.
SEAT_COLOURS: tuple[tuple[str, str], ...] = (
    ("#d62728", "red"),
    ("#1f77b4", "blue"),
    ("#2ca02c", "green"),
    ("#9467bd", "purple"),
    ("#ff7f0e", "orange"),
    ("#17becf", "teal"),
)
PLAYER_COLOURS: tuple[str, ...] = tuple(colour for colour, _ in SEAT_COLOURS)
COLOUR_NAMES: dict[str, str] = dict(SEAT_COLOURS)

INK = "#222222"
PAPER = "#fbf8f0"
FAINT = "#d8d2c4"
HIGHLIGHT = "#ffd54f"
#: The mark of a space held by a supply (a company, the bank) rather than a player.
SUPPLY = "#9e9e9e"


def player_colour(index: int) -> str:
    """The colour of the seat at ``index`` (colours repeat after six seats)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def seat_colours(seats: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Each seated player's colour, from a view's ``seats``: the seat's own ``colour`` when
    the game gives one, else the colour of its ``seat`` number."""
    return {s["name"]: s.get("colour") or player_colour(s["seat"]) for s in seats}


def colour_name(colour: str) -> str:
    """A seat colour in words (``"#d62728"`` -> ``"red"``); other colours as given."""
    return COLOUR_NAMES.get(colour, colour)
