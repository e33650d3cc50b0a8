"""A ring track: spaces in a loop, moves clockwise, passing and landing."""

from __future__ import annotations

from dataclasses import dataclass

from .slots import slot_setters


@dataclass(frozen=True, slots=True, init=False)
class Move:
    """A move from ``start`` by ``steps``: the spaces entered in order (the last is landed on)."""

    start: int
    steps: int
    size: int

    def __init__(self, start: int, steps: int, size: int) -> None:
        """The move, its slots filled directly (tabletop.core.slots): a token moves nearly
        every turn."""
        set_start, set_steps, set_size = _MOVE_SETTERS
        set_start(self, start)
        set_steps(self, steps)
        set_size(self, size)

    @property
    def end(self) -> int:
        return (self.start + self.steps) % self.size

    def entered(self) -> list[int]:
        """Every space entered on the way, the landing space last."""
        return [(self.start + k) % self.size for k in range(1, self.steps + 1)]

    def passes(self, space: int) -> bool:
        """Whether the move passes or lands on ``space`` (leaving it does not count)."""
        if self.steps <= 0:
            return False
        return self.steps >= self.size or 0 < (space - self.start) % self.size <= self.steps

    def passed_over(self, space: int) -> bool:
        """Whether the move goes over ``space`` without stopping on it."""
        return self.passes(space) and space != self.end


_MOVE_SETTERS = slot_setters(Move)


@dataclass(frozen=True, slots=True)
class RingTrack:
    """``size`` spaces in a loop, numbered clockwise from 0."""

    size: int

    def move(self, start: int, steps: int) -> Move:
        return Move(start, steps, self.size)

    def steps_to(self, start: int, target: int) -> int:
        """Steps clockwise from ``start`` to ``target`` (a full lap when they are the same)."""
        return (target - start - 1) % self.size + 1

    def next_of(self, start: int, spaces: frozenset[int] | set[int]) -> int:
        """The first of ``spaces`` strictly ahead of ``start`` going clockwise."""
        return min(spaces, key=lambda s: self.steps_to(start, s))
