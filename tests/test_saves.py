"""Games saved before a change of the engine give the same tables after it.

tests/saves/ holds, per game, saves of seeded random and heuristic bot games (one with
positions staged by ``arrange``) and what each game showed at its end, recorded by
``python -m tools.record_saves``. Loading a save must give the same spectator's view,
result and events; the same bots from the same seeds must play the same game again.
"""

from __future__ import annotations

import json

import pytest

import tabletop
from tools.record_saves import FOLDER, play, table

CASES = sorted(p.stem for p in FOLDER.glob("*.save"))


def test_every_game_has_saves() -> None:
    assert {c.split("-")[0] for c in CASES} >= set(tabletop.GAMES)
    assert any(c.split("-")[1] == "arranged" for c in CASES)


@pytest.mark.parametrize("case", CASES)
def test_a_loaded_save_gives_the_recorded_table(case: str) -> None:
    text = (FOLDER / f"{case}.save").read_text(encoding="utf-8").strip()
    recorded = json.loads((FOLDER / f"{case}.json").read_text(encoding="utf-8"))
    game = tabletop.load(text)
    assert game.is_over
    shown = table(game)
    assert shown["result"] == recorded["result"]
    assert shown["view"] == recorded["view"]
    assert shown["events"] == recorded["events"]
    assert game.save() == text


@pytest.mark.parametrize("case", CASES)
def test_the_same_bots_play_the_same_game(case: str) -> None:
    recorded = json.loads((FOLDER / f"{case}.json").read_text(encoding="utf-8"))
    name = case.split("-")[0]
    arranged = [(step, changes) for step, changes in recorded["arranged"]]
    game = play(name, recorded["bots"], recorded["seed"], arranged)
    assert game.save() == (FOLDER / f"{case}.save").read_text(encoding="utf-8").strip()
