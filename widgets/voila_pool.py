"""Voilà's pools of preheated kernels, used once: the kernel manager of ``make play CLASS=…``.

Voilà 0.5 replaces each kernel a page takes from a pool (``fill_if_needed``, ``fill_delay``
seconds later), and a replacement still waiting counts as one of the pool's: a page asked for
meanwhile waits for it. For a class that means as many new kernels starting at once as there
are students, while they open and then use their pages: the class's memory twice over on the
teacher's laptop, and both cores busy. A class
needs its pages once, so :class:`ClassKernelManager` fills each pool when Voilà starts and
never refills it; once a pool is empty (a student beyond ``SEATS``, a reload), pages are
served as without a pool.

``tools/class_pool.py`` names it as Voilà's ``multi_kernel_manager_class``, the documented
place for "a kernel manager with support for pooling". Voilà builds its pooled manager as a
subclass of that class; :meth:`ClassKernelManager.__init_subclass__` keeps only that
subclass's first fill (the one at start, with no delay).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, whose pooled subclass (Voilà's) fills its pools only once."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fill = cls.__dict__.get("fill_if_needed")
        if fill is not None:
            cls.fill_if_needed = _at_start(fill)  # type: ignore[attr-defined]


def _at_start(fill: Callable[..., Any]) -> Callable[..., Any]:
    """``fill`` run when Voilà starts (``delay=0``), not when a page has taken a kernel
    (``delay=None``: Voilà's own delay)."""

    @functools.wraps(fill)
    def fill_at_start(self: Any, delay: float | None = None, *args: Any, **kwargs: Any) -> Any:
        if delay is None:  # a page took a kernel: it is not replaced
            return None
        return fill(self, delay, *args, **kwargs)

    return fill_at_start
