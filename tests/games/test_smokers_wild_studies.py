"""Smokers Wild's whole-game studies (tabletop/games/smokers_wild/studies.py): bot games and the
lonely walk with the real HAV' A PUFF pile, the same on any number of cores."""

from __future__ import annotations

from tabletop.games.smokers_wild import studies


def test_first_smokes_are_the_same_on_every_core():
    assert list(studies.first_smoke_moves.uncached(4, 7, rounds=3)) == list(
        studies.first_smoke_moves.uncached(4, 7, rounds=3, workers=2))


def test_a_walk_with_the_real_pile_counts_every_move_until_the_first_hook():
    waits = studies._pile_walks(7, [30], 0)
    assert len(waits) == 30 and min(waits) >= 1


def test_pile_walks_are_the_same_on_every_core():
    assert list(studies.pile_hook_waits.uncached(250, 7)) == list(
        studies.pile_hook_waits.uncached(250, 7, workers=2))
