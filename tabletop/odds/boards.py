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

from tabletop.odds.dice import dice, die, doubles, odd_total, roll_pair, total
from tabletop.odds.dist import Dist
from tabletop.odds.errors import OddsError
from tabletop.odds.markov import MarkovChain, as_dist, chain_from_step

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


def landing_table(
    chain: MarkovChain, spaces: list[tuple[str, str]], exact: bool = True
) -> pd.DataFrame:
    """The long-run table of a board chain whose states start with its spaces 0..n-1.

    Extra states after the spaces (RUSH's jail lockup) get rows of kind "extra",
    named after the state.
    """
    n = len(spaces)
    if exact:
        stationary = chain.stationary()
        probability = [stationary[s] for s in chain.states]
        floats = [float(p) for p in probability]
    else:
        floats = chain.stationary_numpy().tolist()
        probability = [None] * len(floats)
    labels = spaces + [(str(s), "extra") for s in chain.states[n:]]
    frame = pd.DataFrame(
        {
            "space": list(chain.states),
            "name": [name for name, _ in labels],
            "kind": [kind for _, kind in labels],
            "probability": probability,
            "p": floats,
        }
    )
    frame["vs_uniform"] = frame["p"] * n
    return frame if exact else frame.drop(columns="probability")


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


# --- RUSH --------------------------------------------------------------------------------
HOME, JAIL, LOCKUP = 0, 9, "lockup"
_RUSH_FALLBACK = {
    "home": [0], "jail": [9], "party_time": [18], "loan_shark": [27],
    "connection": [1, 10, 19, 24, 31], "robbery": [3, 7, 12, 17, 22, 29, 33],
    "push": [5, 15, 23, 32], "chance": [2, 6, 11, 16, 21, 28, 35],
    "take_a_pill": [4, 14, 20, 30, 34], "be_a_pimp": [13, 25], "lucky_day": [8, 26],
}
"""Fallback 36-space layout (the kit's proposal) used until RUSH's content file exists."""
_RUSH_CHANCE_MOVES = {"home": 1, "jail": 2, "pill": 2, "back_3": 1}
_RUSH_CHANCE_CARDS = 32
"""Chance cards that move the drawer (of 32): to Home, to Jail, take a pill now, back 3."""


def rush_board() -> list[tuple[str, str]]:
    """The 36 spaces (name, kind): RUSH's content file when it has a ``[[board]]``
    list, else the kit's proposed layout."""
    content = read_content("rush")
    if content and "board" in content:
        return [(space["name"], space["kind"]) for space in content["board"]]
    kind_of = {s: kind for kind, spaces in _RUSH_FALLBACK.items() for s in spaces}
    return [(kind_of[s].replace("_", " ").title(), kind_of[s]) for s in range(36)]


@cache
def rush_chain(
    dice_per_move: int = 2,
    stop_at_home: bool = False,
    chance_cards: bool = True,
    bribe: bool = False,
) -> MarkovChain:
    """RUSH's loop plus a jail lockup state, one turn per step.

    A turn moves by ``dice_per_move`` dice (1 = a pill turn, where a 6 is a coma
    and the token stays). ``stop_at_home``: always stop at Home rather than pass
    it. Take a Pill spaces move the token again by the pill die; Chance cards
    may send it Home, to Jail, back 3 spaces, or on by a pill. Jail by card goes
    to lockup (or, with ``bribe``, to the visiting area); lockup is left on
    doubles (even non-doubles roll again) and moves that total. Arrests at
    Connections and robberies depend on Cop markers and are left out.
    """
    board = rush_board()
    n = len(board)
    kinds = [kind for _, kind in board]

    def go(space: int, k: int) -> int:
        return HOME if stop_at_home and space + k > n else (space + k) % n

    def pill_move(space: int) -> Dist:
        return die(6).map(lambda k: space if k == 6 else go(space, k))

    def effect(space: int) -> Dist | None:
        """Where arriving on ``space`` sends the token next (None: it rests there)."""
        if space == LOCKUP:
            return None
        if kinds[space] == "take_a_pill":
            return pill_move(space)
        if kinds[space] != "chance" or not chance_cards:
            return None
        card = {
            "home": Dist.certain(HOME),
            "jail": Dist.certain(JAIL if bribe else LOCKUP),
            "pill": pill_move(space),
            "back_3": Dist.certain((space - 3) % n),
        }
        stay = _RUSH_CHANCE_CARDS - sum(_RUSH_CHANCE_MOVES.values())
        return _mix([(Fraction(stay, _RUSH_CHANCE_CARDS), Dist.certain(space))] + [
            (Fraction(count, _RUSH_CHANCE_CARDS), card[what])
            for what, count in _RUSH_CHANCE_MOVES.items()
        ])

    settle = settling([*range(n), LOCKUP], effect)
    released = roll_pair().given(lambda r: doubles(r) or total(r) % 2 == 1)
    free = released.p(doubles)
    release_move = released.given(doubles).map(total)
    turn_roll = dice(f"{dice_per_move}d6")

    def step(state: int | str) -> Dist:
        if state == LOCKUP:
            out = release_move.map(lambda k: go(JAIL, k))
            return _mix([(1 - free, Dist.certain(LOCKUP)), (free, settle(out))])
        if dice_per_move == 1:
            return settle(pill_move(state))
        return settle(turn_roll.map(lambda k: go(state, k)))

    return chain_from_step([*range(n), LOCKUP], step)


def settling(
    places: list, effect: Callable[[object], Dist | None]
) -> Callable[[Dist], Dist]:
    """Where a token finally rests when arriving on a place can move it on again.

    ``effect(place)`` is the distribution of the next arrival (the place itself
    meaning "stays and rests here"), or ``None`` if the token simply rests
    there. Chains of effects may loop (back 3 onto a card that moves it forward
    again), so resting places are found exactly as the absorption
    probabilities of an absorbing Markov chain.
    """
    moving = {p: d for p in places if (d := effect(p)) is not None}

    def label(here: object, nxt: object) -> tuple[str, object]:
        return ("arrive", nxt) if nxt in moving and nxt != here else ("rest", nxt)

    rows = {("arrive", p): d.map(lambda q, p=p: label(p, q)) for p, d in moving.items()}
    rows.update({("rest", p): Dist.certain(("rest", p)) for p in places})
    absorption = MarkovChain.from_rows(rows).absorbing()
    rest_of = {p: Dist({r[1]: w for r, w in absorption.probabilities[("arrive", p)].items()})
               for p in moving}

    def settle(arrivals: Dist) -> Dist:
        return _mix([(w, rest_of.get(p, p)) for p, w in arrivals.items()])

    return settle


def _mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    """The mixture: with probability ``w`` the outcome is drawn from ``d``."""
    weights: dict = {}
    for w, d in parts:
        for o, p in as_dist(d).items():
            weights[o] = weights.get(o, Fraction(0)) + w * p
    return Dist(weights)


def rush_landing(
    dice_per_move: int = 2,
    stop_at_home: bool = False,
    chance_cards: bool = True,
    bribe: bool = False,
    exact: bool = True,
) -> pd.DataFrame:
    """Long-run table of RUSH's 36 spaces plus the lockup (see :func:`rush_chain`)."""
    chain = rush_chain(dice_per_move, stop_at_home, chance_cards, bribe)
    return landing_table(chain, rush_board(), exact)
