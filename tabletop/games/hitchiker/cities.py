"""What each kind of city does to the hitchiker who lands on it (RULES.md 1 A 12-18, 20-26 and
40-43), a part of the Hitchiker game. ``_land_<kind>`` is called for a city of that kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Amount

from .bad_ride import BadRides
from .black_market import BlackMarket
from .casino import blackjack_round
from .table import two_dice_chance
from .words import units as unit_words

if TYPE_CHECKING:
    from tabletop.core.game import Flow

    from .content import City

BUY = {"buy": True, "pass": False}


class Cities(BadRides, BlackMarket):
    """The cities of the loop."""

    def _land_hometown(self, player: str, city: City) -> Flow:
        """Rule 12 (RULES.md 1 A12): another's Hometown costs a rent of 2d6 x $1,000 to its
        owner. Rule 13: an unowned one is for sale, Rule 15: only to the lander, and only if
        they wish. Rule 16: its price is 1d6 x $5,000, rolled first. Rule 17: no credit.
        Rule 18: after buying, a deposit but no welfare. B 10: one's own pays welfare."""
        owner = self.owner[city.index]
        if owner == player:
            self._welfare(player, city.index)
            yield from self._deposit(player, self.amount["deposit_landing"], "landing")
            return None
        if owner is not None:
            roll = sum(self.roll(player, 2, 6, f"rent at {city.name}"))
            rent = roll * self.amount["rent_per_pip"]
            yield from self._obligation(player, self.cash[owner], rent, f"rent for {city.name}")
            return None
        price = self.roll(player, 1, 6, f"price of {city.name}")[0] * self.amount["price_per_pip"]
        self.log("price", player, f"{city.name} is for sale at ${price:,}", price=price)
        if self.money[self.cash[player]] < price:
            self.log("no_sale", player, f"{player} cannot pay ${price:,} (no credit)")
            return None
        self.offer = {"city": city.name, "price": price}
        buying = yield self.asking(lambda: self.ask(
            player, "buy", f"Buy {city.name} for ${price:,}?",
            BUY if self.money[self.cash[player]] >= price else {"pass": False},
            labels={"buy": f"Buy for ${price:,}", "pass": "Pass"}))
        self.offer = None
        if buying:
            self.money.transfer(self.cash[player], "bank", price)
            self.owner[city.index] = player
            self.log("buy", player, f"{player} buys {city.name} for ${price:,}", price=price)
            yield from self._deposit(player, self.amount["deposit_landing"], "new Hometown")
        return None

    def _land_bad_ride(self, player: str, city: City) -> Flow:
        yield from self._bad_ride(player)

    def _land_black_market(self, player: str, city: City) -> Flow:
        yield from self._black_market(player)

    def _land_sell(self, player: str, city: City) -> Flow:
        """Rule 40 (RULES.md 1 A40) and B 6: sell any number of units at the city's price, if
        one wishes. Rule 41: contraband is sold to the bank, here and nowhere else."""
        held = self.units[player]
        if not held:
            return None
        units = yield self.asking(lambda: self.ask(
            player, "sell", f"Sell contraband at ${city.price:,} a unit? (you hold "
            f"{unit_words(self.units[player])})", amount=Amount(0, self.units[player], 1)))
        if units:
            self.units.transfer(player, "market", units)
            self.log("sell", player, f"{player} sells {unit_words(units)} for "
                     f"${units * city.price:,}", units=units, price=city.price)
            self._pay("bank", self.cash[player], units * city.price)
        return None

    def _land_customs(self, player: str, city: City) -> Flow:
        """Rule 42 (RULES.md 1 A42) and B 8: contraband to the Banker, the cash and half the
        savings to the poorest other player; nothing happens without contraband."""
        units = self.units[player]
        if not units:
            self.log("customs", player, f"{player} has no contraband: Customs waves them on")
            return None
        poorest = self.poorest(player)
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

    def _land_casino(self, player: str, city: City) -> Flow:
        """Rule 43 (RULES.md 1 A43): the lander deals the rounds; everyone with money to
        wager plays (the round itself: casino.py)."""
        rules = self.content.casino
        for r in range(1, rules.rounds + 1):
            seats = [p for p in self.seated_left_of(player) if self.money[self.cash[p]] > 0]
            dealer = player if self.money[self.cash[player]] > 0 else None
            if not seats and dealer is None:
                self.log("casino", player, "Nobody has money to bet: the casino is quiet")
                break
            yield from blackjack_round(self, rules, self.money, self.cash, seats, dealer, r,
                                       rules.rounds, self._check_win)
        self.casino = None
        return None

    def _land_smash_ville(self, player: str, city: City) -> Flow:
        """Rule 20 (RULES.md 1 A20) and B 19: a song (honour system) for $50,000."""
        yield self.ask(player, "sing", "Sing a couple of lines of a song for the table",
                       ("sing",), labels={"sing": "Sing!"})
        self.log("sing", player, f"{player} sings and collects ${self.amount['smash_ville']:,}")
        self._pay("bank", self.cash[player], self.amount["smash_ville"])

    def _collect_roll(self, player: str, city: City, per_pip: int) -> None:
        gain = sum(self.roll(player, 2, 6, city.name)) * per_pip
        self.log("collect", player, f"{player} collects ${gain:,} at {city.name}", amount=gain)
        self._pay("bank", self.cash[player], gain)

    def _land_smell_gaso(self, player: str, city: City) -> Flow:
        """Rule 21 (RULES.md 1 A21): collect 2d6 x $5,000."""
        self._collect_roll(player, city, self.amount["smell_gaso_per_pip"])
        yield from ()

    def _land_saysno(self, player: str, city: City) -> Flow:
        """Rule 22 (RULES.md 1 A22): collect 2d6 x $5,000."""
        self._collect_roll(player, city, self.amount["saysno_per_pip"])
        yield from ()

    def _land_corpus_risky(self, player: str, city: City) -> Flow:
        """Rule 23 (RULES.md 1 A23): roll 2d6; a shark-attack total (a 7 or an 11 in the kit's
        content) is Death."""
        total = sum(self.roll(player, 2, 6, "the sharks"))
        p = two_dice_chance(self.content.shark_attack)
        if total in self.content.shark_attack:
            self.log("shark", player, f"{total}: a shark attack at {city.name}", p=p)
            yield from self._die(player, "a shark attack", None)
        else:
            self.log("shark", player, f"{total}: {player} swims safely", p=1 - p)
        return None

    def _land_bagstuff(self, player: str, city: City) -> Flow:
        """Rule 24 (RULES.md 1 A24): $25,000 to the player on the right (pay what you have)."""
        right = self.seated_left_of(player)[-1]
        yield from self._obligation(player, self.cash[right], self.amount["bagstuff"],
                                    "the crooked sheriff")

    def _land_remindya(self, player: str, city: City) -> Flow:
        """Rule 25 (RULES.md 1 A25) and B 14: stuck; from the next turn only an escape total
        (an odd one) gets out (the escape roll itself: ``Hitchiker._turn``)."""
        self.stuck.add(player)
        p = two_dice_chance(self.content.remindya_escape)
        self.log("pothole", player, f"{player} is stuck in a pot hole: a chance of {p} each "
                 f"turn to get out, {float(1 / p):g} turns on average", p=p)
        yield from ()

    def _land_stock_wood(self, player: str, city: City) -> Flow:
        """Rule 26 (RULES.md 1 A26): 2d6 units of contraband found."""
        units = sum(self.roll(player, 2, 6, city.name))
        self.units.transfer("market", player, units)
        self.log("found", player, f"{player} finds {unit_words(units)} of contraband", units=units)
        yield from ()
