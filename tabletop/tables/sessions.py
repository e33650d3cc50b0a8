"""Class sessions: a walkthrough's predict-first answers, gathered from the students' devices.

The teacher opens a session of a walkthrough (a five-letter code, as for a table); each
student's page joins it with a key of its own (kept in the page's address, never shown:
the store keeps only its digest). Every predict-first question of the walkthrough has a
stable key (the walkthrough and the question's text); a student has one answer per question,
which they may change until the teacher reveals the question, and not after::

    sessions = SessionStore()                             # the same store as the tables
    code = sessions.open_session("pitch", teacher_key)
    q = sessions.ask(code, "Chance of a double?", "probability")
    sessions.answer(code, q, student_key, 1 / 6, "1/6")
    sessions.reveal(code, q, teacher_key, exact=1 / 6, exact_text="1/6")
    sessions.csv(code)                                    # after the lesson

Every refusal is a :class:`~tabletop.tables.TableError` in words a student can read, and
leaves the store as it was.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy import exc

from .codes import new_code, read_code
from .connection import Connection, default_url
from .errors import StoreError, TableError
from .schema import ANSWERS, QUESTIONS, SESSIONS, TABLES
from .store import check_key, digest

#: What the codes of sessions are called in messages.
SESSION = "session"
#: What a question asks for: a chance (0 to 1), any number (a count, an average, an amount),
#: or one of the question's choices.
UNITS = ("probability", "number", "choice")
#: The columns of a session's CSV file, in order.
CSV_COLUMNS = ("question", "student", "answer", "exact", "time", "unit", "within")
#: How many characters of a student's digest the CSV shows (anonymous, yet one per student).
SHOWN_STUDENT = 10


class NoSuchSession(TableError):
    """No class session has this code."""


class AnswerRefused(TableError):
    """The store did not keep an answer (the question is revealed, or the answer is not one
    the question can take)."""


def question_key(walkthrough: str, text: str) -> str:
    """The stable key of a question: the same walkthrough and question text, the same key."""
    return hashlib.sha256(f"{walkthrough}\n{text}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class SessionInfo:
    """A class session: its code, its walkthrough, when it was opened."""

    code: str
    walkthrough: str
    opened: float


@dataclass(frozen=True)
class Reveal:
    """What the teacher revealed of a question: the exact value (None for a choice), as the
    page shows it, and the simulation's interval when the question has one."""

    exact: float | None
    exact_text: str
    interval: tuple[float, float] | None
    within: float | None


@dataclass(frozen=True)
class Answer:
    """One student's answer: ``value`` is the number (None for a choice), ``text`` the answer
    as read (the choice, or the number as the student wrote it)."""

    question: str
    student: str
    value: float | None
    text: str
    made: float


