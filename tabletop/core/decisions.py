"""Decisions: what the game asks of one player, and which actions answer it.

Actions are plain JSON values (strings for choices, integers for amounts) so that a
game is replayed, saved and loaded from its seed and the list of actions alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction

Action = str | int


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount to choose: any value from ``low`` to ``high`` in steps of ``step``."""

    low: int
    high: int
    step: int = 1

    def __contains__(self, value: object) -> bool:
        return (
            type(value) is int
            and self.low <= value <= self.high
            and (value - self.low) % self.step == 0
        )

    def samples(self) -> list[int]:
        """A few representative amounts: both extremes and some between (for bots)."""
        span = (self.high - self.low) // self.step
        picks = {0, span, span // 4, span // 2, (3 * span) // 4, min(span, 1)}
        return [self.low + k * self.step for k in sorted(picks)]

    def describe(self) -> str:
        step = f" in steps of {self.step}" if self.step != 1 else ""
        return f"an amount from {self.low} to {self.high}{step}"


@dataclass(frozen=True, slots=True)
class Decision:
    """The one thing the game waits for: ``player`` must answer ``prompt``.

    ``choices`` lists every allowed choice; ``amount`` (if any) allows any amount in
    its range as well; ``labels`` gives friendlier button texts for some choices;
    ``values`` (if any) maps each choice to what the rules receive back for it.
    """

    player: str
    kind: str
    prompt: str
    choices: tuple[str, ...] = ()
    amount: Amount | None = None
    labels: tuple[tuple[str, str], ...] = ()
    values: dict[str, Any] | None = field(default=None, compare=False, hash=False)

    def value(self, action: Action) -> Any:
        """What the rules receive for ``action``: its mapped value, else the action itself."""
        return action if self.values is None or type(action) is not str else self.values[action]

    def legal_actions(self) -> list[Action]:
        """Every choice, plus representative amounts when an amount is asked."""
        if self.amount is None:
            return list(self.choices)
        return [*self.choices, *self.amount.samples()]

    def allows(self, action: object) -> bool:
        """Whether ``action`` answers this decision."""
        if type(action) is str:
            return action in self.choices
        return self.amount is not None and action in self.amount

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` with a readable reason unless ``action`` is allowed."""
        if self.allows(action):
            return
        wanted = []
        if self.choices:
            wanted.append("one of " + ", ".join(repr(c) for c in self.choices))
        if self.amount is not None:
            wanted.append(self.amount.describe())
        raise IllegalAction(
            f"{action!r} is not allowed now. {self.player} must answer "
            f"\u201c{self.prompt}\u201d with {' or '.join(wanted)}."
        )

    def label(self, choice: str) -> str:
        """The text to show on the button for ``choice``."""
        return dict(self.labels).get(choice, choice)
