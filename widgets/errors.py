"""The error area: every callback of an app runs through :meth:`ErrorArea.guard`.

In Voilà an exception inside a widget callback is invisible (not on the page, not in
the server log), so the app catches it and shows one sentence a student or a projector can
act on: what went wrong and what to do (reload the page, ask the teacher). The traceback,
with the server's file paths, never reaches the page: it goes to the server's log (the
kernel's standard error, which Voilà writes to its own), with where it happened (a shared
table's code and step).
"""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable
from html import escape
from typing import Any, ParamSpec, TypeVar

from .shared import label

LOG = logging.getLogger("widgets")
P = ParamSpec("P")
R = TypeVar("R")
#: What a page may say of an exception: its first line, at most this many characters.
SHOWN_CHARS = 200
WHAT_TO_DO = "Reload the page; if it happens again, ask your teacher."


def server_log() -> None:
    """Send the kit's log records (the widgets' errors, the tables' refused moves) to the
    process's own standard error, which is the server's log in a Voilà kernel (a kernel's
    ``sys.stderr`` would send them to the page instead). Done once per process."""
    if getattr(server_log, "done", False):
        return
    handler = logging.StreamHandler(sys.__stderr__)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    for name in ("widgets", "tabletop.tables"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    server_log.done = True  # type: ignore[attr-defined]


def sentence(exc: BaseException, where: str) -> str:
    """What a page says of ``exc``: one sentence of what went wrong, then what to do."""
    first = (str(exc).strip().splitlines() or [""])[0]
    if len(first) > SHOWN_CHARS:
        first = first[:SHOWN_CHARS].rstrip() + "…"
    what = first.rstrip(".") if first else type(exc).__name__
    return f"Something went wrong ({where}): {what}. {WHAT_TO_DO}"


class ErrorArea:
    """An HTML box (class ``tt-error``) that is empty until something goes wrong.

    ``context`` (set by the app) says where the page is, for the log: e.g. "table K7QX2,
    step 12"."""

    def __init__(self) -> None:
        server_log()
        self.widget = label("")
        self.widget.add_class("tt-error")
        self.messages: list[str] = []
        self.context: Callable[[], str] = lambda: ""

    def show(self, exc: BaseException, where: str) -> None:
        """Show one sentence of ``exc``; log it in full, with where the page is."""
        try:
            context = self.context()
        except Exception:  # the log line matters more than the context
            context = "context unknown"
        LOG.error("error in %s%s", where, f" ({context})" if context else "", exc_info=exc)
        message = sentence(exc, where)
        self.messages.append(message)
        self.widget.value = f"<p role='alert'>{escape(message)}</p>"

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
