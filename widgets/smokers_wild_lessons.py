"""Classroom helpers for the Smokers Wild walkthrough: scripted tables, the simulations that
check the exact odds a second way, and games played by the kit's bots.

The exact values come from ``tabletop/games/smokers_wild/odds.py``; nothing here decides a
rule. The simulations throw dice with numpy and read the board, the fees and the cards from
the game's content (through the same odds helpers the exact values use), so that a
notebook cell only says *what* is simulated::

    estimate(sw.advert_hooks, 200_000, seed=SEED)
    estimate_mean(sw.moves_until_hooked(ADVERTS), 50_000, seed=SEED)
    estimate_mean(sw.CardWalk(odds.Lander()).turn_years, 100_000, seed=SEED)
"""

from __future__ import annotations

import tempfile
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import tabletop
from tabletop import Game, Script
from tabletop.cache import cached
from tabletop.core.play import bot_move
from tabletop.games.smokers_wild import odds
from tabletop.games.smokers_wild.bots import HeuristicBot
from tabletop.games.smokers_wild.content import Content
from tabletop.odds import Estimate, MeanEstimate, roll_sums
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed

from .board import Space
from .heat import HeatMap
from .lessons import EXACT_COLOUR, SIM_COLOUR, mean_interval
from .smokers_wild import KIND_COLOURS

PLAYERS = ("Ann", "Bob", "Cy")
PLOT_STYLE = {"figure.figsize": (6, 2.6), "figure.dpi": 90}
Experiment = Callable[[np.random.Generator, int], np.ndarray]


# -- tables for the rules' demonstrations ------------------------------------------------------
def table_for(players: Sequence[str] = PLAYERS, dice: Sequence[int] = (),
              picks: Sequence[str] = (), orders: Sequence[Sequence[str]] = (),
              owners: dict[str, str] | None = None, seed: int = 2024, **options) -> Game:
    """A game just after the opening auction, in which nobody bid: every player keeps K500
    and every occupation stays with the Tobacco Company, except those staged in ``owners``
    (occupation -> player). ``dice`` (one face per die), ``orders`` (top of each shuffle) and
    ``picks`` (cards drawn from a hand) script the chance outcomes in the order they come."""
    game = tabletop.new_game("smokers_wild", players=list(players), seed=seed,
                             script=Script(dice=list(dice), orders=list(orders),
                                           picks=list(picks)), **options)
    while game.decision.kind == "bid":
        game.apply("pass")
    if owners:
        held: dict[str, list[str]] = {}
        for occupation, player in owners.items():
            held.setdefault(player, []).append(occupation)
        game.arrange(occupations=held)
    return game


def act(game: Game, *actions: str | int) -> None:
    """Apply ``actions`` one after the other and print what the game did meanwhile (staging,
    shuffles and picks left out)."""
    since = len(game.events)
    for action in actions:
        game.apply(action)
    for event in game.events[since:]:
        if event.kind not in ("arrange", "shuffle", "pick"):
            print("•", event.text)


def status(game: Game, *players: str) -> None:
    """One line per player (all when none named): space, Lifeometer, money, brands."""
    for seat in game.view(None)["seats"]:
        if not players or seat["name"] in players:
            kind = "smoker of " + ", ".join(seat["brands"]) if seat["smoker"] else "non-smoker"
            print(f"  {seat['name']}: {seat['space']}, Lifeometer {seat['life_label']}, "
                  f"K{seat['money']}, {kind}")


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


