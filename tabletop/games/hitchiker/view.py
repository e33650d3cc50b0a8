"""What a player may see of a Hitchiker table: everything but the order of the Bad Ride pile.

``seats`` and ``spaces`` have the shape every game's view shares (the widgets draw tokens,
owners and the highlight from them); the rest is Hitchiker's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.views import Part

from .black_market import describe_deal

if TYPE_CHECKING:
    from .rules import Hitchiker


def seats_view(game: Hitchiker) -> list[dict[str, Any]]:
    """Each hitchiker in seat order; ``money`` is the travelling cash; a hitchiker with no
    city yet says why in ``off_board``."""
    board, money, seated = game.board, game.money, game.seated
    hometowns: dict[str, list[str]] = {}
    for city, owner in game.owner.items():  # every player's, as ``owned`` lists them
        if owner is not None:
            hometowns.setdefault(owner, []).append(board[city].name)
    seats = []
    for k, p in enumerate(game.players):
        sits = p in seated
        here = game.pos[p] if sits else None
        off = ("is away from the table" if not sits
               else "has not chosen a Hometown yet" if here is None else None)
        seats.append({
            "name": p, "seat": k, "position": here, "off_board": off,
            "money": money[game.cash[p]],
            "seated": sits,
            "city": None if here is None else board[here].name,
            "savings": money[game.pouch[p]], "contraband": game.units[p],
            "hometowns": hometowns.get(p, []), "stuck": p in game.stuck,
            "misses_turn": p in game.skip, "alive": p != game.dead, "deaths": game.deaths[p]})
    return seats


def spaces_view(game: Hitchiker) -> list[dict[str, Any]]:
    """The 42 cities in order; ``highlight`` marks the city the last move ended on."""
    owner, landed = game.owner, game.landed
    return [{"index": c.index, "name": c.name, "kind": c.kind, "owner": owner.get(c.index),
             "highlight": c.index == landed, "price": c.price or None}
            for c in game.board]


def deal_chart_view(game: Hitchiker) -> list[dict[str, Any]]:
    """The Black Market deal chart: each roll's result, price and what it means."""
    return [{"roll": roll, "result": line.result, "price": line.price or None,
             "text": describe_deal(line)}
            for roll, line in sorted(game.content.deal_chart.items())]


def bad_ride_view(game: Hitchiker) -> dict[str, Any]:
    """How many Bad Ride cards are left, and the last one turned over."""
    deck = game.bad_ride
    last = deck.discards[-1] if deck.discards else None
    return {"cards_left": len(deck.pile),
            "last": None if last is None else game.content_cards[last].text}


#: The whole table as ``you`` see it (the same for everyone in Hitchiker), part by part: a
#: bot's view makes only the parts it reads (tabletop.core.views).
TABLE: dict[str, Part] = {
    "seats": lambda g, you: seats_view(g),
    "spaces": lambda g, you: spaces_view(g),
    "turn": lambda g, you: g.turns,
    "max_turns": lambda g, you: g.options["max_turns"],
    "current": lambda g, you: g.current,
    "first": lambda g, you: g.first,
    "away": lambda g, you: list(g.away),
    "casino": lambda g, you: None if g.casino is None else g.casino.view(),
    "deal": lambda g, you: None if g.deal is None else {
        **g.deal, "rolls": [dict(r) for r in g.deal["rolls"]]},
    "offer": lambda g, you: None if g.offer is None else dict(g.offer),
    "deal_chart": lambda g, you: deal_chart_view(g),
    "bad_ride": lambda g, you: bad_ride_view(g),
    "goals": lambda g, you: {"savings": g.amount["savings_goal"], "cash": g.amount["cash_goal"]},
    "on_table": lambda g, you: g.money["table"],
}
