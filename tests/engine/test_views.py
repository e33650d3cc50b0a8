"""A bot's view (tabletop.core.views.LazyView) is the player's view, made as it is read."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.core.views import LazyView


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_a_bots_view_is_the_players_view(name: str) -> None:
    game = tabletop.new_game(name, players=["Ann", "Bob", "Cy"], seed=2)
    for player in (game.decision.player, "Ann", None):
        lazy = LazyView(game, player)
        assert lazy["you"] == player and "seats" in lazy and "no such part" not in lazy
        assert lazy.get("no such part", 7) == 7
        with pytest.raises(KeyError):
            lazy["no such part"]
        view = game.view(player)
        assert lazy == view and list(lazy.items()) == list(view.items())
        assert json.dumps(LazyView(game, player), default=str) == json.dumps(view, default=str)


def test_only_the_parts_read_are_made() -> None:
    game = tabletop.new_game("pitch", players=3, seed=1)
    lazy = LazyView(game, game.decision.player)
    lazy["decision"], lazy["trump"]
    assert set(dict.keys(lazy)) == {"you", "decision", "trump"}


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("name", tabletop.GAMES)
def test_every_view_is_plain_json_data_at_every_step(name: str, kind: str) -> None:
    """Views are plain data: text keys, lists (never tuples), chances as text ("3/8"), so
    JSON gives every view back exactly, for every seat and a spectator, at every step."""
    from tabletop.bots import make_bot
    from tabletop.core.play import bot_move

    seats = ["Ann", "Bob", "Cy"]
    game = tabletop.new_game(name, players=seats, seed=4)
    bots = {p: make_bot(name, kind, seed=k) for k, p in enumerate(seats)}
    while True:
        for player in (*seats, None):
            view = game.view(player)
            assert json.loads(json.dumps(view)) == view, (game.steps, player)
            assert json.loads(json.dumps(LazyView(game, player))) == view
        if game.is_over:
            break
        game.apply(bot_move(game, bots[game.decision.player]))
