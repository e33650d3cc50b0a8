"""What one player of Hip Town may see: their own hand, everyone's neighbourhood and coins.

Keys a widget reads (besides the engine's own ``decision``, ``result``...):

* ``seats``: in seat order, each ``name``, ``seat``, ``position`` (None: no board),
  ``money`` (Hip Coins), ``hand_size``, ``businesses``, ``neighbourhood`` (rows of lots,
  top row first; each lot ``None`` or a card), ``score`` (``hip_points`` of the cards,
  ``destinations``: each scoring group's ``type``, ``lots``, ``size`` and ``bonus``;
  ``every_type`` bonus; ``total``). ``spaces`` is ``[]``.
* ``lots``: the lot names (A1..B5) and ``rows`` / ``columns`` of the frame.
* ``hand``: your own cards (``None`` for a spectator); nobody sees another's hand.
* ``die``: the faces and their chances (exact, as text: ``"1/3"``), and the last roll
  (``number``, ``face``).
* ``flipped``: the last turned-over Property card, who turned it and its fate.
* ``auction``: the bidding (lot card, high bid, high bidder, bidders left) or ``None``.
* ``market``: the face-up cards (market variant) or ``None``.
* ``reality``: the Reality card being carried out, else the last one drawn.
* ``build``: when you are asked to build, for each hand card its ``legal`` lots and the
  reason each other lot is ``illegal``.
* ``decks``, ``bank``, ``types``, ``round``, ``turn``, ``variant``,
  ``edition``.

A card is a dict: ``id``, ``name``, ``type``, ``rating`` (Developer Rating), ``cost``,
``hip_points``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.views import chance

from .neighbourhood import build_problem, built
from .odds import face_chance

if TYPE_CHECKING:
    from .rules import HipTown


def card(game: HipTown, card_id: str | None) -> dict[str, Any] | None:
    return None if card_id is None else game.content.property[card_id].view()


def seat_view(game: HipTown, k: int, player: str) -> dict[str, Any]:
    town = game.towns[player]
    return {
        "name": player,
        "seat": k,
        "position": None,
        "money": game.ledger[player],
        "hand_size": len(game.hands[player]),
        "businesses": built(town),
        "neighbourhood": [[card(game, c) for c in row] for row in game.frame.rows_of(town)],
        "score": game.score_of(player).view(game.frame),
    }


def build_view(game: HipTown, player: str) -> dict[str, Any]:
    """For each card in hand: the lots it may go on, and why each other lot is refused."""
    town, names = game.towns[player], game.frame.names
    out = {}
    for card_id in game.hands[player]:
        problems = {names[lot]: build_problem(game.content, game.frame, town, card_id, lot)
                    for lot in range(len(names))}
        out[card_id] = {"legal": [lot for lot, why in problems.items() if why is None],
                        "illegal": {lot: why for lot, why in problems.items() if why}}
    return out


def table_view(game: HipTown, player: str | None) -> dict[str, Any]:
    """The table as ``player`` sees it (``None``: a spectator, who sees no hand); the costly
    parts are made when they are read (tabletop.core.views)."""
    c = game.content
    pending = game.decision
    asked = pending is not None and pending.player == player
    reality = game.reality_card or game.last_reality
    return {
        "title": game.title,
        "variant": game.options["variant"],
        "round": game.round,
        "max_rounds": game.options["max_rounds"],
        "turn": game.turn,
        "seats": lambda: [seat_view(game, k, p) for k, p in enumerate(game.players)],
        "spaces": [],
        "lots": list(game.frame.names),
        "rows": c.rows,
        "columns": c.columns,
        "hand": [card(game, x) for x in game.hands[player]] if player in game.hands else None,
        "die": lambda: {"faces": list(c.faces),
                        "chances": {f: chance(face_chance(c, f)) for f in dict.fromkeys(c.faces)},
                        "last": dict(game.face) if game.face else None},
        "flipped": None if game.flipped is None else {**game.flipped,
                                                      "card": card(game, game.flipped["card"])},
        "auction": None if game.auction is None else {**game.auction.state(),
                                                      "lot": card(game, game.auction.lot)},
        "market": [card(game, x) for x in game.market]
        if game.options["variant"] == "market" else None,
        "reality": None if reality is None else {**c.reality[reality].view(),
                                                 "in_play": game.reality_card is not None},
        "build": (lambda: build_view(game, player)) if asked and pending.kind == "build"
        else None,
        "decks": lambda: {"property": len(game.property.pile),
                          "property_discards": len(game.property.discards),
                          "property_discard_top": card(game, game.property.discards[-1]
                                                       if game.property.discards else None),
                          "reality": len(game.reality.pile),
                          "reality_discards": len(game.reality.discards)},
        "bank": game.bank_holds(),
        "types": lambda: {t.name: {"color": t.color, "symbol": t.symbol} for t in c.types},
        "edition": list(c.edition.get("kit_authored", [])),
    }
