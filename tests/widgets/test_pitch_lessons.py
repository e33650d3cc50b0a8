"""The Pitch walkthrough's classroom helpers: staged tables."""

from __future__ import annotations

from widgets import pitch_lessons as lessons


def test_a_staged_table_deals_the_chosen_hands():
    game = lessons.table({"Ann": ["KS", "9S", "3S", "10H", "7C", "5D"]}, dealer="Dee",
                         players=lessons.PLAYERS)
    assert sorted(game.view("Ann")["hand"]) == sorted(["KS", "9S", "3S", "10H", "7C", "5D"])
    assert game.view(None)["dealer"] == "Dee" and game.decision.player == "Ann"
