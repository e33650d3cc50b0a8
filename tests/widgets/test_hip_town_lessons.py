"""The Hip Town walkthrough's pictures: the heat map saved as a PNG beside the live board."""

from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

from tabletop.core.content import game_content
from tabletop.games.hip_town.content import build
from widgets.hip_town import lessons

C = game_content("hip_town", build)


def test_the_heat_picture_draws_every_lot_where_the_board_has_it_with_its_share():
    shares = {f"{row}{col}": Fraction(col, 10) for row in "AB" for col in range(1, 6)}
    fig = lessons.heat_picture(C, shares, "a title")
    ax = fig.axes[0]
    labels = {text.get_text(): text.get_position() for text in ax.texts}
    assert len(ax.patches) == C.lots and labels["B5\n50.0%"] == (4.48, 1.46)
    assert ax.get_title() == "a title"
