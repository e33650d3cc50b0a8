"""Hip Town: build the trendiest neighbourhood, for 2 to 6 players.

Each turn a player rolls an eight-sided die for Hip Coins, a Reality card (a windfall or a
setback) or a Property card to buy or put up for auction, then may build one business from
their hand into a 2 x 5 neighbourhood: a card's Developer Rating says how many businesses
must stand first, and every new business must share an edge with one already built. When
someone builds their tenth business, the most Hip Points win, with bonuses for four or
more joined businesses of one type and for having all five types.
"""

from .rules import HipTown

GAME = HipTown

__all__ = ["GAME", "HipTown"]
