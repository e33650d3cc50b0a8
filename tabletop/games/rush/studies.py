"""Paired full-game studies of the RUSH lessons' advice (:func:`tabletop.paired.paired_study`).

Each bot below is the kit's :class:`~tabletop.games.rush.bots.HeuristicBot` with ONE choice
switched, module-level so that the games can be shared among processes; the metrics are
picklable ``(game, player) -> float`` functions read off the finished game's events.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import numpy as np

import tabletop
from tabletop.bots import make_bot
from tabletop.cache import cached
from tabletop.core.decisions import Action
from tabletop.core.game import Game
from tabletop.core.play import play_to_end
from tabletop.games.rush import odds
from tabletop.games.rush.bots import KEEP_PILLS, RESTED_SENSES, HeuristicBot, View, amounts, seat
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed


class OneStepBot(HeuristicBot):
    """Moves one step up the coma track even when the coma die allows two."""

    def on_coma_move(self, view: View, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self.value(view, a))


class BribeFromBot(HeuristicBot):
    """Pays the bribe only when it holds ``pills`` pills or more (lesson 2's break-even);
    with fewer it goes into the lockup (a Get out of Jail card is still played)."""

    def __init__(self, seed: int = 0, pills: int = 10) -> None:
        super().__init__(seed)
        self.pills = pills

    def on_jail(self, view: View, legal: list[Action]) -> Action:
        if seat(view)["pills"] >= self.pills:
            return super().on_jail(view, legal)
        values = [self.value(view, a) for a in legal]
        return self.first_with(view, legal, "card" if "card" in values else "lockup")


class BoldBuyerBot(HeuristicBot):
    """Buys pills up to six held wherever it stands, however many Cops are there."""

    def on_buy(self, view: View, legal: list[Action]) -> Action:
        low, high = amounts(view)
        want = KEEP_PILLS - seat(view)["pills"]
        return "no pills" if want < low else min(want, high)


class LadyBot(HeuristicBot):
    """Puts its lady on ``space`` whenever that space is free (else where the heuristic bot
    would)."""

    def __init__(self, seed: int = 0, space: int = 0) -> None:
        super().__init__(seed)
        self.space = space

    def on_lady_space(self, view: View, legal: list[Action]) -> Action:
        mine = next((a for a in legal if self.value(view, a) == self.space), None)
        return super().on_lady_space(view, legal) if mine is None else mine


class PillBot(HeuristicBot):
    """Takes a pill with ``careful`` or more senses up (the heuristic bot: three)."""

    def __init__(self, seed: int = 0, careful: int = 2) -> None:
        super().__init__(seed)
        self.careful = careful

    def on_turn(self, view: View, legal: list[Action]) -> Action:
        me = seat(view)
        if "rest" in legal and me["senses_up"] < RESTED_SENSES:
            return "rest"
        careful = (me["senses_up"] < self.careful
                   or me["zonkometer"] >= view["zonkometer"]["high"])
        return "two dice" if careful or "pill" not in legal else "pill"


class BettorBot(HeuristicBot):
    """Bets ``stake`` dollars on ``total`` at each Lucky Day it lands on (one bet a visit)."""

    def __init__(self, seed: int = 0, total: int = 7, stake: int = 5) -> None:
        super().__init__(seed)
        self.total, self.stake = total, stake

    def on_bet(self, view: View, legal: list[Action]) -> Action:
        wanted = f"bet on {self.total}"
        return wanted if "no bet" in legal and wanted in legal else super().on_bet(view, legal)

    def on_stake(self, view: View, legal: list[Action]) -> Action:
        low, high = amounts(view)
        return max(low, min(self.stake, high))


class BorrowBot(HeuristicBot):
    """Borrows ``amount`` dollars at the Loan Shark whenever it has no loan out (its
    repayment is the rules' own: double, or the penalty)."""

    def __init__(self, seed: int = 0, amount: int = 100) -> None:
        super().__init__(seed)
        self.amount = amount
        self.first_loan_round: int | None = None  # the round of its first loan, if any

    def on_loan(self, view: View, legal: list[Action]) -> Action:
        if self.first_loan_round is None:
            self.first_loan_round = view["round"]
        return min(self.amount, amounts(view)[1])


def loan_fell_due(game: Game, player: str) -> float:
    """1 if a loan of ``player``'s came due before the game ended (repaid or the penalty),
    else 0: the first loan counts (:func:`loan_end`)."""
    return float(LOAN_ENDS[loan_end(game, player)] in ("repaid", "penalty"))


def took_loan(game: Game, player: str) -> float:
    """1 if ``player`` borrowed from the Loan Shark in the game, else 0."""
    return float(LOAN_ENDS[loan_end(game, player)] != "no loan")


def survived(game: Game, player: str) -> float:
    """1 if ``player`` is alive at the end of the game, else 0."""
    return 1.0 - game.result.figures[player]["dead"]


def wealth(game: Game, player: str) -> float:
    """``player``'s money at the end plus the pills held, each counted at what the cheapest
    junkie pays (:func:`~tabletop.games.rush.odds.pill_worth`): what lesson 2's deal price
    counts."""
    figures = game.result.figures[player]
    return float(figures["money"] + figures["pills"] * odds.pill_worth(game.content))


def _cop_deals(game: Game, player: str, cops: int) -> list[tuple[int, int, int]]:
    """(Cops there, pills, dollars paid) for each of ``player``'s purchases where ``cops`` or
    more Cops stood: a ``buy`` event with its cost, then the Cop die thrown for it."""
    deals, bought = [], None
    for e in game.events:
        if e.player != player:
            continue
        if e.kind == "buy" and "cost" in e.data:
            bought = (e.data["pills"], e.data["cost"])
        elif (e.kind == "roll" and bought is not None
              and e.data.get("why", "").startswith("the Cop die, ")):
            there = int(e.data["why"].split()[3])
            if there >= cops:
                deals.append((there, *bought))
            bought = None
    return deals


def deals_past_cops(game: Game, player: str, cops: int = 2) -> float:
    """How many times ``player`` bought pills where ``cops`` or more Cops stood (the Cop die
    thrown for that purchase)."""
    return float(len(_cop_deals(game, player, cops)))


def priced_deals_past_cops(game: Game, player: str, cops: int = 2) -> float:
    """Lesson 2's price of ``player``'s purchases where ``cops`` or more Cops stood, summed
    over the game, in dollars: each gets away with chance ``1 - k/6`` and brings its pills at
    :func:`~tabletop.games.rush.odds.pill_worth`; it costs what was paid, and an arrest the
    bribe. In the switched arm of a paired study, the price's own prediction per game."""
    worth, bribe = odds.pill_worth(game.content), game.content.bribe
    total = Fraction(0)
    for there, pills, paid in _cop_deals(game, player, cops):
        caught = odds.arrest_chance(there)
        total += (1 - caught) * pills * worth - paid - caught * bribe
    return float(total)


def bribes_paid(game: Game, player: str) -> float:
    """How many times ``player`` paid the bribe at the Jail (each a time the choice between
    the bribe and the lockup arose and the bribe was chosen)."""
    return float(sum(e.kind == "jail" and e.player == player and "bribe" in e.text
                     and "pays" in e.text for e in game.events))


def lockups(game: Game, player: str) -> float:
    """How many times ``player`` went into the lockup in the game."""
    return float(sum(e.kind == "lockup" and e.player == player and "is locked up" in e.text
                     for e in game.events))


def jailed(game: Game, player: str) -> float:
    """How many times ``player`` was sent to Jail in the game."""
    return float(sum(e.kind == "jail" and e.player == player and "goes to Jail" in e.text
                     for e in game.events))


#: What became of the first loan in a game (:func:`loan_games`).
LOAN_ENDS = ("no loan", "never due", "repaid", "penalty")
GAMES_PER_CHUNK = 25


def loan_end(game: Game, player: str) -> int:
    """The index in :data:`LOAN_ENDS` of what became of ``player``'s first loan."""
    borrowed = False
    for event in game.events:
        if event.kind == "loan" and event.player == player:
            if "borrows" in event.text:
                borrowed = True
            elif borrowed:
                return LOAN_ENDS.index("repaid" if "repays" in event.text else "penalty")
    return LOAN_ENDS.index("never due" if borrowed else "no loan")


def _loan_chunk(seed: int, amount: int, sizes: list[int],
                index: int) -> list[tuple[int, int, int]]:
    ends = []
    for k in range(sum(sizes[:index]), sum(sizes[:index + 1])):
        game = tabletop.new_game("rush", players=3, seed=derived_seed(seed, k))
        bots = {p: (BorrowBot(derived_seed(seed, k, 1), amount) if place == 0
                    else make_bot("rush", "heuristic", derived_seed(seed, k, place + 1)))
                for place, p in enumerate(game.players)}
        play_to_end(game, bots)
        rounds, borrowed = game.view(None)["round"], bots[game.players[0]].first_loan_round
        ends.append((loan_end(game, game.players[0]), rounds,
                     -1 if borrowed is None else rounds - borrowed))
    return ends


@cached(ignore=("workers",))
def loan_games(games: int, seed: int, amount: int = 100,
               workers: int = 0) -> np.ndarray:
    """Full games of three players, the first a :class:`BorrowBot` borrowing ``amount``, the
    others the kit's heuristic bots: for each game (a row), the index in :data:`LOAN_ENDS` of
    what became of the first loan (the engine's own answer to "does the loan fall due?"),
    the rounds the game lasted, and the rounds it went on after the round of the first loan
    (counting that round's end; -1 with no loan)."""
    sizes = chunk_sizes(games, GAMES_PER_CHUNK)
    chunks = run_chunks(partial(_loan_chunk, seed, amount, sizes), len(sizes),
                        workers=workers, desc="RUSH loan games")
    return np.array([row for chunk in chunks for row in chunk])
