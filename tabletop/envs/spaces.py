"""What an agent sees and does in a kit game: a fixed action space and an observation vector.

An action is a number: ``0 .. choices-1`` picks the decision's choice at that place (in the
order the decision lists them); ``choices + b`` asks for amount bucket ``b`` of
``BUCKETS``, from the lowest amount allowed (``b = 0``) to the highest (the last), rounded
to the amount's step. The game's ``encode.py`` says how many choices a decision may list.

The observation is one float vector: the pending decision (its kind and size), every
seat's money and place, every space's owner and highlight, then the game's own
``features(view)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import numpy as np

from tabletop.core.decisions import Action, Amount, Decision
from tabletop.core.errors import OptionError

BUCKETS = 11
#: How many shapes of decision an action space keeps the legal numbers of.
KNOWN_SHAPES = 4096


def encoding(name: str) -> ModuleType:
    """The game's ``encode.py``."""
    return importlib.import_module(f"tabletop.games.{name}.encode")


class ActionSpace:
    """The numbered actions of one game: choice places, then amount buckets."""

    def __init__(self, choices: int, buckets: int = BUCKETS) -> None:
        self.choices = choices
        self.buckets = buckets
        self.size = choices + buckets
        #: The legal numbers of each shape of decision met so far: they hang only on how
        #: many choices it lists and on its amount.
        self._numbers: dict[tuple[int, Amount | None], tuple[int, ...]] = {}

    def amount(self, amount: Amount, bucket: int) -> int:
        """The amount of ``bucket``: an even share of the way from low to high, on a step."""
        steps = (amount.high - amount.low) // amount.step
        return amount.low + round(bucket * steps / (self.buckets - 1)) * amount.step

    def numbers(self, decision: Decision) -> tuple[int, ...]:
        """The numbers that answer ``decision``, lowest first (a bucket only when its amount
        is not an earlier bucket's)."""
        shape = (len(decision.choices), decision.amount)
        known = self._numbers.get(shape)
        if known is not None:
            return known
        if shape[0] > self.choices:
            raise OptionError(f"{decision.kind!r} lists {shape[0]} choices; the "
                              f"game's encode.py allows {self.choices}")
        legal = list(range(shape[0]))
        if decision.amount is not None:
            seen: set[int] = set()
            for bucket in range(self.buckets):
                value = self.amount(decision.amount, bucket)
                if value not in seen:
                    seen.add(value)
                    legal.append(self.choices + bucket)
        if len(self._numbers) >= KNOWN_SHAPES:  # amounts vary without end in a long session
            self._numbers.clear()
        known = self._numbers[shape] = tuple(legal)
        return known

    def legal(self, decision: Decision) -> list[int]:
        """:meth:`numbers` as a list."""
        return list(self.numbers(decision))

    def mask(self, decision: Decision | None) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        if decision is not None:
            mask[self.legal(decision)] = 1
        return mask

    def action(self, decision: Decision, number: int) -> Action:
        """The kit action that ``number`` stands for."""
        number = int(number)
        if 0 <= number < len(decision.choices):
            return decision.choices[number]
        if decision.amount is not None and self.choices <= number < self.size:
            return self.amount(decision.amount, number - self.choices)
        raise OptionError(f"action {number} does not answer {decision.kind!r} "
                          f"(legal: {self.legal(decision)})")

    def describe(self, decision: Decision, number: int) -> str:
        action = self.action(decision, number)
        return decision.label(action) if type(action) is str else str(action)


class Observer:
    """The observation vector of one game, the same length for every view of it."""

    def __init__(self, name: str, players: tuple[str, ...]) -> None:
        self.encode = encoding(name)
        self.players = players
        self.kinds = {kind: k for k, kind in enumerate(self.encode.KINDS)}
        self.size: int | None = None

    def __call__(self, view: Mapping[str, Any]) -> np.ndarray:
        money = self.encode.MONEY
        decision = view["decision"]
        kind = [0.0] * len(self.kinds)
        asked = [0.0, 0.0, 0.0, 0.0]
        if decision is not None:
            kind[self.kinds[decision["kind"]]] = 1.0
            amount = decision["amount"]
            asked = [len(decision["choices"]) / self.encode.CHOICES,
                     float(amount is not None),
                     0.0 if amount is None else amount[0] / money,
                     0.0 if amount is None else amount[1] / money]
        seats = view["seats"]
        spaces = view["spaces"]
        seat_numbers = [x for s in seats for x in (
            float(s["name"] == view["you"]), float(s["name"] == view["waiting_for"]),
            s["money"] / money,
            -1.0 if s["position"] is None else s["position"] / max(len(spaces), 1))]
        index = {p: k for k, p in enumerate(self.players)}
        owners = []
        for space in spaces:
            owned = [0.0] * (len(self.players) + 1)
            owned[index.get(space["owner"], len(self.players))] = float(space["owner"] is not None)
            owners += [*owned, float(space["highlight"])]
        vector = np.array([float(view["over"]), *kind, *asked, *seat_numbers, *owners,
                           *self.encode.features(view)], dtype=np.float32)
        if self.size is None:
            self.size = len(vector)
        elif len(vector) != self.size:
            raise OptionError(f"{view['game']}: an observation of {len(vector)} numbers, "
                              f"not {self.size} (encode.features must keep its length)")
        return vector
