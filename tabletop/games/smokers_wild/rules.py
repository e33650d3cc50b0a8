"""Smokers Wild: the order of play, from the preparation to the last token at GONE.

Read top to bottom like the rulebook: the preparation (rules 7-10), the turns (rule 11:
throw, move, resolve the space, meet the players there) and the end (rules 30-31). Rule
numbers are the checklist's of RULES.md section 2 A, the same as the tests'. The pieces and
how tokens move are in :mod:`.table`, paying in :mod:`.money`, each kind of space in
:mod:`.spaces`, HAV' A PUFF cards in :mod:`.puff`, what a player sees in :mod:`.view`,
staged positions in :mod:`.staging`, the exact odds in :mod:`.odds`; every number, name and
card effect in ``content.toml``.

Options
-------
``start``    "auction" (every occupation auctioned, K500 each) or "quick" (occupations
             dealt equally at random, the rest auctioned, K300 each).
``ending``   "long" (play until one player has not reached GONE; the rulebook's object)
             or "short" (the first token at GONE ends the game).
``max_turns`` rounds (every player one turn) before the game is stopped and ranked by
             remaining life.
``content``  a house edition's content.toml ("" = the kit's own).

Decisions (``decision.kind``: choices, and the value the rules receive)
-----------------------------------------------------------------------
``bid`` "pass" or an amount (:mod:`tabletop.core.auction`) · ``roll`` "roll" ·
``challenge`` "challenge <name>" (the name) / "no challenge" (None) · ``pass_brand``
"pass <brand>" · ``puff_from`` "from <name>" · ``take_brand`` "take <brand>" (the brand or
name) · ``vacation`` "vacation" / "stay" · ``quit`` "try" / "skip" · ``accept_offer``
"accept" / "refuse" (True / False) · ``raise_money`` "loan" (None) / "sell <occupation> to
<name>" ((occupation, name)) · ``offer`` "decline" (None) or an amount.
"""

from __future__ import annotations

from typing import ClassVar

from tabletop.core.auction import Auction
from tabletop.core.deck import deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow as Play
from tabletop.core.game import Result
from tabletop.core.options import Option
from tabletop.core.words import plural

from .content import build
from .puff import PuffRules
from .staging import Staging
from .table import COMPANY, Flow, MoverGone, ShortGameOver, Turn
from .view import TABLE


