"""Casino blackjack as Hitchiker plays it, usable on its own.

Rules 43-55 of the checklist: shuffle, burn the top card to the bottom, every card face up,
one card to each player from the dealer's left, two hands to the dealer, one house card;
bets after the first card ($1,000 up to the player's travelling cash); second cards; hits,
sticks, one split of equal values (the bet matched, doubling allowed after it), double down
(the hand's bet doubled, exactly one card); the house draws to 17 and stands on a soft 17.
A win keeps the bet and collects twice it, a blackjack (Ace and a ten-value card as the first
two cards, never after a split) keeps it and collects five times it at once, a push keeps it,
a lost bet goes to the bank. The deck is reshuffled before every round.

:func:`blackjack_round` is the sub-procedure a host game runs with ``yield from``; the host
has a ledger with a ``"table"`` account for the bets on the felt. :class:`BlackjackTable` is a
stand-alone game for practice and for measuring speed (not one of the kit's five games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from tabletop.core.cards import rank, standard_deck
from tabletop.core.decisions import Amount, Decision
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option

FULL_DECK: tuple[str, ...] = tuple(standard_deck())
#: Blackjack value of each card, an Ace counted 1 (``hand_total`` makes it 11 when it fits).
CARD_VALUE: dict[str, int] = {
    c: (1 if rank(c) == "A" else 10 if rank(c) in "JQK10" else int(rank(c))) for c in FULL_DECK
}
BET_MIN = 1_000
BET_STEP = 1_000
WIN_PAYS = 2          # a winning bet is kept and collects 2 x bet
BLACKJACK_PAYS = 5    # a blackjack is kept and collects 5 x bet
HOUSE_STANDS = 17


def bet_amount(cash: int) -> Amount:
    """Rule 48 with RULES.md B #16: bets from $1,000 up to the cash held, in $1,000 steps.
    Rule 43 lets everyone with money play, so a player holding less than the minimum
    bets all they have."""
    if cash < BET_MIN:
        return Amount(cash, cash)
    return Amount(BET_MIN, cash // BET_STEP * BET_STEP, BET_STEP)

_MOVES: dict[tuple[bool, bool], tuple[str, ...]] = {
    (False, False): ("hit", "stick"),
    (True, False): ("hit", "stick", "double"),
    (False, True): ("hit", "stick", "split"),
    (True, True): ("hit", "stick", "double", "split"),
}
MOVE_LABELS = {"hit": "Hit", "stick": "Stick", "double": "Double down", "split": "Split"}
_LABELS = tuple(MOVE_LABELS.items())


def hand_total(cards: list[str]) -> tuple[int, bool]:
    """Rule 47: the best total of ``cards`` and whether an Ace is counted as 11 (soft)."""
    total = sum(map(CARD_VALUE.__getitem__, cards))
    if total <= 11 and any(CARD_VALUE[c] == 1 for c in cards):
        return total + 10, True
    return total, False


class Hand:
    """One hand on the felt: whose it is, its cards, its bet and where it stands."""

    __slots__ = ("bet", "cards", "doubled", "player", "split", "state")

    def __init__(self, player: str) -> None:
        self.player = player
        self.cards: list[str] = []
        self.bet = 0
        self.state = "waiting"  # waiting, playing, stuck, bust, blackjack, out, won, lost, push,
        # returned (the game ended mid-round)
        self.split = False
        self.doubled = False

    def view(self) -> dict[str, Any]:
        total, soft = hand_total(self.cards)
        return {"player": self.player, "cards": list(self.cards), "total": total, "soft": soft,
                "bet": self.bet, "state": self.state, "split": self.split,
                "doubled": self.doubled}


class Casino:
    """A round of blackjack on the table: the hands, the house cards and the pile."""

    __slots__ = ("acting", "dealer", "hands", "house", "pile", "round_no", "rounds")

    def __init__(self, dealer: str | None, round_no: int, rounds: int) -> None:
        self.dealer = dealer
        self.round_no = round_no
        self.rounds = rounds
        self.hands: list[Hand] = []
        self.house: list[str] = []
        self.pile: list[str] = []
        self.acting = -1

    def view(self) -> dict[str, Any]:
        """Everything on the felt (all cards are face up in this game)."""
        total, soft = hand_total(self.house)
        return {"dealer": self.dealer, "round": self.round_no, "rounds": self.rounds,
                "hands": [h.view() for h in self.hands], "acting": self.acting,
                "house": {"cards": list(self.house), "total": total, "soft": soft},
                "cards_left": len(self.pile)}


def blackjack_round(
    game: Game,
    money: Ledger,
    cash: Mapping[str, str],
    seats: list[str],
    dealer: str | None,
    round_no: int = 1,
    rounds: int = 1,
    credited: Callable[[str], None] | None = None,
) -> Flow:
    """One round (rules 44-55). ``seats``: players from the dealer's left, each with some
    money (less than the minimum bet means betting all of it); ``dealer`` plays two hands
    (``None``: no dealer hands). ``cash`` names each player's ledger account;
    ``credited(player)`` runs after money reaches a player (win checks). The round in
    progress is ``game.casino`` while it runs."""
    table = Casino(dealer, round_no, rounds)
    game.casino = table
    hands = table.hands
    hands.extend(Hand(p) for p in seats)
    if dealer is not None:
        hands.extend((Hand(dealer), Hand(dealer)))
    # Rule 44: shuffle, then the top card goes to the bottom unseen.
    pile = game.shuffle(FULL_DECK, "playing cards")[::-1]
    pile.insert(0, pile.pop())
    table.pile = pile

    def draw() -> str:
        if not pile:  # only with many split hands: open a second deck
            pile.extend(game.shuffle(FULL_DECK, "cards of a second deck"))
        return pile.pop()

    # Rule 45: one card to each hand from the dealer's left, the dealer's two, the house card.
    for hand in hands:
        hand.cards.append(draw())
    table.house.append(draw())
    up = table.house[0]
    game.log("deal", dealer, "First cards: " + ", ".join(
        f"{h.player} {h.cards[0]}" for h in hands) + f"; house card {up}",
        cards={h.player: h.cards[0] for h in hands}, house=up)
    # Rule 48: bets after the first card, in order from the dealer's left.
    bet_range: dict[int, Amount] = {}
    for k, hand in enumerate(hands):
        player = hand.player
        account = cash[player]
        have = money[account]
        if have <= 0:
            hand.state = "out"
            continue
        table.acting = k
        amount = bet_range.get(have) or bet_range.setdefault(have, bet_amount(have))
        bet = yield Decision(player, "bet", f"Bet on your {hand.cards[0]} (house card {up})",
                             (), amount)
        money.transfer(account, "table", bet)
        hand.bet = bet
        hand.state = "playing"
    game.log("bets", dealer, "Bets: " + ", ".join(
        f"{h.player} ${h.bet:,}" if h.bet else f"{h.player} sits out" for h in hands),
        bets=[h.bet for h in hands])
    # Rule 49: a second card to every hand; a blackjack is paid at once (rule 53).
    for hand in hands:
        if hand.state != "playing":
            continue
        hand.cards.append(draw())
        if hand_total(hand.cards)[0] == 21:
            _blackjack(game, money, cash, hand, credited)
    game.log("deal", dealer, "Second cards: " + ", ".join(
        f"{h.player} {' '.join(h.cards)}" for h in hands if h.state != "out"))
    # Rules 50, 54, 55: each hand in turn hits, sticks, doubles or splits.
    k = 0
    while k < len(hands):
        hand = hands[k]
        if hand.state == "playing":
            table.acting = k
            yield from _play_hand(game, money, cash, table, k, up, draw)
        k += 1
    table.acting = -1
    # Rules 51-52: the house plays out its hand, then every standing hand is settled.
    standing = [h for h in hands if h.state == "stuck"]
    if standing:
        house = table.house
        while hand_total(house)[0] < HOUSE_STANDS:
            house.append(draw())
        house_total = hand_total(house)[0]
        game.log("house", None, f"The house has {' '.join(house)} = {house_total}"
                 + (": bust" if house_total > 21 else ""), cards=list(house), total=house_total)
        for hand in standing:
            _settle(money, cash, hand, house_total, credited)
        game.log("settle", dealer, "Results: " + ", ".join(
            f"{h.player} {hand_total(h.cards)[0]} {h.state}" for h in standing),
            results=[h.state for h in standing])
    return None


def _play_hand(game: Game, money: Ledger, cash: Mapping[str, str], table: Casino, k: int,
               up: str, draw: Callable[[], str]) -> Flow:
    """Rules 50, 54, 55: the decisions of one hand until it sticks, busts or doubles."""
    hand = table.hands[k]
    player = hand.player
    account = cash[player]
    cards = hand.cards
    while True:
        total = hand_total(cards)[0]
        if total > 21:
            money.transfer("table", "bank", hand.bet)
            hand.state = "bust"
            game.log("bust", player, f"{player} busts with {total} and loses ${hand.bet:,}",
                     total=total, bet=hand.bet)
            return None
        if total == 21:  # no card can help a 21: the hand stands
            hand.state = "stuck"
            return None
        two = len(cards) == 2
        afford = money[account] >= hand.bet
        can_split = (two and afford and not hand.split
                     and CARD_VALUE[cards[0]] == CARD_VALUE[cards[1]])
        move = yield Decision(player, "play", f"You have {total}; the house card is {up}",
                              _MOVES[two and afford, can_split], None, _LABELS)
        if move == "stick":
            hand.state = "stuck"
            return None
        if move == "hit":
            card = draw()
            cards.append(card)
            game.log("hit", player, f"{player} hits and gets {card}", card=card)
        elif move == "double":
            money.transfer(account, "table", hand.bet)
            hand.bet *= 2
            hand.doubled = True
            card = draw()
            cards.append(card)
            game.log("double", player, f"{player} doubles to ${hand.bet:,} and gets {card}",
                     card=card, bet=hand.bet)
            if hand_total(cards)[0] <= 21:
                hand.state = "stuck"
                return None
        else:  # split: the second card starts a new hand with a matching bet
            money.transfer(account, "table", hand.bet)
            other = Hand(player)
            other.cards.append(cards.pop())
            other.bet = hand.bet
            other.state = "playing"
            other.split = hand.split = True
            table.hands.insert(k + 1, other)
            cards.append(draw())
            other.cards.append(draw())
            game.log("split", player, f"{player} splits: {' '.join(cards)} and "
                     f"{' '.join(other.cards)}, ${hand.bet:,} on each", bet=hand.bet)


def _blackjack(game: Game, money: Ledger, cash: Mapping[str, str], hand: Hand,
               credited: Callable[[str], None] | None) -> None:
    """Rule 53: Ace and a ten-value card as the first two cards pay five times the bet at once."""
    player = hand.player
    account = cash[player]
    hand.state = "blackjack"
    money.transfer("table", account, hand.bet)
    money.transfer("bank", account, BLACKJACK_PAYS * hand.bet)
    game.log("blackjack", player, f"Blackjack for {player}! ${hand.bet:,} kept and "
             f"${BLACKJACK_PAYS * hand.bet:,} collected", bet=hand.bet,
             won=BLACKJACK_PAYS * hand.bet)
    if credited is not None:
        credited(player)


def _settle(money: Ledger, cash: Mapping[str, str], hand: Hand, house: int,
            credited: Callable[[str], None] | None) -> None:
    """Rules 52-53: a standing hand against the house's final total (win, push or loss)."""
    total = hand_total(hand.cards)[0]
    bet = hand.bet
    if house > 21 or total > house:
        hand.state = "won"
        account = cash[hand.player]
        money.transfer("table", account, bet)
        money.transfer("bank", account, WIN_PAYS * bet)
        if credited is not None:
            credited(hand.player)
    elif total == house:
        hand.state = "push"
        money.transfer("table", cash[hand.player], bet)
    else:
        hand.state = "lost"
        money.transfer("table", "bank", bet)


