"""Death, heirs and reincarnation (RULES.md 1 A 27-31, B 8-9), a part of the Hitchiker game."""

from __future__ import annotations

from tabletop.core.game import Flow

from .table import Table
from .words import units as unit_words


class Death(Table):
    """What dying does: there is no elimination, only a new start."""

    def _die(self, player: str, cause: str, responsible: str | None) -> Flow:
        """Rule 27 (RULES.md 1 A27): the dead player loses everything. Rule 28: the poorest
        other player inherits cash, savings and contraband, unless Rule 30: a player who caused
        the death inherits. Rule 29: the Hometowns go back to the bank. Rule 31: the hitchiker
        starts over with $25,000 at a free Hometown."""
        heir = responsible if responsible is not None else self.poorest(player)
        savings_to = self.pouch if self.options["inherit_savings_to_pouch"] else self.cash
        cash, savings, units = (self.money[self.cash[player]], self.money[self.pouch[player]],
                                self.units[player])
        self.deaths[player] += 1
        self.dead = player
        for space in self.owned(player).values():
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
        self._pay("bank", self.cash[player], self.amount["start_cash"])
        return None
