"""The RUSH table: the 36-space loop with Cops, ladies and bodies, the Zonkometer, the senses,
the coma track, the Jail and the pill dish in the middle, and the viewer's secret cards.

The kit's :class:`~widgets.board.RingBoard` draws the spaces, the movement markers, the
ladies' owners (their marks), the space last landed on and the seats' legend, all from the
view's shared keys; this module adds RUSH's own layer through the board's ``centre``
callback: Cop markers and bodies on their spaces, a lady's amount beside her owner's mark,
and the tracks in the middle. Below the board, the secret Chance cards of the viewer (the
view's ``your_cards``), under the app's hot-seat :class:`~widgets.hotseat.Cover`.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas

from tabletop import Game

from ..board import Rect, RingBoard, Token, draw_token, spaces_of
from ..dice import draw_dice
from ..hotseat import Cover
from ..meter import draw_meter
from ..palette import INK, seat_colours

#: Each kind of space: the colour of its band, and its name in the key.
KINDS: dict[str, tuple[str, str]] = {
    "home": ("#2a9d8f", "Home"),
    "jail": ("#37474f", "Jail"),
    "party_time": ("#e91e63", "Party Time"),
    "loan_shark": ("#6d4c41", "Loan Shark"),
    "connection": ("#7b1fa2", "Connection"),
    "robbery": ("#c62828", "Robbery"),
    "push": ("#ef6c00", "Push"),
    "chance": ("#1565c0", "Chance"),
    "take_a_pill": ("#9e9d24", "Take a Pill"),
    "be_a_pimp": ("#8d6e63", "Be a Pimp"),
    "lucky_day": ("#2e7d32", "Lucky Day"),
}
KIND_COLOURS = {kind: colour for kind, (colour, _) in KINDS.items()}
COP = "#0d47a1"
DOWN = "#616161"
CARDS_CSS = """
<style>
.tt-secret { font-size: 0.9em; }
.tt-secret li { margin: 2px 0; }
</style>
"""


def space_label(space: Mapping[str, Any]) -> str:
    """A square's words: the name, and what it prints (price, or dice times dollars)."""
    figures = f" ${space['price']}" if space["price"] else ""
    if space["dice"]:
        figures = f" {space['dice']}d×${space['per_pip']}"
    return space["name"] + figures


