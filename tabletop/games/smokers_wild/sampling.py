"""The second way to Smokers Wild's lesson models: each exact value of :mod:`.odds` drawn at
random with seeded numpy generators, under the same model and the same approximations, so that
an exact value and the simulation that checks it differ only by chance (a sampler here plays
no whole game of the engine; :mod:`.studies` does, with the kit's bots).

The approximations, shared with the exact models they check:

- **A full deck.** A HAV' A PUFF card is drawn from the whole deck every time, as if each card
  were put back (:func:`.odds.card_moves`, :func:`.odds.card_hook_chain`,
  :func:`.odds.turn_costs` draw the same way). In the engine a card comes from an opponent's
  hand and is thrown away until the next deal (rules 21 and 24), so the chances shift a little
  as a deal is used up. :func:`.studies.pile_hook_waits` measures the error: it walks a lonely
  non-smoker through the engine with the real pile, against :func:`.odds.card_hook_chain`.
- **A lonely token.** :func:`moves_until`, :func:`moves_until_hooked_with_cards`,
  :func:`life_fees`, :func:`fees_to_gone`, :func:`smoker_moves` and :func:`throws_to_cover`
  follow one token at a time with nobody else on the board:
  no friends, no challenges (rules 13 and 14), and a life that ages by travel alone.
- **Fixed opponents.** :class:`CardWalk` prices the cards that pay every non-smoker for a fixed
  number of clean opponents, and a lander whose brands, year and cash do not change.

Each sampler names the rule it follows; an ``Experiment`` is a function ``(rng, n)`` that gives
``n`` draws, the shape :func:`tabletop.odds.estimate_mean` takes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from tabletop.cache import cached
from tabletop.odds import Estimate, MeanEstimate, roll_sums

from . import odds
from .content import Content

Experiment = Callable[[np.random.Generator, int], np.ndarray]


def _mean_estimate(values: np.ndarray, z: float) -> MeanEstimate:
    """The mean of a sample with its normal interval (``z`` = 1.96: 95%)."""
    data = np.asarray(values, dtype=float)
    return MeanEstimate(len(data), float(data.sum()), float((data * data).sum()), z)


# -- dice simulations (numpy) ------------------------------------------------------------------
def seven_or_double(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` throws of two dice: True where the throw is a 7 or a double (rules 12 and 18)."""
    a, b = rng.integers(1, 7, size=(2, n))
    return (a + b == 7) | (a == b)


def advert_hooks(rng: np.random.Generator, n: int) -> int:
    """How many of ``n`` non-smokers on a company advert are hooked."""
    return int(seven_or_double(rng, n).sum())


def pressed_loses(rng: np.random.Generator, n: int) -> int:
    """How many of ``n`` players pressed by a smoker throw strictly lower than the smoker."""
    return int((roll_sums(rng, n) < roll_sums(rng, n)).sum())


def attempts_needed(rng: np.random.Generator, n: int) -> np.ndarray:
    """How many I QUIT attempts each of ``n`` smokers needs until a 7 or a double."""
    count, going = np.zeros(n), np.ones(n, dtype=bool)
    while going.any():
        count += going
        going &= ~seven_or_double(rng, n)
    return count


def next_attempt_after(failures: int, rng: np.random.Generator, n: int) -> tuple[int, int]:
    """``n`` smokers each try I QUIT ``failures + 1`` times; among those whose first
    ``failures`` attempts all failed, (how many succeed at the next, how many there are)."""
    throws = np.stack([seven_or_double(rng, n) for _ in range(failures + 1)])
    unlucky = ~throws[:failures].any(axis=0)
    return int(throws[failures][unlucky].sum()), int(unlucky.sum())


def moves_until(spaces: Iterable[int], start: int = 0, limit: int = 2000) -> Experiment:
    """An experiment: ``n`` tokens move from ``start`` on the plain loop (no cards); each
    landing on ``spaces`` is followed by a throw, and a 7 or a double ends that token's walk.
    It returns the move on which each walk ended (the move that ends it counted)."""
    targets = np.isin(np.arange(28), list(spaces))

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        ended, going = np.zeros(n), np.arange(n)  # the walks still going
        where = np.full(n, start)
        for move in range(1, limit + 1):
            if not len(going):
                break
            where = (where + roll_sums(rng, len(going))) % 28
            stop = targets[where] & seven_or_double(rng, len(going))
            ended[going[stop]] = move
            going, where = going[~stop], where[~stop]
        return ended
    return experiment


