"""Pitch: Money Game -- a trick-taking card game for 2 to 8 players, played for money.

Each hand six cards go to every player; they bid for how many of four points
(High, Low, Jack, Game) they will take, the winning bidder (the pitcher) names trump
with the first card led, and at the end the scores are paid off around the table's
average at 10 cents a point, with a dollar riding on every moon bid.
"""

from .rules import Pitch

GAME = Pitch

__all__ = ["GAME", "Pitch"]
