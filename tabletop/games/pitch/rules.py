"""Pitch: Money Game, played hand by hand in the order of the rulebook (RULES.md section 4)."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.cards import SUIT_NAMES, SUITS, standard_deck
from tabletop.core.decisions import Decision
from tabletop.core.deck import deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.events import Event
from tabletop.core.game import Flow, Game, Result
from tabletop.core.options import Option

from . import money
from .content import default_content
from .odds import jack_in_play
from .scoring import MOON, HandScore, score_hand
from .tricks import HEIGHT, playable, winning_index
from .view import table_view

NEXT_HAND = "next hand"
BID_LABELS = {"pass": "Pass", "steal": "Steal the bid", "moon": "Shoot the moon"}
#: What the chance carried by the "deal" and "trump" events (data ``p``, with ``p_of``) is of.
JACK_IN_PLAY = "the Jack of trumps is among the dealt cards"
DECK = tuple(standard_deck())
SORT_KEY = {card: (SUITS.index(card[-1]), HEIGHT[card]) for card in DECK}


def bid_text(bid: int) -> str:
    """A bid as the score sheet writes it: ``2``, ``3``, ``4`` or ``moon``."""
    return "moon" if bid == MOON else str(bid)


class Pitch(Game):
    """Pitch: Money Game for 2 to 8 players, each playing for themself."""

    name = "pitch"
    title = "Pitch: Money Game"
    min_players = 2
    max_players = default_content().most_players
    OPTIONS: ClassVar[dict[str, Option]] = {
        "max_hands": Option(0, "hands before the game ends; 0: every starting player deals "
                               "twice", low=0, high=10_000),
        "target": Option(21, "the game ends after a hand that brings someone to this score; "
                             "0: no target", low=0, high=1_000),
        "game_tie": Option("none", "who takes the Game point on a tie: nobody, or the pitcher "
                                   "when the pitcher is among the tied",
                           choices=("none", "pitcher")),
        "low_point": Option("captured", "Low goes to whoever captures the lowest trump "
                                        "(rulebook) or to whoever was dealt it",
                            choices=("captured", "dealt")),
        "seat_changes": Option("leave", "between hands the host may: nothing (off), send a "
                                        "player home (leave), or also seat a joiner (open)",
                               choices=("off", "leave", "open")),
        "joiners": Option("", "names for joiners, separated by commas; then Player N"),
    }

    # -- the table ------------------------------------------------------------------
    def setup(self) -> None:
        self.content = default_content()
        self.joiner_names = [n.strip() for n in self.options["joiners"].split(",") if n.strip()]
        if len(set(self.joiner_names)) != len(self.joiner_names) or set(
            self.joiner_names
        ) & set(self.players):
            raise OptionError(f"pitch: option joiners={self.options['joiners']!r} repeats a name")
        self.ring: list[str] = list(self.players)
        self.seated: list[str] = list(self.players)
        self.hand_limit = self.options["max_hands"] or 2 * len(self.players)
        self.scores = dict.fromkeys(self.players, 0)
        self.stars = dict.fromkeys(self.players, 0)
        self.ledger = money.table_ledger(list(self.players))
        self.sheet: list[dict[str, Any]] = []
        self.gone: dict[str, dict[str, int]] = {}
        self.hand_number = 0
        self.phase = "deal"
        self.dealer: str | None = None
        self._new_hand_state()
        self.last_hand: dict[str, Any] | None = None

    def _new_hand_state(self) -> None:
        self.hands: dict[str, list[str]] = {}
        self.dealt: dict[str, tuple[str, ...]] = {}
        self.captured: dict[str, list[str]] = {}
        self.tricks_won: dict[str, int] = {}
        self.bids: list[tuple[str, str]] = []
        self.pitcher: str | None = None
        self.bid = 0
        self.trump: str | None = None
        self.trick: list[tuple[str, str]] = []
        self.trick_number = 0
        self.last_trick: dict[str, Any] | None = None

    def left_of(self, name: str) -> str:
        """The next seated player to the left of ``name`` (who may have left the table)."""
        k = self.ring.index(name)
        for step in range(1, len(self.ring) + 1):
            other = self.ring[(k + step) % len(self.ring)]
            if other in self.seated:
                return other
        raise AssertionError("nobody is seated")

    def around_from(self, first: str) -> list[str]:
        """The seated players in playing order, starting with ``first``."""
        k = self.seated.index(first)
        return self.seated[k:] + self.seated[:k]

    # -- the order of play ----------------------------------------------------------
    def play(self) -> Flow:
        """Rules 4 and 24: a random first dealer, then hands with the deal passing left."""
        self.dealer = self.seated[self.pick(None, self.seated, "players to deal first")]
        self.log("dealer", self.dealer, f"{self.dealer} deals first")
        while True:
            yield from self.play_hand()
            ended = self.end_reason()
            if ended:
                break
            if self.options["seat_changes"] != "off":
                yield from self.between_hands()
            self.dealer = self.left_of(self.dealer)
        return self.finish(ended)

    def play_hand(self) -> Flow:
        """One hand: deal, bid, six tricks, score (rules 5, 13-31)."""
        self._new_hand_state()
        self.hand_number += 1
        self.deal()
        self.phase = "bidding"
        yield from self.bidding()
        self.phase = "play"
        leader = self.pitcher
        for number in range(1, self.content.hand_size + 1):
            self.trick_number = number
            leader = yield from self.play_trick(leader)
        self.score()
        self.phase = "between hands"

    def deal(self) -> None:
        """Rule 5: shuffle, then deal the hands one card at a time from the dealer's left."""
        order = self.around_from(self.left_of(self.dealer))
        size = self.content.hand_size
        cards = self.shuffle(DECK, "52 cards")
        for name, hand in zip(order, deal_round_robin(cards[: size * len(order)], len(order)),
                              strict=True):
            self.dealt[name] = tuple(hand)
            self.hands[name] = sorted(hand, key=SORT_KEY.__getitem__)
            self.captured[name] = []
            self.tricks_won[name] = 0
        self.log("deal", self.dealer, f"{self.dealer} deals {size} cards to each player "
                 f"(hand {self.hand_number})", hand=self.hand_number, cards_each=size,
                 players=len(order), p=jack_in_play(len(order), size), p_of=JACK_IN_PLAY)

    def bidding(self) -> Flow:
        """Rules 13-17: once around from the dealer's left, the dealer last.

        Each bid beats the one before; the dealer may also steal (equal the high bid),
        and must take 2 when everyone else passed. A moon ends the bidding at once.
        """
        low, high = self.content.lowest_bid, self.content.highest_bid
        for name in self.around_from(self.left_of(self.dealer)):
            dealer = name == self.dealer
            if dealer and not self.bid:
                self.bids.append((name, f"bid {low}"))
                self.pitcher, self.bid = name, low
                self.log("bid", name, f"Everyone passed: {name}, the dealer, must bid {low}",
                         bid=low, forced=True)
                break
            choices = ["pass"] + (["steal"] if dealer else [])
            choices += [f"bid {k}" for k in range(max(low, self.bid + 1), high + 1)]
            choices.append("moon")
            action = yield self.ask(
                name, "bid",
                f"{name}, bid: " + (f"the high bid is {self.bid}" if self.bid else "no bid yet"),
                choices, labels={c: BID_LABELS.get(c, c.capitalize()) for c in choices},
            )
            self.bids.append((name, action))
            if action == "pass":
                self.log("bid", name, f"{name} passes", bid=None)
                continue
            self.pitcher = name
            if action == "moon":
                self.bid = MOON
                self.log("bid", name, f"{name} shoots the moon: the bidding is over", bid="moon")
                break
            if action != "steal":
                self.bid = int(action[4:])
            self.log("bid", name, f"{name} {'steals the bid at' if action == 'steal' else 'bids'}"
                     f" {self.bid}", bid=self.bid, steal=action == "steal")
        self.log("pitcher", self.pitcher, f"{self.pitcher} pitches for {bid_text(self.bid)}",
                 bid=bid_text(self.bid))

    def play_trick(self, leader: str) -> Flow:
        """Rules 19-22: everyone plays one card; the first card of the hand sets trump.
        Returns the winner, who leads next. (Lean: this runs for every card of every hand.)"""
        led: str | None = None
        trick, events = self.trick, self.events
        for name in self.around_from(leader):
            hand = self.hands[name]
            card = yield Decision(name, "play", f"{name}, play a card",
                                  playable(hand, led, self.trump))
            hand.remove(card)
            trick.append((name, card))
            events.append(Event("play", name, f"{name} plays {card}", {"card": card}))
            if led is None:
                led = card[-1]
                if self.trump is None:
                    self.trump = led
                    self.log("trump", name, f"{SUIT_NAMES[led].capitalize()} are trump",
                             trump=led, p=jack_in_play(len(self.dealt), self.content.hand_size),
                             p_of=JACK_IN_PLAY)
        cards = [card for _, card in trick]
        winner = trick[winning_index(cards, self.trump)][0]
        self.captured[winner] += cards
        self.tricks_won[winner] += 1
        self.last_trick = {"number": self.trick_number, "cards": [list(t) for t in trick],
                           "winner": winner}
        self.trick = []
        events.append(Event("trick", winner, f"{winner} takes trick {self.trick_number}",
                            {"trick": self.trick_number, "cards": cards}))
        return winner

    def score(self) -> None:
        """Rules 24-31 and 34: score the hand, write the sheet, settle a moon bid at once."""
        outcome = score_hand(self.dealt, self.captured, self.tricks_won, self.trump,
                             self.pitcher, self.bid, self.content, self.options["game_tie"],
                             self.options["low_point"])
        for point, name in outcome.awards.items():
            self.log("point", name, f"{point.capitalize()}: "
                     + (f"{name} scores 1" if name else "nobody scores"), point=point)
        for name, change in outcome.changes.items():
            self.scores[name] += change
        pitcher = self.pitcher
        if outcome.moon:
            self.pay_moon(pitcher, outcome.made)
        self.stars[pitcher] += outcome.star
        self.log("hand", pitcher, f"{pitcher} {'makes' if outcome.made else 'is set back on'} "
                 f"the bid of {bid_text(self.bid)}" + (" (a star)" if outcome.star else ""),
                 made=outcome.made, change=outcome.changes[pitcher])
        self.last_hand = self.sheet_row(outcome)
        self.sheet.append(self.last_hand)

    def pay_moon(self, pitcher: str, made: bool) -> None:
        """Rule 34: a moon bid is worth ``moon_cents`` from, or to, each other player."""
        cents = self.content.moon_cents
        for other in self.seated:
            if other != pitcher:
                payer, payee = (other, pitcher) if made else (pitcher, other)
                self.ledger.transfer(payer, payee, cents)
                self.log("pay", payer, f"{payer} pays {payee} {cents} cents for the moon",
                         payee=payee, cents=cents)

    def sheet_row(self, outcome: HandScore) -> dict[str, Any]:
        """Rule 30: one line of the score sheet (a made moon carries a star)."""
        return {
            "hand": self.hand_number, "dealer": self.dealer, "pitcher": self.pitcher,
            "bid": bid_text(self.bid), "trump": self.trump, "made": outcome.made,
            "star": outcome.star, "awards": dict(outcome.awards),
            "game_counts": dict(outcome.counts), "points": dict(outcome.points),
            "changes": dict(outcome.changes), "tricks": dict(self.tricks_won),
            "totals": {name: self.scores[name] for name in self.seated},
        }

    def end_reason(self) -> str:
        """Rule 24 / RULES.md B #6: the game ends at a target score or after a number of hands."""
        target = self.options["target"]
        if target:
            reached = [n for n in self.seated if self.scores[n] >= target]
            if reached:
                return f"{', '.join(reached)} reached the target of {target} points"
        if self.hand_number >= self.hand_limit:
            return f"the {self.hand_limit} hands agreed on were played"
        return ""

    # -- seats ----------------------------------------------------------------------
    def joiner_name(self) -> str:
        """The next joiner's name: the next unused one of option ``joiners``, else Player N."""
        for name in self.joiner_names:
            if name not in self.ring:
                return name
        k = len(self.ring) + 1
        while f"Player {k}" in self.ring:
            k += 1
        return f"Player {k}"

    def between_hands(self) -> Flow:
        """Rule 32: between hands the host (first seated player) deals the next hand, lets a
        player leave (paid off at once), or seats a joiner, until choosing the next hand."""
        while True:
            host = self.seated[0]
            choices = [NEXT_HAND]
            if len(self.seated) > self.min_players:
                choices += [f"leave {name}" for name in self.seated]
            joiner = self.joiner_name()
            if self.options["seat_changes"] == "open" and len(self.seated) < self.max_players:
                choices.append("join")
            action = yield self.ask(host, "table", f"{host}, deal the next hand or change seats",
                                    choices, labels={"join": f"Seat {joiner}",
                                                     NEXT_HAND: "Deal the next hand"})
            if action == NEXT_HAND:
                return
            if action == "join":
                self.seat(joiner)
            else:
                self.leave(action[6:])

    def seat(self, name: str) -> None:
        """A joiner sits down (to the right of the first seat) with 0 points (B #7)."""
        self.ring.append(name)
        self.seated.append(name)
        self.scores[name] = 0
        self.stars[name] = 0
        self.ledger = money.with_seat(self.ledger, name)
        self.log("join", name, f"{name} joins the table with 0 points")

    def leave(self, name: str) -> None:
        """Rule 32: a leaver is paid off against the average of everyone seated, leaver
        included (B #7), then leaves."""
        cents = money.settle({n: self.scores[n] for n in self.seated},
                             self.content.cents_per_point)[name]
        money.pay(self.ledger, name, cents)
        self.seated.remove(name)
        self.gone[name] = {"score": self.scores[name], "payoff": cents,
                           "after_hand": self.hand_number}
        self.log("leave", name, f"{name} leaves with {self.scores[name]} points and is paid "
                 f"{cents} cents", cents=cents, score=self.scores[name])

    # -- the end --------------------------------------------------------------------
    def finish(self, reason: str) -> Result:
        """Rule 33: everyone still seated is paid off; the best score wins."""
        self.phase = "over"
        payoffs = money.settle({n: self.scores[n] for n in self.seated},
                               self.content.cents_per_point)
        for name, cents in payoffs.items():
            money.pay(self.ledger, name, cents)
            self.log("payoff", name, f"{name} is paid {cents} cents" if cents >= 0
                     else f"{name} pays {-cents} cents into the bank", cents=cents)
        ranked = sorted(self.seated, key=lambda n: -self.scores[n])
        ranked += sorted(self.gone, key=lambda n: -self.scores[n])
        best = self.scores[ranked[0]]
        winners = tuple(n for n in self.seated if self.scores[n] == best)
        figures = {name: {"score": self.scores[name], "cents": self.ledger[name],
                          "stars": self.stars[name], "seated": int(name in self.seated)}
                   for name in self.ring}
        return Result(winners, tuple(ranked), f"The game ended: {reason}.", figures)

    def conserved(self) -> dict[str, int]:
        """The ledger sums to zero; every card dealt this hand is in a hand, the trick or a pile."""
        in_play = [c for cards in (*self.hands.values(), *self.captured.values()) for c in cards]
        in_play += [card for _, card in self.trick]
        dealt = sum(len(cards) for cards in self.dealt.values())
        return {"money": self.ledger.total(), "cards lost or made": len(in_play) - dealt,
                "cards held twice": len(in_play) - len(set(in_play))}

    # -- what a player sees -----------------------------------------------------------
    def table_view(self, player: str | None) -> dict[str, Any]:
        return table_view(self, player)
