"""Scoring one hand of Pitch: the four points, the Game count, the bid made or set back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .tricks import HEIGHT

if TYPE_CHECKING:
    from .content import PitchContent

#: Rule 11 (RULES.md 4 A11): the four points of a hand, so at most 4 points a hand.
POINTS = ("high", "low", "jack", "game")
#: The internal number of a moon bid: above every numbered bid.
MOON = len(POINTS) + 1


def bid_text(bid: int) -> str:
    """A bid as the score sheet writes it: ``2``, ``3``, ``4`` or ``moon``."""
    return "moon" if bid == MOON else str(bid)


@dataclass(frozen=True)
class HandScore:
    """What one hand gave: who took each point, the counts, and each score change."""

    awards: dict[str, str | None]
    counts: dict[str, int]
    points: dict[str, int]
    changes: dict[str, int]
    made: bool
    moon: bool
    star: bool


def owner(piles: Mapping[str, Sequence[str]], card: str) -> str | None:
    """Whose pile of ``piles`` (cards dealt or captured, by player) holds ``card``; None:
    nobody's."""
    return next((name for name, cards in piles.items() if card in cards), None)


def award_points(
    dealt: Mapping[str, Sequence[str]],
    captured: Mapping[str, Sequence[str]],
    trump: str,
    pitcher: str,
    content: PitchContent,
    game_tie: str = "none",
    low_point: str = "captured",
) -> tuple[dict[str, str | None], dict[str, int]]:
    """Who takes High, Low, Jack and Game, and each player's game count.

    Rule 7 (RULES.md 4 A7): High to whoever was dealt the highest trump in play.
    Rule 8 (RULES.md 4 A8): Low to whoever captured the lowest trump in play (or, with
    ``low_point="dealt"``, to whoever was dealt it: RULES.md 4 B8).
    Rule 9 (RULES.md 4 A9): Game to the one largest game count; on a tie to nobody, or with
    ``game_tie="pitcher"`` to the pitcher when among the tied (RULES.md 4 B5).
    Rule 10 (RULES.md 4 A10): Jack to whoever captured the Jack of trumps.
    Rule 31 (RULES.md 4 A31): nobody takes Jack when it was not dealt.
    """
    trumps = [card for cards in dealt.values() for card in cards if card[-1] == trump]
    highest, lowest = max(trumps, key=HEIGHT.__getitem__), min(trumps, key=HEIGHT.__getitem__)
    counts = {name: sum(map(content.count_of, cards)) for name, cards in captured.items()}
    top = max(counts.values())
    leaders = [name for name, count in counts.items() if count == top]
    if len(leaders) == 1:
        game = leaders[0]
    else:
        game = pitcher if game_tie == "pitcher" and pitcher in leaders else None
    awards = {
        "high": owner(dealt, highest),
        "low": owner(dealt if low_point == "dealt" else captured, lowest),
        "jack": owner(captured, "J" + trump),
        "game": game,
    }
    return awards, counts


def numbered_bid(taken: int, bid: int) -> tuple[bool, int]:
    """A numbered bid: whether a pitcher who took ``taken`` points made ``bid``, and the
    pitcher's score change.

    Rule 25 (RULES.md 4 A25): a pitcher who took at least the bid scores every point taken.
    Rule 26 (RULES.md 4 A26): a pitcher who took fewer loses the bid (a score may go below 0).
    """
    made = taken >= bid
    return made, taken if made else -bid


def score_hand(
    dealt: Mapping[str, Sequence[str]],
    captured: Mapping[str, Sequence[str]],
    tricks: Mapping[str, int],
    trump: str,
    pitcher: str,
    bid: int,
    content: PitchContent,
    game_tie: str = "none",
    low_point: str = "captured",
) -> HandScore:
    """The score changes of one hand.

    Rules 25 and 26: :func:`numbered_bid`.
    Rule 27 (RULES.md 4 A27): everyone else scores the points they took.
    Rule 28 (RULES.md 4 A28): a moon (``bid == MOON``) is made only with every point and
    every trick; it scores ``content.moon_made``, else loses ``content.moon_failed``
    (RULES.md 4 B4).
    Rule 29 (RULES.md 4 A29): only a moon bid is a moon: a sweep on a numbered bid scores as
    any made bid.
    """
    awards, counts = award_points(dealt, captured, trump, pitcher, content, game_tie, low_point)
    points = dict.fromkeys(dealt, 0)
    for name in awards.values():
        if name is not None:
            points[name] += 1
    changes = dict(points)
    moon = bid == MOON
    if moon:
        made = points[pitcher] == len(POINTS) and tricks[pitcher] == content.hand_size
        changes[pitcher] = content.moon_made if made else -content.moon_failed
    else:
        made, changes[pitcher] = numbered_bid(points[pitcher], bid)
    return HandScore(awards, counts, points, changes, made, moon, moon and made)
