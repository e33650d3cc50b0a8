"""The Hip Town walkthrough's helpers: the heat map saved as a PNG beside the live board, a
count built in view kept in the cache, the policy differences in words, the reading times."""

from __future__ import annotations

from fractions import Fraction
from time import perf_counter_ns

import ipywidgets
import matplotlib
import pandas as pd
import pytest

matplotlib.use("Agg")

from tabletop import cache
from tabletop.core.content import game_content
from tabletop.games.hip_town.content import build
from widgets import landing
from widgets.hip_town import lessons

C = game_content("hip_town", build)


def test_the_heat_picture_draws_every_lot_where_the_board_has_it_with_its_share():
    shares = {f"{row}{col}": Fraction(col, 10) for row in "AB" for col in range(1, 6)}
    fig = lessons.heat_picture(C, shares, "a title")
    ax = fig.axes[0]
    labels = {text.get_text(): text.get_position() for text in ax.texts}
    assert len(ax.patches) == C.lots and labels["B5\n50.0%"] == (4.48, 1.46)
    assert ax.get_title() == "a title"


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


def comparison(won: tuple[float, float, float], points: tuple[float, float, float]):
    return pd.DataFrame({"_won": [won], "_hip_points": [points]}, index=["coins"])


def test_a_policy_difference_is_told_when_its_interval_leaves_out_zero():
    words = lessons.difference_words(comparison((-0.057, -0.031, 0.018), (0, 0, 0)), "coins")
    assert words == ("wins 4.4 fewer games in 100 than the kit rule (99% interval 3.1 to 5.7)")
    words = lessons.difference_words(comparison((0, 0, 0), (0.1, 0.5, 0.2)), "coins",
                                     "hip_points")
    assert words.startswith("scores 0.30 more Hip Points a game than the kit rule")


def test_a_policy_difference_not_told_gives_the_smallest_that_would_have_shown():
    words = lessons.difference_words(comparison((-0.039, 0.015, 0.036), (0, 0, 0)), "coins")
    assert words == ("cannot be told from the kit rule in games won: a difference of 3.6 "
                     "games in 100 would have shown")


def test_the_policy_picture_draws_each_difference_with_its_interval_and_names_who_is_behind():
    table = pd.concat([comparison((-0.057, -0.031, 0.018), (-1.5, -0.84, 0.3)).rename(
        index={"coins": "property"}), comparison((-0.039, 0.015, 0.036), (-1.7, -0.08, 0.6))])
    fig = lessons.policy_plot(table)
    won, points = fig.axes
    assert [t.get_text() for t in won.get_yticklabels()] == ["property", "coins"]
    centres = won.lines[0].get_xdata()
    assert list(centres) == pytest.approx([-4.4, -1.2])
    assert "behind the kit rule in games won: property (99% intervals)" in fig._suptitle.get_text()
    assert list(points.lines[0].get_xdata()) == pytest.approx([-1.17, -0.89])


def test_the_cap_picture_says_from_where_every_cap_gains_the_best():
    gains = {6: {3: Fraction(0), 4: Fraction(1, 5), 5: Fraction(7, 10), 6: Fraction(7, 10)},
             3: {1: Fraction(0), 2: Fraction(1, 6), 3: Fraction(1, 6)}}
    ax = lessons.cap_gain_plot(gains)
    assert ax.get_title().startswith("Every cap from 1 HC below the value up gains the best")
    assert list(ax.lines[0].get_xdata()) == [-2, -1, 0]   # cost 3 first, drawn from its value
    gains[3][2] = Fraction(0)   # the latest card to reach its best sets the title
    assert lessons.cap_gain_plot(gains).get_title().startswith("Every cap from the value up")
    gains[3][4] = Fraction(1, 3)
    assert lessons.cap_gain_plot(gains).get_title().startswith("Every cap from 1 HC above")


def test_the_reading_times_are_the_landing_pages_part_by_part():
    parts = lessons.part_minutes()
    counted = landing.part_minutes(lessons.WALKTHROUGH)
    assert set(parts) >= {p for p in counted if p[0].isdigit()}
    assert abs(sum(parts.values()) - sum(counted.values())) <= len(parts) / 2
    assert lessons.reading_minutes() == landing.reading_minutes(lessons.WALKTHROUGH)


def test_play_here_builds_the_app_only_when_the_button_is_pressed():
    built = []

    class App:
        def __init__(self):
            built.append(self)
            self.widget = ipywidgets.Label("the game")

    box = lessons.play_here(App)
    assert built == [] and box.children[0].description == "Play Hip Town here"
    box.children[0].click()
    assert len(built) == 1 and box.children == (built[0].widget,)
