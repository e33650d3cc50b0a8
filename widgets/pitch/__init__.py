"""Pitch in widgets: the dashboard app (:mod:`.app`), its card table (:mod:`.table`) and the
walkthrough's staging and pictures (:mod:`.lessons`); the game's rules and lesson models live
in ``tabletop/games/pitch/``.

    from widgets.pitch import PitchApp
    from widgets.pitch import lessons

The app's names are imported when first asked for, so a page that needs only the lessons
(the teacher's sheet) does not load the app and its shared-table store.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["PitchApp", "bid_word", "dollars"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(".app", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
