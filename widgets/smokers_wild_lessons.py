"""Classroom helpers for the Smokers Wild walkthrough: scripted tables, games played by the kit's
bots, and the pictures. The samplers that check the exact odds a second way live beside those
odds, in ``tabletop/games/smokers_wild/sampling.py``.

The exact values come from ``tabletop/games/smokers_wild/odds.py`` and their samplers from
``sampling.py`` beside it; nothing here decides a rule or draws a chance, so a notebook cell
says *what* is simulated::

    from tabletop.games.smokers_wild import sampling as draw
    estimate(draw.advert_hooks, 200_000, seed=SEED)
    estimate_mean(draw.CardWalk(odds.Lander()).turn_years, 100_000, seed=SEED)
"""

from __future__ import annotations

import tempfile
import textwrap
from collections.abc import Sequence
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
from tabletop.odds import MeanEstimate
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed

from .board import Space
from .heat import HeatMap
from .lessons import EXACT_COLOUR, SIM_COLOUR
from .smokers_wild import KIND_COLOURS

PLAYERS = ("Ann", "Bob", "Cy")
#: Where the static pictures of the board are saved, beside the notebooks.
IMAGES = Path(__file__).resolve().parents[1] / "notebooks" / "images"
PLOT_STYLE = {"figure.figsize": (6, 2.6), "figure.dpi": 90}


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
                 edition: Content | None = None, ax: plt.Axes | None = None,
                 filename: str | None = None) -> plt.Axes:
    """A static picture of ``shares`` on the Smokers Wild board (the ring of spaces, seven a
    side, clockwise from the UNDERTAKER in the top left corner), for pages that do not run
    the canvas of :func:`landing_heat` (GitHub, nbviewer): each space coloured by its share,
    its name and value written in it. With ``filename`` the picture is also saved under
    notebooks/images, so a page can show it without running anything."""
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
    if filename:
        ax.figure.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    return ax
