"""Smokers Wild: a roll-and-move board game about the habit.

Players circle a 28-space track; each full circuit ages them a year on the
Lifeometer. Adverts, peer pressure and chance cards turn non-smokers into smokers,
smokers are pushed round faster and pay more fees, and the last player to reach
GONE wins. The kit's edition of the missing pieces (board order, brands, fees,
HAV' A PUFF cards) lives in content.toml; the order of play starts in rules.py.
"""

from .rules import SmokersWild

GAME = SmokersWild

__all__ = ["GAME", "SmokersWild"]
