"""Paired studies of full games (tabletop/paired.py): the two games of a pair share their seed
and rivals, so only the switched choice differs; the figures are the games' own."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot
from tabletop.core.errors import OptionError
from tabletop.core.play import play_to_end
from tabletop.core.registry import new_game
from tabletop.paired import paired_study
from tabletop.sim import derived_seed

GAME = "smokers_wild"


def won(seed: int, index: int, kind: str) -> float:
    """Game ``index`` of a study played by hand: seat 0 by ``kind``, the rivals heuristic."""
    game = new_game(GAME, players=3, seed=derived_seed(seed, index))
    bots = {p: make_bot(GAME, kind if k == 0 else "heuristic", derived_seed(seed, index, k + 1))
            for k, p in enumerate(game.players)}
    play_to_end(game, bots)
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


def test_a_study_is_the_same_on_one_core_or_two() -> None:
    one = paired_study(GAME, switched="random", games=30, seed=7, workers=1)
    two = paired_study(GAME, switched="random", games=30, seed=7, workers=2)
    assert one == two


def test_the_verdict_gives_the_smallest_difference_an_unresolved_study_could_see() -> None:
    study = paired_study(GAME, switched="random", games=30, seed=7, workers=1)
    if study.resolved:
        assert "did better than" in study.verdict()
    else:
        assert f"a difference of {study.detectable:.2g} or more would have shown" in study.verdict()
    assert study.detectable == pytest.approx(2.8016 * study.difference.std / 30 ** 0.5, rel=1e-3)


def test_a_figure_the_result_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="the result has no figure 'gold'"):
        paired_study(GAME, switched="random", games=1, seed=1, metric="gold", workers=1)
