"""The second way to RUSH's lesson models: each exact value of :mod:`.odds` drawn at random with
seeded numpy generators, playing the rule with dice, independently of the chains that compute
it (a sampler here plays no whole game, except :func:`bot_game_rounds`, which measures how long
a game of bots lasts for the pill race's urgency).

Each sampler names the exact value it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np

import tabletop
from tabletop.bots import make_bot
from tabletop.cache import cached
from tabletop.core.play import play_to_end
from tabletop.odds import MarkovChain
from tabletop.odds.parallel import chunk_seed, chunk_sizes, run_chunks

from .content import DIE_FACES as FACES
from .content import Content
from .odds import LOCKUP, SENSES


# -- the pill die and the senses (odds.pill_risk, odds.pills_to_lose_all, odds.road_to_the_top)
def pill_faces(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` throws of the pill die (odds.pill_risk)."""
    return rng.integers(1, FACES + 1, size=n)


@cached
def pills_until_senseless(rng: np.random.Generator, n: int) -> np.ndarray:
    """For ``n`` players taking pill after pill (a coma costs nothing here): the pills taken
    until all five senses are face down (odds.pills_to_lose_all)."""
    up = np.ones((n, SENSES), dtype=bool)
    pills = np.zeros(n, dtype=np.int64)
    while up.any():
        going = up.any(axis=1)
        face = pill_faces(rng, n)
        pills += going
        hit = going & (face <= SENSES)
        up[hit, face[hit] - 1] = False
    return pills


@cached
def down_at_first_coma(rng: np.random.Generator, n: int) -> np.ndarray:
    """Senses face down when the first coma comes (5: dead before any coma;
    odds.lost_at_first_coma)."""
    up = np.ones((n, SENSES), dtype=bool)
    done = np.zeros(n, dtype=bool)
    while not done.all():
        face = pill_faces(rng, n)
        done |= face == FACES
        hit = ~done & (face <= SENSES)
        up[hit, face[hit] - 1] = False
        done |= ~up.any(axis=1)
    return SENSES - up.sum(axis=1)


@cached
def road_to_the_top(rng: np.random.Generator, n: int, pills: int) -> tuple[np.ndarray, ...]:
    """``pills`` pills in a row (a coma costs nothing here): senses face down at the end, and
    whether no 6 came (odds.road_to_the_top)."""
    face = rng.integers(1, FACES + 1, size=(n, pills))
    up = np.ones((n, SENSES), dtype=bool)
    for k in range(pills):
        hit = face[:, k] <= SENSES
        up[hit, face[hit, k] - 1] = False
    return SENSES - up.sum(axis=1), (face < FACES).all(axis=1)


# -- the coma track (odds.coma_outlook, odds.climb) -------------------------------------------
def coma_turns(rng: np.random.Generator, steps: Sequence[int], awake: int, up: int,
               fastest: bool = True) -> tuple[bool, int, int]:
    """One coma from the darkest step with ``up`` senses face up, played with the coma die
    (``steps``: what each face does; odds.coma_outlook): whether the player wakes, after how
    many turns, and with how many senses face up."""
    where, turns = 0, 0
    while True:
        turns += 1
        change = steps[rng.integers(FACES)]
        if change < 0:
            where, up = max(0, where + change), up - 1
            if up == 0:
                return False, turns, 0
        else:
            where += change if fastest else 1
            if where >= awake:
                return True, turns, up


def climb(rng: np.random.Generator, content: Content, pills: int,
          up: int = SENSES) -> tuple[bool, int, int]:
    """``pills`` pills in a row, comas included (odds.climb): a 1 to 5 on the pill die turns
    that sense down if it is up (the senses numbered so the ones up come first), a 6 is a coma
    played out on the coma die. Whether the player reaches the top alive, the senses face up
    then, and the coma turns on the way."""
    in_coma = 0
    for _ in range(pills):
        face = int(rng.integers(1, FACES + 1))
        if face == FACES:
            woke, turns, up = coma_turns(rng, content.coma_steps, content.awake, up)
            in_coma += turns
            if not woke:
                return False, 0, in_coma
        elif face <= up:
            up -= 1
            if up == 0:
                return False, 0, in_coma
    return True, up, in_coma


# -- Cops and the lockup (odds.caught_within, odds.lockup_release, odds.release_move) ---------
def deals_until_caught(rng: np.random.Generator, n: int, most: int = 12) -> np.ndarray:
    """Deals at a place with no Cop yet until the Cop die catches the dealer (each deal that
    gets away adds a Cop; odds.caught_within, odds.deals_before_arrest)."""
    deals = np.full(n, most + 1)
    for cops in range(most):
        caught = (rng.integers(1, FACES + 1, size=n) <= cops) & (deals > most)
        deals[caught] = cops + 1
    return deals


def lockup_turns(rng: np.random.Generator) -> int:
    """Lockup turns until release: doubles free you, an odd total ends the turn, another even
    total rolls again (odds.lockup_turns)."""
    return lockup_exit(rng)[0]


