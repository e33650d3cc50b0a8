"""The Smokers Wild table: the 28-space loop drawn by the kit's ring board, the Lifeometer
inside it, the last throw and the Tobacco Company's money, all read from ``game.view(player)``
(documented in ``tabletop/games/smokers_wild/view.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ipycanvas import Canvas

from tabletop import Game

from ..board import Rect, RingBoard, Token, spaces_of
from ..dice import draw_dice
from ..meter import draw_meter
from ..palette import INK, seat_colours

#: Each kind of space: the fill of its colour band, and its name in the middle's legend.
KINDS: dict[str, tuple[str, str]] = {
    "undertaker": ("#444444", "Undertaker"),
    "advertising": ("#e76f51", "Advertising"),
    "occupation": ("#457b9d", "Occupation"),
    "puff": ("#9b5de5", "Hav' a Puff"),
    "vacation": ("#2a9d8f", "Vacation"),
    "quit": ("#8ac926", "I Quit"),
}
KIND_COLOURS: dict[str, str] = {kind: colour for kind, (colour, _) in KINDS.items()}


def company_money(balance: int) -> tuple[str, str]:
    """The Tobacco Company's money in two short lines a student reads: the company never
    runs out, so what counts is how much more it has paid out than taken in (or the
    reverse). ``-540`` -> ``("has paid out K540 more", "than it took in")``."""
    if balance < 0:
        return f"has paid out K{-balance} more", "than it took in"
    if balance > 0:
        return f"has taken in K{balance} more", "than it paid out"
    return "has paid out just as much", "as it took in"


def company_sentence(balance: int) -> str:
    """``-540`` -> ``"The Tobacco Company has paid out K540 more than it took in"``."""
    return "The Tobacco Company " + " ".join(company_money(balance))


class SmokersWildTable:
    """The board (the kit's :class:`RingBoard` draws the 28 spaces, tokens, owners' marks,
    the last landing and the seats' legend from the view) and in the middle the game's own
    layer: the Lifeometer, the last throw, the Tobacco Company and the kinds of space."""

    def __init__(self, view: Mapping[str, Any], size: int = 560) -> None:
        self.board = RingBoard(spaces_of(view), KIND_COLOURS, size=size, title="SMOKERS WILD",
                               centre=self._centre)
        self.widget = self.board.widget
        self.canvas = self.board.canvas
        self.view = view

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw the pieces (and the board when ``full``) from ``view``."""
        self.view = view
        status = "game over" if view["over"] else f"{view['waiting_for']} to decide"
        self.board.draw_view(view, full, f"Round {view['round']} · move {game.steps} · {status}")

    def _centre(self, layer: Canvas, inner: Rect) -> None:
        """The Lifeometer across the middle, then the last throw, the company's money and
        the kinds of space (all above the kit's seat legend)."""
        view = self.view
        labels = view["lifeometer"]["labels"]
        colours = seat_colours(view["seats"])
        stacks: dict[int, list[Token]] = {}
        for seat in view["seats"]:
            stacks.setdefault(seat["lifeometer"], []).append(
                Token(seat["name"][0], colours[seat["name"]]))
        shades = [f"rgba(120, 30, 30, {0.06 + 0.5 * k / (len(labels) - 1):.2f})"
                  for k in range(len(labels))]
        pad = 16
        meter = Rect(inner.x + pad, inner.y + 60, inner.w - 2 * pad, 96)
        draw_meter(layer, meter, labels, stacks, "LIFEOMETER", shades)
        layer.fill_style = INK
        layer.text_align = "left"
        layer.text_baseline = "top"
        layer.font = "bold 12px sans-serif"
        below = meter.y + meter.h + 24
        layer.fill_text("Last throw", inner.x + pad, below)
        if view["last_roll"]:
            draw_dice(layer, inner.x + pad, below + 18, view["last_roll"], 34)
        company = view["company"]
        layer.font = "bold 12px sans-serif"
        right = inner.x + inner.w / 2 + 10
        layer.fill_text("Tobacco Company", right, below)
        layer.font = "12px sans-serif"
        first, second = company_money(company["balance"])
        layer.fill_text(first, right, below + 18)
        layer.fill_text(second, right, below + 34)
        layer.fill_text(f"{len(company['brands'])} brands, {len(company['occupations'])} "
                        "occupations", right, below + 50)
        self._kinds(layer, Rect(inner.x + pad, below + 76, inner.w - 2 * pad, 40))

    @staticmethod
    def _kinds(layer: Canvas, box: Rect) -> None:
        """What each colour band means, three kinds to a row."""
        layer.font = "11px sans-serif"
        layer.text_baseline = "middle"
        layer.text_align = "left"
        for k, (colour, label) in enumerate(KINDS.values()):
            x = box.x + (k % 3) * (box.w / 3)
            y = box.y + (k // 3) * 18
            layer.fill_style = colour
            layer.fill_rect(x, y, 12, 12)
            layer.fill_style = INK
            layer.fill_text(label, x + 16, y + 6)

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The table in sentences: the board's (tokens, owners, last landing), then each
        player's Lifeometer, money and habit, the company and the last throw."""
        lines = self.board.describe(view)
        for seat in view["seats"]:
            notes = [f"Lifeometer {seat['life_label']}", f"K{seat['money']}",
                     f"smokes {', '.join(seat['brands'])}" if seat["smoker"]
                     else "does not smoke", f"{seat['puff_cards']} HAV' A PUFF cards"]
            if seat["on_vacation"]:
                notes.append("on vacation")
            lines.append(f"{seat['name']}: {'; '.join(notes)}.")
        lines.append(company_sentence(view["company"]["balance"]) + ".")
        if view["last_roll"]:
            lines.append("Last throw: " + " and ".join(map(str, view["last_roll"])) + ".")
        return lines
