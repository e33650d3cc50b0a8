"""A heat map on the ring board: how often something happens on each space, drawn on the
board itself (TEACHING.md: board-shaped things are drawn on the board).

    heat = HeatMap(spaces, shares, title="Where a move ends")   # spaces: Space or (name, kind)
    heat = HeatMap.of_table(odds.landing(), KIND_COLOURS)      # from a landing table
    heat                                                       # shows the board and the words
    heat.describe()                                            # the same in sentences

Each tile of the :class:`~widgets.board.RingBoard` is shaded by its share (lightest for the
smallest share, darkest for the largest) and labelled with it as a percentage; the middle
of the board holds the title (wrapped onto as many lines as it needs, so it can state the
finding) and a colour key marking the share every space would get on a plain loop (one space
in n). The shares are whatever the caller says they are (the long-run
share of moves that end on a space, say): ``what`` names them in the words under the board.
The canvas is drawn again whenever a page connects (Voilà shows a canvas drawn earlier
blank), and any error in drawing is shown under the board, not lost.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas

from .board import Rect, RingBoard, Space, start_batch, wrap
from .errors import ErrorArea
from .palette import INK

#: The colour scale, lightest to darkest. The darkest still carries black text (contrast
#: above 4.5 to 1), so a space's name stays readable on any shade.
SCALE: tuple[str, ...] = ("#fff7ec", "#fdd49e", "#fc8d59", "#e34a33")
Share = float | Fraction


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def heat_colour(value: Share, low: Share, high: Share) -> str:
    """The shade of ``value`` on the scale from ``low`` (lightest) to ``high`` (darkest)."""
    t = 0.5 if high == low else min(1.0, max(0.0, float((value - low) / (high - low))))
    position = t * (len(SCALE) - 1)
    k = min(int(position), len(SCALE) - 2)
    a, b = _rgb(SCALE[k]), _rgb(SCALE[k + 1])
    mix = position - k
    return "#" + "".join(f"{round(x + (y - x) * mix):02x}" for x, y in zip(a, b, strict=True))


def percent(share: Share) -> str:
    """A share as a percentage with one decimal: ``0.2`` -> ``"20.0%"``."""
    return f"{100 * float(share):.1f}%"


def _as_space(space: Space | tuple[str, str]) -> Space:
    return space if isinstance(space, Space) else Space(*space)


class HeatMap:
    """``shares[k]`` shown on space ``k`` of a ring board; ``.widget`` is the board with the
    words under it. ``plain`` is the share of a space on a plain loop (by default one in n,
    for n spaces; None leaves it out of the key and the words)."""

    def __init__(self, spaces: Sequence[Space | tuple[str, str]], shares: Sequence[Share],
                 colours: Mapping[str, str] | None = None, *, title: str = "Heat map",
                 what: str = "the share of moves that end there", size: int = 420,
                 plain: Share | str | None = "one in n") -> None:
        self.spaces = [_as_space(s) for s in spaces]
        self.title, self.what = title, what
        self.plain = Fraction(1, len(self.spaces)) if plain == "one in n" else plain
        self.shares = self._checked(shares)
        self.board = RingBoard(self.spaces, colours or {}, size=size)
        self.errors = ErrorArea()
        self.words = w.HTML("")
        self.words.add_class("tt-heat-words")
        self.board.canvas.on_client_ready(self.errors.guard("drawing the heat map")(self.draw))
        self.widget = w.VBox([self.board.widget, self.words, self.errors.widget])
        self.widget.add_class("tt-heat")
        self.draw()

    @classmethod
    def of_table(cls, table: Any, colours: Mapping[str, str] | None = None,
                 **options: Any) -> HeatMap:
        """From a landing table (:func:`tabletop.odds.landing.landing_table`): its board
        spaces (rows of kind "extra", such as a jail's lockup, are left out) and column ``p``."""
        board = table[table["kind"] != "extra"]
        spaces = [Space(name, kind) for name, kind in zip(board["name"], board["kind"],
                                                          strict=True)]
        return cls(spaces, list(board["p"]), colours, **options)

    def _checked(self, shares: Sequence[Share]) -> list[Share]:
        shares = list(shares)
        if len(shares) != len(self.spaces):
            raise ValueError(f"{len(shares)} shares for a board of {len(self.spaces)} spaces: "
                             "give one share per space, in track order")
        for k, share in enumerate(shares):
            if not math.isfinite(float(share)) or share < 0:
                raise ValueError(f"the share of space {k} is {share!r}: shares are numbers >= 0")
        return shares

    def update(self, shares: Sequence[Share]) -> None:
        """Show new shares (the same board)."""
        self.shares = self._checked(shares)
        self.draw()

    # -- drawing --------------------------------------------------------------------------
    @property
    def low(self) -> Share:
        return min(self.shares)

    @property
    def high(self) -> Share:
        return max(self.shares)

    def draw(self) -> None:
        """Shade the tiles, label each with its share, draw the key; then the words."""
        self.board.fills = {k: heat_colour(s, self.low, self.high)
                            for k, s in enumerate(self.shares)}
        self.board.draw_board()
        layer = self.board.canvas[1]
        start_batch(layer)
        layer.clear()
        layer.fill_style = INK
        layer.text_align = "center"
        layer.text_baseline = "bottom"
        layer.font = "bold 11px sans-serif"
        for k, share in enumerate(self.shares):
            box = self.board.cell(k)
            layer.fill_text(percent(share), box.x + box.w / 2, box.y + box.h - 4)
        self._draw_key(layer, self.board.inner)
        self.words.value = "<br>".join(escape(line) for line in self.describe())

    def _draw_key(self, layer: Canvas, inner: Rect) -> None:
        cx = inner.x + inner.w / 2
        layer.font = "bold 13px sans-serif"
        layer.text_baseline = "top"
        for k, line in enumerate(wrap(self.title, int(inner.w / 7))):
            layer.fill_text(line, cx, inner.y + 10 + 16 * k)
        bar = Rect(inner.x + inner.w * 0.1, inner.y + inner.h / 2 - 7, inner.w * 0.8, 14)
        steps = 40
        for k in range(steps):
            layer.fill_style = heat_colour(k, 0, steps - 1)
            layer.fill_rect(bar.x + k * bar.w / steps, bar.y, bar.w / steps + 0.5, bar.h)
        layer.stroke_style = INK
        layer.line_width = 1
        layer.stroke_rect(bar.x, bar.y, bar.w, bar.h)
        layer.fill_style = INK
        layer.font = "11px sans-serif"
        layer.text_baseline = "top"
        layer.fill_text(percent(self.low), bar.x, bar.y + bar.h + 3)
        layer.fill_text(percent(self.high), bar.x + bar.w, bar.y + bar.h + 3)
        layer.fill_text("lighter: less often, darker: more often", cx, bar.y + bar.h + 18)
        if self.plain is not None and self.high > self.low:
            t = min(1.0, max(0.0, float((self.plain - self.low) / (self.high - self.low))))
            x = bar.x + t * bar.w
            layer.stroke_line(x, bar.y - 4, x, bar.y + bar.h + 2)
            layer.text_baseline = "bottom"
            layer.fill_text(f"plain loop {percent(self.plain)}", x, bar.y - 5)

    # -- in words -------------------------------------------------------------------------
    def describe(self, top: int = 3) -> list[str]:
        """What the heat map shows, in sentences: the scale, the ``top`` spaces with the
        largest shares and those with the smallest."""
        order = sorted(range(len(self.shares)), key=lambda k: (-self.shares[k], k))

        def named(k: int) -> str:
            text = f"space {k}, {self.spaces[k].name} ({percent(self.shares[k])}"
            if self.plain:
                text += f", {float(self.shares[k] / self.plain):.2f} times the plain share"
            return text + ")"

        lines = [f"{self.title}: each space is shaded by {self.what}, from "
                 f"{percent(self.low)} (lightest) to {percent(self.high)} (darkest)."]
        if self.plain is not None:
            lines.append(f"On a plain loop every space would get {percent(self.plain)}.")
        lines.append("Most often: " + "; ".join(named(k) for k in order[:top]) + ".")
        lines.append("Least often: " + "; ".join(named(k) for k in order[::-1][:top]) + ".")
        return lines

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
