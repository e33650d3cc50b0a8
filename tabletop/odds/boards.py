"""Long-run landing frequencies on the kit's three loop boards.

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
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import pandas as pd

from tabletop.odds.dice import dice
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


# --- Smokers Wild ------------------------------------------------------------------------
def smokers_wild_board() -> list[tuple[str, str]]:
    """The 28 spaces (name, kind) from Smokers Wild's content file."""
    return [(space["name"], space["kind"]) for space in _content("smokers_wild")["board"]]


def _puff_moves(board: list[tuple[str, str]], smoker: bool) -> Callable[[int], Dist]:
    """Where a HAV' A PUFF landing on space ``s`` leaves the token: a card is drawn
    uniformly from the deck and its ``advance_to`` / ``advance_to_next`` effect
    (for a smoker or a non-smoker) moves the token on."""
    cards = [(card["count"], card["smoker" if smoker else "non_smoker"])
             for card in _content("smokers_wild")["puff_cards"]]
    deck_size = sum(count for count, _ in cards)

    def land(space: int) -> Dist:
        weights: dict[int, int] = {}
        for count, effect in cards:
            end = _advance_target(effect, board, space)
            weights[end] = weights.get(end, 0) + count
        return Dist({s: Fraction(w, deck_size) for s, w in weights.items()})

    return land


def _advance_target(effect: dict, board: list[tuple[str, str]], start: int) -> int:
    """The first space clockwise from ``start`` with the card's ``advance_to`` name
    or ``advance_to_next`` kind (``start`` itself when the card does not move)."""
    if "advance_to" in effect:
        field, wanted = 0, effect["advance_to"]
    elif "advance_to_next" in effect:
        field, wanted = 1, effect["advance_to_next"]
    else:
        return start
    n = len(board)
    for k in range(1, n + 1):
        if board[(start + k) % n][field] == wanted:
            return (start + k) % n
    raise OddsError(f"a HAV' A PUFF card sends the token to {wanted!r}, which is not on the board")


@cache
def smokers_wild_chain(with_puff_cards: bool = True, smoker: bool = False) -> MarkovChain:
    """Smokers Wild's 28-space loop under 2d6 moves; a HAV' A PUFF landing draws a
    card and "advance to" cards move the token on (for a smoker or a non-smoker)."""
    board = smokers_wild_board()
    n = len(board)
    puff = _puff_moves(board, smoker) if with_puff_cards else None

    def step(space: int) -> Dist:
        weights: dict[int, Fraction] = {}
        for k, p in TWO_DICE.items():
            landed = (space + k) % n
            ends = puff(landed) if puff and board[landed][1] == "puff" else Dist.certain(landed)
            for end, q in ends.items():
                weights[end] = weights.get(end, Fraction(0)) + p * q
        return Dist(weights)

    return chain_from_step(n, step)


def smokers_wild_landing(
    with_puff_cards: bool = True, smoker: bool = False, exact: bool = True
) -> pd.DataFrame:
    """Long-run landing table of Smokers Wild (see the module docstring)."""
    return landing_table(smokers_wild_chain(with_puff_cards, smoker), smokers_wild_board(), exact)
