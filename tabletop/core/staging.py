"""Checks for the values of ``game.arrange(...)``, shared by every game's ``stage_`` methods.

A stage method receives plain data (tables keyed by player names, lists of card names,
whole numbers) typed by a teacher or a test. Each check here returns the value it was given
when it is well formed, and otherwise raises :class:`~tabletop.IllegalAction` with a reason
a student can read, naming the arrangement (``what``) and what was expected. Only the
game's own limits (a goal that would be reached, a player who has left) stay in the game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .errors import IllegalAction
from .ledger import Ledger


def by_player(value: Any, players: Sequence[str], what: str, *, example: str | None = None,
              unavailable: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``value`` checked to be a non-empty table keyed by some of ``players``.

    ``example`` shows the expected shape (default ``{'<first player>': ...}``);
    ``unavailable`` maps a player who cannot be arranged now to why, e.g.
    ``{"Cy": "has reached GONE and left the game"}``.
    """
    if not isinstance(value, dict) or not value:
        shape = example or "{" + (repr(players[0]) if players else "'Ann'") + ": ...}"
        raise IllegalAction(f"{what} should be a table keyed by player names, e.g. {shape}; "
                            f"not {value!r}")
    for name in value:
        if name not in players:
            raise IllegalAction(f"{what}: {name!r} is not a player here; the players are "
                                f"{', '.join(players) or 'nobody yet'}")
        if unavailable and name in unavailable:
            raise IllegalAction(f"{what}: {name} {unavailable[name]}")
    return value


def whole_number(value: Any, what: str, low: int | None = 0, high: int | None = None) -> int:
    """``value`` checked to be a whole number from ``low`` to ``high`` (None: no limit).

    ``what`` names the number for the message, e.g. ``"Ann's position"``; True and False
    are not numbers here.
    """
    if (type(value) is not int or (low is not None and value < low)
            or (high is not None and value > high)):
        if low is not None and high is not None:
            limits = f" from {low} to {high}"
        elif low is not None:
            limits = f", {low} or more"
        elif high is not None:
            limits = f", {high} or less"
        else:
            limits = ""
        raise IllegalAction(f"{what} should be a whole number{limits}, not {value!r}")
    return value


def card_list(value: Any, what: str, known: Collection[str], *, size: int | None = None,
              spelling: str | None = None) -> list[str]:
    """``value`` checked to be a list of card names, each in ``known`` and named once.

    ``size`` is how many cards it must hold (None: any number); ``spelling`` tells how the
    cards are written when one is unknown (default: all the names in ``known``).
    """
    if not isinstance(value, list) or (size is not None and len(value) != size):
        count = f"{size} cards" if size is not None else "cards"
        raise IllegalAction(f"{what} should be a list of {count}, not {value!r}")
    for card in value:
        if not isinstance(card, str) or card not in known:
            raise IllegalAction(f"{what}: there is no card {card!r}; "
                                f"{spelling or 'the cards are ' + ', '.join(known)}")
    twice = next((card for card in value if value.count(card) > 1), None)
    if twice is not None:
        raise IllegalAction(f"{what}: {twice} is named twice; name each card once")
    return value


def card_lists(value: dict[str, Any], what: str, known: Collection[str], *,
               size: int | None = None, spelling: str | None = None) -> dict[str, list[str]]:
    """``value`` (a table from :func:`by_player`) checked to give each player a
    :func:`card_list`, no card to two players."""
    given: dict[str, str] = {}
    for name, cards in value.items():
        for card in card_list(cards, f"{name}'s {what}", known, size=size, spelling=spelling):
            if card in given:
                raise IllegalAction(f"{what}: {card} is given to {given[card]} and to {name}")
            given[card] = name
    return value


def set_balance(ledger: Ledger, account: str, target: int, supply: str = "bank") -> None:
    """Make ``account`` hold ``target`` by a transfer from ``supply`` (or back to it), so
    staged money is moved, never made, and the ledger's total stays the same."""
    have = ledger[account]
    if target >= have:
        ledger.transfer(supply, account, target - have)
    else:
        ledger.transfer(account, supply, have - target)
