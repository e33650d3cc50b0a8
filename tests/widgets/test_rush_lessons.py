"""RUSH's lesson helpers (widgets/rush/lessons.py): staging, house editions, policy maps."""

from __future__ import annotations

import matplotlib
import numpy as np
import pytest

from widgets.rush import lessons as rl


def test_a_house_edition_must_change_something_the_kit_has():
    with pytest.raises(ValueError, match="has no"):
        rl.house_edition({"start = 99 ": "start = 16 "})


def test_the_table_picture_puts_a_body_in_a_coma_where_the_pill_was_taken():
    game = rl.scripted_table(dice=[6], senses={"Ann": ["Sight", "Hearing"]})  # a 6: a coma
    game.apply("pill")
    view = game.view(None)
    assert rl.table_tokens(view) == {0: ["Ann", "Bob"]}
    ann = rl.table_lines(view)[0]
    assert "senses up: Sight, Hearing" in ann and "in a coma" in ann


def test_the_table_picture_marks_the_dead_and_the_cops():
    game = rl.scripted_table(dice=[5], senses={"Ann": ["Touch"]},  # a 5: Touch, the last
                             cops={"Subway Connection": 2})
    game.apply("pill")
    subway = [space.name for space in game.content.board].index("Subway Connection")
    tokens = rl.table_tokens(game.view(None))
    assert tokens[subway] == ["Cop×2"] and "Ann†" in tokens[0]
    assert "senses up: none" in rl.table_lines(game.view(None))[0]


def test_the_policy_map_draws_an_exact_tie_as_a_tie_not_a_letter():
    matplotlib.use("Agg")
    act = np.zeros((5, 2), dtype=int)
    gain = np.full((5, 2), 0.01)
    gain[0, 0] = 1e-16  # rounding noise between two equal choices
    ax = rl.policy_map(act, gain, [19, 20], "test")
    letters = [t.get_text() for t in ax.texts]
    assert letters.count("=") == 1 and letters.count("P") == 9
