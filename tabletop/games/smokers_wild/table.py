"""The Smokers Wild table: every piece the rules move, and how tokens move on it.

:class:`Table` lays out the pieces (rules 5-6) and moves the two tokens each player has:
one round the 28-space track (rules 4, 11, 23), one up the Lifeometer (rules 4, 30, 31).
The rule modules build on it in layers, each using only what lies below it:
:mod:`.money` pays, :mod:`.spaces` resolves each kind of space, :mod:`.puff` plays the
HAV' A PUFF cards, and :mod:`.rules` puts them in the order of play.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from typing import Any

from tabletop.core.auction import Auction
from tabletop.core.decisions import Action, Decision
from tabletop.core.game import Game
from tabletop.core.ledger import Ledger
from tabletop.core.words import plural

from .content import Content, PuffCard
from .odds import DICE, SIDES

#: The Tobacco Company's account: an unlimited supply (RULES.md 2 B16).
COMPANY = "company"
Flow = Generator[Decision, Action, None]
#: A rule that may end with the mover owed another turn (rule 16).
Turn = Generator[Decision, Action, bool]


@cache
def puff_card_ids(c: Content) -> tuple[tuple[str, PuffCard], ...]:
    """Rule 6: each of an edition's HAV' A PUFF cards by its id ("<title> #<k>", one per
    copy), named once per edition."""
    return tuple((f"{card.title} #{k}", card) for card in c.puff_cards
                 for k in range(1, card.count + 1))


class ShortGameOver(Exception):
    """Rule 30: a token reached GONE in the short game: the game ends at once."""


class MoverGone(Exception):
    """Rule 31: the player whose turn it is reached GONE in the long game: the turn stops."""


class Table(Game):
    """The pieces of one game of Smokers Wild (see the module docstring)."""

    content: Content

    def setup(self) -> None:
        """Rule 5 and Rule 6: the 12 brand, 8 occupation and 24 HAV' A PUFF cards with the
        company, every token on the UNDERTAKER and on GO (everyone a non-smoker, Rule 1)."""
        c = self.content
        self.ledger = Ledger(self.players, supplies=(COMPANY,))
        self.ad_agent = next(o.name for o in c.occupations.values() if o.rule == "per_brand")
        self.psychiatrist = next(o.name for o in c.occupations.values() if o.collects_quit_fees)
        self.pos = dict.fromkeys(self.players, 0)
        self.life = dict.fromkeys(self.players, 0)
        self.holder = dict.fromkeys(c.brands, COMPANY)
        self.n_brands = dict.fromkeys(self.players, 0)
        self.owner = {s.occupation: COMPANY for s in c.board if s.occupation}
        self.card_of = dict(puff_card_ids(c))
        self.card_ids = list(self.card_of)
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.discards: list[str] = list(self.card_ids)  # in the box until dealt
        self.vacation = dict.fromkeys(self.players, 0)
        self.away: set[str] = set()
        self.gone: list[str] = []
        self.retired: set[str] = set()
        self.travelled = dict.fromkeys(self.players, 0)
        self.advances = dict.fromkeys(self.players, 0)
        self.loan_years = dict.fromkeys(self.players, 0)
        self.mover: str | None = None
        self.round = 0
        self.last_roll: tuple[int, ...] | None = None
        self.landed: int | None = None
        self.auction: Auction | None = None
        self.payment: dict[str, Any] | None = None
        self.sale: dict[str, Any] | None = None

    # -- who holds what --------------------------------------------------------------
    def brands_of(self, player: str) -> list[str]:
        return [b for b, h in self.holder.items() if h == player]

    def occupations_of(self, player: str) -> list[str]:
        return [o for o, h in self.owner.items() if h == player]

    def active_others(self, player: str) -> list[str]:
        """The other players not yet at GONE, in seat order from ``player``'s left."""
        others = self.left_of(player)
        if not self.gone:
            return list(others)
        return [p for p in others if p not in self.gone]

    # -- the two tokens ----------------------------------------------------------------
    def _throw(self, player: str, why: str) -> tuple[int, ...]:
        """Rule 11: every throw is two dice."""
        return self.roll(player, DICE, SIDES, why)

    def _move(self, player: str, steps: int, how: str = "moves") -> Turn:
        """Rule 11 (clockwise only), Rule 4 and Rule 23 (passing or landing on the UNDERTAKER
        adds a year); then the space reached is resolved (``True``: the mover plays again)."""
        start = self.pos[player]
        laps, end = divmod(start + steps, len(self.content.board))  # clockwise round the ring
        self.pos[player] = self.landed = end
        self.travelled[player] += steps
        self.log("move", player,
                 f"{player} {how} {plural(steps, 'space')} to {self.content.board[end].name}",
                 start=start, end=end, steps=steps)
        if laps:  # the move passed or landed on the UNDERTAKER
            self._add_years(player, 1, "a circuit completed")
        return (yield from self._arrive(player))

    def _arrive(self, player: str) -> Turn:
        """Resolve the space ``player`` has just reached (the order of play in rules.py)."""
        raise NotImplementedError

    def _add_years(self, player: str, years: int, why: str) -> None:
        """Rule 4 and the rules that cost years (Rule 19, Rule 26): the Lifeometer token
        moves on; GONE ends the short game at once (Rule 30), the mover's turn in the long
        one (Rule 31)."""
        gone = self.content.gone
        self.life[player] = min(gone, self.life[player] + years)
        label = self.content.life_labels[self.life[player]]
        self.log("lifeometer", player, f"{player} ages {plural(years, 'year')} ({why}): now at "
                 f"{label}", years=years, lifeometer=self.life[player])
        if self.life[player] == gone and player not in self.gone:
            self.gone.append(player)
            self.log("gone", player, f"{player}'s token reaches GONE")
            if self.options["ending"] == "short":
                raise ShortGameOver
            if player == self.mover:
                raise MoverGone
