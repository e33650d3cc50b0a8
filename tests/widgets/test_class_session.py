"""Predict-first boxes in the question's unit, alone and in a class session (issue 21): a
box reads a chance, a number or a choice and refuses what it cannot read; in a session a
student's box sends its answer and a teacher's counts and reveals the class's, found
through the kernel's session (no cell changes). One process plays both pages here, in turn."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from tabletop.odds import Estimate
from tabletop.odds.display import approx
from tabletop.tables import ENV, SessionStore
from widgets import class_session
from widgets.predict import PredictFirst, read_answer, unit_of

CHANCE = "Chance of a double with two dice?"
MEAN = "On average, what do three dice add up to?"


@pytest.fixture
def store_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh store for the pages, and no session left behind."""
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    monkeypatch.setenv(ENV, url)
    monkeypatch.setattr(class_session, "_boxes", [])
    monkeypatch.setattr(class_session, "_session", None)
    yield url


def test_a_question_asks_for_the_unit_its_words_say() -> None:
    assert unit_of(CHANCE) == "probability"
    assert unit_of("Long-run share of turns that end on Remindya?") == "probability"
    assert unit_of(MEAN) == "number"
    assert unit_of(CHANCE, slider=(0, 1, 0.01)) == "number"
    assert unit_of("Which die?", choices=["red", "blue"]) == "choice"


def test_a_chance_is_read_as_a_fraction_decimal_or_percentage() -> None:
    assert read_answer("1/6", "probability") == Fraction(1, 6)
    assert read_answer("17%", "probability") == Fraction(17, 100)
    assert read_answer("0,5", "probability") == Fraction(1, 2)
    with pytest.raises(ValueError, match="not a chance"):
        read_answer("150%", "probability")
    with pytest.raises(ValueError, match="not a number"):
        read_answer("often", "probability")


def test_a_number_is_read_with_thousands_and_never_as_a_percentage() -> None:
    assert read_answer("10.5", "number") == Fraction(21, 2)
    assert read_answer("2,000", "number") == 2000
    assert read_answer("-3", "number") == -3
    with pytest.raises(ValueError, match="not a percentage"):
        read_answer("17%", "number")
    with pytest.raises(ValueError, match="'ten' is not a number"):
        read_answer("ten", "number")


def test_alone_a_box_reveals_as_before_and_refuses_an_unreadable_guess(store_url: str) -> None:
    box = PredictFirst(CHANCE, lambda: Fraction(1, 6))
    box.guess.value = "120%"
    assert box.reveal().startswith("Not yet: 120% is not a chance")
    box.guess.value = "1/6"
    assert "spot on" in box.reveal()
    choice = PredictFirst("Which is likelier?", lambda: "a 7", choices=["a 7", "a 2"])
    assert "pick one" in choice.reveal()
    choice.guess.value = "a 7"
    assert "is right" in choice.reveal()


def test_in_a_session_students_send_and_the_teacher_counts_and_reveals(store_url: str) -> None:
    chance = PredictFirst(CHANCE, lambda: Fraction(1, 6), interval=lambda: (0.15, 0.18))
    PredictFirst(MEAN, lambda: Fraction(21, 2))
    teacher_bar = class_session.SessionBar("primer")
    teacher_bar._on_open(teacher_bar.open_button)
    teacher = class_session.current()
    assert teacher is not None and teacher.role == "teacher"
    code, teacher_key = teacher.code, teacher.key

    for k, text in enumerate(["1/6", "0.2", "50%"]):  # three students' pages, in turn
        bar = class_session.SessionBar("primer")
        bar.join_from_address(f"session={code}&student=student-key-{k}")
        student = class_session.current()
        assert student is not None and student.role == "student"
        chance.guess.value = text  # Enter in the box sends it
        mine = next(b for b in student.boxes.values() if b.box is chance)
        assert f"Your answer {text} is in" in mine.status.value

    bar = class_session.SessionBar("primer")
    bar.join_from_address(f"session={code}&teacher={teacher_key}")
    teacher = class_session.current()
    assert teacher is not None
    shown = next(b for b in teacher.boxes.values() if b.box is chance)
    teacher.poll()
    assert 'data-count="3"' in shown.counter.value
    shown.reveal_to_class()
    assert "3 answers: 2 of 3 (67%) within 0.05 of the exact answer 1/6" in shown.status.value
    assert "interval: 0.1500 to 0.1800" in shown.status.value
    assert bytes(shown.plot.value).startswith(b"\x89PNG")

    bar = class_session.SessionBar("primer")
    bar.join_from_address(f"session={code}&student=student-key-0")
    student = class_session.current()
    assert student is not None
    mine = next(b for b in student.boxes.values() if b.box is chance)
    assert mine.closed and "Answers are closed" in mine.status.value
    assert "The answer is 1/6 ≈ 0.1667. Your guess" in mine.status.value
    mine.send()
    assert "answers are closed" in mine.status.value
    assert len(SessionStore(store_url).answers(code)) == 3


