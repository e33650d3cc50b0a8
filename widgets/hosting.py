"""The shared tables a teacher's page opened: its key as their host, and closing them.

A page that opens a table is its host (the store keeps a digest of the page's key): only it
can close the table, after which the table keeps no more moves and leaves the list of tables
playing now. :class:`Hosting` keeps that key and shows a **Close table K7QX2** button for
each of the page's tables that is still open, but the one the page follows (the Table box
closes that one with **Close this table**).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import ipywidgets as w

from .controls import button

if TYPE_CHECKING:
    from tabletop import Game
    from tabletop.tables import TableStore


class Hosting:
    """This page's key as a host, and the buttons that close its open tables."""

    def __init__(self, guard: Callable[[str], Callable], closed: Callable[[str], None]) -> None:
        """``guard``: the app's error guard; ``closed(code)``: called once a button closed a
        table."""
        self.key = secrets.token_urlsafe(12)
        #: The codes of the tables this page opened.
        self.opened: set[str] = set()
        self._guard, self._closed = guard, closed
        self.widget = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.widget.add_class("tt-share-own")

    def open(self, store: TableStore, game: Game, seats: Mapping[str, str]) -> str:
        """Open a table for ``game`` with ``seats``, this page its host; returns its code."""
        code = store.open_table(game, seats, host=self.key)
        self.opened.add(code)
        return code

    def close(self, store: TableStore, code: str) -> None:
        """Close table ``code`` (a TableError says why not: not this page's, no such table)."""
        store.close_table(code, self.key)

    def show(self, store: TableStore, game: str, followed: str | None) -> None:
        """A close button for each open table of ``game`` this page opened, but ``followed``."""
        codes = [info.code for info in store.tables(game, open_only=True, host=self.key)
                 if info.code != followed]
        buttons = []
        for code in codes:
            made = button(f"Close table {code}", "tt-share-close-other",
                          f"Table {code} was opened on this page: close it (it keeps no more "
                          "moves)")
            made.on_click(self._guard("closing a shared table")(self._closer(store, code)))
            buttons.append(made)
        self.widget.children = buttons

    def _closer(self, store: TableStore, code: str) -> Callable[[w.Button], None]:
        def close(_button: w.Button) -> None:
            self.close(store, code)
            self._closed(code)

        return close
