"""A page never shows a traceback (issue 36): a failed callback shows one sentence of what
went wrong and what to do; the traceback goes to the server's log with the table and step."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import tabletop
from tabletop.tables import ENV, TableStore
from widgets.errors import ErrorArea
from widgets.pitch import PitchApp
from widgets.sharing import table_link


def fail() -> None:
    raise RuntimeError("the board could not be drawn\nsecond line of detail")


def test_an_error_shows_one_sentence_and_what_to_do() -> None:
    area = ErrorArea()
    area.call("drawing the board", fail)
    shown = area.widget.value
    assert shown == ("<p role='alert'>Something went wrong (drawing the board): the board could "
                     "not be drawn. Reload the page; if it happens again, ask your teacher.</p>")
    for secret in ("Traceback", 'File "', "second line", "RuntimeError"):
        assert secret not in shown


def test_the_traceback_goes_to_the_log_with_the_table_and_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv(ENV, f"sqlite:///{tmp_path / 'tables.sqlite'}")
    store = TableStore()
    players = ["Ann", "Bob"]
    code = store.open_table(tabletop.new_game("pitch", players=players, seed=3),
                            dict.fromkeys(players, "human"))
    app = PitchApp(players=players, seed=2)
    app.sharing.join_from_address(table_link(code)[1:])
    with caplog.at_level(logging.ERROR, logger="widgets"):
        app.errors.call("following the shared table", fail)
    record = next(r for r in caplog.records if r.name == "widgets")
    assert record.getMessage() == f"error in following the shared table (table {code}, step 0)"
    assert record.exc_info is not None and "second line" in caplog.text
    assert "Traceback" not in app.errors.widget.value
    store.close()
