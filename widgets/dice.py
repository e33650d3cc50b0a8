"""Dice as text (Unicode faces ⚀-⚅) and drawn on a canvas."""

from __future__ import annotations

from collections.abc import Sequence

from ipycanvas import Canvas

from .palette import INK

FACES = "⚀⚁⚂⚃⚄⚅"

#: Pip positions on a unit square for each face.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}


def dice_text(faces: Sequence[int], sides: int = 6) -> str:
    """Six-sided faces as Unicode dice ("⚃ ⚃"); other dice (or faces) as their numbers."""
    return " ".join(FACES[f - 1] if sides == 6 and 1 <= f <= 6 else str(f) for f in faces)


def draw_dice(canvas: Canvas, x: float, y: float, faces: Sequence[int], size: float = 36) -> None:
    """Draw ``faces`` side by side with the top-left corner of the first die at (x, y)."""
    for k, face in enumerate(faces):
        left = x + k * (size * 1.25)
        canvas.fill_style = "white"
        canvas.fill_rect(left, y, size, size)
        canvas.stroke_style = INK
        canvas.line_width = 2
        canvas.stroke_rect(left, y, size, size)
        canvas.fill_style = INK
        for px, py in PIPS.get(face, ()):
            canvas.fill_circle(left + px * size, y + py * size, size * 0.09)
