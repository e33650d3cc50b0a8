"""What happened in a game: structured records in order, each with a sentence to show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
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
