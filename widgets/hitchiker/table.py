"""The casino's felt as HTML: every hand face up with its bet and state, and the house hand.

Built from the ``casino`` entry of a Hitchiker view (``hands`` of ``{player, cards, total,
soft, bust, bet, state, split, doubled}``, ``house {cards, total, soft, bust}`` and the house
``rules``), so it has no rules of its own. Cards are drawn as small white tiles ("10♥", red
suits in red), which needs no font of playing-card glyphs and reads well in Voilà offline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from ..palette import player_colour

SUITS = {"S": ("♠", "#222"), "C": ("♣", "#222"), "H": ("♥", "#c62828"), "D": ("♦", "#c62828")}
STATE_WORDS = {
    "waiting": "waiting", "playing": "to play", "stuck": "sticks", "bust": "BUST",
    "blackjack": "BLACKJACK!", "out": "sits out", "won": "WON", "lost": "lost", "push": "push",
}
CSS = """
<style>
.tt-felt { background: #1f5e3b; color: #f5f1e6; border-radius: 10px; padding: 8px 10px;
           font-family: system-ui, sans-serif; }
.tt-felt h4 { margin: 0 0 4px 0; font-size: 1em; color: #ffe082; }
.tt-felt table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
.tt-felt td { padding: 3px 5px; border-top: 1px solid rgba(255,255,255,0.15);
              vertical-align: middle; }
.tt-felt tr.tt-acting td { background: rgba(255, 224, 130, 0.25); }
.tt-playing-card { display: inline-block; min-width: 1.9em; padding: 2px 3px; margin: 1px;
                   background: #fff; border-radius: 4px; border: 1px solid #999;
                   text-align: center; font-weight: 700; box-shadow: 1px 1px 0 #0004; }
.tt-felt .tt-swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
                      margin-right: 4px; border: 1px solid #fff; }
</style>
"""


def card_html(card: str) -> str:
    """One card as a tile: rank and suit, red for hearts and diamonds."""
    symbol, colour = SUITS.get(card[-1], ("?", "#222"))
    return (f'<span class="tt-playing-card" style="color:{colour}">'
            f"{escape(card[:-1])}{symbol}</span>")


def total_text(hand: Mapping[str, Any]) -> str:
    """A hand's total in words ("soft 17", "bust 24")."""
    if not hand["cards"]:
        return ""
    if hand["bust"]:
        return f"bust {hand['total']}"
    return f"soft {hand['total']}" if hand["soft"] else str(hand["total"])


class BlackjackTable:
    """An HTML view of a casino round; empty (hidden) when no round is on."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        self.widget = w.HTML("")
        self.widget.add_class("tt-blackjack")

    def show(self, casino: Mapping[str, Any] | None) -> None:
        """Redraw from the view's ``casino`` entry (None hides the table)."""
        self.widget.value = "" if casino is None else CSS + self.html(casino)

    def html(self, casino: Mapping[str, Any]) -> str:
        house = casino["house"]
        rows = []
        acting = casino.get("acting")
        for k, hand in enumerate(casino["hands"]):
            seat = self.players.index(hand["player"]) if hand["player"] in self.players else 0
            swatch = f'<span class="tt-swatch" style="background:{player_colour(seat)}"></span>'
            extras = [word for flag, word in (("split", "split"), ("doubled", "doubled"))
                      if hand.get(flag)]
            dealer = " (dealer)" if hand["player"] == casino["dealer"] else ""
            mark = ' class="tt-acting"' if acting == k else ""
            rows.append(
                f"<tr{mark}><td>{swatch}<b>{escape(hand['player'])}</b>{dealer}</td>"
                f"<td>{''.join(card_html(c) for c in hand['cards'])}</td>"
                f"<td>{total_text(hand)}</td>"
                f"<td>{'$' + format(hand['bet'], ',') if hand['bet'] else '—'}</td>"
                f"<td>{escape(STATE_WORDS.get(hand['state'], hand['state']))}"
                f"{' · ' + ', '.join(extras) if extras else ''}</td></tr>")
        house_cards = "".join(card_html(c) for c in house["cards"])
        rows.append(f"<tr><td><b>HOUSE</b></td><td>{house_cards}</td>"
                    f"<td>{total_text(house)}</td>"
                    f"<td></td><td>stands on {casino['rules']['house_stands']}</td></tr>")
        title = (f"Casino — {escape(str(casino['dealer']))} deals, round {casino['round']} of "
                 f"{casino['rounds']} · {casino['cards_left']} cards left")
        return (f'<div class="tt-felt"><h4>{title}</h4><table>'
                "<tr><td>Hand</td><td>Cards (all face up)</td><td>Total</td><td>Bet</td>"
                f"<td>State</td></tr>{''.join(rows)}</table></div>")
