"""Record the saved games of tests/saves/: seeded bot games of every game and their tables.

    PYTHONPATH=. python -m tools.record_saves

Each case is a save text (``<game>-<case>.save``) and what the game showed at its end
(``<game>-<case>.json``: the spectator's view, the result, every event, and how the bots
were seeded). tests/test_saves.py loads the saves and replays the bots, and checks that
the kit still gives the same tables. Re-record only when a rule changes on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bots import make_bot
from tabletop.core.game import Game
from tabletop.core.play import bot_move

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "saves"
SEATS = ["Ann", "Bob", "Cy"]

#: Positions staged in the "arranged" case: (answered decisions, changes), per game.
ARRANGED: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "hitchiker": [(0, {"cash": {"Ann": 30000, "Bob": 20000}}), (12, {"misses_turn": {"Cy": True}})],
    "smokers_wild": [(0, {"money": {"Ann": 900}}), (12, {"lifeometer": {"Bob": 8}})],
    "hip_town": [(0, {"coins": {"Ann": 25}}), (12, {"coins": {"Cy": 5}})],
    "pitch": [(0, {"scores": {"Ann": 5}}), (12, {"money": {"Bob": 75}})],
    "rush": [(0, {"money": {"Ann": 60}}), (12, {"pills": {"Bob": 3}})],
}
#: The cases: name, bots, seed.
CASES = [("random-1", "random", 1), ("random-2", "random", 2),
         ("heuristic-3", "heuristic", 3), ("arranged-4", "heuristic", 4)]


def plain(data: Any) -> Any:
    """``data`` as JSON would give it back (tuples as lists, Fractions as text)."""
    return json.loads(json.dumps(data, default=str))


def table(game: Game) -> dict[str, Any]:
    """What is compared: the spectator's view, the result and every event."""
    result = game.result
    return plain({
        "view": game.view(None),
        "result": None if result is None else {
            "winners": result.winners, "ranking": result.ranking,
            "reason": result.reason, "figures": result.figures,
        },
        "events": [[e.kind, e.player, e.text, e.data] for e in game.events],
    })


def bot_seeds(seed: int) -> list[int]:
    return [seed * 10 + k for k in range(len(SEATS))]


def play(name: str, kind: str, seed: int, arranged: list[tuple[int, dict[str, Any]]]) -> Game:
    """The game of one case, played by seeded bots to the end."""
    game = tabletop.new_game(name, players=SEATS, seed=seed)
    bots = {p: make_bot(name, kind, s) for p, s in zip(SEATS, bot_seeds(seed), strict=True)}
    while not game.is_over:
        for step, changes in arranged:
            if step == game.steps:
                game.arrange(**changes)
        game.apply(bot_move(game, bots[game.decision.player]))
    return game


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name in tabletop.GAMES:
        for case, kind, seed in CASES:
            arranged = ARRANGED[name] if case.startswith("arranged") else []
            game = play(name, kind, seed, arranged)
            stem = FOLDER / f"{name}-{case}"
            stem.with_suffix(".save").write_text(game.save() + "\n", encoding="utf-8")
            record = {"bots": kind, "seed": seed, "bot_seeds": bot_seeds(seed),
                      "arranged": arranged, **table(game)}
            stem.with_suffix(".json").write_text(
                json.dumps(plain(record), indent=None, sort_keys=True) + "\n", encoding="utf-8")
            print(f"{stem.name}: {game.steps} moves, {len(game.events)} events")


if __name__ == "__main__":
    main()
