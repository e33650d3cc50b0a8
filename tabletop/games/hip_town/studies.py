"""Hip Town's whole-game lesson models: heuristic-bot games played to the end and watched
(no Jupyter import here; the tables and pictures are drawn by ``widgets/hip_town/lessons.py``).

These are the simulations with no exact value to meet, or the measured inputs of an exact
model: the Choice-face policies in whole games (:func:`policy_games`, common random numbers),
game lengths by player count and variant (:func:`game_lengths`), the opening hands the game
itself deals (:func:`dealt_rating_zero`, the check on :func:`.odds.opening_start` by the
kit's own shuffle), and the Hip Coins a bidder
holds when an auction opens (:func:`auction_study`), the measured law that
:func:`.odds.auction_price` turns into an exact price law. That law's approximation: the
bidders' coins are taken as independent draws from one pooled law (in a real game two bidders'
purses are linked by the same turns); the walkthrough measures its error as the gap between
the exact mean price and the mean price of the sales in the same games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

import tabletop
from tabletop.cache import cached
from tabletop.core.play import Bot, bot_move, play_to_end
from tabletop.core.views import LazyView
from tabletop.odds import Dist, Estimate
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed

from .bots import HeuristicBot, me

SEATS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


class ChoiceBot(HeuristicBot):
    """The kit's heuristic bot, except on the Choice face: ``policy`` is "coins", "property",
    "reality", "property if nothing to build" (Property only with no card in hand it
    could build now and at least ``purse`` Hip Coins to pay for the card it turns over),
    "property before a first business" (the same, but only while no business is built: the
    wait lesson 1's chain prices), or "property from purse" (Property whenever it holds at
    least ``purse`` Hip Coins)."""

    def __init__(self, seed: int = 0, policy: str = "coins", purse: int = 0) -> None:
        super().__init__(seed)
        self.policy, self.purse = policy, purse

    def on_choice(self, view: Mapping[str, Any], legal: list[Any]) -> Any:
        want = self.policy
        if want == "property if nothing to build":
            mine = me(view)
            stuck = not any(c["rating"] <= mine["businesses"] for c in view["hand"])
            want = "property" if stuck and mine["money"] >= self.purse else "coins"
        elif want == "property before a first business":
            mine = me(view)
            stuck = mine["businesses"] == 0 and not any(c["rating"] == 0 for c in view["hand"])
            want = "property" if stuck and mine["money"] >= self.purse else "coins"
        elif want == "property from purse":
            want = "property" if me(view)["money"] >= self.purse else "coins"
        return next(a for a in legal if self.value(view, a) == want)


def margin(game: Any, player: str) -> float:
    """A paired study's score: ``player``'s Hip Points at the end less the best rival's, the
    figure that decides who wins (a choice that raises every player's points, by lengthening
    the game, does not raise it)."""
    figures = game.result.figures
    return float(figures[player]["hip_points"]
                 - max(f["hip_points"] for p, f in figures.items() if p != player))


#: The Choice-face policies the walkthrough compares.
CHOICE_POLICIES = ("kit rule", "coins", "property", "property if nothing to build")


def choice_bot(policy: str, seed: int) -> Bot:
    """The kit's heuristic bot ("kit rule"), or one taking ``policy`` on the Choice face."""
    return HeuristicBot(seed) if policy == "kit rule" else ChoiceBot(seed, policy)


def _policy_chunk(policy: str, seed: int, players: int, sizes: list[int],
                  index: int) -> list[dict[str, Any]]:
    first = sum(sizes[:index])
    rows = []
    for g in range(first, first + sizes[index]):
        names = list(SEATS[:players])
        game = tabletop.new_game("hip_town", players=names, seed=derived_seed(seed, g))
        bots = {name: HeuristicBot(derived_seed(seed, g, k + 1)) for k, name in enumerate(names)}
        bots["Ann"] = choice_bot(policy, derived_seed(seed, g, 1))
        play_to_end(game, bots)
        figures = game.result.figures["Ann"]
        rows.append({"won": "Ann" in game.result.winners and len(game.result.winners) == 1,
                     "hip_points": figures["hip_points"], "coins": figures["coins"]})
    return rows


@cached(ignore=("workers",))
def policy_games(policy: str, games: int, seed: int, players: int = 3,
                 workers: int = 1) -> pd.DataFrame:
    """Ann takes ``policy`` on the Choice face, everyone else plays the kit's heuristic bot:
    one row per game (won alone, Hip Points, coins). Game g uses the same seeds for every
    policy, so the policies meet the same deals and dice as long as they play alike."""
    sizes = chunk_sizes(games, 25)
    task = partial(_policy_chunk, policy, seed, players, sizes)
    return pd.DataFrame([row for chunk in run_chunks(task, len(sizes), workers=workers)
                         for row in chunk])


def game_lengths(players: Sequence[int], variants: Sequence[str], games: int, seed: int,
                 workers: int = 1) -> pd.DataFrame:
    """Heuristic-bot games for every player count and variant, one row per game: the rounds
    played (the turns the first to fill their neighbourhood took) and the bonus (Destination
    groups and every type) of that finished neighbourhood."""
    parts = []
    for n in players:
        for variant in variants:
            table = tabletop.simulate("hip_town", games=games, seed=seed, bots="heuristic",
                                      players=n, options={"variant": variant},
                                      progress=False, workers=workers)
            names = [c.removesuffix(".rounds") for c in table.columns if c.endswith(".rounds")]
            done = table[[f"{p}.businesses" for p in names]].to_numpy().argmax(axis=1)
            bonus = table[[f"{p}.bonus" for p in names]].to_numpy()
            parts.append(pd.DataFrame({"players": n, "variant": variant,
                                       "rounds": table[f"{names[0]}.rounds"],
                                       "bonus": bonus[np.arange(len(table)), done]}))
    return pd.concat(parts, ignore_index=True)


