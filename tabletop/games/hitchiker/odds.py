"""Exact odds of Hitchiker: the deciding rolls, the cities, the Black Market, the casino and the
board, each computed from a checked content file with Fractions (seeded simulations beside
them, for the walkthrough to compare).

Every function reads the kit's own edition unless it is given another ``content`` (a game's
``game.content``) or casino ``rules``, so a teacher who edits content.toml gets the figures of
their edition. Checklist rules referred to: 11-16 (welfare, rent, prices), 21-23 and 26
(Smell Gaso, Saysno, Corpus Risky, Stock Wood), 25 (Remindya), 33-39 (the Black Market) and
47-53 (blackjack, taking an infinite deck like strategy.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

import numpy as np
import pandas as pd

from tabletop.odds import Dist, MarkovChain, OddsError, chain_from_step, dice
from tabletop.odds.landing import landing_table

from . import blackjack as bj
from .black_market import ROLLS_PER_DEAL, describe_deal
from .blackjack import BUST, CARD_VALUE, VALUE_CHANCES
from .content import CasinoRules, Content, Deal, kit_content
from .strategy import action_values, best_action, bet_ev, house_finals

TWO_DICE = dice("2d6")
ONE_DIE = dice("1d6")


def money(key: str, content: Content | None = None) -> int:
    """One figure of the ``[money]`` table of content.toml."""
    return (content or kit_content()).money[key]


# -- the deciding rolls ----------------------------------------------------------------------
def corpus_risky_death(content: Content | None = None) -> Fraction:
    """Rule 23: the sharks' totals of two dice."""
    return TWO_DICE.p((content or kit_content()).shark_attack)


def remindya_escape(content: Content | None = None) -> Fraction:
    """Rule 25: the chance that one turn's roll gets out of the pot hole."""
    return TWO_DICE.p((content or kit_content()).remindya_escape)


def remindya_stay(cap: int = 12, content: Content | None = None) -> Dist:
    """Turns of rolling at Remindya until the first escape (geometric); the last entry,
    ``cap``, stands for "``cap`` turns or more" (the mean is :func:`expected_remindya_stay`)."""
    p = remindya_escape(content)
    weights = {k: (1 - p) ** (k - 1) * p for k in range(1, cap)}
    weights[cap] = (1 - p) ** (cap - 1)
    return Dist(weights)


def expected_remindya_stay(content: Content | None = None) -> Fraction:
    """The mean of the geometric stay: 1 / p turns."""
    return 1 / remindya_escape(content)


def remindya_escape_move(content: Content | None = None) -> Dist:
    """Rule 25: how far the escape roll moves the hitchiker."""
    return TWO_DICE.given((content or kit_content()).remindya_escape)


# -- money rolls ------------------------------------------------------------------------------
def hometown_price(content: Content | None = None) -> Dist:
    """Rule 16: one die times the base price."""
    return ONE_DIE * money("price_per_pip", content)


def rent(content: Content | None = None) -> Dist:
    """Rule 12: the lander's 2d6 times the rent per pip, paid to the owner."""
    return TWO_DICE * money("rent_per_pip", content)


def payout(city: str = "smell_gaso", content: Content | None = None) -> Dist:
    """Rules 21-22: two dice times the city's amount per pip."""
    return TWO_DICE * money(f"{city}_per_pip", content)


def stock_wood_units() -> Dist:
    """Rule 26: contraband units found at Stock Wood, one per pip of two dice."""
    return TWO_DICE


# -- moving round the loop -------------------------------------------------------------------
def throw_lands_on(position: int, content: Content | None = None) -> Dist:
    """Rule 7: the city (its index) a throw of two dice from ``position`` lands on."""
    size = len((content or kit_content()).board)
    return TWO_DICE.map(lambda steps: (position + steps) % size)


def hometown_visit(cities: int | None = None) -> Dist:
    """What one move of 2d6 does to a given city, the mover starting on a uniformly random
    city (the long-run position on the plain loop): "land", "pass" or "miss"."""
    n = cities or len(kit_content().board)
    weights: dict[str, Fraction] = {"land": Fraction(0), "pass": Fraction(0), "miss": Fraction(0)}
    for steps, p in TWO_DICE.items():
        weights["land"] += p * Fraction(1, n)
        weights["pass"] += p * Fraction(steps - 1, n)
    weights["miss"] = 1 - weights["land"] - weights["pass"]
    return Dist(weights)


