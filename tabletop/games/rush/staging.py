"""Staged positions for lessons and tests (``game.arrange(...)``): each ``stage_`` method
checks its value and raises IllegalAction with a readable reason. Money moves through the
ledger from or to the Bank, pills from or to the dish, cards between the deck and hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.errors import IllegalAction

from .table import BANK, DISH, Table


def whole(low: int, high: int) -> Callable[[Any], str | None]:
    """A check that a value is a whole number from ``low`` to ``high``."""
    def check(value: Any) -> str | None:
        if type(value) is not int or not low <= value <= high:
            return f"should be a whole number from {low} to {high}, not {value!r}"
        return None
    return check


class StagingMixin(Table):
    """``stage_`` methods of :class:`~tabletop.games.rush.rules.Rush`."""

    def _by_player(self, value: Any, what: str,
                   check: Callable[[Any], str | None]) -> dict[str, Any]:
        """``value`` as a table keyed by player names, each entry passing ``check``."""
        if not isinstance(value, dict) or not set(value) <= set(self.players):
            raise IllegalAction(f"{what} should be a table keyed by player names "
                                f"({', '.join(self.players)}), not {value!r}")
        for player, entry in value.items():
            problem = check(entry)
            if problem:
                raise IllegalAction(f"{what} of {player} {problem}")
        return value

    def _space_index(self, key: Any) -> int:
        """A space named by its name or its index."""
        board = self.content.board
        if type(key) is int and 0 <= key < len(board):
            return key
        for space in board:
            if space.name == key:
                return space.index
        raise IllegalAction(f"{key!r} is not a space of the board: give its name "
                            f"(e.g. {board[1].name!r}) or its index, 0 to {len(board) - 1}")

    def _check_space(self, key: Any) -> str | None:
        try:
            self._space_index(key)
        except IllegalAction as exc:
            return str(exc)
        return None

    def stage_position(self, value: Any) -> None:
        """Spaces of the players' markers (or bodies), by player."""
        for player, key in self._by_player(value, "the position", self._check_space).items():
            self.pos[player] = self._space_index(key)
            if self.pos[player] != self.jail_space and player in self.lockup:
                self.lockup.remove(player)

    def stage_money(self, value: Any) -> None:
        """Money in hand, by player (from or to the Bank); never less than a player's stakes
        on the Lucky Day table (Rule 46), which are still theirs until the roll."""
        wanted = self._by_player(value, "the money", whole(0, 10**9))
        staked = sum(self.bets.values())
        if self.bets and wanted.get(self.decision.player, staked) < staked:
            raise IllegalAction(f"{self.decision.player} has ${staked} staked at Lucky Day: "
                                f"arrange at least ${staked}, or arrange before the bets")
        for player, amount in wanted.items():
            have = self.ledger[player]
            if amount > have:
                self.ledger.transfer(BANK, player, amount - have)
            else:
                self.ledger.transfer(player, BANK, have - amount)

    def stage_pills(self, value: Any) -> None:
        """Pills in hand, by player (from or to the dish)."""
        wanted = self._by_player(value, "the pills", whole(0, self.content.pills_in_box))
        need = sum(wanted.values()) - sum(self.pills[p] for p in wanted)
        if need > self.dish:
            raise IllegalAction(f"the dish holds {self.dish} pills, not the {need} more needed")
        for player, count in wanted.items():
            self._move_pills(player, DISH, self.pills[player])
            self._move_pills(DISH, player, count)

    def stage_owed(self, value: Any) -> None:
        """Given pills still to be taken, by player (no more than they hold)."""
        for player, count in self._by_player(value, "the given pills", whole(0, 10**6)).items():
            if count > self.pills[player]:
                raise IllegalAction(f"{player} holds {self.pills[player]} pills and cannot "
                                    f"owe {count}")
            self.owed[player] = count

    def stage_senses(self, value: Any) -> None:
        """Senses face up, by player (a list of sense names; a living player keeps one)."""
        names = self.content.senses

        def check(up: Any) -> str | None:
            if not isinstance(up, list) or not set(up) <= set(names) or not up:
                return f"should be a list of at least one of {', '.join(names)}, not {up!r}"
            return None

        for player, up in self._by_player(value, "the senses face up", check).items():
            self.senses[player] = [n in up for n in names]

    def stage_zonkometer(self, value: Any) -> None:
        """Zonkometer markers, by player."""
        c = self.content
        self.zonk.update(self._by_player(value, "the Zonkometer", whole(c.zonk_low, c.zonk_high)))

    def stage_coma(self, value: Any) -> None:
        """Steps on the coma track, by player (null: awake).

        The body lies where the player is; a staged body has no witnesses (rule 18)."""
        top = self.content.awake - 1

        def check(step: Any) -> str | None:
            return None if step is None else whole(0, top)(step)

        for player, step in self._by_player(value, "the coma step", check).items():
            if player in self.dead:
                raise IllegalAction(f"{player} is dead, not in a coma")
            self.coma[player] = step
            self.witnesses[player] = []

    def stage_jail(self, value: Any) -> None:
        """Players in Jail: "lockup", "visiting", or null to leave the lockup."""
        def check(where: Any) -> str | None:
            ok = where in ("lockup", "visiting", None)
            return None if ok else f"should be \"lockup\", \"visiting\" or null, not {where!r}"

        for player, where in self._by_player(value, "the Jail place", check).items():
            if player in self.lockup:
                self.lockup.remove(player)
            if where is not None:
                self.pos[player] = self.jail_space
            if where == "lockup":
                self.lockup.append(player)

    def stage_cops(self, value: Any) -> None:
        """Cop markers, by space name (Connections and robberies)."""
        places = {self.content.board[s].name: s for s in self.cops}
        if not isinstance(value, dict) or not set(value) <= set(places):
            raise IllegalAction(f"Cops stand on Connections and robberies only "
                                f"({', '.join(places)}), not {value!r}")
        for name, count in value.items():
            problem = whole(0, 100)(count)
            if problem:
                raise IllegalAction(f"the Cops at {name} {problem}")
            self.cops[places[name]] = count

    def stage_ladies(self, value: Any) -> None:
        """Ladies at work, by space name: {"owner": player, "amount": dollars}."""
        if not isinstance(value, dict):
            raise IllegalAction(f"ladies should be a table keyed by space names, not {value!r}")
        for name, lady in value.items():
            where = self._space_index(name)
            if (not isinstance(lady, dict) or lady.get("owner") not in self.players
                    or lady.get("amount") not in self.free_ladies or len(lady) != 2):
                raise IllegalAction(f"the lady at {name} should be {{\"owner\": a player, "
                                    f"\"amount\": one of {sorted(set(self.free_ladies))}}}")
            if where == self.home or where in self.ladies:
                raise IllegalAction(f"no lady can go to {name}: it is Home or has one already")
            self.free_ladies.remove(lady["amount"])
            self.ladies[where] = (lady["owner"], lady["amount"])

    def _take_from_deck(self, title: Any) -> str:
        """Take a card with ``title`` out of the draw pile or the discards."""
        for pile in (self.deck.pile, self.deck.discards):
            if title in pile:
                pile.remove(title)
                return title
        titles = sorted({c.title for c in self.content.cards})
        raise IllegalAction(f"no {title!r} card is left in the deck or the discards; "
                            f"the cards are {', '.join(titles)}")

    def stage_cards(self, value: Any) -> None:
        """Secret Chance cards held, by player (titles, taken from the deck)."""
        def check(titles: Any) -> str | None:
            secret = [c.title for c in self.content.cards if c.secret]
            if not isinstance(titles, list) or not set(titles) <= set(secret):
                return f"should be a list of secret cards ({', '.join(secret)}), not {titles!r}"
            return None

        for player, titles in self._by_player(value, "the secret cards", check).items():
            self.deck.discards.extend(self.hands[player])
            self.hands[player] = [self._take_from_deck(t) for t in titles]

    def stage_deck(self, value: Any) -> None:
        """Chance cards on top of the deck, the first drawn first (titles)."""
        if not isinstance(value, list):
            raise IllegalAction(f"the top of the deck should be a list of titles, not {value!r}")
        cards = [self._take_from_deck(t) for t in value]
        self.deck.pile.extend(reversed(cards))

    def stage_loans(self, value: Any) -> None:
        """Loans outstanding, by player (the amount borrowed)."""
        self.loans.update(self._by_player(value, "the loan", whole(0, self.content.loan_most)))

    def stage_dead(self, value: Any) -> None:
        """Dead players, in the order they died (bodies with no witnesses, where they are)."""
        if not isinstance(value, list) or not set(value) <= set(self.players) or \
                len(set(value)) != len(value):
            raise IllegalAction(f"the dead should be a list of different player names, "
                                f"not {value!r}")
        if len(set(self.players) - set(self.dead) - set(value)) < 2:
            raise IllegalAction("at least two players must stay alive (else the game is over)")
        for player in value:
            if player in self.dead:
                continue
            self.senses[player] = [False] * len(self.senses[player])
            self._bury(player)
            self.witnesses[player] = []
