"""The heat map on the ring board (widgets/heat.py) and the waiting-time helpers
(widgets/lessons.py), driven without a browser."""

from __future__ import annotations

from fractions import Fraction

import matplotlib
import numpy as np
import pandas as pd
import pytest

from tabletop.odds import Dist, chain_from_step, dice, ring_chain
from widgets.board import Space
from widgets.heat import SCALE, HeatMap, heat_colour, percent
from widgets.lessons import hitting_times, wait_plot

matplotlib.use("Agg")


def chute_loop() -> tuple[list[tuple[str, str]], list[Fraction]]:
    """Ten spaces, 2d6 moves, a chute from space 7 back to space 2."""
    shares = ring_chain(10, dice("2d6"), teleports={7: 2}).stationary()
    return [(f"S{k}", "plain") for k in range(10)], [shares[k] for k in range(10)]


def darkness(colour: str) -> int:
    return -sum(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_scale_runs_from_light_to_dark() -> None:
    assert heat_colour(0, 0, 1) == SCALE[0] and heat_colour(1, 0, 1) == SCALE[-1]
    shades = [heat_colour(k, 0, 20) for k in range(21)]
    assert [darkness(c) for c in shades] == sorted(darkness(c) for c in shades)
    assert heat_colour(5, 5, 5) == heat_colour(1, 0, 2)  # no spread: the middle shade
    assert heat_colour(-1, 0, 1) == SCALE[0] and heat_colour(2, 0, 1) == SCALE[-1]
    assert percent(Fraction(1, 5)) == "20.0%"


def test_each_space_is_shaded_by_its_share_and_told_in_words() -> None:
    spaces, shares = chute_loop()
    heat = HeatMap(spaces, shares, title="A chute")
    fills = heat.board.fills
    assert len(fills) == 10
    assert fills[2] == SCALE[-1] and fills[7] == SCALE[0]  # the chute's foot, the chute
    assert darkness(fills[9]) > darkness(fills[4])
    lines = heat.describe()
    assert lines[0] == ("A chute: each space is shaded by the share of moves that end there, "
                        "from 0.0% (lightest) to 20.0% (darkest).")
    assert lines[1] == "On a plain loop every space would get 10.0%."
    assert lines[2].startswith("Most often: space 2, S2 (20.0%, 2.00 times the plain share); "
                               "space 9, S9")
    assert lines[3].startswith("Least often: space 7, S7 (0.0%, 0.00 times the plain share)")
    assert "Most often: space 2, S2" in heat.words.value
    assert heat.errors.widget.value == ""
    assert "application/vnd.jupyter.widget-view+json" in heat._repr_mimebundle_()


def test_new_shares_redraw_the_same_board_and_plain_can_be_left_out() -> None:
    spaces, shares = chute_loop()
    heat = HeatMap(spaces, shares, plain=None, what="the share of landings")
    assert not any("plain" in line for line in heat.describe())
    heat.update([Fraction(1, 10)] * 10)
    assert heat.board.fills[0] == heat.board.fills[9]
    assert "from 10.0% (lightest) to 10.0% (darkest)" in heat.words.value
    assert "the share of landings" in heat.words.value


def test_a_long_title_is_wrapped_to_state_the_finding() -> None:
    spaces, shares = chute_loop()
    title = "Where moves end on a loop of ten with a chute: the foot of the chute is the hottest"
    heat = HeatMap(spaces, shares, title=title, size=400)
    assert heat.errors.widget.value == ""
    assert heat.describe()[0].startswith(title + ": each space is shaded by")


def test_bad_shares_are_refused_with_a_reason() -> None:
    spaces, shares = chute_loop()
    with pytest.raises(ValueError, match="9 shares for a board of 10 spaces"):
        HeatMap(spaces, shares[:9])
    with pytest.raises(ValueError, match=r"the share of space 3 is -0\.1"):
        HeatMap(spaces, [0.1, 0.1, 0.1, -0.1, *[0.1] * 6])
    with pytest.raises(ValueError, match="space 0 is nan"):
        HeatMap(spaces, [float("nan"), *[0.1] * 9])


def test_a_landing_table_is_drawn_without_its_extra_states() -> None:
    table = pd.DataFrame({
        "space": [0, 1, 2, "lockup"], "name": ["Go", "Lane", "Jail", "lockup"],
        "kind": ["start", "street", "jail", "extra"], "p": [0.2, 0.3, 0.1, 0.4],
    })
    heat = HeatMap.of_table(table, {"jail": "#000000"}, title="Board")
    assert heat.spaces == [Space("Go", "start"), Space("Lane", "street"), Space("Jail", "jail")]
    assert heat.shares == [0.2, 0.3, 0.1]
    assert heat.board.colours == {"jail": "#000000"}
    assert heat.describe()[2].startswith("Most often: space 1, Lane (30.0%")


def test_hitting_times_count_the_moves_until_a_trap() -> None:
    straight = chain_from_step(3, lambda s: min(s + 1, 2))  # 0 -> 1 -> 2, and 2 stays
    rng = np.random.default_rng(1)
    assert hitting_times(straight, rng, 5, start=0).tolist() == [2] * 5
    assert hitting_times(straight, rng, 3, start=2).tolist() == [0] * 3
    third = Fraction(1, 3)
    wait = chain_from_step(["trying", "free"], lambda s: s if s == "free"
                           else Dist({"free": third, "trying": 1 - third}))
    times = hitting_times(wait, np.random.default_rng(7), 100_000, start="trying")
    assert abs(times.mean() - 3) < 0.05 and times.min() == 1
    with pytest.raises(ValueError, match="still moving after 3 moves"):
        hitting_times(wait, np.random.default_rng(7), 1_000, start="trying", limit=3)


def test_the_wait_plot_draws_exact_over_simulated_with_median_and_mean() -> None:
    exact = {k: Fraction(2, 3) ** (k - 1) / 3 for k in range(1, 20)}
    times = np.random.default_rng(3).geometric(1 / 3, size=10_000)
    ax = wait_plot(exact, times, "Three attempts on average", "attempts", mean=3)
    labels = ax.get_legend_handles_labels()[1]
    assert labels == ["exact", "median 2", "mean 3.00", "simulated (10,000 tokens)"]
    assert ax.get_title() == "Three attempts on average" and ax.get_xlabel() == "attempts"


def test_the_wait_plot_can_mark_nine_in_ten_shade_a_tail_and_stop_early() -> None:
    exact = {k: Fraction(2, 3) ** (k - 1) / 3 for k in range(1, 40)}
    times = np.random.default_rng(3).geometric(1 / 3, size=10_000).astype(float)
    ax = wait_plot(exact, times, "A long wait", "attempts", marks=(0.5, 0.9), tail=10, upto=15)
    labels = ax.get_legend_handles_labels()[1]
    assert labels[:3] == ["exact", "median 2", "90% done by 6"]
    assert "more than 10: 0.017" in labels
    assert ax.get_xlim() == (0.5, 15.5)
    with pytest.raises(ValueError, match="whole numbers"):
        wait_plot(exact, times + 0.5, "Halves", "attempts")
    with pytest.raises(ValueError, match="less than the 90% to mark"):
        wait_plot({1: Fraction(1, 3), 2: Fraction(2, 9)}, times, "Short", marks=(0.5, 0.9))
