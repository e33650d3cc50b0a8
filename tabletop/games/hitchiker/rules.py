"""Hitchiker's order of play (RULES.md section 1 A): the table, who begins, the turn and the move.

What the cities do is in cities.py (the Black Market in black_market.py, the Bad Ride deck in
bad_ride.py, the casino's round in casino.py), money and going broke in table.py, death in
death.py, what a player sees in view.py and staged positions in staging.py.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop.core.deck import Deck
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.track import RingTrack
from tabletop.core.words import and_list, plural

from .casino import return_open_bets
from .cities import Cities
from .content import build
from .staging import Staging
from .table import Won, two_dice_chance
from .view import TABLE


class Hitchiker(Cities, Staging):
    """Travel a loop of 42 cities, save $250,000 or carry $50,000,000 to win."""

    name = "hitchiker"
    title = "Hitchiker"
    min_players = 2
    max_players = 6
    build_content = staticmethod(build)
    OPTIONS: ClassVar[dict[str, Option]] = {
        "max_turns": Option(2_000, "the game ends after this many turns (all players counted); "
                            "players are then ranked by cash plus savings", low=1,
                            high=10_000_000),
        "late_joiners": Option(0, "the last N players start away from the table; at the start "
                               "of any turn the mover may let one of them join", low=0, high=4),
        "inherit_savings_to_pouch": Option(False, "an heir (or Customs' beneficiary) puts the "
                                           "savings received into the Bank Pouch instead of "
                                           "travelling cash", choices=(False, True)),
    }

    # -- the table ----------------------------------------------------------------------------
    def setup(self) -> None:
        """Rule 3 (RULES.md 1 A3): the Banker is the bank's account, and plays too. Rule 4: an
        empty Bank Pouch and $25,000 of travelling cash for every hitchiker."""
        late = self.options["late_joiners"]
        if len(self.players) - late < 2:
            raise OptionError(f"hitchiker: late_joiners={late} leaves fewer than 2 players "
                              "at the table")
        self.board = self.content.board
        self.track = RingTrack(len(self.board))
        self.amount = self.content.money
        self.content_cards = {c.id: c for c in self.content.bad_ride}
        self.cash = {p: f"{p}:cash" for p in self.players}
        self.pouch = {p: f"{p}:pouch" for p in self.players}
        self.account_of = {a: p for d in (self.cash, self.pouch) for p, a in d.items()}
        self.money = Ledger([*self.cash.values(), *self.pouch.values(), "table"])
        self.units = Ledger(self.players, supplies=("market",))
        self.away = list(self.players[len(self.players) - late:])
        self.seated = [p for p in self.players if p not in self.away]
        self.pos = dict.fromkeys(self.players)
        self.owner = {c.index: None for c in self.board if c.kind == "hometown"}
        self.hometown_at = {self.board[s].name: s for s in self.owner}
        self.stuck = set()
        self.skip = set()
        self.deaths = dict.fromkeys(self.players, 0)
        self.dead = self.current = self.first = None
        self.turns = 0
        self.landed = None
        self.casino = self.deal = self.offer = None
        self.bad_ride = Deck()
        self.bad_ride.pile = self.shuffle(list(self.content_cards), "Bad Ride cards")[::-1]
        for p in self.seated:
            self.money.transfer("bank", self.cash[p], self.amount["start_cash"])

    # -- the order of play --------------------------------------------------------------------
    def play(self) -> Flow:
        yield from self._begin()  # no one can win before the first turn
        self.next_seat = 0
        return (yield from self.rounds())

    def rounds(self) -> Flow:
        """The turns in seat order from the first player's (the seat of ``next_seat``,
        counted from the first player, comes next), until a win or the turn limit."""
        order = [self.first, *self.left_of(self.first)]
        try:
            while self.turns < self.options["max_turns"]:
                self.turn_begins()
                player = order[self.next_seat]
                self.next_seat = (self.next_seat + 1) % len(order)
                if player in self.seated:
                    self.turns += 1
                    yield from self._turn(player)
        except Won as won:
            self._clear_felt()
            return self._final(won.player, won.reason)
        limit = plural(self.options["max_turns"], "turn")
        return self._final(None, f"The turn limit ({limit}) was "
                           "reached, so the players are ranked by their wealth: travelling "
                           "cash plus savings (contraband counts for nothing)")

    def _begin(self) -> Flow:
        """Rule 5 (RULES.md 1 A5): the highest 2d6 goes first (ties roll again). Rule 6: in
        turn order each picks a Hometown."""
        rolling = list(self.seated)
        while True:
            totals = {p: sum(self.roll(p, 2, 6, "who goes first")) for p in rolling}
            best = max(totals.values())
            rolling = [p for p in rolling if totals[p] == best]
            if len(rolling) == 1:
                break
            self.log("tie", None, f"{and_list(rolling)} tie with {best} and roll again")
        self.first = rolling[0]
        self.log("first", self.first, f"{self.first} rolled highest and goes first")
        for p in (self.first, *self.seated_left_of(self.first)):
            yield from self._choose_hometown(p, "Pick your Hometown")

    def _turn(self, player: str) -> Flow:
        """Rule 7 (RULES.md 1 A7): roll 2d6, move clockwise, resolve the city. Rule 25 and
        B 14: at Remindya only an escape total moves. Rule 32: a newcomer may join first."""
        self.current = player
        if player in self.skip:
            self.skip.discard(player)
            self.log("skip", player, f"{player} misses this turn")
            return None
        while True:
            joins = {f"join:{p}": p for p in self.away} if self.away and self.unowned() else {}
            joiner = yield self.ask(
                player, "turn", "Your turn: roll the dice", {"roll": None, **joins},
                labels={"roll": "Roll the dice", **{j: f"Let {p} join" for j, p in joins.items()}})
            if joiner is None:
                break
            yield from self._join(joiner)
        total = sum(self.roll(player, 2, 6, "move"))
        if player in self.stuck:
            escape = self.content.remindya_escape
            p = two_dice_chance(escape)
            if total not in escape:
                self.log("stuck", player, f"{player} rolls {total} and stays in the pot hole "
                         "at Remindya", p=1 - p)
                return None
            self.stuck.discard(player)
            self.log("escape", player, f"{player} rolls {total} and climbs out of Remindya", p=p)
        yield from self._move(player, total)
        return None

    def _join(self, player: str) -> Flow:
        """Rule 32 (RULES.md 1 A32): a newcomer takes $25,000 and a free Hometown, as after a
        death (rule 31), and plays from their seat."""
        self.away.remove(player)
        self.seated = [p for p in self.players if p not in self.away]
        self.money.transfer("bank", self.cash[player], self.amount["start_cash"])
        self.log("join", player, f"{player} joins the game with "
                 f"${self.amount['start_cash']:,}")
        yield from self._choose_hometown(player, "Welcome! Pick your Hometown")

    def _move(self, player: str, steps: int) -> Flow:
        """Rule 19 (RULES.md 1 A19): in path order, every owned Hometown passed pays welfare
        and takes a deposit (Rule 14: at each of them), then the landing city is resolved."""
        start = self.pos[player]
        size = len(self.board)
        for k in range(1, steps):
            space = (start + k) % size
            if self.owner.get(space) == player:
                self.pos[player] = space
                self._welfare(player, space)
                yield from self._deposit(player, self.amount["deposit_passing"], "passing")
        self.pos[player] = (start + steps) % size
        yield from self._land(player)

    def _land(self, player: str) -> Flow:
        city = self.board[self.pos[player]]
        self.landed = city.index
        self.log("land", player, f"{player} lands on {city.name}", city=city.index,
                 city_kind=city.kind)
        yield from getattr(self, f"_land_{city.kind}")(player, city)

    # -- the end ------------------------------------------------------------------------------
    def _clear_felt(self) -> None:
        """A win in the middle of a blackjack round ends the game: the bets still on the
        table go back to their owners (no hand is played out)."""
        if self.casino is None:
            return
        for player, amount in return_open_bets(self.casino, self.money, self.cash).items():
            self.log("bet_back", player, f"The game is over: {player} takes back ${amount:,} "
                     "of open bets", amount=amount)
        self.casino = None

    def _final(self, winner: str | None, reason: str) -> Result:
        ranking = sorted(self.players, key=lambda p: (p != winner, -self.wealth(p)))
        if winner is None:
            best = self.wealth(ranking[0])
            winners = tuple(p for p in ranking if self.wealth(p) == best)
        else:
            winners = (winner,)
        self.log("end", winner, reason)
        return Result(winners, tuple(ranking), reason, {
            p: {"cash": self.money[self.cash[p]], "savings": self.money[self.pouch[p]],
                "contraband": self.units[p], "hometowns": len(self.owned(p)),
                "deaths": self.deaths[p]} for p in self.players})

    def conserved(self) -> dict[str, int]:
        """Money and contraband only move between accounts; the Bad Ride cards stay as many."""
        return {"money": self.money.total(), "contraband": self.units.total(),
                "bad ride cards": len(self.bad_ride.pile) + len(self.bad_ride.discards)}

    TABLE = TABLE
