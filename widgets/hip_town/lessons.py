"""Classroom helpers for the Hip Town walkthrough and its teacher's sheet: whole games played by
tables and pictures. Nothing here is a rule or a model: the rules are the game's, the exact
values its ``odds.py``'s, their samplers its ``sampling.py``'s and the whole bot games its
``studies.py``'s (imported here under their old names, so ``lessons.lone_builder`` and
``lessons.policy_games`` still work).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as w
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from tabletop.cache import cached
from tabletop.games.hip_town.content import Content
from tabletop.games.hip_town.odds import caps, mean_price, surplus
from tabletop.games.hip_town.sampling import (
    after_misses,
    auction_sale,
    deal_has_rating_zero,
    lone_builder,
    new_card_arrives,
    random_neighbourhood,
    roll_coins,
    roll_reaches_property,
    wait_for_rating_zero,
)
from tabletop.games.hip_town.studies import (
    CHOICE_POLICIES,
    SEATS,
    ChoiceBot,
    auction_study,
    choice_bot,
    game_lengths,
    policy_games,
)
from tabletop.odds import Estimate, MeanEstimate

from .. import landing
from ..grid import GridBoard
from ..heat import heat_colour, percent
from ..intervals import level_words, z_level
from ..lessons import EXACT_COLOUR, SIM_COLOUR, approx
from .table import CELL_H, CELL_W

T = TypeVar("T")
#: Where the static pictures of the walkthrough are saved (beside the notebooks).
IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"

__all__ = ["CHOICE_POLICIES", "SEATS", "ChoiceBot", "after_misses", "auction_sale",
           "auction_study", "caps", "choice_bot", "deal_has_rating_zero", "game_lengths",
           "lone_builder", "mean_price", "new_card_arrives", "policy_games",
           "random_neighbourhood", "roll_coins", "roll_reaches_property", "surplus",
           "wait_for_rating_zero"]

#: The walkthrough, whose reading times the landing page, the walkthrough and the sheet give.
WALKTHROUGH = landing.NOTEBOOKS / "hip_town.ipynb"


def part_minutes(path: Path = WALKTHROUGH) -> dict[str, int]:
    """Minutes to work through each part of the walkthrough alone (at least 1), counted as
    the landing page counts them (:func:`widgets.landing.part_minutes`: its words, results
    and guesses), by the part's heading; the introduction and the short parts before
    section 1 counted together."""
    parts: dict[str, float] = {}
    for part, minutes in (landing.part_minutes(path) or {}).items():
        name = part if part[0].isdigit() or part in ("Exercises", "Play") else (
            "introduction and the table")
        parts[name] = parts.get(name, 0.0) + minutes
    return {part: max(1, round(minutes)) for part, minutes in parts.items()}


def reading_minutes(path: Path = WALKTHROUGH) -> int:
    """The whole walkthrough's time, as the landing page states it (rounded up to 5)."""
    return landing.reading_minutes(path) or 0


