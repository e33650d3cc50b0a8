"""Classroom helpers for the Pitch walkthrough and its teacher's sheet: stage a table, print
what happens, and draw the pictures.

The exact counting lives in ``tabletop.games.pitch.odds`` (and in view, in the notebook); the
seeded samplers and bot studies that check it live beside it in
``tabletop.games.pitch.sampling``. This module only stages tables (``game.arrange``), tells
what happens and draws, so that the notebook's cells stay a few lines each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Ellipse

import tabletop
from tabletop import Game, Script
from tabletop.core.cards import SUIT_SYMBOLS, card_symbol
from tabletop.games.pitch.sampling import PLAYERS
from tabletop.odds import Estimate, MeanEstimate

from ..lessons import EXACT_COLOUR, SIM_COLOUR
from ..palette import INK, player_colour
from .table import CARD_H, CARD_W, FELT, FELT_EDGE, RED, is_red, seat_order, seat_point, seated_ring

__all__ = ["PLAYERS", "chance_plot", "ladder_plot", "length_plot", "payoff_plot", "play",
           "play_out", "show", "table", "table_figure"]

REAL_COLOUR = "#08519c"
IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"
#: The static table's size, in the canvas's own units (widgets/pitch/table.py).
WIDTH, HEIGHT = 600, 400


# -- staging and telling ---------------------------------------------------------------
def table(hands: Mapping[str, list[str]], dealer: str, players: Sequence[str] = (),
          **options: Any) -> Game:
    """A table of ``players`` (default: those named in ``hands``) where ``dealer`` deals and,
    once the cards are out, each player named in ``hands`` holds exactly those cards (staged
    with ``arrange``; the others hold what the seeded shuffle gives them)."""
    game = tabletop.new_game("pitch", players=list(players or hands), seed=1,
                             script=Script(picks=[dealer]), **options)
    game.arrange(hands={name: list(cards) for name, cards in hands.items()})
    return game


def play(game: Game, *actions: str) -> None:
    """Apply ``actions`` in turn and print the events they caused."""
    start = len(game.events)
    for action in actions:
        game.apply(action)
    for event in game.events[start:]:
        print("  ", event.text)


def show(hand: Sequence[str]) -> str:
    """Cards with suit symbols: ``A♠ 2♠ 10♥``."""
    return " ".join(card_symbol(card) for card in hand)


def play_out(game: Game) -> dict[str, Any]:
    """Play the rest of the hand, each player the first card allowed; the hand's sheet row."""
    while game.decision is not None and game.decision.kind == "play":
        game.apply(game.decision.choices[0])
    return game.view(None)["sheet"][-1]


# -- pictures and answers ------------------------------------------------------------------
def chance_plot(ax: plt.Axes, xs: Sequence[Any], exact: Sequence[Fraction | float],
                simulated: Sequence[Estimate], title: str, xlabel: str,
                ylabel: str = "chance") -> plt.Axes:
    """Simulated shares as bars with their intervals, the exact chances drawn over them."""
    places = np.arange(len(xs))
    shares = np.array([e.p_hat for e in simulated])
    low = shares - [e.interval[0] for e in simulated]
    high = [e.interval[1] for e in simulated] - shares
    level = f"{100 * (1 - 2 * (1 - _normal_cdf(simulated[0].z))):.0f}%"
    ax.bar(places, shares, color=SIM_COLOUR, yerr=[low, high], capsize=3,
           label=f"simulated, {level} interval")
    ax.scatter(places, [float(p) for p in exact], marker="_", s=300, linewidths=2.5,
               color=EXACT_COLOUR, zorder=3, label="exact")
    ax.set_xticks(places, [str(x) for x in xs])
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    return ax


def _normal_cdf(z: float) -> float:
    from math import erf, sqrt

    return 0.5 * (1 + erf(z / sqrt(2)))


def interval_level(z: float) -> float:
    """The confidence level of a two-sided interval of ``z`` standard errors (1.96: 0.95)."""
    return 2 * _normal_cdf(z) - 1


def named_points(ax: plt.Axes, places: Sequence[int], named: Sequence[Estimate],
                 label: str) -> plt.Axes:
    """Over a :func:`chance_plot`: estimates from another study (the pitcher's named suit) as
    dots with their intervals, at the bars' places (0, 1, ...)."""
    shares = np.array([e.p_hat for e in named])
    low = shares - [e.interval[0] for e in named]
    high = [e.interval[1] for e in named] - shares
    ax.errorbar(list(places), shares, yerr=[low, high], fmt="o", color=REAL_COLOUR, capsize=3,
                label=label, zorder=4)
    ax.legend(fontsize=8)
    return ax


