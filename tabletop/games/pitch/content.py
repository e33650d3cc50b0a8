"""The table data of Pitch (content.toml) read into a frozen, checked :class:`PitchContent`."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tabletop.core.cards import RANKS
from tabletop.core.content import Entries

from .scoring import POINTS
from .tricks import DECK


@dataclass(frozen=True)
class PitchContent:
    """Everything numeric about a hand of Pitch that a teacher may want to change."""

    hand_size: int
    lowest_bid: int
    highest_bid: int
    game_count: MappingProxyType[str, int]
    cents_per_point: int
    moon_cents: int
    most_players: int
    moon_made: int
    moon_failed: int
    kit_authored: tuple[str, ...]

    def count_of(self, card: str) -> int:
        """Rule 12 (RULES.md 4 A12): what one captured card adds to its captor's game count."""
        return self.game_count.get(card[:-1], 0)


def _positive(entries: Entries, entry: str) -> int:
    value = entries.get(entry, int)
    entries.check(value > 0, entry, f"should be above zero, not {value}")
    return value


def build(entries: Entries) -> PitchContent:
    """Read and check the kit's (or a house) edition of the table data."""
    edition = entries.get("edition", dict)
    entries.get("edition.rulebook", str)
    authored = entries.get("edition.kit_authored", list)
    for name in authored:
        entries.check(name in entries.data, "edition.kit_authored",
                      f"names {name!r}, which is not a table of this file")
    entries.check(isinstance(edition.get("note"), str), "edition.note", "should be a short text")
    hand_size = _positive(entries, "deal.hand_size")
    lowest = _positive(entries, "bidding.lowest")
    highest = _positive(entries, "bidding.highest")
    entries.check(lowest <= highest, "bidding.highest",
                  f"should be at least bidding.lowest ({lowest}), not {highest}")
    entries.check(highest <= len(POINTS), "bidding.highest",
                  f"a hand has only {len(POINTS)} points, not {highest}")
    counts: dict[str, Any] = entries.get("game_count", dict)
    for rank, value in counts.items():
        entries.check(rank in RANKS, f"game_count.{rank}", "is not a card rank (2..10, J, Q, K, A)")
        entries.check(type(value) is int and value >= 0, f"game_count.{rank}",
                      f"should be a whole number of at least 0, not {value!r}")
    most = _positive(entries, "table.most_players")
    entries.check(most >= 2 and most * hand_size <= len(DECK), "table.most_players",
                  f"{most} hands of {hand_size} cards do not fit in one {len(DECK)}-card deck")
    return PitchContent(
        hand_size=hand_size,
        lowest_bid=lowest,
        highest_bid=highest,
        game_count=MappingProxyType(dict(counts)),
        cents_per_point=_positive(entries, "money.cents_per_point"),
        moon_cents=entries.get("money.moon_cents", int),
        most_players=most,
        moon_made=entries.get("moon.points_made", int),
        moon_failed=entries.get("moon.points_failed", int),
        kit_authored=tuple(authored),
    )
