"""The DOCTOR or the LAWYER? A bot that keeps to one of the two in the opening auction, and
the fees an owner collects, for the primer's paired study of that choice (primer §10).

The primer prices the two occupations per landing: the LAWYER charges every player K80, the
DOCTOR K50 a non-smoker and K100 a smoker, so which earns more depends on how many of the
rivals' moves are made as smokers. :class:`OccupationBot` plays as the heuristic bot except
that it never bids for ``leave``; a paired study of ``OccupationBot(take="DOCTOR",
leave="LAWYER")`` against ``OccupationBot(take="LAWYER", leave="DOCTOR")`` plays the choice out
in full games, and :func:`fees_collected` is what it is measured by. :func:`ownership_games`
plays the same games again and reads from each what the fees alone hide: whether the seat won
the auction for the space, and how many of the rivals' moves were made as smokers.
:func:`given_space_study` asks the question the primer prices: at the same price, one space
or the other (nobody bids, and seat 0 is given the DOCTOR or the LAWYER, the same seeds both
ways).
"""

from __future__ import annotations

import math

from tabletop.core.decisions import Action
from tabletop.core.game import Game
from tabletop.odds.montecarlo import MeanEstimate
from tabletop.paired import PairedStudy

from .bots import HeuristicBot, View

FEE_REASON = "the {}'s fee"


class OccupationBot(HeuristicBot):
    """The heuristic bot, but it passes whenever ``leave`` is auctioned: a player who has
    chosen ``take`` (bid for as usual) over ``leave``."""

    def __init__(self, seed: int = 0, take: str = "DOCTOR", leave: str = "LAWYER") -> None:
        super().__init__(seed)
        self.take, self.leave = take, leave

    def on_bid(self, view: View, legal: list[Action]) -> Action:
        if view["auction"]["lot"] == self.leave:
            return "pass"
        return super().on_bid(view, legal)


def fees_collected(game: Game, player: str, occupations: tuple[str, ...] = ("DOCTOR", "LAWYER")
                   ) -> float:
    """The fees (K) ``player`` collected over the game as owner of any of ``occupations``."""
    reasons = {FEE_REASON.format(name) for name in occupations}
    return float(sum(e.data["amount"] for e in game.events
                     if e.kind == "pay" and e.data.get("to") == player
                     and e.data.get("why") in reasons))


# -- what the same games say about ownership and the rivals' smoking ------------------------
#: The two arms of the primer's study: the bot that keeps to each space.
ARMS = {"LAWYER": ("LAWYER", "DOCTOR"), "DOCTOR": ("DOCTOR", "LAWYER")}


def ownership_record(game: Game, player: str) -> dict[str, float]:
    """What one finished game says about the choice: whether ``player`` bought each of the two
    occupations in the auction, the fees (K) each brought it, the fees the rivals paid for it
    to anyone else (the company collects while its owner is on vacation or GONE, rule 29 and
    B11), the fees ``player`` paid for each, the moves (throws to move) its rivals and it made
    as smokers and as non-smokers (everyone starts a non-smoker; the ``smoker`` and
    ``non_smoker`` events change that), and the rivals' landings on each space that paid its
    fee (to anyone), by the status the rival had when paying: what the long-run landings of
    primer §10 predict from those moves."""
    spaces = ("DOCTOR", "LAWYER")
    reasons = {FEE_REASON.format(name): name for name in spaces}
    owns = dict.fromkeys(spaces, False)
    fees, elsewhere, paid = (dict.fromkeys(spaces, 0) for _ in range(3))
    landings = {(name, status): 0 for name in spaces for status in (True, False)}
    smoker = dict.fromkeys(game.players, False)
    moves, own = {True: 0, False: 0}, {True: 0, False: 0}
    for e in game.events:  # one pass over the log
        if e.kind == "pay":
            name = reasons.get(e.data.get("why"))
            if name is None:
                continue
            if e.player != player:  # a rival paid the space's fee: a landing
                landings[name, smoker[e.player]] += 1
            else:
                paid[name] += e.data["amount"]
            if e.data.get("to") == player:  # as fees_collected counts them
                fees[name] += e.data["amount"]
            elif e.player != player:
                elsewhere[name] += e.data["amount"]
        elif e.kind == "sold":
            if e.player == player and e.data.get("lot") in owns:
                owns[e.data["lot"]] = True
        elif e.kind == "smoker":
            smoker[e.player] = True
        elif e.kind == "non_smoker":
            smoker[e.player] = False
        elif e.kind == "roll" and e.data.get("why") == "move":  # a throw to move, as the
            (own if e.player == player else moves)[smoker[e.player]] += 1  # §10 counts them
    record: dict[str, float] = {}
    for name in spaces:
        record[f"owns {name}"] = float(owns[name])
        record[f"fees {name}"] = float(fees[name])
        record[f"fees {name} elsewhere"] = float(elsewhere[name])
        record[f"paid {name}"] = float(paid[name])
        record[f"landings {name} as smokers"] = float(landings[name, True])
        record[f"landings {name} as non-smokers"] = float(landings[name, False])
    record["rival moves as smokers"] = float(moves[True])
    record["rival moves as non-smokers"] = float(moves[False])
    record["own moves as a smoker"] = float(own[True])
    record["own moves as a non-smoker"] = float(own[False])
    return record