def named_suit_table(named: Sequence[Any], lengths: Sequence[int],
                     random_suit: Mapping[str, Sequence[Fraction]], z: float = 2.576) -> Any:
    """Going further's table of the suit a pitcher names at a real auction
    (:func:`~tabletop.games.pitch.sampling.named_suit_deal`), one row for each number of its
    cards she holds: the deals, then for the Ace and for High the exact chance for a random
    suit of that length (``random_suit[point][j]`` for ``lengths[j]``) beside the named
    suit's share with its interval (99% at the default z)."""
    import pandas as pd

    from tabletop.games.pitch.sampling import share_of

    rows = {}
    for j, k in enumerate(lengths):
        deals = [d for d in named if d.length == k]
        row: dict[str, str] = {"deals": f"{len(deals):,}"}
        for point in ("ace", "high"):
            share = share_of([getattr(d, point) for d in deals], z=z)
            word = "the Ace" if point == "ace" else "High"
            row[f"{word}: a suit before naming"] = f"{float(random_suit[point][j]):.3f}"
            row[f"{word}: the suit she names"] = (f"{share.p_hat:.3f} ({share.interval[0]:.3f}"
                                                  f"–{share.interval[1]:.3f})")
        rows[k] = row
    frame = pd.DataFrame(rows).T
    frame.index.name = "cards she holds of it, k"
    return frame


def ladder_plot(ax: plt.Axes, labels: Sequence[str],
                series: Mapping[str, Sequence[Estimate | MeanEstimate]], title: str,
                xlabel: str, ylabel: str, zero_line: bool = False) -> plt.Axes:
    """Side by side, for each named series, a simulated value per label with its interval."""
    places = np.arange(len(labels))
    width = 0.8 / len(series)
    for j, (name, estimates) in enumerate(series.items()):
        centre = np.array([e.p_hat if isinstance(e, Estimate) else e.mean for e in estimates])
        low = centre - [e.interval[0] for e in estimates]
        high = [e.interval[1] for e in estimates] - centre
        ax.bar(places + (j - (len(series) - 1) / 2) * width, centre, width, yerr=[low, high],
               capsize=2, label=name)
    if zero_line:
        ax.axhline(0, color="k", linewidth=0.8)
    ax.set_xticks(places, list(labels))
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    return ax


def length_plot(ax: plt.Axes, resampled: np.ndarray, real: Sequence[int], title: str) -> plt.Axes:
    """The share of games lasting each number of hands: resampled games as bars, the real
    bot games as dots (not red: no exact value here), the median as a dashed line."""
    longest = int(max(resampled.max(), max(real)))
    hands = np.arange(1, longest + 1)
    ax.bar(hands, np.bincount(resampled, minlength=longest + 1)[1:] / len(resampled),
           color=SIM_COLOUR, label=f"{len(resampled):,} games from resampled hands")
    ax.plot(hands, np.bincount(real, minlength=longest + 1)[1:] / len(real), "o", ms=3,
            color=REAL_COLOUR, label=f"{len(real):,} whole bot games")
    ax.axvline(float(np.median(resampled)), color="k", ls="--", label="median")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("hands in the game")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    return ax


def payoff_plot(ax: plt.Axes, exact: Mapping[str, Fraction],
                paid: Mapping[str, int]) -> plt.Axes:
    """The money game's worked example: each player's exact pay-off beside the whole cents the
    table pays (``money.settle``), with a title stating what they add up to."""
    names = list(exact)
    places = np.arange(len(names))
    ax.bar(places - 0.2, [float(exact[n]) for n in names], 0.4, color=EXACT_COLOUR,
           label="exact pay-off")
    ax.bar(places + 0.2, [paid[n] for n in names], 0.4, color=REAL_COLOUR,
           label="paid, whole cents")
    ax.axhline(0, color="k", linewidth=0.8)
    ax.set_xticks(places, names)
    ax.set_ylabel("cents (+ collects, − pays)")
    ax.set_title(f"What the winners collect, the losers pay: the pay-offs add up to "
                 f"{sum(paid.values())}¢", fontsize=10)
    ax.legend(fontsize=8)
    return ax


