"""RUSH's lesson helpers (widgets/rush/lessons.py): staging and the reading times."""

from __future__ import annotations

import pytest

from widgets.landing import part_minutes as landing_parts
from widgets.rush import lessons as rl


def test_every_part_of_the_walkthrough_falls_in_one_group_of_reading_times():
    for part in landing_parts(rl.WALKTHROUGH):
        groups = [g for g, starts in rl.GROUPS.items() if part.startswith(starts)]
        assert len(groups) == 1, part


def test_the_groups_add_up_to_the_landing_pages_reading_time():
    parts = landing_parts(rl.WALKTHROUGH)
    assert abs(sum(rl.part_minutes().values()) - sum(parts.values())) <= len(rl.GROUPS) / 2


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