def _replay(index: int, seed: int, take: str, leave: str) -> dict[str, float]:
    """Game ``index`` of ``paired_study("smokers_wild", ..., seed=seed)`` with seat 0 keeping
    to ``take``: the same game seed and bot seeds as :func:`tabletop.paired.paired_study`."""
    from tabletop.bots import make_bot
    from tabletop.core.play import play_to_end
    from tabletop.core.registry import new_game
    from tabletop.sim import derived_seed

    game = new_game("smokers_wild", players=3, seed=derived_seed(seed, index))
    bots = {p: (OccupationBot(derived_seed(seed, index, 1), take=take, leave=leave) if place == 0
                else make_bot("smokers_wild", "heuristic", derived_seed(seed, index, place + 1)))
            for place, p in enumerate(game.players)}
    play_to_end(game, bots, max_steps=200_000)
    return ownership_record(game, game.players[0])


def ownership_games(games: int, seed: int) -> list[dict[str, float]]:
    """The games of the primer's paired DOCTOR-or-LAWYER study, played again arm by arm and
    read with :func:`ownership_record`: one row per game and arm (``arm`` is the space kept to)."""
    rows = []
    for index in range(games):
        for arm, (take, leave) in ARMS.items():
            rows.append({"game": index, "arm": arm, **_replay(index, seed, take, leave)})
    return rows



# -- the choice as the primer prices it: one of the two spaces at the same price -------------
def given_space_game(index: int, seed: int, space: str) -> dict[str, float]:
    """Game ``index`` (seeded as :func:`tabletop.paired.paired_study` seeds it) in which nobody
    bids at the opening auction, so every player keeps the same cash, and seat 0 is then given
    ``space``: the DOCTOR or the LAWYER at the same price (none). Every seat is played by the
    kit's heuristic bot. Returns the fees (K) ``space`` brought seat 0, whether it won (1,
    ``1/k`` for a win shared by ``k``, else 0), the fees the rivals paid for ``space`` to the
    company while seat 0 was away (``"fees elsewhere"``), the moves its rivals and it made as
    smokers and as non-smokers, what it paid for the other space, and the rivals' landings on
    ``space`` by status (as :func:`ownership_record` counts them)."""
    from tabletop.bots import make_bot
    from tabletop.core.play import play_to_end
    from tabletop.core.registry import new_game
    from tabletop.sim import derived_seed

    game = new_game("smokers_wild", players=3, seed=derived_seed(seed, index))
    while game.decision.kind == "bid":
        game.apply("pass")
    me = game.players[0]
    game.arrange(occupations={me: [space]})
    bots = {p: make_bot("smokers_wild", "heuristic", derived_seed(seed, index, place + 1))
            for place, p in enumerate(game.players)}
    play_to_end(game, bots, max_steps=200_000)
    winners = game.result.winners
    record = ownership_record(game, me)
    return {"fees": record[f"fees {space}"],
            "win": 1 / len(winners) if me in winners else 0.0,
            "fees elsewhere": record[f"fees {space} elsewhere"],
            "rival moves as smokers": record["rival moves as smokers"],
            "rival moves as non-smokers": record["rival moves as non-smokers"],
            "own moves as a smoker": record["own moves as a smoker"],
            "own moves as a non-smoker": record["own moves as a non-smoker"],
            "K paid for the other": record[f"paid {'LAWYER' if space == 'DOCTOR' else 'DOCTOR'}"],
            "landings as smokers": record[f"landings {space} as smokers"],
            "landings as non-smokers": record[f"landings {space} as non-smokers"]}


def given_space_games(games: int, seed: int) -> list[dict[str, float]]:
    """The ``games`` pairs of the same-price study, one row per game and arm (``arm`` is the
    space seat 0 was given), read with :func:`given_space_game`."""
    return [{"game": k, "arm": space, **given_space_game(k, seed, space)}
            for k in range(games) for space in ("LAWYER", "DOCTOR")]


def same_price_study(rows: list[dict[str, float]]) -> dict[str, PairedStudy]:
    """The rows of :func:`given_space_games` as paired studies: for each measure (``"fees"``,
    ``"win"``), a :class:`tabletop.paired.PairedStudy` whose baseline is the LAWYER and whose
    switched arm is the DOCTOR (the difference is DOCTOR − LAWYER, game by game)."""
    arm = {space: {r["game"]: r for r in rows if r["arm"] == space}
           for space in ("LAWYER", "DOCTOR")}
    games = sorted(arm["LAWYER"])

    def mean(values: list[float]) -> MeanEstimate:
        return MeanEstimate(len(values), math.fsum(values), math.fsum(v * v for v in values))

    return {what: PairedStudy(mean([arm["LAWYER"][k][what] for k in games]),
                              mean([arm["DOCTOR"][k][what] for k in games]),
                              mean([arm["DOCTOR"][k][what] - arm["LAWYER"][k][what]
                                    for k in games]))
            for what in ("fees", "win")}


def given_space_study(games: int, seed: int) -> dict[str, PairedStudy]:
    """The DOCTOR against the LAWYER at the same price, in ``games`` pairs of full games (the
    same seed both ways; only the space given to seat 0 differs): :func:`same_price_study` of
    :func:`given_space_games`."""
    return same_price_study(given_space_games(games, seed))
