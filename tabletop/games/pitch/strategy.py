"""Bots that differ from the heuristic bot (:mod:`.bots`) in one choice only, for the lessons'
paired full-game studies (:func:`tabletop.paired.paired_study`): module-level, so they pickle.

* :class:`EarlyDumpBot`: a defender who throws count onto a fellow defender's winning trick
  before the pitcher has played to it (the habit the heuristic bot no longer has);
* :class:`LowTrumpBot`: a defender who throws its lowest trump under a trick the pitcher is
  winning (the habit the heuristic bot no longer has: it hands the pitcher Low);
* :class:`AceSuitBot`: a pitcher who names the suit of an Ace she holds, even a shorter suit
  than her best one (High is then sure);
* :class:`AceWithCompanyBot`: :class:`AceSuitBot`, except that with a bare Ace (the only card
  of its suit) it names its best suit, as the heuristic bot does;
* :class:`RatedAceBot`: :class:`AceSuitBot`, except that in a hand rated from a line up, with
  a short outside Ace (bare or with one other card), it names its best suit (and, given a
  floor, below it as well: the forced dealer's hands are then left to the heuristic bot);
* :class:`DealerAceBot`: the heuristic bot, except that in a hand it pitches rated below the
  heuristic bot's opening line (a forced dealer's) it names the suit of an Ace, as
  :class:`AceSuitBot` does;
* :class:`OpeningLineBot`: a player who opens the bidding at the lowest bid from another
  rating than the heuristic bot's line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tabletop.core.decisions import Action

from .bots import HeuristicBot, best_suit, wanted_bid

#: The heuristic bot's line for the lowest bid: it bids 2 from a rating of 2 - 0.2.
HEURISTIC_LINE = Fraction("1.8")


class EarlyDumpBot(HeuristicBot):
    """The heuristic bot, except that as a defender it dumps count onto a fellow defender's
    winning trick at once, even when the pitcher has still to play to it."""

    def safe(self, trick: Sequence[Mapping[str, Any]], pitcher: str) -> bool:
        """Always: the pitcher is not waited for."""
        return True


class LowTrumpBot(HeuristicBot):
    """The heuristic bot, except that as a defender under a trick the pitcher is winning it
    throws its lowest trump that counts nothing, not its highest."""

    def keeps_low(self, me: str, leader: str, pitcher: str) -> bool:
        """Never: the lowest trump goes first."""
        return False


class AceSuitBot(HeuristicBot):
    """The heuristic bot, except that as pitcher it names trump by leading an Ace it holds
    (the Ace of its best suit if that suit has one), whatever the suits' lengths."""

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The first lead of a hand it pitches: an Ace when it holds one; else as the bot."""
        aces = [card for card in legal if card[:-1] == "A"]
        if view["trump"] is None and view["pitcher"] == view["you"] and aces:
            best = best_suit(legal)[0]
            return next((card for card in aces if card[-1] == best), aces[0])
        return super().lead(view, legal)


class AceWithCompanyBot(AceSuitBot):
    """:class:`AceSuitBot`, except when the Ace it would lead first is bare (the only card of
    its suit it holds): then it names its best suit, as the heuristic bot does. Against
    :class:`AceSuitBot` this switches one choice: what to name with a bare Ace."""

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The first lead of a hand it pitches: :class:`AceSuitBot`'s, unless that is a bare
        Ace outside the best suit; then the heuristic bot's."""
        card = super().lead(view, legal)
        naming = view["trump"] is None and view["pitcher"] == view["you"]
        if naming and card[:-1] == "A" and sum(c[-1] == card[-1] for c in legal) == 1:
            return HeuristicBot.lead(self, view, legal)
        return card


class RatedAceBot(AceSuitBot):
    """:class:`AceSuitBot`, except when the hand's rating (its best suit's, as the heuristic bot
    rates it) reaches ``line`` and the Ace it would lead has at most one other card of its suit:
    then it names its best suit, as the heuristic bot does. Against :class:`AceSuitBot` this
    switches one choice: what to name with a short outside Ace in a hand rated ``line`` or more.
    A hand rated below ``floor`` (by default none) it also names as the heuristic bot does: with
    ``floor`` at the heuristic bot's opening line, that leaves out the forced dealer's hands."""

    def __init__(self, seed: int = 0, line: Fraction = Fraction("2.2"),
                 floor: Fraction = Fraction(0)) -> None:
        super().__init__(seed)
        self.line = Fraction(line)
        self.floor = Fraction(floor)

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The first lead of a hand it pitches: :class:`AceSuitBot`'s, unless the hand rates
        below ``floor``, or ``line`` or more with an Ace that has at most one other card of its
        suit; then the heuristic bot's."""
        card = super().lead(view, legal)
        naming = view["trump"] is None and view["pitcher"] == view["you"]
        strength = best_suit(legal)[1]
        short = card[:-1] == "A" and sum(c[-1] == card[-1] for c in legal) <= 2
        if naming and (strength < self.floor or (short and strength >= self.line)):
            return HeuristicBot.lead(self, view, legal)
        return card


class DealerAceBot(AceSuitBot):
    """The heuristic bot, except in a hand it pitches rated below ``line`` (the heuristic bot's
    opening line: a hand it pitches only as the forced dealer): then it names trump by leading
    an Ace, as :class:`AceSuitBot` does. Against the heuristic bot this switches one choice:
    what the forced dealer names."""

    def __init__(self, seed: int = 0, line: Fraction = HEURISTIC_LINE) -> None:
        super().__init__(seed)
        self.line = Fraction(line)

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The first lead of a hand it pitches: :class:`AceSuitBot`'s in a hand rated below
        ``line``; else the heuristic bot's."""
        naming = view["trump"] is None and view["pitcher"] == view["you"]
        if naming and best_suit(legal)[1] < self.line:
            return super().lead(view, legal)
        return HeuristicBot.lead(self, view, legal)


class OpeningLineBot(HeuristicBot):
    """The heuristic bot, except for the lowest bid: it bids 2 from a rating of ``line``
    (the heuristic bot's line is 1.8) when it would otherwise bid 2 or pass."""

    def __init__(self, seed: int = 0, line: Fraction = HEURISTIC_LINE) -> None:
        super().__init__(seed)
        self.line = Fraction(line)

    def on_bid(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """As the heuristic bot, except when nobody has bid yet and its hand is worth 2 at
        most to the bot: then it opens at 2 exactly when its rating reaches ``line``."""
        usual = super().on_bid(view, legal)
        strength = best_suit(view["hand"])[1]
        if view["bid"] is not None or wanted_bid(strength) > 2:
            return usual
        bids = {self.value(view, action): action for action in legal}
        return bids.get(2 if strength >= self.line else 0, usual)


__all__ = ["HEURISTIC_LINE", "AceSuitBot", "AceWithCompanyBot", "DealerAceBot", "EarlyDumpBot",
           "LowTrumpBot", "OpeningLineBot", "RatedAceBot"]