def _card(ax: plt.Axes, card: str, x: float, y: float, scale: float = 1.0) -> None:
    """One face-up card, its top-left corner at (x, y) (y downwards, as on the canvas)."""
    width, height = CARD_W * scale, CARD_H * scale
    ax.add_patch(plt.Rectangle((x, y), width, height, facecolor="white", edgecolor="#555555"))
    colour = RED if is_red(card) else INK
    ax.text(x + 4 * scale, y + 3 * scale, card[:-1], color=colour, fontsize=8 * scale,
            weight="bold", ha="left", va="top")
    ax.text(x + width / 2, y + height / 2 + 6 * scale, SUIT_SYMBOLS[card[-1]], color=colour,
            fontsize=16 * scale, ha="center", va="center")


def table_figure(view: Mapping[str, Any], title: str, ax: plt.Axes | None = None,
                 filename: str | None = None) -> plt.Axes:
    """A static picture of the Pitch table of ``view`` (``game.view(player)``), as the app's
    canvas draws it, for pages that do not run widgets (GitHub, nbviewer): the felt, each
    seat with its tags (D the dealer, P and the bid the pitcher) and the cards it holds, the
    trick in the middle and the viewer's hand below. With ``filename`` the picture is also
    saved under notebooks/images."""
    ax = ax or plt.subplots(figsize=(7.5, 6.2))[1]
    ax.add_patch(Ellipse((WIDTH / 2, HEIGHT / 2 - 8), WIDTH - 40, HEIGHT - 70, facecolor=FELT,
                         edgecolor=FELT_EDGE, linewidth=6))
    ring = seated_ring(view)
    colours = {name: player_colour(k) for k, name in enumerate(seat_order(view))}
    for k, name in enumerate(ring):
        x, y = seat_point(k, len(ring), WIDTH, HEIGHT)
        ax.add_patch(plt.Rectangle((x - 66, y - 22), 132, 44, facecolor="white",
                                   edgecolor=colours[name], linewidth=2))
        tags = [t for t, on in (("D", name == view["dealer"]),
                                (f"P{view['bid']}", name == view["pitcher"])) if on]
        held = view["hand_sizes"].get(name, 0)
        ax.text(x, y, "  ".join([name, *tags]) + f"\n{held} cards", ha="center",
                va="center", fontsize=8, color=INK)
    for play in view["trick"]:
        x, y = seat_point(ring.index(play["player"]), len(ring), WIDTH, HEIGHT, 0.45)
        _card(ax, play["card"], x - CARD_W / 2, y - CARD_H / 2)
    trump = view["trump"]
    ax.text(10, 8, f"Trump {SUIT_SYMBOLS[trump]}" if trump else "Trump not yet named",
            fontsize=9, weight="bold", va="top", color=RED if trump and trump in "HD" else INK)
    ax.text(WIDTH - 10, 8, f"Hand {view['hand_number']} of {view['hand_limit']}\n"
            f"{view['phase']}", fontsize=9, ha="right", va="top", color=INK)
    hand = list(view["hand"])
    start = (WIDTH - len(hand) * (CARD_W + 6)) / 2
    for j, card in enumerate(hand):
        _card(ax, card, start + j * (CARD_W + 6), HEIGHT + 8)
    if hand:
        ax.text(WIDTH / 2, HEIGHT + CARD_H + 14, f"{view['you']}'s hand", ha="center",
                va="top", fontsize=9, color=INK)
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(HEIGHT + CARD_H + 34, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    if filename:
        ax.figure.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    return ax


# -- the lessons' pictures ----------------------------------------------------------------
def high_price_plot(ax: plt.Axes, tops: Sequence[str], chances: Sequence[Fraction],
                    prices: Sequence[Fraction], title: str) -> plt.Axes:
    """What High is worth to the pitcher, by her top trump (exact cents a hand: a High she
    holds is a point she takes, one she does not hold is a point another player takes), with
    each top's chance of High in the labels. Between two suits she could name, High's part of
    the choice is the difference of two bars."""
    places = np.arange(len(tops))
    colours = [EXACT_COLOUR if p >= 0 else SIM_COLOUR for p in prices]
    ax.bar(places, [float(p) for p in prices], color=colours)
    ax.axhline(0, color="k", linewidth=0.8)
    labels = [f"{t}\nP(High) {float(c):.3f}" for t, c in zip(tops, chances, strict=True)]
    ax.set_xticks(places, labels)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("the top trump of the suit she names (four players)")
    ax.set_ylabel("what High is worth to her, ¢ a hand")
    return ax


def count_plot(ax: plt.Axes, exact: Mapping[int, Fraction], sample: np.ndarray,
               title: str) -> plt.Axes:
    """The game count of one hand: simulated hands as bars, the exact chances over them."""
    found, times = np.unique(sample, return_counts=True)
    ax.bar(found, times / len(sample), color=SIM_COLOUR, label=f"{len(sample):,} simulated hands")
    ax.plot(list(exact), [float(p) for p in exact.values()], "_", ms=9, mew=2,
            color=EXACT_COLOUR, label="exact")
    ax.set(title=title, xlabel="game count of one hand", ylabel="chance")
    ax.legend(fontsize=8)
    return ax


def share_plot(ax: plt.Axes, shares: Mapping[str, Estimate], fair: Mapping[str, Fraction],
               title: str) -> plt.Axes:
    """Who takes the Game point: each share with its interval, and over each bar that has one
    its fair share (one player's for the pitcher, the defenders' together for a defender) as
    a short dashed mark."""
    ladder_plot(ax, list(shares), {"share of hands (95% interval)": list(shares.values())},
                title, "who takes Game", "share of hands")
    for place, who in enumerate(shares):
        if who in fair:
            ax.hlines(float(fair[who]), place - 0.45, place + 0.45, color="k", linestyle="--",
                      linewidth=0.8, label="fair share" if place == 0 else None)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left")
    return ax


def paired_plot(ax: plt.Axes, studies: Mapping[str, Any], title: str,
                unit: str = "cents a game") -> plt.Axes:
    """Paired full-game studies: each one's difference (switched minus the heuristic bot)
    with its 95% interval, and zero."""
    ladder_plot(ax, list(studies),
                {"switched − heuristic (95% interval)": [s.difference for s in studies.values()]},
                title, "the one choice switched", unit, zero_line=True)
    return ax


def signed(x: float) -> str:
    """A number of cents with its sign and two decimals, minus as a typeset minus: "−0.98"."""
    return f"{float(x):+.2f}".replace("-", "\u2212")


def how_often(deals: Sequence[Any], choice: str, other: str, point: str) -> str:
    """Whether the pitcher took ``point`` ("made" for the bid) more or less often naming
    ``choice`` than ``other``, over the same deals played both ways (:func:`~tabletop.games.
    pitch.sampling.ace_deal`): decided by the 95% interval of the paired difference."""
    from ..lessons import mean_interval

    def took(d: Any, c: str) -> float:
        return float(d.made[c] if point == "made" else point in d.awards[c])

    diff = mean_interval([took(d, choice) - took(d, other) for d in deals])
    return ("more often" if diff.interval[0] > 0 else "less often" if diff.interval[1] < 0
            else "about as often (the paired difference's interval holds zero)")


def study_words(study: Any, switched: str, usual: str = "the kit's heuristic bot",
                level: float = 0.95) -> str:
    """A paired study in one sentence for a lesson, in the kit's own words
    (:meth:`tabletop.paired.PairedStudy.verdict`): which choice did better per game and by how
    much, with the interval of the switched minus the usual at ``level``, or that the two
    cannot be told apart and the smallest true difference such a study finds four times in
    five."""
    words = study.verdict(better=switched, worse=usual, unit="¢", level=level)
    if study.resolved and level == 0.95:
        return words
    return f"{switched[0].upper() + switched[1:]} against {usual}: {words[0].lower() + words[1:]}"


def choice_table(deals: Sequence[Any], choices: Sequence[str], z: float = 1.96) -> Any:
    """What the pitcher took in deals played both ways (:func:`~tabletop.games.pitch.sampling.
    ace_deal`): for each choice, the share of deals in which she made her bid and took each
    point, with its interval (95% unless ``z`` says otherwise: 2.576 for 99%)."""
    import pandas as pd

    from tabletop.games.pitch.sampling import share_of

    def cell(flags: Sequence[bool]) -> str:
        share = share_of(flags, z=z)
        return f"{share.p_hat:.2f} ({share.interval[0]:.2f}–{share.interval[1]:.2f})"

    rows = {"bid made": lambda d, c: d.made[c]}
    rows |= {f"took {point}": (lambda d, c, p=point: p in d.awards[c])
             for point in ("high", "low", "jack", "game")}
    return pd.DataFrame({choice: {row: cell([test(d, choice) for d in deals])
                                  for row, test in rows.items()} for choice in choices})


def cents_words(gain: MeanEstimate, scale: float = 1.0, unit: str = "deals") -> str:
    """A mean in cents with its interval (at its own level), signs shown, times ``scale``:
    "-6.09¢ (95% interval -8.23 to -3.96¢, 300 deals)"; with a ``unit`` other than deals,
    that unit in place of the number of deals ("+0.91¢ a game (95% interval ...)")."""
    low, high = (scale * end for end in gain.interval)
    size = f", {gain.trials:,} deals" if unit == "deals" else ""
    head = f"{signed(scale * gain.mean)}¢" + ("" if unit == "deals" else f" {unit}")
    level = round(100 * interval_level(gain.z))
    return f"{head} ({level}% interval {signed(low)} to {signed(high)}¢{size})"


def crossing_line(ax: plt.Axes, bands: Sequence[tuple[Fraction, Fraction]],
                  gains: Sequence[MeanEstimate], crossing: float | None) -> plt.Axes:
    """Over a :func:`ladder_plot` of band gains: the band means joined by straight lines (each
    at its band's middle, the bands of equal width) and, where the line crosses zero, a mark
    labelled with the rating there (the break-even, :func:`zero_crossing`), with a bar a band
    wide: an estimate from simulated band means is good to about a band, not to its digits."""
    places = np.arange(len(gains))
    ax.plot(places, [g.mean for g in gains], "-", color=INK, linewidth=1, label="band means joined")
    if crossing is not None:
        middles = [float(low + high) / 2 for low, high in bands]
        step = middles[1] - middles[0]
        where = (crossing - middles[0]) / step
        ax.errorbar([where], [0], xerr=0.5, fmt="D", color=INK, ms=6, capsize=4, zorder=4,
                    label=f"break-even: rating {crossing:.2f} "
                          "(an estimate, good to about a band: the bar)")
    ax.legend(fontsize=8, loc="upper left")
    return ax


def zero_crossing(bands: Sequence[tuple[Fraction, Fraction]],
                  gains: Sequence[MeanEstimate]) -> float | None:
    """Where a straight line through the band means, each at its band's midpoint, first
    crosses zero going up (None if it never does)."""
    points = [(float(low + high) / 2, gain.mean)
              for (low, high), gain in zip(bands, gains, strict=True)]
    for (x0, y0), (x1, y1) in pairwise(points):
        if y0 < 0 <= y1:
            return x0 + (x1 - x0) * -y0 / (y1 - y0)
    return None


def rated_hand_counts() -> dict[tuple[Fraction, bool], int]:
    """Every six-card hand, counted exactly by the heuristic bot's rating (and whether the suit
    it names holds its Jack): the count going further builds in view, one suit at a time."""
    from collections import Counter
    from itertools import combinations

    from tabletop.core.cards import RANKS
    from tabletop.games.pitch.bots import TEN_HELD, trump_value

    kinds: Counter = Counter()
    for size in range(1, 7):
        for held in combinations(RANKS, size):
            kinds[size, "10" in held, trump_value([r + "S" for r in held]), "J" in held] += 1
    ways: Counter = Counter({(0, 0, None): 1})
    for _suit in range(4):
        step = Counter(ways)
        for (cards, tens, best), n in ways.items():
            for (size, ten, value, jack), m in kinds.items():
                if cards + size <= 6:
                    named = (value, jack) if best is None or value > best[0] else best
                    step[cards + size, tens + ten, named] += n * m
        ways = step
    rated: Counter = Counter()
    for (cards, tens, named), n in ways.items():
        if cards == 6:
            rated[named[0] + TEN_HELD * tens, named[1]] += n
    return dict(rated)


def open_hands_a_game(low: Fraction, high: Fraction, line: Fraction, hands: int = 8,
                      players: int = 4) -> Fraction:
    """How many times a game one seat holds a hand the bot rates in [low, high) with nobody
    before her having opened: the hands she does not deal (the dealer, when all pass, must
    bid), times the band's exact share, times the chance that none of the seats before her
    (taken as independent) rated at least ``line``; averaged over the three choosing seats."""
    rated = rated_hand_counts()
    total = sum(rated.values())
    share = Fraction(sum(n for (r, _), n in rated.items() if low <= r < high), total)
    opens = Fraction(sum(n for (r, _), n in rated.items() if r >= line), total)
    first = sum((1 - opens) ** before for before in range(players - 1)) / (players - 1)
    return (hands - Fraction(hands, players)) * share * first


def parts_table(split: Mapping[str, Mapping[str, MeanEstimate]], deals: Mapping[str, int],
                verdicts: Mapping[str, str] | None = None) -> Any:
    """A small table of gains in cents a hand, one row a group of deals: its deals, then each
    part's mean with its interval ("+4.83 (+2.45 to +7.22)"), and with ``verdicts`` a last
    column saying what each row's gain decides."""
    import pandas as pd

    def cell(gain: MeanEstimate) -> str:
        return f"{signed(gain.mean)} ({signed(gain.interval[0])} to {signed(gain.interval[1])})"

    table = pd.DataFrame({group: {"deals": f"{deals[group]:,}"}
                          | {part: cell(gain) for part, gain in parts.items()}
                          | ({"what it says": verdicts[group]} if verdicts else {})
                          for group, parts in split.items()}).T
    level = round(100 * (2 * _normal_cdf(next(iter(next(iter(split.values())).values())).z) - 1))
    table.index.name = f"¢ a hand ({level}% interval)"
    return table


def staying_table(values: Mapping[str, Mapping[int, tuple[float, float]]],
                  matters: float = 0.0) -> Any:
    """Going further's leaving table: for her seat in the next hand (a row) and the hands left
    over after whole rounds (a column), what staying is worth to her in cents, "−0.57 ± 0.45" (a
    mean and its interval's half-width), with a word: "leave" when the interval is below zero,
    "stay" above it, "tie" when it holds zero, and "a tie in practice" when it leaves zero out
    but the mean is smaller than ``matters`` cents (the smallest amount worth a decision)."""
    import pandas as pd

    def cell(mean: float, half: float) -> str:
        word = ("tie" if abs(mean) <= half else "a tie in practice" if abs(mean) < matters
                else "leave" if mean < 0 else "stay")
        return f"{signed(mean)} ± {half:.2f}: {word}"

    table = pd.DataFrame({f"{left} left over": {seat: cell(*row[left])
                                                for seat, row in values.items()}
                          for left in next(iter(values.values()))})
    table.index.name = "her seat next hand"
    return table


def model_and_game(rows: Mapping[str, tuple[MeanEstimate, int, Fraction, Any]],
                   price: str = "band price", hands_label: str = "such hands a game") -> Any:
    """Lesson 2's model against the game, one row an opening line: the band study's price a
    hand, the exact count of such hands a game (:func:`open_hands_a_game`), their product
    (``sign`` −1 when the line skips the band's hands) with its 95% interval scaled alike,
    and the paired full-game study's difference, cents a game. ``price`` and ``hands_label``
    name the first two columns (lesson 1: the hand study's price, the choices a game)."""
    import pandas as pd

    def cell(mean: float, low: float, high: float) -> str:
        return f"{signed(mean)} ({signed(low)} to {signed(high)})"

    table = {}
    for row, (gain, sign, hands, study) in rows.items():
        scale = sign * float(hands)
        ends = sorted(scale * end for end in gain.interval)
        table[row] = {f"{price}, ¢ a hand": cell(gain.mean, *gain.interval),
                      hands_label: f"{float(hands):.2f}",
                      "predicted, ¢ a game": cell(scale * gain.mean, *ends),
                      "full game, ¢ a game": cell(study.difference.mean,
                                                  *study.difference.interval)}
    frame = pd.DataFrame(table).T
    frame.index.name = "the switched seat"
    return frame


def prediction_check(rows: Mapping[str, tuple[MeanEstimate, int, Fraction, Any]]
                     ) -> dict[str, tuple[bool, bool]]:
    """For each row of :func:`model_and_game`: whether the prediction's interval (the band's
    price times the count, ``sign`` −1 for a line that skips the band) excludes zero, so that
    the row can test the model at all, and whether the full game's mean falls inside it."""
    checked = {}
    for row, (gain, sign, hands, study) in rows.items():
        low, high = sorted(sign * float(hands) * end for end in gain.interval)
        checked[row] = (low > 0 or high < 0, low <= study.difference.mean <= high)
    return checked
