"""Classroom helpers for the RUSH lessons, their going-further notebook and teacher's sheet:
scripted tables, a house edition written to a file, and the pictures. Nothing here is a rule or
a model: the exact values are the game's ``odds.py`` and ``strategy.py``, their seeded samplers
its ``sampling.py``; the notebooks build the counting in view and check it against them.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Image
from matplotlib.figure import Figure

import tabletop
from tabletop import Game, Script
from tabletop.cache import cached
from tabletop.core.content import content_path
from tabletop.games.rush.content import Content
from tabletop.games.rush.odds import SENSES
from widgets.ring_figure import ring_tokens
from widgets.rush.table import status_words


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


def table_picture(game: Game, title: str, filename: str | None = None) -> Image:
    """A static picture of a RUSH table as it stands (:func:`table_tokens` on the board,
    :func:`table_lines` in the middle), shown beside a staged table's events so that the page
    shows the board even where no widget runs; saved under notebooks/images as ``filename``."""
    view = game.view(None)
    return ring_tokens([space["name"] for space in view["spaces"]], table_tokens(view), title,
                       "\n\n".join(table_lines(view)), filename)


def table_tokens(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """What stands on each space of a table's ``view``: the Cops, the working ladies (by
    owner), and every player's marker, or body in a coma, a dead player's marked †."""
    tokens: dict[int, list[str]] = {}
    for space in view["spaces"]:
        if space["cops"]:
            tokens.setdefault(space["index"], []).append(f"Cop×{space['cops']}")
        if space["lady"]:
            tokens.setdefault(space["index"], []).append(f"{space['owner']}'s ${space['lady']}")
    for seat in view["seats"]:
        space = seat["position"] if seat["body"] is None else seat["body"]
        if space is not None:
            tokens.setdefault(space, []).append(seat["name"] + ("†" if seat["dead"] else ""))
    return tokens


def table_lines(view: Mapping[str, Any]) -> list[str]:
    """Two lines a player: Zonkometer and senses up; money, pills and whereabouts."""
    lines = []
    for seat in view["seats"]:
        up = [sense["name"] for sense in seat["senses"] if sense["up"]]
        lines.append(f"{seat['name']}: Zonkometer {seat['zonkometer']}, "
                     f"senses up: {', '.join(up) or 'none'}\n${seat['money']}, "
                     f"{seat['pills']} pills, {', '.join(status_words(seat))}")
    return lines


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


# -- pictures -------------------------------------------------------------------------------
#: Two choices whose chances of winning differ by less than this are a tie: far above the
#: value iteration's own error (its sweeps stop when nothing moves by 1e-12), far below any
#: difference a player could feel.
TIE = 1e-9
PER = 100  # the colour scale: races won per hundred


def policy_map(act: np.ndarray, gain: np.ndarray, zonkometer: Sequence[int], title: str,
               ax: plt.Axes | None = None) -> plt.Axes:
    """The best action by senses face up (rows) and Zonkometer (columns): P for a pill, D
    for two dice, R to rest, on a colour for how much the chance of winning gains by it
    over the next best choice (in races won per 100); "=" where the two best choices tie
    (within :data:`TIE`)."""
    ax = ax or plt.subplots(figsize=(8, 2.4))[1]
    image = ax.imshow(PER * gain, cmap="Greens", aspect="auto", origin="lower",
                      extent=(zonkometer[0] - 0.5, zonkometer[-1] + 0.5, 0.5, SENSES + 0.5))
    for s in range(SENSES):
        for k, z in enumerate(zonkometer):
            tied = gain[s, k] < TIE
            ax.text(z, s + 1, "=" if tied else "PDR"[act[s, k]], ha="center", va="center",
                    fontsize=8, color="#777" if tied else "k")
    ax.set_xticks(list(zonkometer))
    ax.set_xlabel("Zonkometer")
    ax.set_ylabel("senses face up")
    ax.set_title(title, fontsize=10)
    ax.figure.colorbar(image, ax=ax, label=f"races won per {PER}\nover the next best")
    return ax


def policy_maps(act: np.ndarray, gain: np.ndarray, zonkometer: Sequence[int],
                spaces: Mapping[int, str]) -> Image:
    """One :func:`policy_map` for each space of ``spaces`` (its words the title), stacked
    in one picture: a PNG drawn once and kept in the kit's result cache."""
    return Image(data=_policy_png(act, gain, list(zonkometer), dict(spaces)), format="png")


@cached
def _policy_png(act: np.ndarray, gain: np.ndarray, zonkometer: list[int],
                spaces: dict[int, str]) -> bytes:
    figure = Figure(figsize=(8, 7), layout="constrained")
    figure.suptitle("The best play: P a pill, D two dice, R rest, = a tie", fontsize=11)
    for ax, (space, words) in zip(figure.subplots(len(spaces), 1), spaces.items(), strict=True):
        policy_map(act[:, :, space], gain[:, :, space], zonkometer, words, ax)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()
