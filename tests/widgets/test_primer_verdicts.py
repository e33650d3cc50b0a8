"""widgets.primer's verdict wording: the sentence follows the interval, never the other way."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop.odds import MeanEstimate
from widgets.primer import (
    full_game_words,
    gap_words,
    jack_verdict,
    leaves_zero_out,
    model_against_games,
    quit_verdict,
    same_price_direction,
    status_split_words,
    wins_words,
)


def values(*xs: float) -> MeanEstimate:
    return MeanEstimate(len(xs), sum(xs), sum(x * x for x in xs))


BELOW, ABOVE, ACROSS = values(-2, -2.1, -1.9), values(2, 2.1, 1.9), values(-3, 3, 0.1)


def test_an_interval_leaves_zero_out_only_when_it_lies_on_one_side() -> None:
    assert leaves_zero_out(BELOW) and leaves_zero_out(ABOVE) and not leaves_zero_out(ACROSS)


def test_the_jack_verdict_follows_the_sign_of_its_intervals() -> None:
    rows = {1: BELOW, 2: ACROSS}
    assert jack_verdict(BELOW, [1.0], rows)[0] == "cost her"
    assert jack_verdict(ABOVE, [1.0], rows)[0] == "brought her"
    assert "cannot resolve" in jack_verdict(ACROSS, [1.0], rows)[0]
    advice = jack_verdict(BELOW, [1.0], rows)[1]
    assert advice.startswith("name the best suit when the Jack's suit is 1 card long")
    assert "at 2 cards the deals cannot tell" in advice and "the better it did" in advice
    assert "name the Jack's suit when it is 3 cards" in jack_verdict(ABOVE, [1.0], {3: ABOVE})[1]
    assert "no break-even" in jack_verdict(BELOW, [1.0], {1: BELOW, 2: BELOW})[1]
    assert "never flips" in jack_verdict(BELOW, [2.0, 0.5], rows)[1]
    assert "already flips" in jack_verdict(BELOW, [2.0, -0.5], rows)[1]


def test_the_quit_verdict_names_the_detectable_difference_when_open() -> None:
    open_study = SimpleNamespace(resolved=False, detectable=0.021, difference=ACROSS)
    assert "0.021" in quit_verdict(open_study) and "open" in quit_verdict(open_study)
    assert "so try" in quit_verdict(SimpleNamespace(resolved=True, difference=BELOW))
    assert "so pass" in quit_verdict(SimpleNamespace(resolved=True, difference=ABOVE))


def test_lesson_7s_words_follow_the_intervals() -> None:
    assert same_price_direction(ABOVE).startswith("agree")
    assert same_price_direction(BELOW).startswith("disagree")
    assert "do not resolve" in same_price_direction(ACROSS)
    assert "holds zero" in model_against_games(ACROSS)
    assert "too high" in model_against_games(ABOVE) and "too low" in model_against_games(BELOW)
    assert "not settled" in wins_words(ACROSS) and "leaves zero out" in wins_words(ABOVE)
    assert status_split_words({"a": ACROSS}).startswith("No row")
    assert "a, fewer landings" in status_split_words({"a": ABOVE, "b": ACROSS})


def test_a_gap_in_words_says_its_side_and_where_the_model_lies() -> None:
    assert "on the DOCTOR's side, and below the model's" in gap_words(ABOVE, 5.0)
    assert "on the LAWYER's side, and above the model's" in gap_words(BELOW, -5.0)
    assert "holding zero, and holding the model's figure" in gap_words(ACROSS, 0.0)
    assert "−K2" in gap_words(BELOW, 0.0)


def test_the_full_games_words_name_only_the_rows_they_resolve() -> None:
    assert full_game_words({"a": ACROSS}).startswith("No row")
    words = full_game_words({"a": ABOVE, "b": ACROSS, "c": BELOW})
    assert "a, more landings" in words and "c, fewer landings" in words and "b," not in words
