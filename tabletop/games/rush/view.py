"""What one player of RUSH may see: everything on the table, but only their own secret
Chance cards (others see how many each player holds) and never the order of the deck.

Keys a widget reads
-------------------
* ``seats``: one dict per player in seat order: ``name``, ``seat``, ``position`` (the
  movement marker's space, None in a coma or dead), ``space`` (its name), ``money``,
  ``pills``, ``owed`` (given pills still to take), ``zonkometer``, ``senses`` (one
  ``{"name", "up"}`` per sense), ``senses_up``, ``coma`` (step on the coma track or None),
  ``coma_label``, ``body`` (the space of a body in a coma or dead, else None), ``dead``,
  ``lockup``, ``visiting`` (at Jail, not locked up), ``loan`` (the amount borrowed),
  ``secret_cards`` (how many), ``banker``, ``guest`` (owes a party turn), ``is_turn``.
* ``spaces``: one dict per space in board order: ``index``, ``name``, ``kind``, ``owner``
  (the owner of the lady working there, or None), ``lady`` (her amount or None), ``cops``
  (Cop markers, None where Cops never come), ``price`` / ``dice`` / ``per_pip`` (0 where
  not printed), ``bodies`` (names), ``highlight`` (the space last landed on).
* ``senses``, ``zonkometer`` (low, high, start), ``coma_track``; ``dish`` (pills), ``bank``
  (the Bank's balance: it goes below zero as it pays out); ``banker``; ``turn`` and
  ``round``; ``jail`` (bribe, lockup, visiting); ``party`` (space and guests, or None);
  ``ladies`` (amounts not yet placed); ``lucky_day`` (mode, odds per total as text, ``bets``
  being placed, both keyed by the total as text: ``"7"``); ``loan_shark`` (most,
  repay_factor); ``trade`` (the offer on the table, or None); ``deck`` (cards to draw,
  discards, ``last_card``); ``chance_cards`` (every kind of card with its count, text and
  effect word); ``your_cards`` (your own secret cards' titles; None for a spectator);
  ``last_roll``; ``odds`` (exact chances as text, ``"1/6"``: the viewer's next ``pill``
  (sense lost, coma; None for a spectator), ``arrest`` by space number as text where Cops
  come, ``lockup_release``); ``options``; ``edition``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.views import Part, chance

from .odds import arrest_chance, lockup_release, lucky_odds, pill_risk
from .table import BANK

if TYPE_CHECKING:
    from .rules import Rush


def seat_view(game: Rush, player: str, seat: int) -> dict[str, Any]:
    """One player's markers, senses, pills and money, as everyone sees them."""
    c = game.content
    lying = player in game.dead or game.coma[player] is not None
    step = game.coma[player]
    return {
        "name": player, "seat": seat,
        "position": None if lying else game.pos[player],
        "space": c.board[game.pos[player]].name,
        "money": game.ledger[player], "pills": game.pills[player], "owed": game.owed[player],
        "zonkometer": game.zonk[player],
        "senses": [{"name": n, "up": up} for n, up in zip(c.senses, game.senses[player],
                                                          strict=True)],
        "senses_up": sum(game.senses[player]),
        "coma": step, "coma_label": None if step is None else c.coma_track[step],
        "body": game.pos[player] if lying else None,
        "dead": player in game.dead, "lockup": player in game.lockup,
        "visiting": visiting(game, player),
        "loan": game.loans[player], "secret_cards": len(game.hands[player]),
        "banker": player == banker(game), "guest": player in game.guests,
        "is_turn": player == game.mover,
    }


def visiting(game: Rush, player: str) -> bool:
    """At the Jail space, awake and not locked up: in the visiting area."""
    return (game.pos[player] == game.jail_space and player not in game.lockup
            and game.awake(player))


def banker(game: Rush) -> str:
    """Rule 6 and Rule 11 (B #15): the first player, then whoever died most recently."""
    return game.dead[-1] if game.dead else game.players[0]


