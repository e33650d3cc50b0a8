"""Paired studies of full games: is one choice better than another when the game is played?

A piece of advice ("take the loan", "bid 3 with this hand") is a claim about the whole game.
:func:`paired_study` checks it the way a careful experimenter would: every game is played
twice from the same seed, once with the seat's usual bot and once with a bot that differs in
that one choice only, against the same rivals (by default the game's heuristic bots). The
difference of the two results is taken game by game (common random numbers), so the luck
the two games share cancels and the interval of the difference is narrower than that of
two separate studies::

    study = paired_study("hitchiker", switched=partial(StakeBot, stake=0), games=2000, seed=7)
    study.difference            # the mean difference per game, with its 95% interval
    study.detectable            # the smallest difference a study of this size would resolve

A bot is given as a kind (``"heuristic"``, ``"random"``) or as a callable ``seed -> Bot``
that can be pickled (a module-level class or function, or a ``functools.partial`` of one),
so that the games can be shared among processes. What is compared (``metric``) is
``"win"`` (1 for a win, ``1/k`` for a win shared by ``k`` players, else 0), the name of a
figure of the player's result (``"cash"``), or a picklable callable ``(game, player) ->
float``.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from statistics import NormalDist
from typing import Any

from tabletop.bots import make_bot
from tabletop.cache import cached
from tabletop.core.errors import OptionError
from tabletop.core.game import Game
from tabletop.core.play import Bot, bot_move, play_to_end
from tabletop.core.registry import new_game
from tabletop.odds.montecarlo import MeanEstimate
from tabletop.odds.parallel import chunk_sizes, run_chunks
from tabletop.sim import derived_seed

BotMaker = str | Callable[[int], Bot]
Metric = str | Callable[[Game, str], float]
GAMES_PER_CHUNK = 25
#: z of 80% power: a true difference of (z of the level + this) standard errors is found
#: (its interval excludes 0) four times in five.
POWER_Z = 0.8416
#: The same at a 95% interval: 2.8 standard errors.
DETECTABLE_Z = 1.96 + POWER_Z


def _z(level: float) -> float:
    """The z of a two-sided interval at ``level`` (1.96 at 0.95)."""
    if not 0 < level < 1:
        raise OptionError(f"a level is a share between 0 and 1, such as 0.95, not {level!r}")
    return NormalDist().inv_cdf((1 + level) / 2)


def _decimals(width: float) -> int:
    """Decimals that show a figure to about a tenth of ``width`` (an interval's width)."""
    if not width > 0 or not math.isfinite(width):
        return 3
    return max(0, 1 - math.floor(math.log10(width)))


def plain(value: float, width: float) -> str:
    """``value`` written as a person writes it: thousands separated, no exponent, to the
    decimals that ``width`` (its interval's width) warrants; a minus sign, not a hyphen."""
    decimals = _decimals(width)
    while value and round(value, decimals) == 0 and decimals < 6:
        decimals += 1  # a small mean shows its first digit, never "−0.00"
    return f"{value:,.{decimals}f}".replace("-", "\u2212")


def signed(value: float, width: float) -> str:
    """:func:`plain` with its sign always written (+ or \u2212)."""
    return ("+" if value >= 0 else "") + plain(value, width)


@dataclass(frozen=True)
class PairedStudy:
    """The result of :func:`paired_study`: each arm's mean and the paired difference
    (switched minus baseline), each a :class:`MeanEstimate` with its 95% interval."""

    baseline: MeanEstimate
    switched: MeanEstimate
    difference: MeanEstimate

    @property
    def games(self) -> int:
        """How many seeds were played (each twice)."""
        return self.difference.trials

    @property
    def detectable(self) -> float:
        """The smallest true difference this study finds four times in five: 2.8 standard
        errors of the paired difference."""
        return self.detectable_at(0.95)

    def detectable_at(self, level: float) -> float:
        """The smallest true difference that a study of this size finds four times in five
        with an interval at ``level`` (a two-sided test at ``1 - level`` with 80% power)."""
        return (_z(level) + POWER_Z) * self.difference.std / math.sqrt(self.games)

    @property
    def resolved(self) -> bool:
        """Whether the 95% interval of the difference excludes zero."""
        low, high = self.difference.interval
        return low > 0 or high < 0

    def verdict(self, better: str = "the switched choice", worse: str = "the usual one",
                unit: str = "", level: float = 0.95) -> str:
        """One sentence a lesson can print: which arm did better, by how much, with the
        interval of the switched minus the usual at ``level`` (0.95, or 0.99 when several
        studies are read at once), or that the study cannot tell them apart, with the
        smallest difference it finds four times in five."""
        difference = replace(self.difference, z=_z(level))
        low, high = difference.interval
        mean = difference.mean
        games = f"{self.games:,}"
        if difference.std == 0:
            same = "no difference" if mean == 0 else f"{signed(mean, abs(mean))}{unit}"
            return (f"In {games} paired games the switch changed nothing: every pair came out "
                    f"the same ({same} a game).")
        width = high - low
        shown = (f"the switched minus the usual is {signed(mean, width)}{unit} a game "
                 f"({level:.0%} interval {signed(low, width)} to {signed(high, width)})")
        if not (low > 0 or high < 0):
            seen = self.detectable_at(level)
            return (f"In {games} paired games the two cannot be told apart: {shown}; a study "
                    f"this size finds a true difference of {plain(seen, seen)}{unit} or more "
                    "four times in five.")
        first, second = (better, worse) if mean > 0 else (worse, better)
        return (f"In {games} paired games {first} did better than {second}, by "
                f"{plain(abs(mean), width)}{unit} a game: {shown}.")

    def __repr__(self) -> str:
        return (f"PairedStudy(games={self.games}, baseline={self.baseline!r}, "
                f"switched={self.switched!r}, difference={self.difference!r})")


def _bot(name: str, maker: BotMaker, seed: int) -> Bot:
    return make_bot(name, maker, seed) if isinstance(maker, str) else maker(seed)


def _score(game: Game, player: str, metric: Metric) -> float:
    if callable(metric):
        return float(metric(game, player))
    result = game.result
    if metric == "win":
        winners = result.winners
        return 1 / len(winners) if player in winners else 0.0
    try:
        return float(result.figures[player][metric])
    except KeyError:
        figures = ", ".join(sorted(result.figures.get(player, {})))
        raise OptionError(f"the result has no figure {metric!r}; it has {figures}") from None


def _pair(name: str, index: int, seed: int, seat: int, switched: BotMaker,
          baseline: BotMaker, rivals: BotMaker, players: int | Sequence[str],
          options: dict[str, Any], metric: Metric, max_steps: int) -> tuple[float, float]:
    """Pair ``index`` of the study: the metric of seat ``seat`` played by ``baseline``, then by
    ``switched``, from the same seed against the same rivals.

    The two games are the same move for move until the switched bot first answers otherwise,
    so they are played as one until then: at each of the seat's decisions the switched bot is
    asked too (as it would be in its own game, in the same order). Where it first differs,
    the switched game is this game replayed to that point (the rules without the bots), its
    rivals copies of this game's rivals as they are then, and it goes on alone from the
    switched answer. A pair whose bots never differ is one game played once. Each game is
    exactly the game the two bots would have played from the seed on their own."""
    game = new_game(name, players=players, seed=derived_seed(seed, index), **options)
    me = game.players[seat]
    bots = {player: _bot(name, baseline if place == seat else rivals,
                         derived_seed(seed, index, place + 1))
            for place, player in enumerate(game.players)}
    shadow: Bot | None = _bot(name, switched, derived_seed(seed, index, seat + 1))
    apart: Game | None = None
    for _ in range(max_steps):
        pending = game.decision
        if pending is None:
            break
        action = bot_move(game, bots[pending.player])
        if shadow is not None and pending.player == me:
            other = bot_move(game, shadow)
            if other != action:
                apart = game.replayed()
                rivals_now = copy.deepcopy({p: b for p, b in bots.items() if p != me})
                apart.apply(other)
                play_to_end(apart, {**rivals_now, me: shadow},
                            max_steps=max_steps - apart.steps)
                shadow = None
        game.apply(action)
    else:
        raise RuntimeError(f"{game.name} did not end within {max_steps} moves")
    mine = _score(game, me, metric)
    return mine, mine if apart is None else _score(apart, me, metric)


def _pairs_chunk(name, seed, seat, switched, baseline, rivals, players, options, metric,
                 max_steps, sizes, index) -> list[tuple[float, float]]:
    first = sum(sizes[:index])
    return [_pair(name, first + k, seed, seat, switched, baseline, rivals, players, options,
                  metric, max_steps)
            for k in range(sizes[index])]


def _mean(values: Sequence[float]) -> MeanEstimate:
    return MeanEstimate(len(values), math.fsum(values), math.fsum(v * v for v in values))


@cached(ignore=("progress", "workers"))
def paired_study(
    name: str,
    switched: BotMaker,
    baseline: BotMaker = "heuristic",
    games: int = 1000,
    seed: int = 0,
    *,
    seat: int = 0,
    rivals: BotMaker = "heuristic",
    players: int | Sequence[str] = 3,
    options: dict[str, Any] | None = None,
    metric: Metric = "win",
    workers: int = 0,
    progress: bool | None = None,
    max_steps: int = 200_000,
) -> PairedStudy:
    """Play ``games`` seeds of ``name`` twice each: seat ``seat`` played by ``baseline``,
    then by ``switched``; every other seat by ``rivals``, the same bots with the same seeds
    in both games. See the module docstring for the bots and the metric."""
    if not isinstance(seat, int) or seat < 0:
        raise OptionError(f"a seat is a whole number from 0, not {seat!r}")
    sizes = chunk_sizes(games, GAMES_PER_CHUNK)
    task = partial(_pairs_chunk, name, seed, seat, switched, baseline, rivals, players,
                   dict(options or {}), metric, max_steps, sizes)
    chunks = run_chunks(task, len(sizes), workers=workers,
                        progress=games >= 200 if progress is None else progress,
                        desc=f"{name}: paired games")
    pairs = [pair for chunk in chunks for pair in chunk]
    return PairedStudy(
        baseline=_mean([b for b, _ in pairs]),
        switched=_mean([s for _, s in pairs]),
        difference=_mean([s - b for b, s in pairs]),
    )
