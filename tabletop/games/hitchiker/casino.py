"""A round of blackjack at the casino, in the order of RULES.md 1 A 44-55.

Shuffle and burn, every card face up: one card to each player from the dealer's left, two
hands to the dealer, one house card; bets after the first card; second cards; hits, sticks,
one split of equal values, double downs; the house plays out its hand and every standing hand
is settled. The cards count as blackjack.py says; the numbers come from ``content.casino``.

:func:`blackjack_round` is the sub-procedure a host game runs with ``yield from``: the
Hitchiker casino and the stand-alone :class:`~.blackjack_table.BlackjackTable`. The host has
a ledger with a ``"table"`` account for the bets on the felt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict
from functools import cache, lru_cache
from typing import Any

from tabletop.core.chance import Pile
from tabletop.core.decisions import Decision
from tabletop.core.game import Flow, Game
from tabletop.core.ledger import Ledger

from .blackjack import (
    CARD_VALUE,
    FULL_DECK,
    TWENTY_ONE,
    bet_range,
    final,
    hand_total,
    house_draws,
    is_blackjack,
    is_bust,
    net,
    outcome,
)
from .content import CasinoRules

#: The casino's numbers as plain data (one dict per edition, copied into each view).
rules_view = cache(asdict)

MOVE_LABELS = {"hit": "Hit", "stick": "Stick", "double": "Double down", "split": "Split"}


@lru_cache(maxsize=4096)
def _counted(cards: tuple[str, ...]) -> tuple[int, bool, bool]:
    """Rule 47: a hand's total, whether it is soft and whether it is bust, counted once per
    hand of cards (the views show them at every decision of a round)."""
    total, soft = hand_total(cards)
    return total, soft, is_bust(total)


def _view_cards(cards: list[str]) -> dict[str, Any]:
    total, soft, bust = _counted(tuple(cards))
    return {"cards": list(cards), "total": total, "soft": soft, "bust": bust}


def _total(cards: list[str]) -> int:
    """Rule 47: the best total of ``cards``."""
    return _counted(tuple(cards))[0]


class Hand:
    """One hand on the felt: whose it is, its cards, its bet and where it stands."""

    __slots__ = ("bet", "cards", "doubled", "player", "split", "state")

    def __init__(self, player: str) -> None:
        self.player = player
        self.cards: list[str] = []
        self.bet = 0
        # waiting, playing, stuck, bust, blackjack, out, won, lost, push, or returned (the
        # game ended mid-round)
        self.state = "waiting"
        self.split = False
        self.doubled = False

    def view(self) -> dict[str, Any]:
        cards = self.cards
        total, soft, bust = _counted(tuple(cards))
        return {"player": self.player, "cards": list(cards), "total": total, "soft": soft,
                "bust": bust, "bet": self.bet, "state": self.state, "split": self.split,
                "doubled": self.doubled}


class Casino:
    """A round of blackjack on the table: the hands, the house cards and the pile."""

    __slots__ = ("acting", "dealer", "hands", "house", "pile", "round_no", "rounds", "rules")

    def __init__(self, rules: CasinoRules, dealer: str | None, round_no: int,
                 rounds: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.round_no = round_no
        self.rounds = rounds
        self.hands: list[Hand] = []
        self.house: list[str] = []
        self.pile: list[str] | Pile = []
        self.acting = -1

    def view(self) -> dict[str, Any]:
        """Everything on the felt (all cards are face up in this game) and the house rules."""
        return {"dealer": self.dealer, "round": self.round_no, "rounds": self.rounds,
                "hands": [h.view() for h in self.hands], "acting": self.acting,
                "house": _view_cards(self.house), "cards_left": len(self.pile),
                "rules": dict(rules_view(self.rules))}


class _Round:
    """What every step of one round needs: the host, its money and the felt."""

    def __init__(self, game: Game, money: Ledger, cash: Mapping[str, str], table: Casino,
                 credited: Callable[[str], None] | None) -> None:
        self.game = game
        self.money = money
        self.cash = cash
        self.table = table
        self.rules = table.rules
        self.credited = credited

    def draw(self) -> str:
        pile = self.table.pile
        if not pile:  # only with many split hands: open a second deck
            pile.extend(self.game.shuffle(FULL_DECK, "cards of a second deck"))
        return pile.pop()

    def pay(self, hand: Hand, times: int) -> None:
        """Rule 53: the bet comes back with ``times`` the bet from the bank."""
        account = self.cash[hand.player]
        self.money.transfer("table", account, hand.bet)
        self.money.transfer("bank", account, times * hand.bet)
        if times and self.credited is not None:
            self.credited(hand.player)


def blackjack_round(
    game: Game,
    rules: CasinoRules,
    money: Ledger,
    cash: Mapping[str, str],
    seats: list[str],
    dealer: str | None,
    round_no: int = 1,
    rounds: int = 1,
    credited: Callable[[str], None] | None = None,
) -> Flow:
    """One round. ``seats``: players from the dealer's left, each with some money; ``dealer``
    plays two hands (``None``: no dealer hands). ``cash`` names each player's ledger account;
    ``credited(player)`` runs after money reaches a player (win checks). The round in
    progress is ``game.casino`` while it runs."""
    table = Casino(rules, dealer, round_no, rounds)
    game.casino = table
    felt = _Round(game, money, cash, table, credited)
    hands = table.hands
    hands.extend(Hand(p) for p in seats)
    if dealer is not None:
        hands.extend((Hand(dealer), Hand(dealer)))
    # Rule 44 (RULES.md 1 A44): shuffle, then the top card goes to the bottom unseen.
    pile = game.shuffled_pile(FULL_DECK, "playing cards")
    pile.insert(0, pile.pop())
    table.pile = pile
    # Rule 45: all face up, one card to each hand from the dealer's left, the dealer's two,
    # the house card. Rule 46: every hand plays against the house, not against the others.
    for hand in hands:
        hand.cards.append(felt.draw())
    table.house.append(felt.draw())
    up = table.house[0]
    game.log("deal", dealer, "First cards: " + ", ".join(
        f"{h.player} {h.cards[0]}" for h in hands) + f"; house card {up}",
        cards={h.player: h.cards[0] for h in hands}, house=up)
    yield from _bets(felt, up)
    # Rule 49: a second card to every hand; a blackjack is paid at once (rule 53).
    for hand in hands:
        if hand.state != "playing":
            continue
        hand.cards.append(felt.draw())
        if is_blackjack([CARD_VALUE[c] for c in hand.cards]):
            _blackjack(felt, hand)
    game.log("deal", dealer, "Second cards: " + ", ".join(
        f"{h.player} {' '.join(h.cards)}" for h in hands if h.state != "out"))
    # Each hand in turn hits, sticks, doubles or splits (rules 50, 54, 55).
    k = 0
    while k < len(hands):
        if hands[k].state == "playing":
            table.acting = k
            yield from _play_hand(felt, k, up)
        k += 1
    table.acting = -1
    _house_and_settle(felt)
    return None


def _bets(felt: _Round, up: str) -> Flow:
    """Rule 48: bets after the first card, in order from the dealer's left."""
    table, money = felt.table, felt.money
    for k, hand in enumerate(table.hands):
        account = felt.cash[hand.player]
        have = money[account]
        if have <= 0:
            hand.state = "out"
            continue
        table.acting = k
        def question(hand: Hand = hand, account: str = account) -> Decision:
            """Rule 48: the bets the cash held now allows."""
            amount, everything, labels = bet_range(felt.rules, money[account])
            return felt.game.ask(hand.player, "bet",
                                 f"Bet on your {hand.cards[0]} (house card {up})",
                                 everything, amount, labels)

        bet = yield felt.game.asking(question)
        money.transfer(account, "table", bet)
        hand.bet = bet
        hand.state = "playing"
    felt.game.log("bets", table.dealer, "Bets: " + ", ".join(
        f"{h.player} ${h.bet:,}" if h.bet else f"{h.player} sits out" for h in table.hands),
        bets=[h.bet for h in table.hands])


