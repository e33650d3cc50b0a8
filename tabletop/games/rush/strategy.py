"""Pill or two dice (RULES.md 5 D): RUSH's central decision, as a small decision problem.

The kit's model, "the pill race", keeps what the decision is about and leaves out the
rest. One player goes round the loop alone; only Home acts (stopping short there, resting,
the win at the top of the Zonkometer). Every turn the player takes a pill (rules 7a, 9,
10: the Zonkometer goes up, a sense may go down, a 6 is a coma, rules 13-16), rolls two
dice, or rests at Home (rule 22), and pills never run out. Rivals are one number: before
each of the player's turns the game may already be over with chance ``urgency`` (someone
else won). That one number is an approximation, a geometric game length;
:func:`horizon_values` prices the race with any law of game lengths instead, to measure
it. The best play maximises the chance of winning; it is found by value iteration, in
floats, for every (senses face up, Zonkometer, space) at once.

Each table is indexed ``[senses up - 1, Zonkometer - low, space]``. A policy says what to
do in every state (:data:`PILL`, :data:`DICE` or :data:`REST`) and, for passing Home,
whether to stop there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from tabletop.cache import cached
from tabletop.core.chance import total_probability
from tabletop.odds.errors import OddsError

from .content import DIE_FACES, TWO_DICE_TOTALS, Content
from .odds import AWAKE, SENSES, coma_chain, kit_content, rest_gain

PILL, DICE, REST = 0, 1, 2
ACTIONS = ("pill", "two dice", "rest")
TOLERANCE = 1e-12


@dataclass(frozen=True)
class Policy:
    """What to do in each state (``act``) and whether to stop at Home when passing it on
    the way to each state (``stop``), both indexed like the value tables."""

    act: np.ndarray
    stop: np.ndarray


@dataclass(frozen=True)
class Race:
    """The pill race on ``content``'s board and tracks, with rivals who end the game before
    any one of our turns with chance ``urgency``."""

    urgency: Fraction = Fraction(1, 40)
    content: Content | None = None

    def __post_init__(self) -> None:
        if not 0 < self.urgency < 1:
            raise OddsError(f"the chance that rivals end the game before a turn should be "
                            f"between 0 and 1 (not included), not {self.urgency}")

    @property
    def c(self) -> Content:
        return self.content or kit_content()

    @property
    def shape(self) -> tuple[int, int, int]:
        c = self.c
        return SENSES, c.zonk_high - c.zonk_low + 1, len(c.board)

    @cached_property
    def wake(self) -> np.ndarray:
        """``wake[s - 1, t - 1]``: from the darkest coma step with s senses up, the chance of
        waking with t senses up before the game is over (the coma chain, exactly)."""
        chain = coma_chain(True, self.content, kept=True, ends=self.urgency)
        ends = chain.absorbing().probabilities
        return np.array([[float(ends[(0, s)][(AWAKE, t)]) for t in range(1, SENSES + 1)]
                         for s in range(1, SENSES + 1)])

    def moves(self, steps: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From every space, moving ``steps``: where the token goes on to, and whether it
        lands on Home or passes over it (rule 8: it may stop short there)."""
        n = self.shape[2]
        home = self.c.first("home")
        ahead = (home - np.arange(n)) % n
        ahead[ahead == 0] = n
        return (np.arange(n) + steps) % n, ahead == steps, ahead < steps

    def arrivals(self, value: np.ndarray, stop: np.ndarray | None = None
                 ) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """For each move length: the value of arriving after it from every state, and
        whether stopping at Home is chosen (``stop`` given, or the better of the two)."""
        beta = 1 - float(self.urgency)
        home = self.c.first("home")
        at_home = beta * value[:, :, home]
        at_home[:, -1] = 1.0  # rule 1: Home at the top of the Zonkometer wins
        out = {}
        for steps in range(1, max(TWO_DICE_TOTALS) + 1):
            to, lands, passes = self.moves(steps)
            going = beta * value[:, :, to]
            halt = at_home[:, :, None] >= going if stop is None else stop[:, :, to]
            halt = halt & passes | lands
            out[steps] = np.where(halt, at_home[:, :, None], going), halt
        return out

    def action_values(self, value: np.ndarray, stop: np.ndarray | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
        """The value of each action from every state, given the values of the next turn
        (``[action, ...]``, -1 where the action is not allowed), and the stops chosen."""
        beta = 1 - float(self.urgency)
        arrive = self.arrivals(value, stop)
        q = np.full((3, *self.shape), -1.0)
        die = 1 / DIE_FACES
        up = np.arange(1, SENSES + 1)[:, None, None] / SENSES
        higher = np.minimum(np.arange(self.shape[1]) + 1, self.shape[1] - 1)
        pill = np.zeros(self.shape)
        for face in range(1, DIE_FACES):
            after = arrive[face][0][:, higher]
            fewer = np.concatenate([np.zeros_like(after[:1]), after[:-1]])
            pill += die * (up * fewer + (1 - up) * after)
        coma = np.einsum("st,tzd->szd", self.wake, beta * value[:, higher])
        q[PILL] = pill + die * coma
        q[DICE] = sum(float(total_probability(2, DIE_FACES, t)) * arrive[t][0]
                      for t in TWO_DICE_TOTALS)
        home = self.c.first("home")
        gain = np.array([float(rest_gain(s)) for s in range(1, SENSES + 1)])[:, None]
        better = np.concatenate([value[1:, :, home], value[-1:, :, home]])
        rest = beta * (gain * better + (1 - gain) * value[:, :, home])
        q[REST, :-1, :, home] = rest[:-1]
        stops = np.stack([arrive[t][1] for t in range(1, max(TWO_DICE_TOTALS) + 1)])
        return q, stops

    def solve(self) -> tuple[np.ndarray, Policy]:
        """The best chance of winning from every state, and the policy that reaches it (kept in
        the kit's cache, keyed on the urgency and the content)."""
        return _solved(self.urgency, self.content)

    def _solve(self) -> tuple[np.ndarray, Policy]:
        value = np.zeros(self.shape)
        while True:
            q, _ = self.action_values(value)
            best = q.max(axis=0)
            if np.abs(best - value).max() < TOLERANCE:
                break
            value = best
        return best, self.best_policy(best)

    def best_policy(self, value: np.ndarray) -> Policy:
        """The action with the highest value in every state; stop at Home when that is worth
        at least as much as going on."""
        q, _ = self.action_values(value)
        beta = 1 - float(self.urgency)
        home = self.c.first("home")
        at_home = beta * value[:, :, home]
        at_home[:, -1] = 1.0
        return Policy(q.argmax(axis=0), at_home[:, :, None] >= beta * value)

    def evaluate(self, policy: Policy) -> np.ndarray:
        """The chance of winning from every state when playing ``policy`` (kept in the kit's
        cache, keyed on the urgency, the content and the policy)."""
        return _evaluated(self.urgency, self.content, policy)

    def _evaluate(self, policy: Policy) -> np.ndarray:
        value = np.zeros(self.shape)
        pick = policy.act[None]
        while True:
            q, _ = self.action_values(value, policy.stop)
            new = np.take_along_axis(q, pick, axis=0)[0]
            if np.abs(new - value).max() < TOLERANCE:
                return new
            value = new

    def rule_of_thumb(self, careful: int = 3, rested: int = 4) -> Policy:
        """The heuristic bot's rule (bots.py): rest at Home below ``rested`` senses up, a pill
        while at least ``careful`` are up and the Zonkometer is below the top, else two dice;
        stop at Home with ``careful`` senses or fewer, or at the top."""
        s = np.arange(1, SENSES + 1)[:, None, None] * np.ones(self.shape)
        top = np.zeros(self.shape, dtype=bool)
        top[:, -1] = True
        act = np.where((s >= careful) & ~top, PILL, DICE)
        act[:, :, self.c.first("home")] = np.where(
            s[:, :, 0] < rested, REST, act[:, :, self.c.first("home")])
        return Policy(act, (s <= careful) | top)

    def always_pill(self) -> Policy:
        """A pill every turn below the top, two dice at the top; stop at Home only to win."""
        top = np.zeros(self.shape, dtype=bool)
        top[:, -1] = True
        return Policy(np.where(top, DICE, PILL), top)

    def play(self, policy: Policy, senses: int, zonkometer: int, space: int,
             rng: np.random.Generator) -> bool:
        """One race played with dice from the given state (a second way to the same
        chance): True for a win. The game is on for this first turn."""
        c, dice = self.c, random.Random(int(rng.integers(2**63)))
        up = [True] * senses + [False] * (SENSES - senses)
        z, where, coma = zonkometer - c.zonk_low, space, None
        home, n, top = c.first("home"), len(c.board), self.shape[1] - 1
        while True:
            if coma is not None:
                change = c.coma_steps[dice.randrange(DIE_FACES)]
                coma = coma + change if change > 0 else max(0, coma + change)
                if change < 0:
                    up[up.index(True)] = False
                coma = None if coma >= c.awake else coma
            elif policy.act[sum(up) - 1, z, where] == REST:
                face = dice.randint(1, DIE_FACES)
                up[face - 1 if face <= SENSES else up.index(False)] = True
            else:
                if policy.act[sum(up) - 1, z, where] == PILL:
                    z, steps = min(z + 1, top), dice.randint(1, DIE_FACES)
                    if steps > SENSES:
                        coma, steps = 0, 0
                    else:
                        up[steps - 1] = False
                else:
                    steps = dice.randint(1, DIE_FACES) + dice.randint(1, DIE_FACES)
                ahead = (home - where) % n or n
                stop = ahead < steps and policy.stop[max(sum(up), 1) - 1, z, (where + steps) % n]
                if any(up) and (ahead == steps or stop):
                    if z == top:
                        return True
                    where = home
                elif steps:
                    where = (where + steps) % n
            if not any(up) or dice.random() < self.urgency:
                return False


#: The chance that stands for "never" or "surely" where the race needs one strictly between.
TINY = Fraction(1, 10**9)


@cached
def horizon_values(survivors: Sequence[int], policy: Policy | None = None,
                   content: Content | None = None) -> np.ndarray:
    """The chance of winning the pill race from every state at the first turn when the game
    lasts more than ``t`` turns in ``survivors[t]`` of ``survivors[0]`` games (a real law of
    game lengths, the bot games' say) instead of the race's one ``urgency`` before every turn:
    worked backward over the turns, turn ``t`` ending the game before the next one with the
    chance ``1 - survivors[t + 1] / survivors[t]`` (a coma is priced with the chance of the
    turn it starts on). With ``policy`` the value of playing it, else of the best play."""
    counts = [*survivors, 0]
    value = np.zeros(Race(TINY, content).shape)
    for t in reversed(range(len(survivors))):
        ends = Fraction(counts[t] - counts[t + 1], counts[t]) if counts[t] else Fraction(1)
        race = Race(min(max(ends, TINY), 1 - TINY), content)
        q, _ = race.action_values(value, None if policy is None else policy.stop)
        value = q.max(axis=0) if policy is None else np.take_along_axis(
            q, policy.act[None], axis=0)[0]
    return value


@cached
def _solved(urgency: Fraction, content: Content | None) -> tuple[np.ndarray, Policy]:
    """:meth:`Race.solve`, computed once for each urgency and content."""
    return Race(urgency, content)._solve()


@cached
def _evaluated(urgency: Fraction, content: Content | None, policy: Policy) -> np.ndarray:
    """:meth:`Race.evaluate`, computed once for each urgency, content and policy."""
    return Race(urgency, content)._evaluate(policy)
