"""What the spaces do (rules 23-26, 31, 39-43, 46-53): Connections and robberies with their
Cops, Push, the ladies, Take a Pill, Lucky Day, the Loan Shark and PARTY TIME."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tabletop.core.decisions import Amount
from tabletop.core.words import agrees, and_list, plural

from .content import Space
from .odds import arrest_chance, lucky_odds, payout
from .table import BANK, DISH, Flow, Table, TurnOver


class SpacesMixin(Table):
    """Space rules for :class:`~tabletop.games.rush.rules.Rush`."""

    def _space_action(self, player: str, space: Space) -> Flow:
        """Each kind of space does its own thing. Rule 31: Jail reached by moving is a
        visit."""
        action = {
            "connection": self._connection, "robbery": self._robbery, "push": self._push,
            "chance": self._chance, "take_a_pill": self._take_a_pill, "be_a_pimp": self._pimp,
            "lucky_day": self._lucky_day, "loan_shark": self._loan_shark,
        }.get(space.kind)
        if action is None:
            self.log("visit", player, f"{player} is just visiting {space.name}")
            return
        yield from action(player, space)

    # -- Cops (rules 23-26) --------------------------------------------------------------
    def _caught(self, player: str, space: Space) -> Flow:
        """Rule 24 and Rule 26: with Cops on the space, one die; a roll no higher than their
        number is an arrest: the Cops leave the space and the player goes to Jail."""
        cops = self.cops[space.index]
        if not cops:
            return False
        p = arrest_chance(cops)
        face = self.roll(player, 1, 6, f"the Cop die, {plural(cops, 'Cop')} at "
                                        f"{space.name}")[0]
        if face > cops:
            self.log("cops", player, f"{player} gets past the Cops at {space.name}", p=1 - p,
                     p_of=f"getting past {plural(cops, 'Cop')}")
            return False
        self.cops[space.index] = 0
        self.log("cops", player, f"{player} is caught at {space.name}", p=p,
                 p_of=f"being caught with {plural(cops, 'Cop')} there")
        yield from self._arrest(player, f"caught at {space.name}")
        return True

    def _connection(self, player: str, space: Space) -> Flow:
        """Rule 23 and Rule 24: up to ten pills at the printed price, paid first; a purchase that
        is not caught adds a Cop."""
        def most() -> int:
            return min(self.content.most_per_buy, self.dish, self.ledger[player] // space.price)

        if most() < 1:
            self.log("connection", player, f"{player} cannot buy pills at {space.name}")
            return
        count = yield self.asking(lambda: self.ask(
            player, "buy", f"Buy pills at ${space.price} each "
            f"({plural(self.cops[space.index], 'Cop')} here)?", {"no pills": 0},
            amount=Amount(1, most())))
        if not count:
            return
        cost = count * space.price
        self.ledger.transfer(player, BANK, cost)
        self.log("buy", player, f"{player} pays ${cost} for {plural(count, 'pill')} at "
                                f"{space.name}",
                 pills=count, cost=cost)
        if (yield from self._caught(player, space)):
            return
        self._move_pills(DISH, player, count)
        self.cops[space.index] += 1
        self.log("buy", player, f"{player} gets {plural(count, 'pill')}; a Cop comes to "
                                f"{space.name}")

    def _robbery(self, player: str, space: Space) -> Flow:
        """Rule 25 and Rule 26 (B #2): the Cop die comes first; then the loot is the printed
        dice times the printed dollars, from the Bank, and a Cop comes."""
        rob = yield self.ask(player, "rob", f"Rob the {space.name} ({space.dice} dice x "
                                            f"${space.per_pip}, "
                                            f"{plural(self.cops[space.index], 'Cop')} here)?",
                               {"rob": True, "leave it": False})
        if not rob or (yield from self._caught(player, space)):
            return
        loot = sum(self.roll(player, space.dice, 6, f"loot at the {space.name}")) * space.per_pip
        self.ledger.transfer(BANK, player, loot)
        self.cops[space.index] += 1
        self.log("rob", player, f"{player} robs the {space.name} of ${loot}; a Cop comes",
                 amount=loot)

    # -- Push, ladies, Take a Pill (rules 39-43) -------------------------------------------
    def _push(self, player: str, space: Space) -> Flow:
        """Rule 39: the junkie buys at the printed price; holding more than one pill, at
        least one must be sold."""
        have = self.pills[player]
        if not have:
            self.log("push", player, f"{player} has no pills for the junkie")
            return
        count = yield self.asking(lambda: self.ask(
            player, "push", f"Sell pills to the junkie at ${space.price} each",
            amount=Amount(1 if self.pills[player] > 1 else 0, self.pills[player])))
        if count:
            self._move_pills(player, DISH, count)
            self.ledger.transfer(BANK, player, count * space.price)
            self.log("push", player, f"{player} sells {plural(count, 'pill')} for "
                                     f"${count * space.price}", pills=count)

    def _pimp(self, player: str, space: Space) -> Flow:
        """Rule 40 (B #6): one unused lady goes to a space without one, never Home; when
        they are all placed, nothing happens."""
        amounts = sorted(set(self.free_ladies))
        spots = {s.name: s.index for s in self.content.board
                 if s.kind != "home" and s.index not in self.ladies}
        if not amounts or not spots:
            self.log("lady", player, f"{player} finds no lady to place")
            return
        amount = amounts[0]
        if len(amounts) > 1:
            amount = yield self.ask(player, "lady", "Which lady goes to work?",
                                    {f"the ${a} lady": a for a in amounts})
        where = yield self.ask(player, "lady_space", f"Where does the ${amount} lady work?",
                               spots)
        self.free_ladies.remove(amount)
        self.ladies[where] = (player, amount)
        self.log("lady", player, f"{player} places the ${amount} lady on "
                                 f"{self.content.board[where].name}", space=where, amount=amount)

    def _pay_lady(self, player: str, space: Space) -> None:
        """Rule 41: before anything else, the lander pays a lady's owner her amount, or
        nothing at all when short (nothing on one's own lady, or a dead owner's)."""
        if space.index not in self.ladies:
            return
        owner, amount = self.ladies[space.index]
        if owner == player or owner in self.dead:
            return
        if self.ledger[player] < amount:
            self.log("lady", player, f"{player} cannot pay {owner}'s ${amount} lady and pays "
                                     "nothing")
            return
        self.ledger.transfer(player, owner, amount)
        self.log("lady", player, f"{player} pays {owner} ${amount} for the lady",
                 to=owner, amount=amount)

    def _take_a_pill(self, player: str, _space: Space | None = None) -> Flow:
        """Rule 42 and Rule 43: a pill at once, as if on another turn; with none, the Zonkometer
        goes down one and the turn ends."""
        if self.pills[player]:
            yield from self._take_pill(player, "Take a Pill")
            return
        self._zonkometer(player, -1, "no pill to take")
        raise TurnOver

    # -- money games (rules 46-49) ---------------------------------------------------------
    def _bet_choices(self, player: str, odds: Mapping[int, Fraction]) -> dict[str, int | None]:
        """Rule 46: the answers at Lucky Day: stop (no bet, or roll the dice once a bet is
        down) and, while the money not yet staked covers the least bet, a bet on any total.
        Made afresh from the table, so a staged purse changes what is offered."""
        free = self.ledger[player] - sum(self.bets.values())
        choices: dict[str, int | None] = {"roll the dice" if self.bets else "no bet": None}
        if free >= self.content.min_bet:
            choices.update({f"bet on {t}": t for t in odds})
        return choices

    def _lucky_day(self, player: str, space: Space) -> Flow:
        """Rule 46: bets on any totals of two dice, then one roll; a winning stake comes
        back with the odds times the stake, losing stakes go to the Bank."""
        c = self.content
        odds = lucky_odds(c.printed_odds, self.options["lucky_day"])
        self.bets = {}
        while True:
            if self.ledger[player] < c.min_bet and not self.bets:
                self.log("bet", player, f"{player} has nothing to bet at {space.name}")
                return
            total = yield self.asking(lambda: self.ask(
                player, "bet", f"{player} at {space.name}: bet on a total?",
                self._bet_choices(player, odds)))
            if total is None:
                break
            stake = yield self.asking(lambda total=total: self.ask(
                player, "stake", f"Stake on {total} (pays {odds[total]} to 1)?",
                amount=Amount(c.min_bet, self.ledger[player] - sum(self.bets.values()))))
            self.bets[total] = self.bets.get(total, 0) + stake
        if not self.bets:
            return
        dice = self.roll(player, 2, 6, "Lucky Day")
        self.last_roll = dice
        for total, stake in sorted(self.bets.items()):
            if total == sum(dice):
                won = payout(stake, odds[total])
                self.ledger.transfer(BANK, player, won)
                self.log("bet", player, f"{player}'s ${stake} on {total} wins ${won}",
                         total=total, stake=stake, won=won)
            else:
                self.ledger.transfer(player, BANK, stake)
                self.log("bet", player, f"{player} loses ${stake} on {total}",
                         total=total, stake=stake, won=0)
        self.bets = {}

    def _loan_shark(self, player: str, space: Space) -> Flow:
        """Rule 47, Rule 48 and Rule 49 (B #10): a loan up to the limit when none is out;
        with one out, it is repaid double if the player can, else the penalty: all money
        and pills, every sense but one of the player's choice, and the loan stays."""
        c = self.content
        loan = self.loans[player]
        if not loan:
            amount = yield self.ask(player, "loan", f"Borrow up to ${c.loan_most} from the "
                                                    "Loan Shark?",
                                    {"no loan": 0}, amount=Amount(1, c.loan_most))
            if amount:
                self.ledger.transfer(BANK, player, amount)
                self.loans[player] = amount
                self.log("loan", player, f"{player} borrows ${amount}; "
                                         f"${c.repay_factor * amount} is due next time",
                         amount=amount)
            return
        due = c.repay_factor * loan
        if self.ledger[player] >= due:
            self.ledger.transfer(player, BANK, due)
            self.loans[player] = 0
            self.log("loan", player, f"{player} repays the Loan Shark ${due}", amount=due)
            return
        self.ledger.transfer(player, BANK, self.ledger[player])
        self._move_pills(player, DISH, self.pills[player])
        keep = yield from self._choose_sense(player, "keep_sense", True,
                                             "the Loan Shark leaves one sense: which one?")
        self.senses[player] = [k == keep for k in range(len(self.senses[player]))]
        self.log("loan", player, f"{player} cannot pay ${due}: the Loan Shark takes all "
                                 f"money, all pills and all senses but "
                                 f"{self.content.senses[keep]}; the loan stays", amount=due)

    # -- PARTY TIME (rules 50-54) ----------------------------------------------------------
    def _party(self, player: str, where: int) -> Flow:
        """Rule 50 and Rule 54: everyone but the lockup comes to ``where`` at once (a coma
        ends there); Rule 36: the host may give pills to the guests, who take them with their
        party pill; then the host must take a pill."""
        self.party = where
        self.guests = []
        for guest in self.left_of(player):
            if guest in self.dead or guest in self.lockup:
                continue
            if self.coma[guest] is not None:
                self._wake(guest)
            self.pos[guest] = where
            self.guests.append(guest)
        come = agrees(len(self.guests), "comes", "come")
        self.log("party", player, f"PARTY TIME at {self.content.board[where].name}: "
                                  f"{and_list(self.guests) or 'nobody else'} "
                                  f"{come if self.guests else 'comes'}",
                 space=where, guests=list(self.guests))
        yield from self._meet(player, where)
        yield from self._party_pill(player, host=True)

    def _party_pill(self, player: str, host: bool = False) -> Flow:
        """Rule 51, Rule 52 and Rule 53 (B #12): the party pill. With none of your own, the
        host takes one from the first living player on their left who has more than one,
        wherever that player is (the lockup too); a guest only from such a player still at
        the party. With no pill to be had, the Zonkometer goes down one and two dice move
        you."""
        where = self.party
        if player in self.guests:
            self.guests.remove(player)
        if not self.guests:
            self.party = None
        if not self.pills[player]:
            givers = ([q for q in self.left_of(player) if q not in self.dead] if host
                      else self.others_here(player, where))
            donor = next((q for q in givers if self.pills[q] > 1), None)
            if donor is not None:
                self._move_pills(donor, player, 1)
                self.log("party", player, f"{player} takes a pill from {donor}", donor=donor)
        if self.pills[player]:
            yield from self._take_pill(player, "Party Time")
            return
        self._zonkometer(player, -1, "no pill at the party")
        yield from self._roll_and_move(player, "no pill at the party")
