"""A grid board: rows x columns of cells on an ``ipycanvas.MultiCanvas``, each cell also a
button, so that a student can pick a cell with the mouse or with the keyboard alone.

Made for boards such as Hip Town's neighbourhood (2 rows of 5 lots). The game's table hands
:meth:`GridBoard.show` one dict per cell, row by row, each with:

- ``label`` (str): what the cell shows;
- ``owner`` (a player's name or None): marked in that player's colour, taken from the view's
  ``seats`` as on the ring board (any other name, such as "bank", is a supply: a grey mark);
- ``colour`` (a CSS colour or None): the cell's fill;
- ``legal`` (bool): whether picking the cell is a legal move now;
- ``reason`` (str): why the cell cannot be picked now (said when a student tries);
- ``highlight`` (bool, optional): the cell is picked out (a gold corner), e.g. a scoring
  group, as ``highlight`` picks out spaces on the ring board.

Picking a legal cell (a click on the canvas, or its button pressed with Enter or Space)
calls ``on_pick(row, col)`` (0-based); picking any other cell shows its reason. Legal cells
are outlined on the canvas and their buttons carry the class ``tt-cell-legal`` (the others
``tt-cell-illegal``). :meth:`GridBoard.describe` tells the grid in sentences. Layer 0 holds
the paper (drawn once per page connection), layer 1 the cells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from .board import Rect, draw_owner, start_batch, wrap
from .palette import HIGHLIGHT, INK, PAPER, SUPPLY, seat_colours

Guard = Callable[[str], Callable[[Callable[..., Any]], Callable[..., Any]]]


@dataclass(frozen=True)
class Cell:
    """One cell of the grid, as the game describes it."""

    row: int
    col: int
    label: str = ""
    owner: str | None = None
    colour: str | None = None
    legal: bool = False
    reason: str = ""
    highlight: bool = False

    @property
    def place(self) -> str:
        """Where the cell is, in words (rows and columns counted from 1)."""
        return f"row {self.row + 1}, column {self.col + 1}"

    def sentence(self) -> str:
        """The cell in one sentence, for the board in words and the button's tooltip."""
        owner = f", owned by {self.owner}" if self.owner else ""
        owner += ", picked out" if self.highlight else ""
        can = "can be picked" if self.legal else f"cannot be picked: {self.reason or 'not now'}"
        return f"{self.place.capitalize()}: {self.label or 'empty'}{owner}; {can}."


