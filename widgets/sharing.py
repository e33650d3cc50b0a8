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

One table per page at a time: while the table this page opened is open, **Open a shared
table** gives way to **Close this table** (a second press already on its way is refused,
saying so); joining another table stops following the previous one first. The tables this
page opened and left open are listed with **Tables open now**, each with a close button
(:mod:`widgets.hosting`).
"""

from __future__ import annotations

import os
import secrets
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from tabletop.tables.errors import SeatTaken, TableError

from .address import (
    QUERY_ENV,
    command_html,
    page_address,
    reachable_address,
    where_to_type,
)
from .controls import SEAT_LABELS, button
from .hosting import Hosting
from .shared_table import TableLink

if TYPE_CHECKING:
    from tabletop.tables import TableInfo, TableStore

    from .app import GameApp



def table_link(code: str, seat: str | None = None, key: str | None = None) -> str:
    """The query that opens this dashboard at table ``code`` (in ``seat``, with ``key``)."""
    fields = {"table": code, **({"seat": seat, "key": key} if seat else {})}
    return "?" + urlencode(fields)


class Sharing:
    """The widgets that open, join and list shared tables for ``app`` (see the module).

    The app lays them at the top of its page (:attr:`widget`): a table's code, its seats'
    links and, on the projector, the code in large type are the first things on screen."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.link: TableLink | None = None
        self._store: TableStore | None = None
        self._keys: dict[tuple[str, str], str] = {}
        self._reach: tuple[str, str | None] | None = None
        self.open_button = button("Open a shared table", "tt-share-open",
                                  "With the seats chosen under Table: each student seat is "
                                  "played from its own device")
        self.close_button = button("Close this table", "tt-share-close",
                                   "Close the table this page opened: it keeps no more moves, "
                                   "and this page plays a game of its own again")
        self.close_button.layout.display = "none"
        # Enter (or leaving the box) joins, as the Join button does.
        self.code = w.Text(placeholder="table code", continuous_update=False,
                           layout=w.Layout(width="120px"))
        self.code.add_class("tt-share-code")
        self.join_button = button("Join", "tt-share-join", "Show the seats of this table")
        self.list_button = button("Tables open now", "tt-share-list",
                                  "List this game's shared tables that are still playing")
        guard = app.errors.guard
        self.hosting = Hosting(guard, self._after_closing)
        self.open_button.on_click(guard("opening a shared table")(self._on_open))
        self.close_button.on_click(guard("closing the shared table")(self._on_close))
        self.join_button.on_click(guard("joining a shared table")(self._on_join))
        self.code.observe(guard("joining a shared table")(self._on_code), names="value")
        self.list_button.on_click(guard("listing the shared tables")(self._on_list))
        self.start_row = w.HBox([
            w.HTML("<b>A class at one table</b>, every student on their own device:"),
            self.open_button, self.close_button, self.code, self.join_button, self.list_button,
        ], layout=w.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        self.message = w.HTML("")
        self.message.add_class("tt-share-message")
        self.table = w.HTML("")
        self.table.add_class("tt-share-table")
        self.save = w.Textarea(layout=w.Layout(width="100%", height="60px", display="none"))
        self.save.add_class("tt-share-save")
        self.widget = w.VBox([self.start_row, self.message, self.hosting.widget, self.table,
                              self.save])
        self.widget.add_class("tt-share")

    def store(self) -> TableStore:
        """The store of tables, opened on first use (a StoreError says what is wrong)."""
        if self._store is None:
            from tabletop.tables import TableStore  # SQLAlchemy, loaded when first needed

            self._store = TableStore()
        return self._store

    def say(self, text: str, problem: bool = False) -> None:
        """Show ``text`` under the buttons (in the colour of a refusal when ``problem``)."""
        css = ' class="tt-illegal"' if problem else ""
        self.message.value = f"<span{css}>{escape(text, quote=False)}</span>" if text else ""

    def reachable(self) -> str | None:
        """This dashboard's address as the students' devices can open it (None: the server
        answers this computer only); worked out once per page."""
        where = page_address()
        if self._reach is None or self._reach[0] != where:
            self._reach = (where, reachable_address(where) if where else None)
        return self._reach[1]

    def where_to_type(self, code: str) -> str:
        """Where students go to sit at table ``code``, in words."""
        where = page_address()
        return where_to_type(code, "this dashboard's code box", where,
                             self.reachable() if where else None)

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
        free leaves the page watching, and says why; a bad code leaves it as it was. A page
        that sits hides the table's buttons; a watching one keeps the code box (to join
        another table, or take a seat once one is free)."""
        try:
            link = TableLink(self.app, self.store(), code, seat, key)
        except SeatTaken as error:
            self.say(f"{error}.", problem=True)
            return self.sit(code) and False
        except TableError as error:
            self.say(f"Not at a table: {error}.", problem=True)
            return False
        self.link = link
        if seat is not None:
            self.start_row.layout.display = "none"
        self.app.controls.widget.layout.display = "none"
        self._show_buttons()
        self.show_table()
        return True

    @property
    def hosting_open(self) -> bool:
        """Whether this page follows a table it opened, still open."""
        link = self.link
        return link is not None and link.following and link.code in self.hosting.opened

    def _show_buttons(self) -> None:
        """Open a table, or close this page's own (one table per page at a time)."""
        own = self.hosting_open
        self.open_button.layout.display = "none" if own else None
        self.close_button.layout.display = None if own else "none"

    # -- the buttons -----------------------------------------------------------------------
    def _on_open(self, _button: w.Button) -> None:
        """Open a table with the chosen seats; this page then watches it (its own game is
        put away), with the code in large type and a link for each seat."""
        if self.hosting_open:  # a second press, sent before the button gave way
            self.say(f"This page's table {self.link.code} is open: no other table was opened. "
                     "Press Close this table first (a page plays one table at a time).", True)
            return
        seats = self.app.controls.chosen_seats()
        if "human" not in seats.values():
            self.say("Give at least one seat to a student (under Table) first.", True)
            return
        game = self.app.new_game(list(self.app.game.players), secrets.randbelow(2**31))
        try:
            code = self.hosting.open(self.store(), game, seats)
        except TableError as error:
            self.say(f"No table was opened: {error}.", problem=True)
            return
        left = self.link.code if self.link is not None else None
        self.sit(code)
        self.say(f"Table {code} is open{f' (this page left table {left})' if left else ''}. "
                 f"{self.where_to_type(code)}, then take a seat; or open a seat's link below "
                 "on their device.")

    def _on_close(self, _button: w.Button) -> None:
        """Close this page's table; the page plays a game of its own again."""
        if not self.hosting_open:
            self.say("This page follows no table of its own: there is nothing to close.")
            self._show_buttons()
            return
        self.hosting.close(self.store(), self.link.code)
        self._after_closing(self.link.code)

    def _after_closing(self, code: str) -> None:
        """Table ``code`` was closed from this page: stop following it if the page does."""
        if self.link is not None and self.link.code == code:
            self.link.stop()
            self.link = None
            app = self.app
            app.shared = None
            app.controls.widget.layout.display = None
            app.start(app.new_game(list(app.game.players), int(app.controls.seed.value)),
                      seats=app.controls.chosen_seats())
        self._show_buttons()
        self.show_table()
        self.hosting.show(self.store(), self.app.game_name, None)
        self.say(f"Table {code} is closed: it keeps no more moves.")

    def _on_code(self, change: dict) -> None:
        """Enter in the code box (or leaving it) joins the table typed there."""
        if change["new"].strip():
            self._on_join(self.code)

    def _on_join(self, _widget: w.Widget) -> None:
        typed = self.code.value
        if not typed.strip():
            self.show_table()
            self.say("Type the table's code first (five letters and digits, like K7QX2: "
                     "ask your teacher for it).", problem=True)
            return
        try:
            info = self.store().table(typed)
        except TableError as error:
            self.show_table()  # no other table's seats under the refusal
            self.say(f"{error}.", problem=True)
            return
        if info.game != self.app.game_name:
            self.show_table()
            self.say(f"Table {info.code} plays {info.game}: open it from that game's "
                     "dashboard.", problem=True)
            return
        self.say(f"Table {info.code}: take a free seat, or watch.")
        self.table.value = self.seats_html(info)

    def _on_list(self, _button: w.Button) -> None:
        try:
            store = self.store()
            tables = store.playing(self.app.game_name)[:20]
            self.hosting.show(store, self.app.game_name,
                              self.link.code if self.link is not None else None)
        except TableError as error:
            self.say(f"{error}.", problem=True)
            return
        if not tables:
            self.say("No shared table of this game is playing now.")
            self.table.value = ""
            return
        self.say(f"{len(tables)} shared table{'s' * (len(tables) > 1)} of this game playing now:")
        self.table.value = "".join(self.seats_html(info) for info in tables)

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

    def who_sits(self, link: TableLink) -> str:
        """Who plays the table, as this page sees it: "you sit as Bob; Ann, Cy: students on
        their own devices; Dee: Heuristic bot"."""
        you = [f"you sit as <b>{escape(link.seat)}</b>"] if link.seat else ["you watch"]
        students = [s.player for s in link.info.seats
                    if s.kind == "human" and s.player != link.seat]
        bots = [f"{escape(s.player)}: {SEAT_LABELS[s.kind]}" for s in link.info.seats
                if s.kind != "human"]
        others = ([f"{escape(', '.join(students))}: "
                   f"student{'s' * (len(students) > 1)} on their own devices"]
                  if students else [])
        return "; ".join(you + others + bots)

    def show_table(self) -> None:
        """The table this page plays: who sits where, whether the store answers, the seats
        (always on a watching page, the teacher's or the projector's; on a student's while
        seats are free), the code in large type where the page watches, and the game's save
        once it is over."""
        link = self.link
        if link is None:
            self.table.value = ""
            return
        if link.ended:
            self.start_row.layout.display = None  # another table's code may be typed
            self._show_buttons()
        status = (f' <span class="tt-illegal">⚠ {escape(link.ended)}.</span>' if link.ended
                  else f' <span class="tt-illegal">⚠ {escape(link.problem)}; trying again…'
                  '</span>' if link.problem else "")
        here = (f'<div class="tt-share-here" data-code="{link.code}" '
                f'data-seat="{escape(link.seat or "")}">Table <b>{link.code}</b> · '
                f"{self.who_sits(link)}{status}</div>")
        if link.seat is None:
            big = (f'<div class="tt-share-big" style="font-size:22px;margin:4px 0">'
                   f'Table code <b class="tt-share-big-code" style="font-size:56px;'
                   f'letter-spacing:6px">{link.code}</b><br>'
                   f"{command_html(self.where_to_type(link.code))}.</div>")
            here = big + here
        free = link.info.free_seats()
        seats = self.seats_html(link.info) if link.seat is None or free else ""
        self.table.value = here + seats
        game = self.app.game
        if game.is_over and self.save.layout.display == "none":
            self.save.value = game.save()
            self.save.layout.display = "flex"
            self.say("The game is over: its save is below (paste it into Load to study it).")