def _moves(two: bool, afford: bool, pair: bool, double: bool = True) -> tuple[str, ...]:
    """Rule 50 (RULES.md 1 A50): hit or stick, always. Rule 55: double on the first two
    cards (on a split hand only when the content's ``double_after_split`` allows it), Rule 54:
    split two equal values, once (B 16), both with the cash to match the bet."""
    return ("hit", "stick", *(("double",) if two and afford and double else ()),
            *(("split",) if two and afford and pair else ()))


def _play_hand(felt: _Round, k: int, up: str) -> Flow:
    """Rule 50 (RULES.md 1 A50): hit as often as wished, then stick; a bust loses the bet
    at once (Rule 47). Rule 55: a double takes exactly one card. Rule 54: a split makes two
    hands, the bet matched."""
    game, money = felt.game, felt.money
    hand = felt.table.hands[k]
    player = hand.player
    account = felt.cash[player]
    cards = hand.cards
    while True:
        total = _total(cards)
        if is_bust(total):
            money.transfer("table", "bank", hand.bet)
            hand.state = "bust"
            game.log("bust", player, f"{player} busts with {total} and loses ${hand.bet:,}",
                     total=total, bet=hand.bet)
            return None
        two = len(cards) == 2
        may_double = (two and money[account] >= hand.bet
                      and (felt.rules.double_after_split or not hand.split))
        if total == TWENTY_ONE and not may_double:  # no card can help a 21: the hand stands
            hand.state = "stuck"
            return None
        pair = not hand.split and CARD_VALUE[cards[0]] == CARD_VALUE[cards[-1]]
        move = yield game.asking(lambda total=total, two=two, pair=pair: game.ask(
            player, "play", f"You have {total}; the house card is {up}",
            _moves(two, money[account] >= hand.bet, pair,
                   felt.rules.double_after_split or not hand.split), None, MOVE_LABELS))
        if move == "stick":
            hand.state = "stuck"
            return None
        if move == "hit":
            card = felt.draw()
            cards.append(card)
            game.log("hit", player, f"{player} hits and gets {card}", card=card)
        elif move == "double":
            money.transfer(account, "table", hand.bet)
            hand.bet *= 2
            hand.doubled = True
            card = felt.draw()
            cards.append(card)
            game.log("double", player, f"{player} doubles to ${hand.bet:,} and gets {card}",
                     card=card, bet=hand.bet)
            if not is_bust(_total(cards)):
                hand.state = "stuck"
                return None
        else:  # split: the second card starts a new hand with a matching bet
            money.transfer(account, "table", hand.bet)
            other = Hand(player)
            other.cards.append(cards.pop())
            other.bet = hand.bet
            other.state = "playing"
            other.split = hand.split = True
            felt.table.hands.insert(k + 1, other)
            cards.append(felt.draw())
            other.cards.append(felt.draw())
            game.log("split", player, f"{player} splits: {' '.join(cards)} and "
                     f"{' '.join(other.cards)}, ${hand.bet:,} on each", bet=hand.bet)


