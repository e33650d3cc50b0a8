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
from widgets.address import URL_ENV
from widgets.predict import PredictFirst, read_answer, unit_of

CHANCE = "Chance of a double with two dice?"
MEAN = "On average, what do three dice add up to?"
SUM = "Chance that two dice add up to 7?"


def open_session(walkthrough: str = "primer") -> class_session.ClassSession:
    """Open a class session from a teacher's bar: the page's session."""
    bar = class_session.SessionBar(walkthrough)
    bar._on_open(bar.open_button)
    session = class_session.current()
    assert session is not None and session.role == "teacher"
    return session


def join(code: str, student: str = "student-key-0") -> class_session.ClassSession:
    """A student's page (its address naming session ``code``): the page's session."""
    class_session.SessionBar("primer").join_from_address(f"session={code}&student={student}")
    session = class_session.current()
    assert session is not None and session.role == "student"
    return session


def folded(*boxes: PredictFirst) -> list[bool]:
    """Which of ``boxes`` carries the fold (the lesson is hidden after it)."""
    return [class_session.FOLD in box.widget._dom_classes for box in boxes]


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
    assert "3 answers: 2 of 3 (67%) within 0.05 of the answer, 1/6 ≈ 0.1667." in shown.status.value
    assert "interval: 0.1500 to 0.1800" in shown.status.value
    assert bytes(shown.plot.value).startswith(b"\x89PNG")

    bar = class_session.SessionBar("primer")
    bar.join_from_address(f"session={code}&student=student-key-0")
    student = class_session.current()
    assert student is not None
    mine = next(b for b in student.boxes.values() if b.box is chance)
    assert mine.closed and "Answers are closed" in mine.status.value
    assert "The answer is 1/6 ≈ 0.1667. Your guess" in mine.status.value
    judged = mine.status.value
    chance.guess.value = "0.9"  # too late: not sent, and the verdict stays
    assert chance.guess.value == "1/6" and mine.status.value == judged
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
    assert f"Session {session.code} is of another lesson (Primer)" in other.message.value
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
        "No one answered. The answer: 5/6.")
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


def test_a_students_lesson_unfolds_as_they_answer_or_the_teacher_reveals(
        store_url: str) -> None:
    first, second, third = (PredictFirst(CHANCE, lambda: Fraction(1, 6)),
                            PredictFirst(MEAN, lambda: Fraction(21, 2)),
                            PredictFirst(SUM, lambda: Fraction(1, 6)))
    assert folded(first, second, third) == [False, False, False]  # alone: whole
    teacher = open_session()
    assert folded(first, second, third) == [False, False, False]  # the teacher's: whole
    student = join(teacher.code)
    assert folded(first, second, third) == [True, False, False]
    first.guess.value = "1/5"
    assert folded(first, second, third) == [False, True, False]
    teacher.boxes[student.folded.key].reveal_to_class()  # type: ignore[union-attr]
    student.poll()
    assert folded(first, second, third) == [False, False, True]
    third.guess.value = "0.2"
    assert folded(first, second, third) == [False, False, False]
    assert join(teacher.code, "student-key-1").folded is not None  # another student: folded
    assert folded(first, second, third) == [True, False, False]


def test_a_returning_student_is_folded_where_they_left_off(store_url: str) -> None:
    first, second = PredictFirst(CHANCE, lambda: Fraction(1, 6)), PredictFirst(MEAN, lambda: 3)
    code = open_session().code
    join(code)
    first.guess.value = "1/6"
    join(code)  # the page reloaded: its kernel's boxes are the same
    assert folded(first, second) == [False, True]


def test_typing_the_code_joins_in_place_and_publishes_the_students_address(
        store_url: str) -> None:
    PredictFirst(CHANCE, lambda: Fraction(1, 6))
    code = open_session().code
    bar = class_session.SessionBar("primer")
    bar.code.value = f" {code.lower()} "
    student = class_session.current()
    assert student is not None and student.role == "student" and student.code == code
    assert f'data-code="{code}"' in bar.panel.value
    query = f"?session={code}&amp;student={student.key}"
    assert f'data-query="{query}" data-keep="address" data-fold="1"' in bar.state.value