def no_guard(_where: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Callbacks run as they are (an app passes its error area's guard instead)."""
    return lambda fn: fn


class GridBoard:
    """``rows`` x ``cols`` cells of ``cell_width`` x ``cell_height`` pixels; ``on_pick(row,
    col)`` is called for a legal cell picked; ``guard`` wraps every callback (an app's
    ``errors.guard``, so that an exception shows on the page)."""

    def __init__(self, rows: int, cols: int, on_pick: Callable[[int, int], None],
                 cell_width: int = 100, cell_height: int = 72, guard: Guard = no_guard) -> None:
        self.rows, self.cols = rows, cols
        self.on_pick = on_pick
        self.cell_w, self.cell_h = cell_width, cell_height
        width, height = cols * cell_width, rows * cell_height
        self.canvas = MultiCanvas(2, width=width, height=height)
        self.canvas.layout = w.Layout(width=f"{width}px", height=f"{height}px")
        self.canvas.on_mouse_down(guard("picking a cell")(self._clicked))
        self.canvas.on_client_ready(guard("drawing the grid")(lambda: self.render(full=True)))
        board = w.Box([self.canvas], layout=w.Layout(width=f"{width}px", height=f"{height}px"))
        board.add_class("tt-board")
        board.add_class("tt-grid")
        self.cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
        self.colours: dict[str, str] = {}
        # The keyboard's way in: a transparent button over each cell of the canvas (the
        # style lays them there), seen only when it has the keyboard's focus; the mouse
        # goes through them to the canvas.
        self.buttons = [w.Button(layout=w.Layout(width="auto", height=f"{cell_height}px"))
                        for _ in self.cells]
        for k, button in enumerate(self.buttons):
            button.add_class("tt-cell")
            button.on_click(guard("picking a cell")(lambda _b, k=k: self.pick(*divmod(k, cols))))
        self.keys = w.GridBox(self.buttons, layout=w.Layout(
            grid_template_columns=f"repeat({cols}, {cell_width}px)", width=f"{width}px"))
        self.keys.add_class("tt-cell-keys")
        self.message = w.HTML("")
        self.message.add_class("tt-illegal")
        self.widget = w.VBox([board, self.keys, self.message])
        self.widget.add_class("tt-grid-board")

    # -- state ------------------------------------------------------------------------
    def show(self, cells: Sequence[Mapping[str, Any]],
             seats: Sequence[Mapping[str, Any]] = ()) -> None:
        """Take the cells (one dict per cell, row by row; see the module's docstring) and
        the view's ``seats`` (the owners' colours), then redraw the cells."""
        if len(cells) != self.rows * self.cols:
            raise ValueError(f"a {self.rows} x {self.cols} grid needs {self.rows * self.cols} "
                             f"cells, not {len(cells)}")
        self.cells = [
            Cell(k // self.cols, k % self.cols, str(c.get("label", "")), c.get("owner"),
                 c.get("colour"), bool(c.get("legal", False)), str(c.get("reason", "")),
                 bool(c.get("highlight", False)))
            for k, c in enumerate(cells)
        ]
        self.colours = seat_colours(seats)
        self.message.value = ""
        for cell, button in zip(self.cells, self.buttons, strict=True):
            button.description = cell.label or cell.place
            button.tooltip = cell.sentence()
            button.remove_class("tt-cell-illegal" if cell.legal else "tt-cell-legal")
            button.add_class("tt-cell-legal" if cell.legal else "tt-cell-illegal")
        self.render()

    def cell(self, row: int, col: int) -> Cell:
        """The cell at ``row``, ``col`` (0-based)."""
        return self.cells[row * self.cols + col]

    def pick(self, row: int, col: int) -> None:
        """A student picks a cell: a legal one is passed on, another one says why not."""
        cell = self.cell(row, col)
        if cell.legal:
            self.message.value = ""
            self.on_pick(row, col)
        else:
            why = cell.reason or "it cannot be picked now"
            self.message.value = escape(f"{cell.label or cell.place.capitalize()}: {why}")

    def _clicked(self, x: float, y: float) -> None:
        row, col = int(y // self.cell_h), int(x // self.cell_w)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            self.pick(row, col)

    def describe(self) -> list[str]:
        """The grid in sentences, one per cell, row by row."""
        return [cell.sentence() for cell in self.cells]

    # -- drawing ------------------------------------------------------------------------
    def box(self, cell: Cell) -> Rect:
        """The rectangle of ``cell`` in canvas pixels."""
        return Rect(cell.col * self.cell_w, cell.row * self.cell_h, self.cell_w, self.cell_h)

    def render(self, full: bool = False) -> None:
        """Redraw the cells, and first the paper when ``full`` (a page has just connected)."""
        with hold_canvas():
            if full:
                paper = self.canvas[0]
                start_batch(paper)
                paper.clear()
                paper.fill_style = PAPER
                paper.fill_rect(0, 0, self.cols * self.cell_w, self.rows * self.cell_h)
            layer = self.canvas[1]
            start_batch(layer)
            layer.clear()
            for cell in self.cells:
                self._draw_cell(layer, cell)

    def _draw_cell(self, layer: Canvas, cell: Cell) -> None:
        box = self.box(cell)
        inset = Rect(box.x + 3, box.y + 3, box.w - 6, box.h - 6)
        layer.fill_style = cell.colour or "white"
        layer.fill_rect(inset.x, inset.y, inset.w, inset.h)
        layer.stroke_style = HIGHLIGHT if cell.legal else INK
        layer.line_width = 4 if cell.legal else 1
        layer.stroke_rect(inset.x, inset.y, inset.w, inset.h)
        if cell.highlight:
            layer.fill_style = HIGHLIGHT
            layer.fill_polygon([(inset.x, inset.y), (inset.x + 18, inset.y),
                                (inset.x, inset.y + 18)])
            layer.stroke_style = INK
            layer.line_width = 1
            layer.stroke_polygon([(inset.x, inset.y), (inset.x + 18, inset.y),
                                  (inset.x, inset.y + 18)])
        layer.fill_style = INK
        layer.text_align = "center"
        layer.text_baseline = "top"
        layer.font = "bold 11px sans-serif"
        for k, line in enumerate(wrap(cell.label, max(6, int(inset.w / 7)))[:3]):
            layer.fill_text(line, box.x + box.w / 2, inset.y + 8 + k * 13)
        if cell.owner is not None:
            draw_owner(layer, inset, self.colours.get(cell.owner, SUPPLY))
