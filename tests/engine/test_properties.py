"""Property tests of the core: the ledger, decks, tracks and save/load."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.chance import Chance, Pile, total_probability
from tabletop.core.deck import Deck, deal_round_robin
from tabletop.core.ledger import Ledger, NoCredit
from tabletop.core.track import RingTrack

PEOPLE = ["Ann", "Bob", "Cy"]
transfers = st.lists(
    st.tuples(st.sampled_from(["bank", *PEOPLE]), st.sampled_from(["bank", *PEOPLE]),
              st.integers(0, 500), st.booleans()),
    max_size=60,
)


@given(transfers)
def test_ledger_total_never_changes_and_no_player_goes_below_zero(moves: list) -> None:
    ledger = Ledger(PEOPLE)
    for payer, payee, amount, pay_what_you_have in moves:
        before = ledger.accounts()
        if pay_what_you_have:
            paid = ledger.pay_what_you_have(payer, payee, amount)
            assert paid == (amount if payer == "bank" else min(amount, before[payer]))
        else:
            try:
                ledger.transfer(payer, payee, amount)
            except NoCredit:
                assert ledger.accounts() == before and before[payer] < amount
        assert ledger.total() == 0
        assert all(ledger[p] >= 0 for p in PEOPLE)


@given(st.lists(st.integers(0, 99), min_size=1, max_size=60, unique=True), st.integers(0, 2**32))
def test_deck_keeps_every_card(cards: list[int], seed: int) -> None:
    chance = Chance(seed)
    deck = Deck(cards)
    deck.shuffle(chance)
    hand = [deck.draw(chance) for _ in range(len(cards) // 2)]
    for card in hand[: len(hand) // 2]:
        deck.discard(card)
    held = hand[len(hand) // 2 :]
    while deck.pile or deck.discards:
        held.append(deck.draw(chance))
    assert sorted(held) == sorted(cards)


@given(st.lists(st.integers(), max_size=40), st.integers(1, 7), st.integers(0, 6))
def test_round_robin_deal_is_as_even_as_possible(cards: list[int], seats: int, first: int) -> None:
    hands = deal_round_robin(cards, seats, first % seats)
    sizes = [len(h) for h in hands]
    assert sum(sizes) == len(cards) and max(sizes) - min(sizes) <= 1
    assert sizes[first % seats] == max(sizes)


@given(st.integers(2, 50), st.integers(0, 49), st.integers(0, 120))
def test_track_move_passes_exactly_the_entered_spaces(size: int, start: int, steps: int) -> None:
    move = RingTrack(size).move(start % size, steps)
    entered = move.entered()
    assert move.end == (start + steps) % size
    for space in range(size):
        assert move.passes(space) == (space in entered)


def test_dice_totals_are_exact() -> None:
    assert sum(total_probability(2, 6, t) for t in range(2, 13)) == 1
    assert total_probability(2, 6, 7) * 6 == 1
    assert total_probability(3, 6, 3) * 216 == 1


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(tabletop.GAMES), st.integers(0, 10**6), st.integers(0, 120))
def test_save_load_is_exact_at_any_point(name: str, seed: int, moves: int) -> None:
    game = tabletop.new_game(name, players=PEOPLE, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    text = game.save()
    loaded = tabletop.load(text)
    assert loaded.save() == text and loaded.decision == game.decision
    assert loaded.view(None) == game.view(None)


@given(st.lists(st.integers(0, 99), min_size=1, max_size=60, unique=True), st.integers(0, 70),
       st.integers(0, 2**32))
def test_a_shuffle_that_deals_only_its_top_draws_only_those(cards: list[int], top: int,
                                                            seed: int) -> None:
    """The seed shuffles the whole deck whatever ``top`` is; a draw hook decides only the
    ``top`` places dealt, each among the cards still undrawn, and every card stays."""
    assert Chance(seed).shuffle(cards, top) == Chance(seed).shuffle(cards)
    asked: list[int] = []

    def last(n: int, what: str) -> int:
        asked.append(n)
        return n - 1

    out = Chance(seed, draw=last).shuffle(cards, top)
    dealt = min(top, len(cards))
    assert sorted(out) == sorted(cards)
    assert asked == [n for n in range(len(cards), len(cards) - dealt, -1) if n > 1]
    assert out[:dealt] == cards[::-1][:dealt]


@given(st.lists(st.integers(0, 99), min_size=1, max_size=60, unique=True), st.integers(0, 70),
       st.integers(0, 2**32))
def test_a_pile_deals_the_seeded_order_and_a_draw_hook_decides_only_the_cards_dealt(
        cards: list[int], dealt: int, seed: int) -> None:
    """Seeded, a pile deals the shuffle's order from its first card (the burnt top card
    last); under a draw hook each card dealt is one draw among the cards still unseen, and
    the cards never dealt are never drawn. Either way every card stays in the pile or hand."""
    def deal(pile: Pile) -> list[int]:
        pile.insert(0, pile.pop())  # the top card to the bottom, unseen
        return [pile.pop() for _ in range(min(dealt, len(cards)))]

    order = Chance(seed).shuffle(cards)
    seeded = Pile(Chance(seed), cards)
    assert deal(seeded) == (order[1:] + order[:1])[:dealt]
    asked: list[int] = []

    def first(n: int, what: str) -> int:
        asked.append(n)
        return 0

    pile = Pile(Chance(seed, draw=first), cards)
    hand = deal(pile)
    drawn = min(dealt + 1, len(cards))
    assert asked == [n for n in range(len(cards), len(cards) - drawn, -1) if n > 1]
    assert len(pile) + len(hand) == len(cards)
    assert sorted([*hand, *(pile.pop() for _ in range(len(pile)))]) == sorted(cards)
