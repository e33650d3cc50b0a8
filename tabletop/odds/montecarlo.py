"""Seeded Monte Carlo with confidence intervals: the second way to get an answer.

An *experiment* is either vectorised, ``experiment(rng, n) -> successes in n
trials`` (fast: numpy does the loop), or per trial, ``experiment(rng) -> bool``
(plain Python, easy to read). Which one is told apart by how many arguments
it takes. Trials are cut into fixed chunks, each with its own child seed, so
the counts are the same whatever ``workers`` or ``client`` computes them.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from tabletop.cache import cached
from tabletop.odds.display import approx, minus
from tabletop.odds.errors import OddsError
from tabletop.odds.parallel import chunk_rng, chunk_sizes, run_chunks

VECTOR_CHUNK = 1 << 20
"""Trials per chunk for vectorised experiments (memory stays flat)."""
TRIAL_CHUNK = 10_000
"""Trials per chunk for per-trial experiments."""

_TWO_DICE = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel().astype(np.int64)
"""The 36 equally likely ordered pairs of two dice, as their sums."""
_TWO_DICE_32 = _TWO_DICE.astype(np.int32)
"""The same sums as 32-bit integers, which ``np.bincount`` takes on every platform (a 32-bit
numpy, as in a browser's Python, refuses 64-bit integers there)."""


def _level(z: float) -> str:
    return f"{100 * math.erf(z / math.sqrt(2)):.0f}%"


def _shown(centre: float, interval: tuple[float, float], z: float, trials: int) -> str:
    """An estimate as a student reads it, in the words the primer teaches (§2):
    ``0.1667 (95% interval 0.1644 – 0.1690, 100,000 trials)``."""
    low, high = (minus(approx(end)) for end in interval)
    return f"{minus(approx(centre))} ({_level(z)} interval {low} – {high}, {trials:,} trials)"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``k`` successes in ``n`` trials.

    Unlike p ± z·sqrt(p(1-p)/n), it stays inside [0, 1] and behaves for
    proportions near 0 or 1 (no successes is not "certainly impossible").
    """
    if n <= 0 or not 0 <= k <= n:
        raise OddsError(f"need 0 <= successes <= trials and trials > 0, got {k} of {n}")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """``successes`` out of ``trials``, with a Wilson interval at ``z`` (1.96: 95%)."""

    successes: int
    trials: int
    z: float = 1.96

    @property
    def p_hat(self) -> float:
        """The observed proportion."""
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson confidence interval (low, high)."""
        return wilson(self.successes, self.trials, self.z)

    def contains(self, exact: float | Fraction) -> bool:
        """Whether the exact value lies inside the interval."""
        low, high = self.interval
        return low <= float(exact) <= high

    def __repr__(self) -> str:
        return _shown(self.p_hat, self.interval, self.z, self.trials)


@dataclass(frozen=True)
class MeanEstimate:
    """The mean of ``trials`` values, with a normal (z) confidence interval."""

    trials: int
    total: float
    total_squares: float
    z: float = 1.96

    @property
    def mean(self) -> float:
        return self.total / self.trials

    @property
    def std(self) -> float:
        """The sample standard deviation of the values."""
        if self.trials < 2:
            return 0.0
        spread = self.total_squares - self.total * self.total / self.trials
        return math.sqrt(max(0.0, spread) / (self.trials - 1))

    @property
    def interval(self) -> tuple[float, float]:
        half = self.z * self.std / math.sqrt(self.trials)
        return self.mean - half, self.mean + half

    def contains(self, exact: float | Fraction) -> bool:
        low, high = self.interval
        return low <= float(exact) <= high

    def __repr__(self) -> str:
        return _shown(self.mean, self.interval, self.z, self.trials)


def check(exact: float | Fraction, estimate: Estimate | MeanEstimate) -> bool:
    """Does the simulation agree with the exact answer (inside its interval)?"""
    return estimate.contains(exact)


def _vectorised(experiment: Callable[..., Any]) -> bool:
    """Two required positional arguments (rng, n) mean a vectorised experiment."""
    try:
        parameters = inspect.signature(experiment).parameters.values()
    except (TypeError, ValueError):
        return True
    required = [
        p
        for p in parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    return len(required) >= 2


def _chunk_values(
    experiment: Callable[..., Any], vectorised: bool, seed: int, sizes: list[int], index: int
) -> np.ndarray:
    rng = chunk_rng(seed, index)
    n = sizes[index]
    if vectorised:
        return np.asarray(experiment(rng, n))
    return np.array([experiment(rng) for _ in range(n)], dtype=float)


def _count_chunk(experiment, vectorised, seed, sizes, index) -> int:
    values = _chunk_values(experiment, vectorised, seed, sizes, index)
    return int(values) if values.ndim == 0 else int(np.count_nonzero(values))


def _moments_chunk(experiment, vectorised, seed, sizes, index) -> tuple[int, float, float]:
    values = _chunk_values(experiment, vectorised, seed, sizes, index).astype(float)
    if values.shape != (sizes[index],):
        raise OddsError(
            f"a mean experiment must return one value per trial ({sizes[index]}), "
            f"got shape {values.shape}"
        )
    return len(values), float(values.sum()), float((values * values).sum())


def _sizes(experiment: Callable[..., Any], trials: int, chunk: int | None) -> tuple[bool, list]:
    vectorised = _vectorised(experiment)
    return vectorised, chunk_sizes(trials, chunk or (VECTOR_CHUNK if vectorised else TRIAL_CHUNK))


@cached(ignore=("workers", "client", "progress"))
def estimate(
    experiment: Callable[..., Any],
    trials: int,
    seed: int,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    chunk: int | None = None,
    z: float = 1.96,
) -> Estimate:
    """Estimate a probability by simulation.

    ``experiment(rng, n)`` returns the number of successes in ``n`` trials
    (or a boolean array of them); ``experiment(rng)`` returns one trial's
    success. The same ``seed`` gives the same count for any ``workers``.
    """
    vectorised, sizes = _sizes(experiment, trials, chunk)
    task = partial(_count_chunk, experiment, vectorised, seed, sizes)
    counts = run_chunks(
        task, len(sizes), workers=workers, client=client, progress=progress, desc="trials"
    )
    successes = sum(counts)
    if not 0 <= successes <= trials:
        raise OddsError(f"the experiment reported {successes} successes in {trials} trials")
    return Estimate(successes, trials, z)


@cached(ignore=("workers", "client", "progress"))
def estimate_mean(
    experiment: Callable[..., Any],
    trials: int,
    seed: int,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    chunk: int | None = None,
    z: float = 1.96,
) -> MeanEstimate:
    """Estimate an expectation: ``experiment(rng, n)`` returns ``n`` values
    (or ``experiment(rng)`` returns one)."""
    vectorised, sizes = _sizes(experiment, trials, chunk)
    task = partial(_moments_chunk, experiment, vectorised, seed, sizes)
    parts = run_chunks(
        task, len(sizes), workers=workers, client=client, progress=progress, desc="trials"
    )
    return MeanEstimate(
        trials=sum(p[0] for p in parts),
        total=math.fsum(p[1] for p in parts),
        total_squares=math.fsum(p[2] for p in parts),
        z=z,
    )


@cached
def repeat(sampler: Callable[..., Any], rng: np.random.Generator, n: int, *args: Any,
           **kwargs: Any) -> list[Any]:
    """``n`` draws of ``sampler(rng, *args, **kwargs)``, one after another from ``rng``: the
    very list a loop over them gives (and ``rng`` is left where that loop leaves it), kept in
    the kit's cache so that a page opened again reads it instead of drawing it again."""
    if n < 0:
        raise OddsError(f"the number of draws must be 0 or more, not {n}")
    return [sampler(rng, *args, **kwargs) for _ in range(n)]


# --- dice, fast ------------------------------------------------------------------------
def roll_sums(rng: np.random.Generator, n: int, dice: int = 2, sides: int = 6) -> np.ndarray:
    """``n`` sums of ``dice`` dice with ``sides`` sides each, as 64-bit integers (so that
    ``roll_sums(rng, n) * 1000`` cannot overflow)."""
    if dice == 2 and sides == 6:
        return _TWO_DICE[rng.integers(0, 36, size=n, dtype=np.uint8)]
    sums = np.zeros(n, dtype=np.int64)
    for _ in range(dice):
        sums += rng.integers(1, sides + 1, size=n, dtype=np.int64)
    return sums


def _count_sums(seed: int, sizes: list[int], dice: int, sides: int, index: int) -> np.ndarray:
    rng = chunk_rng(seed, index)
    n = sizes[index]
    if dice == 2 and sides == 6:  # count the 36 ordered pairs, then fold them into sums
        pairs = np.bincount(rng.integers(0, 36, size=n, dtype=np.uint8), minlength=36)
        return np.bincount(_TWO_DICE_32, weights=pairs, minlength=13).astype(np.int64)
    sums = roll_sums(rng, n, dice, sides).astype(np.int32)  # see _TWO_DICE_32
    return np.bincount(sums, minlength=dice * sides + 1).astype(np.int64)


@cached(ignore=("workers", "client", "progress"))
def sum_counts(
    n: int,
    seed: int,
    *,
    dice: int = 2,
    sides: int = 6,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
) -> np.ndarray:
    """How often each sum turned up in ``n`` seeded rolls: ``counts[s]`` for s = 0..max
    (kept in the kit's cache)."""
    sizes = chunk_sizes(n, VECTOR_CHUNK)
    parts = run_chunks(
        partial(_count_sums, seed, sizes, dice, sides),
        len(sizes),
        workers=workers,
        client=client,
        progress=progress,
        desc="rolls",
    )
    return np.sum(parts, axis=0)


# --- walks on a chain ------------------------------------------------------------------
def walk_until(rng: np.random.Generator, matrix: np.ndarray, starts: np.ndarray,
               traps: Collection[int], most: int = 10_000) -> np.ndarray:
    """Walkers on the chain whose row ``i`` of ``matrix`` gives the chances of each next state
    from state ``i``, one from each of ``starts``, each moved until it first enters one of
    ``traps`` (a walker starting on a trap must still step off and back): the trap each
    entered. The second way to an absorbing chain's ``probabilities``."""
    ahead = np.cumsum(np.asarray(matrix, dtype=float), axis=1)
    is_trap = np.zeros(len(ahead), dtype=bool)
    is_trap[list(traps)] = True
    where = np.array(starts, dtype=np.int64)
    ended = np.full(len(where), -1, dtype=np.int64)
    moving = np.arange(len(where))
    for _ in range(most):
        if not moving.size:
            return ended
        u = rng.random(moving.size)
        step = np.minimum((ahead[where[moving]] < u[:, None]).sum(axis=1), len(ahead) - 1)
        where[moving] = step
        done = is_trap[step]
        ended[moving[done]] = step[done]
        moving = moving[~done]
    raise OddsError(f"{moving.size:,} walkers reached no trap in {most:,} steps")
