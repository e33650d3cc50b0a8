"""Pitch: Money Game, played hand by hand in the order of the rulebook (RULES.md section 4).

Find a rule by its checklist number: ``grep -rn "Rule 16\\b" tabletop/games/pitch``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from tabletop.core.cards import SUIT_NAMES, card_symbol
from tabletop.core.decisions import Decision
from tabletop.core.deck import deal_round_robin
from tabletop.core.errors import OptionError
from tabletop.core.events import Event
from tabletop.core.game import Flow, Game, Result
from tabletop.core.options import Option
from tabletop.core.words import and_list, plural

from . import money
from .content import build
from .odds import jack_in_play
from .scoring import MOON, HandScore, bid_text, score_hand
from .staging import Staging
from .tricks import DECK, SORT_KEY, play_prompt, playable, winning_index
from .view import TABLE

NEXT_HAND = "next hand"
BID_LABELS = {"pass": "Pass", "steal": "Steal the bid", "moon": "Shoot the moon"}
#: Each card as the events write it (``"Q♠"``).
SYMBOL = {card: card_symbol(card) for card in DECK}
#: What the chance carried by the "deal" and "trump" events (data ``p``, with ``p_of``) is of.
JACK_IN_PLAY = "the Jack of trumps is among the dealt cards"


@cache
def bid_labels(choices: tuple[str, ...]) -> dict[str, str]:
    """The button text of each bid choice (remembered: a few dozen sets of choices recur).
    Read only: :meth:`Game.ask` copies it."""
    return {c: BID_LABELS.get(c, c.capitalize()) for c in choices}


class Pitch(Staging, Game):
    """Pitch: Money Game, each player playing for themself.

    Rule 2 (RULES.md 4 A2): two or more players, one deck, a score sheet; at most the
    content's ``table.most_players`` (RULES.md 4 B2), checked in :meth:`setup`.
    """

    name = "pitch"
    title = "Pitch: Money Game"
    min_players = 2
    #: No more players than cards: the content's own limit is checked in setup().
    max_players = len(DECK)
    build_content = staticmethod(build)
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
        most = self.content.most_players
        if len(self.players) > most:
            raise OptionError(f"{self.name} is for {self.min_players} to {most} players, "
                              f"not {len(self.players)}")
        self.joiner_names = [n.strip() for n in self.options["joiners"].split(",") if n.strip()]
        if len(set(self.joiner_names)) != len(self.joiner_names) or set(
            self.joiner_names
        ) & set(self.players):
            raise OptionError(f"pitch: option joiners={self.options['joiners']!r} repeats a name")
        #: Everyone who ever sat down, in seat order (a joiner sits right of the first seat).
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
        #: The cards not dealt this hand (RULES.md 4 B10: never used in play).
        self.stock: list[str] = list(DECK)
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

    def around_from(self, first: str) -> list[str]:
        """The seated players in playing order (to the left), starting with ``first``, who is
        seated (the seated keep the order of the ring: a joiner sits last in both)."""
        k = self.seated.index(first)
        return self.seated[k:] + self.seated[:k]

    def from_dealers_left(self) -> list[str]:
        """The seated players from the dealer's left round to the dealer."""
        return [p for p in (*self.left_of(self.dealer, self.ring), self.dealer)
                if p in self.seated]

    # -- the order of play ----------------------------------------------------------
    def play(self) -> Flow:
        """Rule 4 (RULES.md 4 A4): a random first dealer, and the deal passes to the next
        seated player on the left after every hand (the hands go on until :meth:`end_reason`)."""
        self.dealer = self.seated[self.pick(None, self.seated, "players to deal first")]
        self.log("dealer", self.dealer, f"{self.dealer} deals first")
        return (yield from self.rounds())

    def rounds(self) -> Flow:
        """The hands, ``dealer`` dealing the next one, until :meth:`end_reason`."""
        while True:
            self.turn_begins()
            yield from self.play_hand()
            ended = self.end_reason()
            if ended:
                break
            if self.options["seat_changes"] != "off":
                yield from self.between_hands()
            self.dealer = next(p for p in self.left_of(self.dealer, self.ring)
                               if p in self.seated)
        return self.finish(ended)

    def play_hand(self) -> Flow:
        """One hand: deal, bid, play the tricks, score.

        Rule 23 (RULES.md 4 A23): a hand is as many tricks as cards in a hand (6).
        """
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
        """Rule 5 (RULES.md 4 A5): shuffle the deck and deal ``hand_size`` cards to each
        player, one at a time from the dealer's left; the rest stay undealt."""
        order = self.from_dealers_left()
        size = self.content.hand_size
        cards = self.shuffle(DECK, f"{len(DECK)} cards", top=size * len(order))
        self.stock = cards[size * len(order):]
        for name, hand in zip(order, deal_round_robin(cards[: size * len(order)], len(order)),
                              strict=True):
            self.hold(name, hand)
            self.captured[name] = []
            self.tricks_won[name] = 0
        self.log("deal", self.dealer, f"{self.dealer} deals {plural(size, 'card')} to each player "
                 f"(hand {self.hand_number})", hand=self.hand_number, cards_each=size,
                 players=len(order), p=jack_in_play(len(order), size), p_of=JACK_IN_PLAY)

    def hold(self, name: str, cards: list[str]) -> None:
        """``name`` was dealt ``cards`` (kept in dealing order; the hand is sorted by suit)."""
        self.dealt[name] = tuple(cards)
        self.hands[name] = sorted(cards, key=SORT_KEY.__getitem__)

    def bidding(self) -> Flow:
        """Rule 13 (RULES.md 4 A13): once round from the dealer's left, each player bids
        more than the high bid or passes.
        Rule 15 (RULES.md 4 A15): when everyone else passed, the dealer must bid the lowest bid.
        Rule 17 (RULES.md 4 A17): the bidding ends after one round, the dealer last (a pass
        is final: RULES.md 4 B3), or at once at a moon; the last bidder is the pitcher.
        """
        for name in self.from_dealers_left():
            if name == self.dealer and not self.bid:
                low = self.content.lowest_bid
                self.bids.append((name, bid_text(low)))
                self.pitcher, self.bid = name, low
                self.log("bid", name, f"Everyone passed: {name}, the dealer, must bid {low}",
                         bid=low, forced=True)
                break
            choices = self.bid_choices(name)
            bid = yield self.ask(
                name, "bid",
                f"{name}, bid: " + (f"the high bid is {self.bid}" if self.bid else "no bid yet"),
                choices, labels=bid_labels(tuple(choices)),
            )
            if not bid:
                self.bids.append((name, "pass"))
                self.log("bid", name, f"{name} passes", bid=None)
                continue
            steal = bid == self.bid
            self.pitcher, self.bid = name, bid
            self.bids.append((name, "steal" if steal else bid_text(bid)))
            if bid == MOON:
                self.log("bid", name, f"{name} shoots the moon: the bidding is over", bid="moon")
                break
            self.log("bid", name, f"{name} {'steals the bid at' if steal else 'bids'} {bid}",
                     bid=bid, steal=steal)
        self.log("pitcher", self.pitcher, f"{self.pitcher} pitches for {bid_text(self.bid)}",
                 bid=bid_text(self.bid))

    def bid_choices(self, name: str) -> dict[str, int]:
        """What ``name`` may bid, each choice mapped to the bid it makes (0: a pass).

        Rule 14 (RULES.md 4 A14): a bid runs from the lowest bid to the highest numbered
        bid, and above them all the moon.
        Rule 16 (RULES.md 4 A16): the dealer may also steal: bid as much as the high bid.
        """
        choices = {"pass": 0}
        if name == self.dealer:
            choices["steal"] = self.bid
        low, high = self.content.lowest_bid, self.content.highest_bid
        choices.update({f"bid {k}": k for k in range(max(low, self.bid + 1), high + 1)})
        choices["moon"] = MOON
        return choices

    def play_trick(self, leader: str) -> Flow:
        """Rule 19 (RULES.md 4 A19): the pitcher leads the first trick; the suit of that first
        card is trump for the hand.
        Rule 22 (RULES.md 4 A22): the winner takes the cards and leads the next trick.
        Returns the winner. (Lean: this runs for every card of every hand.)"""
        led: str | None = None
        trick, events = self.trick, self.events
        for name in self.around_from(leader):
            hand = self.hands[name]
            card = yield Decision(name, "play", play_prompt(name, led, self.trump),
                                  playable(hand, led, self.trump))
            hand.remove(card)
            trick.append((name, card))
            events.append(Event("play", name, f"{name} plays {SYMBOL[card]}", {"card": card}))
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
        """Rule 24 (RULES.md 4 A24): the hand is scored and written on the sheet at once
        (the points: :func:`~.scoring.score_hand`); a moon bid is paid for at once (rule 34)."""
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
        """Rule 34 (RULES.md 4 A34): a moon bid is worth ``moon_cents`` from each other player
        when made, and to each other player when it fails."""
        cents = self.content.moon_cents
        for other in self.seated:
            if other != pitcher:
                payer, payee = (other, pitcher) if made else (pitcher, other)
                self.ledger.transfer(payer, payee, cents)
                self.log("pay", payer, f"{payer} pays {payee} {plural(cents, 'cent')} for the moon",
                         payee=payee, cents=cents)

    def sheet_row(self, outcome: HandScore) -> dict[str, Any]:
        """Rule 30 (RULES.md 4 A30): one line of the score sheet; a made moon carries a star."""
        return {
            "hand": self.hand_number, "dealer": self.dealer, "pitcher": self.pitcher,
            "bid": bid_text(self.bid), "trump": self.trump, "made": outcome.made,
            "star": outcome.star, "awards": dict(outcome.awards),
            "game_counts": dict(outcome.counts), "points": dict(outcome.points),
            "changes": dict(outcome.changes), "tricks": dict(self.tricks_won),
            "totals": {name: self.scores[name] for name in self.seated},
        }

    def end_reason(self) -> str:
        """The game ends at a target score or after a number of hands (RULES.md 4 B6)."""
        target = self.options["target"]
        if target:
            reached = [n for n in self.seated if self.scores[n] >= target]
            if reached:
                return f"{and_list(reached)} reached the target of {plural(target, 'point')}"
        if self.hand_number >= self.hand_limit:
            return ("the one hand agreed on was played" if self.hand_limit == 1
                    else f"the {self.hand_limit} hands agreed on were played")
        return ""

    # -- seats ----------------------------------------------------------------------
    def between_hands(self) -> Flow:
        """Rule 32 (RULES.md 4 A32): between hands the host (the first seated player) deals
        the next hand, lets a player leave (paid off at once), or seats a joiner, until
        choosing the next hand."""
        while True:
            host = self.seated[0]
            choices: dict[str, tuple[str, str | None]] = {NEXT_HAND: ("deal", None)}
            if len(self.seated) > self.min_players:
                choices.update({f"leave {name}": ("leave", name) for name in self.seated})
            joiner = self.joiner_name()
            if (self.options["seat_changes"] == "open"
                    and len(self.seated) < self.content.most_players):
                choices["join"] = ("join", joiner)
            what, name = yield self.ask(host, "table",
                                        f"{host}, deal the next hand or change seats", choices,
                                        labels={"join": f"Seat {joiner}",
                                                NEXT_HAND: "Deal the next hand"})
            if what == "deal":
                return
            if what == "join":
                self.seat(name)
            else:
                self.leave(name)

    def joiner_name(self) -> str:
        """The next joiner's name: the next unused one of option ``joiners``, else Player N."""
        for name in self.joiner_names:
            if name not in self.ring:
                return name
        k = len(self.ring) + 1
        while f"Player {k}" in self.ring:
            k += 1
        return f"Player {k}"

    def seat(self, name: str) -> None:
        """A joiner sits down right of the first seat with 0 points (RULES.md 4 B7)."""
        self.ring.append(name)
        self.seated.append(name)
        self.scores[name] = 0
        self.stars[name] = 0
        self.ledger = money.with_seat(self.ledger, name)
        self.log("join", name, f"{name} joins the table with 0 points")

    def leave(self, name: str) -> None:
        """A leaver is paid off against the average of everyone seated, leaver included
        (RULES.md 4 B7), then leaves (rule 32)."""
        cents = money.settle({n: self.scores[n] for n in self.seated},
                             self.content.cents_per_point)[name]
        money.pay(self.ledger, name, cents)
        self.seated.remove(name)
        self.gone[name] = {"score": self.scores[name], "payoff": cents,
                           "after_hand": self.hand_number}
        self.log("leave", name, f"{name} leaves with {plural(self.scores[name], 'point')} and "
                 f"is paid {plural(cents, 'cent')}", cents=cents, score=self.scores[name])

    # -- the end --------------------------------------------------------------------
    def finish(self, reason: str) -> Result:
        """Rule 1 (RULES.md 4 A1): the best score wins.
        Rule 33 (RULES.md 4 A33): everyone still seated is paid off around the average."""
        self.phase = "over"
        payoffs = money.settle({n: self.scores[n] for n in self.seated},
                               self.content.cents_per_point)
        for name, cents in payoffs.items():
            money.pay(self.ledger, name, cents)
            self.log("payoff", name, f"{name} is paid {plural(cents, 'cent')}" if cents >= 0
                     else f"{name} pays {plural(-cents, 'cent')} into the bank", cents=cents)
        ranked = sorted(self.seated, key=lambda n: -self.scores[n])
        ranked += sorted(self.gone, key=lambda n: -self.scores[n])
        best = self.scores[ranked[0]]
        winners = tuple(n for n in self.seated if self.scores[n] == best)
        figures = {name: {"score": self.scores[name], "cents": self.ledger[name],
                          "stars": self.stars[name], "seated": int(name in self.seated)}
                   for name in self.ring}
        return Result(winners, tuple(ranked), f"The game ended: {reason}.", figures)

    def conserved(self) -> dict[str, int]:
        """The ledger sums to zero; each card of the deck is in one place: a hand, the trick,
        a pile of captured cards or the undealt stock."""
        places = [*self.stock, *(card for _, card in self.trick)]
        for cards in (*self.hands.values(), *self.captured.values()):
            places += cards
        return {"money": self.ledger.total(), "cards lost or made": len(places) - len(DECK),
                "cards held twice": len(places) - len(set(places))}

    # -- what a player sees -----------------------------------------------------------
    TABLE = TABLE
