"""Small helpers that keep the log and the prompts in plain English: a count with its noun
in the right number, and lists joined the way a sentence joins them."""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, singular for exactly one: ``1 pill``, ``0 pills``, ``3 pills``
    (``many``: the plural when it is not ``noun + "s"``)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def joined(items: Iterable[str], last: str = "and") -> str:
    """``Cy``, ``Cy and Dee``, ``Ann, Cy and Dee`` (``last``: the word before the last)."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def and_list(items: Iterable[str]) -> str:
    """``Ann, Cy and Dee``."""
    return joined(items, "and")


def or_list(items: Iterable[str]) -> str:
    """``pay, play a card or go to the lockup``."""
    return joined(items, "or")


def agrees(count: int, one: str, many: str) -> str:
    """The verb that agrees with ``count`` subjects: ``agrees(2, "comes", "come")``."""
    return one if count == 1 else many
