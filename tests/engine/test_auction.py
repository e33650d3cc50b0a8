"""The shared English auction (tabletop.core.auction)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from tabletop.core.auction import Auction
from tabletop.core.errors import IllegalAction
from tabletop.core.game import Game, Result
from tabletop.core.options import Option


class AuctionTable(Game):
    """A one-lot game: the players bid for a painting with their budgets."""

    name = "auction_table"
    title = "Auction table"
    OPTIONS: ClassVar[dict[str, Option]] = {"first": Option(0, "first bidder", low=0, high=5)}
    budgets: ClassVar[dict[str, int]] = {"Ann": 100, "Bob": 60, "Cy": 5}

    def play(self):
        self.auction = Auction("painting", self.players, self.options["first"],
                               self.budgets.__getitem__, step=10, opening=10)
        outcome = yield from self.auction.run(self)
        winners = () if outcome is None else (outcome[0],)
        return Result(winners, tuple(self.players), repr(outcome))

    def table_view(self, player):
        return {"auction": self.auction.state()}


def table(first: int = 0) -> AuctionTable:
    return AuctionTable(["Ann", "Bob", "Cy"], first=first)


def test_everyone_passes_leaves_the_lot_unsold():
    game = table()
    game.apply("pass")
    assert game.decision.player == "Bob"
    game.apply("pass")  # Cy cannot pay K10 and drops out without being asked
    assert game.is_over and game.result.reason == "None"
    assert [e.kind for e in game.events][-1] == "unsold"


def test_highest_bidder_wins_at_their_bid():
    game = table()
    game.apply(10)                      # Ann
    assert game.decision.player == "Bob"
    assert game.decision.amount.low == 20 and game.decision.amount.high == 60
    game.apply(30)                      # Bob
    assert game.decision.player == "Ann"  # Cy dropped out (K5 < K40)
    game.apply(40)
    game.apply("pass")                  # Bob passes: Ann alone remains
    assert game.is_over and game.result.reason == "('Ann', 40)"
    assert game.view()["auction"] == {"lot": "painting", "high": 40, "high_bidder": "Ann",
                                      "active": ["Ann"]}


def test_bidding_starts_at_the_given_seat_and_ends_after_one_bid_when_others_passed():
    game = table(first=1)
    assert game.decision.player == "Bob"
    game.apply("pass")
    game.apply(50)  # Ann (Cy could not pay): the only one left after a bid
    assert game.result.reason == "('Ann', 50)"


def test_bids_must_be_in_range_and_on_step():
    game = table()
    for bad in (5, 15, 110, "raise"):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.steps == 0


def test_bidders_who_cannot_pay_the_minimum_drop_out_unasked():
    game = table()
    game.apply(60)  # Ann: Bob (K60) cannot bid K70, Cy (K5) nothing
    assert game.is_over and game.result.winners == ("Ann",)
    assert [e.text for e in game.events if e.kind == "pass"] == [
        "Bob cannot pay K70 and drops out", "Cy cannot pay K70 and drops out"]


def test_amounts_are_written_in_the_game_s_currency():
    class Coins(AuctionTable):
        def play(self):
            self.auction = Auction("painting", self.players, 0, self.budgets.__getitem__,
                                   step=1, opening=1, money=lambda n: f"{n} HC")
            outcome = yield from self.auction.run(self)
            return Result((), tuple(self.players), repr(outcome))

    game = Coins(["Ann", "Bob", "Cy"])
    assert "bid at least 1 HC" in game.decision.prompt
    game.apply(3)
    game.apply("pass")
    game.apply("pass")
    assert [e.text for e in game.events][-1] == "Ann wins painting for 3 HC"
