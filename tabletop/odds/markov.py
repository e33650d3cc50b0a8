"""Markov chains on a game's track, exact (Fractions) and fast (numpy).

A token moving round a loop by dice rolls forgets everything but where it
stands: a Markov chain. Two questions the walkthroughs ask of such chains:

* where does the token spend its time in the long run (:meth:`MarkovChain.stationary`);
* when a chain ends in traps (death, waking from a coma), how long it takes and
  which trap catches it (:meth:`MarkovChain.absorbing`, via the fundamental
  matrix N = (I - Q)^-1).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.odds.dist import Dist, whole_weights
from tabletop.odds.errors import OddsError
from tabletop.odds.linalg import solve

if TYPE_CHECKING:  # pandas is imported where a table is made
    import pandas as pd

_SPLIT = (
    "no unique long-run distribution: the chain falls into separate parts "
    "that never reach each other"
)


def _whole_rows(matrix: Sequence[Sequence[Fraction]]) -> tuple[list[list[tuple[int, int]]], int]:
    """Each row's non-zero entries as ``(column, whole weight)`` over one common denominator
    of the whole matrix, and that denominator."""
    scale = math.lcm(*(q.denominator for row in matrix for q in row))
    return [[(j, q.numerator * (scale // q.denominator)) for j, q in enumerate(row) if q]
            for row in matrix], scale


class MarkovChain:
    """A finite Markov chain: ``matrix[i][j]`` = P(next state j | state i), exact.

    Every row must be non-negative and add up to exactly 1.
    """

    def __init__(self, states: Sequence[Hashable], matrix: Sequence[Sequence[Any]]):
        self.states: tuple = tuple(states)
        if len(set(self.states)) != len(self.states):
            raise OddsError("the states of a Markov chain must all be different")
        if len(matrix) != len(self.states):
            raise OddsError(
                f"the matrix has {len(matrix)} rows for {len(self.states)} states"
            )
        rows = []
        for state, row in zip(self.states, matrix, strict=True):
            if len(row) != len(self.states):
                raise OddsError(
                    f"the row of state {state!r} has {len(row)} entries, "
                    f"not one per state ({len(self.states)})"
                )
            try:
                Dist(zip(self.states, row, strict=True))
            except OddsError as err:
                raise OddsError(
                    f"the row of state {state!r} is not a distribution: {err}"
                ) from None
            rows.append(tuple(Fraction(v) for v in row))
        self._set(tuple(rows))

    def _set(self, matrix: tuple[tuple[Fraction, ...], ...]) -> None:
        self.matrix: tuple[tuple[Fraction, ...], ...] = matrix
        self._index = {s: i for i, s in enumerate(self.states)}
        self._floats: np.ndarray | None = None

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle (and a cache key) holds: the chain, not the floats made from it."""
        return {k: v for k, v in self.__dict__.items() if k != "_floats"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _floats=None)

    @classmethod
    def from_rows(cls, rows: Mapping[Hashable, Dist]) -> MarkovChain:
        """Build from ``{state: Dist of the next state}``."""
        states = list(rows)
        index = {s: i for i, s in enumerate(states)}
        matrix = [[Fraction(0)] * len(states) for _ in states]
        for s, dist in rows.items():
            for t, p in dist.items():
                if t not in index:
                    raise OddsError(f"state {s!r} can move to {t!r}, which is not a state")
                matrix[index[s]][index[t]] += p
        chain = cls.__new__(cls)  # every row is a Dist already: no need to check again
        chain.states = tuple(states)
        chain._set(tuple(tuple(row) for row in matrix))
        return chain

    def __repr__(self) -> str:
        return f"MarkovChain({len(self.states)} states)"

    def row(self, state: Hashable) -> Dist:
        """Where the chain goes next from ``state``."""
        return Dist(zip(self.states, self.matrix[self._index[state]], strict=True))

    def to_numpy(self) -> np.ndarray:
        """The transition matrix as floats (a fresh copy; the exact matrix never changes, so
        its floats are made once: a lesson asking many rows of one chain pays for one)."""
        if self._floats is None:
            self._floats = np.array([[float(p) for p in row] for row in self.matrix])
        return self._floats.copy()

    def after(self, start: Hashable | Dist, steps: int) -> Dist:
        """The exact distribution of the state after ``steps`` moves from ``start``: the
        chances moved one step at a time along the matrix, counted in whole weights over a
        common denominator (exact, one Fraction a state at the end)."""
        current = start if isinstance(start, Dist) else Dist.certain(start)
        rows, scale = _whole_rows(self.matrix)
        weights, total = whole_weights(current)
        vector = [0] * len(self.states)
        for s, w in weights.items():
            vector[self._index[s]] = w
        for _ in range(steps):
            nxt = [0] * len(vector)
            for i, w in enumerate(vector):
                if w:
                    for j, q in rows[i]:
                        nxt[j] += w * q
            vector, total = nxt, total * scale
        return Dist.exact_weights(dict(zip(self.states, vector, strict=True)), total)

    # --- long run ------------------------------------------------------------------
    def stationary(self) -> Dist:
        """The exact long-run share of time in each state (pi = pi P, sum pi = 1)."""
        n = len(self.states)
        a = [[self.matrix[j][i] - (1 if i == j else 0) for j in range(n)] for i in range(n)]
        a[-1] = [Fraction(1)] * n
        b = [[Fraction(0)] for _ in range(n - 1)] + [[Fraction(1)]]
        x = solve(a, b, singular=_SPLIT)
        return Dist(zip(self.states, (row[0] for row in x), strict=True))

    def stationary_numpy(self) -> np.ndarray:
        """The long-run distribution as floats, in the order of ``states``."""
        p = self.to_numpy()
        n = len(p)
        a = p.T - np.eye(n)
        a[-1] = 1.0
        b = np.zeros(n)
        b[-1] = 1.0
        try:
            return np.linalg.solve(a, b)
        except np.linalg.LinAlgError:
            raise OddsError(_SPLIT) from None

    # --- absorbing chains ------------------------------------------------------------
    def _split(self) -> tuple[list[int], list[int]]:
        trap = [i for i in range(len(self.states)) if self.matrix[i][i] == 1]
        if not trap:
            raise OddsError("the chain has no absorbing state (one it never leaves)")
        moving = [i for i in range(len(self.states)) if self.matrix[i][i] != 1]
        return moving, trap

    def absorbing(self) -> Absorption:
        """Expected steps to absorption and absorption probabilities, exactly.

        With Q the transient-to-transient block and R the transient-to-absorbing
        block, t = N 1 and B = N R where N = (I - Q)^-1.
        """
        moving, trap = self._split()
        m = self.matrix
        i_minus_q = [[(1 if i == j else 0) - m[i][j] for j in moving] for i in moving]
        rhs = [[Fraction(1)] + [m[i][k] for k in trap] for i in moving]
        x = solve(i_minus_q, rhs, singular=_NEVER_ABSORBED)
        return Absorption.build(self.states, moving, trap, x)

    def absorbing_numpy(self) -> Absorption:
        """Same as :meth:`absorbing`, in floats."""
        moving, trap = self._split()
        p = self.to_numpy()
        i_minus_q = np.eye(len(moving)) - p[np.ix_(moving, moving)]
        rhs = np.column_stack([np.ones(len(moving)), p[np.ix_(moving, trap)]])
        try:
            x = np.linalg.solve(i_minus_q, rhs)
        except np.linalg.LinAlgError:
            raise OddsError(_NEVER_ABSORBED) from None
        return Absorption.build(self.states, moving, trap, x.tolist())


    def visits_numpy(self, start: Hashable) -> dict:
        """Expected visits to each transient state before absorption, starting from
        ``start`` (its first visit counted): the row of ``start`` in the fundamental matrix
        N = (I - Q)^-1, in floats. The visits add up to :meth:`absorbing`'s expected steps."""
        moving, _ = self._split()
        p = self.to_numpy()
        i_minus_q = np.eye(len(moving)) - p[np.ix_(moving, moving)]
        first = np.zeros(len(moving))
        first[moving.index(self._index[start])] = 1.0
        try:
            row = np.linalg.solve(i_minus_q.T, first)
        except np.linalg.LinAlgError:
            raise OddsError(_NEVER_ABSORBED) from None
        return {self.states[i]: float(v) for i, v in zip(moving, row, strict=True)}

