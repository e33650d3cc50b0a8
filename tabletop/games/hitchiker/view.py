"""What a player may see of a Hitchiker table: everything but the order of the Bad Ride pile.

``seats`` and ``spaces`` have the shape every game's view shares (the widgets draw tokens,
owners and the highlight from them); the rest is Hitchiker's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .black_market import describe_deal

if TYPE_CHECKING:
    from .rules import Hitchiker


def seats_view(game: Hitchiker) -> list[dict[str, Any]]:
    """Each hitchiker in seat order; ``money`` is the travelling cash."""
    seats = []
    for k, p in enumerate(game.players):
        here = game.pos[p] if p in game.seated else None
        seats.append({
            "name": p, "seat": k, "position": here, "money": game.money[game.cash[p]],
            "seated": p in game.seated,
            "city": None if here is None else game.board[here].name,
            "savings": game.money[game.pouch[p]], "contraband": game.units[p],
            "hometowns": list(game.owned(p)), "stuck": p in game.stuck,
            "misses_turn": p in game.skip, "alive": p != game.dead, "deaths": game.deaths[p]})
    return seats


def spaces_view(game: Hitchiker) -> list[dict[str, Any]]:
    """The 42 cities in order; ``highlight`` marks the city the last move ended on."""
    return [{"index": c.index, "name": c.name, "kind": c.kind, "owner": game.owner.get(c.index),
             "highlight": c.index == game.landed, "price": c.price or None}
            for c in game.board]


def deal_chart_view(game: Hitchiker) -> list[dict[str, Any]]:
    """The Black Market deal chart: each roll's result, price and what it means."""
    return [{"roll": roll, "result": line.result, "price": line.price or None,
             "text": describe_deal(line)}
            for roll, line in sorted(game.content.deal_chart.items())]


def table_view(game: Hitchiker, player: str | None) -> dict[str, Any]:
    """The whole table as ``player`` sees it (the same for everyone in Hitchiker); the costly
    parts are made when they are read (tabletop.core.views)."""
    deck = game.bad_ride
    last = deck.discards[-1] if deck.discards else None
    return {
        "seats": lambda: seats_view(game),
        "spaces": lambda: spaces_view(game),
        "turn": game.turns, "max_turns": game.options["max_turns"],
        "current": game.current, "first": game.first, "away": list(game.away),
        "casino": None if game.casino is None else lambda: game.casino.view(),
        "deal": None if game.deal is None else {**game.deal, "rolls": [
            dict(r) for r in game.deal["rolls"]]},
        "offer": None if game.offer is None else dict(game.offer),
        "deal_chart": lambda: deal_chart_view(game),
        "bad_ride": {"cards_left": len(deck.pile),
                     "last": None if last is None else game.content_cards[last].text},
        "goals": {"savings": game.amount["savings_goal"], "cash": game.amount["cash_goal"]},
        "on_table": game.money["table"],
    }
