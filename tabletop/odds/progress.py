"""A progress bar that suits where the code runs: a terminal or a notebook.

The engine never imports Jupyter; this helper only *looks* for a running
notebook kernel and, if there is one and ipywidgets is installed, shows
tqdm's widget bar. Everywhere else it is tqdm's text bar (or nothing).
"""

from __future__ import annotations

import sys
from typing import Any


class NoBar:
    """A bar that shows nothing (``progress=False``): tqdm is not even imported for it."""

    def update(self, n: int = 1) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


def in_notebook() -> bool:
    """True inside a Jupyter kernel (a ZMQ shell), False in scripts and terminals."""
    shell = sys.modules.get("IPython")
    get_ipython = getattr(shell, "get_ipython", None)
    if get_ipython is None:
        return False
    ipython = get_ipython()
    return ipython is not None and type(ipython).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, desc: str = "", enabled: bool = True) -> Any:
    """A tqdm bar over ``total`` units; call ``.update(k)`` and ``.close()``.

    Disabled bars cost nothing and print nothing.
    """
    if not enabled:
        return NoBar()
    if in_notebook():
        try:
            import ipywidgets  # noqa: F401  (only to learn whether widgets can show)
        except ImportError:
            pass
        else:
            from tqdm.notebook import tqdm as widget_bar

            return widget_bar(total=total, desc=desc)
    from tqdm import tqdm as text_bar

    return text_bar(total=total, desc=desc, file=sys.stderr)
