"""Classroom helpers for the Hitchiker walkthrough: stage a scene, play it, draw the pictures.

The rules and the exact odds live in ``tabletop.games.hitchiker`` (rules in its rule modules,
odds in ``odds.py`` and ``strategy.py``); this module only stages situations (with
``game.arrange`` and scripted dice), plays them, runs the bot games and draws, so the
notebook's cells stay a few lines each and keep the counting in view.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Image, display
from matplotlib.colors import ListedColormap
from matplotlib.ticker import FuncFormatter

import tabletop
from tabletop import Game, Script
from tabletop.cache import cached
from tabletop.core.content import content_path, game_content
from tabletop.games.hitchiker import odds
from tabletop.games.hitchiker.content import Content, build
from tabletop.odds.display import minus

from ..landing import NOTEBOOKS, _prose, class_minutes, part_minutes
from ..lessons import EXACT_COLOUR, SIM_COLOUR, approx
from .kinds import KIND_COLOURS, NAMED, city_label, kind_of

#: Where the static pictures of the board are saved, beside the notebooks.
IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"
if TYPE_CHECKING:
    from ..heat import HeatMap

#: The two lessons and the going-further notebook, in the order a class meets them.
LESSONS = tuple(NOTEBOOKS / "hitchiker" / f"lesson_{k}.ipynb" for k in (1, 2))
GOING_FURTHER = NOTEBOOKS / "hitchiker" / "going_further.ipynb"
HOMETOWNS = {"Ann": "Podunk", "Bob": "Hicksburg", "Cy": "Tumbleweed"}
#: The colour of the seven named cities (Remindya, Stock Wood...).
NAMED_COLOUR = NAMED[0]
#: The fill of a city with someone on it, and of the others, in a picture of a table
#: (:func:`table_picture`).
TOKEN_FILL, EMPTY_FILL = "#f4b183", "#f1f3f5"
MOVE_COLOURS = {"hit": "#f4a261", "stick": "#e9ecef", "double": "#2a9d8f", "split": "#8ab6d6"}
MOVE_LETTERS = {"hit": "H", "stick": "S", "double": "D", "split": "P"}


# -- the lesson plan --------------------------------------------------------------------------
def _guesses_by_part(path: Path) -> dict[str, int]:
    """The predict-first questions in each part of a notebook (its parts as
    :func:`widgets.landing.part_minutes` cuts them, at each ``## `` heading)."""
    counts: dict[str, int] = {}
    part = "introduction"
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        prose = _prose(cell)
        if prose is not None:
            heading = re.search(r"^## +(.+)$", prose, re.M)
            part = heading.group(1).strip() if heading else part
        elif cell.get("cell_type") == "code":
            asked = "".join(cell.get("source", "")).count("predict_first(")
            counts[part] = counts.get(part, 0) + asked
    return counts


def lesson_plan() -> pd.DataFrame:
    """Each lesson's sections with their minutes read alone (the landing page's count:
    :func:`widgets.landing.part_minutes`) and with a class (reading twice, a minute a guess,
    as :func:`widgets.landing.class_minutes` counts a whole lesson), and each lesson's totals."""
    rows = []
    for k, path in enumerate(LESSONS, 1):
        parts, guesses = part_minutes(path) or {}, _guesses_by_part(path)
        for part, minutes in parts.items():
            rows.append({"lesson": k, "section": part, "minutes read alone": round(minutes, 1),
                         "minutes with a class": round(2 * minutes - guesses.get(part, 0), 1)})
        rows.append({"lesson": k, "section": "the whole lesson",
                     "minutes read alone": round(sum(parts.values()), 1),
                     "minutes with a class": round(class_minutes(path) or 0, 1)})
    return pd.DataFrame(rows)


def skippable_cells() -> pd.DataFrame:
    """The cells of each lesson tagged ``skippable`` (a teacher may leave them out; a test runs
    each lesson without them): the cell's number and its first line."""
    rows = []
    for k, path in enumerate(LESSONS, 1):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if "skippable" in cell.get("metadata", {}).get("tags", []):
                first = "".join(cell.get("source", "")).strip().splitlines()[0]
                rows.append({"lesson": k, "cell": i, "begins": first[:70]})
    return pd.DataFrame(rows, columns=["lesson", "cell", "begins"])


# -- staging a scene ---------------------------------------------------------------------------
def scripted_table(dice: Sequence[int] = (), players: Sequence[str] = ("Ann", "Bob"),
                   orders: Sequence[Sequence[str] | None] = (), bad_ride: Sequence[str] = (),
                   **staged: Any) -> Game:
    """A table whose dice follow ``dice`` after the opening (Ann rolls 12 and goes first);
    Ann takes Podunk, Bob Hicksburg, Cy Tumbleweed. ``bad_ride`` puts cards on top of the
    Bad Ride pile; ``orders`` fixes the casino's shuffles; ``staged`` goes to
    ``game.arrange`` (cash, savings, contraband, hometowns...)."""
    opening = [6, 6] + [1, 1] * (len(players) - 1)
    game = tabletop.new_game("hitchiker", players=list(players), seed=1, script=Script(
        dice=[*opening, *dice], orders=[list(bad_ride) or None, *orders]))
    for p in players:
        game.apply(HOMETOWNS[p], player=p)
    if staged:
        game.arrange(**staged)
    return game


def city(name: str) -> int:
    """The number of the city called ``name`` on the kit's board."""
    return next(c.index for c in odds.kit_content().board if c.name == name)


def turn_from(game: Game, where: int | str, player: str = "Ann") -> int:
    """Stage ``player`` on city ``where`` (a number or a name) and roll; returns the event
    index where the turn began, for :func:`tell`."""
    since = len(game.events)
    game.arrange(position={player: where if isinstance(where, int) else city(where)})
    game.apply("roll", player=player)
    return since


#: The chance an event states, as its text gives it: ": a chance of 1/2 each turn to get out...".
CHANCE_SAID = re.compile(r": a chance of .*$")


def tell(game: Game, since: int = 0, chances: bool = True) -> None:
    """Print what happened since event ``since`` (staging left out), then what is asked;
    ``chances=False`` leaves out the chances the events state, for a table shown before the
    class predicts them."""
    for event in game.events[since:]:
        if event.kind != "arrange":
            print("·", event.text if chances else CHANCE_SAID.sub("", event.text))
    if game.decision is not None:
        print(f"→ {game.decision.player} is asked: {game.decision.prompt}")


def play_casino(game: Game, bet: int = 2_000) -> None:
    """Answer every casino decision: bet ``bet`` (or what the player has), then play the move
    with the best exact expected gain (odds.move_values)."""
    while game.decision is not None and game.decision.kind in ("bet", "play"):
        decision = game.decision
        if decision.kind == "bet":
            game.apply(min(bet, decision.amount.high))
            continue
        casino = game.view(decision.player)["casino"]
        hand = casino["hands"][casino["acting"]]
        values = odds.move_values(hand["cards"], casino["house"]["cards"][0], game.content.casino)
        game.apply(max((a for a in values if a in decision.choices), key=values.__getitem__))


# -- house editions ----------------------------------------------------------------------------
def toml_value(value: Any) -> str:
    """A Python value written as TOML: true/false, a list, a number or a quoted text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def house_edition(edits: Mapping[str, Any]) -> str:
    """A copy of the kit's content.toml with each ``key = value`` line of ``edits`` changed
    (each key must name exactly one line of the file), written to a temporary file whose path
    comes back, for ``content=`` or :func:`edition`."""
    text = content_path("hitchiker").read_text(encoding="utf-8")
    for key, value in edits.items():
        line = re.compile(rf"^{re.escape(key)}\s*=.*$", re.MULTILINE)
        found = len(line.findall(text))
        if found != 1:
            raise ValueError(f"{key!r} names {found} lines of content.toml, not one")
        text = line.sub(f"{key} = {toml_value(value)}", text)
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False,
                                     encoding="utf-8") as out:
        out.write(text)
    return out.name


def edition(path: str) -> Content:
    """The content of a house edition (checked like the kit's own)."""
    return game_content("hitchiker", build, path)


# -- pictures ----------------------------------------------------------------------------------
def plain_ticks(ax: plt.Axes, axis: str = "y", unit: str = "") -> None:
    """Tick labels as plain numbers with thousands separators (never 1.75e+04)."""
    formatter = FuncFormatter(lambda v, _pos: f"{unit}{v:,.0f}" if abs(v) >= 10 else f"{v:g}")
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(formatter)


def plot_dist(exact: Mapping[Any, Fraction], title: str, xlabel: str,
              simulated: Mapping[Any, float] | None = None,
              mean: float | None = None, ax: plt.Axes | None = None) -> plt.Axes:
    """Bars of an exact distribution, dots of simulated frequencies, a line at the mean."""
    ax = ax or plt.subplots(figsize=(6, 2.6))[1]
    keys = list(exact)
    xs = np.arange(len(keys))
    ax.bar(xs, [float(exact[k]) for k in keys], color=SIM_COLOUR, label="exact")
    if simulated is not None:
        ax.plot(xs, [simulated.get(k, 0.0) for k in keys], "o", color=EXACT_COLOUR,
                label="simulated")
    if mean is not None:
        ax.axvline(np.interp(mean, [float(k) for k in keys], xs), color="#222", ls="--",
                   label=f"exact mean {approx(mean)}")
    ax.set_xticks(xs, [f"{k:,}" if isinstance(k, int) else str(k) for k in keys],
                  rotation=45 if len(keys) > 8 else 0, fontsize=8)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    return ax


def frequencies(values: np.ndarray) -> dict[int, float]:
    """Relative frequency of each value in a simulated sample."""
    found, counts = np.unique(values, return_counts=True)
    return {int(v): c / len(values) for v, c in zip(found, counts, strict=True)}


def plot_lengths(rounds: np.ndarray, ax: plt.Axes | None = None, band: int = 5) -> plt.Axes:
    """A simulated game length, whole: the share of games ending in each band of five
    rounds (``band``), the share over by each round (right axis), the median and the 90th
    percentile."""
    ax = ax or plt.subplots(figsize=(8, 2.8))[1]
    rounds = np.asarray(rounds)
    edges = np.arange(0, rounds.max() + band + 1, band)
    ax.hist(rounds, bins=edges, weights=np.full(len(rounds), 1 / len(rounds)),
            color=SIM_COLOUR, label=f"share of games ending in these {band} rounds")
    ax.set_xlabel("rounds played (each hitchiker one turn a round)")
    ax.set_ylabel("share of games")
    over = ax.twinx()
    ends = np.sort(rounds)
    over.step(ends, np.arange(1, len(ends) + 1) / len(ends), where="post", color=EXACT_COLOUR,
              label="share of games over by then")
    over.set_ylabel("share over")
    over.set_ylim(0, 1.02)
    for q, style in ((0.5, "--"), (0.9, ":")):
        at = np.quantile(rounds, q, method="inverted_cdf")
        ax.axvline(at, color="#222", ls=style, label=f"{q:.0%} of games are over by round {at}")
    ax.legend(fontsize=8, loc="center right")
    over.legend(fontsize=8, loc="upper right")
    return ax


def plot_edges(table: pd.DataFrame, ax: plt.Axes | None = None) -> plt.Axes:
    """The edge by first card and house card as a heat map, each cell's gain written in."""
    ax = ax or plt.subplots(figsize=(7, 4.2))[1]
    values = table.map(float).to_numpy()
    bound = np.abs(values).max()
    image = ax.imshow(values, cmap="RdBu", vmin=-bound, vmax=bound, aspect="auto")
    for (r, c), v in np.ndenumerate(values):
        ax.text(c, r, f"{v:+.2f}", ha="center", va="center", fontsize=7)
    ax.set_xticks(range(table.shape[1]), table.columns)
    ax.set_yticks(range(table.shape[0]), table.index)
    ax.set_xlabel("the house card")
    ax.set_ylabel("your first card")
    ax.figure.colorbar(image, ax=ax, label="gain per dollar bet")
    return ax


def plot_chart(chart: pd.DataFrame, ax: plt.Axes | None = None) -> plt.Axes:
    """A basic-strategy chart: one coloured letter per hand and house card."""
    ax = ax or plt.subplots(figsize=(6, 8))[1]
    moves = list(MOVE_COLOURS)
    codes = chart.map(moves.index).to_numpy()
    ax.imshow(codes, cmap=ListedColormap(list(MOVE_COLOURS.values())), vmin=0,
              vmax=len(moves) - 1, aspect="auto")
    for (r, c), k in np.ndenumerate(codes):
        ax.text(c, r, MOVE_LETTERS[moves[k]], ha="center", va="center", fontsize=8)
    ax.set_xticks(range(chart.shape[1]), chart.columns)
    ax.set_yticks(range(chart.shape[0]), chart.index, fontsize=8)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("the house card")
    handles = [plt.Rectangle((0, 0), 1, 1, color=MOVE_COLOURS[m]) for m in moves]
    ax.legend(handles, [f"{MOVE_LETTERS[m]}: {m}" for m in moves], loc="upper center",
              bbox_to_anchor=(0.5, -0.01), ncol=4, fontsize=8)
    return ax


def landing_heat(shares: Sequence[float], title: str, what: str) -> HeatMap:
    """One share per city drawn on the Hitchiker board (the dashboard's labels and colours).
    The canvas widgets are imported here, so that a page drawing no canvas never loads them."""
    from ..board import Space
    from ..heat import HeatMap

    spaces = [Space(c["name"], c["kind"], city_label(c)) for c in board_spaces()]
    return HeatMap(spaces, shares, KIND_COLOURS, title=title, what=what, size=640)


def heat_image(shares: Sequence[float], title: str, filename: str, what: str = "share of turns"
               ) -> None:
    """Show a static heat map of one value per city on the loop (matplotlib, so it shows in
    a committed notebook and on GitHub, where the canvas of :func:`landing_heat` is blank),
    saved as ``filename`` beside the notebooks."""
    show_picture(ring_picture(title, tuple(float(v) for v in shares), what), filename)


def board_image(title: str, filename: str) -> None:
    """Show a static picture of the kit's board, each city in the colour of its kind (the
    app's colours), for the pages where the app's canvas is blank; saved as ``filename``."""
    show_picture(ring_picture(title), filename)


@cached
def ring_picture(title: str, shares: tuple[float, ...] | None = None, what: str = "") -> bytes:
    """The PNG of the kit's loop of cities (:func:`ring_figure`): coloured by ``shares`` on a
    colour scale labelled ``what``, or with no shares by the kind of each city. Kept in the
    result cache, so that a page opened again shows it without building the figure."""
    spaces = board_spaces()
    if shares is None:
        ax, _ = ring_figure(spaces, title, [KIND_COLOURS.get(c["kind"], NAMED_COLOUR)
                                            for c in spaces])
        kinds = {kind_of(c["kind"])[2]: KIND_COLOURS.get(c["kind"], NAMED_COLOUR) for c in spaces}
        ax.legend([plt.Line2D([], [], marker="s", ls="", ms=9, color=colour)
                   for colour in kinds.values()], list(kinds), fontsize=7, loc="center",
                  frameon=False)
    else:
        ax, dots = ring_figure(spaces, title, np.asarray(shares))
        ax.figure.colorbar(dots, ax=ax, shrink=0.6, label=what)
    return loop_png(ax)


def table_picture(game: Game, title: str, filename: str) -> None:
    """Show a static picture of a staged table as it stands: the loop of cities, each player's
    hitchiker (:func:`table_tokens`) and the Hometowns' owners on their cities, and each
    player's :func:`seat_line` in the middle; for the pages where the app's canvas is blank,
    saved as ``filename``."""
    view = game.view(None)
    spaces = [{"name": c["name"], "kind": c["kind"]} for c in view["spaces"]]
    show_picture(table_png(title, spaces, table_tokens(view),
                           [seat_line(seat) for seat in view["seats"]]), filename)


def table_tokens(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """What stands on each city of a table's ``view``: its owner on a Hometown taken ("Ann's")
    and every hitchiker on the board (its player's name)."""
    tokens: dict[int, list[str]] = {}
    for c in view["spaces"]:
        if c["owner"]:
            tokens.setdefault(c["index"], []).append(f"{c['owner']}'s")
    for seat in view["seats"]:
        if seat["position"] is not None:
            tokens.setdefault(seat["position"], []).append(seat["name"])
    return tokens


def seat_line(seat: Mapping[str, Any]) -> str:
    """A player's seat in words: where, cash and savings, contraband, Hometowns."""
    where = seat["city"] or seat["off_board"] or "off the board"
    held = f", {seat['contraband']} units of contraband" if seat["contraband"] else ""
    towns = ", ".join(seat["hometowns"]) or "none"
    return (f"{seat['name']}: {where}, ${seat['money']:,} cash, ${seat['savings']:,} saved"
            f"{held}; Hometowns: {towns}")


@cached
def table_png(title: str, spaces: list[dict[str, str]], tokens: dict[int, list[str]],
              lines: list[str]) -> bytes:
    """The PNG of :func:`table_picture`: the cities with a token on them filled, the tokens
    written inside the loop beside their city, ``lines`` in the middle."""
    ax, _ = ring_figure(spaces, title, [TOKEN_FILL if k in tokens else EMPTY_FILL
                                        for k in range(len(spaces))])
    angle = np.pi / 2 - 2 * np.pi * np.arange(len(spaces)) / len(spaces)
    for k, labels in tokens.items():
        ax.text(0.82 * np.cos(angle[k]), 0.82 * np.sin(angle[k]), "\n".join(labels),
                fontsize=6.5, weight="bold", ha="center", va="center")
    middle = "\n".join(textwrap.fill(line, 46) for line in lines)
    ax.text(0, 0, middle.replace("$", r"\$"), fontsize=7, ha="center", va="center")  # no math
    return loop_png(ax)


def loop_png(ax: plt.Axes) -> bytes:
    """The PNG of a drawn loop (:func:`ring_figure`), its figure closed."""
    buffer = io.BytesIO()
    ax.figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(ax.figure)
    return buffer.getvalue()


def show_picture(png: bytes, filename: str) -> None:
    """Show a PNG under the cell and keep it as ``filename`` beside the notebooks (the file
    is written only when its bytes change)."""
    path = IMAGES / filename
    if not path.is_file() or path.read_bytes() != png:
        path.write_bytes(png)
    display(Image(png))


def ring_figure(spaces: Sequence[Mapping[str, Any]], title: str, colours: Any
                ) -> tuple[plt.Axes, Any]:
    """The loop of cities as squares on a circle, clockwise from the top, each named; the
    squares filled with ``colours`` (one value per city, on a colour scale, or colours),
    edged in the colour of their kind."""
    n = len(spaces)
    ax = plt.subplots(figsize=(7.2, 6.4))[1]
    angle = np.pi / 2 - 2 * np.pi * np.arange(n) / n  # clockwise from the top
    dots = ax.scatter(np.cos(angle), np.sin(angle), s=170, c=colours, cmap="YlOrRd"
                      if isinstance(colours, np.ndarray) else None,
                      edgecolors=[KIND_COLOURS.get(c["kind"], "#999") for c in spaces],
                      linewidths=2, marker="s")
    for k, c in enumerate(spaces):
        right = np.cos(angle[k]) >= 0
        ax.text(1.09 * np.cos(angle[k]), 1.09 * np.sin(angle[k]), c["name"], fontsize=6.5,
                ha="left" if right else "right", va="center", rotation_mode="anchor",
                rotation=np.degrees(angle[k]) + (0 if right else 180))
    ax.set(xlim=(-1.75, 1.75), ylim=(-1.75, 1.75), aspect="equal", xticks=[], yticks=[])
    ax.set_title(title, fontsize=10)
    return ax, dots


def board_spaces() -> list[dict[str, Any]]:
    """The kit's cities as the view gives them (name, kind, Sell price)."""
    return [{"name": c.name, "kind": c.kind, "price": c.price or None}
            for c in odds.kit_content().board]



# -- lesson pictures ---------------------------------------------------------------------------
def streak_plot(survive: Fraction, death_totals: Sequence[int], visits: int, players: int,
                seed: int) -> plt.Axes:
    """The chance of surviving k visits to Corpus Risky in a row, k = 1..``visits``: exact bars
    (``survive`` ** k) and, as dots, ``players`` simulated hitchikers whose sharks' throws are
    two dice each (rule 23), seeded with ``seed``."""
    throws = np.random.default_rng(seed).integers(1, 7, (players, visits, 2)).sum(axis=2)
    safe = ~np.isin(throws, list(death_totals))
    alive = {k: float(safe[:, :k].all(axis=1).mean()) for k in range(1, visits + 1)}
    exact = {k: survive ** k for k in range(1, visits + 1)}
    return plot_dist(exact, f"Each visit is survived {approx(float(survive), 2)} of the time; "
                     f"{visits} in a row only {approx(float(survive ** visits), 2)}",
                     "visits in a row survived", alive)


def city_shares_plot(exact: Sequence[float], simulated: Sequence[float], title: str
                     ) -> plt.Axes:
    """The long-run share of turns ending on each city: exact bars, simulated dots, the plain
    loop's share (one over the number of cities) dashed and the typical city's (the median
    share) dotted; the Hometowns and Remindya named on the axis."""
    spaces = board_spaces()
    ax = plt.subplots(figsize=(10, 2.8))[1]
    xs = np.arange(len(spaces))
    ax.bar(xs, exact, color=SIM_COLOUR, label="exact")
    ax.plot(xs, simulated, ".", color=EXACT_COLOUR, label="simulated")
    ax.axhline(1 / len(spaces), color="#222", ls="--", lw=1, label="plain loop")
    ax.axhline(float(np.median(exact)), color="#222", ls=":", lw=1, label="typical city here")
    named = [i for i, c in enumerate(spaces) if c["kind"] in ("hometown", "remindya")]
    ax.set_xticks(named, [spaces[i]["name"] for i in named], rotation=60, fontsize=7)
    ax.set(xlabel="city (Hometowns and Remindya named)", ylabel="share of turns ending there")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax


def first_trap(path: np.ndarray, traps: Sequence[int]) -> np.ndarray:
    """From :func:`odds.walk_tokens`' path: the city each token first ended a turn on among
    ``traps`` (-1 when it never did within the walk)."""
    hit = np.isin(path, list(traps))
    turn = hit.argmax(axis=0)
    return np.where(hit.any(axis=0), path[turn, np.arange(path.shape[1])], -1)


def stake_plot(worth: Any, carried: Sequence[int], title: str) -> plt.Axes:
    """A deal's worth (``worth(stake, carrying)``, dollars) as a share of the cash carried,
    against the share of it staked, one line for each amount carried; the dot at 0 is no deal
    (worth nothing), set apart from the smallest stake by the risks any deal carries."""
    ax = plt.subplots(figsize=(7, 3))[1]
    shares = np.linspace(0.01, 1, 34)
    styles = ["-", "--", ":", "-."] * len(carried)  # the lines may overlap: markers tell them apart
    marks = ["o", "s", "^", "x"] * len(carried)
    for k, (c, style) in enumerate(zip(carried, styles, strict=False)):
        line = ax.plot(100 * shares, [worth(int(round(c * f, -3)) or 1_000, c) / c for f in shares],
                       style, lw=2 if k == 0 else 1.5, marker=marks[k], markevery=(k, 4),
                       markersize=4, label=f"carrying {c:,}")[0]
        ax.plot([0], [0], "o", color=line.get_color())
    ax.axhline(0, color="#222", lw=1)
    ax.set(xlabel="share of the cash carried that is staked (%; the dot: no deal)",
           ylabel="worth of the deal (x cash carried)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax


def breakeven_plot(worth: Any, stake: int, carried: Sequence[int], breakeven: float,
                   title: str) -> plt.Axes:
    """The model's worth of a deal staking ``stake`` (``worth(carrying)``, dollars) against the
    cash carried, ``carried`` the points drawn; the break-even (where the worth crosses zero)
    drawn as a dotted line and named."""
    ax = plt.subplots(figsize=(7, 3))[1]
    xs = np.asarray(carried)
    ax.plot(xs / 1_000, [worth(int(c)) / 1_000 for c in xs], "-", lw=2, color=EXACT_COLOUR,
            label=f"staking {stake:,}, the model")
    ax.axhline(0, color="#222", lw=1)
    ax.axvline(breakeven / 1_000, color="#888", ls=":", lw=1.5)
    ax.annotate(f"break-even, about {round(breakeven, -3):,.0f}", (breakeven / 1_000, 0),
                xytext=(6, 12), textcoords="offset points", fontsize=8)
    ax.set(xlabel="travelling cash carried (thousands of dollars)",
           ylabel="worth of the deal\n(thousands of dollars)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax


#: Lesson 2 reads four paired studies at once, so each is read at this level (primer's rule).
LEVEL = 0.99


def at_99(study: Any) -> tuple[float, float]:
    """The 99% interval of a paired study's mean difference (switched minus baseline), read
    from its :class:`~tabletop.odds.MeanEstimate` at the 99% level, as
    :meth:`tabletop.paired.PairedStudy.verdict` does (lesson 2 reads several studies at once)."""
    return replace(study.difference, z=NormalDist().inv_cdf((1 + LEVEL) / 2)).interval


def deal_winner(study: Any, dealing_switched: bool) -> str | None:
    """Which arm of a lesson-2 study wins at 99%: ``"dealing"``, ``"no deal"``, or ``None``
    when the interval holds zero (a tie at this size). ``dealing_switched`` says whether the
    switched arm is the one that deals."""
    low, high = at_99(study)
    if low <= 0 <= high:
        return None
    return "dealing" if (study.difference.mean > 0) == dealing_switched else "no deal"


def _dealing_side(what: str, than: str, study: Any
                  ) -> tuple[str, float, float, float, float, float]:
    """A lesson-2 study read from the dealing arm's side: its rule, the dealing and no-deal
    arms' win chances, and dealing minus no deal with its 99% interval."""
    low, high = at_99(study)
    if what == "no deal":  # the switched arm makes no deal: turn the difference round
        return (than, study.baseline.mean, study.switched.mean, -study.difference.mean, -high, -low)
    return (what, study.switched.mean, study.baseline.mean, study.difference.mean, low, high)


def deal_verdicts(studies: Mapping[tuple[str, str], Any]) -> pd.DataFrame:
    """Lesson 2's paired studies as a table, every row read the same way round: the dealing
    rule, Ann's win chance with it and with no deal, dealing minus no deal with its 99%
    interval, and the winner named (no deal or dealing), or the smallest difference the study
    detects four times in five."""
    def sign(x: float) -> str:
        return minus(f"{x:+.3f}")

    rows = []
    for (what, than), s in studies.items():
        rule, dealt, none, diff, low, high = _dealing_side(what, than, s)
        won = deal_winner(s, dealing_switched=what != "no deal")
        rows.append({
            "Ann's dealing rule": rule, "paired games": f"{s.games:,}",
            "win chance, dealing": f"{dealt:.3f}", "win chance, no deal": f"{none:.3f}",
            "dealing minus no deal": sign(diff), "99% interval": f"{sign(low)} to {sign(high)}",
            "verdict": f"{won} wins" if won else "cannot tell: a study this size finds a true "
            f"difference of {s.detectable_at(LEVEL):.3f} or more four times in five"})
    return pd.DataFrame(rows)


def verdicts_plot(studies: Mapping[tuple[str, str], Any], title: str) -> plt.Axes:
    """Lesson 2's paired studies drawn the same way round: each dealing rule's win chance
    minus no deal's, with its 99% interval, and the line of no difference."""
    ax = plt.subplots(figsize=(7, 0.5 + 0.55 * len(studies)))[1]
    labels = []
    for row, ((what, than), s) in enumerate(studies.items()):
        rule, _, _, diff, low, high = _dealing_side(what, than, s)
        labels.append(rule)
        ax.errorbar(diff, row, xerr=[[diff - low], [high - diff]], fmt="o", color=SIM_COLOUR,
                    capsize=4,
                    label=f"dealing minus no deal, {LEVEL:.0%} interval" if row == 0 else None)
    ax.axvline(0, color="#222", lw=1)
    ax.set_yticks(range(len(studies)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set(xlabel="Ann's chance of winning a game: dealing minus no deal")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    return ax


def recorded_seconds(lesson: str, marker: str) -> float:
    """How long the saved run of ``notebooks/hitchiker/<lesson>.ipynb`` spent in its first
    code cell whose source holds ``marker`` (from the cell's execution metadata), in seconds;
    the teacher's sheet gives lesson 2's study time from it."""
    cells = json.loads((NOTEBOOKS / "hitchiker" / f"{lesson}.ipynb").read_text())["cells"]
    cell = next(c for c in cells if c["cell_type"] == "code" and marker in "".join(c["source"]))
    times = cell["metadata"]["execution"]
    start, end = (datetime.fromisoformat(times[k].replace("Z", "+00:00"))
                  for k in ("iopub.execute_input", "shell.execute_reply"))
    return (end - start).total_seconds()
