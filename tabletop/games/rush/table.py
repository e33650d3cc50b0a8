"""What every part of RUSH's rules shares: the supplies' names, how a turn or the whole game
stops early, and small questions about the table (who is here, who holds which card)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from tabletop.core.decisions import Action, Decision

if TYPE_CHECKING:
    from tabletop.core.deck import Deck
    from tabletop.core.ledger import Ledger
    from tabletop.core.track import RingTrack

    from .content import Content

BANK = "bank"
DISH = "dish"
Flow = Generator[Decision, Action, None]


class TurnOver(Exception):
    """The mover's turn stops here: a coma, death, Jail, or an empty Take a Pill."""


class GameOver(Exception):
    """Someone won at Home, or only one player is left alive."""

    def __init__(self, winner: str, reason: str) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason


class Table:
    """The table every rules module reads (set up by :meth:`Rush.setup`), and helpers."""

    content: Content
    players: tuple[str, ...]
    ring: RingTrack
    home: int
    jail_space: int
    ledger: Ledger
    dish: int
    pills: dict[str, int]
    owed: dict[str, int]
    senses: dict[str, list[bool]]
    zonk: dict[str, int]
    pos: dict[str, int]
    coma: dict[str, int | None]
    witnesses: dict[str, list[str]]
    dead: list[str]
    lockup: list[str]
    loans: dict[str, int]
    cops: dict[int, int]
    ladies: dict[int, tuple[str, int]]
    free_ladies: list[int]
    deck: Deck
    hands: dict[str, list[str]]
    party: int | None
    guests: list[str]
    bets: dict[int, int]
    trade: dict[str, Any] | None
    last_card: str | None
    last_roll: tuple[int, ...] | None
    landed: int | None
    mover: str | None

    def awake(self, player: str) -> bool:
        """Alive and not in a coma: someone who can act, be met or trade."""
        return player not in self.dead and self.coma[player] is None

    def others_here(self, player: str, space: int) -> list[str]:
        """The awake players on ``space`` besides ``player``, from ``player``'s left."""
        return [q for q in self.left_of(player) if self.pos[q] == space and self.awake(q)]

    def _move_pills(self, source: str, target: str, count: int) -> None:
        """Move ``count`` pills between the dish and players; a player left with fewer pills
        than they were given owes only what they hold (B #11)."""
        if source == DISH:
            self.dish -= count
        else:
            self.pills[source] -= count
            self.owed[source] = min(self.owed[source], self.pills[source])
        if target == DISH:
            self.dish += count
        else:
            self.pills[target] += count

    def _zonkometer(self, player: str, change: int, why: str) -> None:
        """Move the Zonkometer marker, held within the track (B #4)."""
        c = self.content
        before = self.zonk[player]
        self.zonk[player] = max(c.zonk_low, min(c.zonk_high, before + change))
        self.log("zonkometer", player, f"{player}'s Zonkometer goes from {before} to "
                                       f"{self.zonk[player]} ({why})", value=self.zonk[player])

    def _bury(self, player: str) -> None:
        """A death: the body stays where it lies (those standing there may never roll it),
        out of the lockup and the party, owing nothing; secret cards go to the discards."""
        if self.coma[player] is None:
            self.witnesses[player] = self.others_here(player, self.pos[player])
        self.coma[player] = None
        self.dead.append(player)
        for holders in (self.lockup, self.guests):
            if player in holders:
                holders.remove(player)
        self.owed[player] = 0
        self.deck.discards.extend(self.hands[player])
        self.hands[player] = []

    def secret_card(self, player: str, effect: str) -> str | None:
        """The title of a secret card with ``effect`` that ``player`` holds, if any."""
        return next((t for t in self.hands[player] if self.content.card(t).effect == effect),
                    None)

    def may_play(self, player: str, effect: str) -> str | None:
        """Rule 45 without a tell: whether ``player`` is asked, at a moment when the secret
        card with ``effect`` would apply, if they play it; its title, or None.

        Everyone who holds any secret card is asked, whichever card it is (how many a player
        holds is on the table for all to see; which ones is not), so the question, its
        choices and its moment are the same for a holder and for anyone else who might be
        one. Nobody is asked about a card the edition does not have."""
        if not self.hands[player]:
            return None
        return next((c.title for c in self.content.cards if c.effect == effect), None)

    def _play_card(self, player: str, title: str) -> None:
        """Rule 45: a secret card is shown, does its work and goes to the discards."""
        self.hands[player].remove(title)
        self.deck.discard(title)
        self.log("secret", player, f"{player} plays the secret card {title}: "
                                   f"{self.content.card(title).text}", card=title)
