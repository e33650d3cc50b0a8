"""RUSH: the order of play, from setting up to the winner at Home or the last one alive.

A turn reads like the rulebook: a player in a coma rolls on the coma track
(:mod:`.coma`), a player in the lockup rolls to get out (:mod:`.jail`), anyone else first
takes the pills given to them, then takes a pill (one die) or rolls two dice, moves, and
does what the space says (:mod:`.pills`, :mod:`.spaces`, :mod:`.chance`). At the end of
every turn the players who share a space may trade pills (:mod:`.trade`). Every number
lives in ``content.toml``; the exact odds are in :mod:`.odds`.

Options
-------
``zonkometer_start``  where everyone starts on the Zonkometer (0: the edition's start, 12)
``lucky_day``         "printed" odds or "fair" odds at Lucky Day
``max_rounds``        rounds before the game stops and ranks the living (Zonkometer, then
                      senses face up, then money)

Decisions (``decision.kind``): ``turn`` (pill / two dice / rest) · ``stop_short`` ·
``lose_sense`` / ``gain_sense`` / ``keep_sense`` · ``coma`` (roll or wake) · ``coma_move``
· ``buy`` · ``rob`` · ``jail`` (bribe, card or lockup) · ``lawyer`` · ``lockup`` ·
``testify`` · ``meet`` (give a pill, pickpocket) · ``roll_money`` / ``roll_pills`` (a body)
· ``push`` · ``lady`` / ``lady_space`` · ``tip_off`` · ``bet`` / ``stake`` · ``loan`` ·
``antidote`` · ``trade`` / ``trade_pills`` / ``trade_price`` / ``accept_trade``. Choices
map to values.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.decisions import Decision
from tabletop.core.deck import Deck
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.track import RingTrack
from tabletop.core.words import plural

from .chance import ChanceMixin
from .coma import ComaMixin
from .content import MOST_PLAYERS, Content, build
from .jail import JailMixin
from .pills import PillsMixin
from .spaces import SpacesMixin
from .staging import StagingMixin
from .table import BANK, DISH, GameOver, TurnOver
from .trade import TradeMixin
from .view import TABLE


class Rush(PillsMixin, ComaMixin, SpacesMixin, JailMixin, ChanceMixin, TradeMixin, StagingMixin,
           Game):
    """RUSH for 2 to 6 players (see the module docstring)."""

    name = "rush"
    title = "RUSH"
    min_players = 2
    max_players = MOST_PLAYERS
    OPTIONS: ClassVar[dict[str, Option]] = {
        "zonkometer_start": Option(0, "where everyone starts on the Zonkometer (lower: a longer "
                                      "game); 0: the edition's start", low=0, high=1_000),
        "lucky_day": Option("printed", "the odds Lucky Day pays: as printed, or fair",
                            choices=("printed", "fair")),
        "max_rounds": Option(300, "rounds before the game stops and ranks the living",
                             low=1, high=1_000_000),
    }
    build_content = staticmethod(build)
    content: Content

    # -- set up (rules 3-6) ------------------------------------------------------------
    def setup(self) -> None:
        """Rule 3, Rule 4, Rule 5 and Rule 6: the board, the dish, the shuffled Chance
        deck; each player's senses, pills, money and markers at Home; one common Zonkometer
        start; the first player is the Banker."""
        c = self.content
        for reserved in (BANK, DISH):
            if reserved in self.players:
                raise OptionError(f"rush: {reserved!r} is a name the game uses; "
                                  "please choose another player name")
        start = self.options["zonkometer_start"] or c.zonk_start
        if not c.zonk_low <= start <= c.zonk_high:
            raise OptionError(f"rush: option zonkometer_start={start} is outside the "
                              f"Zonkometer ({c.zonk_low} to {c.zonk_high})")
        self.ring = RingTrack(len(c.board))
        self.home = c.first("home")
        self.jail_space = c.first("jail")
        self.ledger = Ledger(self.players, supplies=(BANK,))
        self.dish = c.pills_in_box
        self.pills = dict.fromkeys(self.players, 0)
        for p in self.players:
            self.ledger.transfer(BANK, p, c.start_money)
            self._move_pills(DISH, p, c.start_pills)
        self.owed = dict.fromkeys(self.players, 0)
        self.senses = {p: [True] * len(c.senses) for p in self.players}
        self.zonk = dict.fromkeys(self.players, start)
        self.pos = dict.fromkeys(self.players, self.home)
        self.coma: dict[str, int | None] = dict.fromkeys(self.players)
        self.witnesses: dict[str, list[str]] = {p: [] for p in self.players}
        self.dead: list[str] = []
        self.lockup: list[str] = []
        self.loans = dict.fromkeys(self.players, 0)
        self.cops = {s.index: 0 for s in c.board if s.watched}
        self.ladies: dict[int, tuple[str, int]] = {}
        self.free_ladies = list(c.ladies)
        self.deck = Deck(card.title for card in c.cards for _ in range(card.count))
        self.deck.shuffle(self.chance)
        self.log("shuffle", None, "The Chance cards are shuffled face down", what="Chance cards")
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.party: int | None = None
        self.guests: list[str] = []
        self.bets: dict[int, int] = {}
        self.trade: dict[str, Any] | None = None
        self.last_card: str | None = None
        self.last_roll: tuple[int, ...] | None = None
        self.landed: int | None = None
        self.mover: str | None = None
        self.round = 0
        self.log("setup", self.players[0],
                 f"Everyone starts at Home with ${c.start_money}, {plural(c.start_pills, 'pill')}, "
                 f"{plural(len(c.senses), 'sense')} face up and {start} on the Zonkometer; "
                 f"{self.players[0]} is the Banker", zonkometer=start)

    # -- the game ------------------------------------------------------------------------
    def play(self) -> Flow:
        self.next_seat = 0
        return (yield from self.rounds())

    def rounds(self) -> Flow:
        """The turns in seat order (the seat ``next_seat`` comes next; a round begins at seat
        0), until the end or the round limit."""
        try:
            while True:
                self.turn_begins()
                if self.next_seat == 0:
                    if self.round >= self.options["max_rounds"]:
                        break
                    self.round += 1
                player = self.players[self.next_seat]
                self.next_seat = (self.next_seat + 1) % len(self.players)
                if player not in self.dead:
                    yield from self._turn(player)
        except GameOver as over:
            return self._finish(over.winner, over.reason)
        limit = plural(self.options["max_rounds"], "round")
        return self._finish(None, f"The limit of {limit} was reached: the living are ranked "
                                  "by Zonkometer, then senses face up, then money")

    def _turn(self, player: str) -> Flow:
        """Rule 7: one turn: a coma roll, a lockup roll, or the given pills and then the
        turn's own move; the players who share a space may trade afterwards (rule 38)."""
        self.mover = player
        try:
            if self.coma[player] is not None:
                yield from self._coma_turn(player)
            elif player in self.lockup:
                yield from self._lockup_turn(player)
            else:
                yield from self._free_turn(player)
        except TurnOver:
            pass
        yield from self._market()
        self.mover = None

    def _free_turn(self, player: str) -> Flow:
        """Rule 7, Rule 22, Rule 33 and Rule 52: given pills first, then a party pill for a guest at
        PARTY TIME, else the choice of a pill, two dice, or (for whoever starts the turn at
        Home, whatever their senses) resting there."""
        yield from self._owed_pills(player)
        if player in self.guests:
            yield from self._party_pill(player)
            return
        how = yield self.asking(lambda: self._turn_question(player))
        if how == "pill":
            yield from self._take_pill(player, "a pill")
        elif how == "rest":
            yield from self._rest(player)
        else:
            yield from self._roll_and_move(player, "rolls two dice")

    def _turn_question(self, player: str) -> Decision:
        """Rule 7 and Rule 22: a pill (for a player holding one), two dice, or rest at Home,
        made from the table as it is (tabletop.core.game.Game.asking)."""
        choices = {}
        if self.pills[player]:
            choices["pill"] = "pill"
        choices["two dice"] = "dice"
        rest = ""
        if self.pos[player] == self.home:
            choices["rest"] = "rest"
            rest = ", or rest at Home (one die)"
        labels = {"pill": "Take a pill", "two dice": "Roll two dice", "rest": "Rest at Home"}
        return self.ask(player, "turn", f"{player}: take a pill (one die) or roll two "
                        f"dice{rest}?", choices, labels={k: labels[k] for k in choices})

    def _roll_and_move(self, player: str, why: str) -> Flow:
        """Rule 7b: two dice, and move their total."""
        dice = self.roll(player, 2, 6, why)
        self.last_roll = dice
        yield from self._move(player, sum(dice))

    # -- moving (rules 8, 12, 21) ------------------------------------------------------
    def _move(self, player: str, steps: int) -> Flow:
        """Rule 8: clockwise by ``steps``; passing Home, the player may stop short there.
        Then the space reached is resolved."""
        start = self.pos[player]
        move = self.ring.move(start, steps)
        end = move.end
        if move.passed_over(self.home):
            board = self.content.board
            stop = yield self.ask(player, "stop_short",
                                  f"{player} passes Home: stop there, or go on to "
                                  f"{board[end].name}?",
                                  {"stop at Home": True, f"go on to {board[end].name}": False})
            if stop:
                end = self.home
        self.pos[player] = end
        self.log("move", player, f"{player} moves from {self.content.board[start].name} to "
                                 f"{self.content.board[end].name}", start=start, end=end)
        yield from self._arrive(player)

    def _move_back(self, player: str, steps: int) -> Flow:
        """A move counter-clockwise (a Chance card); no stopping short on the way back."""
        start = self.pos[player]
        self.pos[player] = (start - steps) % len(self.content.board)
        self.log("move", player, f"{player} goes back {plural(steps, 'space')} to "
                                 f"{self.content.board[self.pos[player]].name}",
                 start=start, end=self.pos[player])
        yield from self._arrive(player)

    def _arrive(self, player: str) -> Flow:
        """What landing does: Home is checked first (rule 1 and B #13); elsewhere the lady
        is paid before anything else (rule 41), bodies may be rolled (rule 17), others met
        (rule 32), and then the space acts."""
        space = self.content.board[self.pos[player]]
        self.landed = space.index
        if space.kind == "home":
            self._reach_home(player)
            return
        self._pay_lady(player, space)
        yield from self._roll_bodies(player, space.index)
        if space.kind == "party_time":
            yield from self._party(player, space.index)
            return
        yield from self._meet(player, space.index)
        yield from self._space_action(player, space)

    def _reach_home(self, player: str) -> None:
        """Rule 1 and Rule 21 (B #13): at Home at the top of the Zonkometer you win, before
        anything else; otherwise the welfare check is paid."""
        if self.zonk[player] == self.content.zonk_high:
            raise GameOver(player, f"{player} reaches Home at {self.content.zonk_high} on the "
                                   "Zonkometer")
        self.ledger.transfer(BANK, player, self.content.welfare)
        self.log("welfare", player, f"{player} is at Home and collects "
                                    f"${self.content.welfare}", amount=self.content.welfare)

    # -- the end (rules 1, 2) ------------------------------------------------------------
    def _standing(self, player: str) -> tuple[int, int, int]:
        """How the living are ranked when the round limit stops the game: the highest
        Zonkometer, then the most senses face up, then the most money (lower is better)."""
        return (-self.zonk[player], -sum(self.senses[player]), -self.ledger[player])

    def _finish(self, winner: str | None, reason: str) -> Result:
        living = sorted((p for p in self.players if p not in self.dead), key=self._standing)
        ranking = living + self.dead[::-1]
        if winner is not None:
            ranking.remove(winner)
            ranking.insert(0, winner)
            winners = [winner]
        else:
            winners = [p for p in living if self._standing(p) == self._standing(living[0])]
        self.log("end", winners[0], reason)
        figures = {p: {"zonkometer": self.zonk[p], "senses": sum(self.senses[p]),
                       "money": self.ledger[p], "pills": self.pills[p],
                       "dead": int(p in self.dead)} for p in self.players}
        return Result(tuple(winners), tuple(ranking), reason, figures)

    # -- what is kept and what is seen ---------------------------------------------------
    def conserved(self) -> dict[str, int]:
        """Money only moves through the ledger; pills are in the dish or with players (and
        no one owes more given pills than they hold); the Chance cards and ladies are all
        somewhere."""
        return {
            "money": self.ledger.total(),
            "pills": self.dish + sum(self.pills.values()),
            "players holding fewer than no pills": sum(self.pills[p] < 0 for p in self.players),
            "given pills not held": sum(max(0, self.owed[p] - self.pills[p])
                                        for p in self.players),
            "chance cards": len(self.deck.pile) + len(self.deck.discards)
            + sum(len(h) for h in self.hands.values()),
            "ladies": len(self.free_ladies) + len(self.ladies),
            "players in debt": sum(self.ledger[p] < 0 for p in self.players),
        }

    TABLE = TABLE
