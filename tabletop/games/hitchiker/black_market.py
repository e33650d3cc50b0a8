"""Black Market deals (RULES.md 1 A 33-39, B 3-5 and 15), a part of the Hitchiker game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.chance import total_probability
from tabletop.core.decisions import Amount

from .table import Table, two_dice_chance
from .words import units as unit_words

if TYPE_CHECKING:
    from tabletop.core.game import Flow

    from .content import Deal

ROLLS_PER_DEAL = 3
NO_DEAL = {"no deal": None}
DEAL_LABELS = {"no deal": "No deal"}
ANSWERS = {"accept": True, "decline": False}
ANSWER_LABELS = {"accept": "Take this deal", "decline": "Decline: the next player rolls"}


class BlackMarket(Table):
    """A stake on the table, up to three rolls by the players to the left."""

    def _black_market(self, player: str) -> Flow:
        """Rule 33 (RULES.md 1 A33) and B 5: announce a deal (optional) with a stake of
        travelling cash in whole steps."""
        step = self.amount["stake_step"]

        def high() -> int:
            return self.money[self.cash[player]] // step * step

        if high() < step:
            self.log("no_deal", player, f"{player} has no cash to risk at the Black Market")
            return None
        stake = yield self.asking(lambda: self.ask(
            player, "deal", "Make a Black Market deal? Choose your stake, or no deal",
            NO_DEAL, Amount(step, high(), step), DEAL_LABELS))
        if stake is None:
            self.log("no_deal", player, f"{player} walks past the Black Market")
            return None
        self.money.transfer(self.cash[player], "table", stake)
        rollers = self.seated_left_of(player)
        self.deal = {"player": player, "stake": stake, "rolls": [], "roller": None,
                     "most_rolls": ROLLS_PER_DEAL}
        self.log("deal", player, f"{player} puts ${stake:,} on the table for a deal", stake=stake)
        line: Deal | None = None
        roller = player
        p_shootout = two_dice_chance(self.content.chart_totals("shootout"))
        for k in range(ROLLS_PER_DEAL):
            # Rule 34 (RULES.md 1 A34), Rule 35 and B 15: the players to the left roll in
            # turn, cycling if few; a declined roll is gone and the third must be taken.
            roller = rollers[k % len(rollers)]
            self.deal["roller"] = roller
            yield self.ask(roller, "roll", f"Roll the dice for {player}'s deal",
                           choices=("roll",), labels={"roll": "Roll the dice"})
            total = sum(self.roll(roller, 2, 6, f"{player}'s deal"))
            line = self.content.deal_chart[total]
            said = describe_deal(line)
            self.deal["rolls"].append({"roller": roller, "roll": total, "result": line.result,
                                       "price": line.price})
            self.log("deal_roll", roller, f"{roller} rolls {total} for {player}: {said}",
                     roll=total, result=line.result, p=total_probability(2, 6, total),
                     p_shootout=p_shootout)
            last = k == ROLLS_PER_DEAL - 1
            accepted = yield self.ask(
                player, "accept",
                "This is your third roll: you must take it" if last
                else f"Take this deal ({said}) or let the next player roll?",
                {"accept": True} if last else ANSWERS, labels=ANSWER_LABELS)
            if accepted:
                break
            self.log("decline", player, f"{player} declines the {total}")
        yield from self._close_deal(player, stake, line, roller)
        return None

    def _close_deal(self, player: str, stake: int, line: Deal, roller: str) -> Flow:
        """What the accepted line of the Deal Chart does. Rule 36 (RULES.md 1 A36) and B 5: a
        price buys as many units as the stake allows, the rest comes back. Rule 37 and B 4:
        free units, one per ``free_unit_stake`` staked, and the stake comes back. Rule 38:
        ripped off, the stake goes to the roller. Rule 39: a shootout kills the player and the
        roller inherits."""
        self.deal = None
        cash = self.cash[player]
        if line.result == "free":
            units = stake // self.amount["free_unit_stake"]
            self.money.transfer("table", cash, stake)
            self.units.transfer("market", player, units)
            self.log("free_units", player, f"Free units: {player} keeps the stake and takes "
                     f"{unit_words(units)}", units=units)
        elif line.result == "price":
            units = stake // line.price
            self.money.transfer("table", "bank", units * line.price)
            self.money.transfer("table", cash, stake - units * line.price)
            self.units.transfer("market", player, units)
            self.log("buy_units", player, f"{player} buys {unit_words(units)} at ${line.price:,} "
                     "each", units=units, price=line.price)
        elif line.result == "ripped_off":
            self._pay("table", self.cash[roller], stake)
            self.log("ripped_off", player, f"Ripped off! {player}'s ${stake:,} goes to {roller}",
                     stake=stake, to=roller)
        else:
            self.money.transfer("table", cash, stake)
            self.log("shootout", player, f"A police shootout: {player} is killed and {roller}, "
                     "who rolled it, inherits", responsible=roller,
                     p=two_dice_chance(self.content.chart_totals("shootout")))
            yield from self._die(player, "a police shootout", roller)
        return None


def describe_deal(line: Deal) -> str:
    """A line of the Deal Chart in words."""
    if line.result == "price":
        return f"${line.price:,} a unit"
    return {"free": "free units", "ripped_off": "ripped off",
            "shootout": "killed in a police shootout"}[line.result]
