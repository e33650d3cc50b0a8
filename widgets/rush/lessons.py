"""Classroom helpers for the RUSH walkthrough and its teacher's sheet: scripted tables, a house
edition written to a file, and the pictures. Nothing here is a rule or a model: the exact
values are the game's ``odds.py`` and ``strategy.py``, their seeded samplers its
``sampling.py``; the notebook builds the counting in view and checks it against them.
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
from tabletop.core.content import content_path
from tabletop.games.rush.content import Content
from tabletop.games.rush.odds import SENSES

#: Minutes to teach each part of the walkthrough, by the start of its heading (the teacher's sheet
#: and the walkthrough's introduction read them from here, so they cannot disagree).
TEACH_MINUTES = {"RUSH": 5, "Part 1": 10, "Part 2": 0, "1.": 8, "2.": 10, "3.": 8, "4.": 6,
                 "5.": 8, "6.": 8, "7.": 10, "8.": 8, "9.": 6, "10.": 6, "11.": 6, "12.": 8,
                 "Part 3": 20, "Exercises": 10, "A full game": 10}


def part_minutes() -> dict[str, int]:
    """The minutes of part 1, part 2 (its sections), part 3, and the exercises with the game."""
    sections = sum(m for key, m in TEACH_MINUTES.items() if key[0].isdigit())
    return {"part1": TEACH_MINUTES["RUSH"] + TEACH_MINUTES["Part 1"],
            "part2": TEACH_MINUTES["Part 2"] + sections, "part3": TEACH_MINUTES["Part 3"],
            "rest": TEACH_MINUTES["Exercises"] + TEACH_MINUTES["A full game"]}



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
