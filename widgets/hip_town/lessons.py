"""Classroom helpers for Hip Town's two lessons, its going-further notebook and its teacher's
sheet: tables, pictures, and the bootstrap that sizes a value worked out from a measured law.
Nothing here is a rule or a model: the rules are the game's, the exact values its ``odds.py``'s,
their samplers its ``sampling.py``'s and the whole bot games its ``studies.py``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from tabletop.cache import cached
from tabletop.games.hip_town.content import Content
from tabletop.odds import Dist, Estimate, MeanEstimate

from ..heat import heat_colour, percent
from ..intervals import level_words, z_level
from ..lessons import EXACT_COLOUR, SIM_COLOUR, approx

T = TypeVar("T")
#: Where the static pictures of the lessons are saved (beside the notebooks).
IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"

@cached
def kept(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)``: a count or a chain a lesson builds in view from its own small
    helpers, computed once and then read from the kit's cache. The entry is keyed on what
    ``func`` computes (its code, the values it closes over and the globals it reads, the
    helpers it calls included) and on ``args``, so an edited helper computes again."""
    return func(*args)


def deck_table(content: Content) -> pd.DataFrame:
    """The Property deck by Developer Rating: how many cards, their cost and Hip Points."""
    rows = Counter((c.rating, c.cost, c.hip_points) for c in content.property.values())
    return pd.DataFrame([{"rating": r, "cards": n, "cost (HC)": cost, "Hip Points": hp}
                         for (r, cost, hp), n in sorted(rows.items())]).set_index("rating")


def length_table(lengths: pd.DataFrame) -> pd.DataFrame:
    """Mean rounds with a 95% interval, the median and the 10% and 90% quantiles."""
    rows = []
    for (n, variant), part in lengths.groupby(["players", "variant"]):
        r = part["rounds"].to_numpy(dtype=float)
        half = 1.96 * r.std(ddof=1) / np.sqrt(len(r))
        rows.append({"players": n, "variant": variant, "games": len(r),
                     "mean": round(r.mean(), 1),
                     "95% interval": f"{r.mean() - half:.1f} – {r.mean() + half:.1f}",
                     "10%": int(np.quantile(r, 0.1, method="lower")),
                     "median": int(np.quantile(r, 0.5, method="lower")),
                     "90%": int(np.quantile(r, 0.9, method="higher"))})
    return pd.DataFrame(rows).set_index(["players", "variant"])


# -- pictures -------------------------------------------------------------------------------


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


