"""The Hip Town table: the middle of the table on a canvas (the die, the card turned over or
the market, the auction, the decks and the last Reality card), each player's 2 x 5
neighbourhood on a :class:`~widgets.grid.GridBoard`, and the viewer's hand as buttons.

Everything is drawn from a Hip Town view (``game.view(player)``, its keys listed in
``tabletop/games/hip_town/view.py``). To build, a student picks a card of their hand, then a
lit lot of their own neighbourhood (a click, or the lot's button with the keyboard); any
other lot says why not, in the words of the view's ``build`` key. Only the viewer's
neighbourhood takes the keyboard (the others are told in words), so that Tab reaches the
moves quickly. The build itself is the decision's own choice (found through its
``values``), handed to ``on_action``. The hand lies under the app's hot-seat
:class:`~widgets.hotseat.Cover`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from math import cos, pi, sin
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from tabletop.core.decisions import Action

from ..board import Rect, start_batch, wrap
from ..grid import GridBoard, Guard
from ..hotseat import Cover
from ..palette import HIGHLIGHT, INK, PAPER, seat_colours

#: Pale fills of the five colours a business type may have (content.toml's ``color``).
FILLS = {"green": "#d8efd3", "blue": "#d5e6f7", "purple": "#e7d9f4", "yellow": "#fbf0b5",
         "red": "#f7d3cf"}
#: The strong colours, for the band on a drawn card.
BANDS = {"green": "#2e7d32", "blue": "#1f5fa8", "purple": "#6a3d9a", "yellow": "#b08900",
         "red": "#b3261e"}
#: Each face of the die: its word and its colour.
FACES = {"property": ("PROPERTY", "#5b8def"), "coins": ("HIP COIN", "#e0a100"),
         "reality": ("REALITY", "#d9534f"), "choice": ("CHOICE", "#7b61c4")}
#: The corners of an octagon of radius 1, a flat side on top.
OCTAGON = [(cos(pi / 8 + k * pi / 4), sin(pi / 8 + k * pi / 4)) for k in range(8)]
WIDTH, HEIGHT = 500, 156
CELL_W, CELL_H = 96, 58

CSS = """
<style>
.tt-app .widget-button.tt-ht-card { height: auto; min-height: 44px; white-space: normal;
  line-height: 1.2; padding: 3px 8px; border: 1px solid #888; border-radius: 6px; }
.tt-app .widget-button.tt-ht-selected { outline: 3px solid #1f77b4; font-weight: 700; }
.tt-ht-title { font-size: 0.92em; margin: 6px 0 2px 0; }
.tt-ht-hand-title { font-weight: 600; font-size: 0.9em; color: #555; margin-top: 4px; }
</style>
"""


def card_words(card: Mapping[str, Any]) -> str:
    """A card in one line: ``Dive Bar (Vice; rating 0, 3 HC, 1 Hip Point)``."""
    points = "Hip Point" if card["hip_points"] == 1 else "Hip Points"
    return (f"{card['name']} ({card['type']}; rating {card['rating']}, {card['cost']} HC, "
            f"{card['hip_points']} {points})")


def score_words(score: Mapping[str, Any]) -> str:
    """``12 Hip Points: 9 on the cards, +3 for every type`` (with each Destination group)."""
    parts = [f"{score['hip_points']} on the cards"]
    parts += [f"+{g['bonus']} for {g['size']} {g['type']} joined on {', '.join(g['lots'])}"
              for g in score["destinations"]]
    if score["every_type"]:
        parts.append(f"+{score['every_type']} for every type")
    points = "Hip Point" if score["total"] == 1 else "Hip Points"
    return f"{score['total']} {points}: " + ", ".join(parts)


def lots_of(seat: Mapping[str, Any]) -> list[Mapping[str, Any] | None]:
    """A seat's neighbourhood as one list of lots, top row first."""
    return [lot for row in seat["neighbourhood"] for lot in row]


class HipTownTable:
    """``widget`` (the middle, the hand and the neighbourhoods) and ``canvas`` (the middle)
    for the app base; ``on_action(action)`` answers the pending decision."""

    def __init__(self, view: Mapping[str, Any], on_action: Callable[[Action], None],
                 cover: Cover, guard: Guard) -> None:
        self.on_action = on_action
        self.guard = guard
        self.rows, self.cols, self.lots = view["rows"], view["columns"], list(view["lots"])
        self.canvas = MultiCanvas(1, width=WIDTH, height=HEIGHT)
        self.canvas.layout = w.Layout(width=f"{WIDTH}px", height=f"{HEIGHT}px")
        middle = w.Box([self.canvas], layout=w.Layout(width=f"{WIDTH}px",
                                                        height=f"{HEIGHT}px"))
        middle.add_class("tt-board")
        self.boards: dict[str, GridBoard] = {}
        self.titles: dict[str, w.HTML] = {}
        self.selected: str | None = None
        self.view: Mapping[str, Any] = view
        self.hand_title = w.HTML("")
        self.hand_title.add_class("tt-ht-hand-title")
        self.hand_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand_row.add_class("tt-ht-hand")
        self.hand_buttons: list[w.Button] = []
        self.hand_cards: list[str] = []
        self.skip = w.Button(description="Build nothing this turn",
                             tooltip="End the turn without building",
                             layout=w.Layout(width="auto", display="none"))
        self.skip.add_class("tt-ht-skip")
        self.skip.on_click(guard("ending a turn without building")(lambda _b: self._skip()))
        self.yours = w.VBox()
        self.widget = w.VBox([w.HTML(CSS, layout=w.Layout(height="0px")), middle,
                              cover.over(self.hand_title, self.hand_row, self.skip),
                              self.yours])
        self.others = w.VBox()
        self.below = w.VBox([w.HTML('<div class="tt-box-title">The other neighbourhoods'
                                    "</div>"), self.others])
        self.below.add_class("tt-box")

    # -- the neighbourhoods ------------------------------------------------------------
    def board(self, name: str) -> GridBoard:
        """``name``'s neighbourhood (made the first time it is asked for)."""
        if name not in self.boards:
            self.boards[name] = GridBoard(self.rows, self.cols,
                                          lambda row, col: self._picked(name, row, col),
                                          CELL_W, CELL_H, self.guard)
            self.titles[name] = w.HTML("")
            self.titles[name].add_class("tt-ht-title")
        return self.boards[name]

    def _picked(self, name: str, row: int, col: int) -> None:
        """A lit lot of the viewer's neighbourhood: build the chosen card there (one choice
        builds any copy of a business: copies are alike)."""
        lot = self.lots[row * self.cols + col]
        decision = self.view.get("decision") or {}
        names = {card["id"]: card["name"] for card in self.view.get("hand") or []}
        wanted = (names.get(self.selected or ""), lot)
        action = next((a for a, v in decision.get("values", {}).items()
                       if v is not None and (names.get(v[0]), v[1]) == wanted), None)
        if action is not None:
            self.on_action(action)

    def _skip(self) -> None:
        decision = self.view.get("decision") or {}
        action = next((a for a, v in decision.get("values", {}).items() if v is None), None)
        if decision.get("kind") == "build" and action is not None:
            self.on_action(action)

    def building(self, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The view's ``build`` key when the viewer is asked to build now."""
        decision = view.get("decision")
        return view.get("build") if decision and decision["kind"] == "build" else None

    def why_not(self, view: Mapping[str, Any], owner: str) -> str:
        """Why no lot of ``owner``'s neighbourhood can be picked now (not while building)."""
        you = view["you"]
        if owner != you:
            return f"this is {owner}'s neighbourhood: only {owner} builds here"
        if view["over"]:
            return "the game is over"
        if view["waiting_for"] != you:
            return f"it is {view['waiting_for']}'s move: you build at the end of your own turn"
        return "building comes last in your turn: answer the question above first"

    def cells(self, view: Mapping[str, Any], seat: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The lots of one neighbourhood as grid cells (labels, colours, legal lots, reasons,
        the lots of scoring groups picked out)."""
        types = view["types"]
        build = self.building(view) if seat["name"] == view["you"] else None
        choice = (build or {}).get(self.selected or "", {"legal": [], "illegal": {}})
        scoring = {lot for group in seat["score"]["destinations"] for lot in group["lots"]}
        out = []
        for name, card in zip(self.lots, lots_of(seat), strict=True):
            cell: dict[str, Any] = {"label": f"{name} empty", "highlight": name in scoring}
            if card is not None:
                cell["label"] = f"{name} {card['name']}, {card['hip_points']} HP"
                cell["colour"] = FILLS.get(types[card["type"]]["color"])
            if build is None:
                cell["reason"] = self.why_not(view, seat["name"])
            else:
                cell["legal"] = name in choice["legal"]
                cell["reason"] = choice["illegal"].get(name, "")
            out.append(cell)
        return out

    def _title(self, view: Mapping[str, Any], seat: Mapping[str, Any], colour: str) -> str:
        you = " (you)" if seat["name"] == view["you"] else ""
        return (f'<span class="tt-swatch" style="background:{colour}"></span>'
                f"<b>{escape(seat['name'])}</b>{you} · {seat['businesses']} of "
                f"{len(self.lots)} lots built · {seat['money']} HC · {seat['hand_size']} "
                f"cards in hand<br><small>{escape(score_words(seat['score']))}</small>")

    # -- the hand ----------------------------------------------------------------------
    def show_hand(self, view: Mapping[str, Any]) -> None:
        """The viewer's cards as buttons (pick one to build); nobody else's."""
        you, hand = view["you"], view["hand"]
        build = self.building(view)
        built = 0
        if hand is None:
            self.hand_title.value = "No hand is shown on this screen: every hand stays hidden."
            hand = []
        else:
            seat = next(s for s in view["seats"] if s["name"] == you)
            ask = " Pick a card, then a lit lot of your neighbourhood." if build else ""
            self.hand_title.value = (f"{escape(you)}'s hand ({len(hand)} cards; the others "
                                     f"see only how many).{ask}")
            if build is not None and self.selected not in build:
                self.selected = next((c for c, b in build.items() if b["legal"]),
                                     next(iter(build), None))
            built = seat["businesses"]
        while len(self.hand_buttons) < len(hand):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("tt-ht-card")
            button.on_click(self.guard("picking a card")(self._card_clicked))
            self.hand_buttons.append(button)
        self.hand_cards = [card["id"] for card in hand]
        for button, card in zip(self.hand_buttons, hand, strict=False):
            colour = view["types"][card["type"]]["color"]
            button.description = (f"{card['name']} · rating {card['rating']} · "
                                  f"{card['hip_points']} HP")
            can = "can be built now" if card["rating"] <= built else "must wait"
            button.tooltip = f"{card_words(card)}: {can}"
            button.style.button_color = FILLS.get(colour)
            # Issue 20 point 11: a card is picked only at the build step; before it, its
            # button is disabled (a keyboard user's Tab skips it) and says when.
            button.disabled = build is None
            if build is None:
                button.tooltip += " (cards are picked at the end of your turn, to build)"
            chosen = build is not None and card["id"] == self.selected
            button.remove_class("tt-ht-selected")
            if chosen:
                button.add_class("tt-ht-selected")
        self.hand_row.children = tuple(self.hand_buttons[: len(hand)])
        self.skip.layout.display = "inline-flex" if build is not None else "none"

    def _card_clicked(self, button: w.Button) -> None:
        index = self.hand_buttons.index(button)
        if index < len(self.hand_cards):
            self.selected = self.hand_cards[index]
            self.draw_boards(self.view)
            self.show_hand(self.view)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, view: Mapping[str, Any], game: Any, full: bool) -> None:
        """Redraw everything from ``view``: the middle is one layer, drawn whole each time
        (``full`` changes nothing)."""
        self.view = view
        self.show_hand(view)
        self.draw_boards(view)
        with hold_canvas():
            layer = self.canvas[0]
            start_batch(layer)
            layer.fill_style = PAPER
            layer.fill_rect(0, 0, WIDTH, HEIGHT)
            self._die(layer, view, Rect(6, 6, 112, HEIGHT - 12))
            self._cards(layer, view, Rect(124, 6, 236, HEIGHT - 12))
            self._decks(layer, view, Rect(366, 6, WIDTH - 372, HEIGHT - 12))

    def draw_boards(self, view: Mapping[str, Any]) -> None:
        """The viewer's neighbourhood above the action bar, the others below it (only the
        viewer's lots take the keyboard)."""
        colours = seat_colours(view["seats"])
        yours: list[w.Widget] = []
        others: list[w.Widget] = []
        for seat in view["seats"]:
            board = self.board(seat["name"])
            board.show(self.cells(view, seat), view["seats"])
            mine = seat["name"] == view["you"]
            board.keys.layout.display = "grid" if mine else "none"
            self.titles[seat["name"]].value = self._title(view, seat, colours[seat["name"]])
            (yours if mine else others).extend([self.titles[seat["name"]], board.widget])
        self.yours.children = tuple(yours)
        self.others.children = tuple(others)
        self.below.layout.display = "flex" if others else "none"

    @staticmethod
    def _text(layer: Canvas, text: str, x: float, y: float, size: int = 11,
              bold: bool = False, align: str = "left", colour: str = INK) -> None:
        layer.fill_style = colour
        layer.text_align = align
        layer.text_baseline = "top"
        layer.font = f"{'bold ' if bold else ''}{size}px sans-serif"
        layer.fill_text(text, x, y)

    def _die(self, layer: Canvas, view: Mapping[str, Any], box: Rect) -> None:
        """The eight-sided die showing its last face."""
        self._text(layer, "THE DIE", box.x + box.w / 2, box.y, 11, True, "center")
        last = view["die"]["last"]
        cx, cy, r = box.x + box.w / 2, box.y + 60, 40
        word, colour = FACES.get(last["face"], ("?", INK)) if last else ("not rolled", "#bbb")
        points = [(cx + r * x, cy + r * y) for x, y in OCTAGON]
        layer.fill_style = colour
        layer.fill_polygon(points)
        layer.stroke_style = INK
        layer.line_width = 2
        layer.stroke_polygon(points)
        self._text(layer, word, cx, cy - 6, 12, True, "center", "white")
        if last:
            self._text(layer, f"face {last['number']} of {len(view['die']['faces'])}", cx,
                       box.y + 108, 11, False, "center")
            chance = Fraction(view["die"]["chances"][last["face"]])
            self._text(layer, f"chance {chance.numerator} in {chance.denominator}", cx,
                       box.y + 124, 11, False, "center")

    def _cards(self, layer: Canvas, view: Mapping[str, Any], box: Rect) -> None:
        """The market (its variant), else the card last turned over and its fate; the
        auction's bidding under it."""
        if view["market"] is not None:
            self._text(layer, "THE MARKET", box.x + box.w / 2, box.y, 11, True, "center")
            for k, card in enumerate(view["market"]):
                self._card(layer, view, card, Rect(box.x + k * 80, box.y + 18, 74, 112))
            return
        self._text(layer, "TURNED OVER", box.x + box.w / 2, box.y, 11, True, "center")
        flipped = view["flipped"]
        if flipped is None:
            self._text(layer, "no Property card yet", box.x + box.w / 2, box.y + 60, 11,
                       False, "center")
            return
        self._card(layer, view, flipped["card"], Rect(box.x, box.y + 18, 104, 120))
        lines = [f"by {flipped['by']}", *wrap(flipped["fate"], 18)]
        auction = view["auction"]
        if auction is not None:
            high = (f"high bid {auction['high']} HC by {auction['high_bidder']}"
                    if auction["high_bidder"] else "no bid yet")
            lines = ["AUCTION", *wrap(high, 18), *wrap("still in: " +
                                                       ", ".join(auction["active"]), 18)]
        for k, line in enumerate(lines[:8]):
            self._text(layer, line, box.x + 112, box.y + 22 + 16 * k, 11, line == "AUCTION")

    def _card(self, layer: Canvas, view: Mapping[str, Any], card: Mapping[str, Any],
              box: Rect) -> None:
        colour = view["types"][card["type"]]["color"]
        layer.fill_style = FILLS.get(colour, "white")
        layer.fill_rect(box.x, box.y, box.w, box.h)
        layer.fill_style = BANDS.get(colour, INK)
        layer.fill_rect(box.x, box.y, box.w, 18)
        layer.stroke_style = INK
        layer.line_width = 1
        layer.stroke_rect(box.x, box.y, box.w, box.h)
        self._text(layer, card["type"].split()[0], box.x + 4, box.y + 3, 10, True, colour="white")
        y = box.y + 24
        for line in wrap(card["name"], max(8, int(box.w / 7)))[:2]:
            self._text(layer, line, box.x + 4, y, 12, True)
            y += 15
        points = "Hip Point" if card["hip_points"] == 1 else "Hip Points"
        for text in (f"rating {card['rating']}", f"cost {card['cost']} HC",
                     f"{card['hip_points']} {points}"):
            self._text(layer, text, box.x + 4, y + 4, 11)
            y += 15

    def _decks(self, layer: Canvas, view: Mapping[str, Any], box: Rect) -> None:
        """The round, the decks, and the last Reality card."""
        decks = view["decks"]
        turn = f"{view['turn']}'s turn" if view["turn"] else "game over"
        lines = [(f"ROUND {view['round']}", True), (turn, False),
                 (f"Property deck {decks['property']}", False),
                 (f"  discards {decks['property_discards']}", False),
                 (f"Reality deck {decks['reality']}", False)]
        reality = view["reality"]
        if reality is not None:
            lines.append((reality["title"], True))
            lines += [(line, False) for line in wrap(reality["text"], 20)[:3]]
        for k, (line, bold) in enumerate(lines):
            self._text(layer, line, box.x, box.y + 15 * k, 11, bold)
        if reality is not None and reality["in_play"]:
            layer.stroke_style = HIGHLIGHT
            layer.line_width = 3
            layer.stroke_rect(box.x - 3, box.y + 73, box.w, 64)

    # -- in words ------------------------------------------------------------------------
    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The table in sentences: the die, the card turned over (or the market), the
        auction, then every neighbourhood lot by lot, and the viewer's hand."""
        lines = []
        last = view["die"]["last"]
        if last:
            lines.append(f"The die shows face {last['number']}: {FACES[last['face']][0].lower()}.")
        if view["market"] is not None:
            lines.append("The market: " + "; ".join(map(card_words, view["market"])) + ".")
        elif view["flipped"]:
            flipped = view["flipped"]
            lines.append(f"{flipped['by']} turned over {card_words(flipped['card'])}: "
                         f"{flipped['fate']}.")
        if view["auction"]:
            auction = view["auction"]
            high = (f"{auction['high_bidder']} bids {auction['high']} HC"
                    if auction["high_bidder"] else "no bid yet")
            lines.append(f"Auction of {auction['lot']['name']}: {high}; still in: "
                         f"{', '.join(auction['active'])}.")
        for seat in view["seats"]:
            built = [f"{lot} {card_words(card)}" for lot, card in
                     zip(self.lots, lots_of(seat), strict=True) if card]
            empty = [lot for lot, card in zip(self.lots, lots_of(seat), strict=True)
                     if card is None]
            lines.append(f"{seat['name']}'s neighbourhood, {score_words(seat['score'])}. "
                         f"Built: {'; '.join(built) or 'nothing yet'}. "
                         f"Empty: {', '.join(empty) or 'none'}.")
        if view["hand"] is not None:
            lines.append(f"{view['you']}'s hand: "
                         f"{'; '.join(map(card_words, view['hand'])) or 'empty'}.")
        return lines

