"""The kinds of Hitchiker's cities as the views draw them: a colour, a one-character mark and
a name for each kind, and a city's label (kept apart from the app, so that the lessons and
the teacher's sheet draw with them without loading the app's widgets)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Colour band and a one-character mark for each kind of city.
KINDS: dict[str, tuple[str, str, str]] = {
    "hometown": ("#2a9d8f", "⌂", "Hometown"),
    "bad_ride": ("#6d4c41", "✖", "Bad Ride"),
    "black_market": ("#263238", "✦", "Black Market"),
    "sell": ("#e9a23b", "$", "Sell"),
    "customs": ("#1565c0", "⚑", "Customs"),
    "casino": ("#c62828", "♠", "Casino"),
}
NAMED = ("#8e44ad", "★", "Named city")
KIND_COLOURS = {kind: colour for kind, (colour, _, _) in KINDS.items()}


def kind_of(kind: str) -> tuple[str, str, str]:
    """Colour, mark and name of a kind of city (the seven named cities share one)."""
    return KINDS.get(kind, NAMED)


def short_money(amount: int) -> str:
    """$10,000 -> "$10k"."""
    return f"${amount // 1000}k" if amount % 1000 == 0 else f"${amount:,}"


def city_label(city: Mapping[str, Any]) -> str:
    """A city's square: the kind's mark and the name, plus the price of a Sell city."""
    _, mark, _ = kind_of(city["kind"])
    price = f" {short_money(city['price'])}" if city.get("price") else ""
    return f"{mark} {city['name']}{price}"
