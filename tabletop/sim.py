"""Many games at once: seeded bot games, one table row per game.

``simulate("rush", games=1000, seed=1, bots="heuristic")`` plays a thousand
games with bots and returns a pandas DataFrame. Game ``i`` always gets the same
seed (derived from ``seed`` and ``i``), and its bots too, so the table is the
same on one core, on several, or on a Dask cluster.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from tabletop.bots import make_bot
from tabletop.cache import cached
from tabletop.core.errors import OptionError
from tabletop.core.play import play_to_end
from tabletop.core.registry import new_game
from tabletop.odds.parallel import chunk_sizes, run_chunks

GAMES_PER_CHUNK = 25
"""Games per unit of work handed to a worker."""
AUTO_PROGRESS = 200
"""With ``progress=None`` a bar shows from this many games on."""


def derived_seed(seed: int, *path: int) -> int:
    """A 32-bit seed that depends only on ``seed`` and ``path`` (game index, seat)."""
    return int(np.random.SeedSequence(seed, spawn_key=path).generate_state(1)[0])


def _seat_kinds(bots: str | Sequence[str], n_players: int) -> list[str]:
    if isinstance(bots, str):
        return [bots] * n_players
    kinds = list(bots)
    if len(kinds) != n_players:
        raise OptionError(f"{len(kinds)} bots were given for {n_players} players")
    return kinds


def play_one(
    name: str,
    index: int,
    seed: int,
    bots: str | Sequence[str],
    players: int | Sequence[str],
    options: dict[str, Any],
    max_steps: int,
) -> dict[str, Any]:
    """Play game number ``index`` of a study to the end; its row of the table."""
    game_seed = derived_seed(seed, index)
    game = new_game(name, players=players, seed=game_seed, **options)
    kinds = _seat_kinds(bots, len(game.players))
    seats = {
        player: make_bot(name, kind, derived_seed(seed, index, seat + 1))
        for seat, (player, kind) in enumerate(zip(game.players, kinds, strict=True))
    }
    try:
        play_to_end(game, seats, max_steps=max_steps)
    except RuntimeError as err:
        raise RuntimeError(f"game {index} (seed {game_seed}): {err}") from None
    result = game.result
    row: dict[str, Any] = {
        "game": index,
        "seed": game_seed,
        "winner": "+".join(result.winners),
        "n_winners": len(result.winners),
        "length": game.steps,
        "chance": game.chance_count,
    }
    turns = getattr(result, "turns", getattr(game, "turns", None))
    if isinstance(turns, int):
        row["turns"] = turns
    row["reason"] = result.reason
    for player, figures in result.figures.items():
        for figure, value in figures.items():
            row[f"{player}.{figure}"] = value
    return row


def _play_chunk(name, seed, bots, players, options, max_steps, sizes, index) -> list[dict]:
    first = sum(sizes[:index])
    return [
        play_one(name, first + k, seed, bots, players, options, max_steps)
        for k in range(sizes[index])
    ]


@cached(ignore=("progress", "workers", "client"))
def simulate(
    name: str,
    games: int = 1000,
    seed: int = 0,
    bots: str | Sequence[str] = "random",
    players: int | Sequence[str] = 3,
    options: dict[str, Any] | None = None,
    progress: bool | None = None,
    workers: int = 1,
    client: Any = None,
    max_steps: int = 200_000,
) -> pd.DataFrame:
    """Play ``games`` games of ``name`` with bots; one row per game.

    Columns: ``game``, ``seed``, ``winner`` (names joined by '+'), ``n_winners``,
    ``length`` (decisions), ``chance`` (chance events), ``turns`` when the game
    reports it, ``reason`` (why it ended), then ``"{player}.{figure}"`` for
    every figure of the result. ``bots`` is a kind ("random" or "heuristic")
    or one kind per seat. ``workers`` processes (0: every core) or a Dask ``client`` share the
    work without changing the table.
    """
    sizes = chunk_sizes(games, GAMES_PER_CHUNK)
    task = partial(_play_chunk, name, seed, bots, players, dict(options or {}), max_steps, sizes)
    chunks = run_chunks(
        task,
        len(sizes),
        workers=workers,
        client=client,
        progress=games >= AUTO_PROGRESS if progress is None else progress,
        desc=f"{name} games",
    )
    return pd.DataFrame([row for chunk in chunks for row in chunk])
