"""The chance source: every die, shuffle and random pick of a game comes from here.

It is seeded, so a seed and the players' actions replay a game exactly. Tests use
:class:`Script` to decide the outcomes: the dice faces, the order of a shuffled
deck, the card picked from a hand. When a script runs out, the seed takes over.

Every outcome is a uniform draw: a die is one of its faces, a pick one of the items, and a
shuffle is the items drawn one by one. A :data:`Draw` hook may decide those draws instead
of the seed: ``draw(n, what)`` answers with an index in ``range(n)``, each of the ``n``
equally likely. The OpenSpiel adapter (tabletop.envs) makes each draw a chance node, so
a draw hook decides only the cards that are dealt: a shuffle whose ``top`` cards alone are
used draws those, and a :class:`Pile` draws each card when it is taken. The seed and a
script order every card as before, so a seeded game is the same either way.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from .errors import OptionError


@cache
def faces_probability(dice: int, sides: int) -> Fraction:
    """The exact chance of one particular throw: each of ``dice`` dice showing a given face."""
    return Fraction(1, sides**dice)


@cache
def one_in(n: int) -> Fraction:
    """The exact chance of one of ``n`` equally likely outcomes (a random pick)."""
    return Fraction(1, n)


@cache
def total_probability(dice: int, sides: int, total: int) -> Fraction:
    """The exact chance that ``dice`` dice with ``sides`` sides add up to ``total``."""
    ways = [1]
    for _ in range(dice):
        nxt = [0] * (len(ways) + sides - 1)
        for s, w in enumerate(ways):
            for face in range(sides):
                nxt[s + face] += w
        ways = nxt
    index = total - dice
    count = ways[index] if 0 <= index < len(ways) else 0
    return Fraction(count, sides**dice)


@dataclass
class Script:
    """Outcomes decided in advance, for tests and worked examples.

    ``dice``: faces, one per die, in the order the dice are thrown.
    ``orders``: for each shuffle in turn, the cards that must come out on top, in
    order (the rest follow in their current order); ``None`` leaves that shuffle random.
    ``picks``: for each random pick (a face-down card taken from a hand), the item taken.
    """

    dice: Sequence[int] = ()
    orders: Sequence[Sequence[Any] | None] = ()
    picks: Sequence[Any] = ()

    def to_json(self) -> dict[str, list[Any]]:
        return {
            "dice": list(self.dice),
            "orders": [None if o is None else list(o) for o in self.orders],
            "picks": list(self.picks),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Script:
        return cls(dice=data["dice"], orders=data["orders"], picks=data["picks"])


#: An outside source of chance: ``draw(n, what)`` -> an index in ``range(n)``, each equally
#: likely (``what`` says what is drawn, for people).
Draw = Callable[[int, str], int]


@dataclass
class Chance:
    """A seeded source of dice, shuffles and picks, optionally following a :class:`Script`;
    a ``draw`` hook, when given, decides what the script does not instead of the seed."""

    seed: int
    script: Script | None = None
    draw: Draw | None = None
    _rng: random.Random = field(init=False, repr=False)
    _dice: deque[int] = field(init=False, repr=False)
    _orders: deque[Sequence[Any] | None] = field(init=False, repr=False)
    _picks: deque[Any] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        script = self.script or Script()
        self._dice = deque(script.dice)
        self._orders = deque(script.orders)
        self._picks = deque(script.picks)

    def die(self, sides: int = 6) -> int:
        """One die with ``sides`` faces."""
        if self._dice:
            face = self._dice.popleft()
            if type(face) is not int or not 1 <= face <= sides:
                raise OptionError(f"the script asks for a {face!r} on a {sides}-sided die")
            return face
        if self.draw is not None:
            return self.drawn(sides, f"a {sides}-sided die") + 1
        return int(self._rng.random() * sides) + 1

    def shuffle(self, items: Sequence[Any], top: int | None = None) -> list[Any]:
        """A new list with ``items`` in random (or scripted) order.

        ``top``: only the first ``top`` items of the order are ever used or seen (the rest
        stay undealt). The seed and a script shuffle every item all the same, so a seeded
        game does not change; a draw hook decides only those ``top`` places, one by one,
        and the unused rest follow in their given order."""
        if self._orders:
            top = self._orders.popleft()
            if top is not None:
                rest = list(items)
                for card in top:
                    if card not in rest:
                        raise OptionError(f"the script puts {card!r} on top, but it is not there")
                    rest.remove(card)
                return [*top, *rest]
        out = list(items)
        if self.draw is not None:
            size = len(out)
            drawn = [out.pop(self.drawn(len(out), f"card {k + 1} of a shuffle of {size}"))
                     for k in range(size if top is None else min(top, size))]
            return drawn + out
        self._rng.shuffle(out)
        return out

    def pick(self, items: Sequence[Any]) -> int:
        """The index of one of ``items``, each equally likely (or the scripted one)."""
        if not items:
            raise ValueError("cannot pick from nothing")
        if self._picks:
            wanted = self._picks.popleft()
            if wanted not in items:
                raise OptionError(f"the script picks {wanted!r}, which is not among {items!r}")
            return list(items).index(wanted)
        if self.draw is not None:
            return self.drawn(len(items), f"one of {len(items)}")
        return int(self._rng.random() * len(items))

    def decides_next_shuffle(self) -> bool:
        """Whether the draw hook, not the script or the seed, orders the next shuffle (a
        script's ``None`` for it is used up here: that shuffle is left to chance)."""
        if self._orders:
            if self._orders[0] is not None:
                return False
            if self.draw is not None:
                self._orders.popleft()
        return self.draw is not None

    def drawn(self, n: int, what: str) -> int:
        """One of ``n`` from the draw hook (one outcome needs no draw)."""
        if n == 1:
            return 0
        index = self.draw(n, what)
        if type(index) is not int or not 0 <= index < n:
            raise OptionError(f"the draw of {what} gave {index!r}, not a number from 0 to {n - 1}")
        return index


class Pile:
    """A shuffled face-down pile dealt from the top, as a list is (``pop()`` takes the top
    card, ``insert(0, card)`` slips a card under the bottom, ``extend`` lays cards on top),
    whose order a draw hook decides only card by card as cards are taken: a pile of 52 of
    which a round deals six costs six chance nodes, not 51. Under the seed or a script the
    whole order is shuffled at once, exactly as :meth:`Chance.shuffle` orders it (the first
    card of the order on top), and the pile is a plain list of it."""

    __slots__ = ("_above", "_below", "_chance", "_size", "_unseen")

    def __init__(self, chance: Chance, items: Sequence[Any]) -> None:
        self._chance = chance
        self._size = len(items)
        self._above: list[Any] = []  # placed on top, the top card last
        if chance.decides_next_shuffle():
            self._below: list[Any] = []  # under the unseen cards, the bottom card first
            self._unseen = list(items)
        else:
            self._below = chance.shuffle(items)[::-1]
            self._unseen = []

    def __len__(self) -> int:
        return len(self._below) + len(self._unseen) + len(self._above)

    def __getitem__(self, index: int) -> Any:
        """A card whose place is decided, counted from the bottom (``0``) or the top (``-1``)."""
        if self._unseen:
            known = self._below if index >= 0 else self._above
            if not -len(known) <= index < len(known):
                raise IndexError(f"the card at place {index} is not dealt yet")
            return known[index]
        return [*self._below, *self._above][index]

    def pop(self) -> Any:
        """The top card (a chance node under a draw hook while unseen cards remain)."""
        if self._above:
            return self._above.pop()
        if self._unseen:
            k = self._size - len(self._unseen) + 1
            return self._unseen.pop(self._chance.drawn(
                len(self._unseen), f"card {k} of a shuffle of {self._size}"))
        return self._below.pop()

    def insert(self, index: int, card: Any) -> None:
        """Slip ``card`` under the bottom (``index`` 0, the only place a pile takes one)."""
        if index != 0:
            raise IndexError("a card goes under a pile (index 0), nowhere else")
        self._below.insert(0, card)

    def extend(self, cards: Iterable[Any]) -> None:
        """Lay ``cards`` on top, the last one uppermost."""
        self._above.extend(cards)
