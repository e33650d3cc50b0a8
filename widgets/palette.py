"""Colours shared by every view: one per seat, and defaults for kinds of board space."""

from __future__ import annotations

#: Token colours, one per seat in seating order (readable on white, distinct in greyscale).
PLAYER_COLOURS: tuple[str, ...] = (
    "#d62728",  # red
    "#1f77b4",  # blue
    "#2ca02c",  # green
    "#9467bd",  # purple
    "#ff7f0e",  # orange
    "#17becf",  # teal
)

INK = "#222222"
PAPER = "#fbf8f0"
FAINT = "#d8d2c4"
HIGHLIGHT = "#ffd54f"


def player_colour(index: int) -> str:
    """The colour of the seat at ``index`` (colours repeat after six seats)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