def spaces_view(game: Rush) -> list[dict[str, Any]]:
    """Every space in board order, with the ladies, Cops and bodies on it."""
    pos, ladies, cops, landed = game.pos, game.ladies, game.cops, game.landed
    lying = [p for p in game.players if p in game.dead or game.coma[p] is not None]
    out = []
    for index, s in enumerate(game.content.board):
        owner, amount = ladies.get(index, (None, None))
        out.append({
            "index": index, "name": s.name, "kind": s.kind, "owner": owner, "lady": amount,
            "cops": cops.get(index), "price": s.price, "dice": s.dice, "per_pip": s.per_pip,
            "bodies": [p for p in lying if pos[p] == index],
            "highlight": index == landed,
        })
    return out


def odds_view(game: Rush, player: str | None) -> dict[str, Any]:
    """Exact chances worth showing: the viewer's next pill, an arrest where Cops stand,
    getting out of the lockup in one turn."""
    pill = None
    if player in game.senses:
        lose, coma = pill_risk(sum(game.senses[player]))
        pill = {"sense lost": chance(lose), "coma": chance(coma)}
    return {"pill": pill, "lockup_release": chance(lockup_release()),
            "arrest": {str(space): chance(arrest_chance(cops))
                       for space, cops in game.cops.items()}}


def lucky_day_view(game: Rush) -> dict[str, Any]:
    """Lucky Day: the mode, the odds paid per total (as text) and the bets being placed."""
    c = game.content
    odds = lucky_odds(c.printed_odds, game.options["lucky_day"])
    return {"mode": game.options["lucky_day"], "min_bet": c.min_bet,
            "odds": {str(t): str(o) for t, o in odds.items()},
            "bets": {str(t): stake for t, stake in game.bets.items()}}


def _deck(g: Rush) -> dict[str, Any]:
    last = g.last_card
    return {"draw": len(g.deck.pile), "discards": len(g.deck.discards),
            "last_card": None if last is None else {"title": last,
                                                    "text": g.content.card(last).text}}


#: The table as ``you`` see it (None: a spectator, who sees no secret card), part by part: a
#: bot's view makes only the parts it reads (tabletop.core.views).
TABLE: dict[str, Part] = {
    "seats": lambda g, you: [seat_view(g, p, k) for k, p in enumerate(g.players)],
    "spaces": lambda g, you: spaces_view(g),
    "senses": lambda g, you: list(g.content.senses),
    "zonkometer": lambda g, you: {"low": g.content.zonk_low, "high": g.content.zonk_high,
                                  "start": g.options["zonkometer_start"]
                                  or g.content.zonk_start},
    "coma_track": lambda g, you: list(g.content.coma_track),
    "dish": lambda g, you: g.dish,
    "bank": lambda g, you: g.ledger[BANK],
    "banker": lambda g, you: banker(g),
    "turn": lambda g, you: g.mover,
    "round": lambda g, you: g.round,
    "max_rounds": lambda g, you: g.options["max_rounds"],
    "jail": lambda g, you: {"space": g.jail_space, "bribe": g.content.bribe,
                            "lockup": list(g.lockup),
                            "visiting": [p for p in g.players if visiting(g, p)]},
    "party": lambda g, you: None if g.party is None else {"space": g.party,
                                                          "guests": list(g.guests)},
    "ladies": lambda g, you: list(g.free_ladies),
    "lucky_day": lambda g, you: lucky_day_view(g),
    "loan_shark": lambda g, you: {"most": g.content.loan_most,
                                  "repay_factor": g.content.repay_factor},
    "trade": lambda g, you: None if g.trade is None else dict(g.trade),
    "deck": lambda g, you: _deck(g),
    "chance_cards": lambda g, you: [{"title": k.title, "count": k.count, "text": k.text,
                                     "secret": k.secret, "effect": k.effect}
                                    for k in g.content.cards],
    "your_cards": lambda g, you: None if you not in g.hands else list(g.hands[you]),
    "last_roll": lambda g, you: None if g.last_roll is None else list(g.last_roll),
    "odds": lambda g, you: odds_view(g, you),
    "options": lambda g, you: dict(g.options),
    "edition": lambda g, you: {"kit_authored": list(g.content.kit_authored),
                               "rulebook": g.content.rulebook, "note": g.content.note},
}