def welfare_per_move() -> Fraction:
    """Rules 11, 14 and B 10: the owner's cheques per own move from ONE Hometown (a cheque for
    passing it and for landing on it)."""
    visit = hometown_visit()
    return (visit["land"] + visit["pass"]) * money("welfare")


def rent_per_opponent_move() -> Fraction:
    """Rule 12: the owner's expected rent each time another hitchiker moves."""
    return hometown_visit()["land"] * rent().mean()


def board(content: Content | None = None) -> list[tuple[str, str]]:
    """The cities in order, as (name, kind)."""
    return [(city.name, city.kind) for city in (content or kit_content()).board]


@cache
def board_chain() -> MarkovChain:
    """The loop under 2d6 moves (rule 7); a token on Remindya leaves only on an escape total
    (one roll per turn) and then moves that total (rule 25, B 14)."""
    content = kit_content()
    n = len(content.board)
    stuck = set(content.kind_spaces("remindya"))
    p_out = remindya_escape()
    escape = remindya_escape_move()

    def step(space: int) -> Dist:
        if space in stuck:
            weights = {space: 1 - p_out}
            for k, p in escape.items():
                weights[(space + k) % n] = p_out * p
            return Dist(weights)
        return TWO_DICE.map(lambda k: (space + k) % n)

    return chain_from_step(n, step)


def landing(exact: bool = True) -> pd.DataFrame:
    """The long-run landing table of the 42 cities (see :func:`tabletop.odds.landing_table`)."""
    return landing_table(board_chain(), board(), exact)


def walk_landings(moves: int, seed: int) -> np.ndarray:
    """A seeded walk of one token for ``moves`` turns: landing counts per city, Remindya
    holding the token until an escape total (to compare with :func:`landing`)."""
    content = kit_content()
    rng = np.random.default_rng(seed)
    rolls = rng.integers(1, 7, size=(moves, 2)).sum(axis=1)
    escapes = set(content.remindya_escape)
    stuck = set(content.kind_spaces("remindya"))
    counts = np.zeros(len(content.board), dtype=int)
    here = 0
    for roll in rolls.tolist():
        if here not in stuck or roll in escapes:
            here = (here + roll) % len(counts)
        counts[here] += 1
    return counts


# -- the Black Market ------------------------------------------------------------------------
@dataclass(frozen=True)
class DealOutcome:
    """The exact result of a deal strategy for a stake: the chances of death and of being
    ripped off, the expected units, and the expected number of rolls."""

    death: Fraction
    ripped_off: Fraction
    units: Fraction
    rolls: Fraction


def deal_chart(content: Content | None = None) -> dict[int, Deal]:
    """The Deal Chart: what each 2d6 total means."""
    return dict((content or kit_content()).deal_chart)


def deal_roll(content: Content | None = None) -> Dist:
    """Rule 34: what one roll for a deal brings, in words (lines sharing a result added)."""
    chart = deal_chart(content)
    return TWO_DICE.map(lambda total: describe_deal(chart[total]))


def shootout(content: Content | None = None) -> Fraction:
    """Rule 39: the chance that one roll for a deal is the police shootout."""
    return TWO_DICE.p((content or kit_content()).chart_totals("shootout"))


def deal_units(line: Deal, stake: int, content: Content | None = None) -> int:
    """Rules 36-37 and B 4-5: the units a stake brings (0 when ripped off or killed)."""
    if line.result == "free":
        return stake // money("free_unit_stake", content)
    if line.result == "price":
        return stake // line.price
    return 0


def deal_outcome(accept: tuple[Iterable[int], Iterable[int]], stake: int = 10_000) -> DealOutcome:
    """Exact figures of a strategy that accepts the totals ``accept[0]`` on roll 1 and
    ``accept[1]`` on roll 2 (roll 3 must be accepted, rule 35)."""
    chart = deal_chart()
    death = ripped = units = rolls = Fraction(0)
    reach = Fraction(1)
    for k in range(ROLLS_PER_DEAL):
        rolls += reach
        last = k == ROLLS_PER_DEAL - 1
        taken = set(accept[k]) if not last else set(chart)
        for roll, p in TWO_DICE.items():
            if roll not in taken:
                continue
            line = chart[roll]
            death += reach * p * (line.result == "shootout")
            ripped += reach * p * (line.result == "ripped_off")
            units += reach * p * deal_units(line, stake)
        if not last:
            reach *= 1 - TWO_DICE.p(taken)
    return DealOutcome(death, ripped, units, rolls)


