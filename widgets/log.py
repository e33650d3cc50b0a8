"""The event log: the last events of a game as sentences, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from tabletop import Event


class EventLog:
    """An HTML list (class ``tt-log``) of the last ``size`` event texts, newest first.

    The list carries ``data-count`` (the number of events so far) so that a test or a
    screen reader can tell that it grew.
    """

    def __init__(self, size: int = 60) -> None:
        self.size = size
        self.widget = w.HTML("")
        self.widget.add_class("tt-log")

    def show(self, events: Sequence[Event]) -> None:
        """Show the newest events of ``events``."""
        recent = list(events[-self.size:])[::-1]
        items = "".join(f"<li>{escape(e.text)}</li>" for e in recent)
        start = len(events)
        self.widget.value = (
            f'<ol class="tt-log-list" reversed start="{start}" data-count="{len(events)}" '
            f'aria-live="polite">{items}</ol>'
        )
