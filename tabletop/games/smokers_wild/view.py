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

from functools import cache
from typing import Any

from tabletop.core.views import Part

from .content import Content, Space
from .puff import describe
from .table import COMPANY, Table


@cache
def board_rows(c: Content) -> tuple[tuple[Space, str | None], ...]:
    """Each space of an edition's track with the card whose holder owns it (the space's
    occupation, or the brand of an advertising space; None on other spaces): made once per
    edition (an edition is one object)."""
    return tuple((s, s.occupation or (s.name if s.kind == "advertising" else None))
                 for s in c.board)


def spaces_view(game: Table) -> list[dict[str, Any]]:
    """The track in order, with owners and the space the last move ended on."""
    owner, holder, landed = game.owner, game.holder, game.landed
    return [{
        "index": s.index, "name": s.name, "kind": s.kind, "occupation": s.occupation,
        "owner": None if card is None else owner[card] if s.occupation else holder[card],
        "highlight": s.index == landed, "fee": s.fee, "turns": s.turns,
    } for s, card in board_rows(game.content)]


def held_by(holders: dict[str, str | None]) -> dict[str | None, list[str]]:
    """Who holds what: each holder's cards in the table's order (as ``brands_of`` lists
    them), in one pass for every seat."""
    held: dict[str | None, list[str]] = {}
    for card, holder in holders.items():
        cards = held.get(holder)
        if cards is None:
            held[holder] = [card]
        else:
            cards.append(card)
    return held


def seats_view(game: Table) -> list[dict[str, Any]]:
    """Each player in seat order: token, money, Lifeometer, cards and status."""
    c = game.content
    board, labels, gone, life = c.board, c.life_labels, game.gone, game.life
    # Rule 1: everyone starts a non-smoker (the opening auction's bids see no brand held)
    brands = held_by(game.holder) if any(game.n_brands.values()) else {}
    occupations = held_by(game.owner)
    seats = []
    for k, p in enumerate(game.players):
        is_gone = p in gone
        position = None if is_gone else game.pos[p]
        year = life[p]
        seats.append({
            "name": p, "seat": k, "position": position,
            "space": None if position is None else board[position].name,
            "money": game.ledger[p], "lifeometer": year,
            "life_label": labels[year], "smoker": game.n_brands[p] > 0,
            "brands": brands.get(p, []), "occupations": occupations.get(p, []),
            "puff_cards": len(game.hands[p]), "vacation_turns": game.vacation[p],
            "on_vacation": p in game.away, "is_gone": is_gone,
            "spaces_travelled": game.travelled[p], "advances": game.advances[p],
            "years_from_loans": game.loan_years[p],
        })
    return seats


def company_view(game: Table) -> dict[str, Any]:
    return {"balance": game.ledger[COMPANY], "brands": game.brands_of(COMPANY),
            "occupations": game.occupations_of(COMPANY)}


@cache
def fee_rows(c: Content) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Each occupation's rule and figures in an edition, made once per edition."""
    return tuple((o.name, {"rule": o.rule, **dict(o.figures)}) for o in c.occupations.values())


def fees_view(c: Content) -> dict[str, dict[str, Any]]:
    """The scale of fees: each occupation's rule and figures (a fresh copy for each view)."""
    return {name: dict(row) for name, row in fee_rows(c)}


@cache
def puff_deck_rows(c: Content) -> tuple[dict[str, Any], ...]:
    """Every HAV' A PUFF card of an edition, its effects described, made once per edition."""
    return tuple({"title": card.title, "count": card.count,
                  "non_smoker": describe(card.non_smoker), "smoker": describe(card.smoker)}
                 for card in c.puff_cards)


def puff_deck_view(c: Content) -> list[dict[str, Any]]:
    """Every HAV' A PUFF card: title, count and what it does to each status (a fresh copy
    for each view)."""
    return [dict(row) for row in puff_deck_rows(c)]


#: The table as ``you`` see it (None: a spectator), part by part: a bot's view makes only the
#: parts it reads (tabletop.core.views).
TABLE: dict[str, Part] = {
    "spaces": lambda g, you: spaces_view(g),
    "seats": lambda g, you: seats_view(g),
    "company": lambda g, you: company_view(g),
    "lifeometer": lambda g, you: {"gone": g.content.gone, "labels": list(g.content.life_labels)},
    "fees": lambda g, you: fees_view(g.content),
    "quit_fee": lambda g, you: g.content.quit_fee,
    "last_roll": lambda g, you: None if g.last_roll is None else list(g.last_roll),
    "round": lambda g, you: g.round,
    "turn": lambda g, you: g.mover,
    "treasurer": lambda g, you: g.players[0],
    "puff_discards": lambda g, you: len(g.discards),
    "auction": lambda g, you: None if g.auction is None else g.auction.state(),
    "payment": lambda g, you: None if g.payment is None else dict(g.payment),
    "sale": lambda g, you: None if g.sale is None else dict(g.sale),
    "options": lambda g, you: dict(g.options),
    "edition": lambda g, you: {"kit_authored": list(g.content.kit_authored),
                               "note": g.content.note},
    "puff_deck": lambda g, you: puff_deck_view(g.content),
    "your_puff_cards": lambda g, you: (None if you not in g.hands
                                       else [g.card_of[i].title for i in g.hands[you]]),
}
