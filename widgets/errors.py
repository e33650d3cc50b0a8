"""The error area: every callback of an app runs through :meth:`ErrorArea.guard`.

In Voilà an exception inside a widget callback is invisible (not on the page, not in
the server log), so the app catches it, shows it readably and logs it.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from html import escape
from typing import Any, ParamSpec, TypeVar

from .shared import label

LOG = logging.getLogger("widgets")
P = ParamSpec("P")
R = TypeVar("R")


class ErrorArea:
    """An HTML box (class ``tt-error``) that is empty until something goes wrong."""

    def __init__(self) -> None:
        self.widget = label("")
        self.widget.add_class("tt-error")
        self.messages: list[str] = []

    def show(self, exc: BaseException, where: str) -> None:
        """Show ``exc`` (with the last lines of its traceback) and log it in full."""
        LOG.error("error in %s", where, exc_info=exc)
        lines = traceback.format_exception(exc)
        message = f"Something went wrong ({where}): {type(exc).__name__}: {exc}"
        self.messages.append(message)
        detail = "".join(lines[-4:])
        self.widget.value = (
            f"<pre role='alert'>{escape(message)}\n\n{escape(detail)}</pre>"
        )

    def clear(self) -> None:
        """Empty the area (after a successful new game or load)."""
        self.messages.clear()
        self.widget.value = ""

    def guard(self, where: str) -> Callable[[Callable[P, R]], Callable[P, R | None]]:
        """Decorate a callback so that any exception is shown here instead of vanishing."""

        def wrap(fn: Callable[P, R]) -> Callable[P, R | None]:
            @functools.wraps(fn)
            def guarded(*args: P.args, **kwargs: P.kwargs) -> R | None:
                try:
                    return fn(*args, **kwargs)
                except Exception as exc:
                    self.show(exc, where)
                    return None

            return guarded

        return wrap

    def call(self, where: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` guarded (for one-off calls such as timer ticks)."""
        return self.guard(where)(fn)(*args)
