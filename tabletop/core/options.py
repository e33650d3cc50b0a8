"""Game options (variants and limits): declared once per game, checked on every new game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its default, the allowed values (``choices`` or a ``low``..``high`` range)
    and a line saying what it changes."""

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None

    def check(self, game: str, name: str, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(self.default):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"{game}: option {name}={value!r} is not one of {allowed}")
            return value
        if type(value) is not type(self.default):
            raise OptionError(
                f"{game}: option {name} should be a {type(self.default).__name__}, not {value!r}"
            )
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise OptionError(
                f"{game}: option {name}={value!r} is outside {self.low}..{self.high}"
            )
        return value


def resolve_options(
    game: str, declared: Mapping[str, Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Every option's value: the defaults, overridden by ``given``, each checked."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        raise OptionError(f"{game}: unknown option {', '.join(unknown)} (known options: {known})")
    return {
        name: opt.check(game, name, given[name]) if name in given else opt.default
        for name, opt in declared.items()
    }
