"""Hitchiker's views in one place: :mod:`.app` (the dashboard app and its board), :mod:`.table`
(the casino's felt), :mod:`.kinds` (how each kind of city is drawn) and :mod:`.lessons` (the
walkthrough's staging and pictures).

``from widgets.hitchiker import HitchikerApp`` keeps working as it did when the app was one
module; the app (and its widgets) is loaded only when one of its names is asked for, so the
lessons and the teacher's sheet do not pay for it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .kinds import KIND_COLOURS, city_label

_FROM_APP = ("HitchikerApp", "HitchikerTable", "deal_sentence")
__all__ = ["KIND_COLOURS", "city_label", *_FROM_APP]


def __getattr__(name: str) -> Any:
    """The app's names, imported on first use."""
    if name in _FROM_APP:
        return getattr(import_module(".app", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
