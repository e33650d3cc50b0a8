"""The heuristic RUSH bot (RULES.md section 5 D). It sees only its own view.

* Takes a pill while three or more senses are up and the Zonkometer is below the top,
  else rolls two dice; rests at Home until four senses are up; stops short at Home with
  three senses or fewer, or at the top of the Zonkometer (a win).
* Buys pills up to six held, and robs, only where at most one Cop stands.
* Pays the bribe, plays a secret card whenever it is asked about one it holds (everyone
  holding a secret card is asked, whichever they hold), testifies.
* Gives a spare pill to the player with the fewest senses (then the highest Zonkometer),
  sells the junkie the least it must, places the dearest lady 6-8 spaces after Home, Jail
  or PARTY TIME, never borrows, never bets (Lucky Day's printed odds lose on average),
  moves two steps in a coma, takes everything from a body, and trades only at a good price.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import tabletop.bots
from tabletop.core.decisions import Action

View = Mapping[str, Any]
KEEP_PILLS = 6
CAREFUL_SENSES = 3
RESTED_SENSES = 4
FEW_COPS = 1
#: The effect of the secret card each kind of decision may play.
PLAYS = {"antidote": "antidote", "lawyer": "lawyer", "coma": "wake", "jail": "get_out_of_jail",
         "lockup": "get_out_of_jail", "meet": "pickpocket"}
#: Where the bot puts a lady (kit-authored rule of thumb): this many spaces after one of these
#: corners, where turns pile up; two dice most often throw six to eight.
LADY_DISTANCE = (6, 7, 8)
LADY_CORNERS = ("home", "jail", "party_time")
GOOD_PRICE = 10  # dollars a pill the bot sells at, or thinks a fair buy at half of it


def lady_spots(kinds: Sequence[str]) -> list[int]:
    """The spaces the bot puts a lady on (its rule of thumb): each
    :data:`LADY_DISTANCE` after each of the :data:`LADY_CORNERS`, ``kinds`` being the kind of
    each space of the loop in order; in board order."""
    corners = [i for i, kind in enumerate(kinds) if kind in LADY_CORNERS]
    return sorted({(c + d) % len(kinds) for c in corners for d in LADY_DISTANCE})


def seat(view: View, name: str | None = None) -> Mapping[str, Any]:
    """The seat of ``name`` (default: the viewer)."""
    name = view["you"] if name is None else name
    return next(s for s in view["seats"] if s["name"] == name)


def holds(view: View, effect: str) -> bool:
    """Whether the viewer holds a secret card with ``effect`` (from their own cards)."""
    mine = view["your_cards"] or []
    return any(k["effect"] == effect and k["title"] in mine for k in view["chance_cards"])


def amounts(view: View) -> tuple[int, int]:
    """The lowest and highest amount the pending decision allows."""
    low, high, _ = view["decision"]["amount"]
    return low, high


class HeuristicBot(tabletop.bots.HeuristicBot):
    """Plays RUSH by the rules of thumb of RULES.md section 5 D."""

    def first_with(self, view: View, legal: list[Action], wanted: Any) -> Action:
        """The legal action meaning ``wanted`` (else the first one)."""
        return next((a for a in legal if self.value(view, a) == wanted), legal[0])

    def on_turn(self, view: View, legal: list[Action]) -> Action:
        me = seat(view)
        if "rest" in legal and me["senses_up"] < RESTED_SENSES:
            return "rest"
        careful = me["senses_up"] < CAREFUL_SENSES or me["zonkometer"] >= view["zonkometer"]["high"]
        return "two dice" if careful or "pill" not in legal else "pill"

    def on_stop_short(self, view: View, legal: list[Action]) -> Action:
        me = seat(view)
        stop = me["senses_up"] <= CAREFUL_SENSES or me["zonkometer"] == view["zonkometer"]["high"]
        return self.first_with(view, legal, stop)

    def _cops_here(self, view: View) -> int:
        return view["spaces"][seat(view)["position"]]["cops"] or 0

    def on_buy(self, view: View, legal: list[Action]) -> Action:
        low, high = amounts(view)
        want = KEEP_PILLS - seat(view)["pills"]
        if self._cops_here(view) > FEW_COPS or want < low:
            return "no pills"
        return min(want, high)

    def on_rob(self, view: View, legal: list[Action]) -> Action:
        return self.first_with(view, legal, self._cops_here(view) <= FEW_COPS)

    def on_jail(self, view: View, legal: list[Action]) -> Action:
        values = [self.value(view, a) for a in legal]
        card = "card" in values and holds(view, PLAYS["jail"])
        best = "card" if card else "bribe" if "bribe" in values else "lockup"
        return self.first_with(view, legal, best)

    def play_card(self, view: View, legal: list[Action]) -> Action:
        """Secret cards and testifying: always take the way out, with a card it holds."""
        effect = PLAYS.get(view["decision"]["kind"])
        return self.first_with(view, legal, effect is None or holds(view, effect))

    on_lawyer = on_lockup = on_testify = on_antidote = on_coma = play_card

    def on_meet(self, view: View, legal: list[Action]) -> Action:
        picks = [a for a in legal if self.value(view, a) and self.value(view, a)[0] == "pick"]
        if picks and holds(view, PLAYS["meet"]):
            return max(picks, key=lambda a: seat(view, self.value(view, a)[1])["money"])
        gives = [a for a in legal if self.value(view, a) and self.value(view, a)[0] == "give"]
        if not gives or seat(view)["pills"] <= CAREFUL_SENSES:
            return "done"
        return min(gives, key=lambda a: (seat(view, self.value(view, a)[1])["senses_up"],
                                         -seat(view, self.value(view, a)[1])["zonkometer"]))

    def take_all(self, view: View, legal: list[Action]) -> Action:
        return amounts(view)[1]

    on_roll_money = on_roll_pills = take_all

    def on_push(self, view: View, legal: list[Action]) -> Action:
        return amounts(view)[0]

    def on_lady(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: self.value(view, a))

    def on_lady_space(self, view: View, legal: list[Action]) -> Action:
        good = lady_spots([s["kind"] for s in view["spaces"]])
        return next((a for a in legal if self.value(view, a) in good), legal[0])

    def on_loan(self, view: View, legal: list[Action]) -> Action:
        return "no loan"

    def on_bet(self, view: View, legal: list[Action]) -> Action:
        return self.first_with(view, legal, None)

    def on_coma_move(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: self.value(view, a))

    def on_trade(self, view: View, legal: list[Action]) -> Action:
        return "no trade"

    def on_accept_trade(self, view: View, legal: list[Action]) -> Action:
        offer = view["trade"]
        each = offer["price"] / offer["pills"]
        if offer["seller"] == view["you"]:
            good = each >= GOOD_PRICE and seat(view)["pills"] - offer["pills"] >= CAREFUL_SENSES
        else:
            good = each <= GOOD_PRICE / 2 and seat(view)["pills"] < KEEP_PILLS
        return self.first_with(view, legal, good)