def test_a_box_runs_its_simulation_only_at_reveal_and_shows_its_interval(store_url: str) -> None:
    runs: list[Estimate] = []

    def simulation() -> Estimate:
        runs.append(Estimate(30, 180))
        return runs[-1]

    box = PredictFirst(CHANCE, lambda: Fraction(1, 6), interval=simulation)
    bar = class_session.SessionBar("primer")
    bar._on_open(bar.open_button)
    teacher = class_session.current()
    assert teacher is not None
    shown = next(b for b in teacher.boxes.values() if b.box is box)
    assert runs == []  # building the page runs no simulation
    shown.reveal_to_class()
    low, high = runs[0].interval
    assert len(runs) == 1
    assert f"interval: {approx(low)} to {approx(high)}." in shown.status.value


def test_a_bad_code_or_link_leaves_the_page_alone(store_url: str) -> None:
    PredictFirst(CHANCE, lambda: Fraction(1, 6))
    bar = class_session.SessionBar("primer")
    bar.code.value = "k0o1"
    assert "is not a session code" in bar.message.value
    bar.join_from_address("session=ZZZZZ&student=student-key-0")
    assert "no class session ZZZZZ" in bar.message.value
    assert class_session.current() is None
    opened = class_session.SessionBar("primer")
    opened._on_open(opened.open_button)
    session = class_session.current()
    assert session is not None
    other = class_session.SessionBar("pitch")
    other.code.value = session.code
    assert "is of the primer walkthrough" in other.message.value
    again = class_session.SessionBar("primer")
    again.join_from_address(f"session={session.code}&teacher=not-the-teacher-key")
    assert "not the one of the session" in again.message.value


def test_the_sheet_ranks_an_uploaded_csv_hardest_first(store_url: str) -> None:
    sessions = SessionStore(store_url)
    code = sessions.open_session("primer", "teacher-page-key")
    easy = sessions.ask(code, MEAN, "number", within=1.0)
    hard = sessions.ask(code, CHANCE, "probability", within=0.05)
    for k, (mean, chance) in enumerate([(10.5, 0.5), (11.0, 1 / 6)]):
        sessions.answer(code, easy, f"student-key-{k}", mean, str(mean))
        sessions.answer(code, hard, f"student-key-{k}", chance, str(chance))
    for question, exact in ((easy, 10.5), (hard, 1 / 6)):
        sessions.reveal(code, question, "teacher-page-key", exact, str(exact))
    table = class_session.hardest_table(sessions.csv(code))
    assert list(table["question"]) == [CHANCE, MEAN]
    assert list(table["close"]) == ["1 of 2 (50%)", "2 of 2 (100%)"]


def test_a_reveal_that_no_one_answered_says_so() -> None:
    from tabletop.tables.sessions import Reveal

    reveal = Reveal(exact=5 / 6, exact_text="5/6", interval=None, within=0.05)
    assert class_session.summary([], [], reveal, "chance") == (
        "No one answered. The exact answer: 5/6.")
    assert class_session.summary([0.8], ["0.8"], reveal, "chance").startswith(
        "1 answer: 1 of 1 (100%) within 0.05")


def test_boxes_share_their_layout_and_the_teacher_hides_only_their_guess_rows(
        store_url: str) -> None:
    first, second = PredictFirst(CHANCE, lambda: Fraction(1, 6)), PredictFirst(MEAN, lambda: 3)
    assert first.button.layout is second.button.layout is first.row.layout
    assert first.guess.style is second.guess.style
    bar = class_session.SessionBar("primer")
    bar._on_open(bar.open_button)
    assert first.row.layout.display == second.row.layout.display == "none"
    assert first.row.layout is not second.row.layout
    assert first.button.layout.display is None  # the shared layout itself stays shown


def test_a_closed_shared_layout_is_made_again() -> None:
    from widgets.shared import layout

    first = layout()
    first.close()
    assert layout() is not first and layout().comm is not None


def test_a_page_without_tables_or_sessions_does_not_load_the_database() -> None:
    import subprocess
    import sys

    check = ("import sys, widgets.app, widgets.class_session, widgets.predict; "
             "sys.exit('sqlalchemy' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", check]).returncode == 0
