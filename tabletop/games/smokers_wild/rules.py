"""Smokers Wild: the game of the kit, from preparation to the last token at GONE.

The turn code follows the rulebook's order; the rules of each kind of space live in
:mod:`.spaces`, paying and raising money in :mod:`.money`, HAV' A PUFF cards in
:mod:`.puff`, and all numbers, names and card effects in ``content.toml``.

Options
-------
``start``    "auction" (every occupation auctioned, K500 each) or "quick" (occupations
             dealt equally at random, the rest auctioned, K300 each).
``ending``   "long" (play until one player has not reached GONE; the rulebook's object)
             or "short" (the first token at GONE ends the game).
``max_turns`` rounds (every player one turn) before the game is stopped and ranked by
             remaining life.

Decisions (``decision.kind``: choices)
--------------------------------------
``bid`` "pass" or an amount (:mod:`tabletop.core.auction`) · ``roll`` "roll" ·
``challenge`` "challenge <name>" / "no challenge" · ``pass_brand`` "pass <brand>" ·
``puff_from`` "from <name>" · ``take_brand`` "take <brand>" · ``vacation`` "vacation" /
"stay" · ``quit`` "try" / "skip" · ``raise_money`` "loan" / "sell <occupation> to <name>"
· ``offer`` "decline" or an amount · ``accept_offer`` "accept" / "refuse".

The view (``game.view(player)``), stable for widgets and bots
-------------------------------------------------------------
* ``board``: 28 dicts in track order: ``index``, ``name``, ``kind`` (undertaker,
  advertising, occupation, puff, vacation, quit), ``occupation`` (or None), ``owner``
  (occupation's owner: a player or "company"; None if no occupation), ``brand_holder``
  (advertising: a player or "company"; else None), ``fee`` and ``turns`` (vacations).
* ``seats``: one dict per player in seat order: ``name``, ``seat``, ``position``,
  ``space`` (name), ``lifeometer`` (0 = GO .. gone = GONE), ``life_label``, ``cash``,
  ``smoker``, ``brands``, ``occupations``, ``puff_cards`` (hand size), ``vacation_turns``
  (turns still to miss), ``on_vacation`` (token in the corner), ``is_gone``,
  ``spaces_travelled``, ``advances`` (K advanced by the company), ``years_from_loans``.
* ``company``: ``balance`` (the company is an unlimited supply account, so this goes
  below zero as it pays out), ``brands``, ``occupations``.
* ``lifeometer``: ``gone`` and ``labels``; ``fees``: the scale of fees (rule and figures
  per occupation); ``quit_fee``; ``last_roll`` (the last movement throw, or None);
  ``round``; ``turn`` (whose turn); ``treasurer``; ``puff_discards`` (count);
  ``auction`` (lot, high, high_bidder, active, or None); ``payment`` (a shortfall being
  raised: payer, payee, amount, need, loan, why, or None); ``sale`` (seller, buyer,
  occupation, offer, or None); ``options``; ``edition`` (what the kit authored);
  ``puff_deck``: every card's title, count and effect text for each status.
* ``your_puff_cards``: the titles of your own face-down HAV' A PUFF cards (a holder may
  look at their own hand; an opponent draws blind anyway). ``None`` for a spectator.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.auction import Auction
from tabletop.core.deck import deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.track import RingTrack

from .content import Content, default_content
from .money import COMPANY, MoneyMixin
from .puff import PuffMixin, describe
from .spaces import SpacesMixin


class _ShortGameOver(Exception):
    """A token reached GONE in the short game: the game ends at once."""


class _MoverGone(Exception):
    """The player whose turn it is reached GONE in the long game: the turn stops."""


class SmokersWild(SpacesMixin, MoneyMixin, PuffMixin, Game):
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
    content: Content = default_content()

    # -- preparation -----------------------------------------------------------------
    def setup(self) -> None:
        """Preparation 1-2: tokens on the UNDERTAKER and on GO, the company's accounts."""
        if COMPANY in self.players:
            raise OptionError(f"smokers_wild: {COMPANY!r} is the Tobacco Company's name; "
                              "please choose another player name")
        c = self.content
        self.ring = RingTrack(len(c.board))
        self.ledger = Ledger(self.players, supplies=(COMPANY,))
        self.space_index = {s.name: s.index for s in c.board}
        self.kind_index = {k: frozenset(s.index for s in c.board if s.kind == k)
                           for k in {s.kind for s in c.board}}
        self.ad_agent = next(o.name for o in c.occupations.values() if o.rule == "per_brand")
        self.psychiatrist = next(o.name for o in c.occupations.values() if o.collects_quit_fees)
        self.pos = dict.fromkeys(self.players, 0)
        self.life = dict.fromkeys(self.players, 0)
        self.holder = dict.fromkeys(c.brands, COMPANY)
        self.n_brands = dict.fromkeys(self.players, 0)
        self.owner = {s.occupation: COMPANY for s in c.board if s.occupation}
        self.card_ids = [f"{card.title} #{k}" for card in c.puff_cards
                         for k in range(1, card.count + 1)]
        self.card_of = {f"{card.title} #{k}": card for card in c.puff_cards
                        for k in range(1, card.count + 1)}
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.discards: list[str] = list(self.card_ids)  # in the box until dealt
        self.vacation = dict.fromkeys(self.players, 0)
        self.away: set[str] = set()
        self.gone: list[str] = []
        self.retired: set[str] = set()
        self.travelled = dict.fromkeys(self.players, 0)
        self.advances = dict.fromkeys(self.players, 0)
        self.loan_years = dict.fromkeys(self.players, 0)
        self.smokers_made = dict.fromkeys(self.players, 0)
        self.mover: str | None = None
        self.round = 0
        self.last_roll: tuple[int, int] | None = None
        self.auction: Auction | None = None
        self.payment: dict[str, Any] | None = None
        self.sale: dict[str, Any] | None = None
        self._left_of = {p: self.players[k + 1:] + self.players[:k]
                         for k, p in enumerate(self.players)}
        self._roll_asks = {p: self.ask(p, "roll", f"{p}: roll the dice", ("roll",),
                                       labels={"roll": "Roll"}) for p in self.players}

    def _prepare(self) -> Flow:
        """Preparation 2-4: cash from the treasurer, occupations, HAV' A PUFF cards."""
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
        """Preparation 3 and the long game's ending: sell one occupation to the highest
        bidder, who pays the company; unsold, it stays with the company."""
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

    # -- the game --------------------------------------------------------------------
    def play(self) -> Flow:
        long_game = self.options["ending"] == "long"
        try:
            yield from self._prepare()
            while self.round < self.options["max_turns"]:
                self.round += 1
                for player in self.players:
                    if player in self.gone:
                        continue
                    yield from self._turn(player)
                    if long_game:
                        yield from self._retire_gone()
                        if len(self.players) - len(self.gone) <= 1:
                            return self._finish("long")
        except _ShortGameOver:
            return self._finish("short")
        return self._finish("limit")

    def _turn(self, player: str) -> Flow:
        """Preparation 5 and rule 10: throw, move, resolve, meet; again after an extra turn."""
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
                a, b = self.roll(player, 2, 6, "move")
                self.last_roll = (a, b)
                extra = yield from self._move(player, a + b)
                if player in self.away:
                    break
                yield from self._socialise(player)
                if not extra:
                    break
        except _MoverGone:
            self.payment = self.sale = None
        self.mover = None

    def _add_years(self, player: str, years: int, why: str) -> None:
        """Move the Lifeometer token on (rules 4, 13, 16, 19); GONE ends the short game
        at once, and ends the mover's turn in the long game."""
        gone = self.content.gone
        self.life[player] = min(gone, self.life[player] + years)
        label = self.content.life_labels[self.life[player]]
        self.log("lifeometer", player, f"{player} ages {years} year(s) ({why}): now at {label}",
                 years=years, lifeometer=self.life[player])
        if self.life[player] == gone and player not in self.gone:
            self.gone.append(player)
            self.log("gone", player, f"{player}'s token reaches GONE")
            if self.options["ending"] == "short":
                raise _ShortGameOver
            if player == self.mover:
                raise _MoverGone

    def _retire_gone(self) -> Flow:
        """Rule 23, long game: a player at GONE leaves: brands back to the company, cards
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
            survivors = self._active_others(player)
            if len(survivors) < 2:
                continue  # one survivor or none: the game is over, nothing to auction
            for occ in self._occupations_of(player):
                yield from self._auction_occupation(occ, survivors, 0)
            self._gather_puff_cards()

    # -- the end ----------------------------------------------------------------------
    def _remaining_life(self, player: str) -> tuple[int, int, int]:
        """Rule 23 and B #13: lower is better: Lifeometer, then progress on the circuit,
        then the most cash."""
        return (self.life[player], self.pos[player], -self.ledger[player])

    def _finish(self, how: str) -> Result:
        alive = sorted((p for p in self.players if p not in self.gone), key=self._remaining_life)
        if how == "long":
            ranking = alive + self.gone[::-1]
            reason = (f"{ranking[0]} is the last player not yet at GONE"
                      if alive else f"{ranking[0]} was the last to reach GONE")
            winners = ranking[:1]
        else:
            ranking = alive + self.gone[::-1]
            best = self._remaining_life(ranking[0])
            winners = [p for p in alive if self._remaining_life(p) == best] or ranking[:1]
            if how == "short":
                reason = (f"{self.gone[0]} reached GONE first; the most remaining life "
                          f"(Lifeometer, then progress on the circuit, then cash) wins")
            else:
                reason = (f"The limit of {self.options['max_turns']} rounds was reached; "
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
            "occupations": len(self._occupations_of(p)),
            "spaces_travelled": self.travelled[p],
            "advances": self.advances[p],
            "years_from_loans": self.loan_years[p],
        } for p in self.players}

    # -- small helpers ----------------------------------------------------------------
    def _active_others(self, player: str) -> list[str]:
        """The other players still in the game, in seat order starting on ``player``'s left."""
        order = self._left_of[player]
        return [p for p in order if p not in self.gone] if self.gone else list(order)

    def _brands_of(self, player: str) -> list[str]:
        return [b for b, h in self.holder.items() if h == player]

    def _occupations_of(self, player: str) -> list[str]:
        return [o for o, h in self.owner.items() if h == player]

    # -- the view ---------------------------------------------------------------------
    def conserved(self) -> dict[str, int]:
        """Money only moves; the 12 brand cards and 24 HAV' A PUFF cards are all somewhere."""
        held = sum(self.n_brands.values())
        cards = [c for hand in self.hands.values() for c in hand] + self.discards
        return {"money": self.ledger.total(), "brand cards": len(self.holder),
                "brands miscounted": held - sum(h != COMPANY for h in self.holder.values()),
                "puff cards": len(set(cards)) + len(cards) - len(self.card_ids),
                "players in debt": sum(self.ledger[p] < 0 for p in self.players)}

    def table_view(self, player: str | None) -> dict[str, Any]:
        c = self.content
        board = [{
            "index": s.index, "name": s.name, "kind": s.kind, "occupation": s.occupation,
            "owner": self.owner[s.occupation] if s.occupation else None,
            "brand_holder": self.holder[s.name] if s.kind == "advertising" else None,
            "fee": s.fee, "turns": s.turns,
        } for s in c.board]
        seats = [{
            "name": p, "seat": k, "position": self.pos[p], "space": c.board[self.pos[p]].name,
            "lifeometer": self.life[p], "life_label": c.life_labels[self.life[p]],
            "cash": self.ledger[p], "smoker": self.n_brands[p] > 0,
            "brands": self._brands_of(p), "occupations": self._occupations_of(p),
            "puff_cards": len(self.hands[p]), "vacation_turns": self.vacation[p],
            "on_vacation": p in self.away, "is_gone": p in self.gone,
            "spaces_travelled": self.travelled[p], "advances": self.advances[p],
            "years_from_loans": self.loan_years[p],
        } for k, p in enumerate(self.players)]
        return {
            "board": board,
            "seats": seats,
            "company": {"balance": self.ledger[COMPANY], "brands": self._brands_of(COMPANY),
                        "occupations": self._occupations_of(COMPANY)},
            "lifeometer": {"gone": c.gone, "labels": list(c.life_labels)},
            "fees": {o.name: {"rule": o.rule, **dict(o.figures)} for o in c.occupations.values()},
            "quit_fee": c.quit_fee,
            "last_roll": None if self.last_roll is None else list(self.last_roll),
            "round": self.round,
            "turn": self.mover,
            "treasurer": self.players[0],
            "puff_discards": len(self.discards),
            "auction": None if self.auction is None else self.auction.state(),
            "payment": None if self.payment is None else dict(self.payment),
            "sale": None if self.sale is None else dict(self.sale),
            "options": dict(self.options),
            "edition": {"kit_authored": list(c.kit_authored), "note": c.note},
            "puff_deck": [{"title": card.title, "count": card.count,
                           "non_smoker": describe(card.non_smoker),
                           "smoker": describe(card.smoker)} for card in c.puff_cards],
            "your_puff_cards": (None if player not in self.hands
                                else [self.card_of[i].title for i in self.hands[player]]),
        }