def smoker_landings(own: Iterable[int], rng: np.random.Generator, n: int,
                    moves: int = 25) -> tuple[np.ndarray, np.ndarray]:
    """``n`` smokers holding the brands on ``own`` start on spaces drawn at random and make
    ``moves`` moves each on the plain loop: how many moves ended on each space, and how many
    of those ended a turn (those that did not end on an own brand)."""
    own_mask = np.isin(np.arange(28), list(own))
    where = rng.integers(0, 28, size=n)
    every_move, turn_ends = np.zeros(28), np.zeros(28)
    for _ in range(moves):
        where = (where + roll_sums(rng, n)) % 28
        every_move += np.bincount(where, minlength=28)
        turn_ends += np.bincount(where[~own_mask[where]], minlength=28)
    return every_move, turn_ends


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
        landings on it per move (every landing) and the share of moves that end there."""
        tally = self.walk(np.random.default_rng(seed), trials, turns=False)
        return {s: (mean_interval(tally.landings[:, s], z),
                    Estimate(int((tally.ends == s).sum()), trials, z)) for s in spaces}


# -- games of the engine, played by the kit's bots ---------------------------------------------
def bot_table(seed: int, players: Sequence[str] = PLAYERS,
              bot: type[HeuristicBot] = HeuristicBot, **options) -> tuple[Game, dict]:
    """A new game and one heuristic bot per player, all seeded from ``seed``."""
    game = tabletop.new_game("smokers_wild", players=list(players), seed=seed, **options)
    bots = {p: bot(derived_seed(seed, k + 1)) for k, p in enumerate(players)}
    return game, bots


def _first_smokes(seed: int, rounds: int, sizes: list[int], chunk: int) -> list[int]:
    found = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g), start="quick", max_turns=rounds)
        while not game.is_over:
            game.apply(bot_move(game, bots[game.decision.player]))
        moves: dict[str, int] = dict.fromkeys(game.players, 0)
        first: dict[str, int] = {}
        for event in game.events:
            if event.kind == "roll" and event.data["why"] == "move":
                moves[event.player] += 1
            elif event.kind == "smoker" and event.player not in first:
                first[event.player] = max(moves[event.player], 1)
        found += [first.get(p, rounds + 1) for p in game.players]
    return found


@cached(ignore=("workers",))
def first_smoke_moves(games: int, seed: int, rounds: int = 12, workers: int = 1) -> np.ndarray:
    """For every player of ``games`` bot games of ``rounds`` rounds (quick start): the number
    of their own moves up to the one in which they first became a smoker (``rounds + 1``
    when it did not happen). ``workers`` as for :func:`bot_games`."""
    sizes = chunk_sizes(games, 50)
    task = partial(_first_smokes, seed, rounds, sizes)
    return np.array([m for found in run_chunks(task, len(sizes), workers=workers)
                     for m in found])


def _whole_games(seed: int, players: Sequence[str], sizes: list[int], chunk: int) -> list[dict]:
    rows = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g), players)
        gone_in: dict[str, int] = {}
        while not game.is_over:
            game.apply(bot_move(game, bots[game.decision.player]))
            for p in game.gone:
                gone_in.setdefault(p, game.round)
        figures = game.result.figures
        for p in game.players:
            rows.append({"game": g, "rounds": game.round, "player": p,
                         "won": p in game.result.winners, "gone in round": gone_in.get(p),
                         "laps": figures[p]["spaces_travelled"] / 28,
                         "years from advances": figures[p]["years_from_loans"],
                         "smoker at the end": bool(figures[p]["smoker"])})
    return rows


@cached(ignore=("workers",))
def bot_games(games: int, seed: int, players: Sequence[str] = PLAYERS,
              workers: int = 1) -> pd.DataFrame:
    """``games`` whole long games between heuristic bots: one row per player per game, with
    the game's number and length in rounds, whether the player won, the round in which the
    player reached GONE (None for the winner), laps travelled, years lost to company
    advances, and whether the player smoked at the end. ``workers`` processes share the games
    (0: every core); game ``g`` is seeded from ``seed`` and ``g``, so the table is the same."""
    sizes = chunk_sizes(games, 25)
    task = partial(_whole_games, seed, tuple(players), sizes)
    return pd.DataFrame([row for rows in run_chunks(task, len(sizes), workers=workers)
                         for row in rows])


def _openings(seed: int, sizes: list[int], chunk: int) -> list[dict]:
    rows = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g))
        while game.decision.kind == "bid":
            game.apply(bot_move(game, bots[game.decision.player]))
        sold = {e.data["lot"]: e.data["price"] for e in game.events if e.kind == "sold"}
        rows.append({lot: sold.get(lot, np.nan) for lot in game.owner})
    return rows


@cached(ignore=("workers",))
def opening_prices(games: int, seed: int, workers: int = 1) -> pd.DataFrame:
    """The price each occupation fetched at the opening auction of ``games`` bot games (NaN:
    nobody bid), one row per game; ``workers`` as for :func:`bot_games`."""
    sizes = chunk_sizes(games, 25)
    task = partial(_openings, seed, sizes)
    return pd.DataFrame([row for rows in run_chunks(task, len(sizes), workers=workers)
                         for row in rows])


# -- pictures -----------------------------------------------------------------------------
def hook_curve(exact_by: dict[int, Fraction], simulated: np.ndarray, real: np.ndarray,
               ax: plt.Axes | None = None) -> plt.Axes:
    """P(a smoker by move t): exact (adverts only), simulated, and in bot games."""
    ax = ax or plt.subplots()[1]
    ts = np.array(sorted(exact_by))
    ax.step(ts, [float(exact_by[t]) for t in ts], where="post", color=EXACT_COLOUR,
            label="exact: adverts only")
    ax.plot(ts, [(simulated <= t).mean() for t in ts], "o", color="#08519c", ms=4,
            label="simulated: adverts only")
    ax.step(ts, [(real <= t).mean() for t in ts], where="post", color="#555555",
            linestyle="--", label="engine: bot games (friends and cards too)")
    ax.set_xlabel("moves made (a non-smoker moves once a turn)")
    ax.set_ylabel("P(a smoker by then)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    return ax


def turns_plot(exact: dict[int, Fraction], sims: dict[int, object],
               ax: plt.Axes | None = None) -> plt.Axes:
    """Spaces per turn by brands held: the exact curve and simulated means with intervals."""
    ax = ax or plt.subplots()[1]
    ax.plot(list(exact), [float(v) for v in exact.values()], "-", color=EXACT_COLOUR,
            label="exact 7 · 28 / (28 − b)")
    for k, (b, est) in enumerate(sims.items()):
        low, high = est.interval
        ax.errorbar(b, est.mean, yerr=[[est.mean - low], [high - est.mean]], fmt="o",
                    color="#08519c", capsize=4, label=None if k else "simulated, 95% interval")
    ax.set_xlabel("brands held")
    ax.set_ylabel("spaces per turn")
    ax.legend(fontsize=8)
    return ax


def taxman_plot(cash: Sequence[int], tax: Sequence[int], ax: plt.Axes | None = None) -> plt.Axes:
    """The TAXMAN's tax against an exact half of the cash."""
    ax = ax or plt.subplots()[1]
    ax.step(cash, tax, where="post", color=EXACT_COLOUR, label="tax = 10 · ⌈cash / 20⌉")
    ax.plot(cash, [c / 2 for c in cash], color=SIM_COLOUR, label="half the cash")
    ax.set_xlabel("cash (K)")
    ax.set_ylabel("tax (K)")
    ax.legend(fontsize=8)
    return ax


