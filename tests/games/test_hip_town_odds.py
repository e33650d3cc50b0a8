"""Hip Town's exact odds (tabletop/games/hip_town/odds.py), each checked a second way: by
counting, by a seeded simulation, or against the game itself."""

from __future__ import annotations

import ast
import json
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np

import tabletop
from tabletop.core.content import game_content
from tabletop.games.hip_town import odds, sampling
from tabletop.games.hip_town.content import build
from tabletop.games.hip_town.neighbourhood import Frame, score
from tabletop.games.hip_town.sampling import lone_builder, rolls_to_coins
from tabletop.odds import Dist, check, estimate, estimate_mean

C = game_content("hip_town", build)
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "hip_town" / "lesson_2.ipynb"


def test_the_faces_of_the_die():
    assert {f: odds.face_chance(C, f) for f in set(C.faces)} == {
        "property": Fraction(3, 8), "coins": Fraction(1, 4), "reality": Fraction(1, 4),
        "choice": Fraction(1, 8)}
    assert dict(odds.faces(C, "coins")) == {"property": Fraction(3, 8), "coins": Fraction(3, 8),
                                      "reality": Fraction(1, 4)}
    assert tabletop.new_game("hip_town").view()["die"]["chances"] == {
        face: str(p) for face, p in odds.faces(C).items()}


def test_coins_per_roll_and_the_chance_of_a_property():
    assert odds.coins_per_roll(C).mean() == Fraction(15, 8)           # Choice taken as coins
    assert odds.coins_per_roll(C, "property").mean() == Fraction(5, 4)
    assert odds.property_chance(C) == Fraction(1, 2)
    assert odds.property_chance(C, "coins") == Fraction(3, 8)


def test_a_rating_zero_card_in_the_opening_hand():
    exact = odds.opening_start(C)
    assert exact == 1 - Fraction(comb(84, 3), comb(108, 3))
    assert odds.hand_holds(C, 0)[3] == Fraction(comb(24, 3), comb(108, 3))

    def dealt(rng: np.random.Generator, n: int) -> np.ndarray:
        hands = rng.random((n, 108)).argsort(axis=1)[:, :3]
        return (hands < 24).any(axis=1)  # cards 0..23 stand for the 24 of rating 0

    assert check(exact, estimate(dealt, 20_000, seed=1))
    games = [tabletop.new_game("hip_town", seed=s) for s in range(300)]
    share = sum(any(C.property[c].rating == 0 for c in g.hands[g.players[0]])
                for g in games) / 300
    assert abs(share - float(exact)) < 0.1


def test_expected_turns_to_a_first_business_without_a_rating_zero_card():
    p = odds.new_card_chance(C)
    assert p == Fraction(1, 2) + Fraction(1, 4) * Fraction(8, 54)
    exact = odds.turns_to_first_business(C)
    assert exact == 1 / (p * Fraction(24, 105))
    reality_gives = sum(c.effect in ("draw", "buy_top") for c in C.reality.values())

    def wait(rng: np.random.Generator) -> int:
        turns = 1
        while True:
            face = C.faces[rng.integers(8)]
            new_card = face in ("property", "choice") or (
                face == "reality" and rng.integers(54) < reality_gives)
            if new_card and rng.integers(105) < 24:
                return turns
            turns += 1

    assert check(exact, estimate_mean(wait, 20_000, seed=2))


def test_the_wait_from_a_shuffled_deck_is_n_plus_one_over_k_plus_one_cards():
    """Without replacement the first rating-0 card of the rest of the deck lies (105 + 1) /
    (24 + 1) cards down, each card a geometric wait: a little less than the chain's wait."""
    exact = Fraction(106, 25) / odds.new_card_chance(C)
    assert exact == Fraction(5724, 725) < odds.turns_to_first_business(C)
    rng = np.random.default_rng(3)
    waits = [sampling.wait_for_rating_zero(rng, C, replace=False) for _ in range(20_000)]
    assert abs(np.mean(waits) - exact) < 4 * np.std(waits) / np.sqrt(len(waits))


def test_a_reality_card_brings_a_third_of_a_hip_coin_at_a_table_of_three():
    assert odds.reality_coins(C, players=3) == Fraction(30 + 18 + 4 * 2 - 18 - 20, 54)
    assert odds.reality_coins(C, players=3, businesses=3) == odds.reality_coins(C, players=3)


