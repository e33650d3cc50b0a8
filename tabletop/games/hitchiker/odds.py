"""Exact odds of Hitchiker's cities, Black Market deals and simple blackjack play.

Everything here is computed from the game's content file (the Deal Chart, the money rules)
with Fractions, so a teacher who edits content.toml gets the figures of their own edition.
Checklist rules referred to: 12 and 16 (Hometown rent and price), 11 and 14 (welfare),
21-23 and 26 (Smell Gaso, Saysno, Corpus Risky, Stock Wood), 25 (Remindya), 33-39 (the Black
Market) and 47-53 (blackjack). The blackjack helpers take an infinite deck, like strategy.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tabletop.odds import Dist, dice, odd_total, roll_pair, total

from .black_market import ROLLS_PER_DEAL
from .content import Content, Deal, load_hitchiker_content
from .strategy import BLACKJACK, CARDS, LOSS, PUSH, WIN, add_card, house_outcomes

TWO_DICE = dice("2d6")
ONE_DIE = dice("1d6")


@cache
def content() -> Content:
    """The kit's own content file (the edition every figure below is computed for)."""
    return load_hitchiker_content()


def money(key: str) -> int:
    """One figure of the ``[money]`` table of content.toml."""
    return content().money[key]


# -- single rolls -----------------------------------------------------------------------------
def corpus_risky_death() -> Fraction:
    """Rule 23: a 7 or an 11 on two dice."""
    return TWO_DICE.p(lambda t: t in (7, 11))


def hometown_price() -> Dist:
    """Rule 16: one die times the base price."""
    return ONE_DIE * money("price_per_pip")


def rent() -> Dist:
    """Rule 12: the lander's 2d6 times $1,000, paid to the owner."""
    return TWO_DICE * money("rent_per_pip")


def payout(city: str = "smell_gaso") -> Dist:
    """Rules 21-22: two dice times the city's amount per pip."""
    return TWO_DICE * money(f"{city}_per_pip")


def stock_wood_units() -> Dist:
    """Rule 26: contraband units found at Stock Wood, one per pip of two dice."""
    return TWO_DICE


# -- Remindya -----------------------------------------------------------------------------------
def remindya_escape() -> Fraction:
    """Rule 25: the chance that one turn's roll is odd."""
    return roll_pair().p(odd_total)


def remindya_stay(cap: int = 12) -> Dist:
    """Turns of rolling at Remindya until the first odd total (geometric); the last entry,
    ``cap``, stands for "``cap`` turns or more" (for a plot: the mean is
    :func:`expected_remindya_stay`)."""
    p = remindya_escape()
    weights = {k: (1 - p) ** (k - 1) * p for k in range(1, cap)}
    weights[cap] = (1 - p) ** (cap - 1)
    return Dist(weights)


def expected_remindya_stay() -> Fraction:
    """The mean of the geometric stay: 1 / p turns."""
    return 1 / remindya_escape()


def remindya_escape_move() -> Dist:
    """Rule 25: how far the escape roll moves the hitchiker (an odd total of two dice)."""
    return roll_pair().given(odd_total).map(total)


# -- value of a Hometown --------------------------------------------------------------------------
def hometown_visit(cities: int | None = None) -> Dist:
    """What one move of 2d6 does to a given city, the mover starting on a uniformly random
    city (the long-run position on the plain loop): "land", "pass" or "miss"."""
    n = cities or len(content().board)
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


# -- the Black Market ------------------------------------------------------------
@dataclass(frozen=True)
class DealOutcome:
    """The exact result of a deal strategy for a stake: the chances of death and of being
    ripped off, the expected units, and the expected number of rolls."""

    death: Fraction
    ripped_off: Fraction
    units: Fraction
    rolls: Fraction


def deal_chart() -> dict[int, Deal]:
    """The Deal Chart: what each 2d6 total means."""
    return dict(content().deal_chart)


def deal_units(line: Deal, stake: int) -> int:
    """Rules 36-37 and B 4-5: the units a stake brings (0 when ripped off or killed)."""
    if line.result == "free":
        return stake // money("stake_step")
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
        for roll, p in TWO_DICE.items():
            if not last and roll not in accept[k]:
                continue
            line = chart[roll]
            death += reach * p * (line.result == "shootout")
            ripped += reach * p * (line.result == "ripped_off")
            units += reach * p * deal_units(line, stake)
        if not last:
            reach *= TWO_DICE.p(lambda t, k=k: t not in accept[k])
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


# -- blackjack with simple play --------------------------------------------------
@cache
def _settle(total_: int, up: int) -> Fraction:
    """EV of standing on ``total_`` (rule 52's comparison, rule 53's pay-outs)."""
    if total_ > 21:
        return Fraction(LOSS)
    ev = Fraction(0)
    for final, p in house_outcomes(up).items():
        ev += p * (WIN if final > 21 or total_ > final else PUSH if total_ == final else LOSS)
    return ev


@cache
def _draw_to(total_: int, soft: bool, up: int, stand_on: int) -> Fraction:
    if total_ > 21 or total_ >= stand_on:
        return _settle(total_, up)
    return sum((p * _draw_to(*add_card(total_, soft, c), up, stand_on) for c, p in CARDS),
               Fraction(0))


@cache
def threshold_edge(stand_on: int) -> Fraction:
    """The player's EV per $1 bet when hitting until the total reaches ``stand_on`` (never
    doubling or splitting); a first-two-card blackjack pays +5 at once."""
    ev = Fraction(0)
    for up, pu in CARDS:
        for a, pa in CARDS:
            for b, pb in CARDS:
                if {a, b} == {1, 10}:
                    ev += pu * pa * pb * BLACKJACK
                    continue
                t, s = add_card(*add_card(0, False, a), b)
                ev += pu * pa * pb * _draw_to(t, s, up, stand_on)
    return ev


def blackjack_chance() -> Fraction:
    """An Ace and a ten-value card as the first two cards (either order)."""
    p = dict(CARDS)
    return 2 * p[1] * p[10]


def house_bust_by_up_card() -> Mapping[int, Fraction]:
    """The house's bust chance for each up-card value (1 = Ace)."""
    return {up: house_outcomes(up).get(22, Fraction(0)) for up in range(1, 11)}
