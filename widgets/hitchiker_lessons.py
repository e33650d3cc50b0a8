"""Small helpers for the Hitchiker walkthrough: set up a scripted table, play a turn, plot.

The computations live in ``tabletop.games.hitchiker.odds`` and ``strategy``; this module only
builds scripted situations and draws pictures, so the notebook's cells stay a few lines each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

import tabletop
from tabletop import Game, Script
from tabletop.games.hitchiker.strategy import CARDS, best_action

HOMETOWNS = {"Ann": "Podunk", "Bob": "Hicksburg", "Cy": "Tumbleweed"}


def scripted_table(dice: Sequence[int] = (), players: Sequence[str] = ("Ann", "Bob"),
                   orders: Sequence[Sequence[str] | None] = (), bad_ride: Sequence[str] = (),
                   cash: Mapping[str, int] | None = None) -> Game:
    """A game whose dice follow ``dice`` after the opening (Ann rolls 12 and goes first);
    Ann takes Podunk, Bob Hicksburg, Cy Tumbleweed. ``bad_ride`` puts cards on top of the
    Bad Ride pile; ``orders`` fixes the casino's shuffles; ``cash`` sets travelling cash."""
    opening = [6, 6] + [1, 1] * (len(players) - 1)
    game = tabletop.new_game("hitchiker", players=list(players), seed=1, script=Script(
        dice=[*opening, *dice], orders=[list(bad_ride) or None, *orders]))
    for p in players:
        game.apply(HOMETOWNS[p], player=p)
    for p, amount in (cash or {}).items():
        have = game.money[game.cash[p]]
        if amount > have:
            game.money.transfer("bank", game.cash[p], amount - have)
        else:
            game.money.transfer(game.cash[p], "bank", have - amount)
    return game


def turn_from(game: Game, city: int, player: str = "Ann") -> int:
    """Stand ``player`` on ``city`` (a teaching shortcut) and roll; returns the event index
    where the turn began, for :func:`tell`."""
    since = len(game.events)
    game.pos[player] = city
    game.apply("roll", player=player)
    return since


def tell(game: Game, since: int = 0) -> None:
    """Print what happened since event ``since`` (dice rolls included), then what is asked."""
    for event in game.events[since:]:
        print("·", event.text)
    if game.decision is not None:
        print(f"→ {game.decision.player} is asked: {game.decision.prompt}")


def play_casino(game: Game, bet: int = 2_000) -> None:
    """Answer every casino decision: bet ``bet`` (or what the player has), play the best
    action of strategy.py."""
    while game.decision is not None and game.decision.kind in ("bet", "play"):
        decision = game.decision
        if decision.kind == "bet":
            game.apply(min(bet, decision.amount.high))
            continue
        casino = game.casino
        hand = casino.hands[casino.acting]
        up = card_value(casino.house[0])
        game.apply(best_action([card_value(c) for c in hand.cards], up, decision.choices))


def card_value(card: str) -> int:
    """Blackjack value of a card, an Ace counted 1."""
    face = card[:-1]
    return {"A": 1, "J": 10, "Q": 10, "K": 10}.get(face) or int(face)


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


def threshold_hand(rng: np.random.Generator, stand_on: int | None) -> float:
    """One hand of the kit's blackjack (infinite deck): hit to ``stand_on`` or, when None,
    play the best action of strategy.py (hit, stick or double; no split). Returns the
    gain per $1 bet."""
    values = np.array([v for v, _ in CARDS])
    weights = np.array([float(p) for _, p in CARDS])

    def draw() -> int:
        return int(rng.choice(values, p=weights))

    up, cards = draw(), [draw(), draw()]
    if sorted(cards) == [1, 10]:
        return 5.0
    stake = 1.0
    while True:
        total, _ = hand_total(cards)
        if total >= 21:
            break
        if stand_on is not None:
            if total >= stand_on:
                break
            cards.append(draw())
            continue
        legal = ["hit", "stick", *(["double"] if len(cards) == 2 else [])]
        action = best_action(cards, up, legal)
        if action == "stick":
            break
        cards.append(draw())
        if action == "double":
            stake = 2.0
            break
    total, _ = hand_total(cards)
    if total > 21:
        return -stake
    house = [up]
    while hand_total(house)[0] < 17:
        house.append(draw())
    final = hand_total(house)[0]
    if final > 21 or total > final:
        return 2 * stake
    return 0.0 if total == final else -stake


def hand_total(values: Sequence[int]) -> tuple[int, bool]:
    """Best total of card values (Ace = 1 or 11) and whether it is soft."""
    total = sum(values)
    if total <= 11 and 1 in values:
        return total + 10, True
    return total, False


def walk_landings(moves: int, seed: int, cities: int, stuck_at: int) -> np.ndarray:
    """Landing counts of one token over ``moves`` turns on the loop, Remindya's pot hole at
    ``stuck_at`` (an odd total gets out and moves that far, an even one stays)."""
    rng = np.random.default_rng(seed)
    rolls = rng.integers(1, 7, size=(moves, 2)).sum(axis=1)
    counts = np.zeros(cities, dtype=int)
    here = 0
    for roll in rolls:
        if here != stuck_at or roll % 2:
            here = (here + roll) % cities
        counts[here] += 1
    return counts