_NEVER_ABSORBED = "some non-absorbing states can never reach an absorbing state"


@dataclass(frozen=True)
class Absorption:
    """What an absorbing chain does from each transient state.

    ``steps[s]``: expected moves until absorption starting at ``s``;
    ``probabilities[s][a]``: chance of ending in absorbing state ``a``.
    """

    transient: tuple
    absorbing: tuple
    steps: dict
    probabilities: dict

    @classmethod
    def build(
        cls, states: tuple, moving: list[int], trap: list[int], solution: list[list[Any]]
    ) -> Absorption:
        transient = tuple(states[i] for i in moving)
        traps = tuple(states[k] for k in trap)
        return cls(
            transient=transient,
            absorbing=traps,
            steps={s: row[0] for s, row in zip(transient, solution, strict=True)},
            probabilities={
                s: dict(zip(traps, row[1:], strict=True))
                for s, row in zip(transient, solution, strict=True)
            },
        )

    def table(self) -> pd.DataFrame:
        """One row per transient state: expected steps, then P(end in each trap)."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "expected steps": [self.steps[s] for s in self.transient],
                **{
                    f"P(end at {a})": [self.probabilities[s][a] for s in self.transient]
                    for a in self.absorbing
                },
            },
            index=pd.Index(self.transient, name="from"),
        )
        return frame.map(float)


def as_dist(value: Dist | Hashable) -> Dist:
    """A Dist stays as it is; a plain state becomes a certain move to it."""
    return value if isinstance(value, Dist) else Dist.certain(value)


def chain_from_step(
    states: int | Sequence[Hashable], step: Callable[[Any], Dist | Hashable]
) -> MarkovChain:
    """A chain from a rule ``step(state) -> Dist of the next state`` (or a state).

    ``states`` is a count (states 0..n-1) or the list of states, so special
    states (a jail lockup beside its board space) can be added.
    """
    states = range(states) if isinstance(states, int) else states
    return MarkovChain.from_rows({s: as_dist(step(s)) for s in states})


def ring_chain(
    n_spaces: int, move: Dist, teleports: Mapping[int, Dist | int] | None = None
) -> MarkovChain:
    """A token on a loop of ``n_spaces``: from ``s`` it moves to ``(s + k) % n``
    with ``k`` drawn from ``move``; landing on a teleport space sends it on to a
    fixed space or to a space drawn from a distribution.

    With no teleports every column of the matrix holds the same numbers shifted
    (a circulant matrix), so the long-run distribution is exactly uniform.
    """
    teleports = {t: as_dist(to) for t, to in (teleports or {}).items()}

    def step(space: int) -> Dist:
        weights: dict[int, Fraction] = {}
        for k, p in move.items():
            landed = (space + k) % n_spaces
            for end, q in teleports.get(landed, Dist.certain(landed)).items():
                weights[end] = weights.get(end, Fraction(0)) + p * q
        return Dist(weights)

    return chain_from_step(n_spaces, step)
