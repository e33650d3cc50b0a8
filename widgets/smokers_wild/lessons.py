"""Classroom helpers for the Smokers Wild walkthrough: scripted tables, house editions and the
pictures. The samplers that check the exact odds a second way live beside those odds, in
``tabletop/games/smokers_wild/sampling.py``, and the games the kit's bots play for the
walkthrough in ``tabletop/games/smokers_wild/studies.py``.

The exact values come from ``tabletop/games/smokers_wild/odds.py`` and their samplers from
``sampling.py`` beside it; nothing here decides a rule or draws a chance, so a notebook cell
says *what* is simulated::

    from tabletop.games.smokers_wild import sampling as draw
    estimate(draw.advert_hooks, 200_000, seed=SEED)
    estimate_mean(draw.CardWalk(odds.Lander()).turn_years, 100_000, seed=SEED)
"""

from __future__ import annotations

import io
import re
import tempfile
import textwrap
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Image
from matplotlib.cm import ScalarMappable
from matplotlib.colors import LinearSegmentedColormap, Normalize, to_rgb
from matplotlib.patches import Patch

import tabletop
from tabletop import Game, Script
from tabletop.cache import cached
from tabletop.games.smokers_wild import odds
from tabletop.games.smokers_wild.content import Content
from tabletop.games.smokers_wild.studies import PLAYERS
from tabletop.odds import MeanEstimate
from tabletop.paired import PairedStudy, signed

from ..board import Space
from ..heat import HeatMap
from ..intervals import level_words
from ..lessons import EXACT_COLOUR, SIM_COLOUR, fraction_text
from ..ring_figure import ring_tokens
from .table import KIND_COLOURS, KINDS

#: Where the static pictures of the board are saved, beside the notebooks.
IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"
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


#: The chance a game's event states, as its text gives it: "(chance 1/3)", "; chance 1/3)".
CHANCE_SAID = re.compile(r" \(chance [^()]*\)|[;,] chance[^()]*(?=\))")


def act(game: Game, *actions: str | int, chances: bool = True) -> None:
    """Apply ``actions`` one after the other and print what the game did meanwhile (staging,
    shuffles and picks left out); ``chances=False`` leaves out the chances the events state,
    for a table shown before the class predicts them."""
    since = len(game.events)
    for action in actions:
        game.apply(action)
    for event in game.events[since:]:
        if event.kind not in ("arrange", "shuffle", "pick"):
            print("•", event.text if chances else CHANCE_SAID.sub("", event.text))


def status(game: Game, *players: str) -> None:
    """One line per player (all when none named): space, Lifeometer, money, brands."""
    for seat in game.view(None)["seats"]:
        if not players or seat["name"] in players:
            print(" ", status_line(seat))


def status_line(seat: Mapping[str, Any]) -> str:
    """A player's seat in words: space, Lifeometer, money, brands (or out of the game)."""
    if seat["is_gone"]:
        return f"{seat['name']}: out of the game"
    kind = "smoker of " + ", ".join(seat["brands"]) if seat["smoker"] else "non-smoker"
    return (f"{seat['name']}: {seat['space']}, Lifeometer {seat['life_label']}, "
            f"K{seat['money']}, {kind}")


#: Characters a line of the players' status in a table picture's middle (it stays inside the
#: ring of spaces).
STATUS_WIDTH = 46


def table_picture(game: Game, title: str, filename: str | None = None) -> Image:
    """A static picture of a staged table as it stands (:func:`table_tokens` on the board,
    each player's :func:`status_line` in the middle), shown beside the table's events where no
    widget runs; saved as ``filename`` under notebooks/images."""
    view = game.view(None)
    return ring_tokens([space["name"] for space in view["spaces"]], table_tokens(view), title,
                       "\n".join(textwrap.fill(status_line(seat), STATUS_WIDTH)
                                 for seat in view["seats"]), filename)


