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
