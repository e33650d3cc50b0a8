"""Checkpoints (tabletop.core.checkpoint): a game copied where a turn begins plays on from
there exactly as the original did, for every game."""

from __future__ import annotations

import json
import random

import pytest

import tabletop
from tabletop.core.checkpoint import Checkpoint
from tabletop.core.game import Game
from tests.toy import Pig

#: Options that keep a random game short enough to replay from each of its turns.
SHORT = {"hitchiker": {"max_turns": 60}, "rush": {"max_rounds": 25},
         "smokers_wild": {"max_turns": 25}, "hip_town": {"max_rounds": 15}}


def shown(game: Game) -> tuple[str, list]:
    """Everything a game shows: every player's view, a spectator's, the legal actions."""
    views = [game.view(p) for p in (*game.players, None)]
    return json.dumps(views, default=str, sort_keys=True), list(game.legal_actions()[:50])


def played(name: str) -> tuple[Game, list[tuple[int, Checkpoint]], list[tuple[str, list]]]:
    """A seeded random game with a checkpoint at every turn (and how many moves were made
    before it), and what the game showed after each move."""
    game = tabletop.new_game(name, players=3, seed=5, **SHORT.get(name, {}))
    checkpoints = []
    game.at_turn = lambda g: checkpoints.append((g.steps, Checkpoint(g)))
    rng = random.Random(3)
    seen = [shown(game)]
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        seen.append(shown(game))
    return game, checkpoints, seen


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_a_game_resumed_where_any_turn_begins_plays_on_as_the_original(name: str) -> None:
    """Resumed from its checkpoint at each turn of a seeded random game and given the same
    later moves, a game shows the same views and legal actions after every move up to the
    next turn, and ends with the same views and result."""
    original, checkpoints, seen = played(name)
    assert len({moves for moves, _ in checkpoints}) > 3  # checkpoints all through the game
    ends = [moves for moves, _ in checkpoints[1:]] + [original.steps]
    for (moves, checkpoint), end in zip(checkpoints, ends, strict=True):
        game = checkpoint.resume()
        for k in range(moves, original.steps):
            if k <= end:
                assert shown(game) == seen[k], (name, moves, k)
            game.apply(original.actions[k])
        assert shown(game) == seen[-1] and game.result == original.result


def test_a_checkpoint_leaves_out_the_log_and_the_moves() -> None:
    """What grows with the history is not copied: a resumed game's log and moves hold only
    what happened after its checkpoint."""
    original, checkpoints, _ = played("rush")
    moves, checkpoint = checkpoints[-1]
    game = checkpoint.resume()
    assert moves > 50 and game.steps == 0 and len(game.events) < len(original.events) // 5


def test_a_game_whose_chance_came_from_a_draw_hook_resumes_only_with_one() -> None:
    """Its seed never decided anything, so a checkpoint does not keep it: resuming such a
    game without a draw hook is refused."""
    game = tabletop.new_game("pitch", players=3, draw=lambda n, what: 0)
    taken = []
    game.at_turn = lambda g: taken.append(Checkpoint(g))
    while not taken:
        game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="draw hook"):
        taken[0].resume()


def test_a_game_without_rounds_cannot_be_checkpointed() -> None:
    """Only a game whose order of play resumes from its attributes (``rounds``) can."""
    with pytest.raises(TypeError, match="rounds"):
        Checkpoint(Pig(["Ann", "Bob"]))
