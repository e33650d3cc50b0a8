"""Smokers Wild's whole-game lesson models: games of the engine played by the kit's heuristic
bots, and watched (no Jupyter import here; the walkthrough's tables and pictures are drawn by
``widgets/smokers_wild/lessons.py``).

These are the second ways that play the real game rather than a model of it: the moves until
each player is first hooked (:func:`first_smoke_moves`), whole long games to the end
(:func:`bot_games`), the prices at the opening auction (:func:`opening_prices`), and a lonely
non-smoker walking the real board with the real HAV' A PUFF pile (:func:`pile_hook_waits`),
which measures the error of the exact models' full-deck draw (see :mod:`.sampling`).
Every game ``g`` of a study is seeded from the study's seed and ``g``, so a study gives the
same table on any number of cores.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
import pandas as pd

import tabletop
from tabletop import Game
from tabletop.cache import cached
from tabletop.core.play import bot_move, play_to_end
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed

from .bots import HeuristicBot

PLAYERS = ("Ann", "Bob", "Cy")


def bot_table(seed: int, players: Sequence[str] = PLAYERS,
              bot: type[HeuristicBot] = HeuristicBot, **options) -> tuple[Game, dict]:
    """A new game and one heuristic bot per player, all seeded from ``seed``."""
    game = tabletop.new_game("smokers_wild", players=list(players), seed=seed, **options)
    bots = {p: bot(derived_seed(seed, k + 1)) for k, p in enumerate(players)}
    return game, bots


def _first_smokes(seed: int, rounds: int, sizes: list[int], chunk: int) -> list[int]:
    found = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g), start="quick", max_turns=rounds)
        play_to_end(game, bots)
        moves: dict[str, int] = dict.fromkeys(game.players, 0)
        first: dict[str, int] = {}
        for event in game.events:
            if event.kind == "roll" and event.data["why"] == "move":
                moves[event.player] += 1
            elif event.kind == "smoker" and event.player not in first:
                first[event.player] = max(moves[event.player], 1)
        found += [first.get(p, rounds + 1) for p in game.players]
    return found


@cached(ignore=("workers",))
def first_smoke_moves(games: int, seed: int, rounds: int = 12, workers: int = 1) -> np.ndarray:
    """For every player of ``games`` bot games of ``rounds`` rounds (quick start): the number
    of their own moves up to the one in which they first became a smoker (``rounds + 1``
    when it did not happen). ``workers`` as for :func:`bot_games`."""
    sizes = chunk_sizes(games, 50)
    task = partial(_first_smokes, seed, rounds, sizes)
    return np.array([m for found in run_chunks(task, len(sizes), workers=workers)
                     for m in found])


def _whole_games(seed: int, players: Sequence[str], sizes: list[int], chunk: int) -> list[dict]:
    rows = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g), players)
        gone_in: dict[str, int] = {}
        while not game.is_over:
            game.apply(bot_move(game, bots[game.decision.player]))
            for p in game.gone:
                gone_in.setdefault(p, game.round)
        figures = game.result.figures
        for p in game.players:
            rows.append({"game": g, "rounds": game.round, "player": p,
                         "won": p in game.result.winners, "gone in round": gone_in.get(p),
                         "laps": figures[p]["spaces_travelled"] / 28,
                         "years from advances": figures[p]["years_from_loans"],
                         "smoker at the end": bool(figures[p]["smoker"])})
    return rows


@cached(ignore=("workers",))
def bot_games(games: int, seed: int, players: Sequence[str] = PLAYERS,
              workers: int = 1) -> pd.DataFrame:
    """``games`` whole long games between heuristic bots: one row per player per game, with
    the game's number and length in rounds, whether the player won, the round in which the
    player reached GONE (None for the winner), laps travelled, years lost to company
    advances, and whether the player smoked at the end. ``workers`` processes share the games
    (0: every core); game ``g`` is seeded from ``seed`` and ``g``, so the table is the same."""
    sizes = chunk_sizes(games, 25)
    task = partial(_whole_games, seed, tuple(players), sizes)
    return pd.DataFrame([row for rows in run_chunks(task, len(sizes), workers=workers)
                         for row in rows])


def _openings(seed: int, sizes: list[int], chunk: int) -> list[dict]:
    rows = []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g))
        while game.decision.kind == "bid":
            game.apply(bot_move(game, bots[game.decision.player]))
        sold = {e.data["lot"]: e.data["price"] for e in game.events if e.kind == "sold"}
        rows.append({lot: sold.get(lot, np.nan) for lot in game.owner})
    return rows


@cached(ignore=("workers",))
def opening_prices(games: int, seed: int, workers: int = 1) -> pd.DataFrame:
    """The price each occupation fetched at the opening auction of ``games`` bot games (NaN:
    nobody bid), one row per game; ``workers`` as for :func:`bot_games`."""
    sizes = chunk_sizes(games, 25)
    task = partial(_openings, seed, sizes)
    return pd.DataFrame([row for rows in run_chunks(task, len(sizes), workers=workers)
                         for row in rows])


# -- the real HAV' A PUFF pile against the full deck of the exact models ------------------------
def _pile_walks(seed: int, sizes: list[int], chunk: int) -> list[int]:
    """One game of three: Ann walks alone from the UNDERTAKER (Bob and Cy are kept on
    vacation, rule 28, so they never move, yet hold their cards; Ann is kept young and in
    cash, so that she never reaches GONE) until she is first hooked; then she is staged clean
    on the UNDERTAKER again, and the next walk goes on with the pile as the last one left it
    (hands, discards and deals of rules 21 and 24)."""
    game, bots = bot_table(derived_seed(seed, chunk), max_turns=10 * sizes[chunk] + 100)
    while game.decision.kind == "bid":
        game.apply("pass")
    away = max(space.turns for space in game.content.board)  # the longest vacation (rule 28)
    waits, moves, rounds, seen = [], 0, 0, len(game.events)
    while len(waits) < sizes[chunk]:
        decision = game.decision
        if decision.player == "Ann" and decision.kind == "roll":
            if rounds % away == 0:  # Bob and Cy miss the next rounds too
                game.arrange(vacation={"Bob": away, "Cy": away},
                             lifeometer={"Ann": 0}, money={"Ann": 500})
            rounds += 1
        action = ("stay" if decision.kind == "vacation"
                  else bot_move(game, bots[decision.player]))
        game.apply(action)
        for event in game.events[seen:]:
            if event.player != "Ann":
                continue
            if event.kind == "roll" and event.data["why"] == "move":
                moves += 1
            elif event.kind == "smoker":
                waits.append(moves)
                moves = 0
                game.arrange(brands={"Ann": []}, position={"Ann": 0})
                break
        seen = len(game.events)
    return waits


@cached(ignore=("workers",))
def pile_hook_waits(walks: int, seed: int, workers: int = 1) -> np.ndarray:
    """The moves a lonely non-smoker makes from the UNDERTAKER until she is first hooked, the
    hooking move included, in ``walks`` walks of the engine with the real HAV' A PUFF pile
    (cards drawn from the opponents' hands and discarded until the next deal). The exact
    model, :func:`.odds.card_hook_chain`, draws every card from the full deck instead; the
    difference of the two means is that approximation's error."""
    sizes = chunk_sizes(walks, 200)
    task = partial(_pile_walks, seed, sizes)
    return np.array([w for found in run_chunks(task, len(sizes), workers=workers)
                     for w in found])


def life_left(game: Game, player: str) -> float:
    """A paired study's metric (:func:`tabletop.paired.paired_study`): the years ``player``
    still has when the game ends, GONE minus the Lifeometer minus the part of the current lap
    already travelled. In the short game (rule 30) the most life left wins."""
    return game.content.gone - game.life[player] - game.pos[player] / len(game.content.board)


def quit_attempts(game: Game, player: str) -> float:
    """A paired study's metric: how many times ``player`` threw to quit at I QUIT (rule 18)."""
    return float(sum(1 for e in game.events if e.kind == "roll" and e.player == player
                     and e.data.get("why") == "trying to quit"))


def challenges_made(game: Game, player: str) -> float:
    """A paired study's metric: how many challenges ``player`` made as a smoker (rule 14)."""
    return float(sum(1 for e in game.events if e.kind == "roll" and e.player == player
                     and e.data.get("why", "").startswith("challenging")))


def vacations_taken(game: Game, player: str, smoking: bool, turns: int = 1) -> int:
    """How many vacations of ``turns`` turns (rule 21) ``player`` took while a smoker
    (``smoking``) or while a non-smoker."""
    smoker, taken = False, 0
    for event in game.events:
        if event.player != player:
            continue
        if event.kind in ("smoker", "non_smoker"):
            smoker = event.kind == "smoker"
        elif event.kind == "vacation" and event.data.get("turns") == turns:
            taken += smoker == smoking
    return taken


def _quits(seed: int, sizes: list[int], chunk: int
           ) -> tuple[list[tuple[int, bool, int]], list[int], list[tuple[int, int, int]]]:
    spells, tries, made = [], [], []
    for g in range(sum(sizes[:chunk]), sum(sizes[:chunk + 1])):
        game, bots = bot_table(derived_seed(seed, g), ending="short")
        play_to_end(game, bots)
        moves: dict[str, int] = dict.fromkeys(game.players, 0)
        quit_at: dict[str, int] = {}
        ended: list[tuple[str, int, int]] = []  # (player, start, length) of spells hooked
        made_moves, advances = 0, []  # the game's moves so far; (move, player) of advances
        for event in game.events:
            if event.kind == "roll" and event.data["why"] == "move":
                moves[event.player] += 1
                made_moves += 1
            elif event.kind == "advance":
                advances.append((made_moves, event.player))
            elif event.kind == "non_smoker" and "at I QUIT" in event.text:
                quit_at[event.player] = moves[event.player]
            elif event.kind == "smoker" and event.player in quit_at:
                start = quit_at.pop(event.player)
                ended.append((event.player, start, moves[event.player] - start))
        spells += [(length, True, moves[p] - start) for p, start, length in ended]
        spells += [(moves[p] - start, False, moves[p] - start) for p, start in quit_at.items()]
        tries += [int(quit_attempts(game, p)) for p in game.players]
        late = {p for move, p in advances if 2 * move >= made_moves}  # second half
        made += [(int(challenges_made(game, p)), vacations_taken(game, p, True),
                  vacations_taken(game, p, False), any(q == p for _, q in advances),
                  p in late, game.n_brands[p] > 0, game.ledger[p] < 100)
                 for p in game.players]
    return spells, tries, made


@cached(ignore=("workers",))
def short_game_quits(games: int, seed: int,
                     workers: int = 1) -> tuple[pd.DataFrame, np.ndarray]:
    """I QUIT (rule 12) in ``games`` short games (the first token at GONE ends it) between
    heuristic bots, which always try. First, the clean spells after a successful attempt:
    one row per spell, the player's moves from the quit to the move in which she was hooked
    again, and whether that happened (``False``: the game ended first, cutting the spell
    off), and the moves the player made from the quit to the game's end (``"moves left"``:
    a spell longer than that is cut off, so comparing spells with a chain means cutting the
    chain's spells there too). Friends, challenges and the game's end all count here, as they
    do not in the clean-spell chain. Second, each player's attempts in each game."""
    sizes = chunk_sizes(games, 50)
    task = partial(_quits, seed, sizes)
    spells: list[tuple[int, bool, int]] = []
    tries: list[int] = []
    for found, counted, _ in run_chunks(task, len(sizes), workers=workers):
        spells += found
        tries += counted
    return (pd.DataFrame(spells, columns=["moves", "hooked again", "moves left"]),
            np.array(tries))


@cached(ignore=("workers",))
def short_game_counts(games: int, seed: int, workers: int = 1) -> pd.DataFrame:
    """How often each player of ``games`` short games between heuristic bots (the same games
    as :func:`short_game_quits`) made a choice: challenges (rule 14), and one-turn vacations
    (rule 21) taken as a smoker and as a non-smoker; and whether the player took a company
    advance (rule 19) at all, and in the game's second half (counted in moves of all
    players), and, when the game ended, smoked and held less than K100. One row per player
    per game."""
    sizes = chunk_sizes(games, 50)
    task = partial(_quits, seed, sizes)
    return pd.DataFrame([m for _, _, made in run_chunks(task, len(sizes), workers=workers)
                         for m in made],
                        columns=["challenges", "one-turn vacations as a smoker",
                                 "one-turn vacations as a non-smoker", "borrowed",
                                 "borrowed in the second half", "smokes at the end",
                                 "under K100 at the end"])

