"""The RUSH app: the loop of 36 spaces, the Zonkometer and the senses, the coma track, the
Jail and the pill dish, each player's figures, and the secret Chance cards of whoever looks.

In a notebook::

    from widgets.rush import RushApp
    RushApp(players=["Ann", "Bob", "Cy"], seats=["human", "heuristic", "heuristic"])

Everything shown comes from ``game.view(player)`` (see ``tabletop/games/rush/view.py``).
Every decision, trades and Lucky Day bets included, is a button or an amount of the kit's
action bar. Secret Chance cards show only to their holder: against bots that is the
student; with several students at one screen (hot-seat) the cards are covered whenever the
turn passes to a student who holds some, until that student presses "show my cards". The
odds panel's sentences are exact, from the game's ``odds.py``; this module knows no rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

from tabletop.core.chance import total_probability
from tabletop.core.words import plural
from tabletop.games.rush import odds

from ..app import Table
from ..chances import chance_text
from ..hotseat import HotSeatApp
from .table import RushTable, seat_of, status_words


def cents(value: Fraction) -> str:
    """An expected gain per dollar in cents: ``Fraction(-1, 6)`` -> ``"−17¢"``."""
    amount = round(float(value) * 100)
    return f"{'−' if amount < 0 else '+' if amount > 0 else ''}{abs(amount)}¢"


def lucky_day_lines(view: Mapping[str, Any]) -> list[str]:
    """What a bet of $1 on each total is worth at the odds this table pays."""
    paid = {int(t): Fraction(o) for t, o in view["lucky_day"]["odds"].items()}
    lines = [f"{total}: wins {chance_text(total_probability(2, odds.DIE_FACES, total))}, "
             f"pays {pays} to 1: {cents(odds.bet_value(total, pays))} per $1 on average."
             for total, pays in paid.items()]
    if view["lucky_day"]["mode"] == "printed":
        lines.insert(0, "At the printed odds every bet loses on average (fair odds would "
                        "make each one worth 0).")
    return lines


class RushApp(HotSeatApp):
    """RUSH for one student against bots, or several students taking turns at one screen."""

    game_name = "rush"
    headers = ("Money", "Pills", "Zonkometer", "Senses", "Where")

    def make_table(self) -> Table:
        return RushTable(self.game.view(None), self.cover)

    def has_secrets(self, player: str) -> bool:
        """Only a student who holds secret cards needs the screen covered (how many each
        player holds is public)."""
        return bool(seat_of(self.game.view(None), player)["secret_cards"])

    # -- the panel --------------------------------------------------------------------------
    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        seat = seat_of(view, player)
        money = f"${seat['money']}" + (f"\nowes the Loan Shark ${seat['loan']}"
                                      if seat["loan"] else "")
        pills = str(seat["pills"]) + (f"\n{seat['owed']} given, to take" if seat["owed"] else "")
        zonk = f"{seat['zonkometer']} of {view['zonkometer']['high']}"
        down = [s["name"] for s in seat["senses"] if not s["up"]]
        senses = f"{seat['senses_up']} of {len(seat['senses'])} up"
        senses += f"\ndown: {', '.join(down)}" if down and not seat["dead"] else ""
        where = status_words(seat)
        if seat["secret_cards"]:
            where.append(plural(seat["secret_cards"], "secret card"))
        if seat["banker"]:
            where.append("the Banker")
        return [money, pills, zonk, senses, "\n".join(where)]

    def extra_html(self, view: Mapping[str, Any]) -> str:
        parts = [f"<b>Pill dish</b>: {view['dish']} pills · <b>Bank</b> has paid out "
                 f"${max(0, -view['bank'])} more than it took in · <b>ladies</b> still free: "
                 f"{', '.join(f'${a}' for a in view['ladies']) or 'none'}"]
        if view["party"] is not None:
            where = view["spaces"][view["party"]["space"]]["name"]
            guests = ", ".join(view["party"]["guests"]) or "nobody"
            parts.append(f"<b>PARTY TIME</b> on {escape(where)}: still to take a party pill: "
                         f"{escape(guests)}")
        trade = view["trade"]
        if trade is not None:
            parts.append(f"<b>Trade offered</b> by {escape(trade['proposer'])}: "
                         f"{escape(trade['seller'])} sells {trade['pills']} pills to "
                         f"{escape(trade['buyer'])} for ${trade['price']}")
        bets = view["lucky_day"]["bets"]
        if bets:
            parts.append("<b>Lucky Day bets</b>: " + ", ".join(
                f"${stake} on {total}"
                for total, stake in sorted(bets.items(), key=lambda bet: int(bet[0]))))
        card = view["deck"]["last_card"]
        if card is not None:
            parts.append(f"<b>Last Chance card</b>: {escape(card['title'])}: "
                         f"{escape(card['text'])}")
        return "<br>".join(parts)

    # -- the odds panel ---------------------------------------------------------------------
    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        """Exact chances for the decision at hand, from the game's odds.py."""
        decision = self.game.decision
        if decision is None:
            return []
        seat = seat_of(view, decision.player)
        kind = decision.kind
        if kind == "turn":
            return self._turn_chances(view, seat, decision.choices)
        if kind in ("buy", "rob"):
            return self._cop_chances(view, seat, kind)
        if kind in ("jail", "lockup", "testify"):
            return [f"Getting out of the lockup in one turn: {chance_text(odds.lockup_release())}"
                    f"; {odds.lockup_turns()} lockup turns on average. The doubles that free "
                    f"you move you {float(odds.release_move().mean()):g} spaces on average."]
        if kind in ("coma", "coma_move") and seat["coma"] is not None:
            wake, turns = odds.coma_outlook(seat["coma"], seat["senses_up"])
            return [f"From {seat['coma_label']} with {seat['senses_up']} senses up: you wake "
                    f"{chance_text(wake)}, after {float(turns):.1f} more coma turns on average. "
                    "A 1 costs a sense."]
        if kind in ("bet", "stake"):
            return lucky_day_lines(view)
        if kind == "loan":
            shark = self.game.content.first("loan_shark")
            return [f"The Loan Shark wants {view['loan_shark']['repay_factor']} times the loan "
                    "the next time you land there: "
                    f"{float(odds.loan_interest(self.game.content)) * 100:.0f}% interest, about "
                    f"{float(odds.return_time(shark, content=self.game.content)):.0f} turns "
                    "away on average."]
        return []

    def _turn_chances(self, view: Mapping[str, Any], seat: Mapping[str, Any],
                      choices: Sequence[str]) -> list[str]:
        up = seat["senses_up"]
        lose, coma = odds.pill_risk(up)
        wake, turns = odds.coma_outlook(0, up, self.game.content)
        lines = [f"A pill: a sense goes face down {chance_text(lose)}; a coma "
                 f"{chance_text(coma)}.",
                 f"From a coma with {up} senses up you wake {chance_text(wake)}, after "
                 f"{float(turns):.1f} coma turns on average.",
                 f"The top of the Zonkometer is {view['zonkometer']['high'] - seat['zonkometer']}"
                 " pills away."]
        if "rest" in choices:
            lines.append(f"Resting at Home: a sense comes back {chance_text(odds.rest_gain(up))}.")
        return lines

    def _cop_chances(self, view: Mapping[str, Any], seat: Mapping[str, Any],
                     kind: str) -> list[str]:
        space = view["spaces"][seat["position"]]
        cops = space["cops"] or 0
        after = ("the money is paid first" if kind == "buy" else "before any loot")
        lines = [f"{plural(cops, 'Cop')} here: caught {chance_text(odds.arrest_chance(cops))}, "
                 f"{after}." if cops else "No Cop here yet: no arrest this time."]
        if kind == "rob":
            loot = odds.loot(space["dice"], space["per_pip"])
            lines.append(f"The loot: ${min(loot)} to ${max(loot)}, ${float(loot.mean()):g} on "
                         "average.")
        later = odds.arrest_chance(cops + 1)
        lines.append(f"A deal here brings one more Cop: the next one is caught "
                     f"{chance_text(later)}.")
        return lines