def price_plot(model: pd.DataFrame, auctions: pd.DataFrame, title: str,
               ax: plt.Axes | None = None, z: float = 1.96) -> plt.Axes:
    """The expected price by card cost, one line for each column of ``model`` (its name the
    label), and the prices of the auctions in bot games (dots with intervals of ``z``
    standard errors; 0 when nobody bid, as in the model), under ``title``."""
    ax = ax or plt.subplots(figsize=(7, 3.4))[1]
    for (label, line), style in zip(model.items(), ("-o", "--s", "-.^"), strict=False):
        ax.plot(model.index, line, style, ms=4, label=label)
    ax.plot(model.index, model.index, ":", color="#888", label="the bank's price (cost)")
    seen = auctions.groupby("cost")["price"].agg(["mean", "std", "count"])
    ax.errorbar(seen.index + 0.1, seen["mean"], yerr=z * seen["std"] / np.sqrt(seen["count"]),
                fmt="o", color="#08519c", capsize=3,
                label=f"auctions in bot games ({z_level(z):.0%} interval)")
    ax.set_xlabel("the card's cost at the bank (HC)")
    ax.set_ylabel("price paid (HC)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax


def interval_text(estimate: Estimate | MeanEstimate) -> str:
    """``0.5012 (95% interval 0.4993 – 0.5031, 100,000 trials)``."""
    low, high = estimate.interval
    centre = estimate.p_hat if isinstance(estimate, Estimate) else estimate.mean
    level = {1.96: "95%", 2.576: "99%"}.get(estimate.z, f"z={estimate.z}")
    return (f"{approx(centre)} ({level} interval {approx(low)} – {approx(high)}, "
            f"{estimate.trials:,} trials)")


def heat_picture(content: Content, shares: Mapping[str, Fraction | float], title: str,
                 filename: str | None = None,
                 simulated: Mapping[str, Estimate] | None = None) -> plt.Figure:
    """The same neighbourhood as :func:`heat_board`, drawn by matplotlib and shown at once: a
    PNG saved with the notebook, so the picture shows where a live canvas cannot (GitHub,
    nbviewer, a notebook opened without its kernel). Lots are named row letter then column
    number (``A1`` top left). With ``simulated`` each lot also shows its simulated share
    (in brackets) under the exact one. With ``filename`` the picture is also saved under
    notebooks/images, so a page can show it without running anything."""
    low, high = min(shares.values()), max(shares.values())
    fig, ax = plt.subplots(figsize=(1.3 * content.columns, 1.0 * content.rows + 0.6))
    for lot, value in shares.items():
        row, col = ord(lot[0]) - ord("A"), int(lot[1:]) - 1
        ax.add_patch(plt.Rectangle((col, row), 0.96, 0.92, color=heat_colour(value, low, high)))
        seen = f"\n({percent(simulated[lot].p_hat)})" if simulated else ""
        ax.text(col + 0.48, row + 0.46, f"{lot}\n{percent(value)}{seen}", ha="center",
                va="center", fontsize=9)
    ax.set_xlim(0, content.columns)
    ax.set_ylim(content.rows, 0)
    ax.set_axis_off()
    ax.set_title(title, fontsize=10)
    if filename:
        fig.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    plt.show()
    return fig


# -- the two lessons and going further -------------------------------------------------------
def resampled(purses: Sequence[Counter[int]], statistic: Callable[[Dist], float],
              draws: int = 200, seed: int = 0) -> MeanEstimate:
    """How far a value worked out from a measured coin law would move had other games been
    watched: the games are drawn again with replacement (a bootstrap), ``draws`` times, the
    law pooled and ``statistic`` worked out each time. The result's mean is the bootstrap
    mean and its standard deviation the value's standard error (``std`` of the estimate)."""
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(draws):
        picked = rng.integers(len(purses), size=len(purses))
        values.append(float(statistic(Dist.from_weights(sum((purses[k] for k in picked),
                                                              Counter())))))
    data = np.array(values)
    return MeanEstimate(len(data), float(data.sum()), float((data * data).sum()))


def resampled_tables(tables: Sequence[Sequence[int]], statistic: Callable[[Dist], float],
                     draws: int = 100, seed: int = 0,
                     games: Sequence[int] | None = None) -> MeanEstimate:
    """:func:`resampled` for the auctions of one kind of card: the recorded tables (each the
    purses of its bidders) drawn again with replacement, ``draws`` times, their purses pooled
    into a law and ``statistic`` worked out each time; the result's ``std`` is the value's
    standard error. With ``games`` (the game each table was held in), whole games are drawn
    again, every table of a game drawn going with it: the auctions of one game share purses."""
    rng = np.random.default_rng(seed)
    tables = list(tables)
    groups = ([[k] for k in range(len(tables))] if games is None else
              [[k for k, g in enumerate(games) if g == game] for game in sorted(set(games))])
    values = []
    for _ in range(draws):
        picked = [k for group in rng.integers(len(groups), size=len(groups))
                  for k in groups[group]]
        values.append(float(statistic(Dist.from_weights(
            Counter(purse for k in picked for purse in tables[k])))))
    data = np.array(values)
    return MeanEstimate(len(data), float(data.sum()), float((data * data).sum()))


def shortfall_plot(law: Mapping[int, float], rolls: np.ndarray, mean: Fraction,
                   naive: Fraction, ax: plt.Axes | None = None) -> plt.Axes:
    """The roll on which a shortfall is paid: exact chances (dots) over simulated shares
    (bars), the last bar standing for every later roll, with the true mean wait and the
    shortfall divided by the mean pay (the wrong answer) drawn as lines."""
    ax = ax or plt.subplots(figsize=(7, 2.8))[1]
    last = max(law)
    shown = np.minimum(rolls, last)
    found, counts = np.unique(shown, return_counts=True)
    ax.bar(found, counts / len(rolls), color=SIM_COLOUR, alpha=0.7,
           label=f"simulated ({len(rolls):,} runs of the die)")
    ax.plot(list(law), [float(v) for v in law.values()], "o", color=EXACT_COLOUR,
            label="exact")
    ax.axvline(float(mean), color="#333", ls="--", label=f"the mean wait: {mean} rolls")
    ax.axvline(float(naive), color="#888", ls=":", label=f"shortfall ÷ mean pay: {naive} (wrong)")
    ax.set_xticks(list(law), [*map(str, list(law)[:-1]), f"{last}+"])
    ax.set_xlabel("the roll on which the shortfall is paid")
    ax.set_ylabel("share of runs")
    ax.set_title(f"Coins come in lumps: the shortfall is {mean} rolls away on average, "
                 f"not {naive}", fontsize=10)
    ax.legend(fontsize=8)
    return ax


def race_plot(lone: Mapping[int, float], rounds: np.ndarray, racers: int,
              ax: plt.Axes | None = None, simulated: str | None = None,
              real: float | None = None) -> plt.Axes:
    """One lone builder's turns (the chain's exact law, a line), the exact law of the first
    of ``racers`` independent lone builders to finish (a line), and a simulated sample of
    turns (bars): by default the rounds of real bot games of ``racers`` players, else what
    ``simulated`` names. ``real``, when given, marks the real games' mean rounds apart from
    the bars (a dotted line), so that a sample of the same model is not read against games
    of a different one."""
    ax = ax or plt.subplots(figsize=(8, 3.4))[1]
    turns = sorted(lone)
    done = np.cumsum([lone[t] for t in turns])
    first_done = 1 - (1 - done) ** racers
    first = np.diff(np.concatenate([[0.0], first_done]))
    bins = np.arange(min(turns) - 0.5, max(turns) + 1.5)
    what = simulated or f"{racers}-player bot games: rounds"
    ax.hist(rounds, bins=bins, density=True, alpha=0.5, color=SIM_COLOUR,
            label=f"{what} ({len(rounds):,})")
    if real is not None:
        ax.axvline(real, color="#444", ls=":", lw=1.5,
                   label=f"the real game: {racers}-player bot games, mean rounds")
    ax.plot(turns, [lone[t] for t in turns], color=EXACT_COLOUR, lw=2,
            label="one lone builder: exact")
    ax.plot(turns, first, color="#6a3d9a", lw=2, ls="--",
            label=f"the first of {racers} lone builders: exact")
    ax.set_xlim(min(t for t in turns if lone[t] > 0) - 2, 40)
    ax.set_xlabel("turns until a neighbourhood is complete (a game: rounds)")
    ax.set_ylabel("share")
    ax.set_title(f"A race ends with the first of {racers} to finish, well before one "
                 "builder's wait", fontsize=10)
    ax.legend(fontsize=7)
    return ax


def gain_plot(gains: Mapping[str, Mapping[int, float]], value: int,
              ax: plt.Axes | None = None) -> plt.Axes:
    """Ann's expected gain for every cap she could choose, one line per kind of rival, with
    her value of the card drawn as the break-even."""
    ax = ax or plt.subplots(figsize=(9, 3))[1]
    for (label, by_cap), style in zip(gains.items(), ("-o", "--s", "-^", "--v"), strict=False):
        ax.plot(list(by_cap), [float(g) for g in by_cap.values()], style, ms=4, label=label)
    ax.axvline(value, color="#888", ls=":", label=f"her value: {value} HC")
    ax.axhline(0, color="#ccc", lw=0.8)
    ax.set_xlabel("the most Ann will bid (HC)")
    ax.set_ylabel("expected gain (HC)")
    ax.set_title("A cap above her value never gains more, and against a keener Bob it loses",
                 fontsize=10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))   # beside the curves
    return ax


