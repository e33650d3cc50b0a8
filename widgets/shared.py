"""Layouts and styles shared by the widgets that never change theirs.

Every ipywidget brings a ``Layout`` model of its own, and a button, a label or a text box a
style model too: each is one more message from the kernel through Voilà to every page, and one
more model for the browser to build. A walkthrough's predict-first boxes and hidden answers
(``widgets.predict``) are many and all alike, and nothing changes their layout or style once
shown, so they share one model of each kind (as do the session bar's fixed parts and every
error area): a predict box is seven models instead of seventeen. A widget whose layout does
change (shown, hidden) is given a ``Layout`` of its own (``widgets.class_session`` does so for
the row it hides).
"""

from __future__ import annotations

from typing import TypeVar

import ipywidgets as w

Model = TypeVar("Model", bound=w.Widget)
_SHARED: dict[tuple[type, tuple[tuple[str, str], ...]], w.Widget] = {}


def shared(kind: type[Model], **traits: str) -> Model:
    """The one model of ``kind`` (a ``Layout`` or a style class) with these ``traits`` that
    this kernel's widgets share; made again if it was closed (``Widget.close_all()``)."""
    key = (kind, tuple(sorted(traits.items())))
    model = _SHARED.get(key)
    if model is None or model.comm is None:
        model = _SHARED[key] = kind(**traits)
    return model  # type: ignore[return-value]


def layout(**traits: str) -> w.Layout:
    """The shared ``Layout`` with ``traits`` (none: the default layout)."""
    return shared(w.Layout, **traits)


def style(widget: type[w.DOMWidget]) -> w.Style:
    """The shared style model of the kind ``widget`` takes (``w.Button``: a ``ButtonStyle``)."""
    return shared(widget.class_traits()["style"].klass)


def label(value: str = "") -> w.HTML:
    """An ``HTML`` widget with the shared layout and style (its text may change)."""
    return w.HTML(value, layout=layout(), style=style(w.HTML))
