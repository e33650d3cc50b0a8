"""HAV' A PUFF cards (rules 14-17): drawing from an opponent, applying, re-dealing.

A card's effects are data (content.toml); :meth:`PuffMixin._apply_card` reads the
small effect vocabulary in the order ``EFFECT_ORDER`` of content.py.
"""

from __future__ import annotations

from collections.abc import Generator

from tabletop.core.decisions import Action, Decision
from tabletop.core.deck import deal_round_robin

from .content import Effect, PuffCard
from .money import COMPANY

Turn = Generator[Decision, Action, bool]


def describe(effect: Effect) -> str:
    """A short sentence for what an effect does (shown in the log and the views)."""
    parts = []
    for key, value in effect.steps:
        parts.append({
            "quit": "give all your brands back to the company",
            "lose_years": f"lose {value} year(s)",
            "collect": f"collect K{value} from the company",
            "pay_company": f"pay K{value} to the company",
            "pay_each_non_smoker": f"pay K{value} to every non-smoker",
            "take_company_brand": f"take a company brand and pay K{effect.fee}",
            "advertising_roll": "face the advertising roll for the next company brand",
            "advance_to": f"advance to {value}",
            "advance_to_next": f"advance to the next {value} space",
        }[key])
    return ", then ".join(parts) if parts else "nothing happens"


class PuffMixin:
    """HAV' A PUFF rules for :class:`~tabletop.games.smokers_wild.rules.SmokersWild`."""

    def _deal_puff_cards(self) -> None:
        """Rule 10, 17 and B #12: shuffle all 24 cards and deal them round-robin to the
        players still in the game, starting left of the treasurer."""
        self.discards.clear()
        for hand in self.hands.values():
            hand.clear()
        cards = self.shuffle(self.card_ids, "HAV' A PUFF cards")
        seats = [p for p in (*self.players[1:], self.players[0]) if p not in self.gone]
        for player, hand in zip(seats, deal_round_robin(cards, len(seats)), strict=True):
            self.hands[player] = hand
        self.log("deal", None, "The HAV' A PUFF cards are dealt face down",
                 sizes={p: len(self.hands[p]) for p in seats})

    def _gather_puff_cards(self) -> None:
        """Rule 17: as soon as a player still in the game holds no card, re-deal all 24."""
        if any(not self.hands[p] for p in self.players if p not in self.gone):
            self.log("gather", None, "A player has run out of HAV' A PUFF cards: all 24 "
                     "are gathered")
            self._deal_puff_cards()

    def _hav_a_puff(self, player: str) -> Turn:
        """Rules 14-17: choose an opponent, draw one of their face-down cards at random,
        discard it and apply it by your status at this moment."""
        sources = [q for q in self._active_others(player) if self.hands[q]]
        if not sources:
            self.log("puff", player, f"Nobody has a HAV' A PUFF card for {player}")
            return False
        source = sources[0]
        if len(sources) > 1:
            answer = yield self.ask(
                player, "puff_from", f"{player}: draw a HAV' A PUFF card from whom?",
                choices=tuple(f"from {q}" for q in sources),
                labels={f"from {q}": f"{q} ({len(self.hands[q])} cards)" for q in sources},
            )
            source = answer[len("from "):]
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
        """Carry out ``effect`` step by step (the order of EFFECT_ORDER)."""
        extra = False
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
                for other in self._active_others(player):
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
            else:
                target = (self.space_index[value] if key == "advance_to"
                          else self.ring.next_of(self.pos[player], self.kind_index[value]))
                steps = self.ring.steps_to(self.pos[player], target)
                extra = yield from self._move(player, steps, "advances")
        return extra

    def _free_sample(self, player: str, fee: int) -> Generator[Decision, Action, None]:
        """A smoker's card: take one of the company's brands (your choice) and pay ``fee``."""
        brands = [b for b in self.content.brands if self.holder[b] == COMPANY]
        if not brands:
            self.log("puff", player, "The company holds no brand: nothing happens")
            return
        brand = brands[0]
        if len(brands) > 1:
            answer = yield self.ask(player, "take_brand", f"{player}: take which company brand?",
                                    choices=tuple(f"take {b}" for b in brands))
            brand = answer[len("take "):]
        yield from self._take_brand(player, brand, fee)

    def _next_company_brand(self, player: str) -> str | None:
        """The first brand ahead of ``player`` (clockwise) that the company still holds."""
        board, here = self.content.board, self.pos[player]
        for k in range(1, len(board) + 1):
            space = board[(here + k) % len(board)]
            if space.kind == "advertising" and self.holder[space.name] == COMPANY:
                return space.name
        return None
