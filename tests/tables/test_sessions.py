"""Class sessions in the store (issue 21), on SQLite and on a real PostgreSQL server: one
answer per student per question, changeable until the teacher reveals and refused after,
every bad input refused with a clear message and the store unchanged, the CSV of the
session and the teacher's sheet's ranking of the hardest questions."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tabletop.tables import (
    AnswerRefused,
    NoSuchSession,
    SessionStore,
    TableError,
    TableStore,
)
from tabletop.tables.sessions import CSV_COLUMNS, hardest, question_key

TEACHER = "teacher-page-key"
ANN, BOB, CY = "ann-device-key", "bob-device-key", "cy-device-key"
DOUBLE = "Chance of a double with two dice?"
TOTAL = "On average, what do three dice add up to?"
SIDE = "Which side of a coin is more likely?"


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SessionStore]:
    """An empty store of sessions, on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        opened = SessionStore(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    else:
        opened = SessionStore(request.getfixturevalue("postgres").url)
        with opened.db.writer.begin() as conn:
            for name in ("tabletop_answers", "tabletop_questions", "tabletop_sessions"):
                conn.execute(sa.text(f"DELETE FROM {name}"))
    yield opened
    opened.close()


def lesson(sessions: SessionStore) -> tuple[str, str, str]:
    code = sessions.open_session("probability_primer", TEACHER)
    return (code, sessions.ask(code, DOUBLE, "probability", within=0.05),
            sessions.ask(code, TOTAL, "number", within=1.0))


def test_each_student_has_one_answer_per_question(sessions: SessionStore) -> None:
    code, double, total = lesson(sessions)
    sessions.answer(code, double, ANN, 1 / 6, "1/6")
    sessions.answer(code, double, BOB, 0.25, "25%")
    sessions.answer(code, double, ANN, 0.2, "0.2")  # Ann changes her mind
    sessions.answer(code, total, ANN, 10.5, "10.5")
    assert sessions.counts(code) == {double: 2, total: 1}
    assert sorted(a.text for a in sessions.answers(code, double)) == ["0.2", "25%"]
    assert sessions.my_answers(code, ANN) == {double: "0.2", total: "10.5"}
    assert sessions.my_answers(code, CY) == {}


def test_a_question_asked_again_keeps_its_key_and_answers(sessions: SessionStore) -> None:
    code, double, _ = lesson(sessions)
    sessions.answer(code, double, ANN, 1 / 6, "1/6")
    assert sessions.ask(code, DOUBLE, "probability") == double  # a reloaded page asks again
    assert double == question_key("probability_primer", DOUBLE)
    assert sessions.counts(code) == {double: 1}


def test_answers_are_refused_once_the_teacher_reveals(sessions: SessionStore) -> None:
    code, double, total = lesson(sessions)
    sessions.answer(code, double, ANN, 0.2, "0.2")
    sessions.reveal(code, double, TEACHER, 1 / 6, "1/6")
    with pytest.raises(AnswerRefused, match="revealed"):
        sessions.answer(code, double, ANN, 1 / 6, "1/6")
    with pytest.raises(AnswerRefused, match="revealed"):
        sessions.answer(code, double, BOB, 1 / 6, "1/6")
    assert [a.text for a in sessions.answers(code, double)] == ["0.2"]
    sessions.answer(code, total, ANN, 10.5, "10.5")  # another question is still open
    shown = sessions.revealed(code)
    assert set(shown) == {double} and shown[double].exact_text == "1/6"


def test_only_the_teachers_page_reveals(sessions: SessionStore) -> None:
    code, double, _ = lesson(sessions)
    with pytest.raises(TableError, match="only the teacher"):
        sessions.reveal(code, double, ANN, 1 / 6, "1/6")
    assert sessions.revealed(code) == {}
    sessions.reveal(code, double, TEACHER, 1 / 6, "1/6", interval=(0.15, 0.18))
    sessions.reveal(code, double, TEACHER, 0.5, "1/2")  # a second reveal changes nothing
    assert sessions.revealed(code)[double].interval == (0.15, 0.18)
    assert sessions.revealed(code)[double].exact == pytest.approx(1 / 6)


@pytest.mark.parametrize(("value", "text", "message"), [
    (1.5, "1.5", "not a chance"),
    (-0.1, "-10%", "not a chance"),
    (float("nan"), "nan", "not a number"),
    (None, "a lot", "not a number"),
    (0.5, "", "1 to 200 characters"),
])  # fmt: skip
def test_a_bad_answer_is_refused_and_changes_nothing(
        sessions: SessionStore, value: float | None, text: str, message: str) -> None:
    code, double, _ = lesson(sessions)
    sessions.answer(code, double, ANN, 0.2, "0.2")
    with pytest.raises(AnswerRefused, match=message):
        sessions.answer(code, double, ANN, value, text)
    assert sessions.my_answers(code, ANN) == {double: "0.2"}


def test_a_choice_must_be_one_offered(sessions: SessionStore) -> None:
    code = sessions.open_session("probability_primer", TEACHER)
    side = sessions.ask(code, SIDE, "choice", choices=["heads", "tails", "neither"])
    with pytest.raises(AnswerRefused, match="not one of the choices"):
        sessions.answer(code, side, ANN, None, "edge")
    sessions.answer(code, side, ANN, None, "neither")
    assert sessions.my_answers(code, ANN) == {side: "neither"}
    with pytest.raises(TableError, match="needs its choices"):
        sessions.ask(code, "Which?", "choice")


def test_a_bad_code_key_or_question_is_refused(sessions: SessionStore) -> None:
    code, double, _ = lesson(sessions)
    with pytest.raises(NoSuchSession, match="no class session"):
        sessions.session("ZZZZZ" if code != "ZZZZZ" else "YYYYY")
    with pytest.raises(TableError, match="'K0O1' is not a session code"):
        sessions.session("K0O1")
    with pytest.raises(TableError, match="device key"):
        sessions.answer(code, double, "short", 0.2, "0.2")
    with pytest.raises(TableError, match="no such question"):
        sessions.answer(code, "not-a-question", ANN, 0.2, "0.2")
    with pytest.raises(TableError, match="asks for one of"):
        sessions.ask(code, DOUBLE, "percent")
    assert sessions.counts(code) == {}


def test_a_session_code_is_never_a_tables_code(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    sessions, tables = SessionStore(url), TableStore(url)
    code = sessions.open_session("pitch", TEACHER)
    with pytest.raises(TableError, match="no table"):
        tables.table(code)
    sessions.close()
    tables.close()


def test_the_csv_has_every_answer_once_and_ranks_the_hardest(sessions: SessionStore) -> None:
    code, double, total = lesson(sessions)
    sessions.answer(code, double, ANN, 0.2, "0.2")
    sessions.answer(code, double, BOB, 0.5, "1/2")
    sessions.answer(code, total, ANN, 10.5, "10.5")
    sessions.answer(code, total, BOB, 12.0, "12")
    sessions.reveal(code, double, TEACHER, 1 / 6, "1/6")
    sessions.reveal(code, total, TEACHER, 10.5, "10.5")
    text = sessions.csv(code)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 4
    assert {(r["question"], r["answer"]) for r in rows} == {
        (DOUBLE, "0.2"), (DOUBLE, "0.5"), (TOTAL, "10.5"), (TOTAL, "12.0")}
    assert len({r["student"] for r in rows}) == 2  # anonymous, yet one key per student
    assert ANN not in text and BOB not in text
    ranked = hardest(io.StringIO(text))
    assert [(d.question, d.within, d.answers) for d in ranked] == [(DOUBLE, 1, 2), (TOTAL, 1, 2)]
    assert ranked[0].median_miss == pytest.approx((0.2 + 0.5) / 2 - 1 / 6)


def test_the_sheet_refuses_a_file_that_is_not_a_sessions_csv() -> None:
    with pytest.raises(TableError, match="not a class session's CSV"):
        hardest(io.StringIO("name,score\nAnn,3\n"))


def test_a_tables_code_is_no_session_and_the_refusal_says_where_it_belongs(
        tmp_path: Path) -> None:
    import tabletop

    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    sessions, tables = SessionStore(url), TableStore(url)
    game = tabletop.new_game("rush", players=["Ann", "Bob"], seed=1)
    code = tables.open_table(game, {"Ann": "human", "Bob": "random"})
    with pytest.raises(NoSuchSession, match=f"{code} is the code of a shared table, not of a "
                       "class session: type it in the Table box of the game's dashboard"):
        sessions.session(code)
    sessions.close()
    tables.close()