class SmokersWild(PuffRules, Staging):
    """Smokers Wild for 2 to 6 players (see the module docstring)."""

    name = "smokers_wild"
    title = "Smokers Wild"
    min_players = 2
    max_players = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "start": Option("auction", "how the occupations are shared out at the start",
                        choices=("auction", "quick")),
        "ending": Option("long", "long: last one before GONE wins; short: first at GONE ends it",
                         choices=("long", "short")),
        "max_turns": Option(2000, "rounds before the game is stopped and ranked by remaining life",
                            low=1, high=1_000_000),
    }
    build_content = staticmethod(build)

    def setup(self) -> None:
        """Rule 5 and Rule 6: the pieces on the table (:mod:`.table`)."""
        if COMPANY in self.players:
            raise OptionError(f"smokers_wild: {COMPANY!r} is the Tobacco Company's name; "
                              "please choose another player name")
        super().setup()
        self._roll_asks = {p: self.ask(p, "roll", f"{p}: roll the dice", ("roll",),
                                       labels={"roll": "Roll"}) for p in self.players}

    def play(self) -> Play:
        """The preparation, then rounds of turns in seat order until the end: the last
        player not yet at GONE wins (Rule 1)."""
        yield from self._prepare()  # no token moves before the first turn
        self.next_seat = 0
        return (yield from self.rounds())

    def rounds(self) -> Play:
        """The turns in seat order (the seat ``next_seat`` comes next; a round begins at seat
        0), until the end or the round limit."""
        long_game = self.options["ending"] == "long"
        try:
            while True:
                self.turn_begins()
                if self.next_seat == 0:
                    if self.round >= self.options["max_turns"]:
                        break
                    self.round += 1
                player = self.players[self.next_seat]
                self.next_seat = (self.next_seat + 1) % len(self.players)
                if player in self.gone:
                    continue
                yield from self._turn(player)
                if long_game:
                    yield from self._retire_gone()
                    if len(self.players) - len(self.gone) <= 1:
                        return self._finish("long")
        except ShortGameOver:
            return self._finish("short")
        return self._finish("limit")

    # -- the preparation -------------------------------------------------------------
    def _prepare(self) -> Flow:
        """Rule 7: the treasurer hands out the company's money; Rule 8: the occupations are
        auctioned, or, Rule 9, dealt in the quick start and the rest auctioned; Rule 10: the
        HAV' A PUFF cards are dealt."""
        c, n = self.content, len(self.players)
        quick = self.options["start"] == "quick"
        cash = c.start_quick if quick else c.start_auction
        for p in self.players:
            self.ledger.transfer(COMPANY, p, cash)
        self.log("start", self.players[0],
                 f"{self.players[0]} is the treasurer and hands everyone K{cash}", cash=cash)
        lots = list(self.owner)
        if quick:
            lots = self.shuffle(lots, "occupation cards")
            dealt = len(lots) // n * n
            for seat, hand in enumerate(deal_round_robin(lots[:dealt], n, 1 % n)):
                for occ in hand:
                    self.owner[occ] = self.players[seat]
                    self.log("deal", self.players[seat], f"{self.players[seat]} is dealt the {occ}",
                             occupation=occ)
            lots = lots[dealt:]
        for k, lot in enumerate(lots):
            yield from self._auction_occupation(lot, list(self.players), (1 + k) % n)
        self._deal_puff_cards()

    def _auction_occupation(self, occupation: str, bidders: list[str], first: int) -> Flow:
        """Rule 8 and Rule 31: sell one occupation to the highest bidder, who pays the
        company; unsold, it stays with the company."""
        self.auction = Auction(occupation, bidders, first, self.ledger.__getitem__,
                               self.content.bid_step, self.content.opening_bid)
        outcome = yield from self.auction.run(self)
        self.auction = None
        if outcome is None:
            self.owner[occupation] = COMPANY
            return
        winner, price = outcome
        self.ledger.transfer(winner, COMPANY, price)
        self.owner[occupation] = winner

    # -- a turn ----------------------------------------------------------------------
    def _turn(self, player: str) -> Flow:
        """Rule 11: throw, move, resolve the space, meet; again after an extra turn (Rule 16);
        a player on vacation misses the turn (Rule 28)."""
        if player in self.away:
            if self.vacation[player]:
                self.vacation[player] -= 1
                self.log("vacation", player, f"{player} is on vacation and misses a turn")
                return
            self.away.discard(player)
            self.log("vacation", player, f"{player} is back from vacation")
        self.mover = player
        try:
            while True:
                yield self._roll_asks[player]
                self.last_roll = self._throw(player, "move")
                extra = yield from self._move(player, sum(self.last_roll))
                if player in self.away:
                    break
                yield from self._socialise(player)
                if not extra:
                    break
        except MoverGone:
            self.payment = self.sale = None
        self.mover = None

    def _arrive(self, player: str) -> Turn:
        """Resolve the space ``player`` has just reached, by dice or by a card: advertising
        (Rules 12-16), HAV' A PUFF (Rule 21), an occupation (Rule 25), VACATION (Rule 28),
        I QUIT (Rule 18)."""
        space = self.content.board[self.pos[player]]
        if space.kind == "advertising":
            return (yield from self._advertising(player, space.name))
        if space.kind == "puff":
            return (yield from self._hav_a_puff(player))
        if space.occupation is not None:
            yield from self._occupation_fee(player, space.occupation)
        elif space.kind == "vacation":
            yield from self._offer_vacation(player, space)
        else:
            yield from self._offer_quit(player)
        return False

    # -- the end ---------------------------------------------------------------------
    def _retire_gone(self) -> Flow:
        """Rule 31, long game: a player at GONE leaves: brands back to the company, cards
        to the discards, and occupations auctioned to the survivors."""
        for player in self.gone:
            if player in self.retired:
                continue
            self.retired.add(player)
            self.away.discard(player)
            self.vacation[player] = 0
            if self.n_brands[player]:
                self._return_brands(player, "gone")
            self.discards.extend(self.hands[player])
            self.hands[player] = []
            survivors = self.active_others(player)
            if len(survivors) < 2:
                continue  # one survivor or none: the game is over, nothing to auction
            for occ in self.occupations_of(player):
                yield from self._auction_occupation(occ, survivors, 0)
            self._gather_puff_cards()

    def _remaining_life(self, player: str) -> tuple[int, int, int]:
        """Rule 30 and B13: lower is better: Lifeometer, then progress on the circuit,
        then the most cash."""
        return (self.life[player], self.pos[player], -self.ledger[player])

    def _finish(self, how: str) -> Result:
        """Rule 30 and Rule 31 (or the round limit): rank the players, name the winners."""
        alive = sorted((p for p in self.players if p not in self.gone), key=self._remaining_life)
        ranking = alive + self.gone[::-1]
        if how == "long":
            reason = (f"{ranking[0]} is the last player not yet at GONE"
                      if alive else f"{ranking[0]} was the last to reach GONE")
            winners = ranking[:1]
        else:
            best = self._remaining_life(ranking[0])
            winners = [p for p in alive if self._remaining_life(p) == best] or ranking[:1]
            if how == "short":
                reason = (f"{self.gone[0]} reached GONE first; the most remaining life "
                          f"(Lifeometer, then progress on the circuit, then cash) wins")
            else:
                reason = (f"The limit of {plural(self.options['max_turns'], 'round')} was "
                          "reached; "
                          f"players are ranked by remaining life (Lifeometer, then progress "
                          f"on the circuit, then cash)")
        self.log("end", None, reason)
        return Result(tuple(winners), tuple(ranking), reason, self._figures())

    def _figures(self) -> dict[str, dict[str, int | float]]:
        return {p: {
            "lifeometer": self.life[p],
            "cash": self.ledger[p],
            "smoker": int(self.n_brands[p] > 0),
            "brands": self.n_brands[p],
            "occupations": len(self.occupations_of(p)),
            "spaces_travelled": self.travelled[p],
            "advances": self.advances[p],
            "years_from_loans": self.loan_years[p],
        } for p in self.players}

    # -- for the engine ----------------------------------------------------------------
    def conserved(self) -> dict[str, int]:
        """Money only moves; the 12 brand cards and 24 HAV' A PUFF cards are all somewhere."""
        held = sum(self.n_brands.values())
        cards = [c for hand in self.hands.values() for c in hand] + self.discards
        return {"money": self.ledger.total(), "brand cards": len(self.holder),
                "brands miscounted": held - sum(h != COMPANY for h in self.holder.values()),
                "puff cards": len(set(cards)) + len(cards) - len(self.card_ids),
                "players in debt": sum(self.ledger[p] < 0 for p in self.players)}

    TABLE = TABLE
