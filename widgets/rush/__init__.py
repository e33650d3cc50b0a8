"""RUSH's one place in widgets: :mod:`.app` (the dashboard, ``RushApp``), :mod:`.table` (the
board, tracks and secret cards) and :mod:`.lessons` (the walkthrough's and the sheet's
staging, house editions and pictures). ``from widgets.rush import RushApp`` works as before;
the app and the table are imported only when asked for, so the lessons stay light.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: What the package exports, and the module of each.
EXPORTS = {"RushApp": "app", "cents": "app", "lucky_day_lines": "app", "RushTable": "table",
           "KIND_COLOURS": "table", "space_label": "table"}

__all__ = sorted(EXPORTS)


def __getattr__(name: str) -> Any:
    """Import an exported name's module on first use (PEP 562)."""
    if name not in EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{EXPORTS[name]}", __name__), name)
