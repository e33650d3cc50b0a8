"""Exact odds of Hitchiker: the deciding rolls, the cities, the Black Market, the casino and the
board, each computed from a checked content file with Fractions (seeded simulations beside
them, for the walkthrough to compare).

Every function reads the kit's own edition unless it is given another ``content`` (a game's
``game.content``) or casino ``rules``, so a teacher who edits content.toml gets the figures of
their edition. Checklist rules referred to: 11-16 (welfare, rent, prices), 21-23 and 26
(Smell Gaso, Saysno, Corpus Risky, Stock Wood), 25 (Remindya), 33-39 (the Black Market) and
47-53 (blackjack, taking an infinite deck like strategy.py: an approximation, measured
against the casino's one deck in deck.py and by ``simulate_hands(..., deck=True)``).

The simulations take a numpy ``Generator`` and play the rules with real throws and cards,
vectorised (every token, deal or hand moves in the same numpy step): ``walk_tokens``,
``simulate_remindya``, ``simulate_deals``, ``deal_house``, ``simulate_hands`` and
``simulate_staking``. ``staking`` follows a fixed stake's cash exactly, hand by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

import numpy as np
import pandas as pd

from tabletop.cache import cached
from tabletop.odds import Dist, MarkovChain, OddsError, chain_from_step, dice, roll_sums, walk_until
from tabletop.odds.landing import landing_table

from . import blackjack as bj
from .black_market import ROLLS_PER_DEAL, describe_deal
from .blackjack import BUST, CARD_VALUE, VALUE_CHANCES
from .content import BadRide, CasinoRules, Content, Deal, kit_content
from .deck import DECK_COUNTS
from .strategy import (
    ALL_MOVES,
    HIT_OR_STICK,
    action_values,
    bet_ev,
    first_move,
    house_finals,
    keeps_hitting,
    strategy_table,
)

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


def simulate_remindya(rng: np.random.Generator, n: int, content: Content | None = None
                      ) -> np.ndarray:
    """``n`` hitchikers stuck at Remindya, each rolling two dice once a turn until an escape
    total (rule 25): the number of turns each spent rolling (the escaping turn included)."""
    escapes = sorted((content or kit_content()).remindya_escape)
    turns = np.zeros(n, dtype=np.int64)
    stuck = np.ones(n, dtype=bool)
    while stuck.any():
        turns[stuck] += 1
        stuck[stuck] = ~np.isin(roll_sums(rng, int(stuck.sum())), escapes)
    return turns


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


@cache
def mortal_chain() -> MarkovChain:
    """The board chain with deaths at Corpus Risky (rule 23): a hitchiker killed there starts
    the next turn on a Hometown drawn at random (rule 31; the lesson's assumption)."""
    chain, content = board_chain(), kit_content()
    homes = content.kind_spaces("hometown")
    risky, death = content.kind_spaces("corpus_risky")[0], corpus_risky_death()

    def step(space: int) -> Dist:
        if space != risky:
            return chain.row(space)
        weights = {t: (1 - death) * q for t, q in chain.row(space).items()}
        for home in homes:
            for t, q in chain.row(home).items():
                weights[t] = weights.get(t, Fraction(0)) + death * q / len(homes)
        return Dist(weights)

    return chain_from_step(len(content.board), step)


def landing(exact: bool = True) -> pd.DataFrame:
    """The long-run landing table of the 42 cities (see :func:`tabletop.odds.landing_table`)."""
    return landing_table(board_chain(), board(), exact)


def card_move(card: BadRide, city: int, content: Content | None = None) -> int:
    """Where a Bad Ride card drawn on ``city`` sends the token: ``move`` cards move it that many
    cities, ``advance_to`` cards on to the next city of their kind; every other card leaves it
    where it is (the homesick card, which depends on whose token it is, is counted so too)."""
    content = content or kit_content()
    size, params = len(content.board), dict(card.params)
    if card.effect == "move":
        return (city + params["steps"]) % size
    if card.effect == "advance_to":
        return next((city + k) % size for k in range(1, size + 1)
                    if content.board[(city + k) % size].kind == params["kind"])
    return city


@cached
def walk_tokens(rng: np.random.Generator, n: int, start: int, turns: int,
                content: Content | None = None, deaths: bool = False,
                cards: bool = False) -> np.ndarray:
    """``n`` independent tokens thrown ``turns`` times from city ``start`` by two dice
    (rule 7), Remindya holding a token until an escape total (rule 25, B 14): the city of
    every token after every turn, shape (turns, n). With ``deaths``, a turn ending on Corpus
    Risky throws for the sharks (rule 23) and a token killed starts its next turn on a
    Hometown drawn at random (rule 31; which one is the lesson's assumption). With ``cards``, a
    turn ending on a Bad Ride city draws a card from the full deck (each card one chance in the
    deck's size, as in a long run of shuffles) and moves the token as :func:`card_move` says."""
    content = content or kit_content()
    size = len(content.board)
    ride = np.zeros(size, dtype=bool)
    ride[list(content.kind_spaces("bad_ride"))] = True
    sends = np.array([[card_move(card, c, content) for c in range(size)]
                      for card in content.bad_ride])
    stuck = np.zeros(size, dtype=bool)
    stuck[list(content.kind_spaces("remindya"))] = True
    risky = np.zeros(size, dtype=bool)
    risky[list(content.kind_spaces("corpus_risky"))] = True
    homes = np.array(sorted(content.kind_spaces("hometown")))
    escapes = np.array(sorted(content.remindya_escape))
    sharks = np.array(sorted(content.shark_attack))
    where = np.full(n, start, dtype=np.int64)
    path = np.empty((turns, n), dtype=np.int8 if size < 128 else np.int64)
    for turn in range(turns):
        throw = roll_sums(rng, n)
        moves = ~stuck[where] | np.isin(throw, escapes)
        where = np.where(moves, (where + throw) % size, where)
        if cards:
            drawn = rng.integers(0, len(sends), n)
            where = np.where(ride[where], sends[drawn, where], where)
        path[turn] = where
        if deaths:
            killed = risky[where] & np.isin(roll_sums(rng, n), sharks)
            where = np.where(killed, homes[rng.integers(0, len(homes), n)], where)
    return path


def first_landings(path: np.ndarray, targets: Sequence[int]) -> np.ndarray:
    """From :func:`walk_tokens`' path: the turn (1, 2, ...) each token first ended on one of
    ``targets`` (the Customs cities, say); 0 when it never did within the walk."""
    hit = np.isin(path, list(targets))
    return np.where(hit.any(axis=0), hit.argmax(axis=0) + 1, 0)


@cached
def first_landing_times(rng: np.random.Generator, n: int, start: int, turns: int,
                        targets: Sequence[int], content: Content | None = None) -> np.ndarray:
    """:func:`first_landings` of ``n`` tokens walked ``turns`` turns from ``start``
    (:func:`walk_tokens`, the same draws), kept without the walk itself: one turn a token."""
    return first_landings(walk_tokens(rng, n, start, turns, content), targets)


def walk_landings(moves: int, seed: int) -> np.ndarray:
    """A seeded walk of one token for ``moves`` turns: how many turns ended on each city
    (to compare with :func:`landing`)."""
    path = walk_tokens(np.random.default_rng(seed), 1, 0, moves)
    return np.bincount(path[:, 0], minlength=len(kit_content().board))


def turns_per_lap() -> Fraction:
    """The long-run number of turns a hitchiker takes to go once round the loop: the 42
    cities over the mean move per turn, the mean taken over the long-run share of turns
    spent on each city (a turn stuck at Remindya moves 0)."""
    chain = board_chain()
    size = len(chain.states)
    shares = chain.stationary()
    move = sum((shares[s] * chain.row(s).map(lambda t, s=s: (t - s) % size).mean()
                for s in chain.states), Fraction(0))
    return size / move


# -- the Black Market ------------------------------------------------------------------------
@dataclass(frozen=True)
class DealOutcome:
    """The exact result of a deal strategy for a stake: the chances of death and of being
    ripped off, the expected units, the expected number of rolls and the expected money paid
    for units."""

    death: Fraction
    ripped_off: Fraction
    units: Fraction
    rolls: Fraction
    spent: Fraction = Fraction(0)

    def value(self, unit_value: int, death_cost: int, stake: int = 10_000) -> Fraction:
        """The deal's expected worth in dollars: units at ``unit_value`` each, less the money
        paid for them, the stake lost when ripped off and ``death_cost`` on a shootout."""
        return (self.units * unit_value - self.spent - self.ripped_off * stake
                - self.death * death_cost)


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
    death = ripped = units = rolls = spent = Fraction(0)
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
            if line.result == "price":
                spent += reach * p * deal_units(line, stake) * line.price
        if not last:
            reach *= 1 - TWO_DICE.p(taken)
    return DealOutcome(death, ripped, units, rolls, spent)


class SimulatedDeals(NamedTuple):
    """Simulated deals, one entry per deal: died, ripped off, units bought, rolls made and
    money paid for the units."""

    death: np.ndarray
    ripped_off: np.ndarray
    units: np.ndarray
    rolls: np.ndarray
    spent: np.ndarray

    def value(self, unit_value: int, death_cost: int, stake: int = 10_000) -> np.ndarray:
        """Each deal's worth in dollars, as :meth:`DealOutcome.value` counts it."""
        return (self.units * unit_value - self.spent - self.ripped_off * stake
                - self.death * death_cost)


def simulate_deals(rng: np.random.Generator, n: int, accept: tuple[Iterable[int], Iterable[int]],
                   stake: int = 10_000) -> SimulatedDeals:
    """``n`` deals played with real throws of two dice: the totals ``accept[k]`` are taken on
    roll k+1, the last roll always (rule 35); the Deal Chart says what each total means."""
    chart = deal_chart()
    results = np.array([""] + [chart[t].result if t in chart else "" for t in range(1, 13)],
                       dtype=object)
    bought = np.array([0] + [deal_units(chart[t], stake) if t in chart else 0
                             for t in range(1, 13)])
    paid = np.array([0] + [deal_units(chart[t], stake) * chart[t].price if t in chart else 0
                           for t in range(1, 13)])
    taken = np.zeros(n, dtype=np.int64)  # the total accepted (0: not yet)
    rolls = np.zeros(n, dtype=np.int64)
    for k in range(ROLLS_PER_DEAL):
        open_ = taken == 0
        throw = roll_sums(rng, n)
        rolls += open_
        wanted = np.ones(n, dtype=bool) if k == ROLLS_PER_DEAL - 1 else np.isin(
            throw, sorted(accept[k]))
        taken = np.where(open_ & wanted, throw, taken)
    return SimulatedDeals(results[taken] == "shootout", results[taken] == "ripped_off",
                          bought[taken], rolls, paid[taken])


def deal_worths(rng: np.random.Generator, n: int, accept: tuple[Iterable[int], Iterable[int]],
                carrying: int, stake: int = 10_000, market: int | None = None) -> np.ndarray:
    """The second way to a deal's worth with Customs counted: ``n`` deals thrown
    (:func:`simulate_deals`), then each smuggler's trip walked on the board from the Black
    Market city ``market`` (or one drawn at random) to the first Sell or Customs city
    (:func:`~tabletop.odds.walk_until`).
    Each deal's worth in dollars: the units sold at that city's price, less the money spent;
    caught (rule 42), the units and the travelling cash left of ``carrying`` are gone; ripped
    off, the stake; dead (rule 27), all carried, less the fresh start of rule 31."""
    content = kit_content()
    sells, customs = content.kind_spaces("sell"), content.kind_spaces("customs")
    deals = simulate_deals(rng, n, accept, stake)
    markets = content.kind_spaces("black_market")
    starts = rng.choice(markets, n) if market is None else np.full(n, market)
    trips = walk_until(rng, board_chain().to_numpy(), starts,
                       set(sells) | set(customs))
    price = np.zeros(len(content.board))
    price[list(sells)] = [content.board[s].price for s in sells]
    caught = (deals.units > 0) & np.isin(trips, list(customs))
    return (deals.units * price[trips] - deals.spent - deals.ripped_off * stake
            - deals.death * (carrying - money("start_cash")) - caught * (carrying - deals.spent))


def deal_value(line: Deal, stake: int, unit_value: float, death_cost: int, caught: float = 0,
               carrying: int = 0) -> float:
    """The dollar value of accepting ``line``: units at ``unit_value`` each, less the money
    spent; ripped off loses the stake; a shootout costs ``death_cost`` (what dying loses).
    With ``caught``, the chance Customs takes the units before a Sell city (rule 42),
    ``unit_value`` is what a unit fetches on average, the caught ones' nothing included, and
    Customs also takes the travelling cash left of ``carrying``."""
    if line.result == "shootout":
        return -death_cost
    if line.result == "ripped_off":
        return -stake
    spent = 0 if line.result == "free" else deal_units(line, stake) * line.price
    return deal_units(line, stake) * unit_value - spent - caught * (carrying - spent)


def customs_risk(market: int) -> tuple[float, float]:
    """Rules 40 and 42 for a smuggler leaving the Black Market city ``market`` who sells at the
    first Sell city reached: the chance a Customs city comes first, and what a unit fetches on
    average (nothing when caught), from the board's chain with the Sell and Customs cities
    made traps (the absorbing chain of the walkthrough's section 8)."""
    content, chain = kit_content(), board_chain()
    sells, customs = content.kind_spaces("sell"), content.kind_spaces("customs")
    traps = set(sells) | set(customs)
    trapped = chain_from_step(len(content.board),
                              lambda s: s if s in traps else chain.row(s)).absorbing_numpy()
    ends = trapped.probabilities[market]
    return (float(sum(ends[c] for c in customs)),
            float(sum(ends[s] * content.board[s].price for s in sells)))


@cache
def smuggler_fate(market: int) -> dict[str, float]:
    """What :func:`customs_risk` leaves out, counted: a smuggler leaving the Black Market city
    ``market`` who sells at the first Sell city reached, with the sharks of Corpus Risky (rule
    23) and the Bad Ride cards (each drawn with one chance in the deck's size). A card that
    moves her lands her where it says and that city acts (so a ``wrong_way`` card ends at
    Customs); ``lose_contraband`` takes the units; a ``death_roll`` card and the sharks kill her,
    units and all; the homesick card leaves her in place, as :func:`card_move` counts it, and
    every other card changes nothing a smuggler carries in units. The chances she is
    ``caught`` (Customs first), ``lost`` (to a card), ``dead`` or ``sold``, and ``unit``: what a
    unit fetches on average (nothing unless sold)."""
    content, chain = kit_content(), board_chain()
    sells, customs = set(content.kind_spaces("sell")), set(content.kind_spaces("customs"))
    rides, risky = set(content.kind_spaces("bad_ride")), set(content.kind_spaces("corpus_risky"))
    sharks, deck = float(corpus_risky_death()), content.bad_ride
    ends = {"caught": 0.0, "lost": 0.0, "dead": 0.0, "sold": 0.0, "unit": 0.0}

    def land(city: int, w: float, on: dict[int, float]) -> None:
        if city in sells:
            ends["sold"] += w
            ends["unit"] += w * content.board[city].price
        elif city in customs:
            ends["caught"] += w
        elif city in risky:
            ends["dead"] += w * sharks
            on[city] = on.get(city, 0.0) + w * (1 - sharks)
        elif city in rides:
            for card in deck:
                share, params = w / len(deck), dict(card.params)
                if card.effect in ("move", "advance_to"):
                    land(card_move(card, city, content), share, on)
                elif card.effect == "lose_contraband":
                    ends["lost"] += share
                elif card.effect == "death_roll":
                    dies = len(params["deadly"]) / params["sides"]
                    ends["dead"] += share * dies
                    on[city] = on.get(city, 0.0) + share * (1 - dies)
                else:
                    on[city] = on.get(city, 0.0) + share
        else:
            on[city] = on.get(city, 0.0) + w

    at = {market: 1.0}
    while sum(at.values()) > 1e-13:
        on: dict[int, float] = {}
        for here, w in at.items():
            for there, q in chain.row(here).items():
                land(there, w * float(q), on)
        at = on
    return ends


@dataclass(frozen=True)
class StoppingRule:
    """The optimal accept-or-decline rule by backward induction: ``continuation[k]`` is the
    expected value of declining roll k+1 (and playing on well); ``accept[k]`` the totals
    worth taking on roll k+1; ``value`` the deal's expected value before the first roll."""

    continuation: tuple[Fraction, ...]
    accept: tuple[frozenset[int], ...]
    value: Fraction


def stopping_rule(unit_value: float, death_cost: int, stake: int = 10_000, caught: float = 0,
                  carrying: int = 0) -> StoppingRule:
    """Backward induction over the three rolls: the third is forced, so its value is the
    chart's mean; on an earlier roll, accept exactly when the result is worth at least the
    value of rolling on (each result's worth: :func:`deal_value`)."""
    chart = deal_chart()
    worth = {r: Fraction(deal_value(chart[r], stake, unit_value, death_cost, caught, carrying))
             for r in chart}
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


#: Card values in the order a blackjack chart lists them: 2 to 10, then the Ace.
CHART_ORDER = (*range(2, bj.TEN + 1), bj.ACE)


def card_name(value: int) -> str:
    """A card value as a chart heads it: ``"A"`` for the Ace, else the number."""
    return "A" if value == bj.ACE else str(value)


@cached
def edge_by_cards(rules: CasinoRules | None = None) -> pd.DataFrame:
    """The expected gain per $1 bet of a hand played best, by its first card (rows) and the
    house card (columns), before the second card is dealt (rule 48: the bet is made then)."""
    rules = _rules(rules)
    return pd.DataFrame(
        {card_name(up): [bet_ev(rules, first, up) for first in CHART_ORDER] for up in CHART_ORDER},
        index=pd.Index([card_name(f) for f in CHART_ORDER], name="first card"))


@cached
def basic_strategy(rules: CasinoRules | None = None) -> pd.DataFrame:
    """The best first move of every two-card hand (strategy.py's table), one row per hand
    (hard totals, soft totals, pairs) and one column per house card."""
    rules = _rules(rules)
    rows: dict[str, dict[str, str]] = {}
    for (total, soft, pair, up), (move, _) in sorted(
            strategy_table(rules).items(), key=lambda kv: (kv[0][2] is not None, kv[0][1],
                                                           kv[0][2] or 0, kv[0][0])):
        if pair is not None:
            label = f"pair of {card_name(pair)}s"
        else:
            label = f"{'soft' if soft else 'hard'} {total}"
        rows.setdefault(label, {})[card_name(up)] = move
    frame = pd.DataFrame(rows).T
    return frame[[card_name(up) for up in CHART_ORDER]]


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


#: Card values by rank, Ace first (a rank drawn as 0..12).
_BY_RANK = np.array(sorted(bj.RANK_VALUE.values()), dtype=np.int64)
#: One deck, by value (Ace = 1): the values and how many cards of each.
_DECK_VALUES, _DECK_COUNTS = np.array(list(DECK_COUNTS)), np.array(list(DECK_COUNTS.values()))
#: The first moves, as numbers in the policy tables of :func:`simulate_hands`.
_MOVES = ("stick", "hit", "double", "split")


def draw_values(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` card values from an infinite deck (each of the 13 ranks equally likely)."""
    return _BY_RANK[rng.integers(0, len(_BY_RANK), size=n)]


class Cards:
    """Where the simulated hands' cards come from: an infinite deck (``decks=False``), or for
    each of ``n`` deals its own shuffled 52-card deck whose top card is burnt (rules 44-45).
    A deck is kept as the count of each value still in it, and each card drawn is one of
    those left, each equally likely: the same law as turning up the next card of a shuffle."""

    def __init__(self, rng: np.random.Generator, n: int, decks: bool = False) -> None:
        self.rng = rng
        self.left = None
        if decks:
            self.left = np.tile(_DECK_COUNTS.astype(np.int8), (n, 1))
            self.draw(np.arange(n))  # the burnt card

    def draw(self, deals: np.ndarray) -> np.ndarray:
        """The next card of each deal in ``deals`` (a deal named twice, as two split hands,
        takes two cards)."""
        if self.left is None:
            return draw_values(self.rng, len(deals))
        drawn = np.empty(len(deals), dtype=np.int64)
        pending = np.arange(len(deals))
        while pending.size:  # a deal named twice draws in a second pass
            first = np.unique(deals[pending], return_index=True)[1]
            now, deal = pending[first], deals[pending[first]]
            left = self.left[deal]
            pick = self.rng.random(len(deal)) * left.sum(axis=1)
            value = (np.cumsum(left, axis=1) <= pick[:, None]).sum(axis=1)
            self.left[deal, value] -= 1
            drawn[now] = _DECK_VALUES[value]
            pending = np.delete(pending, first)
        return drawn


def deal_house(rng: np.random.Generator, up: np.ndarray, rules: CasinoRules | None = None,
               cards: Cards | None = None) -> np.ndarray:
    """Rule 51, vectorised: the house plays one hand from each up-card value in ``up`` (0: no
    card yet) and its final totals come back (over 21 = bust). Each draw round deals one card
    to every hand still drawing, so the loop runs a handful of times however many hands. The
    cards come from an infinite deck, or from ``cards`` (hand k drawing from deal k)."""
    rules = _rules(rules)
    cards = cards or Cards(rng, len(up))
    hard = np.asarray(up, dtype=np.int64).copy()
    ace = hard == bj.ACE
    active = np.arange(len(hard))
    while active.size:
        card = cards.draw(active)
        hard[active] += card
        ace[active] |= card == bj.ACE
        active = active[bj.house_draws(rules, bj.best_total(hard[active], ace[active]))]
    return bj.best_total(hard, ace)


class HouseHands(NamedTuple):
    """Final house totals (above 21 = bust) and the bust flags, one per hand."""

    totals: np.ndarray
    bust: np.ndarray


def house_hands(n: int, seed: int, up_card: int | None = None,
                rules: CasinoRules | None = None) -> HouseHands:
    """``n`` seeded house hands (:func:`deal_house`), all from the same up-card value."""
    totals = deal_house(np.random.default_rng(seed), np.full(n, _up_value(up_card) or 0), rules)
    return HouseHands(totals, bj.is_bust(totals))


@cache
def _policy(rules: CasinoRules, moves: tuple[str, ...], stand_on: int | None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tables a simulated player reads: the first move of a two-card hand [a, b, up], of
    a split hand [a, c, up], and whether to hit again [hard total, holds an Ace, up]."""
    values = range(bj.ACE, bj.TEN + 1)
    first = np.zeros((11, 11, 11), dtype=np.int64)
    after_split = np.zeros((11, 11, 11), dtype=np.int64)
    again = np.zeros((bj.TWENTY_ONE + bj.TEN + 1, 2, 11), dtype=bool)
    later = tuple(m for m in moves if m != "split" and (m != "double" or rules.double_after_split))
    for up in values:
        for hard in range(2, again.shape[0]):
            for ace in (False, True):
                total = bj.best_total(hard, ace)
                again[hard, int(ace), up] = (total < stand_on if stand_on
                                             else keeps_hitting(rules, hard, ace, up))
        for a in values:
            for b in values:
                if stand_on:
                    first[a, b, up] = _MOVES.index("hit") * again[a + b, int(bj.ACE in (a, b)), up]
                    continue
                first[a, b, up] = _MOVES.index(first_move(rules, a, b, up, moves))
                after_split[a, b, up] = _MOVES.index(first_move(rules, a, b, up, later))
    return first, after_split, again


@cached
def simulate_hands(rng: np.random.Generator, n: int, rules: CasinoRules | None = None,
                   moves: tuple[str, ...] = ALL_MOVES, stand_on: int | None = None,
                   deck: bool = False) -> np.ndarray:
    """What ``n`` hands from an infinite deck gain per $1 bet, each played the best way with
    ``moves`` (strategy.py), or, with ``stand_on``, hitting until the total reaches it.
    With ``deck``, each hand is dealt alone against the house from its own shuffled deck,
    the top card burnt (rules 44-45), and still played with the infinite deck's moves: the
    real deck, to measure the approximation (deck.py). Vectorised: every hand takes its
    next card in the same numpy step."""
    rules = _rules(rules)
    first, after_split, again = _policy(rules, tuple(moves), stand_on)
    cards, deals = Cards(rng, n, deck), np.arange(n)
    up, a, b = cards.draw(deals), cards.draw(deals), cards.draw(deals)
    natural = ((a == bj.ACE) & (b == bj.TEN)) | ((a == bj.TEN) & (b == bj.ACE))
    move = np.where(natural, -1, first[a, b, up])
    split = np.flatnonzero(move == _MOVES.index("split"))
    plain = np.flatnonzero((move >= 0) & (move != _MOVES.index("split")))
    seconds = cards.draw(np.concatenate([split, split]))
    row = np.concatenate([plain, split, split])
    hard = np.concatenate([a[plain] + b[plain], a[split] + seconds[:len(split)],
                           a[split] + seconds[len(split):]])
    ace = np.concatenate([(a[plain] == bj.ACE) | (b[plain] == bj.ACE),
                          (a[split] == bj.ACE) | (seconds[:len(split)] == bj.ACE),
                          (a[split] == bj.ACE) | (seconds[len(split):] == bj.ACE)])
    hand_move = np.concatenate([move[plain], after_split[a[split], seconds[:len(split)], up[split]],
                                after_split[a[split], seconds[len(split):], up[split]]])
    stake = np.where(hand_move == _MOVES.index("double"), 2, 1)
    drawing = hand_move >= _MOVES.index("hit")  # a hit and a double both take one card
    while drawing.any():
        card = cards.draw(row[drawing])
        hard[drawing] += card
        ace[drawing] |= card == bj.ACE
        drawing &= hand_move == _MOVES.index("hit")
        drawing &= again[np.minimum(hard, again.shape[0] - 1), ace.astype(int), up[row]]
    total = bj.best_total(hard, ace)
    house = deal_house(rng, up, rules, cards)[row]
    won = ~bj.is_bust(total) & (bj.is_bust(house) | (total > house))
    lost = bj.is_bust(total) | (~bj.is_bust(house) & (total < house))
    gain = stake * np.where(won, rules.win_pays, np.where(lost, -1, 0))
    return (np.bincount(row, weights=gain, minlength=n)
            + natural * bj.net(rules, "blackjack"))


class Staking(NamedTuple):
    """Where a fixed stake leaves a player's cash after some hands: the chance of ending
    broke, of ending with less than the start, the mean and the median cash, and the whole
    distribution (``cash[k]``: the chance of ending with k units of money)."""

    broke: float
    behind: float
    mean: float
    median: int
    cash: np.ndarray


def staking(gains: Mapping[int, Fraction], cash: int, stake: int, hands: int,
            unit: int = 1_000) -> Staking:
    """Rules 48 and 53 over ``hands`` hands: bet ``stake`` each hand (all that is left when
    that is less, rule 43), each hand gaining ``gains`` per $1 bet; a player with nothing left
    sits out for good. Computed exactly, step by step over the cash (in units of ``unit``),
    in floating point."""
    start, bet = cash // unit, stake // unit
    top = start + hands * bet * max(max(gains), 0)
    p = np.zeros(top + 1)
    p[start] = 1.0
    held = np.arange(top + 1)
    wager = np.minimum(held, bet)
    for _ in range(hands):
        after = np.zeros_like(p)
        after[0] = p[0]
        for gain, q in gains.items():
            to = np.clip(held[1:] + gain * wager[1:], 0, top)
            np.add.at(after, to, p[1:] * float(q))
        p = after
    median = int(np.searchsorted(np.cumsum(p), 0.5))
    return Staking(float(p[0]), float(p[:start].sum()), float(held @ p) * unit, median * unit, p)


@cached
def simulate_staking(rng: np.random.Generator, n: int, cash: int, stake: int, hands: int,
                     moves: tuple[str, ...] = HIT_OR_STICK) -> np.ndarray:
    """``n`` players each staking ``stake`` a hand (all they have when less) for ``hands``
    simulated hands (:func:`simulate_hands` with ``moves``): the cash each ends with."""
    held = np.full(n, cash, dtype=np.int64)
    for _ in range(hands):
        bet = np.minimum(held, stake)
        held = held + (bet * simulate_hands(rng, n, moves=moves)).astype(np.int64)
    return held


def stake_worth(accept: Iterable[int], stake: int, carrying: int, market: int | None = None,
                cards: bool = False) -> float:
    """The model of lesson 2, section 3: the expected worth in the hitchiker's own dollars of a
    Black Market deal with ``stake`` staked of ``carrying`` carried, taking the totals
    ``accept`` on rolls 1 and 2 (roll 3 forced, rule 35). Units are worth what a unit fetches
    from the Black Market city ``market`` (lesson 2 stages Back Alley), or from the average one
    (:func:`customs_risk`); caught by Customs first, the cash left unstaked is lost too (rule
    42); ripped off loses the stake (rule 38); death loses all carried but the fresh start
    (rules 27, 31). Savings, heirs and the rivals are left out. With ``cards``, the two inputs
    count the sharks and the Bad Ride cards on the way (:func:`smuggler_fate`)."""
    markets = kit_content().kind_spaces("black_market") if market is None else [market]

    def inputs(m: int) -> tuple[float, float]:
        fate = smuggler_fate(m) if cards else None
        return (fate["caught"], fate["unit"]) if fate else customs_risk(m)

    caught, fetch = (float(np.mean([inputs(m)[k] for m in markets])) for k in (0, 1))
    chart, start = deal_chart(), money("start_cash")

    def worth(total: int) -> float:
        line = chart[total]
        if line.result == "shootout":
            return start - carrying
        if line.result == "ripped_off":
            return -stake
        units = deal_units(line, stake)
        paid = units * line.price if line.result == "price" else 0
        return units * fetch - paid - caught * (carrying - paid)

    later = sum(float(q) * worth(t) for t, q in TWO_DICE.items())
    for _ in range(ROLLS_PER_DEAL - 1):
        later = sum(float(q) * (worth(t) if t in accept else later) for t, q in TWO_DICE.items())
    return later
