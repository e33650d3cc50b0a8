"""The best way to play the casino's blackjack, computed exactly (RULES.md 1 C and D).

Cards count as blackjack.py says; the pay-outs and where the house stands come from the
content's casino numbers (``rules``, a :class:`~.content.CasinoRules`). The house shows ONE
card before the players act. The deck is taken as infinite (each value with its chance in
``VALUE_CHANCES``): a 52-card deck changes the figures slightly, and this is the table's one
documented simplification. Everything else is exact: expectimax by recursion with Fractions,
memoised, so the whole table costs a fraction of a second.

API (expected gains are Fractions per unit bet; card values 1 = Ace, 2..10):
  house_finals(rules, up)             -> {17..21 or BUST: probability}
  action_values(rules, cards, up, can_double=True, can_split=True) -> {action: gain}
  best_action(rules, cards, up, legal) -> the best of the legal actions
  bet_ev(rules, first, up)            -> gain of a hand before its second card (best play)
  edge(rules)                         -> the player's gain per $1 bet with best play
  strategy_table(rules)               -> {(total, soft, pair, up): (action, gain)}, 2 cards
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from .blackjack import (
    ACE,
    BUST,
    TWENTY_ONE,
    VALUE_CHANCES,
    best_total,
    count,
    final,
    house_draws,
    is_blackjack,
    is_bust,
    net,
    outcome,
)
from .content import CasinoRules

Final = int | str


@cache
def _house(rules: CasinoRules, hard: int, has_ace: bool) -> tuple[tuple[Final, Fraction], ...]:
    total = best_total(hard, has_ace)
    if not house_draws(rules, total):
        return ((final(total), Fraction(1)),)
    out: dict[Final, Fraction] = {}
    for card, p in VALUE_CHANCES:
        for end, q in _house(rules, hard + card, has_ace or card == ACE):
            out[end] = out.get(end, Fraction(0)) + p * q
    return tuple(out.items())


@cache
def house_finals(rules: CasinoRules, up: int | None = None) -> dict[Final, Fraction]:
    """Rule 51: the house's final total (or BUST) from its up-card value (None: unseen)."""
    start = count(() if up is None else (up,))
    outcomes = dict(_house(rules, *start))
    order = sorted(t for t in outcomes if t != BUST) + [BUST] * (BUST in outcomes)
    return {t: outcomes[t] for t in order}


@cache
def _stand(rules: CasinoRules, total: int, up: int) -> Fraction:
    return sum((p * net(rules, outcome(total, end)) for end, p in house_finals(rules, up).items()),
               Fraction(0))


@cache
def _hit_or_stand(rules: CasinoRules, hard: int, has_ace: bool, up: int) -> Fraction:
    """Best gain of a hand that may only hit or stick (21 stands, as in the game)."""
    total = best_total(hard, has_ace)
    if is_bust(total):
        return Fraction(net(rules, "lost"))
    if total == TWENTY_ONE:
        return _stand(rules, total, up)
    return max(_stand(rules, total, up), _hit(rules, hard, has_ace, up))


def _after(hard: int, has_ace: bool, card: int) -> tuple[int, bool]:
    return hard + card, has_ace or card == ACE


@cache
def _hit(rules: CasinoRules, hard: int, has_ace: bool, up: int) -> Fraction:
    return sum((p * _hit_or_stand(rules, *_after(hard, has_ace, c), up)
                for c, p in VALUE_CHANCES), Fraction(0))


@cache
def _double(rules: CasinoRules, hard: int, has_ace: bool, up: int) -> Fraction:
    """Rule 55: the bet doubled and exactly one more card."""
    gain = Fraction(0)
    for c, p in VALUE_CHANCES:
        total = best_total(*_after(hard, has_ace, c))
        gain += p * (net(rules, "lost") if is_bust(total) else _stand(rules, total, up))
    return 2 * gain


@cache
def _split(rules: CasinoRules, value: int, up: int) -> Fraction:
    """Rule 54 and B 16: two hands, each the split card plus one; no blackjack and no second
    split, a double allowed."""
    gain = Fraction(0)
    for c, p in VALUE_CHANCES:
        hand = count((value, c))
        options = [_hit_or_stand(rules, *hand, up)]
        if best_total(*hand) < TWENTY_ONE:
            options.append(_double(rules, *hand, up))
        gain += p * max(options)
    return 2 * gain


def action_values(rules: CasinoRules, cards: Iterable[int], up: int, can_double: bool = True,
                  can_split: bool = True) -> dict[str, Fraction]:
    """Expected gain of each action for a hand of card values against the up-card value."""
    cards = tuple(cards)
    hard, has_ace = count(cards)
    total = best_total(hard, has_ace)
    values = {"stick": _stand(rules, total, up)}
    if total < TWENTY_ONE:
        values["hit"] = _hit(rules, hard, has_ace, up)
        if len(cards) == 2 and can_double:
            values["double"] = _double(rules, hard, has_ace, up)
    if len(cards) == 2 and can_split and cards[0] == cards[1]:
        values["split"] = _split(rules, cards[0], up)
    return values


def best_action(rules: CasinoRules, cards: Iterable[int], up: int, legal: Iterable[str]) -> str:
    """The legal action with the highest expected gain."""
    legal = set(legal)
    values = action_values(rules, cards, up, "double" in legal, "split" in legal)
    return max((a for a in values if a in legal), key=values.__getitem__)


@cache
def _first_two(rules: CasinoRules, a: int, b: int, up: int) -> Fraction:
    if is_blackjack((a, b)):
        return Fraction(net(rules, "blackjack"))
    return max(action_values(rules, (a, b), up).values())


@cache
def bet_ev(rules: CasinoRules, first: int, up: int) -> Fraction:
    """Expected gain per bet of a hand holding ``first`` against ``up``, played best."""
    return sum((p * _first_two(rules, first, c, up) for c, p in VALUE_CHANCES), Fraction(0))


@cache
def edge(rules: CasinoRules) -> Fraction:
    """The player's expected gain per $1 bet with the best play (before any card is seen)."""
    return sum((p * q * bet_ev(rules, f, u) for f, p in VALUE_CHANCES
                for u, q in VALUE_CHANCES), Fraction(0))


@cache
def strategy_table(
    rules: CasinoRules,
) -> dict[tuple[int, bool, int | None, int], tuple[str, Fraction]]:
    """The best first decision for every two-card hand: key (total, soft, pair value or None,
    up-card value), value (action, expected gain)."""
    table = {}
    values = [v for v, _ in VALUE_CHANCES]
    for i, a in enumerate(values):
        for b in values[i:]:
            if is_blackjack((a, b)):
                continue
            hard, has_ace = count((a, b))
            total = best_total(hard, has_ace)
            for up in values:
                gains = action_values(rules, (a, b), up)
                best = max(gains, key=gains.__getitem__)
                table[total, total != hard, a if a == b else None, up] = (best, gains[best])
    return table