class SessionStore:
    """The class sessions of one database (see the module docstring)."""

    def __init__(self, url: str | None = None) -> None:
        self.db = Connection(url or default_url())

    def close(self) -> None:
        """Let go of the database connections."""
        self.db.close()

    # -- opening and finding sessions -----------------------------------------------------
    def open_session(self, walkthrough: str, teacher_key: str) -> str:
        """Open a session of ``walkthrough`` for the teacher's page holding ``teacher_key``;
        returns its code (never one a shared table already has)."""
        teacher = digest(check_key(teacher_key, "device"))
        if not isinstance(walkthrough, str) or not 0 < len(walkthrough) <= 80:
            raise TableError(f"a session is of a walkthrough named in 1 to 80 characters, "
                             f"not {walkthrough!r}")
        for _ in range(8):
            code = new_code()
            try:
                with self.db.failures(), self.db.writer.begin() as conn:
                    if conn.execute(sa.select(TABLES.c.code).where(
                            TABLES.c.code == code)).first() is not None:
                        continue
                    conn.execute(sa.insert(SESSIONS).values(
                        code=code, walkthrough=walkthrough, teacher=teacher,
                        opened=time.time()))
            except exc.IntegrityError:
                continue
            return code
        raise StoreError("no free session code was found; try again")

    def session(self, code: str) -> SessionInfo:
        """The session called ``code`` (typed by a student: spaces and case do not matter)."""
        code = read_code(code, SESSION)
        with self.db.failures(), self.db.reader.connect() as conn:
            row = conn.execute(sa.select(SESSIONS).where(SESSIONS.c.code == code)).first()
        if row is None:
            with self.db.failures(), self.db.reader.connect() as conn:
                table = conn.execute(sa.select(TABLES.c.code).where(
                    TABLES.c.code == code)).first()
            if table is not None:
                raise NoSuchSession(f"{code} is the code of a shared table, not of a class "
                                    "session: type it in the Table box of the game's "
                                    "dashboard (play page)")
            raise NoSuchSession(f"there is no class session {code} (check the code with "
                                "your teacher)")
        return SessionInfo(row.code, row.walkthrough, row.opened)

    def is_teacher(self, code: str, key: str) -> bool:
        """Whether ``key`` is the key of the page that opened session ``code``."""
        code = read_code(code, SESSION)
        with self.db.failures(), self.db.reader.connect() as conn:
            teacher = conn.execute(sa.select(SESSIONS.c.teacher).where(
                SESSIONS.c.code == code)).scalar_one_or_none()
        if teacher is None:
            raise NoSuchSession(f"there is no class session {code}")
        return teacher == digest(check_key(key, "device"))

    # -- questions ---------------------------------------------------------------------------
    def ask(self, code: str, text: str, unit: str, choices: Sequence[str] | None = None,
            within: float | None = None) -> str:
        """Make sure the session has the question ``text`` (any page may: the first one
        writes it); returns the question's key."""
        code = read_code(code, SESSION)
        if unit not in UNITS:
            raise TableError(f"a question asks for one of {', '.join(UNITS)}, not {unit!r}")
        if (unit == "choice") != bool(choices):
            raise TableError("a choice question needs its choices, and only it has some")
        info = self.session(code)
        key = question_key(info.walkthrough, text)
        row = {"code": code, "question": key, "text": text, "unit": unit,
               "choices": json.dumps(list(choices)) if choices else None, "within": within}
        try:
            with self.db.failures(), self.db.writer.begin() as conn:
                if conn.execute(sa.select(QUESTIONS.c.question).where(
                        QUESTIONS.c.code == code, QUESTIONS.c.question == key)).first() is None:
                    conn.execute(sa.insert(QUESTIONS).values(**row))
        except exc.IntegrityError:
            pass  # another page asked it at the same moment: it is there
        return key

    def _question(self, conn: sa.Connection, code: str, question: str) -> sa.Row:
        row = conn.execute(sa.select(QUESTIONS).where(
            QUESTIONS.c.code == code, QUESTIONS.c.question == question)).first()
        if row is None:
            if conn.execute(sa.select(SESSIONS.c.code).where(
                    SESSIONS.c.code == code)).first() is None:
                raise NoSuchSession(f"there is no class session {code}")
            raise TableError(f"session {code} has no such question")
        return row

    # -- answers ----------------------------------------------------------------------------
    def answer(self, code: str, question: str, student_key: str, value: float | None,
               text: str) -> None:
        """Keep the student's answer to ``question`` (replacing their earlier one), unless
        the teacher has revealed it or the answer is not one the question takes."""
        code, student = read_code(code, SESSION), digest(check_key(student_key, "device"))
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise AnswerRefused("an answer is written in 1 to 200 characters")
        with self.db.failures(), self.db.writer.begin() as conn:
            row = self._question(conn, code, question)
            if row.revealed is not None:
                raise AnswerRefused("the teacher has revealed this question: answers are "
                                    "closed")
            value = checked_value(row.unit, value, text, row.choices)
            where = (ANSWERS.c.code == code, ANSWERS.c.question == question,
                     ANSWERS.c.student == student)
            fields = {"value": value, "text": text.strip(), "made": time.time()}
            kept = conn.execute(sa.update(ANSWERS).where(*where).values(**fields))
            if kept.rowcount == 0:
                conn.execute(sa.insert(ANSWERS).values(
                    code=code, question=question, student=student, **fields))

    def my_answers(self, code: str, student_key: str) -> dict[str, str]:
        """The student's answers so far, by question key (what a reloaded page shows)."""
        code, student = read_code(code, SESSION), digest(check_key(student_key, "device"))
        with self.db.failures(), self.db.reader.connect() as conn:
            rows = conn.execute(sa.select(ANSWERS.c.question, ANSWERS.c.text).where(
                ANSWERS.c.code == code, ANSWERS.c.student == student)).all()
        return {row.question: row.text for row in rows}

    def counts(self, code: str) -> dict[str, int]:
        """How many students have answered each question (questions with none left out)."""
        code = read_code(code, SESSION)
        query = sa.select(ANSWERS.c.question, sa.func.count()).where(
            ANSWERS.c.code == code).group_by(ANSWERS.c.question)
        with self.db.failures(), self.db.reader.connect() as conn:
            return {question: n for question, n in conn.execute(query)}

    def answers(self, code: str, question: str | None = None) -> list[Answer]:
        """The session's answers (to ``question`` only, when given), oldest first."""
        code = read_code(code, SESSION)
        query = sa.select(ANSWERS).where(ANSWERS.c.code == code).order_by(ANSWERS.c.made)
        if question is not None:
            query = query.where(ANSWERS.c.question == question)
        with self.db.failures(), self.db.reader.connect() as conn:
            rows = conn.execute(query).all()
        return [Answer(r.question, r.student, r.value, r.text, r.made) for r in rows]

    # -- revealing ----------------------------------------------------------------------------
    def reveal(self, code: str, question: str, teacher_key: str, exact: float | None,
               exact_text: str, interval: tuple[float, float] | None = None,
               within: float | None = None) -> None:
        """Close ``question`` to answers and keep its exact value (and the simulation's
        interval, and the distance counted as close when given); only the page that opened
        the session may."""
        code = read_code(code, SESSION)
        if not self.is_teacher(code, teacher_key):
            raise TableError("only the teacher's page, which opened the session, reveals")
        low, high = interval if interval is not None else (None, None)
        with self.db.failures(), self.db.writer.begin() as conn:
            row = self._question(conn, code, question)
            if row.revealed is not None:
                return  # revealed already: the first exact value stands
            conn.execute(sa.update(QUESTIONS).where(
                QUESTIONS.c.code == code, QUESTIONS.c.question == question).values(
                exact=exact, exact_text=exact_text, low=low, high=high,
                within=row.within if within is None else within, revealed=time.time()))

    def revealed(self, code: str) -> dict[str, Reveal]:
        """The revealed questions of the session, by key."""
        code = read_code(code, SESSION)
        with self.db.failures(), self.db.reader.connect() as conn:
            rows = conn.execute(sa.select(QUESTIONS).where(
                QUESTIONS.c.code == code, QUESTIONS.c.revealed.is_not(None))).all()
        return {r.question: Reveal(r.exact, r.exact_text or "",
                                   (r.low, r.high) if r.low is not None else None, r.within)
                for r in rows}

    # -- after the lesson ----------------------------------------------------------------------
    def csv(self, code: str) -> str:
        """Every answer of the session as CSV (:data:`CSV_COLUMNS`): the question's text, the
        student's anonymous key, the answer, the exact value (empty until revealed), the time
        (UTC), the unit and the stated distance."""
        code = read_code(code, SESSION)
        query = (sa.select(ANSWERS, QUESTIONS.c.text.label("question_text"), QUESTIONS.c.unit,
                           QUESTIONS.c.within, QUESTIONS.c.exact, QUESTIONS.c.exact_text)
                 .join(QUESTIONS, sa.and_(QUESTIONS.c.code == ANSWERS.c.code,
                                          QUESTIONS.c.question == ANSWERS.c.question))
                 .where(ANSWERS.c.code == code).order_by(ANSWERS.c.made))
        with self.db.failures(), self.db.reader.connect() as conn:
            rows = conn.execute(query).all()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in rows:
            exact = r.exact_text if r.unit == "choice" else ("" if r.exact is None
                                                              else repr(r.exact))
            writer.writerow([
                r.question_text, r.student[:SHOWN_STUDENT],
                r.text if r.value is None else repr(r.value), exact,
                datetime.fromtimestamp(r.made, UTC).isoformat(timespec="seconds"),
                r.unit, "" if r.within is None else repr(r.within),
            ])
        return out.getvalue()


