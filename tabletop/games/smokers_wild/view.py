"""What a player may see of a Smokers Wild table: ``game.view(player)``, stable for widgets
and bots.

* ``spaces``: the 28 spaces in track order: ``index``, ``name``, ``kind`` (undertaker,
  advertising, occupation, puff, vacation, quit), ``occupation`` (or None), ``owner`` (who
  holds the space's occupation or, on an advertising space, its brand card: a player or
  "company"; None on other spaces), ``highlight`` (the space the last move ended on),
  ``fee`` and ``turns`` (vacations).
* ``seats``: one dict per player in seat order: ``name``, ``seat``, ``position`` (index into
  ``spaces``; None once GONE), ``space`` (its name), ``money``, ``lifeometer`` (0 = GO ..
  gone = GONE), ``life_label``, ``smoker``, ``brands``, ``occupations``, ``puff_cards`` (hand
  size), ``vacation_turns`` (turns still to miss), ``on_vacation`` (token in the corner),
  ``is_gone``, ``spaces_travelled``, ``advances`` (K advanced by the company),
  ``years_from_loans``.
* ``company``: ``balance`` (the company is an unlimited supply account, so this goes below
  zero as it pays out), ``brands``, ``occupations``.
* ``lifeometer``: ``gone`` and ``labels``; ``fees``: the scale of fees (rule and figures per
  occupation); ``quit_fee``; ``last_roll`` (the last movement throw, or None); ``round``;
  ``turn`` (whose turn); ``treasurer``; ``puff_discards`` (count); ``auction`` (lot, high,
  high_bidder, active, or None); ``payment`` (a shortfall being raised: payer, payee,
  amount, need, loan, why, or None); ``sale`` (seller, buyer, occupation, offer, or None);
  ``options``; ``edition`` (what the kit authored); ``puff_deck``: every card's title, count
  and effect text for each status.
* ``your_puff_cards``: the titles of your own face-down HAV' A PUFF cards (a holder may look
  at their own hand; an opponent draws blind anyway). ``None`` for a spectator.
"""

from __future__ import annotations

from typing import Any

from .content import Content
from .puff import describe
from .table import COMPANY, Table


def spaces_view(game: Table) -> list[dict[str, Any]]:
    """The track in order, with owners and the space the last move ended on."""
    return [{
        "index": s.index, "name": s.name, "kind": s.kind, "occupation": s.occupation,
        "owner": (game.owner[s.occupation] if s.occupation
                  else game.holder[s.name] if s.kind == "advertising" else None),
        "highlight": s.index == game.landed, "fee": s.fee, "turns": s.turns,
    } for s in game.content.board]


def seats_view(game: Table) -> list[dict[str, Any]]:
    """Each player in seat order: token, money, Lifeometer, cards and status."""
    c = game.content
    seats = []
    for k, p in enumerate(game.players):
        position = None if p in game.gone else game.pos[p]
        seats.append({
            "name": p, "seat": k, "position": position,
            "space": None if position is None else c.board[position].name,
            "money": game.ledger[p], "lifeometer": game.life[p],
            "life_label": c.life_labels[game.life[p]], "smoker": game.n_brands[p] > 0,
            "brands": game.brands_of(p), "occupations": game.occupations_of(p),
            "puff_cards": len(game.hands[p]), "vacation_turns": game.vacation[p],
            "on_vacation": p in game.away, "is_gone": p in game.gone,
            "spaces_travelled": game.travelled[p], "advances": game.advances[p],
            "years_from_loans": game.loan_years[p],
        })
    return seats


def company_view(game: Table) -> dict[str, Any]:
    return {"balance": game.ledger[COMPANY], "brands": game.brands_of(COMPANY),
            "occupations": game.occupations_of(COMPANY)}


def fees_view(c: Content) -> dict[str, dict[str, Any]]:
    """The scale of fees: each occupation's rule and figures."""
    return {o.name: {"rule": o.rule, **dict(o.figures)} for o in c.occupations.values()}


def puff_deck_view(c: Content) -> list[dict[str, Any]]:
    """Every HAV' A PUFF card: title, count and what it does to each status."""
    return [{"title": card.title, "count": card.count, "non_smoker": describe(card.non_smoker),
             "smoker": describe(card.smoker)} for card in c.puff_cards]


def table_view(game: Table, player: str | None) -> dict[str, Any]:
    """The table as ``player`` (None: a spectator) sees it; the costly parts are made when
    they are read (tabletop.core.views)."""
    c = game.content
    return {
        "spaces": lambda: spaces_view(game),
        "seats": lambda: seats_view(game),
        "company": lambda: company_view(game),
        "lifeometer": {"gone": c.gone, "labels": list(c.life_labels)},
        "fees": lambda: fees_view(c),
        "quit_fee": c.quit_fee,
        "last_roll": None if game.last_roll is None else list(game.last_roll),
        "round": game.round,
        "turn": game.mover,
        "treasurer": game.players[0],
        "puff_discards": len(game.discards),
        "auction": None if game.auction is None else game.auction.state(),
        "payment": None if game.payment is None else dict(game.payment),
        "sale": None if game.sale is None else dict(game.sale),
        "options": dict(game.options),
        "edition": {"kit_authored": list(c.kit_authored), "note": c.note},
        "puff_deck": lambda: puff_deck_view(c),
        "your_puff_cards": (None if player not in game.hands
                            else [game.card_of[i].title for i in game.hands[player]]),
    }
