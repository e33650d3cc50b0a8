"""The Pitch walkthrough's classroom helpers: staged tables."""

from __future__ import annotations

from widgets.pitch import lessons


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


def test_the_table_picture_shows_every_seat_the_trick_and_the_viewers_hand(tmp_path,
                                                                          monkeypatch):
    import matplotlib

    matplotlib.use("Agg")

    from tabletop.core.cards import SUIT_SYMBOLS

    game = lessons.table({"Ann": ["KS", "9S", "3S", "10H", "7C", "5D"]}, dealer="Dee",
                         players=lessons.PLAYERS)
    game.apply("bid 2")
    while game.decision.kind != "play":
        game.apply("pass")
    game.apply("KS")  # Ann pitches and leads: the trick holds her King
    monkeypatch.setattr(lessons, "IMAGES", tmp_path)
    ax = lessons.table_figure(game.view("Ann"), "Ann leads", filename="table.png")
    texts = [t.get_text() for t in ax.texts]
    assert all(any(t.startswith(name) for t in texts) for name in lessons.PLAYERS)
    assert any(t.startswith("Ann  P2") for t in texts)  # the pitcher's tag and her bid
    assert texts.count("K") == 1  # in the trick, no longer in Ann's hand
    assert sum(t in SUIT_SYMBOLS.values() for t in texts) == 1 + 5  # the trick, her five cards
    assert (tmp_path / "table.png").stat().st_size > 0


def test_the_exact_rating_count_covers_every_hand_and_counts_six_choosing_hands():
    from fractions import Fraction
    from math import comb

    assert sum(lessons.rated_hand_counts().values()) == comb(52, 6)
    line = Fraction("1.8")
    band = lessons.open_hands_a_game(line, Fraction("2.2"), line, hands=8, players=4)
    below = lessons.open_hands_a_game(Fraction("1.4"), line, line, hands=8, players=4)
    assert round(float(band), 3) == 0.787 and round(float(below), 2) == 1.18  # 6 hands, not 8


def test_an_ace_deal_knows_the_length_of_the_aces_suit():
    from tabletop.games.pitch import sampling

    deal = next(d for i in range(20) if (d := sampling.ace_deal(
        sampling.fixed(["KS", "9S", "3S", "10H", "AC", "5D"]), 71, i)).pitched)
    assert deal.trump == {"best suit": "S", "Ace's suit": "C"} and deal.ace_suit_length() == 1