def deal_value(line: Deal, stake: int, unit_value: int, death_cost: int) -> int:
    """The dollar value of accepting ``line``: units at ``unit_value`` each, less the money
    spent; ripped off loses the stake; a shootout costs ``death_cost`` (what dying loses)."""
    if line.result == "shootout":
        return -death_cost
    if line.result == "ripped_off":
        return -stake
    spent = 0 if line.result == "free" else deal_units(line, stake) * line.price
    return deal_units(line, stake) * unit_value - spent


@dataclass(frozen=True)
class StoppingRule:
    """The optimal accept-or-decline rule by backward induction: ``continuation[k]`` is the
    expected value of declining roll k+1 (and playing on well); ``accept[k]`` the totals
    worth taking on roll k+1; ``value`` the deal's expected value before the first roll."""

    continuation: tuple[Fraction, ...]
    accept: tuple[frozenset[int], ...]
    value: Fraction


def stopping_rule(unit_value: int, death_cost: int, stake: int = 10_000) -> StoppingRule:
    """Backward induction over the three rolls: the third is forced, so its value is the
    chart's mean; on an earlier roll, accept exactly when the result is worth at least the
    value of rolling on."""
    chart = deal_chart()
    worth = {r: Fraction(deal_value(chart[r], stake, unit_value, death_cost)) for r in chart}
    later = sum((p * worth[r] for r, p in TWO_DICE.items()), Fraction(0))  # roll 3: forced
    continuation: list[Fraction] = []
    accept: list[frozenset[int]] = []
    for _ in range(ROLLS_PER_DEAL - 1):
        continuation.insert(0, later)
        accept.insert(0, frozenset(r for r in worth if worth[r] >= later))
        later = sum((p * max(worth[r], later) for r, p in TWO_DICE.items()), Fraction(0))
    return StoppingRule(tuple(continuation), tuple(accept), later)


# -- the casino ------------------------------------------------------------------------------
def _rules(rules: CasinoRules | None) -> CasinoRules:
    return rules or kit_content().casino


def _up_value(up_card: int | None) -> int | None:
    if up_card is None or up_card in bj.RANK_VALUE.values():
        return up_card
    if up_card == bj.ACE + bj.SOFT_ACE:
        return bj.ACE
    raise OddsError(f"the up-card is a value 1..10 (1 or 11 for an Ace), not {up_card!r}")


def house_final_dist(up_card: int | None = None, rules: CasinoRules | None = None) -> Dist:
    """Rule 51: the exact distribution of the house's final total (17..21 or ``BUST``) from
    the value of its first card (1 or 11 = Ace, 10 = any ten-valued card; None: unseen)."""
    return Dist(house_finals(_rules(rules), _up_value(up_card)).items())


def house_bust_by_up_card(rules: CasinoRules | None = None) -> Mapping[int, Fraction]:
    """The house's bust chance for each up-card value (1 = Ace)."""
    return {up: house_final_dist(up, rules).p(BUST) for up, _ in VALUE_CHANCES}


def house_bust(up_card: str, rules: CasinoRules | None = None) -> Fraction:
    """The bust chance of a house showing ``up_card`` (a card such as ``"6H"``)."""
    return house_final_dist(CARD_VALUE[up_card], rules).p(BUST)


def move_values(cards: Sequence[str], up_card: str, rules: CasinoRules | None = None
                ) -> dict[str, Fraction]:
    """The expected gain per $1 bet of each move for a hand of cards against ``up_card``."""
    return action_values(_rules(rules), [CARD_VALUE[c] for c in cards], CARD_VALUE[up_card])


def bet_value(first: str, up_card: str, rules: CasinoRules | None = None) -> Fraction:
    """The expected gain per $1 bet of a hand whose first card is ``first``, played best."""
    return bet_ev(_rules(rules), CARD_VALUE[first], CARD_VALUE[up_card])


