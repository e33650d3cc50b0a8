"""What one player of Pitch may see: own cards only, everything played in the open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.views import Part, chance

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
        "jack_in_play_at_deal": chance(jack_in_play(seated, size)),
        "my_hand": {suit: {what: chance(p) for what, p in odds.items()} for suit, odds in
                    hand_odds(game.dealt[player], seated, size, game.trump).items()}
        if player in game.dealt else {},
    }


def trick_winning(game: Pitch) -> str | None:
    """Who is winning the trick on the table."""
    cards = [card for _, card in game.trick]
    return game.trick[winning_index(cards, game.trump)][0] if cards else None


#: The table as ``you`` see it (``None``: a spectator, who sees no hand), part by part: a
#: bot's view makes only the parts it reads (tabletop.core.views).
TABLE: dict[str, Part] = {
    "title": lambda g, you: g.title,
    "seats": lambda g, you: seats_view(g),
    "spaces": lambda g, you: [],
    "phase": lambda g, you: g.phase,
    "seated": lambda g, you: list(g.seated),
    "dealer": lambda g, you: g.dealer,
    "hand_number": lambda g, you: g.hand_number,
    "hand_limit": lambda g, you: g.hand_limit,
    "hand_size": lambda g, you: g.content.hand_size,
    "game_count": lambda g, you: g.content.game_count.copy(),
    "target": lambda g, you: g.options["target"],
    "hand": lambda g, you: list(g.hands.get(you, [])),
    "hand_sizes": lambda g, you: {name: len(cards) for name, cards in g.hands.items()},
    "bids": lambda g, you: [{"player": name, "bid": bid} for name, bid in g.bids],
    "pitcher": lambda g, you: g.pitcher,
    "bid": lambda g, you: None if not g.bid else (bid_text(MOON) if g.bid == MOON else g.bid),
    "trump": lambda g, you: g.trump,
    "trick_number": lambda g, you: g.trick_number,
    "trick": lambda g, you: [{"player": name, "card": card} for name, card in g.trick],
    "trick_winning": lambda g, you: trick_winning(g),
    "last_trick": lambda g, you: g.last_trick,
    "captured": lambda g, you: {name: captured_view(g, name) for name in g.dealt},
    "scores": lambda g, you: dict(g.scores),
    "stars": lambda g, you: dict(g.stars),
    "sheet": lambda g, you: list(g.sheet),
    "last_hand": lambda g, you: g.last_hand,
    "left": lambda g, you: {name: dict(info) for name, info in g.gone.items()},
    "money": lambda g, you: money_view(g),
    "odds": odds_view,
}
