"""Paired studies of full games (tabletop/paired.py): the two games of a pair share their seed
and rivals, so only the switched choice differs; the figures are the games' own."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from tabletop.bots import make_bot
from tabletop.core.errors import OptionError
from tabletop.core.game import Game
from tabletop.core.play import Bot, play_to_end
from tabletop.core.registry import new_game
from tabletop.games.smokers_wild.bots import NoQuitBot
from tabletop.odds.montecarlo import MeanEstimate
from tabletop.paired import PairedStudy, paired_study, plain
from tabletop.sim import derived_seed

GAME = "smokers_wild"


def played(seed: int, index: int, kind: str | Callable[[int], Bot]) -> Game:
    """Game ``index`` of a study played by hand: seat 0 by ``kind``, the rivals heuristic."""
    game = new_game(GAME, players=3, seed=derived_seed(seed, index))
    bots = {p: (kind if k == 0 else "heuristic") for k, p in enumerate(game.players)}
    bots = {p: make_bot(GAME, b, derived_seed(seed, index, k + 1)) if isinstance(b, str)
            else b(derived_seed(seed, index, k + 1)) for k, (p, b) in enumerate(bots.items())}
    return play_to_end(game, bots)


def won(seed: int, index: int, kind: str | Callable[[int], Bot]) -> float:
    """Seat 0's share of the win in :func:`played`'s game."""
    game = played(seed, index, kind)
    winners = game.result.winners
    return 1 / len(winners) if game.players[0] in winners else 0.0


def test_a_switch_to_the_same_bot_changes_no_game() -> None:
    study = paired_study(GAME, switched="heuristic", games=6, seed=3, workers=1)
    assert study.difference.total == 0 and study.difference.std == 0
    assert "changed nothing" in study.verdict()


def test_each_arm_is_the_games_played_with_its_bot() -> None:
    study = paired_study(GAME, switched="random", games=4, seed=5, workers=1)
    assert study.baseline.total == pytest.approx(sum(won(5, i, "heuristic") for i in range(4)))
    assert study.switched.total == pytest.approx(sum(won(5, i, "random") for i in range(4)))
    assert study.difference.total == pytest.approx(study.switched.total - study.baseline.total)


def test_a_choice_that_parts_the_pair_late_or_never_leaves_each_arm_its_own_game() -> None:
    # NoQuitBot differs from the heuristic bot only at an I QUIT card: in some games never
    # (the pair is played as one game), in others late (the switched game goes on alone)
    games = 8
    study = paired_study(GAME, switched=NoQuitBot, games=games, seed=4, workers=1)
    usual = [won(4, i, "heuristic") for i in range(games)]
    switched = [won(4, i, NoQuitBot) for i in range(games)]
    assert study.baseline.total == pytest.approx(sum(usual))
    assert study.switched.total == pytest.approx(sum(switched))
    parted = [played(4, i, "heuristic").save() != played(4, i, NoQuitBot).save()
              for i in range(games)]
    assert any(parted) and not all(parted), "the seeds should hold pairs of both kinds"


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_a_copied_bot_draws_what_the_bot_would_have_drawn_and_on_its_own(kind: str) -> None:
    # where a pair parts, the rivals are copied (copy.deepcopy, tabletop.bots._copied)
    bot = make_bot(GAME, kind, seed=3)
    bot.rng.random()
    copied = copy.deepcopy(bot)
    assert type(copied) is type(bot) and copied.rng is not bot.rng
    ahead = [copied.rng.random() for _ in range(5)]
    assert [bot.rng.random() for _ in range(5)] == ahead


def test_a_study_is_the_same_on_one_core_or_two() -> None:
    one = paired_study(GAME, switched="random", games=30, seed=7, workers=1)
    two = paired_study(GAME, switched="random", games=30, seed=7, workers=2)
    assert one == two


def test_the_verdict_gives_the_smallest_difference_an_unresolved_study_could_see() -> None:
    study = paired_study(GAME, switched="random", games=30, seed=7, workers=1)
    if study.resolved:
        assert "did better than" in study.verdict()
    else:
        seen = plain(study.detectable, study.detectable)
        assert f"finds a true difference of {seen} or more four times in five" in study.verdict()
    assert study.detectable == pytest.approx(2.8016 * study.difference.std / 30 ** 0.5, rel=1e-3)


def estimate(trials: int, mean: float, std: float) -> MeanEstimate:
    """A mean of ``trials`` values with this mean and sample standard deviation."""
    total = mean * trials
    return MeanEstimate(trials, total, std * std * (trials - 1) + total * total / trials)


def study_of(trials: int, mean: float, std: float) -> PairedStudy:
    arm = estimate(trials, 0.5, 0.5)
    return PairedStudy(baseline=arm, switched=arm, difference=estimate(trials, mean, std))


def test_the_verdict_writes_money_as_people_do_with_both_ends_to_the_same_decimals() -> None:
    # 400 pairs, mean -1,870, sd 12,000: 95% interval -1,870 -+ 1.96 * 600 = -3,046 to -694
    told = study_of(400, -1870.0, 12_000.0).verdict("A", "B", " dollars")
    assert told == ("In 400 paired games B did better than A, by 1,870 dollars a game: the "
                    "switched minus the usual is \u22121,870 dollars a game (95% interval "
                    "\u22123,046 to \u2212694).")
    # a share: both ends to three decimals, a plus sign on the positive end
    told = study_of(3000, 0.0021, 0.2).verdict()
    assert "(95% interval \u22120.005 to +0.009)" in told and "e-" not in told and "e+" not in told


def test_the_verdict_reads_its_interval_at_the_level_asked() -> None:
    study = study_of(4000, -0.012, 0.35)  # half-widths 0.0108 at 95%, 0.0143 at 99%
    assert "B did better than A" in study.verdict("A", "B")
    at_99 = study.verdict("A", "B", level=0.99)
    assert "cannot be told apart" in at_99 and "99% interval \u22120.026 to +0.002" in at_99
    assert study.detectable_at(0.99) == pytest.approx((2.5758 + 0.8416) * 0.35 / 4000 ** 0.5,
                                                      rel=1e-3)
    with pytest.raises(OptionError, match="a level is a share between 0 and 1"):
        study.verdict(level=95)


def test_a_figure_the_result_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="the result has no figure 'gold'"):
        paired_study(GAME, switched="random", games=1, seed=1, metric="gold", workers=1)