def moves_until_hooked_with_cards(start: int = 0, edition: Content | None = None,
                                  limit: int = 2000) -> Experiment:
    """An experiment: ``n`` lonely non-smokers walk the board from ``start`` with the
    HAV' A PUFF cards, every brand at the company: a landing on an advert (by a throw or a
    card) is followed by the advert's throw (rule 12), and a "Free sample" card is one too
    (rule 22); a 7 or a double hooks. Cards are drawn from a full deck. It returns the move
    on which each was hooked."""
    edition = edition or odds.kit_content()
    size = len(edition.board)
    advert = np.array([s.kind == "advertising" for s in edition.board])
    puff = np.array([s.kind == "puff" for s in edition.board])
    deck = [c.non_smoker for c in edition.puff_cards for _ in range(c.count)]
    card_end = np.array([[(s + e.advance(edition.board, s)) % size for e in deck]
                         for s in range(size)])
    card_roll = np.array([dict(e.steps).get("advertising_roll", False) for e in deck])

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        hooked_on, going = np.zeros(n), np.arange(n)
        where = np.full(n, start)
        for move in range(1, limit + 1):
            if not len(going):
                break
            where = (where + roll_sums(rng, len(going))) % size
            hooked = advert[where] & seven_or_double(rng, len(going))
            drawing = np.flatnonzero(puff[where] & ~hooked)
            while len(drawing):
                card = rng.integers(0, len(deck), size=len(drawing))
                end = card_end[where[drawing], card]
                roll = card_roll[card] | advert[end]
                hooked[drawing] |= roll & seven_or_double(rng, len(drawing))
                moved = end != where[drawing]
                where[drawing] = end
                drawing = drawing[moved & puff[end] & ~hooked[drawing]]
            hooked_on[going[hooked]] = move
            going, where = going[~hooked], where[~hooked]
        return hooked_on
    return experiment


