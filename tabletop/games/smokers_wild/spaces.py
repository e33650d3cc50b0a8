"""What happens on each kind of space, and when players meet (rules 6-13, 18, 21, fees).

Every ``_arrive``-style method is a generator that returns ``True`` when the mover
earns another turn (rule 10: a smoker on a brand he already holds).
"""

from __future__ import annotations

from collections.abc import Generator

from tabletop.core.decisions import Action, Decision

from .chances import p_seven_or_double, p_strictly_lower, seven_or_double, taxman_fee
from .money import COMPANY

Turn = Generator[Decision, Action, bool]
Flow = Generator[Decision, Action, None]
NO_CHALLENGE = "no challenge"


class SpacesMixin:
    """Space rules for :class:`~tabletop.games.smokers_wild.rules.SmokersWild`."""

    def _move(self, player: str, steps: int, how: str = "moves") -> Turn:
        """Move clockwise; passing or landing on the UNDERTAKER adds a year (rule 4, 16);
        then resolve the space reached."""
        start = self.pos[player]
        move = self.ring.move(start, steps)
        self.pos[player] = move.end
        self.travelled[player] += steps
        self.log("move", player,
                 f"{player} {how} {steps} spaces to {self.content.board[move.end].name}",
                 start=start, end=move.end, steps=steps)
        if move.passes(0):
            self._add_years(player, 1, "a circuit completed")
        return (yield from self._arrive(player))

    def _arrive(self, player: str) -> Turn:
        """Resolve the space ``player`` has just reached (by dice or by a card)."""
        space = self.content.board[self.pos[player]]
        kind = space.kind
        if kind == "advertising":
            return (yield from self._advertising(player, space.name))
        if kind == "puff":
            return (yield from self._hav_a_puff(player))
        if kind in ("occupation", "undertaker"):
            yield from self._occupation_fee(player, space.occupation)
        elif kind == "vacation":
            yield from self._offer_vacation(player, space)
        else:
            yield from self._offer_quit(player)
        return False

    # -- becoming a smoker and smoking more (rules 6-10) ------------------------------
    def _advertising(self, player: str, brand: str) -> Turn:
        """Rules 6, 7, 9 and 10 on the advertising space of ``brand``."""
        holder = self.holder[brand]
        if self.n_brands[player]:
            if holder == player:
                self.log("extra_turn", player,
                         f"{player} already smokes {brand}: another turn at once", brand=brand)
                return True
            yield from self._take_brand(player, brand)
        elif holder == COMPANY:
            yield from self._advertising_roll(player, brand)
        else:
            yield from self._peer_pressure(player, holder, brand)
        return False

    def _advertising_roll(self, player: str, brand: str) -> Flow:
        """Rule 6: a 7 or a double and the advert wins; any other roll resists it."""
        a, b = self.roll(player, 2, 6, f"advertising for {brand}")
        p = p_seven_or_double()
        if seven_or_double(a, b):
            self.log("hooked", player, f"{player} falls for the {brand} advert (chance {p})",
                     brand=brand, p=p)
            yield from self._take_brand(player, brand)
        else:
            self.log("resist", player, f"{player} resists the {brand} advert", brand=brand,
                     p=1 - p)

    def _peer_pressure(self, player: str, smoker: str, brand: str) -> Flow:
        """Rule 7: both throw; a tie or better resists, else ``smoker`` hands over ``brand``."""
        mine = sum(self.roll(player, 2, 6, f"resisting {smoker}"))
        theirs = sum(self.roll(smoker, 2, 6, f"pressing {player} to smoke {brand}"))
        p = p_strictly_lower()
        if mine >= theirs:
            self.log("resist", player, f"{player} resists {smoker}'s {brand} ({mine} vs {theirs})",
                     brand=brand, p=1 - p)
            return
        self.log("hooked", player,
                 f"{player} gives in to {smoker} and takes {brand} ({mine} vs {theirs}; "
                 f"chance of losing {p})", brand=brand, p=p)
        yield from self._take_brand(player, brand)

    def _take_brand(self, player: str, brand: str, fee: int | None = None) -> Flow:
        """``player`` receives ``brand`` from its holder and pays the brand fee to the
        company; a new smoker earns the AD AGENT K30 from the company (fees 2);
        a holder left with no brand is a non-smoker again (rule 11)."""
        giver = self.holder[brand]
        new_smoker = self.n_brands[player] == 0
        self.holder[brand] = player
        self.n_brands[player] += 1
        source = "the Tobacco Company" if giver == COMPANY else giver
        self.log("brand", player, f"{player} takes the {brand} card from {source}",
                 brand=brand, giver=giver)
        if giver != COMPANY:
            self.n_brands[giver] -= 1
            if self.n_brands[giver] == 0:
                self.log("non_smoker", giver, f"{giver} has no brand left: a non-smoker again")
        if new_smoker:
            self.smokers_made[player] += 1
            self.log("smoker", player, f"{player} is now a smoker")
            agent = self.ad_agent
            bonus = self.content.occupations[agent].figure("per_new_smoker")
            payee = self._fee_payee(agent)
            if payee != COMPANY and bonus:
                self.ledger.transfer(COMPANY, payee, bonus)
                self.log("pay", payee,
                         f"The Tobacco Company pays the {agent}, {payee}, K{bonus} "
                         f"for a new smoker", amount=bonus, to=payee)
        yield from self._pay(player, COMPANY, self.content.brand_fee if fee is None else fee,
                             f"the {brand} card")

    def _return_brands(self, player: str, why: str) -> None:
        """All of ``player``'s brands go back to the company (rules 12, 13)."""
        for brand, holder in self.holder.items():
            if holder == player:
                self.holder[brand] = COMPANY
        self.n_brands[player] = 0
        self.log("non_smoker", player, f"{player} quits smoking ({why})")

    # -- occupations (rule 18 and the scale of fees) -------------------------------
    def _occupation_fee(self, player: str, occupation: str) -> Flow:
        """Rule 18: pay the fee of ``occupation`` to its owner (your own costs nothing)."""
        if self.owner[occupation] == player:
            self.log("fee", player, f"{player} owns the {occupation}: nothing to pay",
                     occupation=occupation, amount=0)
            return
        job = self.content.occupations[occupation]
        rule = job.rule
        smoker = self.n_brands[player] > 0
        if rule == "by_status":
            fee = job.figure("smoker" if smoker else "non_smoker")
        elif rule == "per_brand":
            fee = job.figure("per_brand") * self.n_brands[player]
        elif rule == "lifeometer":
            fee = job.figure("base") + job.figure("per_year") * self.life[player]
        elif rule == "dice":
            total = sum(self.roll(player, job.figure("dice"), 6, f"the {occupation}'s fee"))
            fee = job.figure("per_pip") * total
        else:
            fee = taxman_fee(self.ledger[player], job.figure("round_to"))
        if fee == 0:
            self.log("fee", player, f"{player} owes the {occupation} nothing",
                     occupation=occupation, amount=0)
            return
        yield from self._pay(player, self._fee_payee(occupation), fee, f"the {occupation}'s fee")

    # -- vacations and quitting (rules 12, 21) -------------------------------------
    def _offer_vacation(self, player: str, space) -> Flow:
        """Rule 21: pay the fee to the company and miss ``space.turns`` turns, if you wish."""
        if self.ledger[player] < space.fee:
            self.log("vacation", player, f"{player} cannot afford a vacation (K{space.fee})")
            return
        answer = yield self.ask(
            player, "vacation",
            f"Pay K{space.fee} to the Tobacco Company and miss {space.turns} turn(s)?",
            choices=("vacation", "stay"),
            labels={"vacation": f"Take the vacation (K{space.fee})", "stay": "Stay"},
        )
        if answer == "vacation":
            self.ledger.transfer(player, COMPANY, space.fee)
            self.vacation[player] = space.turns
            self.away.add(player)
            self.log("vacation", player,
                     f"{player} pays K{space.fee} and goes on vacation for {space.turns} turn(s)",
                     turns=space.turns, fee=space.fee)

    def _offer_quit(self, player: str) -> Flow:
        """Rule 12: a smoker may pay the I QUIT fee to the PSYCHIATRIST and throw for a
        7 or a double; success returns every brand to the company."""
        fee = self.content.quit_fee
        if not self.n_brands[player]:
            self.log("quit", player, f"{player} does not smoke: nothing to quit")
            return
        if self.ledger[player] < fee:
            self.log("quit", player, f"{player} cannot afford the I QUIT fee (K{fee})")
            return
        answer = yield self.ask(
            player, "quit",
            f"Pay K{fee} to the {self.psychiatrist} and throw for a 7 or a double to quit?",
            choices=("try", "skip"),
            labels={"try": f"Try to quit (K{fee})", "skip": "Keep smoking"},
        )
        if answer == "skip":
            return
        yield from self._pay(player, self._fee_payee(self.psychiatrist), fee, "the I QUIT fee")
        a, b = self.roll(player, 2, 6, "trying to quit")
        p = p_seven_or_double()
        if seven_or_double(a, b):
            self._return_brands(player, f"a {a}+{b} at I QUIT, chance {p}")
        else:
            self.log("quit", player, f"{player} fails to quit this time", p=1 - p)

    # -- meeting other players (rule 8) -----------------------------------------------
    def _socialise(self, mover: str) -> Flow:
        """Rule 8 and B #10: after the space is resolved, a smoker sharing the space with
        another player may challenge them, once per meeting."""
        here, pos = self.pos[mover], self.pos
        others = [q for q in self._left_of[mover]
                  if pos[q] == here and q not in self.away and q not in self.gone]
        if not others:
            return
        challenged: set[str] = set()
        while self.n_brands[mover] and mover not in self.gone:
            targets = [q for q in others if q not in challenged and q not in self.gone]
            if not targets:
                break
            choices = {f"challenge {q}": q for q in targets}
            answer = yield self.ask(mover, "challenge",
                                    f"{mover} meets {', '.join(targets)}: challenge someone?",
                                    choices=(NO_CHALLENGE, *choices))
            if answer == NO_CHALLENGE:
                break
            challenged.add(choices[answer])
            yield from self._challenge(mover, choices[answer])
        for q in others:
            if not self.n_brands[q] or q in self.gone or mover in self.gone:
                continue
            answer = yield self.ask(q, "challenge", f"{mover} joins {q}: challenge {mover}?",
                                    choices=(NO_CHALLENGE, f"challenge {mover}"))
            if answer != NO_CHALLENGE:
                yield from self._challenge(q, mover)

    def _challenge(self, smoker: str, target: str) -> Flow:
        """Rule 8: both throw; only a strictly higher throw by the smoker wins, and the
        smoker then hands over a brand of his choice."""
        theirs = sum(self.roll(smoker, 2, 6, f"challenging {target}"))
        mine = sum(self.roll(target, 2, 6, f"resisting {smoker}"))
        p = p_strictly_lower()
        if theirs <= mine:
            self.log("resist", target, f"{target} resists {smoker} ({mine} vs {theirs})", p=1 - p)
            return
        brands = self._brands_of(smoker)
        brand = brands[0]
        if len(brands) > 1:
            answer = yield self.ask(smoker, "pass_brand",
                                    f"{smoker} wins ({theirs} vs {mine}): "
                                    f"which brand goes to {target}?",
                                    choices=tuple(f"pass {b}" for b in brands))
            brand = answer[len("pass "):]
        self.log("hooked", target,
                 f"{smoker} wins the challenge ({theirs} vs {mine}; chance {p}) and passes "
                 f"{brand} to {target}", brand=brand, p=p)
        yield from self._take_brand(target, brand)
