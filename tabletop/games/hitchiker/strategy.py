"""The best way to play Hitchiker's blackjack, computed exactly.

The kit's rules (blackjack.py) pay a win +2 times the bet, a blackjack +5 (at once, whatever
the house does), a push 0 and a loss -1. The house shows ONE card before the players act and
draws to 17, standing on a soft 17. The deck is taken as infinite (each rank 1/13, each
ten-value 4/13 together): a 52-card deck changes the figures slightly, and this simplification
is the one documented limit of the table. Everything else is exact: expectimax by recursion
with Fractions, memoised with functools.cache, so the whole table costs a fraction of a second.

API (values are Fractions, in bets; card values 1 = Ace, 2..10):
  house_outcomes(up)                  -> {17..21 or 22 (= bust): probability}
  action_values(cards, up, can_double=True, can_split=True) -> {action: EV}
  best_action(cards, up, legal)       -> the best of the legal actions
  bet_ev(first, up)                   -> EV of a hand before its second card (best play)
  edge()                              -> the player's EV per $1 bet with best play
  strategy_table()                    -> {(total, soft, pair, up): (action, EV)} for 2 cards
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

WIN, BLACKJACK, PUSH, LOSS = 2, 5, 0, -1
CARDS: tuple[tuple[int, Fraction], ...] = tuple(
    (v, Fraction(4, 13) if v == 10 else Fraction(1, 13)) for v in range(1, 11))
BUST = 22


def add_card(total: int, soft: bool, card: int) -> tuple[int, bool]:
    """A hand's (total, soft) after one more card."""
    if card == 1 and total + 11 <= 21:
        return total + 11, True
    total += card
    if total > 21 and soft:
        return total - 10, False
    return total, soft


def _start(cards: Iterable[int]) -> tuple[int, bool]:
    total, soft = 0, False
    for c in cards:
        total, soft = add_card(total, soft, c)
    return total, soft


@cache
def _house(total: int, soft: bool) -> tuple[tuple[int, Fraction], ...]:
    if total > 21:
        return ((BUST, Fraction(1)),)
    if total >= 17:
        return ((total, Fraction(1)),)
    out: dict[int, Fraction] = {}
    for card, p in CARDS:
        for final, q in _house(*add_card(total, soft, card)):
            out[final] = out.get(final, Fraction(0)) + p * q
    return tuple(sorted(out.items()))


@cache
def house_outcomes(up: int) -> dict[int, Fraction]:
    """The house's final total (22 = bust) from its one up-card."""
    return dict(_house(*_start([up])))


@cache
def _stand(total: int, up: int) -> Fraction:
    ev = Fraction(0)
    for final, p in house_outcomes(up).items():
        ev += p * (WIN if final == BUST or total > final else PUSH if total == final else LOSS)
    return ev


@cache
def _hit_or_stand(total: int, soft: bool, up: int) -> Fraction:
    """Best EV of a hand that may only hit or stick (21 stands, as in the game)."""
    if total > 21:
        return Fraction(LOSS)
    if total == 21:
        return _stand(21, up)
    return max(_stand(total, up), _hit(total, soft, up))


@cache
def _hit(total: int, soft: bool, up: int) -> Fraction:
    return sum((p * _hit_or_stand(*add_card(total, soft, c), up) for c, p in CARDS), Fraction(0))


@cache
def _double(total: int, soft: bool, up: int) -> Fraction:
    ev = Fraction(0)
    for c, p in CARDS:
        t, _ = add_card(total, soft, c)
        ev += p * (LOSS if t > 21 else _stand(t, up))
    return 2 * ev


@cache
def _split(value: int, up: int) -> Fraction:
    """Two hands, each the split card plus one; no blackjack and no second split."""
    ev = Fraction(0)
    for c, p in CARDS:
        total, soft = _start([value, c])
        options = [_hit_or_stand(total, soft, up)]
        if total < 21:
            options.append(_double(total, soft, up))
        ev += p * max(options)
    return 2 * ev


def action_values(cards: Iterable[int], up: int, can_double: bool = True,
                  can_split: bool = True) -> dict[str, Fraction]:
    """EV of each action for a hand of card values against the house's up-card value."""
    cards = tuple(cards)
    total, soft = _start(cards)
    values = {"stick": _stand(total, up)}
    if total < 21:
        values["hit"] = _hit(total, soft, up)
        if len(cards) == 2 and can_double:
            values["double"] = _double(total, soft, up)
    if len(cards) == 2 and can_split and cards[0] == cards[1]:
        values["split"] = _split(cards[0], up)
    return values


def best_action(cards: Iterable[int], up: int, legal: Iterable[str]) -> str:
    """The legal action with the highest EV."""
    legal = set(legal)
    values = action_values(cards, up, "double" in legal, "split" in legal)
    return max((a for a in values if a in legal), key=values.__getitem__)


@cache
def _first_two(a: int, b: int, up: int) -> Fraction:
    if {a, b} == {1, 10}:
        return Fraction(BLACKJACK)
    return max(action_values((a, b), up).values())


@cache
def bet_ev(first: int, up: int) -> Fraction:
    """EV per bet of a hand holding ``first`` against ``up``, played as well as possible."""
    return sum((p * _first_two(first, c, up) for c, p in CARDS), Fraction(0))


@cache
def edge() -> Fraction:
    """The player's expected gain per $1 bet with the best play (before any card is seen)."""
    return sum((p * q * bet_ev(f, u) for f, p in CARDS for u, q in CARDS), Fraction(0))


@cache
def strategy_table() -> dict[tuple[int, bool, int | None, int], tuple[str, Fraction]]:
    """The best first decision for every two-card hand: key (total, soft, pair value or None,
    up-card value), value (action, EV)."""
    table = {}
    for a in range(1, 11):
        for b in range(a, 11):
            if {a, b} == {1, 10}:
                continue
            total, soft = _start([a, b])
            for up in range(1, 11):
                values = action_values((a, b), up)
                best = max(values, key=values.__getitem__)
                table[total, soft, a if a == b else None, up] = (best, values[best])
    return table
