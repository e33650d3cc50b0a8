"""The heat map on a ring board (widgets/heat.py): tints, words and bad input."""

from fractions import Fraction

import pytest

from widgets.board import Space
from widgets.heat import HeatMap, heat_colour, percent
from widgets.hitchiker_lessons import landing_heat


def test_the_tint_is_diverging_round_the_plain_share():
    assert heat_colour(0.5, 0, 1, 0.5, 1.0) == "rgba(247, 247, 247, 1.0)"  # white at the centre
    assert heat_colour(1, 0, 1, 0.5, 1.0) == "rgba(178, 24, 43, 1.0)"  # red above
    assert heat_colour(0, 0, 1, 0.5, 1.0) == "rgba(33, 102, 172, 1.0)"  # blue below
    assert heat_colour(1, 0, 1) .startswith("rgba(178, 24, 43")  # no centre: white to red
    assert percent(Fraction(1, 42)) == "2.38%"


def test_the_map_says_what_it_shows():
    spaces = [Space(f"S{k}", "plain") for k in range(8)]
    heat = HeatMap(spaces, [0.1, 0.1, 0.3, 0.1, 0.1, 0.1, 0.1, 0.1], title="Where turns end",
                   what="the share of turns that end there", size=320)
    words = heat.describe(top=1)
    assert words[0].startswith("Where turns end: each space is tinted by the share of turns")
    assert "12.50%" in words[1] and "space 2, S2 (30.00%, 2.40 times" in words[2]
    assert "Least often: space 7, S7" in words[3]
    assert "Most often" in heat.words.value


def test_one_share_per_space():
    with pytest.raises(ValueError, match="3 shares for a board of 2 spaces"):
        HeatMap([Space("a", "x"), Space("b", "x")], [0.2, 0.3, 0.5])


def test_the_hitchiker_board_as_a_heat_map():
    heat = landing_heat([1 / 42] * 42, "Plain loop", "the share of turns")
    assert len(heat.board.spaces) == 42 and heat.board.spaces[0].text == "⌂ Podunk"
    assert "1.00 times the plain share" in heat.describe()[2]
