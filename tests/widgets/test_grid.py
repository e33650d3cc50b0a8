"""The grid board (widgets/grid.py) on Hip Town's shape, 2 rows of 5 lots, without a browser."""

from __future__ import annotations

from typing import Any

import pytest

from widgets.grid import GridBoard

SEATS = [{"name": "Ann", "seat": 0, "position": None, "money": 0},
         {"name": "Bob", "seat": 1, "position": None, "money": 0}]


def lots() -> list[dict[str, Any]]:
    """Ten lots: lots 1, 3, 5... free to build on; lots 2, 6, 10 Ann's, lots 4, 8 the bank's."""
    return [
        {"label": f"Lot {k + 1}", "owner": None if k % 2 == 0 else "Ann" if k % 4 == 1 else "bank",
         "colour": "#e0f0e0" if k % 2 == 0 else None, "legal": k % 2 == 0,
         "reason": "" if k % 2 == 0 else "someone owns this lot already"}
        for k in range(10)
    ]


def neighbourhood() -> tuple[GridBoard, list[tuple[int, int]]]:
    picked: list[tuple[int, int]] = []
    board = GridBoard(2, 5, lambda row, col: picked.append((row, col)))
    board.show(lots(), SEATS)
    return board, picked


def click_canvas(board: GridBoard, x: float, y: float) -> None:
    """A mouse click on the canvas, as the browser reports it to the kernel."""
    board.canvas[-1]._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])


def test_a_legal_cell_picked_on_the_canvas_or_by_its_button_calls_back() -> None:
    board, picked = neighbourhood()
    click_canvas(board, 100 + 50, 72 + 30)  # row 1, column 1 (0-based): lot 7, free
    board.buttons[2].click()                # lot 3, free
    assert picked == [(1, 1), (0, 2)]
    assert board.message.value == ""
    click_canvas(board, 50, 72 + 30)        # lot 6, Ann's
    assert picked == [(1, 1), (0, 2)] and "Lot 6" in board.message.value


def test_an_illegal_cell_says_why_and_calls_nothing() -> None:
    board, picked = neighbourhood()
    board.buttons[1].click()
    assert picked == []
    assert board.message.value == "Lot 2: someone owns this lot already"
    click_canvas(board, 999, 999)  # outside the grid: nothing happens
    assert picked == [] and "Lot 2" in board.message.value


def test_the_buttons_reach_every_cell_and_mark_the_legal_ones() -> None:
    board, _ = neighbourhood()
    assert [b.description for b in board.buttons] == [f"Lot {k + 1}" for k in range(10)]
    legal = [("tt-cell-legal" in b._dom_classes) for b in board.buttons]
    assert legal == [k % 2 == 0 for k in range(10)]
    board.show([{**lot, "legal": True} for lot in lots()], SEATS)
    assert all("tt-cell-illegal" not in b._dom_classes for b in board.buttons)


def test_the_description_lists_every_cell() -> None:
    board, _ = neighbourhood()
    lines = board.describe()
    assert len(lines) == 10
    assert lines[0] == "Row 1, column 1: Lot 1; can be picked."
    assert lines[1] == ("Row 1, column 2: Lot 2, owned by Ann; cannot be picked: "
                        "someone owns this lot already.")
    assert lines[7].startswith("Row 2, column 3: Lot 8, owned by bank;")
    assert board.buttons[1].tooltip == lines[1]


def test_the_wrong_number_of_cells_is_refused() -> None:
    board, _ = neighbourhood()
    with pytest.raises(ValueError, match="a 2 x 5 grid needs 10 cells, not 3"):
        board.show(lots()[:3], SEATS)


def test_the_grid_draws_for_a_new_page() -> None:
    board, _ = neighbourhood()
    board.canvas[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert board.canvas.layout.width == "500px" and board.canvas.layout.height == "144px"
