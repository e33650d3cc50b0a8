"""What happens on each kind of space, and when players meet (RULES.md 2 A12-A18, A25, A28,
A32-A38).

Every rule that may earn the mover another turn (rule 16: a smoker on a brand he already
holds) is a generator returning ``True`` for it.
"""

from __future__ import annotations

from tabletop.core.words import and_list, plural

from .content import Space
from .money import MoneyRules, scale_fee
from .odds import SIDES, p_seven_or_double, p_strictly_lower, seven_or_double
from .table import COMPANY, Flow, Turn


class SpaceRules(MoneyRules):
    """The rules of the spaces, on top of the money rules."""

    # -- becoming a smoker and smoking more (rules 12-16) ------------------------------
    def _advertising(self, player: str, brand: str) -> Turn:
        """On the advertising space of ``brand``: Rule 12 (a non-smoker, a company brand:
        the advertising roll), Rule 13 (another player's brand: peer pressure), Rule 15 (a
        smoker takes a brand he lacks) and Rule 16 (his own brand: another turn)."""
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
        """Rule 12: a 7 or a double and the advert wins; any other roll resists it."""
        p = p_seven_or_double()
        if seven_or_double(self._throw(player, f"advertising for {brand}")):
            self.log("hooked", player, f"{player} falls for the {brand} advert (chance {p})",
                     brand=brand, p=p)
            yield from self._take_brand(player, brand)
        else:
            self.log("resist", player, f"{player} resists the {brand} advert", brand=brand,
                     p=1 - p)

    def _peer_pressure(self, player: str, smoker: str, brand: str) -> Flow:
        """Rule 13: both throw; a tie or better resists, else ``smoker`` hands over ``brand``."""
        mine = sum(self._throw(player, f"resisting {smoker}"))
        theirs = sum(self._throw(smoker, f"pressing {player} to smoke {brand}"))
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
        """Rules 12-15: ``player`` receives ``brand`` from its holder and pays the brand fee to
        the company; Rule 33: a new smoker earns the AD AGENT K30 from the company; Rule 17:
        a holder left with no brand is a non-smoker again (Rule 20: as often as it happens)."""
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
        """Rule 18, Rule 19 and Rule 31: all of ``player``'s brands go back to the company."""
        for brand in self.brands_of(player):
            self.holder[brand] = COMPANY
        self.n_brands[player] = 0
        self.log("non_smoker", player, f"{player} quits smoking ({why})")

    # -- occupations (rule 25 and the scale of fees, rules 32-38) ------------------------
    def _occupation_fee(self, player: str, occupation: str) -> Flow:
        """Rule 25: pay the fee of ``occupation`` to its owner (your own costs nothing); the
        owners of the 8 occupations collect (Rule 2)."""
        if self.owner[occupation] == player:
            self.log("fee", player, f"{player} owns the {occupation}: nothing to pay",
                     occupation=occupation, amount=0)
            return
        fee = self._fee(player, occupation)
        if fee == 0:
            self.log("fee", player, f"{player} owes the {occupation} nothing",
                     occupation=occupation, amount=0)
            return
        yield from self._pay(player, self._fee_payee(occupation), fee, f"the {occupation}'s fee")

    def _fee(self, player: str, occupation: str) -> int:
        """The scale of fees (Rules 32-38, B3; :func:`.money.scale_fee`): what ``player`` owes
        ``occupation`` on landing; the PSYCHIATRIST's patient throws the dice first (Rule 36)."""
        job = self.content.occupations[occupation]
        pips = 0
        if job.rule == "dice":
            pips = sum(self.roll(player, job.figure("dice"), SIDES, f"the {occupation}'s fee"))
        return scale_fee(job, self.n_brands[player], self.life[player], self.ledger[player], pips)

    # -- vacations and quitting (rules 28 and 18) ---------------------------------------
    def _offer_vacation(self, player: str, space: Space) -> Flow:
        """Rule 28: pay the fee to the company and miss ``space.turns`` turns, if you wish."""
        if self.ledger[player] < space.fee:
            self.log("vacation", player, f"{player} cannot afford a vacation (K{space.fee})")
            return
        if (yield self.asking(lambda: self.ask(
            player, "vacation",
            f"Pay K{space.fee} to the Tobacco Company and miss {plural(space.turns, 'turn')}?",
            {"vacation": True, "stay": False} if self.ledger[player] >= space.fee
            else {"stay": False},
            labels={"vacation": f"Take the vacation (K{space.fee})", "stay": "Stay"},
        ))):
            self.ledger.transfer(player, COMPANY, space.fee)
            self.vacation[player] = space.turns
            self.away.add(player)
            self.log("vacation", player,
                     f"{player} pays K{space.fee} and goes on vacation for "
                     f"{plural(space.turns, 'turn')}",
                     turns=space.turns, fee=space.fee)

    def _offer_quit(self, player: str) -> Flow:
        """Rule 18 and B6: a smoker may pay the I QUIT fee to the PSYCHIATRIST (short of it,
        the company advances the rest, rule 26) and throw for a 7 or a double; success
        returns every brand to the company."""
        fee = self.content.quit_fee
        if not self.n_brands[player]:
            self.log("quit", player, f"{player} does not smoke: nothing to quit")
            return
        short = ("" if self.ledger[player] >= fee else
                 f" (you have K{self.ledger[player]}: the company advances the rest)")
        if not (yield self.ask(
            player, "quit",
            f"Pay K{fee} to the {self.psychiatrist}{short} and throw for a 7 or a double "
            "to quit?",
            {"try": True, "skip": False},
            labels={"try": f"Try to quit (K{fee})", "skip": "Keep smoking"},
        )):
            return
        yield from self._pay(player, self._fee_payee(self.psychiatrist), fee, "the I QUIT fee")
        faces = self._throw(player, "trying to quit")
        p = p_seven_or_double()
        if seven_or_double(faces):
            self._return_brands(player, f"a {'+'.join(map(str, faces))} at I QUIT, chance {p}")
        else:
            self.log("quit", player, f"{player} fails to quit this time", p=1 - p)

    # -- meeting other players (rule 14) --------------------------------------------------
    def _socialise(self, mover: str) -> Flow:
        """Rule 14 and B10: after the space is resolved, a smoker sharing the space with
        another player may challenge them, once per meeting."""
        here = self.pos[mover]
        others = [q for q in self.active_others(mover)
                  if self.pos[q] == here and q not in self.away]
        if not others:
            return
        challenged: set[str] = set()
        while self.n_brands[mover] and mover not in self.gone:
            targets = [q for q in others if q not in challenged and q not in self.gone]
            if not targets:
                break
            target = yield self.asking(lambda targets=targets: self.ask(
                mover, "challenge", f"{mover} meets {and_list(targets)}: challenge someone?",
                {"no challenge": None,
                 **({f"challenge {q}": q for q in targets} if self.n_brands[mover] else {})}))
            if target is None:
                break
            challenged.add(target)
            yield from self._challenge(mover, target)
        for q in others:
            if not self.n_brands[q] or q in self.gone or mover in self.gone:
                continue
            if (yield self.asking(lambda q=q: self.ask(
                    q, "challenge", f"{mover} joins {q}: challenge {mover}?",
                    {"no challenge": None,
                     **({f"challenge {mover}": mover} if self.n_brands[q] else {})}))):
                yield from self._challenge(q, mover)

    def _challenge(self, smoker: str, target: str) -> Flow:
        """Rule 14: both throw; only a strictly higher throw by the smoker wins, and the
        smoker then hands over a brand of his choice."""
        theirs = sum(self._throw(smoker, f"challenging {target}"))
        mine = sum(self._throw(target, f"resisting {smoker}"))
        p = p_strictly_lower()
        if theirs <= mine:
            self.log("resist", target, f"{target} resists {smoker} ({mine} vs {theirs})", p=1 - p)
            return
        brands = self.brands_of(smoker)
        brand = brands[0]
        if len(brands) > 1:
            brand = yield self.asking(lambda: self.ask(
                smoker, "pass_brand", f"{smoker} wins ({theirs} vs {mine}): which brand goes "
                f"to {target}?", {f"pass {b}": b for b in self.brands_of(smoker)}))
        self.log("hooked", target,
                 f"{smoker} wins the challenge ({theirs} vs {mine}; chance {p}) and passes "
                 f"{brand} to {target}", brand=brand, p=p)
        yield from self._take_brand(target, brand)