def return_open_bets(table: Casino, money: Ledger, cash: Mapping[str, str]) -> dict[str, int]:
    """When the host game ends in the middle of a round (a player reached a goal), every bet
    still on the felt goes back to its owner's account; returns the total handed back to each."""
    back: dict[str, int] = {}
    for hand in table.hands:
        if hand.state in ("playing", "stuck") and hand.bet:
            money.transfer("table", cash[hand.player], hand.bet)
            back[hand.player] = back.get(hand.player, 0) + hand.bet
            hand.state = "returned"
    return back


class BlackjackTable(Game):
    """Blackjack on its own: each player starts with cash and plays a number of rounds.

    The deal moves one seat to the left each round and the dealer plays two hands, as at a
    Hitchiker casino (option ``dealer_hands``). Players with no money sit out.
    """

    name = "blackjack"
    title = "Casino blackjack"
    min_players = 1
    max_players = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "rounds": Option(20, "how many rounds are dealt", low=1, high=1_000_000),
        "start_cash": Option(25_000, "each player's cash at the start", low=1,
                             high=10**12),
        "dealer_hands": Option(True, "the dealer seat moves left each round and plays two hands",
                               choices=(True, False)),
        "rebuy": Option(False, "a player short of the minimum bet gets the starting cash again "
                        "(a practice table that never empties)", choices=(True, False)),
    }

    def setup(self) -> None:
        self.money = Ledger([*self.players, "table"])
        self.cash = {p: p for p in self.players}
        for p in self.players:
            self.money.transfer("bank", p, self.options["start_cash"])
        self.casino: Casino | None = None
        self.hands_played = 0

    def play(self) -> Flow:
        rounds = self.options["rounds"]
        n = len(self.players)
        played = 0
        for r in range(rounds):
            if self.options["rebuy"]:
                self._rebuy()
            dealer = self.players[r % n] if self.options["dealer_hands"] else None
            start = 0 if dealer is None else r % n + 1
            order = [self.players[(start + k) % n] for k in range(n)]
            seats = [p for p in order if p != dealer and self.money[p] > 0]
            if dealer is not None and self.money[dealer] <= 0:
                dealer = None
            if not seats and dealer is None:
                break
            yield from blackjack_round(self, self.money, self.cash, seats, dealer, r + 1, rounds)
            self.hands_played += sum(h.state != "out" for h in self.casino.hands)
            played += 1
        self.casino = None
        ranking = tuple(sorted(self.players, key=lambda p: -self.money[p]))
        best = self.money[ranking[0]]
        return Result(
            winners=tuple(p for p in ranking if self.money[p] == best), ranking=ranking,
            reason=f"{played} rounds were dealt; the players are ranked by their cash",
            figures={p: {"cash": self.money[p]} for p in self.players},
        )

    def _rebuy(self) -> None:
        """Option rebuy: players short of the minimum bet take the starting cash again."""
        for p in self.players:
            if self.money[p] < BET_MIN:
                self.money.transfer("bank", p, self.options["start_cash"] - self.money[p])
                self.log("rebuy", p, f"{p} buys back in with ${self.money[p]:,}")

    def table_view(self, player: str | None) -> dict[str, Any]:
        return {"cash": {p: self.money[p] for p in self.players},
                "casino": None if self.casino is None else self.casino.view()}