def table_tokens(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """What stands on each space of a table's ``view``: the occupations the players own (by
    owner) and every marker of a player still in the game."""
    tokens: dict[int, list[str]] = {}
    for space in view["spaces"]:
        if space["occupation"] and space["owner"] not in (None, "company"):
            tokens.setdefault(space["index"], []).append(f"{space['owner']}'s")
    for seat in view["seats"]:
        if not seat["is_gone"]:
            tokens.setdefault(seat["position"], []).append(seat["name"])
    return tokens


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
    move, spaces = odds.mean_move(), len(odds.kit_content().board)
    ax.plot(list(exact), [float(v) for v in exact.values()], "-", color=EXACT_COLOUR,
            label=f"exact {fraction_text(move)} · {spaces} / ({spaces} − b)")
    for k, (b, est) in enumerate(sims.items()):
        low, high = est.interval
        ax.errorbar(b, est.mean, yerr=[[est.mean - low], [high - est.mean]], fmt="o",
                    color="#08519c", capsize=4,
                    label=None if k else f"simulated, {level_words(est)} interval")
    ax.set_xlabel("brands held")
    ax.set_ylabel("spaces per turn")
    ax.legend(fontsize=8)
    return ax


def taxman_plot(cash: Sequence[int], tax: Sequence[int], round_to: int,
                ax: plt.Axes | None = None) -> plt.Axes:
    """The TAXMAN's tax against an exact half of the cash, rounded up to ``round_to``."""
    ax = ax or plt.subplots()[1]
    ax.step(cash, tax, where="post", color=EXACT_COLOUR,
            label=f"tax = {round_to} · ⌈cash / {2 * round_to}⌉")
    ax.plot(cash, [c / 2 for c in cash], color=SIM_COLOUR, label="half the cash")
    ax.set_xlabel("cash (K)")
    ax.set_ylabel("tax (K)")
    ax.legend(fontsize=8)
    return ax


def pairs_grid(ax: plt.Axes) -> plt.Axes:
    """The 36 ordered pairs of two dice: doubles dark, 7s light, the rest white; the title
    counts the pairs that hook (:func:`~tabletop.games.smokers_wild.odds.seven_or_double`)."""
    grid = np.array([[2 * (a == b) + (a + b == 7) for b in range(1, 7)] for a in range(1, 7)])
    hooks = sum(odds.seven_or_double((a, b)) for a in range(1, 7) for b in range(1, 7))
    ax.imshow(grid, cmap="Reds", vmin=0, vmax=2.5)
    ax.set_xticks(range(6), range(1, 7))
    ax.set_yticks(range(6), range(1, 7))
    ax.set_xlabel("second die")
    ax.set_ylabel("first die")
    ax.set_title(f"{hooks} of {grid.size} pairs: doubles (dark), sevens (light)", fontsize=9)
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
                    label=None if k else f"simulated, {level_words(est)} interval")
    ax.axvline(fee, color=EXACT_COLOUR, linestyle="--", label=f"the fee, K{fee:g}")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_xlabel(f"what one missed turn saves (K, at K{scale:g} a year)")
    ax.legend(fontsize=8, loc="lower right")
    return ax


def sale_plot(worth: dict[int, float], sims: dict[int, MeanEstimate], offer: float,
              ax: plt.Axes | None = None) -> plt.Axes:
    """What an occupation will still collect, by the payers' Lifeometer year: the exact values
    as a line, the simulated ones with their intervals, and an offer as a dashed line."""
    ax = ax or plt.subplots()[1]
    ax.plot(list(worth), [float(v) for v in worth.values()], color="#d62728", label="exact")
    for k, (year, sim) in enumerate(sims.items()):
        low, high = sim.interval
        ax.errorbar(year, sim.mean, yerr=[[sim.mean - low], [high - sim.mean]], fmt="o",
                    color="#08519c", capsize=4, label="simulated" if k == 0 else None)
    ax.axhline(offer, linestyle="--", color="#555555", label="the offer")
    ax.set_xlabel("the payers' Lifeometer year")
    ax.set_ylabel("still to collect (K)")
    ax.legend(fontsize=8)
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