def test_a_teachers_tab_gives_back_its_session_and_the_page_rejoins_as_teacher(
        store_url: str) -> None:
    teacher = open_session()
    bar = class_session.SessionBar("primer")
    class_session._session = None  # a reloaded page: a new kernel, in no session
    bar.resume.value = f"?session={teacher.code}&teacher={teacher.key}"
    rejoined = class_session.current()
    assert rejoined is not None and rejoined.role == "teacher"
    assert 'data-keep="tab"' in bar.state.value
    assert f'data-code="{teacher.code}"' in bar.panel.value


def test_a_slider_answer_is_echoed_and_kept_as_its_readout_shows_it(store_url: str) -> None:
    box = PredictFirst("How many sixes in 27 throws, on average?", lambda: 4.5,
                       slider=(0, 10, 0.05))
    session = join(open_session().code)
    mine = session.boxes[session.folded.key]  # type: ignore[union-attr]
    for value, shown in ((0.7500000000000001, "0.75"), (4.5, "4.50")):
        box.guess.value = value
        mine.send()
        assert f"Your answer {shown} is in" in mine.status.value
    kept = SessionStore(store_url).answers(session.code)
    assert [(a.text, a.value) for a in kept] == [("4.50", 4.5)]


def test_the_reveal_judges_the_counted_answer_not_a_refused_late_one(store_url: str) -> None:
    box = PredictFirst(CHANCE, lambda: Fraction(1, 6))
    teacher = open_session()
    student = join(teacher.code)
    mine = student.boxes[student.folded.key]  # type: ignore[union-attr]
    box.guess.value = "0.3"
    next(iter(teacher.boxes.values())).reveal_to_class()
    box.guess.value = "0.99"  # typed as the teacher revealed: the store refuses it
    assert box.guess.value == "0.3"
    assert ("The answer is 1/6 ≈ 0.1667. Your guess 0.3000 is 0.1333 too high."
            in mine.status.value)


def test_a_student_who_sent_nothing_is_told_so_at_the_reveal(store_url: str) -> None:
    box = PredictFirst(CHANCE, lambda: Fraction(1, 6))
    teacher = open_session()
    student = join(teacher.code)
    box.guess.value = ""
    next(iter(teacher.boxes.values())).reveal_to_class()
    student.poll()
    assert "You sent no answer. The answer is 1/6 ≈ 0.1667." in next(
        iter(student.boxes.values())).status.value


def test_a_tables_code_in_the_session_box_says_where_it_belongs(store_url: str) -> None:
    import tabletop
    from tabletop.tables import TableStore

    game = tabletop.new_game("rush", players=["Ann", "Bob"], seed=1)
    code = TableStore(store_url).open_table(game, {"Ann": "human", "Bob": "random"})
    bar = class_session.SessionBar("primer")
    bar.code.value = code
    assert (f"{code} is the code of a shared table, not of a class session: type it in the "
            "Table box of the game's dashboard") in bar.message.value
    bar.code.value = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
    assert "There is no class session" in bar.message.value


def test_the_teachers_panel_says_when_the_server_answers_this_computer_only(
        store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(URL_ENV, "http://127.0.0.1:8866/voila/render/primer/lesson_1.ipynb")
    monkeypatch.setattr(class_session, "reachable_address", lambda _url: None)
    bar = class_session.SessionBar("primer")
    bar._on_open(bar.open_button)
    assert ("This server answers this computer only: for the class's devices, start it with "
            "<code>make play IP=0.0.0.0</code>") in bar.panel.value
    room = "http://10.0.0.5:8866/voila/render/primer/lesson_1.ipynb"
    monkeypatch.setattr(class_session, "reachable_address", lambda _url: room)
    bar._on_open(bar.open_button)
    assert f"Students: open {room} and type the code" in bar.panel.value


def test_an_answer_with_no_short_exact_form_is_called_about_its_value() -> None:
    from tabletop.tables.sessions import Reveal

    reveal = Reveal(exact=7.1468, exact_text="≈ 7.147", interval=None, within=0.7)
    assert class_session.summary([7.0], ["7"], reveal, "number").endswith(
        "within 0.7 of the answer, about 7.147.")


def test_a_slider_is_as_wide_as_its_steps_need() -> None:
    box = PredictFirst("How many turns, on average?", lambda: 5, slider=(1, 10.5, 0.25))
    assert int(box.guess.layout.width.removesuffix("px")) >= 38 * 8
