"""Classroom helpers for the RUSH walkthrough and its teacher's sheet: scripted tables, the
seeded simulations that check each exact value a second way, and the pictures.

The exact values live in ``tabletop/games/rush/odds.py`` and ``strategy.py``; the
notebook builds the counting in view and checks it against them. What is here is plumbing:
dice thrown by numpy (each simulation plays the rule with dice, independently of the
chains), a house edition written to a file, the map of the best choices.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np

import tabletop
from tabletop import Game, Script
from tabletop.bots import make_bot
from tabletop.core.content import content_path
from tabletop.core.play import play_to_end
from tabletop.games.rush.content import Content
from tabletop.odds import MarkovChain

SENSES, FACES = 5, 6


def scripted_table(dice: Sequence[int] = (), players: Sequence[str] = ("Ann", "Bob"),
                   deck: Sequence[str] = (), **arranged: Any) -> Game:
    """A RUSH table whose dice follow ``dice`` (then the seed), with ``deck`` on top of the
    Chance cards and the rest staged by ``arrange``."""
    game = tabletop.new_game("rush", players=list(players), seed=1, script=Script(dice=dice))
    if deck:
        arranged["deck"] = list(deck)
    if arranged:
        game.arrange(**arranged)
    return game


def house_edition(changes: Mapping[str, str]) -> Content:
    """The content of a house edition: the kit's content.toml with each text of ``changes``
    replaced, written to a file and read (and checked) like the kit's own."""
    text = content_path("rush").read_text(encoding="utf-8")
    for old, new in changes.items():
        if old not in text:
            raise ValueError(f"the kit's content.toml has no {old!r}")
        text = text.replace(old, new)
    folder = Path(tempfile.mkdtemp(prefix="rush-house-"))
    (folder / "content.toml").write_text(text, encoding="utf-8")
    return tabletop.new_game("rush", content=str(folder / "content.toml")).content


