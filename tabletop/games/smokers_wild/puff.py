"""HAV' A PUFF cards (RULES.md 2 A10, A19-A24): dealing, drawing from an opponent, applying,
re-dealing.

A card's effects are data (content.toml); :meth:`PuffRules._apply_card` reads the small
effect vocabulary in the order ``EFFECT_ORDER`` of content.py.
"""

from __future__ import annotations

from functools import cache

from tabletop.core.decisions import Decision
from tabletop.core.deck import deal_round_robin
from tabletop.core.words import plural

from .content import Content, Effect, PuffCard
from .spaces import SpaceRules
from .table import COMPANY, Flow, Turn

EFFECT_WORDS = {
    "quit": "give all your brands back to the company",
    "lose_years": "lose {years}",
    "collect": "collect K{value} from the company",
    "pay_company": "pay K{value} to the company",
    "pay_each_non_smoker": "pay K{value} to every non-smoker",
    "take_company_brand": "take a company brand and pay K{fee}",
    "advertising_roll": "face the advertising roll for the next company brand",
    "advance_to": "advance to {value}",
    "advance_to_next": "advance to the next {value} space",
}


def describe(effect: Effect) -> str:
    """A short sentence for what an effect does (shown in the log and the views)."""
    parts = [EFFECT_WORDS[key].format(value=value, fee=effect.fee,
                                      years=plural(value, "year") if type(value) is int else "")
             for key, value in effect.steps]
    return ", then ".join(parts) if parts else "nothing happens"


@cache
def advances(content: Content, effect: Effect) -> tuple[int, ...]:
    """Rule 23: how far ``effect`` moves a token from each space of the edition's track
    (:meth:`.content.Effect.advance`), worked out once per edition and effect."""
    return tuple(effect.advance(content.board, start) for start in range(len(content.board)))


class PuffRules(SpaceRules):
    """The HAV' A PUFF rules, on top of the space rules."""

    def _deal_puff_cards(self) -> None:
        """Rule 10, Rule 24 and B12: shuffle all 24 cards and deal them face down round-robin
        to the players still in the game, starting left of the treasurer."""
        self.discards.clear()
        for hand in self.hands.values():
            hand.clear()
        cards = self.shuffle(self.card_ids, "HAV' A PUFF cards")
        treasurer = self.players[0]
        seats = [p for p in (*self.left_of(treasurer), treasurer) if p not in self.gone]
        for player, hand in zip(seats, deal_round_robin(cards, len(seats)), strict=True):
            self.hands[player] = hand
        self.log("deal", None, "The HAV' A PUFF cards are dealt face down",
                 sizes={p: len(self.hands[p]) for p in seats})

    def _gather_puff_cards(self) -> None:
        """Rule 24: as soon as a player still in the game holds no card, re-deal all 24."""
        if any(not self.hands[p] for p in self.players if p not in self.gone):
            self.log("gather", None, "A player has run out of HAV' A PUFF cards: all 24 "
                     "are gathered")
            self._deal_puff_cards()

    def _hav_a_puff(self, player: str) -> Turn:
        """Rule 21: choose an opponent and draw one of their face-down cards at random;
        discard it (Rule 24) and apply it by your status at this moment (Rule 22)."""
        sources = [q for q in self.active_others(player) if self.hands[q]]
        if not sources:
            self.log("puff", player, f"Nobody has a HAV' A PUFF card for {player}")
            return False
        source = sources[0]
        if len(sources) > 1:
            def question() -> Decision:
                """Rule 21: the opponents holding a card now."""
                held = [q for q in self.active_others(player) if self.hands[q]]
                return self.ask(
                    player, "puff_from", f"{player}: draw a HAV' A PUFF card from whom?",
                    {f"from {q}": q for q in held},
                    labels={f"from {q}": f"{q} ({plural(len(self.hands[q]), 'card')})"
                            for q in held})

            source = yield self.asking(question)
        hand = self.hands[source]
        card_id = hand.pop(self.pick(player, hand, f"HAV' A PUFF cards of {source}"))
        card = self.card_of[card_id]
        smoker = self.n_brands[player] > 0
        effect = card.effect(smoker)
        status = "smoker" if smoker else "non-smoker"
        self.log("puff", player,
                 f"{player} draws '{card.title}' from {source}: as a {status}, "
                 f"{describe(effect)}", card=card.title, source=source, smoker=smoker)
        self.discards.append(card_id)
        self._gather_puff_cards()
        return (yield from self._apply_card(player, card, effect))

    def _apply_card(self, player: str, card: PuffCard, effect: Effect) -> Turn:
        """Carry out ``effect`` step by step (the order of EFFECT_ORDER): a card may make the
        drawer a non-smoker at a cost in years (Rule 19); one that advances the token moves
        it clockwise and resolves where it lands (Rule 23)."""
        why = f"the '{card.title}' card"
        for key, value in effect.steps:
            if key == "quit":
                if self.n_brands[player]:
                    self._return_brands(player, why)
            elif key == "lose_years":
                self._add_years(player, value, why)
            elif key == "collect":
                self.ledger.transfer(COMPANY, player, value)
                self.log("collect", player, f"{player} collects K{value} from the company",
                         amount=value)
            elif key == "pay_company":
                yield from self._pay(player, COMPANY, value, why)
            elif key == "pay_each_non_smoker":
                for other in self.active_others(player):
                    if not self.n_brands[other]:
                        yield from self._pay(player, other, value, why)
            elif key == "take_company_brand":
                yield from self._free_sample(player, effect.fee)
            elif key == "advertising_roll":
                brand = self._next_company_brand(player)
                if brand is None:
                    self.log("puff", player, "The company holds no brand: nothing happens")
                else:
                    yield from self._advertising_roll(player, brand)
        steps = advances(self.content, effect)[self.pos[player]]
        if not steps:
            return False
        return (yield from self._move(player, steps, "advances"))

    def _free_sample(self, player: str, fee: int) -> Flow:
        """A smoker's card: take one of the company's brands (your choice) and pay ``fee``."""
        brands = self.brands_of(COMPANY)
        if not brands:
            self.log("puff", player, "The company holds no brand: nothing happens")
            return
        brand = brands[0]
        if len(brands) > 1:
            brand = yield self.asking(lambda: self.ask(
                player, "take_brand", f"{player}: take which company brand?",
                {f"take {b}": b for b in self.brands_of(COMPANY)}))
        yield from self._take_brand(player, brand, fee)

    def _next_company_brand(self, player: str) -> str | None:
        """The first brand ahead of ``player`` (clockwise) that the company still holds."""
        board, here = self.content.board, self.pos[player]
        ahead = (board[(here + k) % len(board)] for k in range(1, len(board) + 1))
        return next((s.name for s in ahead
                     if s.kind == "advertising" and self.holder[s.name] == COMPANY), None)
