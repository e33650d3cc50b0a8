"""A ring-track board on an ``ipycanvas.MultiCanvas``: N spaces round the edge of a square.

The spaces run clockwise from the bottom-right corner (like most track games), so a
28-space loop has a corner at every seventh space. Layer 0 holds the static board
(drawn once per page connection), layer 1 the pieces (redrawn on every change). The
middle of the board is left to the game (a Lifeometer, dice, a caption) through a
``centre`` callback.

A game's table draws its view with ``board.draw_view(view, full, caption)``. The board reads
the keys every game's view shares, and nothing else:

- ``view["seats"]``: one dict per player in seat order, with ``name``, ``seat`` (0-based;
  it picks the colour from :mod:`.palette` unless the seat gives its own ``colour``) and
  ``position`` (the index of the space the token is on; None: off the board, not drawn;
  the seat may then say why in ``off_board``, e.g. "has not chosen a Hometown yet");
- ``view["spaces"]``: one dict per space in track order, with ``index``, ``name``, ``kind``,
  ``owner`` (a player's name, marked in that player's colour; any other name, such as
  "company", is a supply and gets a neutral grey mark; None: no mark) and ``highlight``
  (True: the space is outlined, e.g. where the last move ended).

From these the board draws the tokens, the owners' marks, the highlights and a legend of
the seats' colours; :meth:`RingBoard.describe` tells the same in sentences. The spaces'
labels and colours are static: the table gives them once, as :class:`Space` objects
(:func:`spaces_of` makes them from a view).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from .palette import FAINT, HIGHLIGHT, INK, PAPER, SUPPLY, colour_name, seat_colours


@dataclass(frozen=True)
class Space:
    """One space of the track: its full name, its kind (picks the colour) and a short label."""

    name: str
    kind: str
    label: str = ""

    @property
    def text(self) -> str:
        return self.label or self.name


def spaces_of(view: Mapping[str, Any],
              label: Callable[[Mapping[str, Any]], str] | None = None) -> list[Space]:
    """The board's spaces from ``view["spaces"]`` (name and kind; ``label`` makes a short
    label from a space's dict when the name alone is not what the square shows)."""
    return [Space(s["name"], s["kind"], label(s) if label else "") for s in view["spaces"]]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in canvas pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Token:
    """A player's piece: a coloured disc with a letter."""

    letter: str
    colour: str


@dataclass
class Pieces:
    """Everything the pieces layer shows: tokens per space, owners' colours, the spaces to
    highlight, a caption along the bottom of the centre, and the legend (name, colour) of
    the seats. ``highlight`` (one space) is the older spelling of ``highlights``."""

    tokens: Mapping[int, Sequence[Token]] = field(default_factory=dict)
    owners: Mapping[int, str] = field(default_factory=dict)
    highlight: int | None = None
    caption: str = ""
    highlights: Collection[int] = ()
    legend: Sequence[tuple[str, str]] = ()

    @classmethod
    def of_view(cls, view: Mapping[str, Any], caption: str = "") -> Pieces:
        """The pieces of a view in the shared shape (see the module's docstring)."""
        colours = seat_colours(view["seats"])
        tokens: dict[int, list[Token]] = {}
        for seat in view["seats"]:
            if seat["position"] is not None:
                tokens.setdefault(seat["position"], []).append(
                    Token(seat["name"][:1], colours[seat["name"]]))
        spaces = view["spaces"]
        owners = {s["index"]: colours.get(s["owner"], SUPPLY)
                  for s in spaces if s["owner"] is not None}
        highlights = tuple(s["index"] for s in spaces if s["highlight"])
        return cls(tokens=tokens, owners=owners, caption=caption, highlights=highlights,
                   legend=tuple(colours.items()))


