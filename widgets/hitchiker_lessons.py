"""Small helpers for the Hitchiker walkthrough: set up a scripted table, play a turn, plot.

The computations and simulations live in ``tabletop.games.hitchiker.odds``; this module only
stages situations (with ``game.arrange``), plays them and draws pictures, so the notebook's
cells stay a few lines each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

import tabletop
from tabletop import Game, Script
from tabletop.games.hitchiker import odds

HOMETOWNS = {"Ann": "Podunk", "Bob": "Hicksburg", "Cy": "Tumbleweed"}


def scripted_table(dice: Sequence[int] = (), players: Sequence[str] = ("Ann", "Bob"),
                   orders: Sequence[Sequence[str] | None] = (), bad_ride: Sequence[str] = (),
                   cash: Mapping[str, int] | None = None) -> Game:
    """A game whose dice follow ``dice`` after the opening (Ann rolls 12 and goes first);
    Ann takes Podunk, Bob Hicksburg, Cy Tumbleweed. ``bad_ride`` puts cards on top of the
    Bad Ride pile; ``orders`` fixes the casino's shuffles; ``cash`` stages travelling cash."""
    opening = [6, 6] + [1, 1] * (len(players) - 1)
    game = tabletop.new_game("hitchiker", players=list(players), seed=1, script=Script(
        dice=[*opening, *dice], orders=[list(bad_ride) or None, *orders]))
    for p in players:
        game.apply(HOMETOWNS[p], player=p)
    if cash:
        game.arrange(cash=dict(cash))
    return game


def turn_from(game: Game, city: int, player: str = "Ann") -> int:
    """Stage ``player`` on ``city`` and roll; returns the event index where the turn began,
    for :func:`tell`."""
    since = len(game.events)
    game.arrange(position={player: city})
    game.apply("roll", player=player)
    return since


def tell(game: Game, since: int = 0) -> None:
    """Print what happened since event ``since`` (dice rolls included; staging left out),
    then what is asked."""
    for event in game.events[since:]:
        if event.kind != "arrange":
            print("·", event.text)
    if game.decision is not None:
        print(f"→ {game.decision.player} is asked: {game.decision.prompt}")


def play_casino(game: Game, bet: int = 2_000) -> None:
    """Answer every casino decision: bet ``bet`` (or what the player has), play the move with
    the best exact expected gain (odds.move_values)."""
    while game.decision is not None and game.decision.kind in ("bet", "play"):
        decision = game.decision
        if decision.kind == "bet":
            game.apply(min(bet, decision.amount.high))
            continue
        casino = game.view(decision.player)["casino"]
        hand = casino["hands"][casino["acting"]]
        values = odds.move_values(hand["cards"], casino["house"]["cards"][0], game.content.casino)
        game.apply(max((a for a in values if a in decision.choices), key=values.__getitem__))


def plot_dist(exact: Mapping[object, Fraction], title: str, xlabel: str,
              simulated: Mapping[object, float] | None = None,
              mean: float | None = None, ax: plt.Axes | None = None) -> plt.Axes:
    """Bars of an exact distribution, dots of simulated frequencies, a line at the mean."""
    ax = ax or plt.subplots(figsize=(6, 2.6))[1]
    keys = list(exact)
    xs = np.arange(len(keys))
    ax.bar(xs, [float(exact[k]) for k in keys], color="#2a9d8f", label="exact")
    if simulated is not None:
        ax.plot(xs, [simulated.get(k, 0.0) for k in keys], "o", color="#c62828",
                label="simulated")
    if mean is not None:
        numeric = [float(k) for k in keys]
        ax.axvline(np.interp(mean, numeric, xs), color="#222", ls="--",
                   label=f"exact mean {mean:,.4g}")
    ax.set_xticks(xs, [f"{k:,}" if isinstance(k, int) else str(k) for k in keys],
                  rotation=45 if len(keys) > 8 else 0, fontsize=8)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    return ax


def frequencies(values: np.ndarray) -> dict[object, float]:
    """Relative frequency of each value in a simulated sample."""
    found, counts = np.unique(values, return_counts=True)
    return {int(v): c / len(values) for v, c in zip(found, counts, strict=True)}