# -- the pill die and the senses, with dice -----------------------------------------------
def pill_faces(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` throws of the pill die."""
    return rng.integers(1, FACES + 1, size=n)


def pills_until_senseless(rng: np.random.Generator, n: int) -> np.ndarray:
    """For ``n`` players taking pill after pill (a coma costs nothing here): the pills taken
    until all five senses are face down."""
    up = np.ones((n, SENSES), dtype=bool)
    pills = np.zeros(n, dtype=np.int64)
    while up.any():
        going = up.any(axis=1)
        face = pill_faces(rng, n)
        pills += going
        hit = going & (face <= SENSES)
        up[hit, face[hit] - 1] = False
    return pills


def down_at_first_coma(rng: np.random.Generator, n: int) -> np.ndarray:
    """Senses face down when the first coma comes (5: dead before any coma)."""
    up = np.ones((n, SENSES), dtype=bool)
    done = np.zeros(n, dtype=bool)
    while not done.all():
        face = pill_faces(rng, n)
        done |= face == FACES
        hit = ~done & (face <= SENSES)
        up[hit, face[hit] - 1] = False
        done |= ~up.any(axis=1)
    return SENSES - up.sum(axis=1)


def road_to_the_top(rng: np.random.Generator, n: int, pills: int) -> tuple[np.ndarray, ...]:
    """``pills`` pills in a row (a coma costs nothing here): senses face down at the end, and
    whether no 6 came."""
    face = rng.integers(1, FACES + 1, size=(n, pills))
    up = np.ones((n, SENSES), dtype=bool)
    for k in range(pills):
        hit = face[:, k] <= SENSES
        up[hit, face[hit, k] - 1] = False
    return SENSES - up.sum(axis=1), (face < FACES).all(axis=1)


def coma_turns(rng: np.random.Generator, steps: Sequence[int], awake: int, up: int,
               fastest: bool = True) -> tuple[bool, int]:
    """One coma from the darkest step with ``up`` senses face up, played with the coma die
    (``steps``: what each face does): whether the player wakes, and after how many turns."""
    where, turns = 0, 0
    while True:
        turns += 1
        change = steps[rng.integers(FACES)]
        if change < 0:
            where, up = max(0, where + change), up - 1
            if up == 0:
                return False, turns
        else:
            where += change if fastest else 1
            if where >= awake:
                return True, turns


def deals_until_caught(rng: np.random.Generator, n: int, most: int = 12) -> np.ndarray:
    """Deals at a place with no Cop yet until the Cop die catches the dealer (each deal that
    gets away adds a Cop)."""
    deals = np.full(n, most + 1)
    for cops in range(most):
        caught = (rng.integers(1, FACES + 1, size=n) <= cops) & (deals > most)
        deals[caught] = cops + 1
    return deals


def lockup_turns(rng: np.random.Generator) -> int:
    """Lockup turns until release: doubles free you, an odd total ends the turn, another even
    total rolls again."""
    turns = 1
    while True:
        a, b = rng.integers(1, FACES + 1, size=2)
        if a == b:
            return turns
        if (a + b) % 2:
            turns += 1


def bet_gains(rng: np.random.Generator, n: int, total: int, pays: int) -> np.ndarray:
    """What ``n`` bets of 1 on ``total`` gain, at ``pays`` to 1."""
    thrown = rng.integers(1, FACES + 1, size=n) + rng.integers(1, FACES + 1, size=n)
    return np.where(thrown == total, pays, -1)


def returns(chain: MarkovChain, state: Any, rng: np.random.Generator, n: int,
            most: int = 5_000) -> np.ndarray:
    """For ``n`` tokens leaving ``state`` of ``chain``: the turns until each is back there."""
    cumulative = np.cumsum(chain.to_numpy(), axis=1)
    cumulative[:, -1] = 1.0
    home = chain.states.index(state)
    where = np.full(n, home)
    back = np.zeros(n, dtype=np.int64)
    for turn in range(1, most + 1):
        going = back == 0
        if not going.any():
            break
        u = rng.random(going.sum())
        where[going] = (u[:, None] >= cumulative[where[going]]).sum(axis=1)
        back[going & (where == home)] = turn
    return back


def bot_game_rounds(rng: np.random.Generator, players: int = 3) -> int:
    """The rounds a game of heuristic bots lasts (a seed drawn from ``rng``)."""
    seed = int(rng.integers(2**31))
    names = [f"P{k + 1}" for k in range(players)]
    game = tabletop.new_game("rush", players=names, seed=seed)
    bots = {p: make_bot("rush", "heuristic", seed + k) for k, p in enumerate(names)}
    play_to_end(game, bots)
    return game.view(None)["round"]


# -- pictures -------------------------------------------------------------------------------
def policy_map(act: np.ndarray, gain: np.ndarray, zonkometer: Sequence[int], title: str,
               ax: plt.Axes | None = None) -> plt.Axes:
    """The best action by senses face up (rows) and Zonkometer (columns): P for a pill, D
    for two dice, R to rest, on a colour for how much the chance of winning gains by it
    over the other choice (in percentage points)."""
    ax = ax or plt.subplots(figsize=(8, 2.4))[1]
    image = ax.imshow(100 * gain, cmap="Greens", aspect="auto", origin="lower",
                      extent=(zonkometer[0] - 0.5, zonkometer[-1] + 0.5, 0.5, SENSES + 0.5))
    for s in range(SENSES):
        for k, z in enumerate(zonkometer):
            ax.text(z, s + 1, "PDR"[act[s, k]], ha="center", va="center", fontsize=8)
    ax.set_xticks(list(zonkometer))
    ax.set_xlabel("Zonkometer")
    ax.set_ylabel("senses face up")
    ax.set_title(title, fontsize=10)
    plt.colorbar(image, ax=ax, label="gain (points)")
    return ax
