"""Hip Town's content.toml read into frozen records and checked entry by entry.

``build(entries)`` is the game's content builder (``HipTown.build_content``): any missing,
mistyped or inconsistent entry raises :class:`~tabletop.core.errors.ContentError` naming
the file, the entry and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tabletop.core.content import Entries

#: What a face of the die can show (rules 8-10 and 14).
FACES = ("coins", "reality", "property", "choice")
#: Each Reality effect word and the figures it needs (rules 9 and 21-23); see content.toml.
EFFECTS: dict[str, tuple[str, ...]] = {
    "collect": ("amount",),
    "collect_from_each": ("amount",),
    "pay": ("amount",),
    "pay_per_business": ("amount", "most"),
    "collect_per_business": ("amount", "most"),
    "discard_chosen": (),
    "discard_random": (),
    "takeover": ("takes",),
    "demolish": (),
    "draw": ("cards",),
    "buy_top": ("divisor",),
    "pass_left": (),
}
#: Figures that are text, with the words they allow; every other figure is a whole number.
WORDS = {"takes": ("hand", "neighbourhood")}
#: The least each whole-number figure may be.
LEAST = {"divisor": 1, "cards": 1}


@dataclass(frozen=True, slots=True)
class Property:
    """Rule 18 (RULES.md 3 A18): a Property card shows its Developer Rating, Hip Coin cost
    and Hip Points; and its type (rule 19)."""

    id: str
    name: str
    type: str
    rating: int
    cost: int
    hip_points: int

    def view(self) -> dict[str, Any]:
        """The card as a view shows it."""
        return {"id": self.id, "name": self.name, "type": self.type, "rating": self.rating,
                "cost": self.cost, "hip_points": self.hip_points}


@dataclass(frozen=True, slots=True)
class Reality:
    """One Reality card: its title and text, and its effect word with the figures it needs."""

    id: str
    title: str
    text: str
    effect: str
    figures: dict[str, Any] = field(default_factory=dict)

    def view(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "text": self.text, "effect": self.effect,
                **self.figures}


@dataclass(frozen=True, slots=True)
class BusinessType:
    """Rule 19 (RULES.md 3 A19): each business is one of five types, each with its colour
    and symbol."""

    name: str
    color: str
    symbol: str


@dataclass(frozen=True)
class Content:
    """Everything Hip Town reads from its content file."""

    edition: dict[str, Any]
    pogs: dict[int, int]
    hand: int
    start_pogs: dict[int, int]
    market: int
    faces: tuple[str, ...]
    coin_face: int
    opening: int
    step: int
    rows: int
    columns: int
    destination: tuple[tuple[int, int], ...]
    every_type: int
    types: tuple[BusinessType, ...]
    property: dict[str, Property]
    reality: dict[str, Reality]

    @property
    def bank_coins(self) -> int:
        """Every Hip Coin in the box (rule 1)."""
        return sum(value * count for value, count in self.pogs.items())

    @property
    def start_coins(self) -> int:
        """What each player is handed at the start (rule 5)."""
        return sum(value * count for value, count in self.start_pogs.items())

    @cached_property
    def card_views(self) -> dict[str, dict[str, Any]]:
        """Every Property card as a view shows it (:meth:`Property.view`), by id, made once:
        a view holds a copy of its own."""
        return {card_id: card.view() for card_id, card in self.property.items()}

    @property
    def lots(self) -> int:
        """Lots in a neighbourhood: building on all of them ends the game (rule 29)."""
        return self.rows * self.columns

    def bonus(self, size: int) -> int:
        """The Destination bonus of a group of ``size`` businesses of one type (rule 27)."""
        return max((bonus for least, bonus in self.destination if size >= least), default=0)


def _count(e: Entries, entry: str, where: dict[str, Any] | None = None, least: int = 0) -> int:
    value = e.get(entry, int, where)
    e.check(value >= least, entry, f"should be at least {least}, not {value}")
    return value


def _pogs(e: Entries, entry: str) -> dict[int, int]:
    table = e.get(entry, dict)
    pogs = {}
    for key in table:
        e.check(key.isdigit() and int(key) > 0, f"{entry}.{key}",
                "should be the value of a pog, a whole number of Hip Coins above 0")
        pogs[int(key)] = _count(e, f"{entry}.{key}", table)
    e.check(bool(pogs), entry, "should give at least one pog")
    return pogs


def _property(e: Entries, types: set[str], lots: int) -> dict[str, Property]:
    cards: dict[str, Property] = {}
    for k, row in enumerate(e.each("property")):
        where = f"property[{k}]"
        rating = _count(e, f"{where}.rating", row)
        e.check(rating < lots, f"{where}.rating",
                f"{rating} could never be built in a neighbourhood of {lots} lots")
        cost = _count(e, f"{where}.cost", row)
        points = _count(e, f"{where}.hip_points", row)
        for j, kind in enumerate(e.get(f"{where}.cards", list, row)):
            entry = f"{where}.cards[{j}]"
            e.check(isinstance(kind, dict), entry, f"should be a table, not {kind!r}")
            name = e.get(f"{entry}.name", str, kind)
            business = e.one_of(f"{entry}.type", types, kind)
            copies = _count(e, f"{entry}.count", kind, least=1)
            e.check(not any(c.name == name for c in cards.values()), f"{entry}.name",
                    f"{name!r} is already the name of another business")
            for n in range(1, copies + 1):
                card_id = f"{name} {n}"
                cards[card_id] = Property(card_id, name, business, rating, cost, points)
    e.check(any(c.rating == 0 for c in cards.values()), "property",
            "needs cards of Developer Rating 0, or nobody could ever build")
    return cards


def _reality(e: Entries) -> dict[str, Reality]:
    cards: dict[str, Reality] = {}
    titles: set[str] = set()
    for k, row in enumerate(e.each("reality")):
        where = f"reality[{k}]"
        title = e.get(f"{where}.title", str, row)
        e.check(title not in titles, f"{where}.title", f"{title!r} comes twice")
        titles.add(title)
        text = e.get(f"{where}.text", str, row)
        effect = e.one_of(f"{where}.effect", EFFECTS, row)
        figures = {name: e.one_of(f"{where}.{name}", WORDS[name], row) if name in WORDS
                   else _count(e, f"{where}.{name}", row, LEAST.get(name, 0))
                   for name in EFFECTS[effect]}
        for n in range(1, _count(e, f"{where}.count", row, least=1) + 1):
            card_id = f"{title} {n}"
            cards[card_id] = Reality(card_id, title, text, effect, figures)
    return cards


def build(e: Entries) -> Content:
    """Read and check every entry of Hip Town's content file.

    Rule 1 (RULES.md 3 A1): the decks must hold as many cards as the box says."""
    edition = e.get("edition", dict)
    e.get("edition.rulebook", str)
    e.check(isinstance(edition.get("kit_authored"), list), "edition.kit_authored",
            "should list the entries the kit authored")
    rows = _count(e, "neighbourhood.rows", least=1)
    columns = _count(e, "neighbourhood.columns", least=1)
    e.check(rows <= 26, "neighbourhood.rows", "rows are lettered A to Z: 26 at most")
    types = []
    for k, row in enumerate(e.each("types")):
        where = f"types[{k}]"
        types.append(BusinessType(e.get(f"{where}.name", str, row),
                                  e.get(f"{where}.color", str, row),
                                  e.get(f"{where}.symbol", str, row)))
    names = {t.name for t in types}
    e.check(len(names) == len(types) > 0, "types", "should name each type once")
    prop = _property(e, names, rows * columns)
    e.check(len(prop) == _count(e, "contents.property_cards"), "property",
            f"holds {len(prop)} cards, but contents.property_cards says "
            f"{e.get('contents.property_cards', int)}")
    reality = _reality(e)
    e.check(len(reality) == _count(e, "contents.reality_cards"), "reality",
            f"holds {len(reality)} cards, but contents.reality_cards says "
            f"{e.get('contents.reality_cards', int)}")
    faces = e.get("die.faces", list)
    e.check(len(faces) >= 2, "die.faces", "a die needs at least two faces")
    for k, face in enumerate(faces):
        e.check(face in FACES, f"die.faces[{k}]",
                f"{face!r} is not a face (one of {', '.join(FACES)})")
    destination = []
    for k, row in enumerate(e.each("scoring.destination")):
        where = f"scoring.destination[{k}]"
        destination.append((_count(e, f"{where}.size", row, least=1),
                            _count(e, f"{where}.bonus", row)))
    sizes = [size for size, _ in destination]
    e.check(sizes == sorted(set(sizes)), "scoring.destination",
            "should list growing sizes, each once")
    content = Content(
        edition=edition,
        pogs=_pogs(e, "contents.pogs"),
        hand=_count(e, "setup.hand"),
        start_pogs=_pogs(e, "setup.start_pogs"),
        market=_count(e, "setup.market", least=1),
        faces=tuple(faces),
        coin_face=_count(e, "die.coins"),
        opening=_count(e, "auction.opening", least=1),
        step=_count(e, "auction.step", least=1),
        rows=rows,
        columns=columns,
        destination=tuple(destination),
        every_type=_count(e, "scoring.every_type"),
        types=tuple(types),
        property=prop,
        reality=reality,
    )
    e.check(content.start_coins <= content.bank_coins, "setup.start_pogs",
            "hands out more than the bank holds")
    return content
