"""The Pitch app: a card table with the trick in the middle, the student's hand as buttons,
the bids, the score sheet (a star for each moon made) and the money owed.

In a notebook::

    from widgets.pitch import PitchApp
    PitchApp(players=["Ann", "Bob", "Cy", "Dee"], seats=["human", "heuristic", "heuristic",
             "heuristic"], seat_changes="open")

Against bots only the student's hand shows. With several students at one screen
(hot-seat) the hand is covered whenever the turn passes to another student, until
that student presses "show my hand". Bids and between-hand choices are buttons of the
action bar; cards are played by clicking them in the hand (only the legal ones are
enabled: exactly the decision's choices).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tabletop.core.cards import SUIT_NAMES, SUIT_SYMBOLS
from tabletop.core.decisions import Action
from tabletop.core.play import Bot

from ..app import Table
from ..chances import chance_text
from ..hotseat import HotSeatApp
from .table import PitchTable, seat_order, suit_span

BID_WORDS = {"moon": "moon ☾"}


def dollars(cents: int) -> str:
    """``-35`` -> ``"−$0.35"``; ``120`` -> ``"+$1.20"``; ``0`` -> ``"$0.00"``."""
    sign = "+" if cents > 0 else ("−" if cents < 0 else "")
    return f"{sign}${abs(cents) / 100:.2f}"


def bid_word(bid: str) -> str:
    """A bid of the view's ``bids`` as the panel shows it: ``"3"``, ``"pass"``, ``"moon ☾"``."""
    return BID_WORDS.get(bid, bid)


class PitchApp(HotSeatApp):
    """Pitch for one student against bots, or several students taking turns at one screen."""

    game_name = "pitch"
    headers = ("Bid", "This hand", "Score", "Money")
    choices_elsewhere = ("play",)
    secrets = "hand"

    def __init__(
        self,
        players: Sequence[str] = ("Ann", "Bob", "Cy", "Dee"),
        seats: Sequence[str] | Mapping[str, str] | None = None,
        seed: int = 0,
        pace: float = 0.6,
        **options: Any,
    ) -> None:
        super().__init__(players, seats, seed, pace, **options)

    # -- hooks ----------------------------------------------------------------------------
    def make_table(self) -> Table:
        return PitchTable(self.act, self.cover, self.errors.guard)

    def has_secrets(self, player: str) -> bool:
        """A student holding cards (how many each holds is public)."""
        return self.game.view(None)["hand_sizes"].get(player, 0) > 0

    def make_bots(self) -> dict[str, Bot]:
        """Bots for every bot seat; a player who joined between hands sits as a heuristic bot."""
        for name in seat_order(self.game.view(None)):
            self.seats.setdefault(name, "heuristic")
        return super().make_bots()

    def after_apply(self, action: Action, player: str) -> None:
        """Anyone who has just sat down at the table gets a heuristic bot."""
        super().after_apply(action, player)
        if len(seat_order(self.game.view(None))) > len(self.seats):
            self.bots = self.make_bots()
            self.controls.message.value = "A new player joined (played by a heuristic bot)."

    def seated(self, view: Mapping[str, Any]) -> list[str]:
        """Everyone ever seated, joiners last (a joiner keeps a colour and a row)."""
        return seat_order(view)

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        bids = [b["bid"] for b in view["bids"] if b["player"] == player]
        bid = bid_word(bids[-1]) if bids else "—"
        if player == view["pitcher"]:
            bid += " (pitcher)"
        if player == view["dealer"]:
            bid += "\ndealer"
        took = view["captured"].get(player)
        if player in view["left"]:
            hand = "left the table"
        elif took is None:
            hand = "—"
        else:
            trumps = " ".join(f"{c[:-1]}{SUIT_SYMBOLS[c[-1]]}" for c in took["trumps"])
            hand = f"{took['tricks']} tricks, count {took['game_count']}"
            hand += f"\ntrumps: {trumps}" if trumps else ""
        score = str(view["scores"].get(player, 0)) + " ★" * view["stars"].get(player, 0)
        money = view["money"]
        cash = f"tab {dollars(money['cents'].get(player, 0))}"
        if player in money["if_settled_now"]:
            cash += f"\nif settled now {dollars(money['if_settled_now'][player])}"
        return [bid, hand, score, cash]

    def extra_html(self, view: Mapping[str, Any]) -> str:
        trump = view["trump"]
        facts = [f"<b>Hand {view['hand_number']}</b> of {view['hand_limit']}"
                 + (f" (or until someone reaches {view['target']})" if view["target"] else "")]
        if view["pitcher"]:
            facts.append(f"<b>{escape(view['pitcher'])}</b> pitches for {view['bid']}")
        if trump:
            facts.append(f"trump {suit_span(trump)} {SUIT_NAMES[trump]}")
        money = view["money"]
        parts = [" · ".join(facts)]
        parts.append(f"<small>Money: {money['cents_per_point']}¢ a point above or below the "
                     f"average; a moon bid is worth {dollars(money['moon_cents'])} from (or to) "
                     "each other player. The pay-offs always add up to $0.00.</small>")
        parts.append(self._sheet(view))
        return "<br>".join(parts)

    @staticmethod
    def _sheet(view: Mapping[str, Any]) -> str:
        """The score sheet: one row per hand, each player's change and running total."""
        names = seat_order(view)
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        rows = []
        for row in view["sheet"]:
            star = " ★" if row["star"] else ""
            cells = []
            for name in names:
                if name in row["changes"]:
                    change = row["changes"][name]
                    mark = star if name == row["pitcher"] else ""
                    cells.append(f"<td>{change:+d} → {row['totals'][name]}{mark}</td>")
                else:
                    cells.append("<td></td>")
            made = "made" if row["made"] else "set"
            rows.append(f"<tr><td>{row['hand']}: {escape(row['pitcher'])} {row['bid']}"
                        f" {suit_span(row['trump'])} {made}</td>{''.join(cells)}</tr>")
        body = "".join(rows) or f'<tr><td colspan="{len(names) + 1}">no hand scored yet</td></tr>'
        return (f'<div class="tt-sheet"><b>Score sheet</b><table><thead><tr><th>Hand</th>{head}'
                f"</tr></thead><tbody>{body}</tbody></table></div>")

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Exact chances from the viewer's seat: High and the Jack for each suit held (or for
        trump once it is named)."""
        odds = view["odds"]
        lines = [f"Before anyone looks, the Jack of a named suit is in play: "
                 f"{chance_text(odds['jack_in_play_at_deal'])}."]
        for suit, chances in odds["my_hand"].items():
            word = "trump" if view["trump"] == suit else f"if {SUIT_NAMES[suit]} were trump"
            lines.append(f"{SUIT_SYMBOLS[suit]} {word}: you hold High "
                         f"{chance_text(chances['high'])}; the Jack is in play "
                         f"{chance_text(chances['jack_in_play'])}.")
        return lines