def seat_of(view: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    """``name``'s entry of the view's ``seats``."""
    return next(s for s in view["seats"] if s["name"] == name)


def status_words(seat: Mapping[str, Any]) -> list[str]:
    """Where a player is, in words: dead, in a coma, locked up, visiting Jail, at the party."""
    if seat["dead"]:
        return [f"dead, the body lies on {seat['space']}"]
    words = []
    if seat["coma"] is not None:
        words.append(f"in a coma ({seat['coma_label']}), the body lies on {seat['space']}")
    elif seat["lockup"]:
        words.append("locked up in Jail")
    elif seat["visiting"]:
        words.append("visiting Jail")
    else:
        words.append(f"on {seat['space']}")
    if seat["guest"]:
        words.append("a guest at PARTY TIME")
    return words


class RushTable:
    """The board with RUSH's middle (``widget`` also holds the secret cards below it)."""

    def __init__(self, view: Mapping[str, Any], cover: Cover, size: int = 640) -> None:
        self.board = RingBoard(spaces_of(view, space_label), KIND_COLOURS, size=size,
                               title="RUSH", centre=self._centre)
        self.canvas = self.board.canvas
        self.view = view
        self.cards = w.HTML("")
        self.cards.add_class("tt-secret")
        self.widget = w.VBox([w.HTML(CARDS_CSS, layout=w.Layout(height="0px")),
                              self.board.widget, cover.over(self.cards)])

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw the pieces and the middle (the board too when ``full``), then the cards."""
        self.view = view
        pending = game.decision
        status = ("game over" if pending is None
                  else f"{pending.player}: {pending.kind.replace('_', ' ')}")
        self.board.draw_view(view, full, f"Round {view['round']} · move {game.steps} · {status}")
        self.show_cards(view)

    # -- the secret cards -------------------------------------------------------------------
    def show_cards(self, view: Mapping[str, Any]) -> None:
        """The viewer's secret Chance cards with what they do."""
        texts = {card["title"]: card["text"] for card in view["chance_cards"]}
        held = view["your_cards"]
        if held is None:
            self.cards.value = "<i>No secret card is shown on this screen: they stay hidden.</i>"
        elif not held:
            self.cards.value = f"<b>{escape(view['you'])}'s secret cards</b>: none."
        else:
            items = "".join(f"<li><b>{escape(t)}</b>: {escape(texts[t])}</li>" for t in held)
            self.cards.value = (f"<b>{escape(view['you'])}'s secret cards</b> (only you see "
                                f"them; the game asks when one may be played)<ul>{items}</ul>")

    # -- on the spaces and in the middle ----------------------------------------------------
    def _centre(self, layer: Canvas, inner: Rect) -> None:
        view = self.view
        colours = seat_colours(view["seats"])
        self._on_spaces(layer, view, colours)
        pad = 14
        x0, width = inner.x + pad, inner.w - 2 * pad
        y = inner.y + 36
        y = self._zonkometer(layer, Rect(x0, y, width, 40 + 20 * len(view["seats"])), colours)
        y = self._senses(layer, x0, y + 12, width, colours)
        half = width / 2 - 8
        coma = {}
        for seat in view["seats"]:
            if seat["coma"] is not None:
                coma.setdefault(seat["coma"], []).append(Token(seat["name"][0],
                                                               colours[seat["name"]]))
        draw_meter(layer, Rect(x0, y + 12, half, 64), view["coma_track"], coma,
                   "COMA TRACK",
                   [f"rgba(40, 40, 60, {0.55 - 0.1 * k:.2f})" for k in range(6)])
        self._jail_and_dish(layer, x0 + half + 16, y + 12, view)

    def _on_spaces(self, layer: Canvas, view: Mapping[str, Any],
                   colours: Mapping[str, str]) -> None:
        """Cop markers (a blue disc with their number, top right), bodies (a small token marked
        z for a coma, † for the dead, top left) and each lady's amount beside her owner's
        mark."""
        lying = {s["name"]: s for s in view["seats"]}
        for space in view["spaces"]:
            box = self.board.cell(space["index"])
            if space["cops"]:
                layer.fill_style = COP
                layer.fill_circle(box.x + box.w - 9, box.y + 19, 7)
                _text(layer, str(space["cops"]), box.x + box.w - 9, box.y + 19, "white",
                      "bold 10px sans-serif", "center", "middle")
            for k, name in enumerate(space["bodies"]):
                mark = "†" if lying[name]["dead"] else "z"
                draw_token(layer, box.x + 9 + 15 * k, box.y + 19, 7, Token(mark, colours[name]))
            if space["lady"]:
                _text(layer, f"${space['lady']}", box.x + box.w - 14, box.y + box.h - 3,
                      colours.get(space["owner"], INK), "bold 9px sans-serif", "right", "bottom")

    def _zonkometer(self, layer: Canvas, box: Rect, colours: Mapping[str, str]) -> float:
        """The Zonkometer with each player's marker; returns the height used."""
        view = self.view
        low, high = view["zonkometer"]["low"], view["zonkometer"]["high"]
        stacks: dict[int, list[Token]] = {}
        for seat in view["seats"]:
            stacks.setdefault(seat["zonkometer"] - low, []).append(
                Token(seat["name"][0], colours[seat["name"]]))
        cells = high - low + 1
        shades = [f"rgba(198, 40, 40, {0.05 + 0.45 * k / (cells - 1):.2f})" for k in range(cells)]
        draw_meter(layer, box, [str(z) for z in range(low, high + 1)], stacks,
                   f"ZONKOMETER (Home at {high} wins)", shades)
        return box.y + box.h

    def _senses(self, layer: Canvas, x: float, y: float, width: float,
                colours: Mapping[str, str]) -> float:
        """One row per player: the five senses face up (white) or down (grey), pills, money."""
        view = self.view
        _text(layer, "SENSES", x, y, INK, "bold 12px sans-serif", "left", "top")
        y += 16
        for seat in view["seats"]:
            name = seat["name"]
            layer.fill_style = colours[name]
            layer.fill_circle(x + 6, y + 8, 6)
            _text(layer, name[:8], x + 16, y + 8, INK, "bold 11px sans-serif", "left", "middle")
            for k, sense in enumerate(seat["senses"]):
                left = x + 70 + k * 44
                layer.fill_style = "white" if sense["up"] else DOWN
                layer.fill_rect(left, y + 1, 41, 15)
                layer.stroke_style = INK
                layer.line_width = 1
                layer.stroke_rect(left, y + 1, 41, 15)
                _text(layer, sense["name"], left + 20.5, y + 9, INK if sense["up"] else "white",
                      "9px sans-serif", "center", "middle")
            notes = f"{seat['pills']} pills · ${seat['money']}"
            if seat["dead"]:
                notes = "dead"
            elif seat["lockup"]:
                notes += " · lockup"
            _text(layer, notes, x + width, y + 8, INK, "11px sans-serif", "right", "middle")
            y += 21
        return y

    def _jail_and_dish(self, layer: Canvas, x: float, y: float, view: Mapping[str, Any]) -> None:
        """The Jail's lockup and visitors, the pill dish, the last throw and the last card."""
        jail = view["jail"]
        lines = [("JAIL", "bold 12px sans-serif"),
                 (f"lockup: {', '.join(jail['lockup']) or 'nobody'}", "11px sans-serif"),
                 (f"pill dish: {view['dish']} pills", "bold 11px sans-serif")]
        card = view["deck"]["last_card"]
        if card is not None:
            lines.append((f"last Chance card: {card['title']}", "11px sans-serif"))
        if view["last_roll"]:
            lines.append(("last throw:", "11px sans-serif"))
            draw_dice(layer, x + 70, y + 16 * len(lines) - 5, view["last_roll"], 22)
        for k, (text, font) in enumerate(lines):
            _text(layer, text, x, y + 16 * k, INK, font, "left", "top")

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The table in sentences: the kit's tokens, owners and last landing, then each
        player's senses, Zonkometer, pills and money, the Cops, bodies, ladies and Jail."""
        lines = self.board.describe(view)
        for seat in view["seats"]:
            up = [s["name"] for s in seat["senses"] if s["up"]]
            lines.append(f"{seat['name']} is {'; '.join(status_words(seat))}: Zonkometer "
                         f"{seat['zonkometer']}, senses face up: {', '.join(up) or 'none'}; "
                         f"{seat['pills']} pills, ${seat['money']}, "
                         f"{seat['secret_cards']} secret cards.")
        cops = [f"{s['name']} {s['cops']}" for s in view["spaces"] if s["cops"]]
        lines.append(f"Cop markers: {', '.join(cops) or 'none'}.")
        ladies = [f"{s['name']} (${s['lady']}, {s['owner']})" for s in view["spaces"]
                  if s["lady"]]
        if ladies:
            lines.append(f"Ladies at work: {'; '.join(ladies)}.")
        lockup = view["jail"]["lockup"]
        lines.append(f"In the lockup: {', '.join(lockup) or 'nobody'}. "
                     f"The pill dish holds {view['dish']} pills.")
        if view["your_cards"]:
            lines.append(f"Your secret cards: {', '.join(view['your_cards'])}.")
        return lines


def _text(layer: Canvas, text: str, x: float, y: float, colour: str, font: str, align: str,
          baseline: str) -> None:
    """One piece of text on the canvas."""
    layer.fill_style = colour
    layer.font = font
    layer.text_align = align
    layer.text_baseline = baseline
    layer.fill_text(text, x, y)

