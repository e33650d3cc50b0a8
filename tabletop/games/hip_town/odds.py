"""Hip Town's exact odds (RULES.md 3 C), computed from its checked content.

The die: what each face shows and how many Hip Coins a roll brings; the opening hand: the
chance of a card you can build (hypergeometric) and, without one, how many turns you wait
for one (a two-state absorbing Markov chain). Everything is a Fraction. Only
:func:`face_chance` and :func:`buildable_share` are needed in play; the rest imports the
generic tools of :mod:`tabletop.odds` when called.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from .content import Content

if TYPE_CHECKING:
    from tabletop.odds import Dist

#: What a Choice face is taken as, when a question depends on it.
CHOICE_AS = ("coins", "reality", "property")


def face_chance(content: Content, face: str) -> Fraction:
    """The chance that one roll of the die shows ``face`` (rules 8-10, 14)."""
    return Fraction(content.faces.count(face), len(content.faces))


def faces(content: Content, choice_as: str | None = None) -> Dist:
    """What a roll gives: each face with its chance; with ``choice_as``, the Choice face is
    counted as the face the player takes on it."""
    from tabletop.odds import Dist

    return Dist.from_weights((choice_as if face == "choice" and choice_as else face, 1)
                             for face in content.faces)


def coins_per_roll(content: Content, choice_as: str = "coins") -> Dist:
    """Hip Coins the die itself pays on one roll (rule 8): the Hip Coin face pays, and the
    Choice face too when it is taken as coins. Reality cards are left out."""
    return faces(content, choice_as).map(lambda f: content.coin_face if f == "coins" else 0)


def property_chance(content: Content, choice_as: str = "property") -> Fraction:
    """The chance that a roll turns over a Property card you may buy (rules 10, 14)."""
    return faces(content, choice_as).p("property")


def buildable(content: Content, built: int) -> list[str]:
    """The Property cards that a neighbourhood of ``built`` businesses may take (rule 16)."""
    return [c.id for c in content.property.values() if c.rating <= built]


def buildable_share(content: Content, cards: Iterable[str], built: int) -> Fraction:
    """Of ``cards`` (say, those you have not seen), the share you could build now."""
    cards = list(cards)
    ok = sum(content.property[c].rating <= built for c in cards)
    return Fraction(ok, len(cards)) if cards else Fraction(0)


def hand_holds(content: Content, built: int = 0, hand: int | None = None) -> Dist:
    """How many cards you could build with ``built`` businesses are in a freshly dealt hand
    (rule 3): a hypergeometric law over the whole Property deck."""
    from tabletop.odds import hypergeom

    size = content.hand if hand is None else hand
    return hypergeom(len(content.property), len(buildable(content, built)), size)


def opening_start(content: Content, hand: int | None = None) -> Fraction:
    """The chance that the opening hand holds a Developer-Rating-0 card, so you can build
    on your first turn (rules 3 and 16)."""
    return 1 - hand_holds(content, 0, hand)[0]


def new_card_chance(content: Content, choice_as: str = "property",
                    draws: tuple[str, ...] = ("draw", "buy_top")) -> Fraction:
    """The chance that one of your turns brings you a new Property card: the die turns one
    over for you (and you buy it), or the Reality card you draw hands you one (``draws``:
    the effect words that do)."""
    reality = content.reality.values()
    from_reality = Fraction(sum(card.effect in draws for card in reality), len(reality))
    face = faces(content, choice_as)
    return face.p("property") + face.p("reality") * from_reality


def turns_to_first_business(content: Content, choice_as: str = "property") -> Fraction:
    """With no Developer-Rating-0 card in the opening hand: the expected number of your
    turns until a new card is one, if every new card you can get you take. The cards come
    from the rest of the deck (all but your hand), a share of them rated 0; a two-state
    absorbing chain (waiting, ready) gives the wait."""
    from tabletop.odds import Dist, MarkovChain

    rest = len(content.property) - content.hand
    zero = len(buildable(content, 0))
    p = new_card_chance(content, choice_as) * Fraction(zero, rest)
    chain = MarkovChain.from_rows({
        "waiting": Dist.from_weights({"waiting": 1 - p, "ready": p}),
        "ready": Dist.certain("ready"),
    })
    return chain.absorbing().steps["waiting"]
