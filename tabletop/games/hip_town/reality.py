"""The Reality deck (rules 9 and 21-23; the cards are the kit's own, RULES.md B3).

Each card's effect is one word of a small vocabulary (listed in content.toml); each word
is one method here, ``reality_<word>``. A card that cannot be carried out in full is
carried out as far as it can be, with no further penalty (rule 23): a payment takes what
the payer holds, a discard from an empty hand discards nothing, a target that is not
there is not hit.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from .neighbourhood import built
from .words import BANK, describe, hc

if TYPE_CHECKING:
    from tabletop.core.game import Flow

    from .content import Reality


class RealityCards:
    """The Reality face and the Reality cards."""

    def face_reality(self: Any, player: str) -> Flow:
        """Rule 9 (RULES.md 3 A9): on the Reality face, draw the top Reality card, read it
        out and do what it says.
        Rule 21 (RULES.md 3 A21): it is carried out on the turn it is drawn, then
        discarded."""
        card_id = self.draw(self.reality)
        if card_id is None:
            self.log("empty", player, "The Reality deck is empty: nothing happens")
            return
        card: Reality = self.content.reality[card_id]
        self.reality_card = card_id
        self.log("reality", player, f"{player} draws {card.title}: {card.text}",
                 card=card_id, effect=card.effect)
        yield from getattr(self, f"reality_{card.effect}")(player, card)
        self.reality.discard(card_id)
        self.reality_card = None
        self.last_reality = card_id

    def pay_as_far_as_possible(self: Any, payer: str, payee: str, due: int) -> None:
        """Rule 23 (RULES.md 3 A23): pay what is due, or everything the payer holds; nothing
        more is owed."""
        paid = self.ledger.pay_what_you_have(payer, payee, due)
        short = "" if paid == due else f" (all they hold; {hc(due)} were due)"
        self.log("pay", payer, f"{payer} pays {payee} {hc(paid)}{short}", payee=payee,
                 amount=paid, due=due)

    # -- coins ---------------------------------------------------------------------------
    def reality_collect(self: Any, player: str, card: Reality) -> Flow:
        self.pay_out(player, card.figures["amount"], f"({card.title})")
        yield from ()

    def reality_collect_from_each(self: Any, player: str, card: Reality) -> Flow:
        for other in self.left_of(player):
            self.pay_as_far_as_possible(other, player, card.figures["amount"])
        yield from ()

    def reality_pay(self: Any, player: str, card: Reality) -> Flow:
        self.pay_as_far_as_possible(player, BANK, card.figures["amount"])
        yield from ()

    def reality_pay_per_business(self: Any, player: str, card: Reality) -> Flow:
        due = min(card.figures["amount"] * built(self.towns[player]), card.figures["most"])
        self.pay_as_far_as_possible(player, BANK, due)
        yield from ()

    # -- cards in hand -------------------------------------------------------------------
    def reality_discard_chosen(self: Any, player: str, card: Reality) -> Flow:
        """Rule 22 (RULES.md 3 A22): a card may make you discard from your hand."""
        hand = self.hands[player]
        if not hand:
            self.log("nothing", player, f"{player} has no card in hand to discard")
            return
        choice = yield self.ask(player, "discard", f"{player}: discard a card from your hand",
                                {f"discard {c}": c for c in hand})
        self.discard_from_hand(player, choice)

    def reality_discard_random(self: Any, player: str, card: Reality) -> Flow:
        hand = self.hands[player]
        if not hand:
            self.log("nothing", player, f"{player} has no card in hand to discard")
            return
        self.discard_from_hand(player, hand[self.pick(player, hand, "cards in hand")])
        yield from ()

    def discard_from_hand(self: Any, player: str, card_id: str) -> None:
        self.hands[player].remove(card_id)
        self.property.discard(card_id)
        self.log("discard", player, f"{player} discards {describe(self.content.property[card_id])}",
                 card=card_id)

    def reality_pass_left(self: Any, player: str, card: Reality) -> Flow:
        """Every player with a card passes one, picked at random, to their left; all at once."""
        passed = {p: self.hands[p][self.pick(p, self.hands[p], "cards in hand")]
                  for p in self.players if self.hands[p]}
        for giver, card_id in passed.items():
            self.hands[giver].remove(card_id)
        for giver, card_id in passed.items():
            taker = self.left_of(giver)[0]
            self.hands[taker].append(card_id)
            self.log("pass", giver, f"{giver} passes a card to {taker}", to=taker)
        yield from ()

    # -- Property cards from the deck ------------------------------------------------------
    def reality_draw(self: Any, player: str, card: Reality) -> Flow:
        for _ in range(card.figures["cards"]):
            card_id = self.draw(self.property)
            if card_id is None:
                self.log("empty", player, "The Property deck and its discards are empty")
                break
            self.hands[player].append(card_id)
            self.log("draw", player, f"{player} draws a Property card, face down")
        yield from ()

    def reality_buy_top(self: Any, player: str, card: Reality) -> Flow:
        card_id = self.draw(self.property)
        if card_id is None:
            self.log("empty", player, "The Property deck and its discards are empty")
            return
        offered = self.content.property[card_id]
        price = ceil(offered.cost / card.figures["divisor"])
        self.offer = card_id
        self.flipped = {"card": card_id, "by": player, "fate": "on offer"}
        self.log("flip", player, f"{player} turns over {describe(offered)}", card=card_id)
        buy = False
        if self.ledger[player] >= price:
            buy = yield self.ask(player, "invest", f"{player}: buy {offered.name} for "
                                 f"{hc(price)}?", {f"buy {card_id} for {hc(price)}": True,
                                                   f"let {card_id} go": False})
        if buy:
            self.ledger.transfer(player, BANK, price)
            self.take_offer(player, f"bought by {player} for {hc(price)}")
            self.log("buy", player, f"{player} buys {offered.name} for {hc(price)}",
                     card=card_id, price=price)
            return
        self.property.discard(card_id)
        self.offer = None
        self.flipped["fate"] = "discarded"
        self.log("discard", player, f"{offered.name} is discarded", card=card_id)

    # -- businesses ------------------------------------------------------------------------
    def reality_extra_build(self: Any, player: str, card: Reality) -> Flow:
        self.builds_left = max(self.builds_left, card.figures["builds"])
        self.log("builds", player, f"{player} may build up to {self.builds_left} businesses "
                 "this turn", builds=self.builds_left)
        yield from ()

    def reality_takeover(self: Any, player: str, card: Reality) -> Flow:
        """Rule 22 (RULES.md 3 A22): take one card at random from the chosen opponent's hand,
        or, when the card says so, from their neighbourhood, which leaves an empty lot
        (RULES.md B5)."""
        from_hand = card.figures["takes"] == "hand"
        pools = {p: self.hands[p] if from_hand else [c for c in self.towns[p] if c]
                 for p in self.left_of(player)}
        targets = {f"take from {p}": p for p, pool in pools.items() if pool}
        if not targets:
            where = "hand" if from_hand else "neighbourhood"
            self.log("nothing", player, f"No opponent has a card in their {where} to take")
            return
        target = yield self.ask(player, "target", f"{player}: pick the opponent to take a "
                                "card from", targets)
        pool = pools[target]
        card_id = pool[self.pick(player, pool, f"cards of {target}")]
        if from_hand:
            self.hands[target].remove(card_id)
            self.log("take", player, f"{player} takes a card from {target}'s hand",
                     target=target)
        else:
            town = self.towns[target]
            lot = town.index(card_id)
            town[lot] = None
            self.log("take", player, f"{player} takes {self.content.property[card_id].name} "
                     f"from {target}'s lot {self.frame.names[lot]}", target=target,
                     card=card_id, lot=self.frame.names[lot])
        self.hands[player].append(card_id)

    def reality_demolish(self: Any, player: str, card: Reality) -> Flow:
        """Rule 26 (RULES.md 3 A26): the Demolisher is the way a built business leaves its
        lot; RULES.md B5: the lot may be built on again."""
        names = self.frame.names
        choices = {f"demolish {owner}'s {c} on {names[lot]}": (owner, names[lot])
                   for owner in (player, *self.left_of(player))
                   for lot, c in enumerate(self.towns[owner]) if c is not None}
        if not choices:
            self.log("nothing", player, "No business stands anywhere: nothing to demolish")
            return
        owner, lot = yield self.ask(player, "demolish", f"{player}: pick a business to "
                                    "demolish", choices)
        town, k = self.towns[owner], self.frame.index[lot]
        card_id, town[k] = town[k], None
        self.property.discard(card_id)
        self.log("demolish", player, f"{player} demolishes {owner}'s "
                 f"{self.content.property[card_id].name} on {lot}", owner=owner,
                 card=card_id, lot=lot)
