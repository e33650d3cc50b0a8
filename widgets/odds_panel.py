"""The odds panel: the chance of what just happened, and of what may happen next."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

import ipywidgets as w

from tabletop import Event

from .chances import chance_text
from .dice import dice_text


def event_chances(event: Event) -> list[str]:
    """Sentences giving the exact chance carried by one event ([] if it carries none).

    A roll event tells how likely its total was; any event with ``data["p"]`` tells how
    likely the thing it reports was (e.g. "a 7 or a double"), or, when ``data["p_of"]``
    says what the chance is of (e.g. "the Jack of trumps is among the dealt cards"), how
    likely that was.
    """
    data = event.data
    lines = []
    if event.kind == "roll" and "p_total" in data:
        faces = data.get("dice", ())
        total = data.get("total")
        sides = int(data.get("what", "1d6").partition("d")[2] or 6)
        shown = dice_text(faces, sides) + ("" if sides == 6 else f" on a die of {sides} faces")
        what = f"{event.player} rolled {shown}" if event.player else "Rolled"
        if len(faces) > 1:
            lines.append(f"{what} = {total}: a total of {total} has "
                         f"{chance_text(data['p_total'])}.")
        else:
            lines.append(f"{what}: {chance_text(data['p_total'])}.")
    p = data.get("p")
    if isinstance(p, Fraction | int):
        what = data.get("p_of") or event.text
        lines.append(f"{what[:1].upper()}{what[1:]}: {chance_text(Fraction(p))}.")
    return lines


def recent_chances(events: Sequence[Event], count: int = 4) -> list[str]:
    """The chance sentences of the last ``count`` events that carry one, newest first; a
    sentence is told once (Pitch's deal and trump events carry the same chance)."""
    lines: list[str] = []
    for event in reversed(events):
        lines.extend(line for line in event_chances(event) if line not in lines)
        if len(lines) >= count:
            break
    return lines[:count]


class OddsPanel:
    """Two short lists (class ``tt-odds``): "just happened" and "may happen next"."""

    def __init__(self) -> None:
        self.widget = w.HTML("")
        self.widget.add_class("tt-odds")

    def show(self, happened: Sequence[str], upcoming: Sequence[str]) -> None:
        """Show both lists (a dash when one is empty)."""
        def items(lines: Sequence[str]) -> str:
            return "".join(f"<li>{escape(line)}</li>" for line in lines) or "<li>—</li>"

        self.widget.value = (
            '<div class="tt-box-title">What just happened</div>'
            f"<ul class='tt-odds-past'>{items(happened)}</ul>"
            '<div class="tt-box-title">What may happen next</div>'
            f"<ul class='tt-odds-next'>{items(upcoming)}</ul>"
        )
