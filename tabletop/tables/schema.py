"""The tables of the store, the same on SQLite and PostgreSQL (SQLAlchemy Core).

- ``tabletop_tables``: one row per shared table: its code, its game, and ``start``, the
  game's save before the first move (players, seed, options and anything arranged);
  ``host``, a digest of the key of the page that opened it (only that page closes it), and
  ``closed``, when it was closed (a closed table keeps no more moves). These two columns
  came later: :func:`upgrade` adds them to an older store as it opens.
- ``tabletop_seats``: one row per player: the seat's place, its kind ("human" for a
  student, or a bot's kind) and ``holder``, a digest of the key of the device sitting there.
- ``tabletop_moves``: the append-only list of moves: the step (how many moves came
  before), the action as JSON, who made it and when. The key (code, step) makes a second
  move at the same step impossible.
- ``tabletop_sessions``, ``tabletop_questions``, ``tabletop_answers``: class sessions of a
  walkthrough, their questions (and, once revealed, the exact value) and one answer per
  student per question (the key (code, question, student) makes a second one impossible).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import Column, Float, ForeignKey, Integer, MetaData, String, Table, Text, exc

METADATA = MetaData()

TABLES = Table(
    "tabletop_tables", METADATA,
    Column("code", String(8), primary_key=True),
    Column("game", String(40), nullable=False, index=True),
    Column("start", Text, nullable=False),
    Column("opened", Float, nullable=False),
    Column("host", String(64)),
    Column("closed", Float),
)  # fmt: skip

SEATS = Table(
    "tabletop_seats", METADATA,
    Column("code", String(8), ForeignKey("tabletop_tables.code"), primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("place", Integer, nullable=False),
    Column("kind", String(20), nullable=False),
    Column("holder", String(64)),
)  # fmt: skip

MOVES = Table(
    "tabletop_moves", METADATA,
    Column("code", String(8), ForeignKey("tabletop_tables.code"), primary_key=True),
    Column("step", Integer, primary_key=True, autoincrement=False),
    Column("action", Text, nullable=False),
    Column("player", String(80), nullable=False),
    Column("made", Float, nullable=False),
)  # fmt: skip

# A class session (widgets/class_session.py): one walkthrough, its predict-first questions and
# each student's answer to them. ``teacher`` is a digest of the key of the teacher's page (only
# it reveals); ``student`` a digest of the key a student's page keeps in its address.
SESSIONS = Table(
    "tabletop_sessions", METADATA,
    Column("code", String(8), primary_key=True),
    Column("walkthrough", String(80), nullable=False),
    Column("teacher", String(64), nullable=False),
    Column("opened", Float, nullable=False),
)  # fmt: skip

QUESTIONS = Table(
    "tabletop_questions", METADATA,
    Column("code", String(8), ForeignKey("tabletop_sessions.code"), primary_key=True),
    Column("question", String(64), primary_key=True),
    Column("text", Text, nullable=False),
    Column("unit", String(20), nullable=False),
    Column("choices", Text),
    Column("within", Float),
    Column("exact", Float),
    Column("exact_text", Text),
    Column("low", Float),
    Column("high", Float),
    Column("revealed", Float),
)  # fmt: skip

ANSWERS = Table(
    "tabletop_answers", METADATA,
    Column("code", String(8), primary_key=True),
    Column("question", String(64), primary_key=True),
    Column("student", String(64), primary_key=True),
    Column("value", Float),
    Column("text", Text, nullable=False),
    Column("made", Float, nullable=False),
    sa.ForeignKeyConstraint(["code", "question"],
                            ["tabletop_questions.code", "tabletop_questions.question"]),
)  # fmt: skip


def upgrade(engine: sa.Engine) -> None:
    """Add the columns of ``tabletop_tables`` that an older store lacks (both may be null, so
    its tables read as open ones with no host). Two pages upgrading at once are harmless: the
    second one's ``ALTER`` fails and the column is there."""
    for column in TABLES.columns:
        if column.name in _columns(engine):
            continue
        kind = column.type.compile(dialect=engine.dialect)
        try:
            with engine.begin() as conn:
                conn.execute(sa.text(f"ALTER TABLE {TABLES.name} ADD COLUMN {column.name} {kind}"))
        except exc.DBAPIError:
            if column.name not in _columns(engine):
                raise


def _columns(engine: sa.Engine) -> set[str]:
    return {c["name"] for c in sa.inspect(engine).get_columns(TABLES.name)}
