"""A heat map drawn on a ring board: one share per space, shown as the space's tint.

    heat = HeatMap(spaces, shares, colours, title="Where turns end",
                   what="the long-run share of turns that end there")
    heat                             # the board, each space tinted, and the words under it
    heat.describe()                  # the same in sentences (the highest and lowest shares)

The board is the kit's :class:`~.board.RingBoard` (same geometry, labels and kind colours as
the game's dashboard); the heat is a translucent layer over the spaces with each share
printed at the foot of its space, and a colour key in the middle. The key is diverging round
the share every space would get on a plain loop (``plain``, one in n by default): blue below
it, red above; with ``plain=None``, white to red. Like every canvas of the kit, it is drawn
again when a page connects (Voilà shows a canvas drawn earlier blank).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from .board import Rect, RingBoard, Space, start_batch
from .palette import INK

LOW = (33, 102, 172)
MIDDLE = (247, 247, 247)
HIGH = (178, 24, 43)
ALPHA = 0.62
LABEL_BACK = "rgba(255, 255, 255, 0.85)"


Share = float | Fraction


def percent(value: Share) -> str:
    """A share as a percentage with two decimals: ``0.0465`` -> ``"4.65%"``."""
    return f"{100 * float(value):.2f}%"


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, ...]:
    t = min(1.0, max(0.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def heat_colour(value: float, low: float, high: float, centre: float | None = None,
                alpha: float = ALPHA) -> str:
    """The tint of ``value`` on a scale from ``low`` to ``high``: diverging round ``centre``
    (blue below, red above) or, without one, from white to red."""
    if centre is None:
        rgb = _mix(MIDDLE, HIGH, (value - low) / ((high - low) or 1))
    elif value >= centre:
        rgb = _mix(MIDDLE, HIGH, (value - centre) / ((high - centre) or 1))
    else:
        rgb = _mix(MIDDLE, LOW, (centre - value) / ((centre - low) or 1))
    return f"rgba({rgb[0]}, {rgb[1]}, {rgb[2]}, {alpha})"


class HeatMap:
    """``shares[k]`` shown on space ``k`` of a ring board; ``.widget`` is the board with the
    words under it. ``what`` says what the shares are; ``plain`` is the share of a space on a
    plain loop (one in n by default; None leaves it out)."""

    def __init__(self, spaces: Sequence[Space], shares: Sequence[Share],
                 colours: Mapping[str, str] | None = None, *, title: str = "Heat map",
                 what: str = "the share of moves that end there", size: int = 640,
                 plain: Share | str | None = "one in n") -> None:
        if len(shares) != len(spaces):
            raise ValueError(f"{len(shares)} shares for a board of {len(spaces)} spaces: give "
                             "one share per space, in track order")
        self.spaces = tuple(spaces)
        self.shares = [float(s) for s in shares]
        self.title, self.what = title, what
        self.plain = 1 / len(self.spaces) if plain == "one in n" else plain
        self.board = RingBoard(self.spaces, colours or {}, size=size)
        self.words = w.HTML("")
        self.widget = w.VBox([self.board.widget, self.words])
        self.widget.add_class("tt-heat")
        self.board.canvas.on_client_ready(self.draw)
        self.draw()

    @property
    def low(self) -> float:
        return min([*self.shares, *([float(self.plain)] if self.plain is not None else [])])

    @property
    def high(self) -> float:
        return max([*self.shares, *([float(self.plain)] if self.plain is not None else [])])

    def colour(self, share: float, alpha: float = ALPHA) -> str:
        centre = None if self.plain is None else float(self.plain)
        return heat_colour(share, self.low, self.high, centre, alpha)

    def draw(self) -> None:
        """The board, then the tint and the share of every space, the key; then the words."""
        self.board.draw_board()
        layer = self.board.canvas[1]
        with hold_canvas():
            start_batch(layer)
            layer.clear()
            for index, share in enumerate(self.shares):
                box = self.board.cell(index)
                layer.fill_style = self.colour(share)
                layer.fill_rect(box.x, box.y, box.w, box.h)
                layer.fill_style = LABEL_BACK  # the share stays readable over a long name
                layer.fill_rect(box.x + 3, box.y + box.h - 15, box.w - 6, 13)
                layer.fill_style = INK
                layer.font = "bold 10px sans-serif"
                layer.text_align = "center"
                layer.text_baseline = "bottom"
                layer.fill_text(percent(share), box.x + box.w / 2, box.y + box.h - 3)
            self._key(layer, self.board.inner)
        self.words.value = "<br>".join(escape(line) for line in self.describe())

    def _key(self, layer: Canvas, inner: Rect) -> None:
        """The title, a colour bar from the lowest to the highest share, the plain share."""
        x, y, width = inner.x + 24, inner.y + inner.h / 2 - 30, inner.w - 48
        layer.fill_style = INK
        layer.text_align = "center"
        layer.text_baseline = "bottom"
        layer.font = "bold 15px sans-serif"
        layer.fill_text(self.title, inner.x + inner.w / 2, y - 14)
        steps = 60
        for k in range(steps):
            layer.fill_style = self.colour(self.low + (self.high - self.low) * k / (steps - 1),
                                           1.0)
            layer.fill_rect(x + k * width / steps, y, width / steps + 1, 18)
        layer.stroke_style = INK
        layer.line_width = 1
        layer.stroke_rect(x, y, width, 18)
        layer.fill_style = INK
        layer.font = "12px sans-serif"
        layer.text_baseline = "top"
        layer.text_align = "left"
        layer.fill_text(percent(self.low), x, y + 22)
        layer.text_align = "right"
        layer.fill_text(percent(self.high), x + width, y + 22)
        if self.plain is not None:
            at = x + width * (float(self.plain) - self.low) / ((self.high - self.low) or 1)
            layer.text_align = "center"
            layer.fill_rect(at - 1, y - 4, 2, 26)
            layer.fill_text(f"plain loop {percent(self.plain)}", at, y + 38)

    def describe(self, top: int = 3) -> list[str]:
        """The map in sentences: the scale, the ``top`` highest and lowest shares."""
        order = sorted(range(len(self.shares)), key=lambda k: (-self.shares[k], k))

        def named(k: int) -> str:
            text = f"space {k}, {self.spaces[k].name} ({percent(self.shares[k])}"
            if self.plain:
                text += f", {self.shares[k] / float(self.plain):.2f} times the plain share"
            return text + ")"

        lines = [f"{self.title}: each space is tinted by {self.what}, from "
                 f"{percent(min(self.shares))} to {percent(max(self.shares))}."]
        if self.plain is not None:
            lines.append(f"On a plain loop every space would get {percent(self.plain)}: "
                         "redder spaces get more, bluer ones less.")
        lines.append("Most often: " + "; ".join(named(k) for k in order[:top]) + ".")
        lines.append("Least often: " + "; ".join(named(k) for k in order[::-1][:top]) + ".")
        return lines

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
