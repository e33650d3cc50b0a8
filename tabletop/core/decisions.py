"""Decisions: what the game asks of one player, and which actions answer it.

Actions are plain JSON values (strings for choices, integers for amounts) so that a
game is replayed, saved and loaded from its seed and the list of actions alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from .errors import IllegalAction
from .slots import slot_setters

Action = str | int
NO_AMOUNTS = range(0)


@dataclass(frozen=True, slots=True, init=False)
class Amount:
    """An amount to choose: any value from ``low`` to ``high`` in steps of ``step``."""

    low: int
    high: int
    step: int = 1

    def __init__(self, low: int, high: int, step: int = 1) -> None:
        """The amount, its slots filled directly (tabletop.core.slots): a bid or a bet
        asks one."""
        set_low, set_high, set_step = _AMOUNT_SETTERS
        set_low(self, low)
        set_high(self, high)
        set_step(self, step)

    def __contains__(self, value: object) -> bool:
        return (
            type(value) is int
            and self.low <= value <= self.high
            and (value - self.low) % self.step == 0
        )

    def values(self) -> range:
        """Every amount allowed, lowest first, as a ``range`` (it holds no list: a bet of up
        to $45,000 costs nothing to give)."""
        return range(self.low, self.high + 1, self.step)

    def describe(self) -> str:
        step = f" in steps of {self.step}" if self.step != 1 else ""
        return f"an amount from {self.low} to {self.high}{step}"


_AMOUNT_SETTERS = slot_setters(Amount)


class LegalActions(Sequence[Action]):
    """Every legal answer to a decision, in order: its choices, then each amount of its
    range from low to high (:meth:`Amount.values`).

    A sequence, not a list: an amount's range may hold tens of thousands of values
    (Hitchiker's bets), so they are never laid out. ``len``, indexing, ``in`` and a uniform
    pick (``legal[int(random() * len(legal))]``, ``random.choice(legal)``) cost the same for
    any range; iterating, ``list(legal)`` and slicing give every action. It equals any
    sequence holding the same actions in the same order (``legal == ["roll"]``).
    """

    __slots__ = ("_amounts", "_choices", "_count")

    def __init__(self, choices: tuple[str, ...], amounts: range | None = None) -> None:
        self._choices = choices
        self._amounts = NO_AMOUNTS if amounts is None else amounts
        self._count = len(choices)

    @property
    def choices(self) -> tuple[str, ...]:
        """The choices (text), without the amounts."""
        return self._choices

    @property
    def amounts(self) -> range:
        """The amounts allowed (an empty range when no amount is asked)."""
        return self._amounts

    def __len__(self) -> int:
        return self._count + len(self._amounts)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if 0 <= index < self._count:
            return self._choices[index]
        if 0 <= index - self._count < len(self._amounts):
            return self._amounts[index - self._count]
        raise IndexError("legal action index out of range")

    def __iter__(self) -> Iterator[Action]:
        yield from self._choices
        yield from self._amounts

    def __contains__(self, action: object) -> bool:
        if type(action) is str:
            return action in self._choices
        return type(action) is int and action in self._amounts

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = [repr(c) for c in self._choices]
        if self._amounts:
            a = self._amounts
            step = f" in steps of {a.step}" if a.step != 1 else ""
            shown.append(f"{a.start}..{a[-1]}{step}")
        return f"[{', '.join(shown)}]"


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """The one thing the game waits for: ``player`` must answer ``prompt``.

    ``choices`` lists every allowed choice; ``amount`` (if any) allows any amount in
    its range as well; ``labels`` gives friendlier button texts for some choices;
    ``values`` (if any) maps each choice to what the rules receive back for it;
    ``again`` (if any) makes the same question afresh from the table as it is then (see
    :meth:`Game.asking <tabletop.core.game.Game.asking>`).
    """

    player: str
    kind: str
    prompt: str
    choices: tuple[str, ...] = ()
    amount: Amount | None = None
    labels: tuple[tuple[str, str], ...] = ()
    values: dict[str, Any] | None = field(default=None, compare=False, hash=False)
    again: Callable[[], Decision] | None = field(default=None, compare=False, hash=False,
                                                 repr=False)

    def __init__(self, player: str, kind: str, prompt: str, choices: tuple[str, ...] = (),
                 amount: Amount | None = None, labels: tuple[tuple[str, str], ...] = (),
                 values: dict[str, Any] | None = None,
                 again: Callable[[], Decision] | None = None) -> None:
        """The decision, its slots filled directly (tabletop.core.slots): one is made at
        nearly every step."""
        (set_player, set_kind, set_prompt, set_choices, set_amount, set_labels, set_values,
         set_again) = _SETTERS
        set_player(self, player)
        set_kind(self, kind)
        set_prompt(self, prompt)
        set_choices(self, choices)
        set_amount(self, amount)
        set_labels(self, labels)
        set_values(self, values)
        set_again(self, again)

    def value(self, action: Action) -> Any:
        """What the rules receive for ``action``: its mapped value, else the action itself."""
        return action if self.values is None or type(action) is not str else self.values[action]

    def legal_actions(self) -> LegalActions:
        """Every legal action: each choice, then every amount of :attr:`amount`'s range."""
        return LegalActions(self.choices, None if self.amount is None else self.amount.values())

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


_SETTERS = slot_setters(Decision)
