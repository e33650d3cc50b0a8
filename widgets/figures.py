"""Rendered figures kept in the result cache: a walkthrough's plots drawn once for a class.

Drawing a matplotlib figure to PNG is most of a warm walkthrough's kernel time (the inline
backend draws every figure twice: once after the cell, once for the picture). Every plot of a
walkthrough comes from seeded results, so the same figure is drawn again and again, once per
student. :func:`keep_rendered` (called by :mod:`widgets.lessons`) makes a Jupyter kernel

- key each picture on the figure itself: a pickle of the figure (everything matplotlib
  needs to draw it again; the transforms' bookkeeping left out so that two kernels building
  the same figure get the same key), the options of the picture, the rcParams and the version
  of matplotlib, hashed;
- read that picture from the kit's result cache (:mod:`tabletop.cache`), or draw it and keep
  it there (a picture shown, or saved as a PNG file: a file is rewritten only when it changes);
- skip pyplot's extra draw after each cell under the inline backend (the picture is drawn,
  or read, when the figure is shown).

A figure that cannot be pickled is drawn as before. With the cache off (``TABLETOP_CACHE=off``)
every picture is drawn.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.figure import Figure
from matplotlib.transforms import AffineBase, TransformNode

from tabletop import cache

_DRAW = FigureCanvasBase.print_figure


class _KeyPickler(pickle.Pickler):
    """Pickles a figure for its key only (never unpickled). A transform is kept by what it
    does, not by its bookkeeping: its matrix brought up to date, and left out its parents
    (the transforms to tell when it changes, keyed by ``id()`` and held weakly: which of them
    are still alive depends on the garbage collector) and the caches matplotlib fills as it
    draws (the affine part, the inverse). A figure drawn already and the same figure not
    drawn yet get the same key, in any kernel."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, TransformNode):
            if isinstance(obj, AffineBase):
                obj.get_matrix()  # what drawing would do: the cached matrix made current
            reduced = list(obj.__reduce_ex__(5))
            reduced[2] = {k: v for k, v in reduced[2].items() if k not in _BOOKKEEPING}
            return tuple(reduced)
        return NotImplemented


#: What a transform keeps for matplotlib's bookkeeping (not part of what the figure shows).
_BOOKKEEPING = frozenset({"_parents", "_affine", "_inverted", "_invalid"})


def figure_key(figure: Figure, options: dict[str, Any]) -> str | None:
    """The SHA-256 of what a picture of ``figure`` drawn with ``options`` depends on, or
    ``None`` when the figure cannot be pickled."""
    buffer = io.BytesIO()
    try:
        _KeyPickler(buffer, protocol=5).dump(figure)
    except Exception:  # a figure holding something unpicklable: not cached
        return None
    digest = hashlib.sha256(buffer.getvalue())
    rc = sorted((k, repr(v)) for k, v in matplotlib.rcParams.items())
    digest.update(repr((matplotlib.__version__, sorted(options.items(), key=str), rc)).encode())
    return digest.hexdigest()


@cache.cached(ignore=("canvas", "options"))
def picture(key: str, canvas: FigureCanvasBase, options: dict[str, Any]) -> bytes:
    """The bytes of the picture of ``canvas``'s figure (keyed on ``key`` only, which
    :func:`figure_key` computes from the figure and ``options``)."""
    buffer = io.BytesIO()
    _DRAW(canvas, buffer, **options)
    return buffer.getvalue()


def _print_figure(self: FigureCanvasBase, filename: Any, *args: Any, **options: Any) -> Any:
    """``FigureCanvasBase.print_figure``, reading the picture from the cache when it goes
    into memory or into a PNG file (a file is written only when its bytes change)."""
    if args or cache.memory() is None:
        return _DRAW(self, filename, *args, **options)
    if isinstance(filename, io.BytesIO):
        key = figure_key(self.figure, options)
        if key is not None:
            filename.write(picture(key, self, options))
            return None
    elif isinstance(filename, str | os.PathLike) and Path(filename).suffix == ".png":
        options = {"format": "png", **options}
        key = figure_key(self.figure, options)
        if key is not None:
            data, path = picture(key, self, options), Path(filename)
            if not path.is_file() or path.read_bytes() != data:
                path.write_bytes(data)
            return None
    return _DRAW(self, filename, *args, **options)


def keep_rendered() -> None:
    """Read and keep pictures of figures in the result cache, and skip pyplot's extra draw
    after each cell under the inline backend (see the module's notes)."""
    from matplotlib import pyplot

    FigureCanvasBase.print_figure = _print_figure  # type: ignore[method-assign]
    if pyplot._draw_all_if_interactive is not _draw_unless_inline:
        _PYPLOT_DRAW.append(pyplot._draw_all_if_interactive)
        pyplot._draw_all_if_interactive = _draw_unless_inline
        shell = _shell()
        if shell is not None and _PYPLOT_DRAW[0] in shell.events.callbacks["post_execute"]:
            shell.events.unregister("post_execute", _PYPLOT_DRAW[0])
            shell.events.register("post_execute", _draw_unless_inline)


_PYPLOT_DRAW: list[Any] = []


def _draw_unless_inline() -> None:
    """pyplot's draw after each cell, left out under the inline backend: there the picture
    is drawn (or read) when the figure is shown, and nothing else needs the draw."""
    if "inline" not in matplotlib.get_backend():
        _PYPLOT_DRAW[0]()


def _shell() -> Any:
    """The running IPython shell, if any."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()
