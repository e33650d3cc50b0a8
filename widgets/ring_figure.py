"""A static picture of one number per space on a ring board (matplotlib), beside the canvas of
:class:`widgets.heat.HeatMap` for pages that do not run widgets (GitHub, nbviewer, a file
saved without widget state). Generic: the spaces' names and values come in, no game's rule.
The picture is drawn once for its names, values and words and kept in the kit's result cache
(a page opened again shows the kept PNG without building a figure).
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from IPython.display import Image

from tabletop.cache import cached

#: Where a walkthrough's static pictures are saved (``notebooks/images``).
IMAGES = Path(__file__).resolve().parents[1] / "notebooks" / "images"
DPI = 90


def ring_figure(names: Sequence[str], values: Sequence[float | Fraction], title: str,
                what: str, filename: str | None = None, digits: int = 3) -> Image:
    """``values[k]`` on space ``k`` of a square ring of ``len(names)`` spaces (a multiple of
    four, clockwise from the top left corner), each space coloured by its value and its
    name and value written in it, ``what`` in the middle: a PNG image to show. With
    ``filename`` the picture is also saved under notebooks/images (rewritten only when it
    changes)."""
    side = len(names) // 4
    if side * 4 != len(names) or side == 0:
        raise ValueError(f"a square ring needs a multiple of four spaces, not {len(names)}")
    png = ring_png(list(names), [float(v) for v in values], title, what, digits)
    if filename:
        path = IMAGES / filename
        if not path.is_file() or path.read_bytes() != png:
            path.write_bytes(png)
    return Image(data=png, format="png")


@cached
def ring_png(names: list[str], values: list[float], title: str, what: str,
             digits: int) -> bytes:
    """The PNG bytes of :func:`ring_figure`'s picture."""
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    side = len(names) // 4
    figure = Figure(figsize=(7, 7))
    ax = figure.subplots()
    colour = plt.get_cmap("Reds")
    low, high = min(values), max(values)
    for k, name in enumerate(names):
        edge, step = divmod(k, side)
        x, y = [(step, 0), (side, step), (side - step, side), (0, side - step)][edge]
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=colour(
            0.1 + 0.8 * (values[k] - low) / ((high - low) or 1)), edgecolor="white"))
        ax.text(x + 0.5, y + 0.62, textwrap.fill(name, 10), ha="center", va="center",
                fontsize=5.5)
        ax.text(x + 0.5, y + 0.22, f"{values[k]:.{digits}g}", ha="center", va="center",
                fontsize=7, weight="bold")
    ax.text((side + 1) / 2, (side + 1) / 2, textwrap.fill(what, 40), ha="center",
            va="center", fontsize=9)
    ax.set_xlim(0, side + 1)
    ax.set_ylim(side + 1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    return buffer.getvalue()
