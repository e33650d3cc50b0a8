"""The Pitch walkthrough's classroom helpers: staged tables."""

from __future__ import annotations

from widgets import pitch_lessons as lessons


def test_a_staged_table_deals_the_chosen_hands():
    game = lessons.table({"Ann": ["KS", "9S", "3S", "10H", "7C", "5D"]}, dealer="Dee",
                         players=lessons.PLAYERS)
    assert sorted(game.view("Ann")["hand"]) == sorted(["KS", "9S", "3S", "10H", "7C", "5D"])
    assert game.view(None)["dealer"] == "Dee" and game.decision.player == "Ann"


def test_the_payoff_picture_shows_the_exact_and_the_paid_cents_and_their_sum():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tabletop.games.pitch import money

    scores = {"Ann": 9, "Bob": 4, "Cy": -2, "Dee": 6}
    _fig, ax = plt.subplots()
    lessons.payoff_plot(ax, money.exact_payoffs(scores, 10), money.settle(scores, 10))
    heights = [bar.get_height() for bar in ax.patches]
    assert heights[:4] == [47.5, -2.5, -62.5, 17.5] and heights[4:] == [48, -2, -63, 17]
    assert ax.get_title().endswith("add up to 0¢")