def checked_value(unit: str, value: float | None, text: str,
                  choices: str | None) -> float | None:
    """The answer's number as the store keeps it, or AnswerRefused saying why it is not one
    the question takes (a chance outside 0 to 1, a choice not offered...)."""
    if unit == "choice":
        offered = json.loads(choices or "[]")
        if text.strip() not in offered:
            raise AnswerRefused(f"{text.strip()!r} is not one of the choices: "
                                f"{', '.join(offered)}")
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value):
        raise AnswerRefused(f"{text!r} is not a number")
    if unit == "probability" and not 0 <= value <= 1:
        raise AnswerRefused(f"{text.strip()} is not a chance: a chance lies between 0 and 1 "
                            "(0% and 100%)")
    return float(value)


# -- the teacher's sheet: which questions the class found hardest ------------------------------
@dataclass(frozen=True)
class Difficulty:
    """How a class did on one question: answers, how many were within the stated distance of
    the exact value (the right choice, for a choice), the median distance, and the median
    distance counted in stated distances (what makes questions of any unit comparable)."""

    question: str
    answers: int
    within: int
    median_miss: float | None
    median_in_distances: float

    @property
    def share(self) -> float:
        """The share of the answers within the distance."""
        return self.within / self.answers if self.answers else 0.0


def median(values: Sequence[float]) -> float:
    """The median of ``values`` (not empty)."""
    ordered, half = sorted(values), len(values) // 2
    return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2


