"""The three tables of the store, the same on SQLite and PostgreSQL (SQLAlchemy Core).

- ``tabletop_tables``: one row per shared table: its code, its game, and ``start``, the
  game's save before the first move (players, seed, options and anything arranged).
- ``tabletop_seats``: one row per player: the seat's place, its kind ("human" for a
  student, or a bot's kind) and ``holder``, a digest of the key of the device sitting there.
- ``tabletop_moves``: the append-only list of moves: the step (how many moves came
  before), the action as JSON, who made it and when. The key (code, step) makes a second
  move at the same step impossible.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

METADATA = MetaData()

TABLES = Table(
    "tabletop_tables", METADATA,
    Column("code", String(8), primary_key=True),
    Column("game", String(40), nullable=False, index=True),
    Column("start", Text, nullable=False),
    Column("opened", Float, nullable=False),
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
