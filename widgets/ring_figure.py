"""A static picture of one number per space on a ring board (matplotlib), beside the canvas of
:class:`widgets.heat.HeatMap` for pages that do not run widgets (GitHub, nbviewer, a file
saved without widget state). Generic: the spaces' names and values come in, no game's rule.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

#: Where a walkthrough's static pictures are saved (``notebooks/images``).
IMAGES = Path(__file__).resolve().parents[1] / "notebooks" / "images"


def ring_figure(names: Sequence[str], values: Sequence[float | Fraction], title: str,
                what: str, filename: str | None = None, ax: plt.Axes | None = None,
                digits: int = 3) -> plt.Axes:
    """``values[k]`` on space ``k`` of a square ring of ``len(names)`` spaces (a multiple of
    four, clockwise from the top left corner), each space coloured by its value and its
    name and value written in it, ``what`` in the middle. With ``filename`` the picture is
    also saved under notebooks/images."""
    side = len(names) // 4
    if side * 4 != len(names) or side == 0:
        raise ValueError(f"a square ring needs a multiple of four spaces, not {len(names)}")
    ax = ax or plt.subplots(figsize=(7, 7))[1]
    shown = np.array([float(v) for v in values])
    colour = plt.get_cmap("Reds")
    low, high = shown.min(), shown.max()
    for k, name in enumerate(names):
        edge, step = divmod(k, side)
        x, y = [(step, 0), (side, step), (side - step, side), (0, side - step)][edge]
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=colour(
            0.1 + 0.8 * (shown[k] - low) / ((high - low) or 1)), edgecolor="white"))
        ax.text(x + 0.5, y + 0.62, textwrap.fill(name, 10), ha="center", va="center",
                fontsize=5.5)
        ax.text(x + 0.5, y + 0.22, f"{shown[k]:.{digits}g}", ha="center", va="center",
                fontsize=7, weight="bold")
    ax.text((side + 1) / 2, (side + 1) / 2, textwrap.fill(what, 40), ha="center",
            va="center", fontsize=9)
    ax.set_xlim(0, side + 1)
    ax.set_ylim(side + 1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    if filename:
        ax.figure.savefig(IMAGES / filename, dpi=90, bbox_inches="tight")
    return ax
