"""The best way to play the casino's blackjack, computed exactly (RULES.md 1 C and D).

Cards count as blackjack.py says; the pay-outs and where the house stands come from the
content's casino numbers (``rules``, a :class:`~.content.CasinoRules`). The house shows ONE
card before the players act. The deck is taken as infinite (each value with its chance in
``VALUE_CHANCES``, whatever has been dealt), the table's one approximation: the casino deals
from one 52-card deck, and deck.py measures the difference (exactly for the house's hand, by
a seeded simulation of hands dealt from one deck for the edge). Everything else is exact:
expectimax by recursion with Fractions, memoised, so the whole table costs a fraction of a
second.

API (expected gains are Fractions per unit bet; card values 1 = Ace, 2..10):
  house_finals(rules, up)             -> {17..21 or BUST: probability}
  action_values(rules, cards, up, can_double=True, can_split=True) -> {action: gain}
  best_action(rules, cards, up, legal) -> the best of the legal actions
  shape(cards)                        -> what those gains depend on: (hard total, an Ace
                                         held, two cards, pair value or None); the
                                         shape_values and best_shape_action of a shape are
                                         those of every hand of that shape
  bet_ev(rules, first, up)            -> gain of a hand before its second card (best play)
  edge(rules)                         -> the player's gain per $1 bet with best play
  strategy_table(rules)               -> {(total, soft, pair, up): (action, gain)}, 2 cards
  first_move(rules, a, b, up, moves)  -> the best first move of a two-card hand
  gain_dist(rules, moves)             -> {gain per $1 bet: probability} of one hand played
                                         best with ``moves`` (all four, or hit and stick)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache

from tabletop.cache import cached

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
    split, a double allowed when the content's ``double_after_split`` says so (Rule 55: any
    first two cards, a split 21 too)."""
    gain = Fraction(0)
    for c, p in VALUE_CHANCES:
        hand = count((value, c))
        options = [_hit_or_stand(rules, *hand, up)]
        if rules.double_after_split:
            options.append(_double(rules, *hand, up))
        gain += p * max(options)
    return 2 * gain


#: What the gains of a hand's actions depend on: its hard total, whether it holds an Ace,
#: whether it is two cards, and the value of a pair (``None`` for any other hand).
Shape = tuple[int, bool, bool, int | None]


def shape(cards: Sequence[int]) -> Shape:
    """The :data:`Shape` of a hand of card values."""
    hard, has_ace = count(cards)
    two = len(cards) == 2
    return hard, has_ace, two, cards[0] if two and cards[0] == cards[1] else None


def action_values(rules: CasinoRules, cards: Iterable[int], up: int, can_double: bool = True,
                  can_split: bool = True) -> dict[str, Fraction]:
    """Expected gain of each action for a hand of card values against the up-card value.
    Rule 55: any first two cards may double, a 21 made after a split too (hitting a 21 can
    only lower it, so it is left out)."""
    return shape_values(rules, shape(tuple(cards)), up, can_double, can_split)


def shape_values(rules: CasinoRules, hand: Shape, up: int, can_double: bool = True,
                 can_split: bool = True) -> dict[str, Fraction]:
    """:func:`action_values` of every hand of the :data:`Shape` ``hand``."""
    hard, has_ace, two, pair = hand
    total = best_total(hard, has_ace)
    values = {"stick": _stand(rules, total, up)}
    if total < TWENTY_ONE:
        values["hit"] = _hit(rules, hard, has_ace, up)
    if two and can_double:
        values["double"] = _double(rules, hard, has_ace, up)
    if pair is not None and can_split:
        values["split"] = _split(rules, pair, up)
    return values


def best_action(rules: CasinoRules, cards: Iterable[int], up: int, legal: Iterable[str]) -> str:
    """The legal action with the highest expected gain."""
    return best_shape_action(rules, shape(tuple(cards)), up, set(legal))


def best_shape_action(rules: CasinoRules, hand: Shape, up: int, legal: Collection[str]) -> str:
    """:func:`best_action` of every hand of the :data:`Shape` ``hand`` (the first of the
    actions listed by :func:`action_values` on a tie)."""
    values = shape_values(rules, hand, up, "double" in legal, "split" in legal)
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
@cached
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


#: Every move of rules 50, 54 and 55, and the two a hand that never adds to its bet may make.
ALL_MOVES = ("hit", "stick", "double", "split")
HIT_OR_STICK = ("hit", "stick")
#: A busted player's hand, as a total (any total over 21 loses).
_OVER = TWENTY_ONE + 1


