"""The shared-table part of every dashboard's Table box: a class at one table.

On one screen it offers three things: **open** a shared table with the seats chosen above
(students' seats and bots; the table gets a fresh random seed, never shown), **join** a
table by its code, or pick one from the **list** of this game's tables. Each shows the
table's seats as links: a free student's seat links to this dashboard with the table, the
seat and a new secret key in the address (``?table=K7QX2&seat=Ann&key=...``), so that the
page that opens sits there, and a reload, a sleeping laptop or a dropped network puts the
student back in the same seat. ``?table=K7QX2`` alone watches the table: the public view
and the odds, for the projector.

Voilà gives each page's kernel the address's query string (``QUERY_STRING``) and its full
address (``VOILA_REQUEST_URL``); :meth:`Sharing.join_from_address` reads them.
"""

from __future__ import annotations

import os
import secrets
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import ipywidgets as w

from tabletop.tables import SeatTaken, TableError, TableInfo, TableStore

from .controls import SEAT_LABELS, button
from .shared_table import TableLink

if TYPE_CHECKING:
    from .app import GameApp

QUERY_ENV = "QUERY_STRING"
URL_ENV = "VOILA_REQUEST_URL"


def page_address() -> str:
    """This page's address without its query ("" outside Voilà, e.g. in JupyterLab)."""
    url = os.environ.get(URL_ENV, "")
    return urlunsplit(urlsplit(url)._replace(query="", fragment="")) if url else ""


def table_link(code: str, seat: str | None = None, key: str | None = None) -> str:
    """The query that opens this dashboard at table ``code`` (in ``seat``, with ``key``)."""
    fields = {"table": code, **({"seat": seat, "key": key} if seat else {})}
    return "?" + urlencode(fields)


