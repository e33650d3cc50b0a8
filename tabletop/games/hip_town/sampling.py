"""The second way to Hip Town's lesson models: each exact value of :mod:`.odds` drawn at random
(seeded numpy generators), in the order of that module, with the same model and its
approximations (a sampler here plays no whole game; studies.py does).

Each sampler names the exact value it checks; the vectorised ones that draw many at once are
kept in the kit's cache, as loops of single draws are by ``tabletop.odds.repeat``.
:func:`lone_builder` can also drop the lone builder's two approximations (a cap on the cards
waiting, new cards drawn as if put back), so a lesson can measure what they cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop.cache import cached
from tabletop.odds import Dist, Estimate

from . import odds
from .content import Content
from .neighbourhood import Frame, frame_of, score


# -- the die (odds.coins_per_roll, odds.property_chance, odds.face_chance, odds.rolls_to_coins)
def roll_coins(rng: np.random.Generator, n: int, content: Content) -> np.ndarray:
    """Hip Coins the die pays on ``n`` rolls, the Choice face taken as Hip Coins."""
    face = np.array(content.faces)[rng.integers(len(content.faces), size=n)]
    return np.where((face == "coins") | (face == "choice"), content.coin_face, 0)


def roll_reaches_property(rng: np.random.Generator, n: int, content: Content) -> int:
    """How many of ``n`` rolls turn over a Property card, Property taken on the Choice face."""
    face = np.array(content.faces)[rng.integers(len(content.faces), size=n)]
    return int(np.isin(face, ["property", "choice"]).sum())


@cached
def after_misses(rng: np.random.Generator, n: int, content: Content, misses: int = 3,
                 face: str = "property") -> Estimate:
    """Of ``n`` runs of ``misses`` + 1 rolls, those whose first ``misses`` rolls all missed
    ``face``: how often the next roll shows it."""
    faces = np.array(content.faces)[rng.integers(len(content.faces), size=(n, misses + 1))]
    hit = faces == face
    missed = ~hit[:, :misses].any(axis=1)
    return Estimate(int(hit[missed, misses].sum()), int(missed.sum()))


def rolls_to_coins(rng: np.random.Generator, content: Content, short: int) -> int:
    """Rolls until the die alone has paid at least ``short`` Hip Coins (Choice taken as coins,
    Reality cards left out): the check on :func:`.odds.rolls_to_coins`."""
    paid = rolls = 0
    while paid < short:
        rolls += 1
        paid += int(roll_coins(rng, 1, content)[0])
    return rolls


# -- the opening hand (odds.hand_holds, odds.opening_start, odds.turns_to_first_business) ---
@cached
def rating_zero_in_hands(rng: np.random.Generator, n: int, content: Content) -> np.ndarray:
    """How many rating-0 cards each of ``n`` hands dealt from a shuffled deck holds."""
    ratings = np.array([card.rating for card in content.property.values()])
    hands = rng.random((n, len(ratings))).argsort(axis=1)[:, :content.hand]
    return (ratings[hands] == 0).sum(axis=1)


def deal_has_rating_zero(rng: np.random.Generator, n: int, content: Content) -> int:
    """How many of ``n`` shuffled decks deal a first hand holding a rating-0 card."""
    return int((rating_zero_in_hands(rng, n, content) > 0).sum())


def new_card_arrives(rng: np.random.Generator, content: Content) -> bool:
    """One turn of a player who takes Property on the Choice face and buys every card: does
    it bring a new card? (The die, then for a Reality face a card drawn from the deck.)"""
    face = content.faces[rng.integers(len(content.faces))]
    if face in ("property", "choice"):
        return True
    reality = list(content.reality.values())
    return face == "reality" and reality[rng.integers(len(reality))].effect in ("draw",
                                                                              "buy_top")


def wait_for_rating_zero(rng: np.random.Generator, content: Content,
                         replace: bool = True) -> int:
    """Turns until a player dealt no rating-0 card gets one. Each new card is rated 0 with
    the share of the rest of the deck (all but her hand) that is, as if every card went back
    (``replace``, the two-state chain's model); or, with ``replace=False``, the new cards are
    the rest of the deck shuffled and turned over one by one (a rival's draws left out)."""
    deck = [c.rating for c in content.property.values()]
    zero, rest = deck.count(0), len(deck) - content.hand
    order = iter(rng.permutation(rest) < zero) if not replace else None
    turns = 1
    while not (new_card_arrives(rng, content)
               and (rng.integers(rest) < zero if order is None else next(order))):
        turns += 1
    return turns


# -- a lone builder (odds.LoneBuilder) -----------------------------------------------------
def lone_builder(rng: np.random.Generator, content: Content, cap: int | None = 6,
                 replace: bool = True) -> int:
    """Turns a lone builder takes to fill the neighbourhood, played card by card. With the
    defaults it is the model of :class:`.odds.LoneBuilder` (money no object, a new card's
    rating drawn from the whole deck as if put back, at most ``cap`` cards waiting); with
    ``cap=None, replace=False`` it drops both approximations: every card is kept, and new
    cards come off the rest of the shuffled deck."""
    deck = np.array([c.rating for c in content.property.values()])
    order = rng.permutation(deck)
    hand, rest = list(order[:content.hand]), iter(order[content.hand:])
    built = turns = 0
    while built < content.lots:
        turns += 1
        if new_card_arrives(rng, content):
            card = deck[rng.integers(len(deck))] if replace else next(rest)
            if cap is None or card <= built or sum(r > built for r in hand) < cap:
                hand.append(card)
        ready = [r for r in hand if r <= built]
        if ready:
            hand.remove(ready[0])
            built += 1
    return turns


# -- auctions (odds.english_auction, odds.auction_price) -----------------------------------
def auction_sale(rng: np.random.Generator, content: Content, rivals: Sequence[Dist],
                 you: int | None = None) -> tuple[str | None, int]:
    """One auction run by the kit's own rules among rivals whose caps are drawn from
    ``rivals`` (and you, bidding last up to ``you``): who wins ("you", "rival" or None when
    nobody bids) and the price (0 when unsold), as ``odds.auction_price`` counts them."""
    caps = []
    for law in rivals:
        values, chances = zip(*law.items(), strict=True)
        caps.append(int(rng.choice(values, p=[float(p) for p in chances])))
    sale = odds.english_auction(content, caps + ([] if you is None else [you]))
    if sale is None:
        return None, 0
    return ("you" if sale[0] == len(rivals) else "rival"), sale[1]


# -- the Destination bonus (odds.random_neighbourhood) -------------------------------------
def random_neighbourhood(rng: np.random.Generator, content: Content) -> dict[str, Any]:
    """Ten cards drawn at random, put on the lots in the order drawn, scored by the game:
    whether a Destination group came, one business of every type, and the lots in a group."""
    cards = list(content.property)
    town = [cards[k] for k in rng.choice(len(cards), content.lots, replace=False)]
    frame = frame_of(content.rows, content.columns)
    result = score(content, frame, town)
    return {"a Destination group": bool(result.destinations),
            "every type": bool(result.every_type),
            "lots": {frame.names[lot] for _, lots, _ in result.destinations for lot in lots}}


@cached
def random_neighbourhoods(rng: np.random.Generator, n: int,
                          content: Content) -> dict[str, Any]:
    """:func:`random_neighbourhood` ``n`` times, one after another from ``rng``: how often a
    Destination group came, one business of every type, and each lot in a group ("lots", by
    lot name); counts quick to read back from the kit's cache, where ``n`` results one by
    one are not."""
    towns = [random_neighbourhood(rng, content) for _ in range(n)]
    names = Frame(content.rows, content.columns).names
    return {**{what: Estimate(sum(town[what] for town in towns), n)
               for what in ("a Destination group", "every type")},
            "lots": {name: Estimate(sum(name in town["lots"] for town in towns), n)
                     for name in names}}
