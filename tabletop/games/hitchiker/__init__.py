"""Hitchiker: hitchhike round a loop of 42 cities, deal on the Black Market, play blackjack at
the casinos, dodge Customs and sharks, and win by saving $250,000 or carrying $50,000,000."""

from .rules import Hitchiker

GAME = Hitchiker

__all__ = ["GAME", "Hitchiker"]
