"""The widget kit's heat map: values drawn on a ring board, and told in words."""

from __future__ import annotations

import pytest

from widgets.board import HEAT, RingBoard, Space, heat_colour, heat_map


def board(n: int = 8) -> RingBoard:
    return RingBoard([Space(f"Street {k}", "lot") for k in range(n)], {"lot": "#cccccc"},
                     size=300)


def test_heat_runs_from_white_to_the_full_colour() -> None:
    assert heat_colour(0) == "#ffffff"
    assert heat_colour(1) == HEAT
    assert heat_colour(0.5, "#000000") == "#808080"
    assert heat_colour(7) == HEAT and heat_colour(-1) == "#ffffff"


def test_the_heat_map_draws_one_value_per_space_and_names_the_extremes() -> None:
    values = [0.1, 0.3, 0.2, 0.1, 0.05, 0.1, 0.1, 0.05]
    text = [f"{v:.0%}" for v in values]
    shown = heat_map(board().spaces, {}, values, caption="share of landings", text=text)
    assert "tt-board" in shown.widget._dom_classes
    assert shown.describe_heat(values, text, top=2) == [
        "Highest: space 1, Street 1 (30%); space 2, Street 2 (20%).",
        "Lowest: space 7, Street 7 (5%); space 4, Street 4 (5%).",
    ]


def test_a_heat_map_needs_one_value_per_space() -> None:
    with pytest.raises(ValueError, match="3 values for 8 spaces"):
        board().draw_heat([1, 2, 3])