@cached
def auction_study(games: int, seed: int, players: int = 3) -> tuple[Dist, pd.DataFrame]:
    """Heuristic-bot games watched at their auctions: the Hip Coins each bidder holds when an
    auction opens (a measured law), and every sale (the card's cost, the price paid)."""
    purses, auctions = auction_purses(games, seed, players)
    return Dist.from_weights(sum(purses, Counter())), auctions.query("sold")[["cost", "price"]]


@cached
def auction_purses(games: int, seed: int,
                   players: int = 3) -> tuple[list[Counter[int]], pd.DataFrame]:
    """:func:`auction_study` game by game: for each game, how often a bidder held each number
    of Hip Coins when an auction opened (so a lesson can resample whole games to measure how
    much the pooled law, and any price worked out from it, would move with other games); and
    every auction: the card's cost, the Hip Coins of its bidders in bidding order (from the
    roller's left), the game it was held in (numbered from 0), whether it sold and the price
    (0 when nobody bid). Every bidder counts, one who cannot pay the opening bid and drops
    out before being asked included; an auction nobody could open asks nobody, and its
    bidders held less than the opening bid: 0 HC."""
    purses = []
    auctions = []
    for g in range(games):
        names = list(SEATS[:players])
        game = tabletop.new_game("hip_town", players=names, seed=derived_seed(seed, g))
        bots = {name: HeuristicBot(derived_seed(seed, g, k + 1)) for k, name in enumerate(names)}
        counts: Counter[int] = Counter()
        seen = 0   # the auctions opened so far, read from the log
        read = 0   # the events of the log read so far
        while not game.is_over:
            opened = [e for e in game.events[read:] if e.kind == "auction"]
            read = len(game.events)
            for event in opened:
                auction = game.auction
                if auction is not None and auction.lot == event.data["lot"]:
                    n = len(auction.bidders)
                    order = [auction.bidders[(auction.first + k) % n] for k in range(n)]
                    held = tuple(game.ledger[name] for name in order)
                else:   # closed at once: nobody could pay the opening bid
                    held = (0,) * (players - 1)
                counts.update(held)
                auctions.append({"cost": game.content.property[event.data["lot"]].cost,
                                 "purses": held, "lot": event.data["lot"], "game": g})
            seen += len(opened)
            game.apply(bot_move(game, bots[game.decision.player]))
        purses.append(counts)
        rows = iter(auctions[len(auctions) - seen:])
        row: dict[str, Any] = {}
        for event in game.events:   # each auction closes before the next opens
            if event.kind == "auction":
                row = next(rows)
                row["sold"], row["price"] = False, 0
            elif event.kind == "sold" and event.data.get("lot") == row.get("lot"):
                row["sold"], row["price"] = True, event.data["price"]
    return purses, pd.DataFrame(auctions).drop(columns="lot")


@cached
def dealt_rating_zero(games: int) -> Estimate:
    """Of the opening hands the kit deals Player 1 in ``games`` new games (seeds 0 to
    ``games`` - 1), how many hold a rating-0 card: the game's own shuffle and deal (rule 16's
    first business) against :func:`.odds.opening_start`."""
    hands = (LazyView(tabletop.new_game("hip_town", seed=s), "Player 1")["hand"]
             for s in range(games))
    return Estimate(sum(any(card["rating"] == 0 for card in hand) for hand in hands), games)


def _first_business_wait(variant: str, seed: int) -> tuple[int, bool] | None:
    """One game of three: Ann (the first seat) takes Property on the Choice face while she has
    no business and no rating-0 card (and at least 3 HC), her rivals are the kit's heuristic
    bots. None if she is dealt a rating-0 card; else her turns until she holds one or has
    built a first business, and whether that happened before the game ended."""
    names = list(SEATS[:3])
    game = tabletop.new_game("hip_town", players=names, seed=seed, variant=variant)
    if any(card["rating"] == 0 for card in game.view("Ann")["hand"]):
        return None
    bots = {name: HeuristicBot(derived_seed(seed, k + 1)) for k, name in enumerate(names)}
    bots["Ann"] = ChoiceBot(derived_seed(seed, 1), "property before a first business", purse=3)
    turns = 0
    while not game.is_over:
        if game.decision.player == "Ann" and game.decision.kind == "roll":
            turns += 1
        game.apply(bot_move(game, bots[game.decision.player]))
        mine = game.view("Ann")
        if mine["seats"][0]["businesses"] or any(c["rating"] == 0 for c in mine["hand"]):
            return turns, True
    return turns, False


@cached
def first_business_waits(variant: str, games: int, seed: int) -> pd.DataFrame:
    """Lesson 1's wait in whole games: ``games`` deals (of three, ``variant``) in which Ann is
    dealt no rating-0 card, one row each: her turns until she holds one (``turns``) and whether
    she did before the game ended (``found``). Deal g is seed ``derived_seed(seed, g)``; deals
    that give her a rating-0 card are passed over."""
    rows: list[tuple[int, bool]] = []
    deal = 0
    while len(rows) < games:
        wait = _first_business_wait(variant, derived_seed(seed, deal))
        deal += 1
        if wait is not None:
            rows.append(wait)
    return pd.DataFrame(rows, columns=["turns", "found"])
