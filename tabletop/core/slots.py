"""Quick construction of the frozen records made at nearly every step of a game.

A frozen dataclass's own ``__init__`` fills each field through ``object.__setattr__``, past
the ``__setattr__`` that refuses changes: about twice as slow as filling the slots directly.
A decision is made at nearly every step and an event at every roll, pay or move, so
:class:`~tabletop.core.decisions.Decision` and :class:`~tabletop.core.events.Event` fill
their slots with the slots' own setters, and stay frozen for everyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

Setter = Callable[[Any, Any], None]


def slot_setters(cls: type) -> tuple[Setter, ...]:
    """The setter of each field's slot of the slots dataclass ``cls``, in field order."""
    return tuple(getattr(cls, f.name).__set__ for f in fields(cls))
