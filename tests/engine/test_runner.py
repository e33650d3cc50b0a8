"""The runner: decisions, illegal actions, replay, undo, save and load (on a toy game)."""

from __future__ import annotations

import json
import random

import pytest

import tabletop
from tabletop import Amount, Decision, IllegalAction, OptionError, SaveError, Script
from tests.toy import Pig


def random_play(game: Pig, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


def test_one_pending_decision_until_over() -> None:
    game = Pig(["Ann", "Bob"], seed=4)
    while not game.is_over:
        assert game.decision is not None and game.legal_actions()
        if game.decision.kind == "bet":
            game.apply("no bet")
        else:
            game.apply("hold" if game.steps % 3 else "roll")
    assert game.decision is None and game.legal_actions() == []
    assert game.result.winners[0] in game.players


def test_illegal_action_changes_nothing_and_says_why() -> None:
    game = Pig(["Ann", "Bob"], seed=4)
    random_play(game, 7)
    before = game.save()
    for bad in ("dance", 15, 60, 3.5, None, ["roll"], True):
        with pytest.raises(IllegalAction, match="not allowed now"):
            game.apply(bad)
    assert game.save() == before


def test_another_players_action_is_refused() -> None:
    game = Pig(["Ann", "Bob"], seed=4)
    with pytest.raises(IllegalAction, match="Ann's decision now, not Bob's"):
        game.apply("no bet", player="Bob")
    game.apply("no bet", player="Ann")
    assert game.decision.kind == "turn"


def test_amount_off_step_or_out_of_range() -> None:
    game = Pig(["Ann", "Bob"], seed=4)
    assert game.decision.amount is not None
    for bad in (5, 15, 60, 0):
        with pytest.raises(IllegalAction, match="an amount from 10 to 50 in steps of 10"):
            game.apply(bad)
    game.apply(30)
    assert game.view("Ann")["cash"]["Ann"] == 70


def test_legal_actions_list_every_amount_of_the_range() -> None:
    """An amount decision's legal actions are its choices, then every amount of its range,
    given without laying them out (a range of tens of thousands costs nothing)."""
    game = Pig(["Ann", "Bob"], seed=4)
    legal = game.legal_actions()
    assert list(legal) == ["no bet", 10, 20, 30, 40, 50] == legal
    assert len(legal) == 6 and legal[1] == 10 and legal[-1] == 50 and legal[1:3] == [10, 20]
    assert 30 in legal and 35 not in legal and "10" not in legal and True not in legal
    assert all(game.decision.allows(action) for action in legal)
    wide = Decision("Ann", "bet", "How much?", ("all",), Amount(0, 45_000, 1)).legal_actions()
    assert len(wide) == 45_002 and wide[-1] == 45_000 and 12_345 in wide
    assert repr(wide) == "['all', 0..45000]" and wide.amounts == range(45_001)
    picks = {wide[int(k / 1000 * len(wide))] for k in range(1000)}
    assert len(picks) == 1000  # a uniform pick reaches the whole range, not a few samples


def test_action_after_the_end_is_refused() -> None:
    game = Pig(["Ann", "Bob"], seed=2, target=10)
    random_play(game, 10_000)
    assert game.is_over
    with pytest.raises(IllegalAction, match="over"):
        game.apply("roll")


def test_seed_and_actions_replay_exactly() -> None:
    game = Pig(["Ann", "Bob", "Cy"], seed=11)
    random_play(game, 200)
    again = game.replayed()
    assert again.save() == game.save()
    assert [e.text for e in again.events] == [e.text for e in game.events]


def test_undo_is_a_replay_of_fewer_actions() -> None:
    game = Pig(["Ann", "Bob"], seed=11)
    random_play(game, 20)
    earlier = game.replayed(12)
    assert earlier.actions == game.actions[:12]
    assert earlier.steps == 12


def test_scripted_dice_decide_the_outcome() -> None:
    game = Pig(["Ann", "Bob"], seed=0, script=Script(dice=[6, 6, 1]))
    game.apply("no bet")
    game.apply("roll")
    game.apply("roll")
    assert game.events[-1].data["dice"] == (6,)
    game.apply("roll")
    assert game.view(None)["score"] == {"Ann": 0, "Bob": 0}
    assert game.decision.player == "Bob"


def test_roll_event_carries_exact_probabilities() -> None:
    game = Pig(["Ann", "Bob"], seed=0, script=Script(dice=[4]))
    game.apply("no bet")
    game.apply("roll")
    roll = game.events[-1]
    assert roll.kind == "roll" and roll.data["what"] == "1d6"
    assert roll.data["probability"] == roll.data["p_total"] == tabletop.core.chance.Fraction(1, 6)


def test_view_shows_the_decision_only_to_its_player() -> None:
    game = Pig(["Ann", "Bob"], seed=0)
    assert game.view("Ann")["decision"]["choices"] == ["no bet"]
    assert game.view("Bob")["decision"] is None
    assert game.view("Bob")["waiting_for"] == "Ann"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["Ann"]}, "2 to 4 players, not 1"),
        ({"players": ["Ann", "Ann"]}, "same name"),
        ({"players": ["Ann", ""]}, "needs a name"),
        ({"players": "Ann"}, "list of names or a number"),
        ({"seed": "x"}, "seed should be a whole number"),
        ({"target": 5}, "outside 10..100"),
        ({"target": "30"}, "should be a int"),
        ({"colour": "red"}, "unknown option colour"),
    ],
)
def test_bad_set_up_is_refused(kwargs: dict, message: str) -> None:
    args = {"players": ["Ann", "Bob"], "seed": 0, **kwargs}
    with pytest.raises(OptionError, match=message):
        Pig(args.pop("players"), args.pop("seed"), **args)


