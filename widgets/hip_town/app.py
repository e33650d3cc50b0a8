"""The Hip Town app: the middle of the table, every player's 2 x 5 neighbourhood, your hand,
the auction (or the market in its variant), the scores with each bonus group picked out,
and the odds of the die and of a card you could build.

In a notebook::

    from widgets.hip_town import HipTownApp
    HipTownApp(players=["Ann", "Bob", "Cy"], seats=["human", "heuristic", "heuristic"])

Rolling, buying, bidding, the Choice face and the Reality cards' questions are buttons of
the action bar (a bid is an amount); building is done on the board: a card of your hand,
then a lit lot (see :mod:`.table`). With several students at one screen (hot-seat)
the hand is covered whenever the turn passes to another student who holds cards, until that
student presses "show my hand". Everything shown comes from
``game.view(player)`` and the game's ``odds.py``: the app knows no rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from tabletop import Decision
from tabletop.games.hip_town import odds

from ..app import Table
from ..chances import chance_text
from ..hotseat import HotSeatApp
from ..lessons import fraction_text
from .table import FACES, HipTownTable, card_words, score_words


class HipTownApp(HotSeatApp):
    """Hip Town for students and bots at one screen (2 to 6 players)."""

    game_name = "hip_town"
    headers = ("Hip Coins", "Hip Points", "Lots built", "Hand")
    choices_elsewhere = ("build",)
    secrets = "hand"

    def make_table(self) -> Table:
        return HipTownTable(self.game.view(None), self.act, self.cover, self.errors.guard)

    def has_secrets(self, player: str) -> bool:
        """A student holding cards (how many each holds is public)."""
        seat = next(s for s in self.game.view(None)["seats"] if s["name"] == player)
        return seat["hand_size"] > 0

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        seat = next(s for s in view["seats"] if s["name"] == player)
        score = seat["score"]
        bonus = score["total"] - score["hip_points"]
        points = f"{score['total']}" + (f"\n({score['hip_points']} + {bonus} bonus)"
                                        if bonus else "")
        return [f"{seat['money']} HC", points, f"{seat['businesses']} of {len(view['lots'])}",
                f"{seat['hand_size']} cards"]

    def extra_html(self, view: Mapping[str, Any]) -> str:
        """The card on offer or the market, the auction, the Reality card and every bonus."""
        parts = []
        if view["market"] is not None:
            parts.append("<b>Market</b>: " + escape("; ".join(map(card_words, view["market"]))
                                                   or "empty"))
        elif view["flipped"]:
            flipped = view["flipped"]
            parts.append(f"<b>Turned over</b> by {escape(flipped['by'])}: "
                         f"{escape(card_words(flipped['card']))}, {escape(flipped['fate'])}")
        auction = view["auction"]
        if auction:
            high = (f"{auction['high']} HC by {auction['high_bidder']}"
                    if auction["high_bidder"] else "no bid yet")
            parts.append(f"<b>Auction</b> of {escape(auction['lot']['name'])}: high bid "
                         f"{escape(high)}; still in: {escape(', '.join(auction['active']))}")
        reality = view["reality"]
        if reality:
            now = "being carried out" if reality["in_play"] else "last drawn"
            parts.append(f"<b>Reality</b> ({now}): {escape(reality['title'])}: "
                         f"{escape(reality['text'])}")
        for seat in view["seats"]:
            if seat["score"]["destinations"] or seat["score"]["every_type"]:
                parts.append(f"<b>{escape(seat['name'])}</b>: "
                             f"{escape(score_words(seat['score']))}")
        return "<br>".join(parts)

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """The die's faces, coins per roll, and the chance of a card the viewer could build
        (all from the game's odds.py)."""
        content = self.game.content
        coins = odds.coins_per_roll(content).mean()
        lines = [f"{what}: {chance_text(p)}." for what, p in odds.upcoming(content, view)]
        lines.insert(len(view["die"]["chances"]), f"The die pays {fraction_text(coins)} HC a "
                     "roll on average (the Choice face taken as Hip Coins).")
        return lines

    def prompt(self, view: Mapping[str, Any], decision: Decision) -> str:
        if decision.kind == "build":
            return (f"{decision.player}: build a business: pick a card of your hand below, "
                    "then a lit lot of your neighbourhood (or build nothing this turn)")
        return decision.prompt

    def render(self, full: bool = False) -> None:
        """Everything, then the die's last face beside the action bar."""
        super().render(full)
        last = self.table_view()["die"]["last"]
        word, colour = FACES[last["face"]] if last else ("", "")
        self.dice.value = "" if not last else (
            f'<span style="color:{colour}; font-size:0.55em; font-weight:700" '
            f'title="face {last["number"]}">{word}</span>')
