"""The Hitchiker app: the loop of 42 cities, the Deal Chart in the middle, the casino's felt.

In a notebook::

    from widgets.hitchiker import HitchikerApp
    HitchikerApp(players=["Ann", "Bob", "Cy"], seats=["human", "heuristic", "heuristic"])

Everything shown comes from ``game.view(player)`` (see ``tabletop/games/hitchiker/view.py``):
the ``spaces`` with their owners and sell prices, each hitchiker's seat with cash, savings and
contraband, the Black Market deal in progress (stake, rolls, who rolls next) and, while the
casino is open, a blackjack table with every card face up. The odds panel's sentences are
exact, from the game's own odds module (``tabletop/games/hitchiker/odds.py``); this module
knows no rule.
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
from tabletop.games.hitchiker.words import units

from ..app import GameApp, Table
from ..board import Rect, RingBoard, spaces_of
from ..chances import chance_text
from ..dice import draw_dice
from ..palette import HIGHLIGHT, INK
from .kinds import KIND_COLOURS, KINDS, NAMED, city_label, kind_of, short_money
from .table import BlackjackTable


class HitchikerTable:
    """The ring of 42 cities (tokens, owned Hometowns and the last city landed on are the
    kit's, from the view) with the Deal Chart, the last throw and the deal in progress drawn
    in the middle, and the casino's felt under the board while a round is on."""

    def __init__(self, view: Mapping[str, Any], players: Sequence[str], size: int = 640) -> None:
        colours = {**{c["kind"]: NAMED[0] for c in view["spaces"]}, **KIND_COLOURS}
        self.board = RingBoard(spaces_of(view, city_label), colours, size=size,
                               title="HITCHIKER", centre=self._centre)
        self.felt = BlackjackTable(players)
        self.canvas = self.board.canvas
        self.widget = w.VBox([self.board.widget, self.felt.widget])
        self.view = view
        self.last_roll: tuple[int, ...] = ()

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        """Redraw the pieces, the centre and the felt (the board too when ``full``)."""
        self.view = view
        roll = next((e for e in reversed(game.events) if e.kind == "roll"), None)
        self.last_roll = tuple(roll.data.get("dice", ())) if roll is not None else ()
        pending = game.decision
        status = ("game over" if pending is None
                  else f"{pending.player}: {pending.kind.replace('_', ' ')}")
        self.board.draw_view(view, full, f"Turn {view['turn']} of {view['max_turns']} · {status}")
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
        self._kinds_key(layer, Rect(x0, chart_top + 168, inner.w - 2 * pad, 60))
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
        for k, line in enumerate(chart):
            x = box.x + k * tile_w
            top = box.y + 20
            layer.fill_style = "#ffcdd2" if line["result"] == "shootout" else "#eceff1"
            if line["roll"] in rolled:
                layer.fill_style = HIGHLIGHT
            layer.fill_rect(x + 1, top, tile_w - 2, 78)
            layer.stroke_style = INK
            layer.line_width = 1
            layer.stroke_rect(x + 1, top, tile_w - 2, 78)
            layer.fill_style = INK
            layer.text_align = "center"
            layer.font = "bold 14px sans-serif"
            layer.fill_text(str(line["roll"]), x + tile_w / 2, top + 3)
            layer.font = "9px sans-serif"
            for j, words in enumerate(_tile_words(line)):
                layer.fill_text(words, x + tile_w / 2, top + 22 + j * 10)
            layer.font = "9px sans-serif"
            layer.fill_text(f"{odds.TWO_DICE[line['roll']] * 36}/36", x + tile_w / 2, top + 64)
        layer.text_align = "left"
        if deal is not None:
            words = [f"roll {k + 1}: {r['roller']} threw {r['roll']}"
                     for k, r in enumerate(deal["rolls"])]
            layer.font = "12px sans-serif"
            layer.fill_text("; ".join(words) or "waiting for the first roll", box.x,
                            box.y + 106)

    @staticmethod
    def _kinds_key(layer: Canvas, box: Rect) -> None:
        """The colour and mark of each kind of city."""
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
        """The table in sentences: the kit's tokens, owners and last landing, then each
        hitchiker's money, the unowned Hometowns, any deal or casino."""
        lines = self.board.describe(view)
        for h in view["seats"]:
            name = h["name"]
            if not h["seated"]:
                continue  # the board's sentence says so
            extra = ("; stuck in Remindya's pot hole" if h["stuck"] else "") + (
                "; misses the next turn" if h["misses_turn"] else "")
            lines.append(f"{name} has cash ${h['money']:,}, savings ${h['savings']:,} and "
                         f"{units(h['contraband'])} of contraband{extra}.")
        free = [c["name"] for c in view["spaces"] if c["kind"] == "hometown" and not c["owner"]]
        lines.append(f"Unowned Hometowns: {', '.join(free) or 'none'}.")
        if view["deal"] is not None:
            lines.append(deal_sentence(view["deal"]))
        if view["casino"] is not None:
            lines.append(f"The casino is open: {view['casino']['dealer']} deals.")
        return lines


def _tile_words(line: Mapping[str, Any]) -> list[str]:
    """A line of the Deal Chart in two or three short lines for its tile."""
    if line["price"]:
        return [short_money(line["price"]), "a unit"]
    return {"free": ["FREE", "units"], "ripped_off": ["RIPPED", "OFF"],
            "shootout": ["POLICE", "SHOOT-", "OUT"]}.get(line["result"], [line["text"]])


def seat_of(view: Mapping[str, Any], player: str) -> Mapping[str, Any]:
    """``player``'s entry of the view's ``seats``."""
    return next(s for s in view["seats"] if s["name"] == player)


def deal_sentence(deal: Mapping[str, Any]) -> str:
    """The Black Market deal in progress in words."""
    rolls = ", ".join(f"{r['roller']} rolled {r['roll']}" for r in deal["rolls"]) or "no roll yet"
    return (f"Black Market: {deal['player']} has ${deal['stake']:,} on the table; "
            f"{rolls} ({len(deal['rolls'])} of {deal['most_rolls']} rolls); "
            f"roller: {deal['roller']}.")


class HitchikerApp(GameApp):
    """Hitchiker for a few students and bots at one screen."""

    game_name = "hitchiker"
    headers = ("Cash", "Savings", "Contraband", "Where")

    def make_table(self) -> Table:
        return HitchikerTable(self.game.view(None), self.game.players)

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        h = seat_of(view, player)
        if not h["seated"]:
            return ["—", "—", "—", "away from the table"]
        where = [h["city"] or "no Hometown chosen yet"]
        if h["stuck"]:
            where.append("stuck at Remindya")
        if h["misses_turn"]:
            where.append("misses a turn")
        if h["deaths"]:
            where.append(f"died {h['deaths']}×")
        where.append("owns " + (", ".join(h["hometowns"]) or "no Hometown"))
        return [f"${h['money']:,}", f"${h['savings']:,}", units(h["contraband"]),
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

    # -- odds of what may happen next (all from the game's odds.py) -------------------------
    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Exact chances for the decision at hand."""
        decision = self.game.decision
        if decision is None:
            return []
        kind, player = decision.kind, decision.player
        content = self.game.content
        if kind == "turn":
            return self._landing(view, player)
        if kind == "buy":
            price = odds.hometown_price(content)
            offered = view["offer"]["price"]
            return [f"A Hometown's price is one die times ${content.money['price_per_pip']:,}: "
                    f"mean ${float(price.mean()):,.0f}; ${offered:,} or less: "
                    f"{chance_text(price.p(lambda x: x <= offered))}.",
                    "Each owned Hometown pays its owner about "
                    f"${float(odds.welfare_per_move()):,.0f} of welfare per own move."]
        if kind in ("deal", "roll", "accept"):
            return self._deal_chances(kind)
        if kind in ("bet", "play") and view["casino"] is not None:
            return self._casino_chances(view, player, kind)
        return []

    def _landing(self, view: Mapping[str, Any], player: str) -> list[str]:
        h = seat_of(view, player)
        content = self.game.content
        if h["stuck"]:
            return [f"{player} needs a roll that gets out of Remindya: "
                    f"{chance_text(odds.remindya_escape(content))}; "
                    f"{float(odds.expected_remindya_stay(content)):g} turns on average."]
        spaces = view["spaces"]
        by_kind: dict[str, Fraction] = {}
        for index, p in odds.throw_lands_on(h["position"], content).items():
            city = spaces[index]
            name = kind_of(city["kind"])[2] if city["kind"] in KINDS else city["name"]
            by_kind[name] = by_kind.get(name, Fraction(0)) + p
        return [f"{player}'s throw lands on {name}: {chance_text(p)}."
                for name, p in sorted(by_kind.items(), key=lambda kp: -kp[1])][:5]

    def _deal_chances(self, kind: str) -> list[str]:
        content = self.game.content
        lines = [f"Next roll: {text}: {chance_text(p)}."
                 for text, p in sorted(odds.deal_roll(content).items(), key=lambda kp: -kp[1])]
        if kind == "accept":
            lines.insert(0, "Declining means one more roll, and every roll risks the shootout: "
                            f"{chance_text(odds.shootout(content))}. Taking 'ripped off' risks "
                            "no death.")
        return lines

    def _casino_chances(self, view: Mapping[str, Any], player: str, kind: str) -> list[str]:
        casino = view["casino"]
        house = casino["house"]["cards"]
        if not house:
            return []
        rules = self.game.content.casino
        up = house[0]
        lines = [f"The house shows {up}: it busts {chance_text(odds.house_bust(up, rules))}."]
        if kind == "play" and 0 <= casino["acting"] < len(casino["hands"]):
            hand = casino["hands"][casino["acting"]]
            values = odds.move_values(hand["cards"], up, rules)
            best = max(values, key=values.__getitem__)
            lines.append("Expected gain per $1 bet: " + ", ".join(
                f"{a} {float(v):+.2f}" for a, v in values.items()) + f" (best: {best}).")
        elif kind == "bet":
            hand = next((h for h in casino["hands"] if h["player"] == player and h["cards"]),
                        None)
            if hand is not None:
                ev = odds.bet_value(hand["cards"][0], up, rules)
                lines.append(f"With {hand['cards'][0]} against {up}, best play gains "
                             f"{float(ev):+.2f} per $1 bet on average.")
        return lines