def hardest(lines: Iterable[str]) -> list[Difficulty]:
    """Read a session's CSV (:meth:`SessionStore.csv`) and rank its revealed questions, the
    hardest first: the smallest share within the distance, then the largest median distance
    counted in stated distances. A file that is not such a CSV raises a TableError naming
    what is missing."""
    reader = csv.DictReader(lines)
    missing = [c for c in CSV_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise TableError(f"this is not a class session's CSV: no column {', '.join(missing)}")
    tally: dict[str, list[tuple[bool, float | None, float]]] = {}
    for number, row in enumerate(reader, start=2):
        if not row["exact"]:
            continue  # never revealed: no exact value to compare with
        try:
            if row["unit"] == "choice":
                right = row["answer"] == row["exact"]
                mark = (right, None, 0.0 if right else 1.0)
            else:
                miss, within = abs(float(row["answer"]) - float(row["exact"])), float(
                    row["within"] or 0)
                mark = (miss <= within + 1e-12, miss, miss / within if within else miss)
        except ValueError:
            raise TableError(f"line {number} of the CSV is damaged: {row}") from None
        tally.setdefault(row["question"], []).append(mark)
    ranked = []
    for question, marks in tally.items():
        misses = [m for _, m, _ in marks if m is not None]
        ranked.append(Difficulty(question, len(marks), sum(ok for ok, _, _ in marks),
                                 median(misses) if misses else None,
                                 median([r for _, _, r in marks])))
    return sorted(ranked, key=lambda d: (d.share, -d.median_in_distances))
