"""Staged positions (``Game.arrange``) and the runner's recovery after a fault in the rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# -- an arrangement and the question already asked ----------------------------------------
def until(game: tabletop.Game, kind: str, seed: int = 0, steps: int = 20_000) -> tabletop.Game:
    """Random play (seeded) until a decision of ``kind`` is pending."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.decision is not None and game.decision.kind == kind:
            return game
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    raise AssertionError(f"no {kind!r} decision within {steps} moves")


def same_after_load(game: tabletop.Game) -> None:
    loaded = tabletop.load(game.save())
    assert loaded == game and loaded.decision == game.decision


def test_rush_a_pill_choice_is_asked_again_after_the_pills_are_arranged_away() -> None:
    game = tabletop.new_game("rush", players=["Ann", "Bob", "Cy"], seed=1)
    assert game.decision.kind == "turn" and "pill" in game.legal_actions()
    before = game.conserved()
    game.arrange(pills={"Ann": 0})
    # Ann starts at Home, so resting stays on offer (Rule 22); the pill does not.
    assert game.decision.player == "Ann" and list(game.legal_actions()) == ["two dice", "rest"]
    with pytest.raises(IllegalAction, match="'pill' is not allowed now"):
        game.apply("pill")
    assert game.view()["seats"][0]["pills"] == 0 and game.conserved() == before
    same_after_load(game)
    game.arrange(pills={"Ann": 2})
    assert "pill" in game.legal_actions()
    game.apply("pill")
    assert game.view()["seats"][0]["pills"] == 1 and game.conserved() == before
    same_after_load(game)


def test_rush_an_arrangement_that_leaves_no_answer_is_refused_and_changes_nothing() -> None:
    game = until(tabletop.new_game("rush", players=["Ann", "Bob", "Cy"], seed=3), "stake")
    player = game.decision.player
    before = game.save()
    with pytest.raises(IllegalAction, match=f"would leave {player} no answer to .Stake on"):
        game.arrange(money={player: 0})
    assert game.save() == before


def test_rush_pills_to_give_are_asked_again_after_the_pills_are_arranged() -> None:
    game = until(tabletop.new_game("rush", players=["Ann", "Bob", "Cy"], seed=5), "meet")
    player = game.decision.player
    assert any(a.startswith("give a pill") for a in game.legal_actions())
    game.arrange(pills={player: 0})
    assert not any(a.startswith("give a pill") for a in game.legal_actions())
    same_after_load(game)


def test_hitchiker_a_stake_follows_the_arranged_cash() -> None:
    game = until(tabletop.new_game("hitchiker", players=["Ann", "Bob", "Cy"], seed=2), "deal")
    player = game.decision.player
    step = game.decision.amount.step
    game.arrange(cash={player: 3 * step + 1})
    assert game.decision.amount.high == 3 * step
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(4 * step)
    game.apply(3 * step)
    same_after_load(game)


def test_hitchiker_a_deposit_is_asked_again_within_the_arranged_cash() -> None:
    game = until(tabletop.new_game("hitchiker", players=["Ann", "Bob", "Cy"], seed=1),
                 "deposit")
    player = game.decision.player
    game.arrange(cash={player: 1})
    assert list(game.legal_actions()) == ["all", 0]  # all of one dollar, or nothing
    game.apply("all")
    assert game.conserved() == tabletop.new_game("hitchiker", players=3).conserved()
    same_after_load(game)


def test_smokers_wild_a_bid_cannot_exceed_the_arranged_money() -> None:
    game = until(tabletop.new_game("smokers_wild", players=["Ann", "Bob", "Cy"], seed=1),
                 "bid")
    player = game.decision.player
    low = game.decision.amount.low
    game.arrange(money={player: low})
    assert game.decision.amount.high == low and len(game.legal_actions()) == 2  # pass, low
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(low + game.decision.amount.step)
    same_after_load(game)


def test_hip_town_stages_only_while_a_roll_is_asked_so_no_question_goes_stale() -> None:
    game = until(tabletop.new_game("hip_town", players=["Ann", "Bob", "Cy"], seed=0), "bid")
    player = game.decision.player
    before = game.save()
    with pytest.raises(IllegalAction, match=f"while a player is asked to roll .now {player} "
                                            "is asked to bid"):
        game.arrange(coins={player: game.decision.amount.low - 1})
    assert game.save() == before


def test_pitch_a_hand_cannot_be_arranged_once_a_card_is_asked_for() -> None:
    game = until(tabletop.new_game("pitch", players=["Ann", "Bob", "Cy"], seed=0), "play")
    player = game.decision.player
    before = game.save()
    with pytest.raises(IllegalAction, match="during the bidding"):
        game.arrange(hands={player: ["AS", "KS", "QS", "JS", "10S", "9S"]})
    assert game.save() == before and all(game.decision.allows(a) for a in game.legal_actions())


def test_an_arrangement_that_makes_a_conserved_quantity_is_refused() -> None:
    class Banked(Pig):
        """Pig whose banked points are conserved: staging a score would make points."""

        def conserved(self) -> dict[str, int]:
            return {"points": sum(self.score.values())}

    game = Banked(["Ann", "Bob"], seed=3)
    before = game.save()
    with pytest.raises(IllegalAction, match="would change points, which no move may make"):
        game.arrange(score={"Ann": 25})
    assert game.save() == before


#: What the property below arranges in each game: a number per player, from low to high.
NUMBERS = {
    "rush": [("money", 0, 300), ("pills", 0, 15), ("owed", 0, 3)],
    "hitchiker": [("cash", 0, 60_000), ("savings", 0, 60_000), ("contraband", 0, 12)],
    "smokers_wild": [("money", 0, 600)],
    "pitch": [("money", 0, 600), ("scores", -10, 20)],
    "hip_town": [("coins", 0, 30)],
}


@st.composite
def staged_games(draw: st.DrawFn) -> tuple[str, int, int, str, int, int]:
    name = draw(st.sampled_from(sorted(NUMBERS)))
    what, low, high = draw(st.sampled_from(NUMBERS[name]))
    return (name, draw(st.integers(0, 10_000)), draw(st.integers(0, 120)), what,
            draw(st.integers(0, 2)), draw(st.integers(low, high)))


@settings(max_examples=150, deadline=None)
@given(staged_games())
def test_after_any_arrangement_the_pending_question_fits_the_table(case: tuple) -> None:
    """Arrange a random number mid-game: either it is refused and nothing changes, or the
    pending decision still has answers, each of them plays without a fault and keeps every
    conserved quantity, the game plays on by the contract, and a save loads the same game."""
    name, seed, steps, what, seat, value = case
    game = tabletop.new_game(name, players=["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    if game.is_over:
        return
    before, conserved = game.save(), game.conserved()
    try:
        game.arrange(**{what: {game.players[seat]: value}})
    except IllegalAction:
        assert game.save() == before
        return
    assert game.conserved() == conserved and game.legal_actions()
    legal = game.legal_actions()
    for action in {legal[0], legal[len(legal) // 2], legal[-1]}:
        copy = tabletop.load(game.save())
        assert copy.decision == game.decision
        copy.apply(action)
        assert copy.conserved() == conserved, (what, value, action)
    for _ in range(300):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        assert game.conserved() == conserved
    assert tabletop.load(game.save()) == game