def pairs_grid(ax: plt.Axes) -> plt.Axes:
    """The 36 ordered pairs of two dice: doubles dark, 7s light, the rest white."""
    grid = np.array([[2 * (a == b) + (a + b == 7) for b in range(1, 7)] for a in range(1, 7)])
    ax.imshow(grid, cmap="Reds", vmin=0, vmax=2.5)
    ax.set_xticks(range(6), range(1, 7))
    ax.set_yticks(range(6), range(1, 7))
    ax.set_xlabel("second die")
    ax.set_ylabel("first die")
    ax.set_title("12 of 36 pairs: doubles (dark), 7s (light)", fontsize=9)
    return ax


def landing_heat(shares: Sequence[float | Fraction], title: str, what: str,
                 edition: Content | None = None) -> HeatMap:
    """One share per space (landings per move, say) drawn on the Smokers Wild board, in the
    app's colours for the kinds of space; ``what`` names the shares in the words under it."""
    board = (edition or odds.kit_content()).board
    return HeatMap([Space(s.name, s.kind) for s in board], shares, KIND_COLOURS, title=title,
                   what=what, size=560)


def house_edition(replacements: dict[str, str]) -> Content:
    """A house edition: the kit's content.toml with each text of ``replacements`` replaced
    (each must be found), written to a temporary file and read by the game as its
    ``content`` option, checked like the kit's own."""
    kit = Path(odds.__file__).with_name("content.toml").read_text(encoding="utf-8")
    for old, new in replacements.items():
        if old not in kit:
            raise ValueError(f"the kit's content.toml has no {old!r} to replace")
        kit = kit.replace(old, new)
    path = Path(tempfile.mkdtemp()) / "house_content.toml"
    path.write_text(kit, encoding="utf-8")
    return tabletop.new_game("smokers_wild", players=list(PLAYERS), content=str(path)).content


