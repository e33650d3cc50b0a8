"""Hitchiker: the board, the turn and every city (checklist rules 1-32, 40-43, 56-58).

Black Market deals live in black_market.py, the Bad Ride deck in bad_ride.py and the casino's
blackjack in blackjack.py. Money is one ledger: ``"<name>:cash"`` (travelling cash),
``"<name>:pouch"`` (savings), ``"table"`` (stakes and bets on the board) and the ``"bank"``.
Contraband units are a second ledger with the ``"market"`` as its supply.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from tabletop.core.decisions import Amount
from tabletop.core.deck import Deck
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.track import RingTrack

from .bad_ride import BadRides
from .black_market import BlackMarket, describe_deal
from .blackjack import Casino, blackjack_round, return_open_bets
from .content import Content, load_hitchiker_content
from .words import units as unit_words

P_CORPUS_RISKY = Fraction(2, 9)  # a 7 (6 ways) or an 11 (2 ways) out of 36
P_ODD = Fraction(1, 2)           # 18 of the 36 rolls of two dice are odd


class Won(Exception):
    """Raised the moment a player reaches a goal (rules 1-2, B 17); ends the game."""

    def __init__(self, player: str, reason: str) -> None:
        super().__init__(reason)
        self.player = player
        self.reason = reason


class Hitchiker(BadRides, BlackMarket, Game):
    """Travel a loop of 42 cities, save $250,000 or carry $50,000,000 to win."""

    name = "hitchiker"
    title = "Hitchiker"
    min_players = 2
    max_players = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "max_turns": Option(2_000, "the game ends after this many turns (all players counted); "
                            "players are then ranked by cash plus savings", low=1,
                            high=10_000_000),
        "late_joiners": Option(0, "the last N players start away from the table; at the start "
                               "of any turn the mover may let one of them join", low=0, high=4),
        "inherit_savings_to_pouch": Option(False, "an heir (or Customs' beneficiary) puts the "
                                           "savings received into the Bank Pouch instead of "
                                           "travelling cash", choices=(False, True)),
        "content": Option("", "path of another content.toml (empty: the kit's own)"),
    }

    # -- the table ----------------------------------------------------------------------
    def setup(self) -> None:
        """Rules 3-4: the bank, a Bank Pouch and travelling cash for every hitchiker."""
        self.content: Content = load_hitchiker_content(self.options["content"] or None)
        late = self.options["late_joiners"]
        if len(self.players) - late < 2:
            raise OptionError(f"hitchiker: late_joiners={late} leaves fewer than 2 players "
                              "at the table")
        self.board = self.content.board
        self.track = RingTrack(len(self.board))
        self.goal = self.content.money
        self.content_cards = {c.id: c for c in self.content.bad_ride}
        self.cash = {p: f"{p}:cash" for p in self.players}
        self.pouch = {p: f"{p}:pouch" for p in self.players}
        self.account_of = {a: p for d in (self.cash, self.pouch) for p, a in d.items()}
        self.money = Ledger([*self.cash.values(), *self.pouch.values(), "table"])
        self.units = Ledger(self.players, supplies=("market",))
        self.away = list(self.players[len(self.players) - late:])
        self.seated = [p for p in self.players if p not in self.away]
        self.pos: dict[str, int | None] = dict.fromkeys(self.players)
        self.owner: dict[int, str | None] = {c.index: None for c in self.board
                                             if c.kind == "hometown"}
        self.hometown_at = {self.board[s].name: s for s in self.owner}
        self.stuck: set[str] = set()
        self.skip: set[str] = set()
        self.deaths = dict.fromkeys(self.players, 0)
        self.dead: str | None = None
        self.current: str | None = None
        self.first: str | None = None
        self.turns = 0
        self.casino: Casino | None = None
        self.deal: dict[str, Any] | None = None
        self.offer: dict[str, Any] | None = None
        self.bad_ride = Deck()
        self.bad_ride.pile = self.shuffle([c.id for c in self.content.bad_ride],
                                          "Bad Ride cards")[::-1]
        for p in self.seated:
            self.money.transfer("bank", self.cash[p], self.goal["start_cash"])

    # -- the order of play ----------------------------------------------------------------
    def play(self) -> Flow:
        try:
            yield from self._begin()
            order = self._seat_order(self.first)
            k = 0
            while self.turns < self.options["max_turns"]:
                player = order[k % len(order)]
                k += 1
                if player in self.seated:
                    self.turns += 1
                    yield from self._turn(player)
        except Won as won:
            self._clear_felt()
            return self._final(won.player, won.reason)
        return self._final(None, f"The turn limit ({self.options['max_turns']} turns) was "
                            "reached, so the players are ranked by their wealth: travelling "
                            "cash plus savings (contraband counts for nothing)")

    def _begin(self) -> Flow:
        """Rules 5-6: the highest 2d6 goes first (ties roll again); Hometowns picked in turn."""
        rolling = list(self.seated)
        while True:
            totals = {p: sum(self.roll(p, 2, 6, "who goes first")) for p in rolling}
            best = max(totals.values())
            rolling = [p for p in rolling if totals[p] == best]
            if len(rolling) == 1:
                break
            self.log("tie", None, f"{' and '.join(rolling)} tie with {best} and roll again")
        self.first = rolling[0]
        self.log("first", self.first, f"{self.first} rolled highest and goes first")
        for p in self._seat_order(self.first):
            if p in self.seated:
                yield from self._choose_hometown(p, "Pick your Hometown")
        return None

    def _turn(self, player: str) -> Flow:
        """Rule 7: roll 2d6, move clockwise, resolve; rule 25 / B 14: Remindya's escape roll."""
        self.current = player
        if player in self.skip:
            self.skip.discard(player)
            self.log("skip", player, f"{player} misses this turn")
            return None
        while True:
            joins = tuple(f"join:{p}" for p in self.away) if self._unowned() else ()
            action = yield self.ask(
                player, "turn", "Your turn: roll the dice", choices=("roll", *joins),
                labels={"roll": "Roll the dice", **{j: f"Let {j[5:]} join" for j in joins}})
            if action == "roll":
                break
            yield from self._join(action[5:])
        total = sum(self.roll(player, 2, 6, "move"))
        if player in self.stuck:
            if total % 2 == 0:
                self.log("stuck", player, f"{player} rolls an even {total} and stays in the "
                         "pot hole at Remindya", p=P_ODD)
                return None
            self.stuck.discard(player)
            self.log("escape", player, f"{player} rolls an odd {total} and climbs out of "
                     "Remindya", p=P_ODD)
        yield from self._move(player, total)
        return None

    def _join(self, player: str) -> Flow:
        """Rule 32: a newcomer takes $25,000 and a free Hometown, and plays from their seat."""
        self.away.remove(player)
        self.seated = [p for p in self.players if p not in self.away]
        self.money.transfer("bank", self.cash[player], self.goal["start_cash"])
        self.log("join", player, f"{player} joins the game with "
                 f"${self.goal['start_cash']:,}")
        yield from self._choose_hometown(player, "Welcome! Pick your Hometown")
        return None

    def _choose_hometown(self, player: str, prompt: str) -> Flow:
        """Rules 6, 31 and B 13: take any unowned Hometown and start there."""
        name = yield self.ask(player, "hometown", prompt, choices=self._unowned())
        space = self.hometown_at[name]
        self.owner[space] = player
        self.pos[player] = space
        self.log("hometown", player, f"{player} takes {name} as a Hometown", city=space)
        return None

    # -- moving ---------------------------------------------------------------------------
    def _move(self, player: str, steps: int) -> Flow:
        """Rule 19: every owned Hometown passed on the way pays and takes deposits, in order,
        then the landing city is resolved."""
        start = self.pos[player]
        size = len(self.board)
        owner = self.owner
        for k in range(1, steps):
            space = (start + k) % size
            if owner.get(space) == player:
                self.pos[player] = space
                self._welfare(player, space)
                yield from self._deposit(player, self.goal["deposit_passing"], "passing")
        self.pos[player] = (start + steps) % size
        yield from self._land(player)
        return None

    def _land(self, player: str) -> Flow:
        city = self.board[self.pos[player]]
        self.log("land", player, f"{player} lands on {city.name}", city=city.index,
                 city_kind=city.kind)
        yield from getattr(self, f"_land_{city.kind}")(player, city)
        return None

    # -- money ----------------------------------------------------------------------------
    def _check_win(self, player: str) -> None:
        """Rules 1-2 and B 17: checked the moment money reaches a player."""
        if self.money[self.pouch[player]] >= self.goal["savings_goal"]:
            raise Won(player, f"{player} has saved ${self.money[self.pouch[player]]:,} in the "
                      f"Bank Pouch (the goal is ${self.goal['savings_goal']:,})")
        if self.money[self.cash[player]] >= self.goal["cash_goal"]:
            raise Won(player, f"{player} carries ${self.money[self.cash[player]]:,} of "
                      f"travelling cash (the goal is ${self.goal['cash_goal']:,})")

    def _pay(self, payer: str, payee: str, amount: int) -> int:
        """Move money between accounts (what the payer has, at most) and check for a win."""
        paid = self.money.pay_what_you_have(payer, payee, amount)
        who = self.account_of.get(payee)
        if who is not None:
            self._check_win(who)
        return paid

    def _obligation(self, player: str, payee: str, amount: int, what: str) -> Flow:
        """Rules 56-58: pay from travelling cash; a shortfall pays what there is and sends the
        player home by bus. Returns whether the obligation was met in full."""
        paid = self._pay(self.cash[player], payee, amount)
        to = self.account_of.get(payee, "the bank").split(":")[0]
        if paid == amount:
            self.log("pay", player, f"{player} pays ${amount:,} to {to} ({what})", paid=paid)
            return True
        self.log("broke", player, f"{player} owes ${amount:,} to {to} ({what}) but has only "
                 f"${paid:,}: that is all {to} gets", paid=paid, owed=amount)
        yield from self._bus(player)
        return False

    def _bus(self, player: str) -> Flow:
        """Rule 57 and B 12: the bus to an owned Hometown and a cheque that stays in cash."""
        owned = [self.board[s].name for s, o in self.owner.items() if o == player]
        self.stuck.discard(player)
        if not owned:
            here = self.pos[player]
            self.pos[player] = self.track.next_of(here, set(self.owner))
            self.log("bus", player, f"{player} owns no Hometown and rides to "
                     f"{self.board[self.pos[player]].name} with nothing")
            return None
        name = owned[0]
        if len(owned) > 1:
            name = yield self.ask(player, "bus", "Broke: which of your Hometowns does the bus "
                                  "take you to?", choices=owned)
        self.pos[player] = self.hometown_at[name]
        self._pay("bank", self.cash[player], self.goal["bus_welfare"])
        self.log("bus", player, f"{player} takes the bus to {name} and collects "
                 f"${self.goal['bus_welfare']:,}, which cannot be deposited now")
        return None

    def _welfare(self, player: str, space: int) -> None:
        """Rules 11 and 14: a welfare cheque at each owned Hometown."""
        self._pay("bank", self.cash[player], self.goal["welfare"])
        self.log("welfare", player, f"{player} collects a ${self.goal['welfare']:,} welfare "
                 f"cheque at {self.board[space].name}", city=space)

    def _deposit(self, player: str, limit: int, how: str) -> Flow:
        """Rules 8 and 14: move up to ``limit`` of travelling cash into the Bank Pouch."""
        step = self.goal["deposit_step"]
        high = min(limit, self.money[self.cash[player]]) // step * step
        if high < step:
            return None
        amount = yield self.ask(
            player, "deposit", f"Deposit into your Bank Pouch ({how}: up to ${limit:,})",
            amount=Amount(0, high, step))
        if amount:
            self._pay(self.cash[player], self.pouch[player], amount)
            self.log("deposit", player, f"{player} deposits ${amount:,}", amount=amount)
        return None

    # -- who is where around the table ------------------------------------------------------
    def _seat_order(self, start: str) -> list[str]:
        """Every seat from ``start`` going left (the turn order of rule 6)."""
        i = self.players.index(start)
        return [*self.players[i:], *self.players[:i]]

    def _to_the_left(self, player: str) -> list[str]:
        """The other seated players, nearest on the left first."""
        return [p for p in self._seat_order(player)[1:] if p in self.seated]

    def _poorest(self, player: str) -> str:
        """Rule 28 and B 8: the least travelling cash among the others; a tie goes to the one
        nearest on ``player``'s left."""
        return min(self._to_the_left(player), key=lambda p: self.money[self.cash[p]])

    def _unowned(self) -> tuple[str, ...]:
        return tuple(self.board[s].name for s, o in self.owner.items() if o is None)

    # -- death ----------------------------------------------------------------------------
    def _die(self, player: str, cause: str, responsible: str | None) -> Flow:
        """Rules 27-31 and B 8-9: the estate goes to the heir, the Hometowns to the bank, and
        the hitchiker starts over with $25,000 at a free Hometown."""
        heir = responsible if responsible is not None else self._poorest(player)
        savings_to = self.pouch if self.options["inherit_savings_to_pouch"] else self.cash
        cash, savings, units = (self.money[self.cash[player]], self.money[self.pouch[player]],
                                self.units[player])
        self.deaths[player] += 1
        self.dead = player
        for space, owner in self.owner.items():
            if owner == player:
                self.owner[space] = None
        self.stuck.discard(player)
        self.skip.discard(player)
        self.log("death", player, f"{player} dies ({cause}). {heir} inherits ${cash:,} of cash, "
                 f"${savings:,} of savings and {unit_words(units)}", heir=heir, cash=cash,
                 savings=savings, units=units)
        self.units.transfer(player, heir, units)
        self.money.transfer(self.cash[player], self.cash[heir], cash)
        self.money.transfer(self.pouch[player], savings_to[heir], savings)
        self._check_win(heir)  # once the whole estate has arrived
        yield from self._choose_hometown(player, "Reincarnated! Pick a free Hometown")
        self.dead = None
        self._pay("bank", self.cash[player], self.goal["start_cash"])
        return None

    # -- the cities -------------------------------------------------------------------------
    def _land_hometown(self, player: str, city: Any) -> Flow:
        """Rules 12-18 and B 10."""
        owner = self.owner[city.index]
        if owner == player:
            self._welfare(player, city.index)
            yield from self._deposit(player, self.goal["deposit_landing"], "landing")
        elif owner is not None:
            roll = sum(self.roll(player, 2, 6, f"rent at {city.name}"))
            rent = roll * self.goal["rent_per_pip"]
            yield from self._obligation(player, self.cash[owner], rent, f"rent for {city.name}")
        else:
            price = self.roll(player, 1, 6, f"price of {city.name}")[0] * self.goal[
                "price_per_pip"]
            self.log("price", player, f"{city.name} is for sale at ${price:,}", price=price)
            if self.money[self.cash[player]] < price:
                self.log("no_sale", player, f"{player} cannot pay ${price:,} (no credit)")
                return None
            self.offer = {"city": city.name, "price": price}
            answer = yield self.ask(player, "buy", f"Buy {city.name} for ${price:,}?",
                                    choices=("buy", "pass"),
                                    labels={"buy": f"Buy for ${price:,}", "pass": "Pass"})
            self.offer = None
            if answer == "buy":
                self.money.transfer(self.cash[player], "bank", price)
                self.owner[city.index] = player
                self.log("buy", player, f"{player} buys {city.name} for ${price:,}",
                         price=price)
                yield from self._deposit(player, self.goal["deposit_landing"], "new Hometown")
        return None

    def _land_bad_ride(self, player: str, city: Any) -> Flow:
        yield from self._bad_ride(player)
        return None

    def _land_black_market(self, player: str, city: Any) -> Flow:
        yield from self._black_market(player)
        return None

    def _land_sell(self, player: str, city: Any) -> Flow:
        """Rules 40-41 and B 6: sell any number of units at the city's price (optional)."""
        held = self.units[player]
        if not held:
            return None
        units = yield self.ask(player, "sell", f"Sell contraband at ${city.price:,} a unit? "
                               f"(you hold {unit_words(held)})", amount=Amount(0, held, 1))
        if units:
            self.units.transfer(player, "market", units)
            self.log("sell", player, f"{player} sells {unit_words(units)} for "
                     f"${units * city.price:,}", units=units, price=city.price)
            self._pay("bank", self.cash[player], units * city.price)
        return None

    def _land_customs(self, player: str, city: Any) -> Flow:
        """Rule 42 and B 8: contraband to the Banker, cash and half the savings to the
        poorest other player."""
        units = self.units[player]
        if not units:
            self.log("customs", player, f"{player} has no contraband: Customs waves them on")
            return None
        poorest = self._poorest(player)
        cash, half = self.money[self.cash[player]], self.money[self.pouch[player]] // 2
        savings_to = self.pouch if self.options["inherit_savings_to_pouch"] else self.cash
        self.log("customs", player, f"Busted at {city.name}! The Banker takes {unit_words(units)}; "
                 f"${cash:,} of cash and ${half:,} of savings go to {poorest}",
                 units=units, cash=cash, savings=half, to=poorest)
        self.units.transfer(player, "market", units)
        self.money.transfer(self.cash[player], self.cash[poorest], cash)
        self.money.transfer(self.pouch[player], savings_to[poorest], half)
        self._check_win(poorest)  # once both the cash and the savings have arrived
        yield from ()

    def _land_casino(self, player: str, city: Any) -> Flow:
        """Rule 43: the lander deals two rounds; everyone with money to wager plays."""
        rounds = self.goal["casino_rounds"]
        for r in range(1, rounds + 1):
            seats = [p for p in self._to_the_left(player) if self.money[self.cash[p]] > 0]
            dealer = player if self.money[self.cash[player]] > 0 else None
            if not seats and dealer is None:
                self.log("casino", player, "Nobody has money to bet: the casino is quiet")
                break
            yield from blackjack_round(self, self.money, self.cash, seats, dealer, r, rounds,
                                       self._check_win)
        self.casino = None
        return None

    def _land_smash_ville(self, player: str, city: Any) -> Flow:
        """Rule 20 and B 19: a song (honour system) for $50,000."""
        yield self.ask(player, "sing", "Sing a couple of lines of a song for the table",
                       choices=("sing",), labels={"sing": "Sing!"})
        self.log("sing", player, f"{player} sings and collects ${self.goal['smash_ville']:,}")
        self._pay("bank", self.cash[player], self.goal["smash_ville"])

    def _collect_roll(self, player: str, city: Any, per_pip: int) -> None:
        """Rules 21-22: 2d6 x $5,000 from the bank."""
        gain = sum(self.roll(player, 2, 6, city.name)) * per_pip
        self.log("collect", player, f"{player} collects ${gain:,} at {city.name}", amount=gain,
                 mean=7 * per_pip)
        self._pay("bank", self.cash[player], gain)

    def _land_smell_gaso(self, player: str, city: Any) -> Flow:
        self._collect_roll(player, city, self.goal["smell_gaso_per_pip"])
        yield from ()

    def _land_saysno(self, player: str, city: Any) -> Flow:
        self._collect_roll(player, city, self.goal["saysno_per_pip"])
        yield from ()

    def _land_corpus_risky(self, player: str, city: Any) -> Flow:
        """Rule 23: a 7 or an 11 on 2d6 is Death (2 chances in 9)."""
        total = sum(self.roll(player, 2, 6, "the sharks"))
        if total in (7, 11):
            self.log("shark", player, f"{total}: a shark attack at {city.name}",
                     p=P_CORPUS_RISKY)
            yield from self._die(player, "a shark attack", None)
        else:
            self.log("shark", player, f"{total}: {player} swims safely", p=1 - P_CORPUS_RISKY)
        return None

    def _land_bagstuff(self, player: str, city: Any) -> Flow:
        """Rule 24: $25,000 to the player on the right (pay what you have)."""
        right = self._to_the_left(player)[-1]
        yield from self._obligation(player, self.cash[right], self.goal["bagstuff"],
                                    "the crooked sheriff")
        return None

    def _land_remindya(self, player: str, city: Any) -> Flow:
        """Rule 25 and B 14: stuck; from the next turn an odd roll gets out."""
        self.stuck.add(player)
        self.log("pothole", player, f"{player} is stuck in a pot hole: an odd roll gets out "
                 "(1 chance in 2 each turn, 2 turns on average)", p=P_ODD)
        yield from ()

    def _land_stock_wood(self, player: str, city: Any) -> Flow:
        """Rule 26: 2d6 units of contraband found."""
        units = sum(self.roll(player, 2, 6, city.name))
        self.units.transfer("market", player, units)
        self.log("found", player, f"{player} finds {unit_words(units)} of contraband", units=units)
        yield from ()

    # -- the end ---------------------------------------------------------------------------
    def wealth(self, player: str) -> int:
        """Travelling cash plus savings."""
        return self.money[self.cash[player]] + self.money[self.pouch[player]]

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
                "contraband": self.units[p], "hometowns": self._owned_count(p),
                "deaths": self.deaths[p]} for p in self.players})

    def _owned_count(self, player: str) -> int:
        return sum(o == player for o in self.owner.values())

    def conserved(self) -> dict[str, int]:
        """Money and contraband only move between accounts; the 20 Bad Ride cards stay 20."""
        return {"money": self.money.total(), "contraband": self.units.total(),
                "bad ride cards": len(self.bad_ride.pile) + len(self.bad_ride.discards)}

    # -- what everyone sees ------------------------------------------------------------------
    def table_view(self, player: str | None) -> dict[str, Any]:
        """Everything is public in Hitchiker except the order of the Bad Ride pile."""
        cities = [{"index": c.index, "name": c.name, "kind": c.kind,
                   "price": c.price or None, "owner": self.owner.get(c.index),
                   "here": [p for p in self.seated if self.pos[p] == c.index]}
                  for c in self.board]
        last = self.bad_ride.discards[-1] if self.bad_ride.discards else None
        return {
            "cities": cities,
            "hitchikers": {p: {
                "seated": p in self.seated, "position": self.pos[p],
                "city": None if self.pos[p] is None else self.board[self.pos[p]].name,
                "cash": self.money[self.cash[p]], "savings": self.money[self.pouch[p]],
                "contraband": self.units[p],
                "hometowns": [self.board[s].name for s, o in self.owner.items() if o == p],
                "stuck": p in self.stuck, "misses_turn": p in self.skip,
                "alive": p != self.dead, "deaths": self.deaths[p]} for p in self.players},
            "turn": self.turns, "max_turns": self.options["max_turns"],
            "current": self.current, "first": self.first, "away": list(self.away),
            "casino": None if self.casino is None else self.casino.view(),
            "deal": None if self.deal is None else {**self.deal, "rolls": [
                dict(r) for r in self.deal["rolls"]]},
            "offer": None if self.offer is None else dict(self.offer),
            "deal_chart": {str(r): describe_deal(d) for r, d in
                           self.content.deal_chart.items()},
            "bad_ride": {"cards_left": len(self.bad_ride.pile),
                         "last": None if last is None else self.content_cards[last].text},
            "goals": {"savings": self.goal["savings_goal"], "cash": self.goal["cash_goal"]},
            "on_table": self.money["table"],
        }
