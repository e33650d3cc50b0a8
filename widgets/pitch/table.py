"""The Pitch table on a MultiCanvas: seats round a felt oval, the trick in the middle, and
the viewer's hand below it as clickable card buttons.

The canvas is drawn from a Pitch view (``game.view(player)``), in full every time:
the felt on layer 0 (on ``full``, i.e. when a page connects) and the seats and cards on
layer 1. The hand is a row of ``ipywidgets.Button`` (class ``tt-card``, inside ``tt-hand``)
so that a student, a keyboard or a browser test can press a card; cards that may not be
played are disabled. The hand lies under the app's hot-seat :class:`~widgets.hotseat.Cover`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from tabletop import Game
from tabletop.core.cards import SUIT_NAMES, SUIT_SYMBOLS, card_name, card_symbol

from ..palette import HIGHLIGHT, INK, player_colour

if TYPE_CHECKING:
    from ..hotseat import Cover

RED = "#c62828"
FELT = "#2e6b45"
FELT_EDGE = "#1d4a2f"
CARD_W, CARD_H = 46, 64

CARD_CSS = """
<style>
.tt-app .widget-button.tt-card { width: 58px; min-width: 0; height: 80px; padding: 0;
  margin: 2px;
  font-size: 1.35em; font-weight: 700; background: white; border: 1px solid #888;
  border-radius: 7px; box-shadow: 1px 2px 3px rgba(0,0,0,0.25); }
