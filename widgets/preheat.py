"""A page run before anyone asks for it: what a walkthrough does in Voilà's preheated kernels.

For a class (``make play CLASS=hitchiker``, see ``tools/class_pool.py``) Voilà keeps a pool of
kernels that have run the walkthrough already, so a student's page is sent at once instead of
being computed while thirty students wait. Such a kernel runs the notebook before the page's
request exists: its address (``?session=…`` of a class session, ``?table=…`` of a shared
table) is not in the environment yet. :func:`when_requested` defers what reads it: in a
pooled kernel, one background thread waits for Voilà to hand the kernel to a page
(``voila.utils.wait_for_request``, which copies the request into ``os.environ``) and then
hands the callbacks to the kernel's event loop, so that they change widgets on the kernel's
own thread, between two cells if the notebook is still running; anywhere else they run at
once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from urllib.parse import urlunsplit

from .address import QUERY_ENV, URL_ENV

LOG = logging.getLogger("widgets")
#: Set by Voilà in the kernels of its pools.
PREHEAT_ENV = "VOILA_PREHEAT"
#: Set in a kernel once its page's request is known (in every kernel Voilà starts for a page).
REQUEST_ENV = "SCRIPT_NAME"

_lock = threading.Lock()
_waiting: list[tuple[Callable[[], None], asyncio.AbstractEventLoop | None]] = []
_thread: threading.Thread | None = None


def waiting() -> bool:
    """Whether this kernel was started ahead of its page, which has not been asked for yet."""
    return os.environ.get(PREHEAT_ENV) == "True" and REQUEST_ENV not in os.environ


def when_requested(callback: Callable[[], None]) -> None:
    """Run ``callback`` once the page's request (its address) is in ``os.environ``: now,
    unless this kernel waits in a pool; then from one background thread when a page takes
    the kernel, on the event loop that called this (the kernel's), else on that thread.
    ``callback`` shows its own errors (a callback's errors are not seen otherwise)."""
    global _thread
    with _lock:
        if waiting():
            try:
                loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            except RuntimeError:  # no loop running here: the thread runs it
                loop = None
            _waiting.append((callback, loop))
            if _thread is None:
                _thread = threading.Thread(target=_wait, name="tabletop-preheat", daemon=True)
                _thread.start()
            return
    callback()


def _wait() -> None:
    """Wait for the page's request, record its address, then run the waiting callbacks."""
    global _thread
    from voila.utils import wait_for_request

    wait_for_request()
    os.environ.setdefault(REQUEST_ENV, "")
    # Voilà gives a pooled kernel the request's parts, not its address: rebuild it (the
    # address without its query is what the links of a session or a table start from).
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    if host:
        netloc = f"{host}:{port}" if port else host
        os.environ[URL_ENV] = urlunsplit(("http", netloc, os.environ[REQUEST_ENV],
                                          os.environ.get(QUERY_ENV, ""), ""))
    with _lock:
        callbacks = list(_waiting)
        _waiting.clear()
        _thread = None
    for callback, loop in callbacks:
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_run, callback)
        else:
            _run(callback)


def _run(callback: Callable[[], None]) -> None:
    """``callback()``, its error logged should it not show it itself."""
    try:
        callback()
    except Exception:  # the callbacks show their own errors; this is a last resort
        LOG.exception("after the page's request")
