"""What happened in a game: structured records in order, each with a sentence to show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .slots import slot_setters


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened.

    ``kind`` names it (``"roll"``, ``"pay"``, ``"smoker"`` ...), ``player`` is who it
    concerns (``None`` for the table), ``text`` is a sentence for the event log and
    ``data`` holds the figures (a chance event carries ``probability``, a Fraction).
    """

    kind: str
    player: str | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, player: str | None, text: str,
                 data: dict[str, Any] | None = None) -> None:
        """The event, its slots filled directly (tabletop.core.slots); ``data`` defaults to a
        new empty dict."""
        set_kind, set_player, set_text, set_data = _SETTERS
        set_kind(self, kind)
        set_player(self, player)
        set_text(self, text)
        set_data(self, {} if data is None else data)


_SETTERS = slot_setters(Event)
