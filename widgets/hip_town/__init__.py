"""Hip Town in widgets: :mod:`.app` (the dashboard, ``HipTownApp``), :mod:`.table` (the
middle of the table and the neighbourhoods) and :mod:`.lessons` (the walkthrough's tables and
pictures). ``from widgets.hip_town import HipTownApp`` loads the app only when asked for, so a
walkthrough that imports the lessons alone does not build the dashboard's modules.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HipTownApp"]


def __getattr__(name: str) -> Any:
    """``HipTownApp``, imported on first use."""
    if name == "HipTownApp":
        from .app import HipTownApp

        return HipTownApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