def test_the_share_of_cards_one_could_build():
    assert odds.buildable_share(C, ["Laundromat 1", "Taco Stand 1", "Bakery 1"], 1) == (
        Fraction(2, 3))
    assert odds.buildable_share(C, [], 0) == 0
    assert len(odds.buildable(C, 9)) == 108


def test_the_odds_panel_reads_what_the_viewer_can_see():
    game = tabletop.new_game("hip_town", players=["Ann", "Bob"], seed=3)
    game.arrange(hands={"Ann": ["Laundromat 1", "Speakeasy 1"], "Bob": ["Bakery 1"]},
                 neighbourhoods={"Ann": {"A1": "Food Truck 1"}})
    view = game.view("Ann")
    hidden = odds.out_of_sight(C, view)
    assert len(hidden) == 108 - 3 and "Bakery 1" in hidden and "Laundromat 1" not in hidden
    lines = dict(odds.upcoming(C, view))
    assert lines["The next roll shows a Property face"] == Fraction(3, 8)
    share = next(p for what, p in lines.items() if what.startswith("A card out of Ann's"))
    assert share == odds.buildable_share(C, hidden, 1)
    assert odds.upcoming(C, game.view(None))[-1][0].startswith("A roll turns over")


def test_a_lone_builder_needs_ten_turns_at_least_and_the_chain_agrees_with_a_simulation():
    builder = odds.LoneBuilder.of(C)
    assert sum(builder.start().values()) == 1
    assert builder.start()[(0, 0, (1, 2, 3))] == Fraction(18 * 16 * 14, comb(108, 3))
    exact = builder.expected_turns()
    law = builder.turns()
    assert min(t for t, p in law.items() if p > 0) == 10
    assert abs(sum(t * p for t, p in law.items()) - float(exact)) < 0.1  # horizon cut off
    # the same model played card by card (the walkthrough's classroom simulation)
    assert check(exact, estimate_mean(lambda rng: lone_builder(rng, C, builder.cap), 4_000,
                                      seed=3))


def test_the_kit_auction_on_paper_and_the_second_price_auction():
    assert odds.english_auction(C, [5, 3]) == (0, 3)     # the loser's last bid was 2
    assert odds.english_auction(C, [3, 5]) == (1, 4)     # the loser bid 3: the winner pays 4
    assert odds.english_auction(C, [0, 0]) is None
    assert odds.second_price([5, 3]) == (0, 3) == odds.second_price([5, 3, 0])
    assert odds.second_price([0, 4]) == (1, 1)
    for caps in ([7, 2, 9], [4, 4], [1, 6, 6, 2]):
        winner, price = odds.english_auction(C, caps)
        assert caps[winner] == max(caps)
        assert odds.second_price(caps)[1] <= price <= odds.second_price(caps)[1] + C.step
    coins = Dist.uniform(range(8))
    english = odds.auction_price([coins, coins], you=5, content=C)
    sealed = odds.auction_price([coins, coins], you=5, sealed=True, content=C)
    assert sum(english.values()) == 1 and sum(sealed.values()) == 1
    assert english.p(lambda o: o[0] == "you") >= sealed.p(lambda o: o[0] == "you")
    assert sum(p * price for (_, price), p in english.items()) > sum(
        p * price for (_, price), p in sealed.items())


def test_a_neighbourhood_filled_at_random_and_its_destination_bonus():
    exact = odds.random_neighbourhood(C)
    assert exact["lots"]["A3"] > exact["lots"]["A2"] > exact["lots"]["A1"] == exact["lots"]["B5"]
    assert exact["bonus"] >= 5 * exact["a Destination group"]
    frame = Frame(C.rows, C.columns)
    cards = list(C.property)

    def town(rng: np.random.Generator) -> bool:
        drawn = [cards[k] for k in rng.choice(len(cards), 10, replace=False)]
        return bool(score(C, frame, drawn).destinations)

    assert check(exact["a Destination group"], estimate(town, 6_000, seed=4))


def test_rule_8_a_shortfall_of_coins_is_a_geometric_wait_not_the_shortfall_over_the_mean():
    """Rule 8: coins come a Hip Coin face at a time, so 4 HC short takes one paying roll."""
    pay = odds.faces(C, "coins").p("coins")
    assert odds.rolls_to_coins(C, 4) == 1 / pay == Fraction(8, 3)
    assert odds.rolls_to_coins(C, 4) != 4 / odds.coins_per_roll(C).mean()
    assert odds.rolls_to_coins(C, 6) == 2 / pay
    assert odds.rolls_to_coins(C, 0) == 0
    assert check(odds.rolls_to_coins(C, 7),
                 estimate_mean(lambda rng: rolls_to_coins(rng, C, 7), 20_000, seed=3))


