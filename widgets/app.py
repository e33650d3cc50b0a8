"""The base of every game's app: a table view, the panels, and the play loop with bots.

A game's app subclasses :class:`GameApp`, names its game, and fills a few hooks::

    class RushApp(GameApp):
        game_name = "rush"
        headers = ("Cash", "Zonkometer")
        def make_table(self) -> Table: ...               # the canvas view (e.g. a RingBoard)
        def player_cells(self, view, player): ...         # one panel row
        def upcoming(self, view): ...                     # "what may happen next" sentences
        def extra_html(self, view): ...                   # optional: a box of table facts

Optional hooks: ``seated(view)`` (everyone with a seat and a colour, when a game seats players
beyond ``game.players``), ``table_view()`` (the view drawn, plus what the app adds),
``student_to_move()``, ``prompt(view, decision)``, ``make_bots()`` (a bot for every bot
seat), ``after_apply(action, player)`` (called after every move, a student's or a bot's),
and ``choices_elsewhere`` (decision kinds whose choices another part of the screen offers,
so the action bar shows no buttons for them). An app uses these hooks and the public
methods only, and knows no rule: what it shows comes from the view and the game's odds.

Everything else is shared: the action bar from the pending decision, bots moving at a
pace a person can follow (one move per tick on the kernel's event loop, so Voilà
stays responsive), hot-seat play (the view is that of the student whose turn it is),
new game, undo, save and load, the event log, the odds panel, and an error area that
shows any exception of a callback. ``render()`` redraws everything from the game.

At a shared table (``widgets.sharing``: the class plays one game from many devices) the
app has ``shared``, this screen's seat there: every move made here goes to the table's
store first (:meth:`SharedSeat.send`), the moves made elsewhere come in through
:meth:`GameApp.follow`, and the seats of the other students are ``ELSEWHERE``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, ClassVar, Protocol

import ipywidgets as w
from ipycanvas import MultiCanvas

import tabletop
from tabletop import Decision, Game, IllegalAction, SaveError, TabletopError
from tabletop.bots import make_bot
from tabletop.core.decisions import Action
from tabletop.core.play import Bot, bot_move
from tabletop.tables.errors import MoveRefused

from .actions import ActionBar
from .controls import ELSEWHERE, SEAT_LABELS, Controls
from .dice import dice_text
from .errors import ErrorArea
from .log import EventLog
from .odds_panel import OddsPanel, recent_chances
from .panel import PlayerPanel
from .preheat import when_requested
from .sharing import Sharing
from .style import style_widget


class Table(Protocol):
    """What a game's canvas view provides to the app. A table may also have ``below``: a
    widget with more of the table, shown under the action bar (so that the move stays near
    the top of a tall table, e.g. beside other players' boards)."""

    widget: w.Widget
    canvas: MultiCanvas

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw from ``view`` (what the viewer sees of ``game``); the static layer too
        when ``full`` (a page has just connected)."""

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The board in sentences, for screen readers and for the text beside the canvas."""


class SharedSeat(Protocol):
    """This screen's seat at a shared table (see :mod:`widgets.shared_table`)."""

    def send(self, step: int, action: Action, player: str) -> None:
        """Keep ``player``'s ``action`` as move ``step`` in the table's store, before it is
        played here; raises :class:`~tabletop.tables.MoveRefused` (after bringing in the
        table's moves) when the table does not keep it."""

    def seat_label(self, player: str) -> str:
        """What the panel says of ``player``'s seat ("you", "a student", "Heuristic bot")."""

    def stop(self) -> None:
        """Stop following the table (this page now plays another game) and its bots here."""

    @property
    def code(self) -> str:
        """The table's code."""


def box(title: str, *children: w.Widget) -> w.VBox:
    """A titled box (classes ``tt-box`` and ``tt-box-title``) around ``children``."""
    titled = w.VBox([w.HTML(f'<div class="tt-box-title">{title}</div>'), *children])
    titled.add_class("tt-box")
    return titled


def default_seats(players: Sequence[str]) -> dict[str, str]:
    """The first player is a student, the others heuristic bots."""
    return {name: "human" if k == 0 else "heuristic" for k, name in enumerate(players)}


class GameApp:
    """One game on one screen. Display it as the last expression of a cell."""

    game_name: ClassVar[str]
    headers: ClassVar[tuple[str, ...]] = ()
    #: Bot moves applied in one go when there is no event loop (plain scripts and tests).
    max_sync_moves: ClassVar[int] = 100_000
    #: Kinds of decision whose choices another part of the screen offers (e.g. cards in a
    #: hand): the action bar shows the prompt but no buttons for them.
    choices_elsewhere: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self,
        players: Sequence[str] = ("Ann", "Bob", "Cy"),
        seats: Sequence[str] | Mapping[str, str] | None = None,
        seed: int = 0,
        pace: float = 0.6,
        **options: Any,
    ) -> None:
        self.options = options
        #: This screen's seat at a shared table (None: the game is played on this screen).
        self.shared: SharedSeat | None = None
        self.errors = ErrorArea()
        self.errors.context = self.whereabouts
        self.controls = Controls(seed, pace)
        self.actions = ActionBar(self.act, self.errors.guard, elsewhere=self.choices_elsewhere)
        self.log = EventLog()
        self.odds = OddsPanel()
        self.panel = PlayerPanel(self.headers)
        self.dice = w.HTML("")
        self.dice.add_class("tt-dice")
        self.extra = w.HTML("")
        self.extra.add_class("tt-extra")
        self.description = w.HTML("")
        self.description.add_class("tt-description")
        self._timer: asyncio.TimerHandle | None = None
        self._shown = False
        self.game = self.new_game(list(players), seed)
        self.table = self.make_table()
        self._wire()
        self.seats = self._seat_map(self.game.players, seats)
        self.bots = self.make_bots()
        self.deciders: list[str] = []
        self.controls.set_seats(self.game.players, self.seats)
        self._watch_seats()
        self.controls.seed.value = seed + 1
        self.sharing = Sharing(self)
        self.widget = self._layout()
        self.widget.add_class("tt-app")
        self.render(full=True)
        self._schedule()
        when_requested(lambda: self.errors.call("joining a table",
                                                self.sharing.join_from_address))

    # -- hooks for a game's app -------------------------------------------------------
    def make_table(self) -> Table:
        """The canvas view of the table (``self.game`` exists already: read its layout; a
        ring track is a :class:`~widgets.board.RingBoard` drawn with ``draw_view``)."""
        raise NotImplementedError

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        """The cells of ``player``'s row in the panel, one per entry of ``headers``."""
        return []

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Sentences on the chances of what may happen next."""
        return []

    def extra_html(self, view: Mapping[str, Any]) -> str:
        """HTML for the box of table facts beside the panel ("" shows nothing)."""
        return ""

    def seated(self, view: Mapping[str, Any]) -> list[str]:
        """Everyone with a seat at the table, in seat order (their colours and panel rows)."""
        return list(self.game.players)

    def table_view(self) -> Mapping[str, Any]:
        """What the table shows: the game as the viewer sees it (an app may add to it)."""
        return self.game.view(self.viewer())

    def student_to_move(self) -> bool:
        """Whether the action bar asks a student at the screen to answer now."""
        pending = self.game.decision
        return pending is not None and self.is_human(pending.player)

    def prompt(self, view: Mapping[str, Any], decision: Decision) -> str:
        """The action bar's question to the student who must answer ``decision``."""
        return decision.prompt

    def new_game(self, players: list[str], seed: int) -> Game:
        """A fresh game of this app's game."""
        return tabletop.new_game(self.game_name, players=players, seed=seed, **self.options)

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A bot of ``kind`` for this game."""
        return make_bot(self.game_name, kind, seed)

    def make_bots(self) -> dict[str, Bot]:
        """A bot for every bot seat, dealt from the game's seed (called for each new game,
        load, undo and change of seats). Students' seats, here or elsewhere, have none."""
        return {
            name: self.make_bot(kind, self.game.seed * 100 + k)
            for k, (name, kind) in enumerate(self.seats.items())
            if kind not in ("human", ELSEWHERE)
        }

    def after_apply(self, action: Action, player: str) -> None:
        """Called after ``player``'s ``action`` was applied (a student's or a bot's), before
        the app redraws: e.g. seat a player who has just joined the table."""

    def load_game(self, text: str) -> Game:
        """The game saved in ``text`` (raises SaveError when it is not one of this game)."""
        game = tabletop.load(text)
        if game.name != self.game_name:
            raise SaveError(f"this is a saved game of {game.name}, not of {self.game_name}")
        return game

    # -- notebook display ---------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- layout -------------------------------------------------------------------------
    def _layout(self) -> w.Box:
        below = getattr(self.table, "below", None)
        left = w.VBox([
            self.table.widget,
            box("Your move", w.HBox([self.actions.widget, self.dice],
                                    layout=w.Layout(justify_content="space-between"))),
            *([below] if below is not None else []),
            box("Odds", self.odds.widget),
        ], layout=w.Layout(width=f"{self._table_width()}px"))
        right = w.VBox([
            box("Players", self.panel.widget, self.extra),
            box("What happened", self.log.widget),
            box("The board in words", self.description),
            box("Table", self.controls.widget),
        ], layout=w.Layout(flex="1 1 380px", min_width="360px", max_width="560px"))
        body = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap",
                                                      align_items="flex-start"))
        return w.VBox([style_widget(), self.errors.widget, self.sharing.widget, body])

    def _table_width(self) -> int:
        return int(self.table.canvas.width)

    def _wire(self) -> None:
        guard = self.errors.guard
        self.table.canvas.on_client_ready(guard("drawing the board")(self._client_ready))
        self.controls.new_game.on_click(guard("starting a new game")(self._on_new_game))
        self.controls.undo.on_click(guard("undoing")(self._on_undo))
        self.controls.save.on_click(guard("saving")(self._on_save))
        self.controls.load.on_click(guard("loading")(self._on_load))
        self.controls.pace.observe(guard("changing the pace")(self._on_pace), names="value")

    # -- seats and bots -----------------------------------------------------------------
    def _seat_map(self, players: Sequence[str],
                  seats: Sequence[str] | Mapping[str, str] | None) -> dict[str, str]:
        if seats is None:
            chosen = default_seats(players)
        elif isinstance(seats, Mapping):
            chosen = {**default_seats(players), **seats}
        else:
            if len(seats) != len(players):
                raise TabletopError(f"{len(players)} players but {len(seats)} seats: {seats!r}")
            chosen = dict(zip(players, seats, strict=True))
        for name, kind in chosen.items():
            if kind not in SEAT_LABELS or name not in players:
                raise TabletopError(
                    f"seat {name}={kind!r}: a seat is one of {', '.join(SEAT_LABELS)} "
                    f"for one of {', '.join(players)}"
                )
        return chosen

    def _on_seat(self, change: Mapping[str, Any]) -> None:
        self.seats = self.controls.chosen_seats()
        self.bots = self.make_bots()
        self.render()
        self._schedule()

    def seat_label(self, player: str) -> str:
        """What the panel says of ``player``'s seat ("Student", "Heuristic bot"...)."""
        if self.shared is not None:
            return self.shared.seat_label(player)
        return SEAT_LABELS[self.seats[player]]

    def is_human(self, player: str | None) -> bool:
        """Whether ``player`` is played by a student at the screen."""
        return player is not None and self.seats.get(player) == "human"

    def viewer(self) -> str | None:
        """Whose eyes the table is shown through: the student to move, else the last student
        who moved, else the first student seat (None: only bots play, a spectator's view)."""
        pending = self.game.decision
        if pending is not None and self.is_human(pending.player):
            return pending.player
        for player in reversed(self.deciders):
            if self.is_human(player):
                return player
        return next((p for p in self.game.players if self.is_human(p)), None)

    # -- playing ------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """A student's answer to the pending decision (refused with a message if illegal)."""
        pending = self.game.decision
        if pending is None or not self.is_human(pending.player):
            self.actions.say("The game is over." if pending is None else
                             f"It is not your turn: the table waits for {pending.player}.")
            return
        try:
            self._apply(action, pending.player)
        except IllegalAction as exc:
            self.actions.say(str(exc))
            return
        self.render()
        self._schedule()

    def _apply(self, action: Action, player: str) -> None:
        if self.shared is not None:
            self.game.decision.check(action)
            self.shared.send(self.game.steps, action, player)
        self._play(action, player)

    def _play(self, action: Action, player: str) -> None:
        self.game.apply(action, player=player)
        self.deciders.append(player)
        self.after_apply(action, player)

    def follow(self, moves: Sequence[tuple[Action, str]]) -> None:
        """Play ``moves`` (action, player) made elsewhere (other pages at a shared table),
        then redraw and let the bots go on."""
        for action, player in moves:
            self._play(action, player)
        self.render()
        self._schedule()

    def _bot_turn(self) -> bool:
        pending = self.game.decision
        return pending is not None and pending.player in self.bots

    def _bot_step(self) -> bool:
        """One bot move; False when a shared table did not keep it (another page's bot moved
        first, and this page now shows that move; or the store is down)."""
        player = self.game.decision.player
        try:
            self._apply(bot_move(self.game, self.bots[player]), player)
        except MoveRefused:
            return False
        return True

    def _schedule(self) -> None:
        """Let the bots move: one per tick on the event loop (once a page shows the app, so
        that a page still loading gets no stream of updates), or all at once without a loop."""
        if self._timer is not None or not self._bot_turn():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            for _ in range(self.max_sync_moves):
                if not self._bot_turn() or not self._bot_step():
                    break
            self.render()
            return
        if self._shown:
            self._timer = loop.call_later(self.controls.pace.value, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.errors.call("a bot's move", self._tick_body)

    def _tick_body(self) -> None:
        if self._bot_turn():
            self._bot_step()
            self.render()
        self._schedule()

    def stop_bots(self) -> None:
        """No bot moves on this page until the next game (a table it no longer follows)."""
        self._cancel_timer()
        self.bots = {}

    def whereabouts(self) -> str:
        """Where this page is, for the server's log: the table's code (or the game) and the
        step."""
        game = getattr(self, "game", None)
        steps = "no game yet" if game is None else f"step {game.steps}"
        where = f"table {self.shared.code}" if self.shared is not None else self.game_name
        return f"{where}, {steps}"

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _on_pace(self, change: Mapping[str, Any]) -> None:
        if self._timer is not None:
            self._cancel_timer()
            self._schedule()

    # -- table controls -----------------------------------------------------------------
    def start(self, game: Game, seats: Mapping[str, str] | None = None) -> None:
        """Play on with ``game``: a new one (e.g. built with ``tabletop.Script`` for a lesson
        or a test) or one with moves made already. Its players sit in ``seats`` when given,
        else keep their seats when they are this table's players, else the default ones."""
        if game.name != self.game_name:
            raise TabletopError(f"this app plays {self.game_name}, not {game.name}")
        deciders: list[str] = []
        if game.actions:
            replay = game.replayed(0)
            for action in game.actions:
                deciders.append(replay.decision.player)
                replay.apply(action)
        if seats is not None:
            self.seats = dict(seats)
        elif list(game.players) != list(self.game.players):
            self.seats = default_seats(game.players)
            self.controls.set_seats(game.players, self.seats)
            self._watch_seats()
        self._play_on(game, deciders)

    def _play_on(self, game: Game, deciders: list[str]) -> None:
        """Play on with ``game`` whose moves were answered by ``deciders`` (bots dealt anew
        from its seed)."""
        self._cancel_timer()
        self.game = game
        self.deciders = deciders
        self.bots = self.make_bots()
        self.render()
        self._schedule()

    def _on_new_game(self, _button: w.Button) -> None:
        seed = int(self.controls.seed.value)
        self.seats = self.controls.chosen_seats()
        game = self.new_game(list(self.game.players), seed)
        self.errors.clear()
        self.controls.message.value = f"New game, seed {seed}."
        self.controls.seed.value = seed + 1
        self._play_on(game, [])

    def _on_undo(self, _button: w.Button) -> None:
        last = next((k for k in range(len(self.deciders) - 1, -1, -1)
                     if self.is_human(self.deciders[k])), None)
        if last is None:
            self.controls.message.value = "There is no student move to take back."
            return
        self.controls.message.value = f"Took back {self.deciders[last]}'s move {last + 1}."
        self._play_on(self.game.replayed(last), self.deciders[:last])

    def _on_save(self, _button: w.Button) -> None:
        self.controls.text.value = self.game.save()
        self.controls.message.value = "Saved: copy the text above to keep this game."

    def _on_load(self, _button: w.Button) -> None:
        try:
            game = self.load_game(self.controls.text.value)
        except SaveError as exc:
            self.controls.message.value = f"<span class='tt-illegal'>Not loaded: {exc}</span>"
            return
        self.controls.message.value = f"Loaded a game of {len(game.actions)} moves."
        self.start(game)

    def _watch_seats(self) -> None:
        for box in self.controls.seats.values():
            box.unobserve_all("value")
            box.observe(self.errors.guard("changing a seat")(self._on_seat), names="value")

    def _client_ready(self) -> None:
        """A page has connected: draw everything, and let the bots start."""
        self._shown = True
        self.render(full=True)
        self._schedule()

    # -- drawing ------------------------------------------------------------------------
    def waiting_text(self) -> str:
        """The action bar's line when no student is asked anything."""
        game = self.game
        if game.result is not None:
            winners = ", ".join(game.result.winners) or "nobody"
            return f"Game over — {winners} won. {game.result.reason}"
        pending = game.decision
        kind = self.seat_label(pending.player).lower()
        return f"Waiting for {pending.player} ({kind}): {pending.prompt}"

    def render(self, full: bool = False) -> None:
        """Redraw the whole app from the game (``full``: the static board layer too)."""
        game = self.game
        view = self.table_view()
        self.table.draw(view, game, full)
        pending = game.decision
        order = self.seated(view)
        seat = order.index(pending.player) if pending is not None and pending.player in order else 0
        if pending is not None and self.student_to_move():
            self.actions.show(pending, seat, True, "", self.prompt(view, pending))
        else:
            self.actions.show(pending, seat, False, self.waiting_text())
        self.panel.show(
            order,
            [self.player_cells(view, p) for p in order],
            None if pending is None else pending.player,
            [self.seat_label(p) for p in order],
        )
        self.extra.value = self.extra_html(view)
        self.log.show(game.events)
        self.odds.show(recent_chances(game.events), self.upcoming(view))
        roll = next((e for e in reversed(game.events) if e.kind == "roll"), None)
        self.dice.value = (
            "" if roll is None
            else f'<span title="{escape(roll.text)}">{dice_text(roll.data.get("dice", ()))}</span>'
        )
        lines = self.table.describe(view)
        self.description.value = "<ul>" + "".join(f"<li>{escape(t)}</li>" for t in lines) + "</ul>"
        self.actions.stamp(game.steps)