def life_fees(space: int, fee_by_year: Sequence[float], laps: int) -> Experiment:
    """An experiment: ``n`` lonely tokens walk the plain loop from the UNDERTAKER until they
    have completed ``laps`` laps (GONE); each landing on ``space`` while on Lifeometer year
    ``y`` pays ``fee_by_year[y]``. It returns what each token paid there over its life."""
    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        paid, covered = np.zeros(n), np.zeros(n, dtype=np.int64)
        fees = np.asarray(fee_by_year, dtype=float)
        while (alive := covered < 28 * laps).any():
            covered = covered + np.where(alive, roll_sums(rng, n), 0)
            landed = alive & (covered % 28 == space) & (covered < 28 * laps)
            paid += np.where(landed, fees[np.minimum(covered // 28, laps - 1)], 0)
        return paid
    return experiment


def fees_to_gone(space: int, fee_by_year: Sequence[float], start_year: int, laps: int,
                 payers: int = 1) -> Experiment:
    """An experiment for rule 27's price: ``payers`` lonely tokens, each on the UNDERTAKER in
    Lifeometer year ``start_year``, walk the plain loop until GONE (after lap ``laps``); each
    landing on ``space`` in year ``y`` pays ``fee_by_year[y]``. It returns what the tokens
    paid there together, the income an owner of that space gives up by selling it now."""
    one = life_fees(space, list(fee_by_year)[start_year:laps], laps - start_year)

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        return sum((one(rng, n) for _ in range(payers)), np.zeros(n))
    return experiment


def turn_spaces(own: Iterable[int]) -> Experiment:
    """An experiment: one turn of a smoker holding the brands on the spaces ``own``, plain
    loop, starting on a space where turns end (any space but those): the spaces covered,
    moving again after every landing on an own brand (rule 16)."""
    own_mask = np.isin(np.arange(28), list(own))
    starts = np.flatnonzero(~own_mask)

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        where = rng.choice(starts, size=n)
        spaces, going = np.zeros(n), np.ones(n, dtype=bool)
        while going.any():
            step = roll_sums(rng, n)
            spaces += np.where(going, step, 0)
            where = np.where(going, (where + step) % 28, where)
            going &= own_mask[where]
        return spaces
    return experiment


def hand_draws(rng: np.random.Generator, n: int, unseen: int,
               sizes: Sequence[int]) -> np.ndarray:
    """Rule 21 from the drawer's side: the ``unseen`` cards she cannot see dealt at random into
    hands of ``sizes`` (any left over lie face down in the discards), then one card drawn at
    random from each hand. For each of ``n`` tables, the place among the unseen cards of the
    card drawn from each hand: an ``n`` × ``len(sizes)`` array."""
    if sum(sizes) > unseen or min(sizes, default=1) < 1:
        raise ValueError(f"hands of {list(sizes)} cards cannot come from {unseen} unseen cards")
    order = rng.permuted(np.tile(np.arange(unseen), (n, 1)), axis=1)
    starts = np.cumsum([0, *sizes[:-1]])
    picks = starts + (rng.random((n, len(sizes))) * np.asarray(sizes)).astype(np.int64)
    return np.take_along_axis(order, picks, axis=1)


def psychiatrist_bills(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` bills of the PSYCHIATRIST: K10 for every pip of the patient's throw."""
    return 10 * roll_sums(rng, n).astype(float)


def taxman_extra(rng: np.random.Generator, n: int) -> np.ndarray:
    """What the TAXMAN takes above an exact half from ``n`` players whose cash is a random
    multiple of K10 below K1000 (tax = half, rounded up to K10)."""
    cash = rng.integers(0, 100, size=n) * 10.0
    return np.ceil(cash / 20) * 10 - cash / 2


def advance_years(bill: np.ndarray, unit: int = 100) -> np.ndarray:
    """The years a company advance of ``bill`` (rounded up to whole ``unit``s) costs."""
    return -(-bill // unit)


def throws_to_cover(spaces: int) -> Experiment:
    """An experiment: how many throws each of ``n`` tokens needs to cover ``spaces``."""
    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        covered, throws = np.zeros(n), np.zeros(n)
        while (short := covered < spaces).any():
            covered += np.where(short, roll_sums(rng, n), 0)
            throws += short
        return throws
    return experiment


def smoker_moves(own: Iterable[int], moves: int = 25) -> Experiment:
    """An experiment: ``n`` smokers holding the brands on ``own`` start on spaces drawn at
    random (the plain loop's long-run table) and play on the plain loop until each has made
    ``moves`` moves, moving again at once after a move that ends on one of their brands
    (rule 16): how many of each token's moves ended on each space, one row of 28 counts per
    token. A move that ends off the brands ends a turn, so a row's counts on the other spaces
    are also its turn ends. The tokens are independent; the moves of one token are not."""
    own_mask = np.isin(np.arange(28), list(own))

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        where, counts = rng.integers(0, 28, size=n), np.zeros((n, 28), dtype=np.int64)
        made = np.zeros(n, dtype=np.int64)
        while (going := np.flatnonzero(made < moves)).size:  # one more turn for each of them
            while going.size:  # a move; those on their own brand move again
                where[going] = (where[going] + roll_sums(rng, going.size)) % 28
                counts[going, where[going]] += 1
                made[going] += 1
                going = going[own_mask[where[going]] & (made[going] < moves)]
        return counts
    return experiment


# -- the board with its HAV' A PUFF cards (numpy) -------------------------------------------
@dataclass
class Tally:
    """What ``n`` tokens did in the part of the walk that was recorded."""

    spaces: np.ndarray
    money: np.ndarray
    years: np.ndarray
    landings: np.ndarray
    ends: np.ndarray

    @classmethod
    def empty(cls, n: int, size: int) -> Tally:
        return cls(np.zeros(n), np.zeros(n), np.zeros(n), np.zeros((n, size), dtype=np.int64),
                   np.zeros(n, dtype=np.int64))


@dataclass
class CardWalk:
    """Tokens of one kind of ``lander`` (see :class:`odds.Lander`) walking the board with the
    HAV' A PUFF cards: on a HAV' A PUFF space a card is drawn from a full deck and applied
    by the lander's status. Every landing is paid for (:func:`odds.cost_of_landing`) and
    counted; a smoker moves again after landing on one of his brands (rule 16)."""

    lander: odds.Lander
    clean_opponents: int = 1
    edition: Content = field(default_factory=odds.kit_content)

    def __post_init__(self) -> None:
        board = self.edition.board
        self.size = len(board)
        self.cost = np.array([float(odds.cost_of_landing(s, self.lander, self.edition))
                              for s in range(self.size)])
        self.puff = np.array([s.kind == "puff" for s in board])
        self.own = np.array([s.name in self.lander.brands for s in board])
        deck = [c.effect(self.lander.smoker) for c in self.edition.puff_cards
                for _ in range(c.count)]
        self.card_end = np.array([[(s + e.advance(board, s)) % self.size for e in deck]
                                  for s in range(self.size)])
        self.card_money, self.card_years = np.array(
            [odds.card_money_and_years(e, self.clean_opponents) for e in deck], dtype=float).T

    def _land(self, tally: Tally, who: np.ndarray, where: np.ndarray) -> None:
        tally.money[who] += self.cost[where]
        np.add.at(tally.landings, (who, where), 1)

    def move(self, rng: np.random.Generator, where: np.ndarray, who: np.ndarray,
             tally: Tally) -> None:
        """Move the tokens ``who`` once: a throw, then cards for as long as they send a token
        on from a HAV' A PUFF space."""
        throw = roll_sums(rng, len(who))
        where[who] = (where[who] + throw) % self.size
        tally.spaces[who] += throw
        self._land(tally, who, where[who])
        drawing = who[self.puff[where[who]]]
        while len(drawing):
            card = rng.integers(0, self.card_end.shape[1], size=len(drawing))
            end = self.card_end[where[drawing], card]
            tally.money[drawing] += self.card_money[card]
            tally.years[drawing] += self.card_years[card]
            moved = end != where[drawing]
            tally.spaces[drawing] += (end - where[drawing]) % self.size
            where[drawing] = end
            self._land(tally, drawing[moved], end[moved])
            drawing = drawing[moved][self.puff[end[moved]]]

    def turn(self, rng: np.random.Generator, where: np.ndarray, tally: Tally) -> None:
        """One turn of every token: moves until one ends off the lander's brands."""
        who = np.arange(len(where))
        while len(who):
            self.move(rng, where, who, tally)
            who = who[self.own[where[who]]]

    def walk(self, rng: np.random.Generator, n: int, turns: bool, warm_up: int = 20) -> Tally:
        """``n`` tokens start on spaces drawn at random and play ``warm_up`` turns (forgotten,
        so that they settle as in a long game); then one turn (or one move) is recorded."""
        where, scratch = rng.integers(0, self.size, size=n), Tally.empty(n, self.size)
        for _ in range(warm_up):
            self.turn(rng, where, scratch)
        tally = Tally.empty(n, self.size)
        if turns:
            self.turn(rng, where, tally)
        else:
            self.move(rng, where, np.arange(n), tally)
        tally.ends = where
        return tally

    def turn_years(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """The years one turn costs each token at the kit's exchange rate (as
        :func:`odds.years_per_turn`): spaces / 28, the cards' years, money / K100."""
        t = self.walk(rng, n, turns=True)
        return t.spaces / self.size + t.years + t.money / self.edition.loan_unit

    def per_move(self, spaces: Iterable[int], trials: int, seed: int,
                 z: float = 1.96) -> dict[int, tuple[MeanEstimate, Estimate]]:
        """One move of ``trials`` tokens (after the warm-up): for each of ``spaces``, the
        landings on it per move (every landing) and the share of moves that end there; kept
        in the kit's cache."""
        return _per_move(self, tuple(spaces), trials, seed, z)


@cached
def _per_move(walk: CardWalk, spaces: tuple[int, ...], trials: int, seed: int,
              z: float) -> dict[int, tuple[MeanEstimate, Estimate]]:
    """:meth:`CardWalk.per_move`, computed."""
    tally = walk.walk(np.random.default_rng(seed), trials, turns=False)
    return {s: (_mean_estimate(tally.landings[:, s], z),
                Estimate(int((tally.ends == s).sum()), trials, z)) for s in spaces}


@cached
def seeded(experiment: Experiment, n: int, seed: int) -> np.ndarray:
    """``experiment(rng, n)`` with ``rng`` a generator seeded with ``seed``: the same draws,
    kept in the kit's cache (the samples a walkthrough's pictures show)."""
    return experiment(np.random.default_rng(seed), n)
