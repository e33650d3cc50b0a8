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
from tabletop.core.decisions import Action
from tabletop.core.deck import Deck, deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.words import and_list, plural

from .content import Content, build
from .neighbourhood import Score, built, frame_of, open_lots, score
from .odds import face_chance
from .reality import RealityCards
from .staging import Staging
from .view import TABLE
from .words import BANK, by_name, describe, hc, without_copy_number

FACE_WORDS = {"coins": "the Hip Coin", "reality": "the Reality", "property": "the Property",
              "choice": "the Choice"}
#: The decisions whose choices name a Property card.
NAMED_CARDS = ("buy", "market", "build", "discard", "demolish", "invest")
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

    def apply(self, action: Action, player: str | None = None) -> None:
        """The engine's :meth:`Game.apply`; an action written with a card's copy number, as
        the kit once wrote its choices (``build Dive Bar 4 on A1``), is read in today's
        words (``build Dive Bar on A1``), so games saved before still load."""
        pending = self.decision
        if (type(action) is str and pending is not None and pending.kind in NAMED_CARDS
                and not pending.allows(action)):
            today = without_copy_number(action)
            action = today if pending.allows(today) else action
        super().apply(action, player)

    # -- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        """The table as the rulebook sets it up, then rules 3-5 and 32 in their order."""
        c = self.content
        self.youngest_first = self._age_order()
        self.order = self._turn_order()
        self.frame = frame_of(c.rows, c.columns)
        self.ledger = Ledger(self.players, supplies=(BANK,))
        self.property = Deck(c.property)
        self.reality = Deck(c.reality)
        self.hands: dict[str, list[str]] = {p: [] for p in self.players}
        self.towns = {p: self.frame.empty() for p in self.players}
        self.scored: dict[str, tuple[tuple[str | None, ...], Score]] = {}  # see score_of
        self.market: list[str] = []
        self.offer: str | None = None           # a turned-over card waiting for a buyer
        self.flipped: dict[str, Any] | None = None  # the last turned-over card and its fate
        self.reality_card: str | None = None    # the Reality card being carried out
        self.last_reality: str | None = None
        self.face: dict[str, Any] | None = None  # the last roll of the die
        self.auction: Auction | None = None
        self.turn: str | None = None
        self.round = 0
        self.bank_warned = False
        self._roll_asks = {p: self.ask(p, "roll", f"{p}: roll the die", ("roll",),
                                       labels={"roll": "Roll"}) for p in self.players}
        self.deal_hands()
        self.shuffle_reality()
        self.hand_out_coins()
        if self.options["variant"] == "market":
            self.refill_market()

    def _turn_order(self) -> tuple[str, ...]:
        """Rule 6 (RULES.md 3 A6): the latest craft-beer drinker (option ``first``), else the
        youngest, rolls first; play goes clockwise, which is seat order."""
        starter = self.options["first"] or self.youngest_first[0]
        if starter not in self.players:
            raise OptionError(f"hip_town: option first={starter!r} is not one of the players "
                              f"({', '.join(self.players)})")
        k = self.players.index(starter)
        return self.players[k:] + self.players[:k]

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

    def deal_hands(self) -> None:
        """Rule 3 (RULES.md 3 A3): shuffle the Property cards, then give every player a
        hand of three face down, one card at a time from the first player."""
        self.property.pile = self.shuffle(self.property.pile, "Property cards")[::-1]
        cards = [self.draw(self.property) for _ in range(self.content.hand * len(self.order))]
        for player, hand in zip(self.order, deal_round_robin(cards, len(self.order)),
                                strict=True):
            self.hands[player] = [card for card in hand if card is not None]
            dealt = plural(len(self.hands[player]), "Property card")
            self.log("deal", player, f"{player} is dealt {dealt}, face down",
                     cards=len(self.hands[player]))

    def shuffle_reality(self) -> None:
        """Rule 4 (RULES.md 3 A4): after the deal the Reality deck is shuffled; both decks
        lie face down in the middle."""
        self.reality.pile = self.shuffle(self.reality.pile, "Reality cards")[::-1]

    def hand_out_coins(self) -> None:
        """Rule 5 (RULES.md 3 A5): the banker gives each player 18 HC."""
        for player in self.players:
            self.pay_out(player, self.content.start_coins, "to start")

    # -- the order of play ---------------------------------------------------------------
    def play(self) -> Flow:
        """Rule 29 (RULES.md 3 A29): turns go round in the order of rule 6 until someone
        builds on the last lot of their neighbourhood: the game ends at once. A turn limit
        (option ``max_rounds``) stops a game that runs on."""
        self.next_seat = 0
        return (yield from self.rounds())

    def rounds(self) -> Flow:
        """The turns in the order of rule 6 (the seat ``next_seat`` of it comes next; a round
        begins at 0), until the end or the turn limit."""
        limit = self.options["max_rounds"]
        while True:
            self.turn_begins()
            if self.next_seat == 0:
                if self.round >= limit:
                    break
                self.round += 1
            player = self.order[self.next_seat]
            self.next_seat = (self.next_seat + 1) % len(self.order)
            yield from self.take_turn(player)
            if built(self.towns[player]) == self.content.lots:
                return self.finish(f"{player} built the last lot of their neighbourhood")
        return self.finish(f"the turn limit of {plural(limit, 'round')} was reached; players "
                           "are ranked as at the end of a game")

    def take_turn(self, player: str) -> Flow:
        """Rule 7 (RULES.md 3 A7): a turn is the roll, then the action."""
        self.turn = player
        yield self._roll_asks[player]
        face = self.roll_die(player)
        if face == "choice":
            face = yield from self.choose_face(player)
        yield from getattr(self, f"face_{face}")(player)
        yield from self.action(player)

    def roll_die(self, player: str) -> str:
        """The eight-sided die shows one of four symbols (RULES.md 3 B1: how many faces show
        each is in the content file)."""
        faces = self.content.faces
        number = self.roll(player, 1, len(faces), "the Hip Town die")[0]
        face = faces[number - 1]
        self.face = {"number": number, "face": face}
        self.log("face", player, f"{player} rolls {FACE_WORDS[face]} face", face=face,
                 number=number, p=face_chance(self.content, face),
                 p_of=f"a roll shows {FACE_WORDS[face]} face")
        return face

    def choose_face(self, player: str) -> Flow:
        """Rule 14 (RULES.md 3 A14): on the Choice face the roller picks any one of the
        other three."""
        choices = {CHOICE_LABELS[f]: f for f in ("coins", "reality", "property")}
        face = yield self.ask(player, "choice", f"{player}: the Choice face: pick one", choices)
        self.log("choose", player, f"{player} picks {FACE_WORDS[face]} face", face=face)
        return face

    # -- the faces -----------------------------------------------------------------------
    def face_coins(self, player: str) -> Flow:
        """Rule 8 (RULES.md 3 A8): the Hip Coin face pays 5 HC from the bank."""
        self.pay_out(player, self.content.coin_face, "from the Hip Coin face")
        yield from ()

    def face_property(self, player: str) -> Flow:
        """Rule 10 (RULES.md 3 A10): turn over the top Property card; buy it at its cost,
        paid to the bank, or put it up for auction. (In the market variant, rule 33.)"""
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
                                 {f"buy {card.name} for {hc(card.cost)}": True,
                                  f"auction {card.name}": False})
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
        """Rule 11 (RULES.md 3 A11): an English auction that opens at 1 HC and goes round
        from the roller's left until one bid stands; the winner pays the bank.
        Rule 12 (RULES.md 3 A12): the roller may not bid; nobody bids more than they hold.
        RULES.md B7: bids rise by 1 HC, a pass is final, and a card nobody bids on is
        discarded."""
        c = self.content
        self.auction = Auction(card_id, self.left_of(player), 0, self.ledger.__getitem__,
                               c.step, c.opening, money=hc, shown=c.property[card_id].name)
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
        """Rule 13 (RULES.md 3 A13): a card won or bought goes into the hand; an auction
        winner builds it on their own turn only (rule 24)."""
        self.hands[player].append(self.offer)
        self.offer = None
        if self.flipped is not None:
            self.flipped["fate"] = fate

    def buy_from_market(self, player: str) -> Flow:
        """Rule 33 (RULES.md 3 A33): on the Property face, buy any one face-up market card
        at its cost, or none; the market is refilled from the deck at once.
        Rule 34 (RULES.md 3 A34): there are no auctions in this variant."""
        coins = self.ledger[player]
        cards = self.content.property
        choices = {f"buy {name} for {hc(cards[c].cost)}": c
                   for name, c in by_name(cards, self.market).items() if cards[c].cost <= coins}
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
        """Rule 32 (RULES.md 3 A32): in the market variant three Property cards lie face up
        after the deal, topped up from the deck after each sale (RULES.md B8: the market
        stays short when the deck and its discards are empty)."""
        while len(self.market) < self.content.market:
            card_id = self.draw(self.property)
            if card_id is None:
                return
            self.market.append(card_id)
            self.log("market", None, f"{describe(self.content.property[card_id])} joins the "
                     "market", card=card_id)

    # -- the action --------------------------------------------------------------------
    def action(self, player: str) -> Flow:
        """Rule 15 (RULES.md 3 A15): the player may build at most one business a turn, or
        none; no card changes that.
        Rule 20 (RULES.md 3 A20): building is the last thing in a turn."""
        moves = self.legal_builds(player)
        if not moves:
            return
        cards = self.content.property
        first = by_name(cards, [card for card, _ in moves])
        choices: dict[str, tuple[str, str] | None] = {
            f"build {cards[card].name} on {lot}": (card, lot) for card, lot in moves
            if first[cards[card].name] == card}
        choices["build nothing"] = None
        move = yield self.ask(player, "build", f"{player}: build a business, or not", choices)
        if move is not None:
            self.build(player, *move)

    def legal_builds(self, player: str) -> list[tuple[str, str]]:
        """Every (card, lot) the player may build now (rules 16, 17 and 25): a hand card whose
        Developer Rating is at most the businesses standing (:func:`.neighbourhood.rating_problem`),
        on a lot :func:`open_lots` gives."""
        town, names, cards = self.towns[player], self.frame.names, self.content.property
        lots = [names[lot] for lot in open_lots(self.frame, town)]
        standing = built(town)
        return [(card, lot) for card in self.hands[player]
                if cards[card].rating <= standing for lot in lots]

    def build(self, player: str, card_id: str, lot: str) -> None:
        """Rule 24 (RULES.md 3 A24): a business is built from the hand, on your own turn,
        one a turn; it stays on its lot (rule 26)."""
        self.hands[player].remove(card_id)
        self.towns[player][self.frame.index[lot]] = card_id
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
        """A player's Hip Points with their bonuses (rules 27 and 28), worked out again only
        when their neighbourhood has changed (every view shows every seat's score): the last
        one is kept with the lots it was worked out from."""
        town = self.towns[player]
        lots = tuple(town)
        known = self.scored.get(player)
        if known is None or known[0] != lots:
            known = self.scored[player] = (lots, score(self.content, self.frame, town))
        return known[1]

    # -- the end -------------------------------------------------------------------------
    def finish(self, reason: str) -> Result:
        """Rule 2 (RULES.md 3 A2): the most Hip Points, bonuses included, wins.
        Rule 30 (RULES.md 3 A30): a tie goes to the most Hip Coins, then to a face-off."""
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
        """Rule 31 (RULES.md 3 A31) and B11: the tied players turn over Property cards in order of
        age, youngest first; only those showing the most Hip Points turn again, until one is
        left (or no card is left to turn). Returns the tied players in groups, best first:
        the winner(s), then those who lasted longer ahead of those out earlier."""
        left = [p for p in self.youngest_first if p in tied]
        out: list[list[str]] = []
        self.log("face_off", None, f"{and_list(left)} are tied on Hip Points and Hip "
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
        """Rule 1 (RULES.md 3 A1): no card or coin is made or lost. Coins sum to zero over the
        ledger (the bank is a supply); every card is in exactly one place: a deck, its
        discards, a hand, a neighbourhood, the market, or in play."""
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

    TABLE = TABLE