def test_the_lone_builder_without_its_approximations_is_a_little_quicker():
    """The chain caps the cards waiting and draws as if with replacement; letting more cards
    wait lowers its mean, and the game's own deal (no cap, no replacement) is quicker still."""
    six, seven = (odds.LoneBuilder.of(C, cap=cap).expected_turns() for cap in (6, 7))
    assert seven < six
    rng = np.random.default_rng(4)
    dealt = [lone_builder(rng, C, cap=None, replace=False) for _ in range(3_000)]
    assert min(dealt) >= C.lots and np.mean(dealt) < float(six)


def test_a_bidders_cap_is_their_coins_but_never_above_their_value():
    coins = Dist({2: Fraction(1, 2), 9: Fraction(1, 2)})
    assert dict(odds.caps(coins, 5)) == {2: Fraction(1, 2), 5: Fraction(1, 2)}


def test_the_mean_price_counts_an_unsold_card_at_nothing_and_surplus_only_your_wins():
    sale = Dist({("you", 3): Fraction(1, 4), ("rival", 4): Fraction(1, 4),
                 (None, 0): Fraction(1, 2)})
    assert odds.mean_price(sale) == Fraction(7, 4)
    assert odds.surplus(sale, 6) == Fraction(3, 4)  # (6 - 3) when you win, a quarter of the time


def lesson_chain(cap: int) -> dict:
    """The lone builder's chain as lesson 2 writes it out in view (lesson_2.ipynb,
    the cells defining ``settle`` and ``turn``), run with ``cap``. The lesson solves the kit's
    steps in view and checks its solve against the kit's; this checks the steps themselves."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    wanted = {"settle", "turn"}
    found = [node for cell in cells if cell["cell_type"] == "code"
             for node in ast.parse("".join(cell["source"])).body
             if isinstance(node, ast.FunctionDef) and node.name in wanted]
    assert sorted(node.name for node in found) == sorted(wanted)
    space = {"C": C, "q": odds.new_card_chance(C), "CAP": cap, "Counter": Counter,
             "Fraction": Fraction, "ratings": Dist.from_weights(Counter(
                 card.rating for card in C.property.values()))}
    exec(compile(ast.Module(body=found, type_ignores=[]), str(NOTEBOOK), "exec"), space)
    return space


def test_lesson_2s_lone_builder_chain_is_the_kits_model():
    for cap in (2, 6):
        builder, chain = odds.LoneBuilder.of(C, cap=cap), lesson_chain(cap)
        assert all(chain["turn"](s) == step for s, step in builder.steps.items()
                   if s[0] < C.lots)
    chain = lesson_chain(6)
    for choice_as in ("coins", "reality"):
        new, builder = odds.new_card_chance(C, choice_as), odds.LoneBuilder.of(C, choice_as)
        assert all(chain["turn"](s, new) == step for s, step in builder.steps.items()
                   if s[0] < C.lots)


def test_random_neighbourhoods_count_what_the_towns_drawn_one_by_one_give():
    rng = np.random.default_rng(5)
    towns = [sampling.random_neighbourhood(rng, C) for _ in range(300)]
    counted = sampling.random_neighbourhoods(np.random.default_rng(5), 300, C)
    for what in ("a Destination group", "every type"):
        assert counted[what].trials == 300
        assert counted[what].successes == sum(town[what] for town in towns)
    for lot, seen in counted["lots"].items():
        assert seen.successes == sum(lot in town["lots"] for town in towns)


def test_a_reality_charge_is_paid_only_as_far_as_the_purse_goes() -> None:
    # lesson 1's Ann: 3 businesses, 2 HC; a charge above her purse costs her only the purse
    def by_card(card):
        amount = card.figures.get("amount", 0)
        per = min(amount * 3, card.figures.get("most", amount * 3))
        paid = {"collect": amount, "collect_from_each": 2 * amount, "pay": -amount,
                "pay_per_business": -per, "collect_per_business": per}.get(card.effect, 0)
        return max(paid, -2)
    expected = Fraction(sum(by_card(card) for card in C.reality.values()), len(C.reality))
    assert odds.reality_coins(C, players=3, businesses=3, purse=2) == expected
    assert expected > odds.reality_coins(C, players=3, businesses=3)
    assert odds.reality_coins(C, players=3, businesses=3, purse=10**6) == odds.reality_coins(
        C, players=3, businesses=3)
