"""Scoring one hand of Pitch: the four points, the Game count, the bid made or set back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .content import PitchContent
from .tricks import HEIGHT

#: The internal number of a moon bid: above every numbered bid.
MOON = 5
POINTS = ("high", "low", "jack", "game")


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


def award_points(
    dealt: Mapping[str, Sequence[str]],
    captured: Mapping[str, Sequence[str]],
    trump: str,
    pitcher: str,
    content: PitchContent,
    game_tie: str = "none",
    low_point: str = "captured",
) -> tuple[dict[str, str | None], dict[str, int]]:
    """Rules 7-12 and 31: who takes High, Low, Jack and Game, and each player's game count.

    High goes to whoever was dealt the highest trump in play; Low to whoever captured the
    lowest (or was dealt it, with ``low_point="dealt"``); Jack to whoever captured the Jack
    of trumps, and to nobody when it was not dealt; Game to the one largest game count,
    and on a tie to nobody (``game_tie="pitcher"``: to the pitcher when among the tied).
    """
    holder = {card: name for name, cards in dealt.items() for card in cards}
    captor = {card: name for name, cards in captured.items() for card in cards}
    trumps = sorted((card for card in holder if card[-1] == trump), key=HEIGHT.__getitem__)
    low_owner = holder if low_point == "dealt" else captor
    counts = {name: sum(content.count_of(c) for c in cards) for name, cards in captured.items()}
    top = max(counts.values())
    leaders = [name for name, count in counts.items() if count == top]
    if len(leaders) == 1:
        game = leaders[0]
    else:
        game = pitcher if game_tie == "pitcher" and pitcher in leaders else None
    awards = {
        "high": holder[trumps[-1]],
        "low": low_owner[trumps[0]],
        "jack": captor.get("J" + trump),
        "game": game,
    }
    return awards, counts


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
    """Rules 24-30: the score changes of one hand.

    Everyone but the pitcher scores the points they took. The pitcher scores the points
    taken when at least the bid, else loses the bid. A moon (``bid == MOON``) is made only
    with every point and every trick, and scores ``content.moon_made`` (with a star), else
    loses ``content.moon_failed``.
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
        made = points[pitcher] >= bid
        changes[pitcher] = points[pitcher] if made else -bid
    return HandScore(awards, counts, points, changes, made, moon, moon and made)
