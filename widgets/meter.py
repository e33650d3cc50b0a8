"""A short straight track drawn inside a board: a Lifeometer, a Zonkometer, a score line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ipycanvas import Canvas

from .board import Rect, Token, draw_token
from .palette import INK


def draw_meter(
    layer: Canvas,
    box: Rect,
    labels: Sequence[str],
    tokens: Mapping[int, Sequence[Token]],
    title: str = "",
    shades: Sequence[str] = (),
) -> None:
    """Draw ``labels`` as a row of cells filling ``box`` (title above), with ``tokens`` per
    cell stacked upwards; ``shades`` optionally colours each cell (e.g. pale to dark)."""
    cell_w = box.w / len(labels)
    top = box.y + (16 if title else 0)
    cell_h = box.h - (top - box.y)
    if title:
        layer.fill_style = INK
        layer.font = "bold 12px sans-serif"
        layer.text_align = "left"
        layer.text_baseline = "top"
        layer.fill_text(title, box.x, box.y)
    label_h = 14
    for k, label in enumerate(labels):
        x = box.x + k * cell_w
        layer.fill_style = shades[k] if k < len(shades) else "white"
        layer.fill_rect(x, top, cell_w, cell_h)
        layer.stroke_style = INK
        layer.line_width = 1
        layer.stroke_rect(x, top, cell_w, cell_h)
        layer.fill_style = INK
        layer.font = "9px sans-serif"
        layer.text_align = "center"
        layer.text_baseline = "bottom"
        layer.fill_text(label, x + cell_w / 2, top + cell_h - 2)
    radius = min(cell_w * 0.38, 9.0)
    for k, stack in tokens.items():
        cx = box.x + (k + 0.5) * cell_w
        for j, token in enumerate(stack):
            cy = top + cell_h - label_h - radius - j * (radius * 2.1)
            draw_token(layer, cx, cy, radius, token)
