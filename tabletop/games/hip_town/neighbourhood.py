"""A player's neighbourhood: a fixed frame of lots where businesses are built, and its score.

The frame is ``rows`` x ``columns`` lots (2 x 5 in the rulebook), named by row letter and
column number: A1..A5 on top, B1..B5 below. A neighbourhood is a list with one entry per
lot, the id of the Property card built there or ``None`` for an empty lot. RULES.md 3 B4:
the engine uses this fixed frame and lets the first card go on any lot; B5: a lot emptied
by a Reality card may be built on again, and the rest need not stay joined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from .content import Content

Town = list[str | None]


@dataclass(frozen=True)
class Frame:
    """Rule 25 (RULES.md 3 A25): a neighbourhood fills a 2 x 5 frame of lots."""

    rows: int
    columns: int

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(f"{chr(ord('A') + r)}{c + 1}"
                     for r in range(self.rows) for c in range(self.columns))

    @cached_property
    def index(self) -> dict[str, int]:
        return {name: lot for lot, name in enumerate(self.names)}

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each lot, the lots beside, above and below it (never diagonal: rule 17)."""
        out = []
        for lot in range(self.rows * self.columns):
            r, c = divmod(lot, self.columns)
            near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            out.append(tuple(rr * self.columns + cc for rr, cc in near
                             if 0 <= rr < self.rows and 0 <= cc < self.columns))
        return tuple(out)

    def empty(self) -> Town:
        return [None] * (self.rows * self.columns)

    def rows_of(self, town: Town) -> list[list[str | None]]:
        """The neighbourhood as rows of lots, top row first."""
        return [town[r * self.columns:(r + 1) * self.columns] for r in range(self.rows)]


#: The frame of lots of a ``rows`` x ``columns`` neighbourhood, worked out once per shape.
frame_of = cache(Frame)


def built(town: Town) -> int:
    """How many businesses stand in a neighbourhood."""
    return len(town) - town.count(None)


def rating_problem(content: Content, card_id: str, town: Town) -> str | None:
    """Rule 16 (RULES.md 3 A16): a card may be built only when its Developer Rating is at
    most the number of businesses already standing, so the first is rated 0. ``None`` when
    it may, else the reason it may not."""
    card, standing = content.property[card_id], built(town)
    if card.rating <= standing:
        return None
    have = "none is" if standing == 0 else f"only {standing} {'is' if standing == 1 else 'are'}"
    return (f"{card.name} has Developer Rating {card.rating}: it needs {card.rating} "
            f"business{'es' if card.rating > 1 else ''} built first, and {have}")


def lot_problem(content: Content, frame: Frame, town: Town, lot: int) -> str | None:
    """``None`` when a card may go on ``lot``, else the reason.

    Rule 17 (RULES.md 3 A17): unless the neighbourhood is empty, the lot must share an edge
    with a business; a corner is not enough.
    Rule 26 (RULES.md 3 A26): a built business is never moved or built over.
    """
    name = frame.names[lot]
    if town[lot] is not None:
        return f"{name} already holds {content.property[town[lot]].name}, which stays put"
    if built(town) and not joined(frame, town, lot):
        return f"{name} shares no edge with a business (touching at a corner is not enough)"
    return None


def joined(frame: Frame, town: Town, lot: int) -> bool:
    """Rule 17 (RULES.md 3 A17): whether ``lot`` shares an edge with a business."""
    return any(town[n] is not None for n in frame.neighbours[lot])


def open_lots(frame: Frame, town: Town) -> list[int]:
    """The lots a card may go on, in lot order: those :func:`lot_problem` finds no problem
    with (rule 26: an empty lot; rule 17: any lot of an empty neighbourhood, else one that
    shares an edge with a business)."""
    if not built(town):
        return list(range(len(town)))
    beside = {n for lot, card in enumerate(town) if card is not None
              for n in frame.neighbours[lot]}
    return [lot for lot in sorted(beside) if town[lot] is None]


def build_problem(content: Content, frame: Frame, town: Town, card_id: str, lot: int) -> str | None:
    """Why ``card_id`` cannot be built on ``lot`` (``None``: it can)."""
    return lot_problem(content, frame, town, lot) or rating_problem(content, card_id, town)


def groups(frame: Frame, kinds: Sequence[Any]) -> list[tuple[Any, list[int]]]:
    """Every group of businesses of one type joined edge to edge: (type, lots), in lot order.
    ``kinds`` gives each lot's business type (``None``: an empty lot)."""
    seen: set[int] = set()
    found = []
    for start, kind in enumerate(kinds):
        if kind is None or start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            lot = todo.pop()
            group.append(lot)
            for n in frame.neighbours[lot]:
                if n not in seen and kinds[n] == kind:
                    seen.add(n)
                    todo.append(n)
        found.append((kind, sorted(group)))
    return found


@dataclass(frozen=True)
class Score:
    """Hip Points of the cards, each Destination group's bonus, the bonus for every type,
    and the total."""

    points: int
    destinations: tuple[tuple[str, tuple[int, ...], int], ...]
    every_type: int

    @property
    def total(self) -> int:
        return self.points + sum(bonus for *_, bonus in self.destinations) + self.every_type

    def view(self, frame: Frame) -> dict[str, Any]:
        return {
            "hip_points": self.points,
            "destinations": [{"type": kind, "lots": [frame.names[lot] for lot in lots],
                              "size": len(lots), "bonus": bonus}
                             for kind, lots, bonus in self.destinations],
            "every_type": self.every_type,
            "total": self.total,
        }


def score(content: Content, frame: Frame, town: Town) -> Score:
    """Rule 27 (RULES.md 3 A27): a group of 4, 5, 6 or more businesses of one type joined
    edge to edge earns a Destination bonus; RULES.md B6: each group earns its own.
    Rule 28 (RULES.md 3 A28): one business of every type earns a bonus too."""
    cards = [content.property[card] for card in town if card is not None]
    kinds = [None if card is None else content.property[card].type for card in town]
    destinations = ()
    if may_earn_destination(content, kinds):
        destinations = tuple((kind, tuple(lots), content.bonus(len(lots)))
                             for kind, lots in groups(frame, kinds)
                             if content.bonus(len(lots)))
    every = {t.name for t in content.types} <= {c.type for c in cards}
    return Score(sum(c.hip_points for c in cards), destinations,
                 content.every_type if every else 0)


def may_earn_destination(content: Content, kinds: list[Any]) -> bool:
    """Rule 27 (RULES.md 3 A27): whether some type has as many businesses as the smallest
    Destination group; a group is never larger than its type's count, so without one no
    group earns a bonus and the groups need not be traced."""
    least = smallest_scoring_group(content.destination)
    if least is None:
        return False
    return max(map(kinds.count, set(kinds).difference((None,))), default=0) >= least


@cache
def smallest_scoring_group(destination: tuple[tuple[int, int], ...]) -> int | None:
    """The fewest businesses a Destination group needs to earn a bonus (``None``: no group
    earns one), from the content's (size, bonus) table."""
    return min((size for size, bonus in destination if bonus), default=None)
