"""What one player of Pitch may see: own cards only, everything played in the open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import money
from .odds import hand_odds, jack_in_play
from .scoring import MOON, bid_text
from .tricks import winning_index

if TYPE_CHECKING:
    from .rules import Pitch


def captured_view(game: Pitch, name: str) -> dict[str, Any]:
    """The open record of what ``name`` has taken this hand."""
    cards = game.captured.get(name, [])
    return {
        "cards": list(cards),
        "tricks": game.tricks_won.get(name, 0),
        "game_count": sum(game.content.count_of(c) for c in cards),
        "trumps": [c for c in cards if c[-1] == game.trump],
    }


def money_view(game: Pitch) -> dict[str, Any]:
    """Each tab in cents, the bank, and what a pay-off of the table would give right now."""
    balances = game.ledger.accounts()
    return {
        "cents": {name: balances[name] for name in game.ring},
        "bank": balances[money.BANK],
        "if_settled_now": money.settle({n: game.scores[n] for n in game.seated},
                                       game.content.cents_per_point),
        "cents_per_point": game.content.cents_per_point,
        "moon_cents": game.content.moon_cents,
    }


def seats_view(game: Pitch) -> list[dict[str, Any]]:
    """Everyone who sat down, in seat order (joiners last), in the kit's shared seat shape:
    no board, so no position; ``money`` is the tab in cents."""
    return [{"name": name, "seat": k, "position": None, "money": game.ledger[name],
             "seated": name in game.seated} for k, name in enumerate(game.ring)]


def odds_view(game: Pitch, player: str | None) -> dict[str, Any]:
    """The exact chances worth showing at the deal (RULES.md 4 C)."""
    size = game.content.hand_size
    seated = len(game.dealt) or len(game.seated)
    return {
        "jack_in_play_at_deal": jack_in_play(seated, size),
        "my_hand": hand_odds(game.dealt[player], seated, size, game.trump)
        if player in game.dealt else {},
    }


def trick_winning(game: Pitch) -> str | None:
    """Who is winning the trick on the table."""
    cards = [card for _, card in game.trick]
    return game.trick[winning_index(cards, game.trump)][0] if cards else None


def table_view(game: Pitch, player: str | None) -> dict[str, Any]:
    """The table as ``player`` sees it (``None``: a spectator, who sees no hand); the costly
    parts are made when they are read (tabletop.core.views)."""
    mine = game.hands.get(player, []) if player is not None else []
    return {
        "title": game.title,
        "seats": lambda: seats_view(game),
        "spaces": [],
        "phase": game.phase,
        "seated": list(game.seated),
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "hand_limit": game.hand_limit,
        "hand_size": game.content.hand_size,
        "game_count": dict(game.content.game_count),
        "target": game.options["target"],
        "hand": list(mine),
        "hand_sizes": lambda: {name: len(cards) for name, cards in game.hands.items()},
        "bids": lambda: [{"player": name, "bid": bid} for name, bid in game.bids],
        "pitcher": game.pitcher,
        "bid": None if not game.bid else (bid_text(MOON) if game.bid == MOON else game.bid),
        "trump": game.trump,
        "trick_number": game.trick_number,
        "trick": [{"player": name, "card": card} for name, card in game.trick],
        "trick_winning": lambda: trick_winning(game),
        "last_trick": game.last_trick,
        "captured": lambda: {name: captured_view(game, name) for name in game.dealt},
        "scores": dict(game.scores),
        "stars": dict(game.stars),
        "sheet": lambda: list(game.sheet),
        "last_hand": game.last_hand,
        "left": lambda: {name: dict(info) for name, info in game.gone.items()},
        "money": lambda: money_view(game),
        "odds": lambda: odds_view(game, player),
    }
