"""widgets.primer: intervals clipped at zero, honest labels, and what a paired study's two
games share."""

import matplotlib

matplotlib.use("Agg")

from fractions import Fraction

import matplotlib.pyplot as plt

from tabletop.games.smokers_wild.bots import NoChallengeBot
from tabletop.odds import Estimate
from tabletop.paired import paired_study
from widgets.primer import choice_map, paired_plot, square_bars, where_pairs_part


def test_square_bars_never_draws_an_interval_below_zero():
    ax = square_bars({1: Fraction(1, 100)}, "chance", "t", simulated={1: Estimate(1, 50)})
    low = min(line.get_ydata().min() for line in ax.lines if len(line.get_ydata()))
    assert low >= 0
    plt.close("all")


def test_paired_plot_labels_a_width_it_did_not_measure():
    study = paired_study("smokers_wild", switched=NoChallengeBot, games=4, seed=3,
                         metric="win", workers=0, progress=False)
    labels = [t.get_text() for t in paired_plot(study, "t").get_yticklabels()]
    assert "centred on the paired estimate" in labels[0]
    labels = [t.get_text() for t in
              paired_plot(study, "t", independent=(-0.5, 0.0, 0.5)).get_yticklabels()]
    assert labels[0] == "two independent studies"
    plt.close("all")


def test_pairs_share_their_throws_until_they_part():
    rows = where_pairs_part("smokers_wild", NoChallengeBot, games=3, seed=2024)
    assert all(0 <= r["shared before parting"] <= 1 for r in rows)
    assert all(0 <= r["same throw after"] <= r["same faces after"] <= 1 for r in rows
               if r["shared before parting"] < 1)
    same = where_pairs_part("smokers_wild", "heuristic", games=2, seed=2024)
    assert all(r["shared before parting"] == 1 for r in same)


def test_a_choice_map_keeps_its_break_even_on_the_map():
    ax = choice_map([0.0, 0.5, 1.0], [1.4, 0.5, -0.2], "t", "x", "y", "above", "below",
                    mark=(0.5, 0.6, "games"))
    line = next(ln for ln in ax.get_lines() if ln.get_label() == "break-even")
    assert list(line.get_ydata()) == [1.0, 0.5, 0.0]
    plt.close("all")