def blackjack_chance() -> Fraction:
    """Rule 53: an Ace and a ten-valued card as the first two cards (either order)."""
    return sum((p * q for a, p in VALUE_CHANCES for b, q in VALUE_CHANCES
                if bj.is_blackjack((a, b))), Fraction(0))


@cache
def _draw_to(rules: CasinoRules, hard: int, has_ace: bool, up: int, stand_on: int) -> Fraction:
    total = bj.best_total(hard, has_ace)
    if bj.is_bust(total) or total >= stand_on:
        return sum((p * bj.net(rules, bj.outcome(total, end))
                    for end, p in house_finals(rules, up).items()), Fraction(0))
    return sum((p * _draw_to(rules, hard + c, has_ace or c == bj.ACE, up, stand_on)
                for c, p in VALUE_CHANCES), Fraction(0))


@cache
def threshold_edge(stand_on: int, rules: CasinoRules | None = None) -> Fraction:
    """The player's gain per $1 bet when hitting until the total reaches ``stand_on`` (never
    doubling or splitting); a first-two-card blackjack pays at once."""
    rules = _rules(rules)
    gain = Fraction(0)
    for up, pu in VALUE_CHANCES:
        for a, pa in VALUE_CHANCES:
            for b, pb in VALUE_CHANCES:
                p = pu * pa * pb
                if bj.is_blackjack((a, b)):
                    gain += p * bj.net(rules, "blackjack")
                else:
                    gain += p * _draw_to(rules, *bj.count((a, b)), up, stand_on)
    return gain


_VALUES = np.array([v for v, _ in VALUE_CHANCES], dtype=np.int64)
_WEIGHTS = np.array([float(p) for _, p in VALUE_CHANCES])


def play_hand(rng: np.random.Generator, stand_on: int | None,
              rules: CasinoRules | None = None) -> float:
    """One simulated hand from an infinite deck: hit to ``stand_on`` or, when None, play the
    best move of strategy.py (hit, stick or double; no split). Returns the gain per $1 bet."""
    rules = _rules(rules)

    def draw() -> int:
        return int(rng.choice(_VALUES, p=_WEIGHTS))

    up, cards = draw(), [draw(), draw()]
    if bj.is_blackjack(cards):
        return float(bj.net(rules, "blackjack"))
    stake = 1.0
    while (total := bj.total_of(cards)) < bj.TWENTY_ONE:
        if stand_on is not None:
            if total >= stand_on:
                break
            cards.append(draw())
            continue
        move = best_action(rules, cards, up, ["hit", "stick", *(["double"] * (len(cards) == 2))])
        if move == "stick":
            break
        cards.append(draw())
        if move == "double":
            stake = 2.0
            break
    total = bj.total_of(cards)
    if bj.is_bust(total):
        return -stake
    house = [up]
    while bj.house_draws(rules, bj.total_of(house)):
        house.append(draw())
    return stake * bj.net(rules, bj.outcome(total, bj.final(bj.total_of(house))))


class HouseHands(NamedTuple):
    """Final house totals (above 21 = bust) and the bust flags, one per hand."""

    totals: np.ndarray
    bust: np.ndarray


#: Card values by rank, Ace first (a rank drawn as 0..12).
_BY_RANK = np.array(sorted(bj.RANK_VALUE.values()), dtype=np.int64)


def house_hands(n: int, seed: int, up_card: int | None = None,
                rules: CasinoRules | None = None) -> HouseHands:
    """Play ``n`` house hands at once (rule 51), vectorised: each draw round deals one card
    to every hand still drawing, so the loop runs a handful of times however large ``n``."""
    rules = _rules(rules)
    value = _up_value(up_card) or 0
    rng = np.random.default_rng(seed)

    def draw(k: int) -> np.ndarray:
        return _BY_RANK[rng.integers(0, len(_BY_RANK), size=k)]

    hard = np.full(n, value, dtype=np.int64)
    ace = np.full(n, value == bj.ACE)
    active = np.arange(n)
    while active.size:
        card = draw(active.size)
        hard[active] += card
        ace[active] |= card == bj.ACE
        active = active[bj.house_draws(rules, bj.best_total(hard[active], ace[active]))]
    totals = bj.best_total(hard, ace)
    return HouseHands(totals, bj.is_bust(totals))