.tt-app .widget-button.tt-card:disabled { opacity: 0.35; box-shadow: none; }
.tt-app .widget-button.tt-card:enabled:hover { transform: translateY(-4px);
  border-color: #222; }
.tt-hand-title { font-weight: 600; font-size: 0.9em; color: #555; }
.tt-sheet table { border-collapse: collapse; font-size: 0.85em; margin-top: 4px; }
.tt-sheet th, .tt-sheet td { padding: 1px 6px; border-bottom: 1px solid #eee; text-align: right; }
.tt-sheet th:first-child, .tt-sheet td:first-child { text-align: left; }
.tt-red { color: #c62828; }
</style>
"""


def is_red(card: str) -> bool:
    """Hearts and diamonds are printed in red."""
    return card[-1] in "HD"


def suit_span(suit: str) -> str:
    """A suit's symbol as HTML, red for hearts and diamonds."""
    css = ' class="tt-red"' if suit in "HD" else ""
    return f"<span{css}>{SUIT_SYMBOLS[suit]}</span>"


def seat_order(view: Mapping[str, Any]) -> list[str]:
    """Everyone who ever sat at the table, in seating order (joiners last): their colours."""
    return [seat["name"] for seat in view["seats"]]


def seat_point(k: int, n: int, width: float, height: float,
               radius: float = 1.0) -> tuple[float, float]:
    """Where seat ``k`` of ``n`` sits on a table ``width`` x ``height`` (y downwards; seat 0
    at the bottom, then clockwise); ``radius`` below 1 is nearer the middle (the trick)."""
    angle = math.pi / 2 + 2 * math.pi * k / n
    cx, cy = width / 2, height / 2 - 8
    return (cx + radius * (width / 2 - 80) * math.cos(angle),
            cy + radius * (height / 2 - 52) * math.sin(angle))


def seated_ring(view: Mapping[str, Any]) -> list[str]:
    """The seated players, rotated so the viewer (else the first) sits at the bottom."""
    seated = list(view["seated"])
    you = view["you"]
    k = seated.index(you) if you in seated else 0
    return seated[k:] + seated[:k]


def draw_card(layer: Canvas, card: str, x: float, y: float, highlight: bool = False,
              scale: float = 1.0) -> None:
    """One face-up card with its top-left corner at (x, y)."""
    cw, ch = CARD_W * scale, CARD_H * scale
    if highlight:
        layer.fill_style = HIGHLIGHT
        layer.fill_rect(x - 4, y - 4, cw + 8, ch + 8)
    layer.fill_style = "white"
    layer.fill_rect(x, y, cw, ch)
    layer.stroke_style = "#555555"
    layer.line_width = 1
    layer.stroke_rect(x, y, cw, ch)
    layer.fill_style = RED if is_red(card) else INK
    layer.text_align = "left"
    layer.text_baseline = "top"
    layer.font = f"bold {int(14 * scale)}px sans-serif"
    layer.fill_text(card[:-1], x + 4 * scale, y + 3 * scale)
    layer.text_align = "center"
    layer.text_baseline = "middle"
    layer.font = f"{int(28 * scale)}px sans-serif"
    layer.fill_text(SUIT_SYMBOLS[card[-1]], x + cw / 2, y + ch / 2 + 6 * scale)


def draw_back(layer: Canvas, x: float, y: float, scale: float = 0.45) -> None:
    """A face-down card (a hand's size is public; its cards are not)."""
    layer.fill_style = "#8e2b2b"
    layer.fill_rect(x, y, CARD_W * scale, CARD_H * scale)
    layer.stroke_style = "white"
    layer.stroke_rect(x + 1.5, y + 1.5, CARD_W * scale - 3, CARD_H * scale - 3)


class PitchTable:
    """The Pitch table: ``widget`` (canvas + hand) and ``canvas`` for the app base."""

    def __init__(self, on_card: Callable[[str], None], cover: Cover,
                 guard: Callable[[str], Callable[..., Callable[..., object]]],
                 width: int = 600, height: int = 400) -> None:
        self.width, self.height = width, height
        self.on_card = on_card
        self.canvas = MultiCanvas(2, width=width, height=height)
        self.canvas.layout = w.Layout(width=f"{width}px", height=f"{height}px")
        board = w.Box([self.canvas], layout=w.Layout(width=f"{width}px", height=f"{height}px"))
        board.add_class("tt-board")
        self.hand_title = w.HTML("")
        self.hand_title.add_class("tt-hand-title")
        self.hand_row = w.HBox(layout=w.Layout(flex_flow="row wrap", min_height="86px"))
        self.hand_row.add_class("tt-hand")
        self.buttons: list[w.Button] = []
        self.cards: list[str] = []
        self._guard = guard
        self.widget = w.VBox([w.HTML(CARD_CSS, layout=w.Layout(height="0px")), board,
                              cover.over(self.hand_title, self.hand_row)])

    # -- the hand -----------------------------------------------------------------------
    def _card_button(self) -> w.Button:
        button = w.Button(layout=w.Layout(width="58px", height="80px"))
        button.add_class("tt-card")
        button.on_click(self._guard("playing a card")(self._clicked))
        return button

    def _clicked(self, button: w.Button) -> None:
        index = self.buttons.index(button)
        if index < len(self.cards) and not button.disabled:
            self.on_card(self.cards[index])

    def show_hand(self, view: Mapping[str, Any]) -> None:
        """The viewer's cards as buttons; only the legal ones enabled."""
        you = view["you"]
        decision = view.get("decision")
        legal: Sequence[str] = ()
        if decision and decision["kind"] == "play":
            legal = decision["choices"]
        cards = list(view["hand"])
        if you is None:
            title = "No hand is shown on this screen: every hand stays hidden."
        elif not cards:
            title = f"{escape(you)} holds no cards: the hand is over."
        elif legal:
            title = (f"<b>{escape(you)}, your turn</b>: click a card "
                     f"({len(legal)} of {len(cards)} may be played)")
        else:
            title = f"{escape(you)}'s hand"
        self.hand_title.value = title
        self._set_cards(cards, legal)

    def _set_cards(self, cards: list[str], legal: Sequence[str]) -> None:
        while len(self.buttons) < len(cards):
            self.buttons.append(self._card_button())
        self.cards = cards
        for button, card in zip(self.buttons, cards, strict=False):
            button.description = card_symbol(card)
            button.tooltip = card_name(card) + ("" if card in legal else " (not playable now)")
            button.style.text_color = RED if is_red(card) else INK
            button.disabled = card not in legal
        self.hand_row.children = tuple(self.buttons[: len(cards)])

    # -- the canvas ---------------------------------------------------------------------
    def seat_point(self, k: int, n: int, radius: float = 1.0) -> tuple[float, float]:
        """Where seat ``k`` of ``n`` sits (seat 0 at the bottom, then clockwise)."""
        return seat_point(k, n, self.width, self.height, radius)

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw the table from ``view`` (the felt too when ``full``), then the hand."""
        with hold_canvas():
            if full:
                self._felt(self.canvas[0])
            layer = self.canvas[1]
            layer.clear()
            self._seats(layer, view)
            self._trick(layer, view)
            self._corners(layer, view)
        self.show_hand(view)

    def _felt(self, layer: Canvas) -> None:
        layer.clear()
        layer.fill_style = "#f4efe2"
        layer.fill_rect(0, 0, self.width, self.height)
        cx, cy = self.width / 2, self.height / 2 - 8
        layer.save()
        layer.translate(cx, cy)
        layer.scale(1.0, (self.height - 70) / (self.width - 40))
        layer.fill_style = FELT_EDGE
        layer.fill_circle(0, 0, (self.width - 40) / 2)
        layer.fill_style = FELT
        layer.fill_circle(0, 0, (self.width - 40) / 2 - 8)
        layer.restore()

    def _seats(self, layer: Canvas, view: Mapping[str, Any]) -> None:
        ring = seated_ring(view)
        colours = {name: player_colour(k) for k, name in enumerate(seat_order(view))}
        captured = view["captured"]
        for k, name in enumerate(ring):
            x, y = self.seat_point(k, len(ring))
            turn = view["waiting_for"] == name
            layer.fill_style = HIGHLIGHT if turn else "white"
            layer.fill_rect(x - 66, y - 22, 132, 44)
            layer.stroke_style = colours[name]
            layer.line_width = 3
            layer.stroke_rect(x - 66, y - 22, 132, 44)
            layer.fill_style = colours[name]
            layer.fill_circle(x - 54, y - 9, 6)
            layer.fill_style = INK
            layer.text_align = "left"
            layer.text_baseline = "middle"
            layer.font = "bold 13px sans-serif"
            tags = []
            if name == view["dealer"]:
                tags.append("D")
            if name == view["pitcher"]:
                tags.append(f"P{view['bid']}")
            layer.fill_text(name[:10] + ("  " + " ".join(tags) if tags else ""), x - 44, y - 9)
            layer.font = "11px sans-serif"
            took = captured.get(name, {"tricks": 0, "game_count": 0})
            layer.fill_text(f"{took['tricks']} tricks · count {took['game_count']}",
                            x - 58, y + 10)
            for j in range(view["hand_sizes"].get(name, 0)):
                draw_back(layer, x + 30 + j * 5 - 14, y - 46 if k == 0 else y + 24, 0.32)

    def _trick(self, layer: Canvas, view: Mapping[str, Any]) -> None:
        ring = seated_ring(view)
        trick = view["trick"]
        shown, winner = trick, view["trick_winning"]
        faded = False
        if not trick and view["last_trick"] and view["phase"] == "play":
            last = view["last_trick"]
            shown = [{"player": p, "card": c} for p, c in last["cards"]]
            winner, faded = last["winner"], True
        for play in shown:
            if play["player"] not in ring:
                continue
            k = ring.index(play["player"])
            x, y = self.seat_point(k, len(ring), 0.45)
            draw_card(layer, play["card"], x - CARD_W / 2, y - CARD_H / 2,
                      highlight=play["player"] == winner)
        if faded:
            layer.fill_style = "rgba(46, 107, 69, 0.55)"
            layer.fill_rect(self.width / 2 - 150, self.height / 2 - 120, 300, 220)
            layer.fill_style = "white"
            layer.text_align = "center"
            layer.font = "bold 13px sans-serif"
            layer.fill_text(f"{view['last_trick']['winner']} took trick "
                            f"{view['last_trick']['number']}", self.width / 2, self.height / 2 - 8)
        if view["phase"] in ("between hands", "over") and view["last_hand"]:
            self._hand_summary(layer, view["last_hand"])

    def _hand_summary(self, layer: Canvas, row: Mapping[str, Any]) -> None:
        cx, cy = self.width / 2, self.height / 2 - 8
        layer.fill_style = "rgba(255, 255, 255, 0.92)"
        layer.fill_rect(cx - 130, cy - 58, 260, 116)
        layer.fill_style = INK
        layer.text_align = "center"
        layer.text_baseline = "middle"
        layer.font = "bold 13px sans-serif"
        result = "made" if row["made"] else "was set on"
        star = " ★" if row["star"] else ""
        layer.fill_text(f"Hand {row['hand']}: {row['pitcher']} {result} {row['bid']}{star}",
                        cx, cy - 40)
        layer.font = "12px sans-serif"
        for j, (point, who) in enumerate(row["awards"].items()):
            who = who or "nobody"
            layer.fill_text(f"{point.capitalize()}: {who}", cx, cy - 16 + j * 18)

    def _corners(self, layer: Canvas, view: Mapping[str, Any]) -> None:
        layer.text_baseline = "top"
        layer.text_align = "left"
        layer.fill_style = INK
        layer.font = "bold 14px sans-serif"
        trump = view["trump"]
        layer.fill_text("Trump", 10, 8)
        if trump:
            layer.fill_style = RED if trump in "HD" else INK
            layer.font = "bold 30px sans-serif"
            layer.fill_text(SUIT_SYMBOLS[trump], 14, 26)
        else:
            layer.font = "12px sans-serif"
            layer.fill_text("not yet named", 10, 28)
        layer.fill_style = INK
        layer.text_align = "right"
        layer.font = "bold 13px sans-serif"
        layer.fill_text(f"Hand {view['hand_number']} of {view['hand_limit']}",
                        self.width - 10, 8)
        layer.font = "12px sans-serif"
        if view["phase"] == "play":
            layer.fill_text(f"trick {view['trick_number']} of {view['hand_size']}",
                            self.width - 10, 26)
        elif view["phase"] == "bidding":
            layer.fill_text("bidding", self.width - 10, 26)

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The table in sentences."""
        lines = [f"Hand {view['hand_number']} of {view['hand_limit']}; {view['dealer']} deals; "
                 f"phase: {view['phase']}."]
        if view["pitcher"]:
            lines.append(f"{view['pitcher']} pitches for {view['bid']}.")
        if view["trump"]:
            lines.append(f"Trump: {SUIT_NAMES[view['trump']]}.")
        if view["trick"]:
            played = ", ".join(f"{t['player']} {card_name(t['card'])}" for t in view["trick"])
            lines.append(f"On the table: {played}; {view['trick_winning']} is winning it.")
        for name in view["seated"]:
            took = view["captured"].get(name)
            if took:
                lines.append(f"{name} holds {view['hand_sizes'].get(name, 0)} cards and has "
                             f"taken {took['tricks']} tricks (game count {took['game_count']}).")
        if view["you"] and view["hand"]:
            lines.append(f"Your hand: {', '.join(card_name(c) for c in view['hand'])}.")
        return lines
