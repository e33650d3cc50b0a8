"""Staged positions (``Game.arrange``) and the runner's recovery after a fault in the rules."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop import IllegalAction, Script
from tests.toy import Pig


def test_an_arrangement_is_part_of_the_save(pig_registered: type[Pig]) -> None:
    game = Pig(["Ann", "Bob"], seed=3)
    game.apply("no bet")
    game.arrange(score={"Ann": 25})
    loaded = tabletop.load(game.save())
    assert loaded.view()["score"] == {"Ann": 25, "Bob": 0}
    assert loaded == game
    plain = Pig(["Ann", "Bob"], seed=3)
    plain.apply("no bet")
    assert plain != game


def test_an_arranged_game_replays_its_arrangement_in_place() -> None:
    game = Pig(["Ann", "Bob"], seed=3, script=Script(dice=[6]))
    game.arrange(score={"Ann": 25})
    game.apply("no bet")
    game.apply("roll")
    game.apply("hold")
    assert game.is_over and game.result.winners == ("Ann",)
    assert game.replayed().result == game.result
    assert game.replayed(0).view()["score"]["Ann"] == 25


def test_a_bad_arrangement_is_refused_and_changes_nothing() -> None:
    game = Pig(["Ann", "Bob"], seed=3)
    before = game.save()
    for bad, message in [
        ({"score": {"Zed": 3}}, "score: 'Zed' is not a player here"),
        ({"score": {"Ann": -1}}, "Ann's score should be a whole number from 0 to"),
        ({"lives": 3}, "cannot arrange lives; it can arrange score"),
        ({"score": {"Ann": (1, 2)}}, "plain data"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            game.arrange(**bad)
        assert game.save() == before
    assert Pig.arrangeable() == {"score": "Points already banked, by player."}


def test_after_a_fault_in_the_rules_the_same_object_plays_on(
    pig_registered: type[Pig], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Faulty(Pig):
        """Pig whose rules fail once, on the first hold of the game."""

        failed = False

        def play(self):  # type: ignore[override]
            inner = super().play()
            action = None
            while True:
                try:
                    decision = inner.send(action)
                except StopIteration as stop:
                    return stop.value
                action = yield decision
                if action == "hold" and not Faulty.failed:
                    Faulty.failed = True
                    self.score[self.players[0]] += 1000
                    raise RuntimeError("an injected fault")

    from tabletop.core import registry

    monkeypatch.setattr(registry, "game_class", lambda name: Faulty)
    game = Faulty(["Ann", "Bob"], seed=5)
    game.arrange(score={"Bob": 10})
    rng = random.Random(2)
    faults = 0
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        try:
            game.apply(action)
        except RuntimeError:
            faults += 1
            game.apply(next(a for a in game.legal_actions() if a != "hold"))
        loaded = tabletop.load(game.save())
        assert game.view() == loaded.view()
        assert game.save() == loaded.save()
    assert faults == 1 and game.result is not None