@cached
def kept(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)``: a count or a chain the walkthrough builds in view from its own small
    helpers, computed once and then read from the kit's cache. The entry is keyed on what
    ``func`` computes (its code, the values it closes over and the globals it reads, the
    helpers it calls included) and on ``args``, so an edited helper computes again."""
    return func(*args)


def deck_table(content: Content) -> pd.DataFrame:
    """The Property deck by Developer Rating: how many cards, their cost and Hip Points."""
    rows = Counter((c.rating, c.cost, c.hip_points) for c in content.property.values())
    return pd.DataFrame([{"rating": r, "cards": n, "cost (HC)": cost, "Hip Points": hp}
                         for (r, cost, hp), n in sorted(rows.items())]).set_index("rating")


def policy_table(policies: Sequence[str], games: int, seed: int, z: float = 2.576,
                 workers: int = 1) -> pd.DataFrame:
    """For each Choice policy: Ann's share of games won alone and her mean Hip Points, each
    with its interval (99% by default: several policies are compared at once)."""
    rows = []
    for value in policies:
        table = policy_games(value, games, seed, workers=workers)
        won = Estimate(int(table["won"].sum()), len(table), z)
        points = MeanEstimate(len(table), float(table["hip_points"].sum()),
                              float((table["hip_points"] ** 2).sum()), z)
        rows.append({"policy": value, "games won": round(won.p_hat, 3),
                     "won, interval": "{:.3f} – {:.3f}".format(*won.interval),
                     "Hip Points": round(points.mean, 2),
                     "Hip Points, interval": "{:.2f} – {:.2f}".format(*points.interval)})
    return pd.DataFrame(rows).set_index("policy")


def policy_comparison(policies: Sequence[str], games: int, seed: int,
                      baseline: str = "kit rule", z: float = 2.576,
                      workers: int = 1) -> pd.DataFrame:
    """Each Choice policy against ``baseline`` over the same ``games`` (common random numbers:
    game g deals the same cards and rolls the same dice for every policy until their play
    differs), with 99% intervals by default (several policies at once). Per policy: Ann's
    share of games won alone and her mean Hip Points, their difference from the baseline
    taken game by game, its interval, and the smallest difference the runs would detect
    (80% of the time, at this level): (z + 0.84) standard errors of the paired difference."""
    played = {p: policy_games(p, games, seed, workers=workers) for p in policies}
    rows = []
    for policy, table in played.items():
        row: dict[str, Any] = {"policy": policy}
        for column, label in (("won", "games won"), ("hip_points", "Hip Points")):
            values = table[column].astype(float)
            gap = values - played[baseline][column].astype(float)
            se = float(gap.std(ddof=1)) / np.sqrt(len(gap))
            row[label] = approx(values.mean(), 3)
            if policy != baseline:
                mean = float(gap.mean())
                row[f"{label}: difference"] = approx(mean, 2)
                low, high = mean - z * se, mean + z * se
                row[f"{label}: interval"] = f"{approx(low, 2)} – {approx(high, 2)}"
                row[f"{label}: detectable"] = approx((z + 0.84) * se, 2)
                row[f"_{column}"] = (low, high, (z + 0.84) * se)
        rows.append(row)
    return pd.DataFrame(rows).set_index("policy").fillna("—")


#: How a difference of :func:`policy_comparison` is said: the verb, the unit, its scale.
DIFFERENCE_WORDS = {"won": ("wins", "games won", "games in 100", 100),
                    "hip_points": ("scores", "Hip Points", "Hip Points a game", 1)}


def difference_words(comparison: pd.DataFrame, policy: str, column: str = "won",
                     baseline: str = "kit rule") -> str:
    """In words, one policy's difference from ``baseline`` in ``column`` ("won" or
    "hip_points"): ahead or behind with its interval, or not told apart (with the smallest
    difference the runs could have shown)."""
    verb, what, unit, scale = DIFFERENCE_WORDS[column]
    low, high, detectable = comparison.loc[policy, f"_{column}"]
    if low > 0 or high < 0:
        near, far = sorted((abs(low) * scale, abs(high) * scale))
        return (f"{verb} {approx(abs(low + high) / 2 * scale, 2)} "
                f"{'more' if low > 0 else 'fewer'} {unit} than the {baseline} (99% interval "
                f"{approx(near, 2)} to {approx(far, 2)})")
    return (f"cannot be told from the {baseline} in {what}: a difference of "
            f"{approx(detectable * scale, 2)} {unit} would have shown")


def policy_verdict(comparison: pd.DataFrame, baseline: str = "kit rule") -> str:
    """In words, for each policy of :func:`policy_comparison`: ahead of the baseline in games
    won, behind it, or not told apart (:func:`difference_words`)."""
    return "; ".join(f"**{policy}** {difference_words(comparison, policy, 'won', baseline)}"
                     for policy in comparison.index if policy != baseline)


def public(comparison: pd.DataFrame) -> pd.DataFrame:
    """The comparison table as a student reads it (without the verdict's working columns)."""
    return comparison[[c for c in comparison.columns if not c.startswith("_")]]


def length_table(lengths: pd.DataFrame) -> pd.DataFrame:
    """Mean rounds with a 95% interval, the median and the 10% and 90% quantiles."""
    rows = []
    for (n, variant), part in lengths.groupby(["players", "variant"]):
        r = part["rounds"].to_numpy(dtype=float)
        half = 1.96 * r.std(ddof=1) / np.sqrt(len(r))
        rows.append({"players": n, "variant": variant, "games": len(r),
                     "mean": round(r.mean(), 2),
                     "95% interval": f"{r.mean() - half:.2f} – {r.mean() + half:.2f}",
                     "10%": np.quantile(r, 0.1), "median": np.median(r),
                     "90%": np.quantile(r, 0.9)})
    return pd.DataFrame(rows).set_index(["players", "variant"])


# -- pictures -------------------------------------------------------------------------------
def length_histogram(lengths: pd.DataFrame, lone: Mapping[int, float], lone_sim: np.ndarray,
                     players: int, ax: plt.Axes | None = None) -> plt.Axes:
    """Rounds of real games (bars, by variant) against a lone builder's turns (the exact law
    as a line, its simulation as dots)."""
    ax = ax or plt.subplots(figsize=(8, 3.4))[1]
    bins = np.arange(5, 46)
    for variant, colour in (("auction", SIM_COLOUR), ("market", "#fdae6b")):
        rounds = lengths.query("players == @players and variant == @variant")["rounds"]
        ax.hist(rounds, bins=bins, density=True, alpha=0.7, color=colour,
                label=f"{players}-player games, {variant} (rounds)")
    turns = sorted(lone)
    ax.plot(turns, [lone[t] for t in turns], color=EXACT_COLOUR, lw=2,
            label="a lone builder: exact (turns)")
    found, counts = np.unique(lone_sim, return_counts=True)
    ax.plot(found + 0.5, counts / len(lone_sim), "o", ms=3, color="#444",
            label="a lone builder: simulated")
    ax.set_xlim(5, 45)
    ax.set_xlabel("turns until a neighbourhood is complete (a game: rounds)")
    ax.set_ylabel("share of games")
    ax.set_title("A race ends sooner than one builder's wait: the first of several to finish")
    ax.legend(fontsize=8)
    return ax


def cap_plot(capped: Mapping[int, Fraction], cap: int, limit: float, uncapped: MeanEstimate,
             ax: plt.Axes | None = None) -> plt.Axes:
    """The lone builder's exact mean for each cap on the cards waiting (dots), the limit the
    shrinking drops point to (a dashed line) and a seeded simulation of the uncapped builder
    (its 95% interval as a band); the title gives what the model's ``cap`` costs."""
    ax = ax or plt.subplots(figsize=(6.4, 3))[1]
    caps = sorted(capped)
    ax.plot(caps, [float(capped[c]) for c in caps], "o-", color=EXACT_COLOUR,
            label="the chain, exact, with this cap")
    ax.axhline(limit, ls="--", color="#6a3d9a", label="where the drops lead (no cap)")
    low, high = uncapped.interval
    ax.axhspan(low, high, color=SIM_COLOUR, alpha=0.3,
               label=f"no cap, simulated ({level_words(uncapped)} interval)")
    ax.set_xticks(caps)
    ax.set_xlabel("the most cards waiting in hand (the model's cap)")
    ax.set_ylabel("expected turns to ten lots")
    ax.set_title(f"Each card more allowed to wait matters less: the cap of {cap} costs "
                 f"about {approx(float(capped[cap]) - limit, 2)} turns")
    ax.legend(fontsize=8)
    return ax


def price_plot(exact: pd.DataFrame, sales: pd.DataFrame,
               ax: plt.Axes | None = None, z: float = 1.96) -> plt.Axes:
    """The exact expected price by card cost under both auctions (lines), and what cards
    really sold for in bot games (dots with 95% intervals, ``z`` standard errors)."""
    ax = ax or plt.subplots(figsize=(7, 3.4))[1]
    ax.plot(exact.index, exact["English"], "-o", color=EXACT_COLOUR, label="English (exact)")
    ax.plot(exact.index, exact["second-price"], "--s", color="#6a3d9a",
            label="second-price (exact)")
    ax.plot(exact.index, exact.index, ":", color="#888", label="the bank's price (cost)")
    seen = sales.groupby("cost")["price"].agg(["mean", "std", "count"])
    ax.errorbar(seen.index + 0.1, seen["mean"], yerr=z * seen["std"] / np.sqrt(seen["count"]),
                fmt="o", color="#08519c", capsize=3,
                label=f"sold in bot games ({z_level(z):.0%} interval)")
    ax.set_xlabel("the card's cost at the bank (HC)")
    ax.set_ylabel("price paid (HC)")
    gap = exact["English"] - exact["second-price"]
    ax.set_title(f"Auctions sell far below cost; English costs {approx(gap.min(), 2)} to "
                 f"{approx(gap.max(), 2)} HC more")
    ax.legend(fontsize=8)
    return ax


def policy_plot(comparison: pd.DataFrame, baseline: str = "kit rule",
                z: float = 2.576) -> plt.Figure:
    """Each policy of :func:`policy_comparison` against ``baseline``: its difference in games
    won (per 100 games) and in Hip Points a game, with its interval as a bar (``z``: the one
    the comparison was made with); the title names the policies clearly behind in games won."""
    others = [p for p in comparison.index if p != baseline]
    fig, axes = plt.subplots(1, 2, figsize=(8, 1.3 + 0.6 * len(others)), sharey=True)
    for ax, column in zip(axes, ("won", "hip_points"), strict=True):
        _, _, unit, scale = DIFFERENCE_WORDS[column]
        bounds = [comparison.loc[p, f"_{column}"][:2] for p in others]
        centres = [(low + high) / 2 * scale for low, high in bounds]
        spans = [(high - low) / 2 * scale for low, high in bounds]
        ax.errorbar(centres, range(len(others)), xerr=spans, fmt="o", color="#08519c",
                    capsize=4)
        ax.axvline(0, color="#888", ls=":")
        ax.margins(x=0.15, y=0.4)
        ax.set_xlabel(f"difference from the {baseline} ({unit})")
    axes[0].set_yticks(range(len(others)), others)
    behind = [p for p in others if comparison.loc[p, "_won"][1] < 0]
    fig.suptitle(f"Clearly behind the {baseline} in games won: {', '.join(behind) or 'none'} "
                 f"({z_level(z):.0%} intervals)", fontsize=10)
    fig.tight_layout()
    return fig


def cap_gain_plot(gains: Mapping[int, Mapping[int, Fraction]]) -> plt.Axes:
    """For each card cost (= its value), the expected gain of every cap, drawn against how
    far the cap sits from the value; the title gives where the best gain is first reached."""
    ax = plt.subplots(figsize=(7, 3.4))[1]
    first = []
    for cost, by_cap in sorted(gains.items()):
        ax.plot([cap - cost for cap in by_cap], [float(g) for g in by_cap.values()], "-o",
                ms=3, label=f"cost {cost} HC")
        best = max(by_cap.values())
        first.append(min(cap for cap, g in by_cap.items() if g == best) - cost)
    ax.axvline(0, color="#888", ls=":", label="cap = value")
    ax.set_xlabel("the cap, less the card's value (HC)")
    ax.set_ylabel("expected gain (HC)")
    low = max(first)
    side = "below " if low < 0 else "above "
    where = "the value" if low == 0 else f"{abs(low)} HC {side}the value"
    ax.set_title(f"Every cap from {where} up gains the best: a higher cap wins no more",
                 fontsize=10)
    ax.legend(fontsize=7, ncol=2)
    return ax


def heat_board(content: Content, shares: Mapping[str, Fraction | float]) -> w.Widget:
    """A neighbourhood (a GridBoard) with each lot shaded by its share, on the kit's heat
    scale (:mod:`.heat`), and labelled with it as a percentage."""
    board = GridBoard(content.rows, content.columns, lambda row, col: None, CELL_W, CELL_H)
    low, high = min(shares.values()), max(shares.values())
    board.show([{"label": f"{lot}: {percent(value)}", "colour": heat_colour(value, low, high),
                 "reason": "a picture: nothing to pick"} for lot, value in shares.items()])
    board.keys.layout.display = "none"
    return board.widget


def play_here(make: Callable[[], Any], label: str = "Play Hip Town here") -> w.VBox:
    """A button that puts a game's app in the page when pressed: ``make()`` (an app with a
    ``widget``) is built when a student asks to play, not every time the walkthrough opens
    (the dashboard is the page's slowest widget to build)."""
    button = w.Button(description=label, button_style="primary",
                      layout=w.Layout(width="auto"))
    box = w.VBox([button])
    apps: list[Any] = []   # the app, kept alive with the page

    def start(_: Any) -> None:
        apps.append(make())
        box.children = [apps[0].widget]

    button.on_click(start)
    return box


def interval_text(estimate: Estimate | MeanEstimate) -> str:
    """``0.5012 (95% interval 0.4993 – 0.5031, 100,000 trials)``."""
    low, high = estimate.interval
    centre = estimate.p_hat if isinstance(estimate, Estimate) else estimate.mean
    level = {1.96: "95%", 2.576: "99%"}.get(estimate.z, f"z={estimate.z}")
    return (f"{approx(centre)} ({level} interval {approx(low)} – {approx(high)}, "
            f"{estimate.trials:,} trials)")



def heat_picture(content: Content, shares: Mapping[str, Fraction | float], title: str,
                 filename: str | None = None) -> plt.Figure:
    """The same neighbourhood as :func:`heat_board`, drawn by matplotlib and shown at once: a
    PNG saved with the notebook, so the picture shows where a live canvas cannot (GitHub,
    nbviewer, a notebook opened without its kernel). Lots are named row letter then column
    number (``A1`` top left). With ``filename`` the picture is also saved under
    notebooks/images, so a page can show it without running anything."""
    low, high = min(shares.values()), max(shares.values())
    fig, ax = plt.subplots(figsize=(1.3 * content.columns, 1.0 * content.rows + 0.6))
    for lot, value in shares.items():
        row, col = ord(lot[0]) - ord("A"), int(lot[1:]) - 1
        ax.add_patch(plt.Rectangle((col, row), 0.96, 0.92, color=heat_colour(value, low, high)))
        ax.text(col + 0.48, row + 0.46, f"{lot}\n{percent(value)}", ha="center", va="center",
                fontsize=9)
    ax.set_xlim(0, content.columns)
    ax.set_ylim(content.rows, 0)
    ax.set_axis_off()
    ax.set_title(title, fontsize=10)
    if filename:
        fig.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    plt.show()
    return fig