def length_plot(lengths: pd.DataFrame, players: int, ax: plt.Axes | None = None) -> plt.Axes:
    """The rounds of bot games of ``players`` players, one histogram for each variant."""
    ax = ax or plt.subplots(figsize=(7, 3))[1]
    table = lengths[lengths["players"] == players]
    bins = np.arange(table["rounds"].min() - 0.5, table["rounds"].max() + 1.5)
    for (variant, games), colour in zip(table.groupby("variant")["rounds"],
                                        ("#1f78b4", "#e31a1c"), strict=False):
        ax.hist(games, bins=bins, density=True, histtype="step", lw=2, color=colour,
                label=f"{variant}: {len(games):,} games, mean {approx(games.mean(), 3)}")
    ax.set_xlabel("rounds until the first neighbourhood is complete")
    ax.set_ylabel("share of games")
    means = table.groupby("variant")["rounds"].mean()
    finding = ""
    if {"auction", "market"} <= set(means.index):
        longer = means["market"] > means["auction"]
        finding = f": the market's games ran {'longer' if longer else 'no longer'} on average"
    ax.set_title(f"{players} players{finding}", fontsize=10)
    ax.set_ylim(0, _peak([ax]) * 1.45)   # room for the legend above the bars
    ax.legend(fontsize=8, loc="upper right")
    return ax


def _peak(axes: Sequence[plt.Axes]) -> float:
    """The tallest bar drawn in ``axes`` (step histograms)."""
    return max(patch.get_xy()[:, 1].max() for ax in axes for patch in ax.patches)


def length_plots(lengths: pd.DataFrame) -> plt.Figure:
    """:func:`length_plot` for every player count in ``lengths``, side by side (one panel a
    player count, the same axes)."""
    counts = sorted(lengths["players"].unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.4 * len(counts), 3), sharex=True,
                             sharey=True)
    for n, ax in zip(counts, np.atleast_1d(axes), strict=True):
        length_plot(lengths, players=n, ax=ax)
        ax.set_title(f"{n} players", fontsize=10)
        ax.set_xlabel("")
        if n != counts[0]:
            ax.set_ylabel("")
    np.atleast_1d(axes)[0].set_ylim(0, _peak(np.atleast_1d(axes)) * 1.45)   # shared: the tallest
    fig.supxlabel("rounds until the first neighbourhood is complete", fontsize=10)
    means = lengths.groupby(["players", "variant"])["rounds"].mean().unstack()
    both = {"auction", "market"} <= set(means.columns)
    longer = int((means["market"] > means["auction"]).sum()) if both else 0
    fig.suptitle("In these bot games the market's games ran longer on average at every table size"
                 if longer == len(counts) else
                 f"In these bot games the market's games ran longer on average at {longer} of "
                 f"{len(counts)} table sizes", fontsize=11)
    fig.tight_layout()
    return fig
