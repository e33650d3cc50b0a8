"""The check every notebook's predict boxes go through (``box_check``, run in each notebook's
kernel by ``conftest.py``) fails for a box that refuses or misjudges its own answer."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from tests.notebooks.box_check import check_boxes
from widgets import class_session
from widgets.predict import PredictFirst


@pytest.fixture(autouse=True)
def no_boxes() -> Iterator[None]:
    saved = list(class_session._boxes)
    class_session._boxes.clear()
    yield
    class_session._boxes[:] = saved


def test_boxes_that_accept_their_answers_pass() -> None:
    PredictFirst("Chance of a double with two dice?", lambda: Fraction(1, 6))
    PredictFirst("How many rolls until the first double?", lambda: 6)
    PredictFirst("Average total of two dice?", lambda: 7.0, slider=(2, 12, 0.5))
    PredictFirst("Which is likelier?", lambda: "a seven", choices=["a seven", "a double"])
    check_boxes()


def test_a_box_that_reads_a_count_as_a_chance_fails() -> None:
    PredictFirst("What is the chance's count?", lambda: 3, unit="probability")
    with pytest.raises(AssertionError, match="refuse their own answer"):
        check_boxes()


def test_a_box_whose_answer_is_off_its_slider_fails() -> None:
    PredictFirst("Average total of two dice?", lambda: 7, slider=(0, 1, 0.05))
    with pytest.raises(AssertionError, match="off the slider"):
        check_boxes()


def test_a_question_asking_how_many_is_a_number_even_when_it_speaks_of_chance() -> None:
    box = PredictFirst("How many rolls, on average, until a chance of a double comes up?",
                       lambda: 6)
    assert box.unit == "number"
    check_boxes()
