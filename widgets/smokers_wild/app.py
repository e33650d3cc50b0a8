"""The Smokers Wild app: the table (:mod:`.table`), the players' panel, the log and the odds.

In a notebook::

    from widgets.smokers_wild import SmokersWildApp
    SmokersWildApp(players=["Ann", "Bob", "Cy"], seats=["human", "heuristic", "heuristic"])

Everything shown comes from ``game.view(player)`` (documented in
``tabletop/games/smokers_wild/view.py``), so the app needs no knowledge of the rules
beyond what the view says; the "what may happen next" chances come from the game's
``odds.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from tabletop.games.smokers_wild import odds

from ..app import GameApp, Table
from ..chances import chance_text
from .table import SmokersWildTable, company_money


class SmokersWildApp(GameApp):
    """Smokers Wild for a few students and bots at one screen."""

    game_name = "smokers_wild"
    headers = ("Cash", "Life", "Status", "Brands and occupations")

    def make_table(self) -> Table:
        return SmokersWildTable(self.game.view(None))

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        seat = next(s for s in view["seats"] if s["name"] == player)
        status = ["GONE" if seat["is_gone"] else ("smoker" if seat["smoker"] else "non-smoker")]
        if seat["on_vacation"] or seat["vacation_turns"]:
            status.append(f"on vacation ({seat['vacation_turns']} to miss)")
        status.append(f"{seat['puff_cards']} puff cards")
        holdings = [", ".join(seat["brands"]) or "no brands",
                    ", ".join(seat["occupations"]) or "no occupation"]
        return [f"K{seat['money']}", seat["life_label"], "\n".join(status), "\n".join(holdings)]

    def extra_html(self, view: Mapping[str, Any]) -> str:
        company = view["company"]
        parts = [f"<b>Tobacco Company</b>: {' '.join(company_money(company['balance']))} · "
                 f"brands in stock: {len(company['brands'])} · "
                 f"occupations: {escape(', '.join(company['occupations'])) or 'none'}"]
        auction = view.get("auction")
        if auction:
            parts.append(f"<b>Auction</b>: {escape(str(auction.get('lot')))}, high bid "
                         f"K{auction.get('high')} by {escape(str(auction.get('high_bidder')))}")
        payment = view.get("payment")
        if payment:
            parts.append(f"<b>Owing</b>: {escape(str(payment.get('payer')))} must find "
                         f"K{payment.get('need')} ({escape(str(payment.get('why')))})")
        return "<br>".join(parts)

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Exact chances for the decision at hand (the game's odds.py): where the next throw
        lands, quitting, a challenge, a blind draw."""
        decision = self.game.decision
        if decision is None:
            return []
        return [f"{what}: {chance_text(p)}."
                for what, p in odds.upcoming(view, decision.kind, decision.player)]