def test_player_count_names_the_players() -> None:
    assert Pig(3).players == ("Player 1", "Player 2", "Player 3")


def test_save_load_round_trip(pig_registered: type[Pig]) -> None:
    game = tabletop.new_game("pig", ["Ann", "Bob"], seed=5, target=40)
    random_play(game, 50)
    text = game.save()
    loaded = tabletop.load(text)
    assert loaded == game and loaded.save() == text
    assert loaded.decision == game.decision


def test_scripted_game_saves_its_script(pig_registered: type[Pig]) -> None:
    game = tabletop.new_game("pig", ["Ann", "Bob"], seed=5, script=Script(dice=[6, 6, 6]))
    random_play(game, 6)
    assert tabletop.load(game.save()) == game


def _resign(body: dict) -> str:
    """A save edited by someone who also recomputed the checksum."""
    import hashlib

    from tabletop.core.game import canonical_json

    body = {k: v for k, v in body.items() if k != "digest"}
    body["digest"] = hashlib.sha256(canonical_json(body).encode()).hexdigest()
    return canonical_json(body)


def test_corrupt_saves_are_refused_clearly(pig_registered: type[Pig]) -> None:
    game = tabletop.new_game("pig", ["Ann", "Bob"], seed=5)
    random_play(game, 30)
    text = game.save()
    body = json.loads(text)
    cases = {
        text[: len(text) // 2]: "not complete JSON",
        "": "not complete JSON",
        "[1, 2]": "not a saved game",
        json.dumps({**body, "version": 99}): "version 99",
        text.replace('"roll"', '"hold"', 1): "changed after it was written",
        _resign({**body, "actions": [*body["actions"], "fly"]}): "move 31",
        _resign({**body, "game": "chess"}): "no game called 'chess'",
        _resign({**body, "options": {"speed": 3}}): "unknown option speed",
        _resign({**body, "players": 7}): "2 to 4 players, not 7",
    }
    for bad, message in cases.items():
        with pytest.raises(SaveError, match=message):
            tabletop.load(bad)


def test_failure_inside_the_rules_restores_the_game() -> None:
    class Fragile(Pig):
        def play(self):  # type: ignore[override]
            yield self.ask(self.players[0], "turn", "Go?", ("go", "stop"))
            action = yield self.ask(self.players[0], "turn", "Really?", ("yes", "no"))
            if action == "no":
                self.score[self.players[0]] = 99
                raise IllegalAction("You cannot say no here.")
            return (yield self.ask(self.players[1], "turn", "Done?", ("done",)))

    game = Fragile(["Ann", "Bob"])
    game.apply("go")
    before = game.save()
    with pytest.raises(IllegalAction, match="cannot say no"):
        game.apply("no")
    assert game.save() == before and game.score["Ann"] == 0
    assert game.decision.prompt == "Really?"