class Sharing:
    """The widgets that open, join and list shared tables for ``app`` (see the module)."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.link: TableLink | None = None
        self._store: TableStore | None = None
        self._keys: dict[tuple[str, str], str] = {}
        self.open_button = button("Open a shared table with these seats", "tt-share-open",
                                  "Each student seat is played from its own device")
        self.code = w.Text(placeholder="table code", layout=w.Layout(width="120px"))
        self.code.add_class("tt-share-code")
        self.join_button = button("Join", "tt-share-join", "Show the seats of this table")
        self.list_button = button("Tables open now", "tt-share-list",
                                  "List this game's shared tables")
        guard = app.errors.guard
        self.open_button.on_click(guard("opening a shared table")(self._on_open))
        self.join_button.on_click(guard("joining a shared table")(self._on_join))
        self.list_button.on_click(guard("listing the shared tables")(self._on_list))
        self.start_row = w.HBox([self.open_button, self.code, self.join_button,
                                 self.list_button], layout=w.Layout(flex_flow="row wrap"))
        self.message = w.HTML("")
        self.message.add_class("tt-share-message")
        self.table = w.HTML("")
        self.table.add_class("tt-share-table")
        self.save = w.Textarea(layout=w.Layout(width="100%", height="60px", display="none"))
        self.save.add_class("tt-share-save")
        self.widget = w.VBox([
            w.HTML("<b>A class at one table</b>: every student on their own device."),
            self.start_row, self.message, self.table, self.save,
        ])
        self.widget.add_class("tt-share")

    def store(self) -> TableStore:
        """The store of tables, opened on first use (a StoreError says what is wrong)."""
        if self._store is None:
            self._store = TableStore()
        return self._store

    def say(self, text: str, problem: bool = False) -> None:
        """Show ``text`` under the buttons (in the colour of a refusal when ``problem``)."""
        css = ' class="tt-illegal"' if problem else ""
        self.message.value = f"<span{css}>{escape(text, quote=False)}</span>" if text else ""

    # -- arriving at a table -------------------------------------------------------------
    def join_from_address(self, query: str | None = None) -> None:
        """Sit at the table the page's address names, if it names one (``query`` defaults to
        Voilà's ``QUERY_STRING``)."""
        fields = parse_qs(os.environ.get(QUERY_ENV, "") if query is None else query)
        code = fields.get("table", [""])[0]
        if code:
            self.sit(code, fields.get("seat", [None])[0], fields.get("key", [None])[0])

    def sit(self, code: str, seat: str | None = None, key: str | None = None) -> bool:
        """Play table ``code`` on this page, in ``seat`` (None: watch it). A seat that is not
        free leaves the page watching, and says why; a bad code leaves it as it was."""
        try:
            self.link = TableLink(self.app, self.store(), code, seat, key)
        except SeatTaken as error:
            self.say(f"{error}.", problem=True)
            return self.sit(code) and False
        except TableError as error:
            self.say(f"Not at a table: {error}.", problem=True)
            return False
        self.start_row.layout.display = "none"
        self.app.controls.widget.layout.display = "none"
        self.show_table()
        return True

    # -- the buttons -----------------------------------------------------------------------
    def _on_open(self, _button: w.Button) -> None:
        seats = self.app.controls.chosen_seats()
        if "human" not in seats.values():
            self.say("Give at least one seat to a student (in the seats above) first.", True)
            return
        game = self.app.new_game(list(self.app.game.players), secrets.randbelow(2**31))
        try:
            code = self.store().open_table(game, seats)
            info = self.store().table(code)
        except TableError as error:
            self.say(f"No table was opened: {error}.", problem=True)
            return
        where = page_address()
        shared = f" — or open {where}{table_link(code)}" if where else ""
        self.say(f"Table {code} is open. Students: type the code {code} here{shared}, "
                 "then take a seat.")
        self.table.value = self.seats_html(info)

    def _on_join(self, _widget: w.Widget) -> None:
        try:
            info = self.store().table(self.code.value)
        except TableError as error:
            self.say(f"{error}.", problem=True)
            return
        if info.game != self.app.game_name:
            self.say(f"Table {info.code} plays {info.game}: open it from that game's "
                     "dashboard.", problem=True)
            return
        self.say(f"Table {info.code}: take a free seat, or watch.")
        self.table.value = self.seats_html(info)

    def _on_list(self, _button: w.Button) -> None:
        try:
            tables = self.store().tables(self.app.game_name)
        except TableError as error:
            self.say(f"{error}.", problem=True)
            return
        if not tables:
            self.say("No shared table of this game is open yet.")
            self.table.value = ""
            return
        self.say(f"{len(tables)} shared table{'s' * (len(tables) > 1)} of this game:")
        self.table.value = "".join(self.seats_html(info) for info in tables[:20])

    # -- what the box shows --------------------------------------------------------------------
    def seats_html(self, info: TableInfo) -> str:
        """The table's code, its seats (a link for each free student's seat) and a link to
        watch it."""
        items = []
        for seat in info.seats:
            name = escape(seat.player)
            if seat.kind != "human":
                items.append(f"<li>{name}: {SEAT_LABELS[seat.kind]}</li>")
            elif seat.taken:
                items.append(f"<li>{name}: taken</li>")
            else:
                key = self._keys.setdefault((info.code, seat.player), secrets.token_urlsafe(9))
                href = escape(table_link(info.code, seat.player, key))
                items.append(f'<li><a class="tt-seat-link" data-seat="{name}" href="{href}" '
                             f'target="_self">Sit as {name}</a></li>')
        watch = escape(table_link(info.code))
        return (f'<div class="tt-share-info" data-code="{info.code}"><b>Table {info.code}</b> '
                f"· {info.steps} moves · <a class='tt-watch-link' href=\"{watch}\" "
                f"target='_self'>watch (projector)</a><ul>{''.join(items)}</ul></div>")

    def show_table(self) -> None:
        """The table this page plays: who it sits as, whether the store answers, the free
        seats, and the game's save once it is over."""
        link = self.link
        if link is None:
            return
        who = f"you sit as <b>{escape(link.seat)}</b>" if link.seat else "watching"
        status = (f'<span class="tt-illegal">⚠ {escape(link.problem)}; trying again…</span>'
                  if link.problem else "")
        free = [s for s in link.info.seats if s.kind == "human" and not s.taken]
        seats = self.seats_html(link.info) if free else ""
        self.table.value = (f'<div class="tt-share-here" data-code="{link.code}" '
                            f'data-seat="{escape(link.seat or "")}">Table <b>{link.code}</b> · '
                            f"{who} {status}</div>{seats}")
        game = self.app.game
        if game.is_over and self.save.layout.display == "none":
            self.save.value = game.save()
            self.save.layout.display = "flex"
            self.say("The game is over: its save is below (paste it into Load to study it).")