def value_plot(rows: dict[str, tuple[Fraction, MeanEstimate]], scale: float, fee: float,
               ax: plt.Axes | None = None) -> plt.Axes:
    """For each kind of player: what a missed turn is worth (years per turn x ``scale``),
    exact and simulated with its interval, against the ``fee`` of the vacation."""
    ax = ax or plt.subplots()[1]
    for k, (exact, est) in enumerate(rows.values()):
        low, high = est.interval
        ax.barh(k, float(exact) * scale, color=SIM_COLOUR, label=None if k else "exact")
        ax.errorbar(est.mean * scale, k, xerr=[[(est.mean - low) * scale],
                                               [(high - est.mean) * scale]],
                    fmt="o", color="#08519c", capsize=4,
                    label=None if k else "simulated, 95% interval")
    ax.axvline(fee, color=EXACT_COLOUR, linestyle="--", label=f"the fee, K{fee:g}")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_xlabel("what one missed turn saves (K, at K100 a year)")
    ax.legend(fontsize=8, loc="lower right")
    return ax


def lives_plot(life: dict[int, Fraction], lonely: np.ndarray, gone_rounds: np.ndarray,
               game_rounds: np.ndarray, ax: plt.Axes | None = None) -> plt.Axes:
    """How long a life and a game last: the moves a lonely token needs for 13 laps (exact
    line, simulated bars) against the rounds in which players of bot games reached GONE and
    in which those games ended."""
    ax = ax or plt.subplots(figsize=(7, 2.8))[1]
    top = int(max(lonely.max(), game_rounds.max())) + 1
    bins = np.arange(0.5, top + 1)
    ax.hist(lonely, bins=bins, density=True, color=SIM_COLOUR, label="lonely token: simulated")
    ts = [t for t in sorted(life) if t <= top]
    ax.plot(ts, [float(life[t]) for t in ts], color=EXACT_COLOUR, label="lonely token: exact")
    ax.hist(gone_rounds, bins=bins, density=True, histtype="step", color="#555555",
            linestyle="--", label="bot games: round a player reached GONE")
    ax.hist(game_rounds, bins=bins, density=True, histtype="step", color="#2a9d8f",
            label="bot games: round the game ended")
    ax.set_xlabel("moves (lonely token) or rounds (bot games)")
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    return ax


def cash_plot(cash: Sequence[int], worth: Sequence[float], fee: float, scale: float,
              ax: plt.Axes | None = None) -> plt.Axes:
    """What a missed turn saves a non-smoker (years per turn x ``scale``) against the cash
    in hand, and the vacation's ``fee``: the verdict flips where the curve crosses it."""
    ax = ax or plt.subplots()[1]
    ax.plot(cash, [float(v) * scale for v in worth], "o-", color=EXACT_COLOUR, ms=3,
            label="exact: what one turn costs her")
    ax.axhline(fee, color="#555555", linestyle="--", label=f"the vacation's fee, K{fee:g}")
    ax.set_xlabel("cash in hand (K)")
    ax.set_ylabel("one turn's worth (K)")
    ax.legend(fontsize=8)
    return ax


def board_figure(shares: Sequence[float | Fraction], title: str, what: str,
                 edition: Content | None = None, ax: plt.Axes | None = None) -> plt.Axes:
    """A static picture of ``shares`` on the Smokers Wild board (the ring of spaces, seven a
    side, clockwise from the UNDERTAKER in the top left corner), for pages that do not run
    the canvas of :func:`landing_heat` (GitHub, nbviewer): each space coloured by its share,
    its name and value written in it."""
    board = (edition or odds.kit_content()).board
    side = len(board) // 4
    ax = ax or plt.subplots(figsize=(6.4, 6.4))[1]
    values = np.array([float(v) for v in shares])
    colour = plt.get_cmap("Reds")
    low, high = values.min(), values.max()
    for k, space in enumerate(board):
        edge, step = divmod(k, side)
        x, y = [(step, 0), (side, step), (side - step, side), (0, side - step)][edge]
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=colour(
            0.1 + 0.8 * (values[k] - low) / ((high - low) or 1)), edgecolor="white"))
        ax.text(x + 0.5, y + 0.64, textwrap.fill(space.name, 11), ha="center",
                va="center", fontsize=5.5)
        ax.text(x + 0.5, y + 0.25, f"{values[k]:.3g}", ha="center", va="center", fontsize=7,
                weight="bold")
    ax.text((side + 1) / 2, (side + 1) / 2, what, ha="center", va="center", fontsize=9,
            wrap=True)
    ax.set_xlim(0, side + 1)
    ax.set_ylim(side + 1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    return ax