def first_move(rules: CasinoRules, a: int, b: int, up: int,
               moves: Iterable[str] = ALL_MOVES) -> str:
    """The best first move of the two-card hand ``a``, ``b`` against ``up``, among ``moves``."""
    return best_action(rules, (a, b), up, set(moves) | {"stick"})


def keeps_hitting(rules: CasinoRules, hard: int, has_ace: bool, up: int) -> bool:
    """The hit-or-stick rule of :func:`_hit_or_stand`: hit while hitting is worth more."""
    total = best_total(hard, has_ace)
    return total < TWENTY_ONE and _hit(rules, hard, has_ace, up) > _stand(rules, total, up)


@cache
def _hit_on(rules: CasinoRules, hard: int, has_ace: bool, up: int) -> tuple[tuple[int, Fraction],
                                                                             ...]:
    """Final totals of a hand that takes one card and then plays on by hits and sticks."""
    out: dict[int, Fraction] = {}
    for c, p in VALUE_CHANCES:
        after = _after(hard, has_ace, c)
        ends = (_hit_on(rules, *after, up) if keeps_hitting(rules, *after, up)
                else ((min(best_total(*after), _OVER), Fraction(1)),))
        for end, q in ends:
            out[end] = out.get(end, Fraction(0)) + p * q
    return tuple(out.items())


def _one_card(hard: int, has_ace: bool) -> dict[int, Fraction]:
    """Final totals of a hand that takes exactly one more card (a double down)."""
    out: dict[int, Fraction] = {}
    for c, p in VALUE_CHANCES:
        end = min(best_total(*_after(hard, has_ace, c)), _OVER)
        out[end] = out.get(end, Fraction(0)) + p
    return out


def _played(rules: CasinoRules, cards: tuple[int, ...], up: int, move: str
            ) -> dict[tuple[int, int], Fraction]:
    """One hand after its first move: {(stake, final total): probability}."""
    hard, has_ace = count(cards)
    if move == "stick":
        return {(1, best_total(hard, has_ace)): Fraction(1)}
    if move == "double":
        return {(2, end): p for end, p in _one_card(hard, has_ace).items()}
    return {(1, end): p for end, p in _hit_on(rules, hard, has_ace, up)}


def _hands(rules: CasinoRules, a: int, b: int, up: int, moves: tuple[str, ...]
           ) -> list[dict[tuple[int, int], Fraction]]:
    """The hand (or the two hands of a split) that ``a``, ``b`` against ``up`` becomes."""
    move = first_move(rules, a, b, up, moves)
    if move != "split":
        return [_played(rules, (a, b), up, move)]
    later = tuple(m for m in moves if m != "split" and (m != "double" or rules.double_after_split))
    hand: dict[tuple[int, int], Fraction] = {}
    for c, p in VALUE_CHANCES:
        for key, q in _played(rules, (a, c), up, first_move(rules, a, c, up, later)).items():
            hand[key] = hand.get(key, Fraction(0)) + p * q
    return [hand, hand]


def _gains(rules: CasinoRules, hands: list[Mapping[tuple[int, int], Fraction]],
           house: Final) -> dict[int, Fraction]:
    """What the hands gain together against the house's final total (rule 52)."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for hand in hands:
        step: dict[int, Fraction] = {}
        for gain, p in total.items():
            for (stake, end), q in hand.items():
                g = gain + stake * net(rules, outcome(end, house))
                step[g] = step.get(g, Fraction(0)) + p * q
        total = step
    return total


@cache
@cached
def gain_dist(rules: CasinoRules, moves: tuple[str, ...] = ALL_MOVES) -> dict[int, Fraction]:
    """What one hand gains per $1 bet, with its probability, when it is played the best way
    with ``moves`` (``HIT_OR_STICK``: a hand that never adds to its bet). Its mean is
    :func:`edge` for all the moves."""
    out: dict[int, Fraction] = {}
    for up, pu in VALUE_CHANCES:
        finals = house_finals(rules, up)
        for a, pa in VALUE_CHANCES:
            for b, pb in VALUE_CHANCES:
                p = pu * pa * pb
                if is_blackjack((a, b)):
                    out[net(rules, "blackjack")] = out.get(net(rules, "blackjack"), 0) + p
                    continue
                hands = _hands(rules, a, b, up, tuple(moves))
                for house, ph in finals.items():
                    for g, pg in _gains(rules, hands, house).items():
                        out[g] = out.get(g, Fraction(0)) + p * ph * pg
    return dict(sorted(out.items()))