def grid_shape(n: int) -> tuple[int, int]:
    """Columns and rows of a square-ish frame with ``n`` cells on its edge (one spare if odd)."""
    cells = n + n % 2
    cols = -(-cells // 4) + 1
    rows = cells // 2 - cols + 2
    return cols, rows


def wrap(text: str, width: int) -> list[str]:
    """Break ``text`` into lines of at most ``width`` characters (long words stay whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


class RingBoard:
    """A board of ``spaces`` round a square; ``colours`` maps a space kind to its fill."""

    def __init__(
        self,
        spaces: Sequence[Space],
        colours: Mapping[str, str],
        size: int = 560,
        title: str = "",
        centre: Callable[[Canvas, Rect], None] | None = None,
    ) -> None:
        self.spaces = tuple(spaces)
        self.colours = dict(colours)
        self.size = size
        self.title = title
        self.centre = centre
        #: Tile colours by space index (default white), e.g. a heat map's shades (:mod:`.heat`).
        self.fills: dict[int, str] = {}
        self.cols, self.rows = grid_shape(len(self.spaces))
        self.cell_w = size / self.cols
        self.cell_h = size / self.rows
        self.canvas = MultiCanvas(2, width=size, height=size)
        self.canvas.layout = w.Layout(width=f"{size}px", height=f"{size}px")
        self.widget = w.Box([self.canvas], layout=w.Layout(width=f"{size}px", height=f"{size}px"))
        self.widget.add_class("tt-board")

    # -- geometry -------------------------------------------------------------------
    def cell(self, index: int) -> Rect:
        """The rectangle of space ``index``: clockwise from the bottom-right corner."""
        cols, rows = self.cols, self.rows
        cw, ch = self.cell_w, self.cell_h
        bottom = cols - 1
        left = bottom + rows - 1
        top = left + cols - 1
        if index < bottom:
            col, row = cols - 1 - index, rows - 1
        elif index < left:
            col, row = 0, rows - 1 - (index - bottom)
        elif index < top:
            col, row = index - left, 0
        else:
            col, row = cols - 1, index - top
        return Rect(col * cw, row * ch, cw, ch)

    @property
    def inner(self) -> Rect:
        """The free middle of the board, inside the ring of spaces."""
        return Rect(self.cell_w, self.cell_h, self.size - 2 * self.cell_w,
                    self.size - 2 * self.cell_h)

    # -- drawing --------------------------------------------------------------------
    def draw_board(self) -> None:
        """Draw the static layer: every space with its colour band, number and name."""
        layer = self.canvas[0]
        with hold_canvas():
            start_batch(layer)
            layer.clear()
            layer.fill_style = PAPER
            layer.fill_rect(0, 0, self.size, self.size)
            for index, space in enumerate(self.spaces):
                self._draw_space(layer, index, space)
            if self.title:
                inner = self.inner
                layer.fill_style = FAINT
                layer.font = f"bold {int(self.cell_h * 0.32)}px sans-serif"
                layer.text_align = "center"
                layer.text_baseline = "top"
                layer.fill_text(self.title, inner.x + inner.w / 2, inner.y + 8)

    def _draw_space(self, layer: Canvas, index: int, space: Space) -> None:
        box = self.cell(index)
        band = max(6.0, box.h * 0.16)
        layer.fill_style = self.fills.get(index, "white")
        layer.fill_rect(box.x, box.y, box.w, box.h)
        layer.fill_style = self.colours.get(space.kind, FAINT)
        layer.fill_rect(box.x, box.y, box.w, band)
        layer.stroke_style = INK
        layer.line_width = 1
        layer.stroke_rect(box.x, box.y, box.w, box.h)
        layer.fill_style = INK
        layer.text_align = "center"
        layer.text_baseline = "top"
        layer.font = "9px sans-serif"
        layer.fill_text(str(index), box.x + box.w / 2, box.y + band + 2)
        layer.font = "bold 9px sans-serif"
        for k, line in enumerate(wrap(space.text, max(6, int(box.w / 6)))[:3]):
            # A word longer than the space (PSYCHIATRIST) is narrowed to fit, never broken.
            layer.fill_text(line, box.x + box.w / 2, box.y + band + 13 + k * 10,
                            max_width=box.w - 2)

    def draw_pieces(self, pieces: Pieces) -> None:
        """Redraw the pieces layer: highlighted spaces, owner marks, tokens, the centre, the
        legend and the caption."""
        layer = self.canvas[1]
        with hold_canvas():
            start_batch(layer)
            layer.clear()
            marked = {*pieces.highlights, pieces.highlight} - {None}
            for index in sorted(marked):
                box = self.cell(index)
                layer.stroke_style = HIGHLIGHT
                layer.line_width = 4
                layer.stroke_rect(box.x + 2, box.y + 2, box.w - 4, box.h - 4)
            for index, colour in pieces.owners.items():
                draw_owner(layer, self.cell(index), colour)
            for index, tokens in pieces.tokens.items():
                self._draw_tokens(layer, self.cell(index), tokens)
            inner = self.inner
            if self.centre is not None:
                self.centre(layer, inner)
            if pieces.legend:
                self._draw_legend(layer, pieces.legend)
            if pieces.caption:
                layer.fill_style = INK
                layer.font = "13px sans-serif"
                layer.text_align = "center"
                layer.text_baseline = "bottom"
                layer.fill_text(pieces.caption, inner.x + inner.w / 2, inner.y + inner.h - 8)

    def _draw_legend(self, layer: Canvas, legend: Sequence[tuple[str, str]]) -> None:
        """One disc and name per seat, in a row above the caption."""
        inner = self.inner
        width = inner.w / len(legend)
        y = inner.y + inner.h - 34
        for k, (name, colour) in enumerate(legend):
            x = inner.x + k * width + 12
            draw_token(layer, x, y, 6, Token("", colour))
            layer.fill_style = INK
            layer.font = "12px sans-serif"
            layer.text_align = "left"
            layer.text_baseline = "middle"
            layer.fill_text(name, x + 10, y)

    def _draw_tokens(self, layer: Canvas, box: Rect, tokens: Sequence[Token]) -> None:
        radius = min(box.w, box.h) * 0.13
        per_row = 3
        for k, token in enumerate(tokens):
            cx = box.x + radius * 1.3 + (k % per_row) * radius * 2.3
            cy = box.y + box.h - radius * 1.3 - (k // per_row) * radius * 2.3
            draw_token(layer, cx, cy, radius, token)

    def render(self, pieces: Pieces, full: bool) -> None:
        """Draw the pieces, and first the static board when ``full`` (a new page connected)."""
        if full:
            self.draw_board()
        self.draw_pieces(pieces)

    def draw_view(self, view: Mapping[str, Any], full: bool = False, caption: str = "") -> None:
        """Draw ``view`` (in the shared shape): tokens, owners, highlights, the legend, the
        game's centre and ``caption``; the static board too when ``full``."""
        self.render(Pieces.of_view(view, caption), full)

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """What :meth:`draw_view` shows, in sentences: where each token is, who owns what,
        which spaces are picked out."""
        colours = seat_colours(view["seats"])
        spaces = view["spaces"]

        def where(index: int) -> str:
            return f"space {index}, {spaces[index]['name']}"

        lines = []
        for seat in view["seats"]:
            name = seat["name"]
            place = (seat.get("off_board") or "is off the board") if seat["position"] is None \
                else f"is on {where(seat['position'])}"
            lines.append(f"{name} ({colour_name(colours[name])}) {place}.")
        owned = [f"{where(s['index'])} ({s['owner']})" for s in spaces if s["owner"] is not None]
        if owned:
            lines.append(f"Owned: {'; '.join(owned)}.")
        marked = [where(s["index"]) for s in spaces if s["highlight"]]
        if marked:
            lines.append(f"Picked out: {'; '.join(marked)}.")
        return lines


def start_batch(layer: Canvas) -> None:
    """Make the next batch name its canvas again.

    ipycanvas routes every command through one manager that only says "switch to canvas
    X" when the target changes. A Voilà page that connects after the notebook ran never
    saw the last switch, and its first batch then fails in the browser ("reading
    'clearCanvas'"). Forgetting the current canvas makes every batch self-contained.
    """
    manager = getattr(layer, "_canvas_manager", None)
    if manager is not None:
        manager._current_canvas = None


def draw_owner(layer: Canvas, box: Rect, colour: str) -> None:
    """The owner's mark: a small square of the owner's colour in the box's lower right."""
    layer.fill_style = colour
    layer.fill_rect(box.x + box.w - 12, box.y + box.h - 12, 9, 9)
    layer.stroke_style = INK
    layer.line_width = 1
    layer.stroke_rect(box.x + box.w - 12, box.y + box.h - 12, 9, 9)


def draw_token(layer: Canvas, cx: float, cy: float, radius: float, token: Token) -> None:
    """A disc of the token's colour, outlined, with its letter (if any) in white."""
    layer.fill_style = token.colour
    layer.fill_circle(cx, cy, radius)
    layer.stroke_style = INK
    layer.line_width = 1
    layer.stroke_circle(cx, cy, radius)
    if not token.letter:
        return
    layer.fill_style = "white"
    layer.font = f"bold {int(radius * 1.2)}px sans-serif"
    layer.text_align = "center"
    layer.text_baseline = "middle"
    layer.fill_text(token.letter, cx, cy + 0.5)

