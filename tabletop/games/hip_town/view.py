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

from tabletop.core.views import Part, chance

from .neighbourhood import build_problem, built
from .odds import face_chance

if TYPE_CHECKING:
    from .rules import HipTown


def card(game: HipTown, card_id: str | None) -> dict[str, Any] | None:
    return None if card_id is None else game.content.card_views[card_id].copy()


def seat_view(game: HipTown, k: int, player: str) -> dict[str, Any]:
    town, cards = game.towns[player], game.content.card_views
    return {
        "name": player,
        "seat": k,
        "position": None,
        "money": game.ledger[player],
        "hand_size": len(game.hands[player]),
        "businesses": built(town),
        "neighbourhood": [[None if c is None else cards[c].copy() for c in row]
                          for row in game.frame.rows_of(town)],
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


def _asked_to_build(game: HipTown, player: str | None) -> bool:
    pending = game.decision
    return pending is not None and pending.player == player and pending.kind == "build"


def _reality(game: HipTown) -> dict[str, Any] | None:
    reality = game.reality_card or game.last_reality
    return None if reality is None else {**game.content.reality[reality].view(),
                                         "in_play": game.reality_card is not None}


def _decks(game: HipTown) -> dict[str, Any]:
    return {"property": len(game.property.pile),
            "property_discards": len(game.property.discards),
            "property_discard_top": card(game, game.property.discards[-1]
                                         if game.property.discards else None),
            "reality": len(game.reality.pile),
            "reality_discards": len(game.reality.discards)}


#: The table as ``you`` see it (None: a spectator, who sees no hand), part by part: a bot's
#: view makes only the parts it reads (tabletop.core.views).
TABLE: dict[str, Part] = {
    "title": lambda g, you: g.title,
    "variant": lambda g, you: g.options["variant"],
    "round": lambda g, you: g.round,
    "max_rounds": lambda g, you: g.options["max_rounds"],
    "turn": lambda g, you: g.turn,
    "seats": lambda g, you: [seat_view(g, k, p) for k, p in enumerate(g.players)],
    "spaces": lambda g, you: [],
    "lots": lambda g, you: list(g.frame.names),
    "rows": lambda g, you: g.content.rows,
    "columns": lambda g, you: g.content.columns,
    "hand": lambda g, you: ([g.content.card_views[x].copy() for x in g.hands[you]]
                            if you in g.hands else None),
    "die": lambda g, you: {"faces": list(g.content.faces),
                           "chances": {f: chance(face_chance(g.content, f))
                                       for f in dict.fromkeys(g.content.faces)},
                           "last": dict(g.face) if g.face else None},
    "flipped": lambda g, you: None if g.flipped is None else {
        **g.flipped, "card": card(g, g.flipped["card"])},
    "auction": lambda g, you: None if g.auction is None else {
        **g.auction.state(), "lot": card(g, g.auction.lot)},
    "market": lambda g, you: ([card(g, x) for x in g.market]
                              if g.options["variant"] == "market" else None),
    "reality": lambda g, you: _reality(g),
    "build": lambda g, you: build_view(g, you) if _asked_to_build(g, you) else None,
    "decks": lambda g, you: _decks(g),
    "bank": lambda g, you: g.bank_holds(),
    "types": lambda g, you: {t.name: {"color": t.color, "symbol": t.symbol}
                             for t in g.content.types},
    "edition": lambda g, you: list(g.content.edition.get("kit_authored", [])),
}
