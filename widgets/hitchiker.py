"""The Hitchiker app: the loop of 42 cities, the Deal Chart in the middle, the casino's felt.

In a notebook::

    from widgets.hitchiker import HitchikerApp
    HitchikerApp(players=["Ann", "Bob", "Cy"], seats=["human", "heuristic", "heuristic"])

Everything shown comes from ``game.view(player)`` (see ``tabletop/games/hitchiker/rules.py``):
cities with their owners and sell prices, each hitchiker's cash, savings and contraband, the
Black Market deal in progress (stake, rolls, who rolls next) and, while the casino is open, a
blackjack table with every card face up. The odds panel's sentences are exact (Fractions from
``tabletop.odds`` and the game's own strategy and odds modules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas

from tabletop import Game
from tabletop.games.hitchiker import odds
from tabletop.games.hitchiker.strategy import action_values, bet_ev, house_outcomes
from tabletop.games.hitchiker.words import units
from tabletop.odds import dice

from .app import GameApp, Table
from .blackjack_table import BlackjackTable
from .board import Pieces, Rect, RingBoard, Space, Token
from .chances import chance_text
from .dice import draw_dice
from .palette import HIGHLIGHT, INK, player_colour

#: Colour band and a one-character mark for each kind of city.
KINDS: dict[str, tuple[str, str, str]] = {
    "hometown": ("#2a9d8f", "⌂", "Hometown"),
    "bad_ride": ("#6d4c41", "✖", "Bad Ride"),
    "black_market": ("#263238", "✦", "Black Market"),
    "sell": ("#e9a23b", "$", "Sell"),
    "customs": ("#1565c0", "⚑", "Customs"),
    "casino": ("#c62828", "♠", "Casino"),
}
NAMED = ("#8e44ad", "★", "Named city")
KIND_COLOURS = {kind: colour for kind, (colour, _, _) in KINDS.items()}
TWO_DICE = dice("2d6")
CARD_VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}


def kind_of(kind: str) -> tuple[str, str, str]:
    """Colour, mark and name of a kind of city (the seven named cities share one)."""
    return KINDS.get(kind, NAMED)


def short_money(amount: int) -> str:
    """$10,000 -> "$10k"."""
    return f"${amount // 1000}k" if amount % 1000 == 0 else f"${amount:,}"


def city_space(city: Mapping[str, Any]) -> Space:
    """A board space: the kind's mark and the name, plus the price of a Sell city."""
    _, mark, _ = kind_of(city["kind"])
    price = f" {short_money(city['price'])}" if city.get("price") else ""
    return Space(city["name"], city["kind"], f"{mark} {city['name']}{price}")


def card_value(card: str) -> int:
    """Blackjack value of a card such as "10H" or "AS" (an Ace counts 1 here)."""
    face = card[:-1]
    return CARD_VALUES.get(face) or int(face)


