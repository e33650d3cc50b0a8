"""The Hitchiker lessons' helpers: reading times counted as the landing page counts them, and
the static pictures saved beside the notebooks."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pytest

from widgets.hitchiker import lessons
from widgets.landing import reading_minutes, rounded

matplotlib.use("Agg")


def test_reading_times_add_up_to_the_landing_pages_figure():
    assert rounded(sum(lessons.reading_times().values())) == reading_minutes(lessons.WALKTHROUGH)


def test_reading_times_cover_part_one_every_section_and_the_exercises():
    parts = list(lessons.reading_times())
    assert parts[0] == "Part 1: the rules, played"
    assert parts[-1] == "A full game and the exercises"
    assert [p.split(".")[0] for p in parts[1:-1]] == [str(k) for k in range(1, len(parts) - 1)]


@pytest.mark.parametrize("picture", ["board", "heat"])
def test_static_pictures_are_saved_beside_the_notebooks(picture: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(lessons, "IMAGES", tmp_path)
    if picture == "board":
        lessons.board_image("the board", "board.png")
    else:
        lessons.heat_image([1.0] * len(lessons.board_spaces()), "a heat map", "heat.png")
    assert (tmp_path / f"{picture}.png").stat().st_size > 0


def test_the_table_picture_puts_each_hitchiker_and_hometown_owner_on_the_city():
    game = lessons.scripted_table(dice=[2, 4], contraband={"Ann": 7})  # a smuggler, six cities on
    lessons.turn_from(game, "Stock Wood")
    view = game.view(None)
    ann = next(seat for seat in view["seats"] if seat["name"] == "Ann")
    tokens = lessons.table_tokens(view)
    assert "Ann" in tokens[ann["position"]] and "Ann's" in tokens[lessons.city("Podunk")]
    assert lessons.seat_line(ann).startswith(f"Ann: {ann['city']}, $0 cash")


def test_a_table_shown_before_a_prediction_leaves_out_the_chances_the_events_state(capsys):
    game = lessons.scripted_table(dice=[1, 1])   # from Nowhere Falls into the pot hole
    since = lessons.turn_from(game, "Nowhere Falls")
    lessons.tell(game, since, chances=False)
    told = capsys.readouterr().out
    assert "· Ann is stuck in a pot hole\n" in told and "chance" not in told
    lessons.tell(game, since)
    assert "stuck in a pot hole: a chance of 1/2 each turn" in capsys.readouterr().out
