"""Hip Town, turn by turn in the order of the rulebook (RULES.md section 3).

Each turn is the ROLL of the eight-sided die, then the ACTION (building). The Reality
cards live in :mod:`.reality`, the neighbourhood and its score in :mod:`.neighbourhood`,
staged positions in :mod:`.staging`, what a player sees in :mod:`.view` and every number
in ``content.toml``.

Options
-------
``variant``     "auction" (the rulebook's game) or "market" (its variant for 2-3 players:
                three face-up cards to buy from and no auctions; allowed at any count).
``first``       who rolls first (the latest craft-beer drinker); empty: the youngest.
``ages``        the players from youngest to oldest, separated by commas; empty: seat order.
                It picks the first player and the order of a face-off.
``max_rounds``  rounds (everyone one turn) before the game is stopped and ranked as at a
                normal end, by Hip Points, then Hip Coins, then a face-off.
``bank``        "unlimited" (RULES.md B9: the bank never runs dry) or "physical" (the same,
                but the log warns once the 232 HC of the box are all out of the bank).

Decisions (``decision.kind``; the rules receive each choice's mapped value)
---------------------------------------------------------------------------
``roll`` · ``choice`` (coins / reality / property) · ``buy`` (buy the flipped card or put
it up for auction) · ``bid`` ("pass" or an amount, :mod:`tabletop.core.auction`) ·
``market`` (a market card or nothing) · ``build`` ((card, lot) or nothing) · ``discard``
(a hand card) · ``target`` (an opponent) · ``demolish`` ((owner, lot)) · ``invest`` (yes/no).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.auction import Auction
from tabletop.core.deck import Deck, deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option

from .content import Content, build
from .neighbourhood import Frame, Score, build_problem, built, score
from .odds import face_chance
from .reality import RealityCards
from .staging import Staging
from .view import table_view
from .words import BANK, describe, hc

FACE_WORDS = {"coins": "the Hip Coin", "reality": "the Reality", "property": "the Property",
              "choice": "the Choice"}
CHOICE_LABELS = {"coins": "Take the Hip Coins", "reality": "Draw a Reality card",
                 "property": "Take a Property card"}


class HipTown(Staging, RealityCards, Game):
    """Hip Town for 2 to 6 players (see the module docstring)."""

    name = "hip_town"
    title = "Hip Town"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "variant": Option("auction", "auction: the rulebook's game; market: three face-up "
                                     "cards to buy from and no auctions",
                          choices=("auction", "market")),
        "first": Option("", "who rolls first (the latest craft-beer drinker); "
                            "empty: the youngest"),
        "ages": Option("", "the players from youngest to oldest, separated by commas; "
                           "empty: seat order"),
        "max_rounds": Option(300, "rounds before the game is stopped and ranked by Hip Points",
                             low=1, high=100_000),
        "bank": Option("unlimited", "unlimited: the bank never runs dry; physical: the log "
                                    "warns when the coins of the box run out",
                       choices=("unlimited", "physical")),
    }
    build_content = staticmethod(build)
    content: Content

    # -- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        """Rules 1 and 3-6: the table, the two decks, the hands, the coins, who starts."""
        c = self.content
        self.youngest_first = self._age_order()
        starter = self.options["first"] or self.youngest_first[0]
        if starter not in self.players:
            raise OptionError(f"hip_town: option first={starter!r} is not one of the players "
                              f"({', '.join(self.players)})")
        k = self.players.index(starter)
        self.order = self.players[k:] + self.players[:k]
        self.frame = Frame(c.rows, c.columns)
        self.ledger = Ledger(self.players, supplies=(BANK,))
        self.property = Deck(c.property)
        self.reality = Deck(c.reality)
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.towns = {p: self.frame.empty() for p in self.players}
        self.market: list[str] = []
        self.offer: str | None = None           # a turned-over card waiting for a buyer
        self.flipped: dict[str, Any] | None = None  # the last turned-over card and its fate
        self.reality_card: str | None = None    # the Reality card being carried out
        self.last_reality: str | None = None
        self.face: dict[str, Any] | None = None  # the last roll of the die
        self.auction: Auction | None = None
        self.turn: str | None = None
        self.round = 0
        self.builds_left = 0
        self.bank_warned = False
        self._roll_asks = {p: self.ask(p, "roll", f"{p}: roll the die", ("roll",),
                                       labels={"roll": "Roll"}) for p in self.players}
        self.deal()

    def _age_order(self) -> tuple[str, ...]:
        """Option ``ages``: the players youngest first (seat order when not given)."""
        text = self.options["ages"]
        if not text:
            return self.players
        names = tuple(n.strip() for n in text.split(","))
        if sorted(names) != sorted(self.players):
            raise OptionError(f"hip_town: option ages={text!r} should name every player once "
                              f"({', '.join(self.players)})")
        return names

    def deal(self) -> None:
        """Rules 3-5 and 32: shuffle the Property deck and deal each player a hand; shuffle
        the Reality deck; the banker hands out the starting Hip Coins; in the market variant,
        turn the first market cards face up."""
        c = self.content
        self.property.pile = self.shuffle(self.property.pile, "Property cards")[::-1]
        cards = [self.draw(self.property) for _ in range(c.hand * len(self.order))]
        for player, hand in zip(self.order, deal_round_robin(cards, len(self.order)),
                                strict=True):
            self.hands[player] = [card for card in hand if card is not None]
            self.log("deal", player, f"{player} is dealt {len(self.hands[player])} "
                     "Property cards, face down", cards=len(self.hands[player]))
        self.reality.pile = self.shuffle(self.reality.pile, "Reality cards")[::-1]
        for player in self.players:
            self.pay_out(player, c.start_coins, "to start")
        if self.options["variant"] == "market":
            self.refill_market()

    # -- the order of play ---------------------------------------------------------------
    def play(self) -> Flow:
        """Rules 6, 7 and 29: turns go clockwise from the first player, each a roll and then
        the action, until someone completes a neighbourhood (or the agreed rounds are up)."""
        limit = self.options["max_rounds"]
        while self.round < limit:
            self.round += 1
            for player in self.order:
                yield from self.take_turn(player)
                if built(self.towns[player]) == self.content.lots:
                    return self.finish(f"{player} built the last lot of their neighbourhood")
        return self.finish(f"the turn limit of {limit} rounds was reached; players are ranked "
                           "as at the end of a game")

    def take_turn(self, player: str) -> Flow:
        """Rule 7: the roll, then the action."""
        self.turn = player
        self.builds_left = 1
        yield self._roll_asks[player]
        face = self.roll_die(player)
        if face == "choice":
            face = yield from self.choose_face(player)
        yield from getattr(self, f"face_{face}")(player)
        yield from self.action(player)

    def roll_die(self, player: str) -> str:
        """Rules 8-10 and 14: the die shows one of four symbols (RULES.md B1: the faces are
        in the content file)."""
        faces = self.content.faces
        number = self.roll(player, 1, len(faces), "the Hip Town die")[0]
        face = faces[number - 1]
        self.face = {"number": number, "face": face}
        self.log("face", player, f"{player} rolls {FACE_WORDS[face]} face", face=face,
                 number=number, probability=face_chance(self.content, face))
        return face

    def choose_face(self, player: str) -> Flow:
        """Rule 14: on the Choice face the roller picks any one of the other three."""
        choices = {CHOICE_LABELS[f]: f for f in ("coins", "reality", "property")}
        face = yield self.ask(player, "choice", f"{player}: the Choice face: pick one", choices)
        self.log("choose", player, f"{player} picks {FACE_WORDS[face]} face", face=face)
        return face

    # -- the faces -----------------------------------------------------------------------
    def face_coins(self, player: str) -> Flow:
        """Rule 8: the Hip Coin face pays Hip Coins from the bank."""
        self.pay_out(player, self.content.coin_face, "from the Hip Coin face")
        yield from ()

    def face_property(self, player: str) -> Flow:
        """Rule 10: turn over the top Property card; buy it at its cost or put it up for
        auction (rules 32-34: in the market variant, buy from the market instead)."""
        if self.options["variant"] == "market":
            yield from self.buy_from_market(player)
            return
        card_id = self.draw(self.property)
        if card_id is None:
            self.log("empty", player, "The Property deck and its discards are empty: "
                     "there is no card to turn over")
            return
        card = self.content.property[card_id]
        self.offer = card_id
        self.flipped = {"card": card_id, "by": player, "fate": "on offer"}
        self.log("flip", player, f"{player} turns over {describe(card)}", card=card_id)
        buy = False
        if self.ledger[player] >= card.cost:
            buy = yield self.ask(player, "buy", f"{player}: buy {card.name} for "
                                 f"{hc(card.cost)} or put it up for auction",
                                 {f"buy {card_id} for {hc(card.cost)}": True,
                                  f"auction {card_id}": False})
        else:
            self.log("short", player, f"{player} cannot pay {hc(card.cost)}, so {card.name} "
                     "goes up for auction", card=card_id)
        if buy:
            self.ledger.transfer(player, BANK, card.cost)
            self.take_offer(player, f"bought by {player} for {hc(card.cost)}")
            self.log("buy", player, f"{player} buys {card.name} for {hc(card.cost)}",
                     card=card_id, price=card.cost)
        else:
            yield from self.auction_off(player, card_id)

    def auction_off(self, player: str, card_id: str) -> Flow:
        """Rules 11-13 and RULES.md B7: an English auction from the roller's left, in steps
        of 1 HC from 1 HC. The roller may not bid, nobody bids more than they hold, a pass is
        final. The winner pays the bank and takes the card into their hand (to build on
        their own turn); with no bid at all the card is discarded."""
        c = self.content
        self.auction = Auction(card_id, self.left_of(player), 0, self.ledger.__getitem__,
                               c.step, c.opening, money=hc)
        outcome = yield from self.auction.run(self)
        self.auction = None
        if outcome is None:
            self.property.discard(card_id)
            self.offer = None
            self.flipped["fate"] = "discarded: nobody bid"
            return
        winner, price = outcome
        self.ledger.transfer(winner, BANK, price)
        self.take_offer(winner, f"won by {winner} for {hc(price)}")

    def take_offer(self, player: str, fate: str) -> None:
        """The turned-over card goes into ``player``'s hand (rules 13 and 24)."""
        self.hands[player].append(self.offer)
        self.offer = None
        if self.flipped is not None:
            self.flipped["fate"] = fate

    def buy_from_market(self, player: str) -> Flow:
        """Rules 33-34: buy any one face-up market card at its cost, or none; the market is
        refilled from the deck at once. There are no auctions."""
        coins = self.ledger[player]
        cards = [self.content.property[c] for c in self.market]
        choices = {f"buy {c.id} for {hc(c.cost)}": c.id for c in cards if c.cost <= coins}
        if not choices:
            self.log("short", player, f"{player} cannot afford a market card")
            return
        choices["buy nothing"] = None
        card_id = yield self.ask(player, "market", f"{player}: buy one market card, or none",
                                 choices)
        if card_id is None:
            self.log("pass", player, f"{player} buys nothing from the market")
            return
        card = self.content.property[card_id]
        self.ledger.transfer(player, BANK, card.cost)
        self.market.remove(card_id)
        self.hands[player].append(card_id)
        self.log("buy", player, f"{player} buys {card.name} from the market for "
                 f"{hc(card.cost)}", card=card_id, price=card.cost)
        self.refill_market()

    def refill_market(self) -> None:
        """Rules 32-33: the market is topped up from the Property deck (RULES.md B8: it stays
        short when the deck and its discards are empty)."""
        while len(self.market) < self.content.market:
            card_id = self.draw(self.property)
            if card_id is None:
                return
            self.market.append(card_id)
            self.log("market", None, f"{describe(self.content.property[card_id])} joins the "
                     "market", card=card_id)

    # -- the action --------------------------------------------------------------------
    def action(self, player: str) -> Flow:
        """Rules 15, 20 and 24: at the end of the turn the player may build one card from
        their hand (more only when a Reality card allows it)."""
        while self.builds_left > 0:
            moves = self.legal_builds(player)
            if not moves:
                return
            choices: dict[str, tuple[str, str] | None] = {
                f"build {card} on {lot}": (card, lot) for card, lot in moves}
            choices["build nothing"] = None
            move = yield self.ask(player, "build", f"{player}: build a business, or not",
                                  choices)
            if move is None:
                return
            self.build(player, *move)
            if built(self.towns[player]) == self.content.lots:
                return

    def legal_builds(self, player: str) -> list[tuple[str, str]]:
        """Rules 16, 17 and 25: every (card, lot) the player may build now."""
        town = self.towns[player]
        return [(card, name) for card in self.hands[player]
                for lot, name in enumerate(self.frame.names)
                if build_problem(self.content, self.frame, town, card, lot) is None]

    def build(self, player: str, card_id: str, lot: str) -> None:
        """Rules 16, 17, 24-26: the card leaves the hand for an empty lot, where it stays."""
        self.hands[player].remove(card_id)
        self.towns[player][self.frame.index[lot]] = card_id
        self.builds_left -= 1
        card = self.content.property[card_id]
        self.log("build", player, f"{player} builds {card.name} on {lot}", card=card_id,
                 lot=lot, businesses=built(self.towns[player]))

    # -- coins and cards -----------------------------------------------------------------
    def pay_out(self, player: str, amount: int, why: str) -> None:
        """The bank pays (RULES.md B9: it never runs dry; the physical bank warns)."""
        self.ledger.transfer(BANK, player, amount)
        self.log("collect", player, f"{player} takes {hc(amount)} {why}", amount=amount)
        if (self.options["bank"] == "physical" and not self.bank_warned
                and self.bank_holds() < 0):
            self.bank_warned = True
            self.log("bank", None, f"The bank has paid out more than the {self.content.bank_coins}"
                     " HC in the box: from here on it pays in IOUs")

    def bank_holds(self) -> int:
        """Hip Coins left in the bank of the box (negative: paid out beyond the box)."""
        return self.content.bank_coins + self.ledger[BANK]

    def draw(self, deck: Deck) -> str | None:
        """The top card of ``deck``; RULES.md B8: an empty deck is first made again from its
        shuffled discards, and when both are empty there is no card (``None``)."""
        if not deck.pile and deck.discards:
            what = "Property discards" if deck is self.property else "Reality discards"
            deck.pile = self.shuffle(deck.discards, what)[::-1]
            deck.discards = []
        return deck.pile.pop() if deck.pile else None

    def score_of(self, player: str) -> Score:
        """Rules 27-28: a player's Hip Points with their bonuses."""
        return score(self.content, self.frame, self.towns[player])

    # -- the end -------------------------------------------------------------------------
    def finish(self, reason: str) -> Result:
        """Rules 2 and 29-31: the most Hip Points wins; a tie goes to the most Hip Coins,
        then to a face-off."""
        self.turn = None
        scores = {p: self.score_of(p) for p in self.players}
        ranked = sorted(self.players, key=lambda p: (-scores[p].total, -self.ledger[p]))
        best = (scores[ranked[0]].total, self.ledger[ranked[0]])
        tied = [p for p in ranked if (scores[p].total, self.ledger[p]) == best]
        order = self.face_off(tied) if len(tied) > 1 else [[ranked[0]]]
        winners = tuple(order[0])
        ranking = (*(p for group in order for p in group), *(p for p in ranked if p not in tied))
        figures = {p: {"hip_points": scores[p].total, "card_points": scores[p].points,
                       "bonus": scores[p].total - scores[p].points, "coins": self.ledger[p],
                       "businesses": built(self.towns[p]), "rounds": self.round}
                   for p in self.players}
        return Result(winners, ranking, f"The game ended: {reason}.", figures)

    def face_off(self, tied: list[str]) -> list[list[str]]:
        """Rule 31 and RULES.md B11: the tied players turn over Property cards in order of
        age, youngest first; only those showing the most Hip Points turn again, until one is
        left (or no card is left to turn). Returns the tied players in groups, best first:
        the winner(s), then those who lasted longer ahead of those out earlier."""
        left = [p for p in self.youngest_first if p in tied]
        out: list[list[str]] = []
        self.log("face_off", None, f"{' and '.join(left)} are tied on Hip Points and Hip "
                 "Coins: a face-off")
        while len(left) > 1:
            shown = {}
            for player in left:
                card_id = self.draw(self.property)
                if card_id is None:
                    self.log("empty", None, "No Property card is left to turn: the tie stands")
                    return [left, *reversed(out)]
                self.property.discard(card_id)
                shown[player] = self.content.property[card_id].hip_points
                self.log("face_off_card", player, f"{player} turns over "
                         f"{describe(self.content.property[card_id])}", card=card_id)
            top = max(shown.values())
            out.append([p for p in left if shown[p] < top])
            left = [p for p in left if shown[p] == top]
        return [left, *reversed(out)]

    # -- conservation and views --------------------------------------------------------
    def conserved(self) -> dict[str, int]:
        """Coins sum to zero over the ledger (the bank is a supply); every card is in exactly
        one place: a deck, its discards, a hand, a neighbourhood, the market, or in play."""
        prop = [*self.property.pile, *self.property.discards, *self.market]
        prop += [c for hand in self.hands.values() for c in hand]
        prop += [c for town in self.towns.values() for c in town if c is not None]
        prop += [self.offer] if self.offer is not None else []
        real = [*self.reality.pile, *self.reality.discards]
        real += [self.reality_card] if self.reality_card is not None else []
        return {"coins": self.ledger.total(),
                "Property cards": len(set(prop)), "Property cards in two places":
                len(prop) - len(set(prop)),
                "Reality cards": len(set(real)), "Reality cards in two places":
                len(real) - len(set(real))}

    def table_view(self, player: str | None) -> dict[str, Any]:
        return table_view(self, player)
