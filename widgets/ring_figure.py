"""A static picture of one number per space on a ring board (matplotlib), beside the canvas of
:class:`widgets.heat.HeatMap`, and of a position on the board (the tokens on their spaces)
beside a game's table, for pages that do not run widgets (GitHub, nbviewer, a file
saved without widget state). Generic: the spaces' names and values come in, no game's rule.
The picture is drawn once for its names, values and words and kept in the kit's result cache
(a page opened again shows the kept PNG without building a figure).
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from IPython.display import Image

from tabletop.cache import cached

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Where a walkthrough's static pictures are saved (``notebooks/images``).
IMAGES = Path(__file__).resolve().parents[1] / "notebooks" / "images"
DPI = 90
#: Letters on one line of a space's name (a longer word is written smaller).
NAME_WIDTH = 10
#: The fill of a space with a token on it, and of the others (:func:`ring_tokens`).
TOKEN_COLOUR, PALE = "#f4b183", "#eeeeee"


def ring_figure(names: Sequence[str], values: Sequence[float | Fraction], title: str,
                what: str, filename: str | None = None, digits: int = 3) -> Image:
    """``values[k]`` on space ``k`` of a square ring of ``len(names)`` spaces (a multiple of
    four, clockwise from the top left corner), each space coloured by its value and its
    name and value written in it, ``what`` in the middle: a PNG image to show. With
    ``filename`` the picture is also saved under notebooks/images (rewritten only when it
    changes)."""
    _side(names)
    return _shown(ring_png(list(names), [float(v) for v in values], title, what, digits),
                  filename)


def ring_tokens(names: Sequence[str], tokens: Mapping[int, Sequence[str]], title: str,
                what: str, filename: str | None = None) -> Image:
    """A position on a square ring board: each space named, the ``tokens`` on space ``k``
    (short labels, such as the players standing there) written on it in bold and the space
    filled, ``what`` in the middle (a few lines: who holds what). The static picture of a staged
    table, for pages that show no widget; saved under ``filename`` like :func:`ring_figure`."""
    _side(names)
    on = {k: list(labels) for k, labels in tokens.items() if labels}
    if any(not 0 <= k < len(names) for k in on):
        raise ValueError(f"a token stands on a space the ring does not have: {sorted(on)}")
    return _shown(tokens_png(list(names), on, title, what), filename)


def _side(names: Sequence[str]) -> int:
    side = len(names) // 4
    if side * 4 != len(names) or side == 0:
        raise ValueError(f"a square ring needs a multiple of four spaces, not {len(names)}")
    return side


def _shown(png: bytes, filename: str | None) -> Image:
    if filename:
        path = IMAGES / filename
        if not path.is_file() or path.read_bytes() != png:
            path.write_bytes(png)
    return Image(data=png, format="png")


def _ring(names: list[str], colours: list[Any], title: str, what: str,
          labels: Mapping[int, str]) -> Figure:
    """The square ring: space ``k`` filled with ``colours[k]``, its name, ``labels[k]`` in
    bold below it, ``what`` in the middle."""
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    side = _side(names)
    figure = Figure(figsize=(7, 7))
    ax = figure.subplots()
    for k, name in enumerate(names):
        edge, step = divmod(k, side)
        x, y = [(step, 0), (side, step), (side - step, side), (0, side - step)][edge]
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=colours[k], edgecolor="white"))
        width = max(NAME_WIDTH, *map(len, name.split()))  # a long word is never cut
        ax.text(x + 0.5, y + 0.62, textwrap.fill(name, width), ha="center", va="center",
                fontsize=5.5 * min(1, (NAME_WIDTH + 1) / width))
        if k in labels:
            ax.text(x + 0.5, y + 0.22, _plain(labels[k]), ha="center", va="center",
                    fontsize=7, weight="bold")
    ax.text((side + 1) / 2, (side + 1) / 2, _plain(what), ha="center", va="center", fontsize=9)
    ax.set_xlim(0, side + 1)
    ax.set_ylim(side + 1, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    return figure


def _plain(text: str) -> str:
    """``text`` as matplotlib should write it: a dollar sign as itself, not as math."""
    return text.replace("$", r"\$")


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    return buffer.getvalue()


@cached
def ring_png(names: list[str], values: list[float], title: str, what: str,
             digits: int) -> bytes:
    """The PNG bytes of :func:`ring_figure`'s picture."""
    import matplotlib.pyplot as plt

    colour = plt.get_cmap("Reds")
    low, high = min(values), max(values)
    colours = [colour(0.1 + 0.8 * (v - low) / ((high - low) or 1)) for v in values]
    return _png(_ring(names, colours, title, textwrap.fill(what, 40),
                      {k: f"{v:.{digits}g}" for k, v in enumerate(values)}))


@cached
def tokens_png(names: list[str], tokens: dict[int, list[str]], title: str, what: str) -> bytes:
    """The PNG bytes of :func:`ring_tokens`'s picture: the spaces with a token on them
    stand out, the others are pale."""
    colours = [TOKEN_COLOUR if k in tokens else PALE for k in range(len(names))]
    return _png(_ring(names, colours, title, what,
                      {k: textwrap.fill(" ".join(labels), 12) for k, labels in tokens.items()}))
