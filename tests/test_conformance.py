"""DESIGN.md's conformance harness: every game in tabletop.GAMES, played to the end by
random and heuristic bots from many seeds, checked after every move."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.core.play import bot_move

SEATS = ["Ann", "Bob", "Cy"]
RANDOM_SEEDS = range(6)
HEURISTIC_SEEDS = range(3)
MAX_MOVES = 100_000


class Nonsense:
    """An action no game can accept."""


def check_game(name: str, seed: int, kind: str) -> None:
    game = tabletop.new_game(name, players=SEATS, seed=seed)
    bots = {p: make_bot(name, kind, seed=seed + k) for k, p in enumerate(SEATS)}
    conserved = game.conserved()
    for move in range(MAX_MOVES):
        if game.is_over:
            break
        assert game.decision is not None, "not over, yet nothing is asked"
        legal = game.legal_actions()
        assert legal, f"{game.decision} offers no legal action"
        if move % 25 == 0:
            before = game.save()
            for bad in (Nonsense(), "no such move", -1, 10**12):
                if bad in legal:
                    continue
                with pytest.raises(tabletop.IllegalAction):
                    game.apply(bad)
            assert game.save() == before, "a refused action changed the game"
        if move & (move - 1) == 0:
            text = game.save()
            assert tabletop.load(text).save() == text
        action = bot_move(game, bots[game.decision.player])
        assert game.decision.allows(action), f"the bot chose {action!r}, which is not allowed"
        game.apply(action)
        assert game.conserved() == conserved, f"after move {move} ({action!r})"
    else:
        pytest.fail(f"{name} seed {seed} did not end within {MAX_MOVES} moves")
    assert game.decision is None and game.legal_actions() == []
    result = game.result
    assert result is not None and result.reason
    assert set(result.winners) <= set(result.ranking) and result.winners
    assert game.replayed().save() == game.save(), "the seed and actions do not replay"
    assert tabletop.load(game.save()) == game


@pytest.mark.parametrize("name", tabletop.GAMES)
@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_bots_play_by_the_contract(name: str, seed: int) -> None:
    check_game(name, seed, "random")


@pytest.mark.parametrize("name", tabletop.GAMES)
@pytest.mark.parametrize("seed", HEURISTIC_SEEDS)
def test_heuristic_bots_play_by_the_contract(name: str, seed: int) -> None:
    check_game(name, 100 + seed, "heuristic")


def test_every_game_is_listed_and_loads() -> None:
    assert tabletop.GAMES, "no game is installed"
    for name in tabletop.GAMES:
        assert tabletop.new_game(name, players=SEATS).players == tuple(SEATS)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_every_game_can_stage_a_position_and_refuses_a_bad_one(name: str) -> None:
    game = tabletop.new_game(name, players=SEATS, seed=1)
    staged = type(game).arrangeable()
    assert staged and all(staged.values()), f"{name} offers nothing to arrange, or no help"
    before = game.save()
    for what in staged:
        with pytest.raises(tabletop.IllegalAction):
            game.arrange(**{what: {"Nobody": Nonsense.__name__}})
        assert game.save() == before, f"a refused arrangement of {what} changed the game"


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_every_game_reads_a_house_edition_and_refuses_a_broken_one(
    name: str, tmp_path: Path
) -> None:
    from tabletop.core.content import content_path

    house = tmp_path / "house.toml"
    house.write_text(content_path(name).read_text(encoding="utf-8"), encoding="utf-8")
    assert tabletop.new_game(name, players=SEATS, content=str(house)).options["content"]
    house.write_text("[edition\nbroken", encoding="utf-8")
    with pytest.raises(tabletop.ContentError, match=r"house\.toml"):
        tabletop.new_game(name, players=SEATS, content=str(house))