def _ring(ax: plt.Axes, board: Sequence, fills: Sequence, values: Sequence[str], middle: str,
          title: str) -> plt.Axes:
    """The ring of spaces, seven a side, clockwise from the UNDERTAKER in the top left
    corner: each space filled with its colour of ``fills``, its name and its text of
    ``values`` written in it, ``middle`` in the middle."""
    side = len(board) // 4
    for k, space in enumerate(board):
        edge, step = divmod(k, side)
        x, y = [(step, 0), (side, step), (side - step, side), (0, side - step)][edge]
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=fills[k], edgecolor="white"))
        longest = max(len(word) for word in space.name.split())  # never broken mid-word
        ink = "white" if _dark(fills[k]) else "black"
        ax.text(x + 0.5, y + 0.64, textwrap.fill(space.name, 11, break_long_words=False),
                ha="center", va="center", fontsize=5.5 * min(1, 11 / longest), color=ink)
        ax.text(x + 0.5, y + 0.25, values[k], ha="center", va="center", fontsize=7,
                weight="bold", color=ink)
    ax.text((side + 1) / 2, (side + 1) / 2, middle, ha="center", va="center", fontsize=9,
            wrap=True)
    ax.set_xlim(0, side + 1)
    ax.set_ylim(side + 1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    return ax


def _dark(fill) -> bool:
    """Whether a fill (a colour name or an RGBA tuple) is dark enough to need white type."""
    red, green, blue = to_rgb(fill)
    return 0.299 * red + 0.587 * green + 0.114 * blue < 0.5


def _save(ax: plt.Axes, filename: str | None) -> plt.Axes:
    """Save the figure of ``ax`` under notebooks/images as ``filename``, when given."""
    if filename:
        ax.figure.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    return ax


def board_figure(shares: Sequence[float | Fraction], title: str, what: str,
                 edition: Content | None = None, ax: plt.Axes | None = None,
                 filename: str | None = None, floor: float | None = None) -> plt.Axes:
    """A static picture of ``shares`` on the Smokers Wild board, for pages that do not run
    the canvas of :func:`landing_heat` (GitHub, nbviewer): each space coloured by its share,
    its name and value written in it; the colour scale starts at ``floor`` (zero shows a
    small ripple as small), else at the smallest share. With ``filename`` the picture is
    also saved under notebooks/images, so a page can show it without running anything."""
    board = (edition or odds.kit_content()).board
    ax = ax or plt.subplots(figsize=(6.4, 6.4))[1]
    values = np.array([float(v) for v in shares])
    colour = LinearSegmentedColormap.from_list(
        "reds", plt.get_cmap("Reds")(np.linspace(0.1, 0.9, 256)))
    low, high = (values.min() if floor is None else floor), values.max()
    scale = Normalize(low, high if high > low else low + 1)
    fills = [colour(scale(v)) for v in values]
    _ring(ax, board, fills, [f"{v:.3g}" for v in values], what, title)
    ax.figure.colorbar(ScalarMappable(scale, colour), ax=ax, shrink=0.6, pad=0.02,
                       label=what.replace("\n", " "))
    return _save(ax, filename)


def board_picture(title: str, edition: Content | None = None, ax: plt.Axes | None = None,
                  filename: str | None = None) -> plt.Axes:
    """A static picture of the board the app's canvas draws: each space in the colour of
    its kind (the app's colours), with its number on the track, and the kinds named in the
    middle; saved under notebooks/images as ``filename`` when given."""
    board = (edition or odds.kit_content()).board
    ax = ax or plt.subplots(figsize=(6.4, 6.4))[1]
    _ring(ax, board, [KIND_COLOURS[space.kind] for space in board],
          [str(k) for k in range(len(board))], "", title)
    ax.legend(handles=[Patch(color=colour, label=label) for colour, label in KINDS.values()],
              loc="center", fontsize=8, title="kinds of space", frameon=False)
    return _save(ax, filename)


@cached
def _png(draw: Callable[..., plt.Axes], args: tuple, kwargs: dict) -> bytes:
    """The picture ``draw(*args, **kwargs)`` makes, as PNG bytes (drawn once, then read)."""
    ax = draw(*args, **kwargs)
    buffer = io.BytesIO()
    ax.figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(ax.figure)
    return buffer.getvalue()


def board_image(draw: Callable[..., plt.Axes], *args: object, filename: str | None = None,
                **kwargs: object) -> Image:
    """A board picture (:func:`board_figure` or :func:`board_picture` as ``draw``, with its
    arguments) as an image to display, kept in the kit's cache so that a page opened again
    draws nothing; with ``filename`` also saved under notebooks/images (rewritten only when
    it changes)."""
    png = _png(draw, args, kwargs)
    if filename and (not (IMAGES / filename).is_file()
                     or (IMAGES / filename).read_bytes() != png):
        (IMAGES / filename).write_bytes(png)
    return Image(png)


def vacation_rate(costs: Mapping[str, Fraction], fee: int, spaces: int,
                  hook_fee: Fraction = Fraction(0)) -> Fraction:
    """The price of a year (in K) at which sitting out one turn for ``fee`` breaks even: the
    fee less the money the turn would cost (``hook_fee`` included), over the years its travel
    and cards would take. Above that price the vacation pays."""
    ageing = costs["spaces"] / spaces + costs["years on cards"]
    return (fee - costs["money on landings"] - costs["money on cards"] - hook_fee) / ageing


def full_game(study: PairedStudy, usual: str, model: float | None = None) -> str:
    """A paired full-game study as a lesson's table cell: the switched habit minus the usual
    one, with its 95% interval, and what it says: the usual habit pays, costs, or the study
    cannot tell; with ``model`` (the model's gain of the usual habit, a game), whether the
    interval rules out a gain as large as the model's."""
    low, high = study.difference.interval
    found = (f"{usual} pays" if high < 0 else f"{usual} costs" if low > 0 else "cannot tell")
    if model is not None and not low <= -model <= high:
        found += ("; it rules out a gain as large as the model's" if -model < low
                  else "; the gain is larger than the model's")
    width = high - low
    return (f"{signed(study.difference.mean, width)} years a game ({signed(low, width)} to "
            f"{signed(high, width)}): {found}")


def paired_picture(study: PairedStudy, title: str, unit: str = "") -> plt.Axes:
    """A paired full-game study (:func:`tabletop.paired.paired_study`) drawn: the difference
    (switched minus usual) with its interval, and zero, where the two habits would tie."""
    ax = plt.subplots(figsize=(6, 1.4))[1]
    low, high = study.difference.interval
    mean = study.difference.mean
    ax.errorbar(mean, 0, xerr=[[mean - low], [high - mean]], fmt="o", capsize=6,
                color="#08519c", lw=2)
    ax.axvline(0, color="black", lw=1, ls=":")
    ax.set_yticks([])
    ax.set_xlabel(f"switched − usual, a game{unit}: the difference and its "
                  f"{level_words(study.difference)} interval")
    ax.set_title(title, fontsize=10)
    return ax
