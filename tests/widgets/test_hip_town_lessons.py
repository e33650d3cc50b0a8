"""Hip Town's lesson helpers: the heat map saved as a PNG, a count built in view kept in the
cache, the bootstrap of a measured law, and the lessons' pictures."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from time import perf_counter_ns

import matplotlib
import numpy as np
import pandas as pd
import pytest

matplotlib.use("Agg")

from tabletop import cache
from tabletop.core.content import game_content
from tabletop.games.hip_town.content import build
from tabletop.odds import Estimate
from widgets.hip_town import lessons

C = game_content("hip_town", build)


def test_the_heat_picture_draws_every_lot_where_the_board_has_it_with_its_share():
    shares = {f"{row}{col}": Fraction(col, 10) for row in "AB" for col in range(1, 6)}
    fig = lessons.heat_picture(C, shares, "a title")
    ax = fig.axes[0]
    labels = {text.get_text(): text.get_position() for text in ax.texts}
    assert len(ax.patches) == C.lots and labels["B5\n50.0%"] == (4.48, 1.46)
    assert ax.get_title() == "a title"


def test_the_heat_picture_shows_a_simulated_share_under_the_exact_one():
    shares = {f"{row}{col}": Fraction(col, 10) for row in "AB" for col in range(1, 6)}
    seen = {lot: Estimate(1, 4) for lot in shares}
    ax = lessons.heat_picture(C, shares, "a title", simulated=seen).axes[0]
    assert "B5\n50.0%\n(25.0%)" in {text.get_text() for text in ax.texts}


def test_the_length_picture_draws_one_histogram_a_variant():
    lengths = pd.DataFrame({"players": 3, "variant": ["auction", "auction", "market"],
                            "rounds": [12, 13, 15]})
    ax = lessons.length_plot(lengths, players=3)
    assert [text.get_text().split(":")[0] for text in ax.get_legend().get_texts()] == [
        "auction", "market"]


def test_the_heat_picture_is_saved_under_notebooks_images_when_named(tmp_path, monkeypatch):
    monkeypatch.setattr(lessons, "IMAGES", tmp_path)
    shares = {f"{row}{col}": Fraction(col, 10) for row in "AB" for col in range(1, 6)}
    lessons.heat_picture(C, shares, "a title", filename="hip_town_test.png")
    assert (tmp_path / "hip_town_test.png").read_bytes().startswith(b"\x89PNG")


def test_kept_reads_a_result_again_and_computes_again_when_a_helper_changes(tmp_path,
                                                                             monkeypatch):
    monkeypatch.setenv(cache.ENV, str(tmp_path / "cache"))

    def helper(n):
        return n * 2

    def count(n):  # the result, and when it was computed
        return helper(n) + 1, perf_counter_ns()

    first = lessons.kept(count, 3)
    assert first[0] == 7 and lessons.kept(count, 3) == first

    def helper(n):  # noqa: F811 (the helper edited: the same name, other code)
        return n * 3

    again = lessons.kept(count, 3)
    assert again[0] == 10 and again[1] != first[1] and lessons.kept(count, 3) == again


def test_resampled_measures_how_far_a_value_from_a_measured_law_moves_with_other_games():
    same = [Counter({3: 2, 5: 1})] * 40   # every game alike: resampling cannot move the mean
    spread = lessons.resampled(same, lambda law: law.mean(), draws=30, seed=1)
    assert spread.trials == 30 and spread.mean == pytest.approx(float(Fraction(11, 3)))
    assert spread.std == pytest.approx(0, abs=1e-9)
    mixed = [Counter({0: 1}), Counter({10: 1})] * 20
    assert lessons.resampled(mixed, lambda law: law.mean(), draws=200, seed=1).std > 0.3


def test_the_shortfall_picture_draws_the_true_wait_and_the_wrong_division():
    law = {1: 0.375, 2: 0.25, 3: 0.375}
    ax = lessons.shortfall_plot(law, np.array([1, 1, 2, 3, 5]), Fraction(8, 3), Fraction(32, 15))
    assert ax.get_title().startswith("Coins come in lumps: the shortfall is 8/3 rolls away")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3+"]
    assert [p.get_height() for p in ax.patches] == pytest.approx([0.4, 0.2, 0.4])


def test_the_race_picture_draws_the_first_of_several_from_one_builders_law():
    lone = {1: 0.5, 2: 0.5}
    ax = lessons.race_plot(lone, np.array([1, 1, 2]), racers=2)
    first = ax.lines[-1]
    assert list(first.get_ydata()) == pytest.approx([0.75, 0.25])   # 1 − (1 − ½)², then the rest


def test_the_gain_picture_draws_each_rival_and_the_value():
    ax = lessons.gain_plot({"a": {0: 0.0, 6: 1.0}, "b": {0: 0.0, 6: 0.5}}, value=6)
    assert len(ax.lines) == 4 and ax.lines[2].get_xdata()[0] == 6


def test_the_length_pictures_draw_one_panel_a_player_count():
    lengths = pd.DataFrame({"players": [2, 2, 3, 3], "variant": ["auction", "market"] * 2,
                            "rounds": [12, 13, 15, 14]})
    fig = lessons.length_plots(lengths)
    assert [ax.get_title() for ax in fig.axes] == ["2 players", "3 players"]


def test_resampled_tables_measures_one_costs_auctions():
    same = [(3, 5)] * 30   # every table alike: resampling cannot move the mean
    spread = lessons.resampled_tables(same, lambda law: law.mean(), draws=20, seed=1)
    assert spread.trials == 20 and spread.mean == pytest.approx(4.0)
    assert spread.std == pytest.approx(0, abs=1e-9)


def test_resampled_tables_by_game_draws_a_games_tables_together():
    tables = [(1, 1), (1, 1), (9, 9), (9, 9)]   # two games, each with its two tables alike
    by_game = lessons.resampled_tables(tables, lambda law: law.mean(), draws=200, seed=2,
                                       games=[0, 0, 1, 1])
    by_table = lessons.resampled_tables(tables, lambda law: law.mean(), draws=200, seed=2)
    assert by_game.std > by_table.std   # a game's tables move together: the wider ±


def test_the_price_picture_draws_each_model_line_under_its_title():
    model = pd.DataFrame({"a": [1.0, 2.0], "b": [1.5, 2.5]}, index=[3, 4])
    auctions = pd.DataFrame({"cost": [3, 3, 4], "price": [1, 2, 2]})
    ax = lessons.price_plot(model, auctions, title="a finding")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert ax.get_title() == "a finding" and labels[:2] == ["a", "b"]


def test_the_length_pictures_title_is_computed_from_the_games():
    longer = pd.DataFrame({"players": [2, 2, 3, 3], "variant": ["auction", "market"] * 2,
                           "rounds": [12, 13, 15, 14]})
    fig = lessons.length_plots(longer)
    assert fig._suptitle.get_text().endswith("at 1 of 2 table sizes")
    every = longer.assign(rounds=[12, 13, 14, 15])
    assert lessons.length_plots(every)._suptitle.get_text().endswith("at every table size")


def test_the_race_picture_can_draw_a_sample_of_the_same_model_and_mark_the_real_games_apart():
    lone = {1: 0.5, 2: 0.5}
    ax = lessons.race_plot(lone, np.array([1, 1, 2]), racers=2,
                           simulated="the first of 2 dealt from shuffled decks", real=1.5)
    labels = ax.get_legend_handles_labels()[1]
    assert "the first of 2 dealt from shuffled decks (3)" in labels
    assert any(label.startswith("the real game") for label in labels)
    assert list(ax.lines[-1].get_ydata()) == pytest.approx([0.75, 0.25])