def _blackjack(felt: _Round, hand: Hand) -> None:
    """Rule 53: Ace and a ten-valued card as the first two cards pay at once."""
    hand.state = "blackjack"
    times = net(felt.rules, "blackjack")
    felt.game.log("blackjack", hand.player, f"Blackjack for {hand.player}! ${hand.bet:,} kept "
                  f"and ${times * hand.bet:,} collected", bet=hand.bet, won=times * hand.bet)
    felt.pay(hand, times)


def _house_and_settle(felt: _Round) -> None:
    """Rule 51 (RULES.md 1 A51): the house plays out its hand; Rule 52: then every standing
    hand is settled against it (Rule 53: the pay-outs)."""
    table = felt.table
    standing = [h for h in table.hands if h.state == "stuck"]
    if not standing:
        return
    house = table.house
    total = _total(house)
    while house_draws(felt.rules, total):
        house.append(felt.draw())
        total = _total(house)
    house_final = final(total)
    felt.game.log("house", None, f"The house has {' '.join(house)} = {total}"
                  + (": bust" if is_bust(total) else ""), cards=list(house), total=total)
    for hand in standing:
        hand.state = outcome(_total(hand.cards), house_final)
        if hand.state == "lost":
            felt.money.transfer("table", "bank", hand.bet)
        else:
            felt.pay(hand, net(felt.rules, hand.state))
    felt.game.log("settle", table.dealer, "Results: " + ", ".join(
        f"{h.player} {_total(h.cards)} {h.state}" for h in standing),
        results=[h.state for h in standing])


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