class HitchikerTable:
    """The ring of 42 cities with the Deal Chart, the last throw and the deal in progress
    drawn in the middle, and the casino's felt under the board while a round is on."""

    def __init__(self, view: Mapping[str, Any], players: Sequence[str], size: int = 640) -> None:
        spaces = [city_space(c) for c in view["cities"]]
        colours = {**{c["kind"]: NAMED[0] for c in view["cities"]}, **KIND_COLOURS}
        self.board = RingBoard(spaces, colours, size=size, title="HITCHIKER",
                               centre=self._centre)
        self.players = list(players)
        self.felt = BlackjackTable(players)
        self.canvas = self.board.canvas
        self.widget = w.VBox([self.board.widget, self.felt.widget])
        self.view = view
        self.last_roll: tuple[int, ...] = ()

    def colour(self, player: str) -> str:
        return player_colour(self.players.index(player))

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw the pieces, the centre and the felt (the board too when ``full``)."""
        self.view = view
        roll = next((e for e in reversed(game.events) if e.kind == "roll"), None)
        self.last_roll = tuple(roll.data.get("dice", ())) if roll is not None else ()
        tokens: dict[int, list[Token]] = {}
        for name, h in view["hitchikers"].items():
            if h["seated"] and h["position"] is not None:
                tokens.setdefault(h["position"], []).append(Token(name[0], self.colour(name)))
        owners = {c["index"]: self.colour(c["owner"]) for c in view["cities"] if c["owner"]}
        current = view["current"]
        highlight = None if current is None else view["hitchikers"][current]["position"]
        pending = game.decision
        status = ("game over" if pending is None
                  else f"{pending.player}: {pending.kind.replace('_', ' ')}")
        caption = f"Turn {view['turn']} of {view['max_turns']} · {status}"
        self.board.render(Pieces(tokens, owners, highlight, caption), full)
        self.felt.show(view["casino"])

    # -- the middle of the board ------------------------------------------------------------
    def _centre(self, layer: Canvas, inner: Rect) -> None:
        view = self.view
        pad = 14
        x0, y = inner.x + pad, inner.y + 48
        layer.text_align = "left"
        layer.text_baseline = "top"
        layer.fill_style = INK
        layer.font = "bold 12px sans-serif"
        layer.fill_text("Last throw", x0, y)
        if self.last_roll:
            draw_dice(layer, x0, y + 16, self.last_roll, 30)
        self._goals(layer, inner.x + inner.w / 2, y)
        chart_top = y + 64
        self._deal_chart(layer, Rect(x0, chart_top, inner.w - 2 * pad, 150))
        self._legend(layer, Rect(x0, chart_top + 168, inner.w - 2 * pad, 60))
        if view["casino"] is not None:
            casino = view["casino"]
            layer.fill_style = KINDS["casino"][0]
            layer.font = "bold 13px sans-serif"
            layer.fill_text(f"♠ Casino open: {casino['dealer']} deals round {casino['round']} "
                            f"of {casino['rounds']} (table below the board)", x0,
                            chart_top + 232)

    def _goals(self, layer: Canvas, x: float, y: float) -> None:
        goals = self.view["goals"]
        layer.fill_style = INK
        layer.font = "bold 12px sans-serif"
        layer.fill_text("To win", x, y)
        layer.font = "12px sans-serif"
        layer.fill_text(f"save ${goals['savings']:,} in the pouch", x, y + 16)
        layer.fill_text(f"or carry ${goals['cash']:,}", x, y + 32)

    def _deal_chart(self, layer: Canvas, box: Rect) -> None:
        """The Deal Chart as eleven tiles; the rolls of the deal in progress are marked."""
        view = self.view
        deal = view["deal"]
        layer.fill_style = INK
        layer.font = "bold 12px sans-serif"
        layer.text_align = "left"
        if deal is None:
            layer.fill_text("Black Market Deal Chart (2d6)", box.x, box.y)
        else:
            roller = deal["roller"] or "?"
            layer.fill_text(f"✦ {deal['player']}'s deal: stake ${deal['stake']:,} · "
                            f"{roller} rolls", box.x, box.y)
        rolled = {} if deal is None else {r["roll"]: k for k, r in enumerate(deal["rolls"])}
        chart = view["deal_chart"]
        tile_w = box.w / len(chart)
        for k, (roll, text) in enumerate(sorted(chart.items(), key=lambda kv: int(kv[0]))):
            x = box.x + k * tile_w
            top = box.y + 20
            deadly = "shootout" in text
            layer.fill_style = "#ffcdd2" if deadly else "#eceff1"
            if int(roll) in rolled:
                layer.fill_style = HIGHLIGHT
            layer.fill_rect(x + 1, top, tile_w - 2, 78)
            layer.stroke_style = INK
            layer.line_width = 1
            layer.stroke_rect(x + 1, top, tile_w - 2, 78)
            layer.fill_style = INK
            layer.text_align = "center"
            layer.font = "bold 14px sans-serif"
            layer.fill_text(str(roll), x + tile_w / 2, top + 3)
            layer.font = "9px sans-serif"
            for j, line in enumerate(_tile_words(text)):
                layer.fill_text(line, x + tile_w / 2, top + 22 + j * 10)
            layer.font = "9px sans-serif"
            layer.fill_text(f"{TWO_DICE[int(roll)] * 36}/36", x + tile_w / 2, top + 64)
        layer.text_align = "left"
        if deal is not None:
            words = [f"roll {k + 1}: {r['roller']} threw {r['roll']}"
                     for k, r in enumerate(deal["rolls"])]
            layer.font = "12px sans-serif"
            layer.fill_text("; ".join(words) or "waiting for the first roll", box.x,
                            box.y + 106)

    @staticmethod
    def _legend(layer: Canvas, box: Rect) -> None:
        layer.font = "11px sans-serif"
        layer.text_baseline = "middle"
        layer.text_align = "left"
        for k, (colour, mark, name) in enumerate([*KINDS.values(), NAMED]):
            x = box.x + (k % 4) * (box.w / 4)
            y = box.y + (k // 4) * 18
            layer.fill_style = colour
            layer.fill_rect(x, y, 12, 12)
            layer.fill_style = INK
            layer.fill_text(f"{mark} {name}", x + 16, y + 6)
        layer.text_baseline = "top"

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        """The table in sentences: each hitchiker, the owned Hometowns, any deal or casino."""
        lines = []
        for name, h in view["hitchikers"].items():
            if not h["seated"]:
                lines.append(f"{name} is away from the table.")
                continue
            extra = (", stuck in Remindya's pot hole" if h["stuck"] else "") + (
                ", misses the next turn" if h["misses_turn"] else "")
            lines.append(f"{name} is on city {h['position']}, {h['city']}{extra}; cash "
                         f"${h['cash']:,}, savings ${h['savings']:,}, {units(h['contraband'])} "
                         f"of contraband; Hometowns: {', '.join(h['hometowns']) or 'none'}.")
        free = [c["name"] for c in view["cities"] if c["kind"] == "hometown" and not c["owner"]]
        lines.append(f"Unowned Hometowns: {', '.join(free) or 'none'}.")
        if view["deal"] is not None:
            lines.append(deal_sentence(view["deal"]))
        if view["casino"] is not None:
            lines.append(f"The casino is open: {view['casino']['dealer']} deals.")
        return lines


def _tile_words(text: str) -> list[str]:
    """A Deal Chart entry in two short lines for its tile."""
    if text.startswith("$"):
        return [text.split(" ")[0], "a unit"]
    return {"free units": ["FREE", "units"], "ripped off": ["RIPPED", "OFF"],
            "killed in a police shootout": ["POLICE", "SHOOT-", "OUT"]}.get(text, [text])


def deal_sentence(deal: Mapping[str, Any]) -> str:
    """The Black Market deal in progress in words."""
    rolls = ", ".join(f"{r['roller']} rolled {r['roll']}" for r in deal["rolls"]) or "no roll yet"
    return (f"Black Market: {deal['player']} has ${deal['stake']:,} on the table; "
            f"{rolls} ({len(deal['rolls'])} of 3 rolls); roller: {deal['roller']}.")


class HitchikerApp(GameApp):
    """Hitchiker for a few students and bots at one screen."""

    game_name = "hitchiker"
    headers = ("Cash", "Savings", "Contraband", "Where")

    def make_table(self) -> Table:
        return HitchikerTable(self.game.view(None), self.game.players)

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        h = view["hitchikers"][player]
        if not h["seated"]:
            return ["—", "—", "—", "away from the table"]
        where = [h["city"] or "—"]
        if h["stuck"]:
            where.append("stuck at Remindya")
        if h["misses_turn"]:
            where.append("misses a turn")
        if h["deaths"]:
            where.append(f"died {h['deaths']}×")
        where.append("owns " + (", ".join(h["hometowns"]) or "no Hometown"))
        return [f"${h['cash']:,}", f"${h['savings']:,}", units(h["contraband"]),
                "\n".join(where)]

    def extra_html(self, view: Mapping[str, Any]) -> str:
        parts = []
        if view["deal"] is not None:
            parts.append(f"<b>✦ {escape(deal_sentence(view['deal']))}</b>")
        if view["offer"] is not None:
            offer = view["offer"]
            parts.append(f"<b>⌂ For sale</b>: {escape(offer['city'])} at ${offer['price']:,}")
        if view["on_table"]:
            parts.append(f"On the table: ${view['on_table']:,}")
        last = view["bad_ride"]["last"]
        if last:
            parts.append(f"<b>✖ Last Bad Ride card</b>: {escape(last)} "
                         f"({view['bad_ride']['cards_left']} left in the pile)")
        if view["away"]:
            parts.append("Away: " + escape(", ".join(view["away"])))
        return "<br>".join(parts)

    # -- odds of what may happen next ---------------------------------------------------------
    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Exact chances for the decision at hand."""
        decision = self.game.decision
        if decision is None:
            return []
        kind, player = decision.kind, decision.player
        if kind == "turn":
            return self._landing(view, player)
        if kind == "buy":
            price = odds.hometown_price()
            return [f"A Hometown's price is one die times $5,000: mean "
                    f"${float(price.mean()):,.0f}; ${view['offer']['price']:,} or less: "
                    f"{chance_text(price.p(lambda x: x <= view['offer']['price']))}.",
                    "Each owned Hometown pays its owner about "
                    f"${float(odds.welfare_per_move()):,.0f}"
                    " of welfare per own move."]
        if kind in ("deal", "roll", "accept"):
            return self._deal_chances(view, kind)
        if kind in ("bet", "play") and view["casino"] is not None:
            return self._casino_chances(view, player, kind)
        return []

    @staticmethod
    def _landing(view: Mapping[str, Any], player: str) -> list[str]:
        h = view["hitchikers"][player]
        if h["stuck"]:
            return [f"{player} needs an odd total to leave Remindya: "
                    f"{chance_text(odds.remindya_escape())}; 2 turns on average."]
        cities = view["cities"]
        by_kind: dict[str, Fraction] = {}
        for steps, p in TWO_DICE.items():
            city = cities[(h["position"] + steps) % len(cities)]
            name = kind_of(city["kind"])[2] if city["kind"] in KINDS else city["name"]
            by_kind[name] = by_kind.get(name, Fraction(0)) + p
        return [f"{player}'s throw lands on {name}: {chance_text(p)}."
                for name, p in sorted(by_kind.items(), key=lambda kp: -kp[1])][:5]

    @staticmethod
    def _deal_chances(view: Mapping[str, Any], kind: str) -> list[str]:
        chart = view["deal_chart"]
        by_text: dict[str, Fraction] = {}
        for roll, text in chart.items():
            by_text[text] = by_text.get(text, Fraction(0)) + TWO_DICE[int(roll)]
        lines = [f"Next roll: {text}: {chance_text(p)}."
                 for text, p in sorted(by_text.items(), key=lambda kp: -kp[1])]
        if kind == "accept":
            lines.insert(0, "Declining means one more roll, and every roll risks the 7: "
                            f"{chance_text(TWO_DICE[7])}. Taking 'ripped off' risks no death.")
        return lines

    @staticmethod
    def _casino_chances(view: Mapping[str, Any], player: str, kind: str) -> list[str]:
        casino = view["casino"]
        house = casino["house"]["cards"]
        if not house:
            return []
        up = card_value(house[0])
        bust = house_outcomes(up).get(22, Fraction(0))
        lines = [f"The house shows {house[0]}: it busts {chance_text(bust)}."]
        if kind == "play" and 0 <= casino["acting"] < len(casino["hands"]):
            hand = casino["hands"][casino["acting"]]
            cards = [card_value(c) for c in hand["cards"]]
            values = action_values(cards, up)
            best = max(values, key=values.__getitem__)
            lines.append("Expected gain per $1 bet: " + ", ".join(
                f"{a} {float(v):+.2f}" for a, v in values.items()) + f" (best: {best}).")
        elif kind == "bet":
            hand = next((h for h in casino["hands"] if h["player"] == player and h["cards"]),
                        None)
            if hand is not None:
                ev = bet_ev(card_value(hand["cards"][0]), up)
                lines.append(f"With {hand['cards'][0]} against {house[0]}, best play gains "
                             f"{float(ev):+.2f} per $1 bet on average.")
        return lines
