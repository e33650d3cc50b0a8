"""Long-run landing frequencies on the kit's loop boards.

Each ``*_landing()`` function builds the board's Markov chain (where the token
rests after one move, with the game's own teleports and movement rules) and
returns one row per space: ``space``, ``name``, ``kind``, the exact long-run
share ``probability`` (a Fraction), the same as a float ``p``, and
``vs_uniform`` (p × number of spaces: 1.0 means "as often as on a plain loop").
``exact=False`` skips the Fractions and solves in numpy. Each board's chain is
built once per set of options (``*_chain`` functions are cached) and then
solved on every call.

Plain 2d6 moves on a loop visit every space exactly equally often (see
:func:`tabletop.odds.markov.ring_chain`); teleports are what bend the table.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pandas as pd

from tabletop.odds.dice import dice, odd_total, roll_pair, total
from tabletop.odds.dist import Dist
from tabletop.odds.errors import OddsError
from tabletop.odds.landing import landing_table
from tabletop.odds.markov import MarkovChain, chain_from_step

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
TWO_DICE = dice("2d6")


def read_content(game: str) -> dict | None:
    """The game's ``content.toml`` as a dict, or ``None`` while it does not exist."""
    path = GAMES_DIR / game / "content.toml"
    if not path.exists():
        return None
    with path.open("rb") as f:
        return tomllib.load(f)


def _content(game: str) -> dict:
    content = read_content(game)
    if content is None:
        raise OddsError(f"the content file of {game} is not there yet")
    return content


# --- Hitchiker -----------------------------------------------------------------------
REMINDYA = "remindya"

def hitchiker_board() -> list[tuple[str, str]]:
    """The 42 cities (name, kind) from Hitchiker's content file."""
    return [(city["name"], city["kind"]) for city in _content("hitchiker")["board"]]


@cache
def hitchiker_chain() -> MarkovChain:
    """Hitchiker's loop under 2d6 moves; a token on Remindya leaves only on an odd
    total (one roll per turn) and then moves that total."""
    board = hitchiker_board()
    n = len(board)
    stuck = {s for s, (_, kind) in enumerate(board) if kind == REMINDYA}
    escape = roll_pair().given(odd_total).map(total)
    p_odd = roll_pair().p(odd_total)

    def step(space: int) -> Dist:
        if space in stuck:
            weights = {space: 1 - p_odd}
            for k, p in escape.items():
                weights[(space + k) % n] = p_odd * p
            return Dist(weights)
        return TWO_DICE.map(lambda k: (space + k) % n)

    return chain_from_step(n, step)


def hitchiker_landing(exact: bool = True) -> pd.DataFrame:
    """Long-run landing table of Hitchiker's 42 cities (see the module docstring)."""
    return landing_table(hitchiker_chain(), hitchiker_board(), exact)