def lockup_exit(rng: np.random.Generator) -> tuple[int, int]:
    """One stay in the lockup: the turns until release and the move the doubles give
    (odds.lockup_turns, odds.release_move)."""
    turns = 1
    while True:
        a, b = (int(x) for x in rng.integers(1, FACES + 1, size=2))
        if a == b:
            return turns, a + b
        if (a + b) % 2:
            turns += 1


# -- Lucky Day and the board (odds.bet_value, odds.return_time, odds.visits) ------------------
def bet_gains(rng: np.random.Generator, n: int, total: int, pays: int) -> np.ndarray:
    """What ``n`` bets of 1 on ``total`` gain, at ``pays`` to 1 (odds.bet_value)."""
    thrown = rng.integers(1, FACES + 1, size=n) + rng.integers(1, FACES + 1, size=n)
    return np.where(thrown == total, pays, -1)


def _walk(cumulative: np.ndarray, where: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = rng.random(len(where))
    return (u[:, None] >= cumulative[where]).sum(axis=1)


def _cumulative(chain: MarkovChain) -> np.ndarray:
    cumulative = np.cumsum(chain.to_numpy(), axis=1)
    cumulative[:, -1] = 1.0
    return cumulative


@cached
def returns(chain: MarkovChain, state: Any, rng: np.random.Generator, n: int,
            most: int = 5_000) -> np.ndarray:
    """For ``n`` tokens leaving ``state`` of ``chain``: the turns until each is back there
    (odds.return_time)."""
    cumulative = _cumulative(chain)
    home = chain.states.index(state)
    where = np.full(n, home)
    back = np.zeros(n, dtype=np.int64)
    for turn in range(1, most + 1):
        going = back == 0
        if not going.any():
            break
        where[going] = _walk(cumulative, where[going], rng)
        back[going & (where == home)] = turn
    return back


@cached
@cached
def turns_end(chain: MarkovChain, start: Any, rng: np.random.Generator, n: int,
              turns: int) -> np.ndarray:
    """Where ``n`` tokens walking ``chain`` from ``start`` stand after ``turns`` turns (the
    index of each one's state; odds.landing)."""
    cumulative = _cumulative(chain)
    where = np.full(n, chain.states.index(start))
    for _ in range(turns):
        where = _walk(cumulative, where, rng)
    return where


@cached
def visits_until_the_end(chain: MarkovChain, start: Any, ends: float,
                         rng: np.random.Generator, n: int) -> np.ndarray:
    """For ``n`` tokens walking ``chain`` from ``start``, the game ending before each turn
    with chance ``ends``: how many turns each ends on each state (the start counted), one row
    a token (odds.visits)."""
    cumulative = _cumulative(chain)
    where = np.full(n, chain.states.index(start))
    counts = np.zeros((n, len(chain.states)), dtype=np.int64)
    alive = np.ones(n, dtype=bool)
    while alive.any():
        counts[alive, where[alive]] += 1
        alive &= rng.random(n) >= ends
        where[alive] = _walk(cumulative, where[alive], rng)
    return counts


def _forward(content: Content, where: int, steps: int, stop_at_home: bool) -> int:
    """``steps`` on from ``where``; with ``stop_at_home`` the token stops at Home when it
    passes over it (rule 8: every forward move may stop short there)."""
    n, home = len(content.board), content.first("home")
    passed = (home - where - 1) % n + 1 < steps
    return home if stop_at_home and passed else (where + steps) % n


def _settle(content: Content, where: int, rng: np.random.Generator,
            landed: np.ndarray | None = None, stop_at_home: bool = False,
            deck: list | None = None) -> int | str:
    """Where a token arriving on ``where`` rests: Take a Pill and PARTY TIME move it on by a
    pill die (1 to 5 on, a 6 stays), a Chance card (one drawn from the full deck) may send it
    Home, to the lockup, back or on by a pill, again and again until it rests. Each arrival
    on a space (the first and every one after a move) adds one to ``landed[space]``."""
    n, home = len(content.board), content.first("home")
    deck = deck or [card for card in content.cards for _ in range(card.count)]
    while True:
        if landed is not None:
            landed[where] += 1
        kind, card = content.board[where].kind, None
        if kind == "chance":
            card = deck[int(rng.integers(len(deck)))]
        if kind in ("take_a_pill", "party_time") or (
                card is not None and card.effect in ("party_time", "take_pill")):
            face = int(rng.integers(1, FACES + 1))
            if face == FACES:
                return where
            where = _forward(content, where, face, stop_at_home)
        elif card is not None and card.effect == "advance_home":
            where = home
        elif card is not None and card.effect == "go_to_jail":
            return LOCKUP
        elif card is not None and card.effect == "back":
            where = (where - card.amount) % n
        else:
            return where


@cached
def board_walks(content: Content, ends: float, rng: np.random.Generator,
                n: int) -> np.ndarray:
    """``n`` tokens walked by the rules from Home, two dice a turn and never stopping short,
    the game ending before each turn with chance ``ends``: how many turns each ends on each
    space (the start counted; the last column the lockup), one row a token (odds.visits).
    Written from the rules, not from :func:`odds.board_chain`."""
    spaces, jail = len(content.board), content.first("jail")
    counts = np.zeros((n, spaces + 1), dtype=np.int64)
    for token in range(n):
        where: int | str = content.first("home")
        while True:
            counts[token, spaces if where == LOCKUP else where] += 1
            if rng.random() < ends:
                break
            if where != LOCKUP:
                where = _settle(content, (int(where) + int(rng.integers(1, FACES + 1, size=2)
                                                           .sum())) % spaces, rng)
                continue
            a, b = (int(x) for x in rng.integers(1, FACES + 1, size=2))
            while (a + b) % 2 == 0 and a != b:  # another even total: thrown again
                a, b = (int(x) for x in rng.integers(1, FACES + 1, size=2))
            if a == b:  # doubles: out, moved on by their total
                where = _settle(content, (jail + a + b) % spaces, rng)
    return counts


@cached
def board_landings(content: Content, ends: float, rng: np.random.Generator, n: int,
                   stop_at_home: bool = False) -> np.ndarray:
    """``n`` tokens walked by the rules from Home as in :func:`board_walks` (two dice a turn,
    or with ``stop_at_home`` always stopping short at Home), counting *landings*: every arrival
    on a space, also on one that moves the token on (Take a Pill, PARTY TIME, a Chance card),
    the start not counted. One row a token, one column a space. Written from the rules."""
    spaces, home = len(content.board), content.first("home")
    deck = [card for card in content.cards for _ in range(card.count)]
    counts = np.zeros((n, spaces), dtype=np.int64)
    for token in range(n):
        where: int | str = home
        while rng.random() >= ends:
            where = _turn(content, where, rng, counts[token], stop_at_home, deck)
    return counts


def _turn(content: Content, where: int | str, rng: np.random.Generator, landed: np.ndarray,
          stop_at_home: bool, deck: list) -> int | str:
    """One turn of a token by the rules (two dice, or the lockup's throw), counting its
    landings in ``landed``; where it rests."""
    if where != LOCKUP:
        steps = int(rng.integers(1, FACES + 1, size=2).sum())
        arrive = _forward(content, int(where), steps, stop_at_home)
        return _settle(content, arrive, rng, landed, stop_at_home, deck)
    a, b = (int(x) for x in rng.integers(1, FACES + 1, size=2))
    while (a + b) % 2 == 0 and a != b:  # another even total: thrown again
        a, b = (int(x) for x in rng.integers(1, FACES + 1, size=2))
    if a != b:
        return LOCKUP
    arrive = _forward(content, content.first("jail"), a + b, stop_at_home)  # doubles: out
    return _settle(content, arrive, rng, landed, stop_at_home, deck)


@cached
def board_rates(content: Content, seed: int, turns: int, stop_at_home: bool = False,
                batches: int = 50) -> np.ndarray:
    """One token walked by the rules for ``turns`` turns with no end of game, as in
    :func:`board_landings` (two dice a turn, or with ``stop_at_home`` always stopping short
    at Home), in ``batches`` equal stretches: for each stretch (a row), the landings on each
    space (a column) per turn. Long stretches forget where the walk began, so each row is an
    estimate of the long-run landings a turn, and the rows' spread gives its interval.
    Written from the rules."""
    rng = np.random.default_rng(seed)
    deck = [card for card in content.cards for _ in range(card.count)]
    per = turns // batches
    counts = np.zeros((batches, len(content.board)), dtype=np.int64)
    where: int | str = content.first("home")
    for batch in range(batches):
        for _ in range(per):
            where = _turn(content, where, rng, counts[batch], stop_at_home, deck)
    return counts / per


#: Bot games per unit of work handed to a worker.
GAMES_PER_CHUNK = 50


def _lengths_chunk(seed: int, players: int, sizes: list[int], index: int) -> list[int]:
    rng = np.random.default_rng(chunk_seed(seed, index))
    return [bot_game_rounds(rng, players) for _ in range(sizes[index])]


@cached(ignore=("workers",))
def bot_game_lengths(games: int, seed: int, players: int = 3, workers: int = 2) -> np.ndarray:
    """The rounds each of ``games`` seeded games of heuristic bots lasts: the law of a game's
    length that the pill race's urgency and odds.visits approximate by a geometric wait.
    Chunk ``k`` of the games draws from its own seed (``chunk_seed``), so ``workers``
    processes share the work without changing the result."""
    sizes = chunk_sizes(games, GAMES_PER_CHUNK)
    chunks = run_chunks(partial(_lengths_chunk, seed, players, sizes), len(sizes),
                        workers=workers, desc="RUSH bot games")
    return np.array([rounds for chunk in chunks for rounds in chunk])


def bot_game_rounds(rng: np.random.Generator, players: int = 3) -> int:
    """The rounds a game of heuristic bots lasts (a seed drawn from ``rng``)."""
    seed = int(rng.integers(2**31))
    names = [f"P{k + 1}" for k in range(players)]
    game = tabletop.new_game("rush", players=names, seed=seed)
    bots = {p: make_bot("rush", "heuristic", seed + k) for k, p in enumerate(names)}
    play_to_end(game, bots)
    return game.view(None)["round"]
