"""The casino's blackjack rules, written once: what a card counts, a hand's total, when a hand
is bust, how the house plays and what a hand wins (RULES.md 1 A 47 and 51-53, B 16).

The Hitchiker casino (casino.py), the stand-alone :class:`~.blackjack_table.BlackjackTable`,
the strategy table (strategy.py) and the exact odds (odds.py) all count with these functions.
A hand is kept as its *hard* total (every Ace counted 1) and whether it holds an Ace: one
Ace may then count 11 while that keeps the hand at 21 or less (a *soft* hand).
:func:`best_total` and :func:`house_draws` work on whole numbers and on numpy arrays alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from tabletop.core.cards import RANKS, rank, standard_deck
from tabletop.core.decisions import Amount

from .amounts import up_to
from .content import CasinoRules

TWENTY_ONE = 21
ACE = 1
TEN = 10
#: An Ace counted 11 instead of 1 adds this much.
SOFT_ACE = 10
#: The one way a busted final total is written, by the casino and by the odds.
BUST = "bust"
FULL_DECK: tuple[str, ...] = tuple(standard_deck())
#: Rule 47: each rank's value, an Ace counted 1 (:func:`best_total` makes it 11 when it fits).
RANK_VALUE: dict[str, int] = {
    r: ACE if r == "A" else TEN if r in ("10", "J", "Q", "K") else int(r) for r in RANKS
}
CARD_VALUE: dict[str, int] = {c: RANK_VALUE[rank(c)] for c in FULL_DECK}
#: One card from an infinite deck: each value with its chance (the four ten-valued ranks 4/13).
VALUE_CHANCES: tuple[tuple[int, Fraction], ...] = tuple(
    (v, Fraction(sum(x == v for x in RANK_VALUE.values()), len(RANKS)))
    for v in sorted(set(RANK_VALUE.values())))


def best_total(hard: Any, has_ace: Any) -> Any:
    """Rule 47: the hand's total, one Ace counted 11 when that keeps it at 21 or less."""
    return hard + SOFT_ACE * (has_ace & (hard + SOFT_ACE <= TWENTY_ONE))


def count(values: Sequence[int]) -> tuple[int, bool]:
    """A hand of card values (Ace = 1) as (hard total, holds an Ace)."""
    return sum(values), ACE in values


def total_of(values: Sequence[int]) -> int:
    """The best total of a hand of card values."""
    return best_total(*count(values))


def hand_total(cards: Iterable[str]) -> tuple[int, bool]:
    """Rule 47: the best total of ``cards`` and whether an Ace counts 11 in it (soft)."""
    hard, has_ace = count([CARD_VALUE[c] for c in cards])
    total = best_total(hard, has_ace)
    return total, total != hard


def is_bust(total: int) -> bool:
    """Rule 47: a total over 21 busts."""
    return total > TWENTY_ONE


def final(total: int) -> int | str:
    """A finished hand's total, or :data:`BUST`."""
    return BUST if is_bust(total) else total


def is_blackjack(values: Sequence[int]) -> bool:
    """Rule 53: an Ace and a ten-valued card as the first two cards."""
    return len(values) == 2 and ACE in values and TEN in values


def house_draws(rules: CasinoRules, total: Any) -> Any:
    """Rule 51 and B 16: the house draws below ``house_stands`` and stands on it, soft or hard."""
    return total < rules.house_stands


def outcome(total: int, house: int | str) -> str:
    """Rule 52: a standing hand against the house's final total: won, push or lost."""
    if is_bust(total):
        return "lost"
    if house == BUST or total > house:
        return "won"
    return "push" if total == house else "lost"


def net(rules: CasinoRules, result: str) -> int:
    """Rule 53: what a hand gains per unit bet: a win ``+win_pays``, a push 0, a loss -1;
    a blackjack ``+blackjack_pays``."""
    return {"won": rules.win_pays, "push": 0, "lost": -1,
            "blackjack": rules.blackjack_pays}[result]


def bet_range(rules: CasinoRules, cash: int) -> tuple[Amount, dict[str, int], dict[str, str]]:
    """Rule 48 with B 16: bets from ``bet_min`` in ``bet_step`` steps, and all the cash held
    (see :func:`~.amounts.up_to`). Rule 43 lets everyone with money play, so a player short
    of the minimum bets all they have."""
    if cash < rules.bet_min:
        return Amount(cash, cash), {}, {}
    return up_to(rules.bet_min, cash, rules.bet_step)


def house_rules(rules: CasinoRules) -> list[str]:
    """The casino's rules in sentences, the numbers from the content (rules 47-55, B 16), so a
    figure computed for this casino says which casino it is for."""
    dealt = "may" if rules.double_after_split else "may not"
    return [
        f"The house draws below {rules.house_stands} and stands on {rules.house_stands} or "
        "more, soft or hard; it shows one card and has no hole card.",
        f"A win keeps the bet and collects {rules.win_pays} times it; a blackjack (an Ace and "
        f"a ten-valued card as the first two cards) collects {rules.blackjack_pays} times it "
        "at once; a tie keeps the bet.",
        "Any first two cards may double down for exactly one more card.",
        f"Two cards of equal value may be split once; the hands of a split {dealt} double "
        "down, and 21 on a split hand is not a blackjack.",
    ]
