"""Hip Town's whole-game lesson models (tabletop/games/hip_town/studies.py): the Choice-face
policies and the bot games watched at their auctions."""

from __future__ import annotations

from collections import Counter

import tabletop
from tabletop import Script
from tabletop.core.content import game_content
from tabletop.core.play import bot_move
from tabletop.games.hip_town import odds
from tabletop.games.hip_town.bots import BidCapBot, HeuristicBot, TypeBlindBot
from tabletop.games.hip_town.content import build
from tabletop.games.hip_town.studies import (
    ChoiceBot,
    _first_business_wait,
    auction_purses,
    auction_study,
    choice_bot,
    first_business_waits,
    policy_games,
)
from tabletop.odds import Dist
from tabletop.sim import derived_seed

C = game_content("hip_town", build)


def test_the_kit_rule_is_the_heuristic_bot_and_a_policy_is_a_choice_bot():
    assert type(choice_bot("kit rule", 1)) is HeuristicBot
    bot = choice_bot("property", 1)
    assert isinstance(bot, ChoiceBot) and bot.policy == "property"


def choice_of(bot: ChoiceBot, hand: list[str]) -> str:
    """What ``bot`` takes on the Choice face when Ann holds ``hand`` beside one business."""
    game = tabletop.new_game("hip_town", players=["Ann", "Bob", "Cy"], seed=1,
                             script=Script(dice=[C.faces.index("choice") + 1]))
    game.arrange(hands={"Ann": hand, "Bob": [], "Cy": []},
                 neighbourhoods={"Ann": {"A1": "Laundromat 1"}})
    game.apply("roll")
    return bot_move(game, bot)


def test_property_if_nothing_to_build_takes_coins_when_a_card_in_hand_can_be_built():
    bot = ChoiceBot(0, "property if nothing to build")
    assert choice_of(bot, ["Bike Repair 1"]) == "Take the Hip Coins"  # rating 1, one built
    assert choice_of(bot, ["Dog Groomer 1"]) == "Take a Property card"  # rating 3: must wait


def test_policy_games_give_one_row_a_game_the_same_on_one_core_or_two():
    one = policy_games("coins", 2, seed=3, workers=1)
    assert list(one.columns) == ["won", "hip_points", "coins"] and len(one) == 2
    assert one.equals(policy_games("coins", 2, seed=3, workers=2))


def test_the_auction_study_records_each_sale_below_or_at_its_bidders_coins():
    coins, sales = auction_study(2, seed=5)
    assert abs(sum(coins.values()) - 1) == 0
    assert (sales["price"] >= 1).all() and set(sales.columns) == {"cost", "price"}


def test_the_auction_purses_are_the_auction_studys_law_game_by_game():
    purses, auctions = auction_purses(3, seed=5)
    coins, pooled = auction_study(3, seed=5)
    assert len(purses) == 3 and coins == Dist.from_weights(sum(purses, Counter()))
    assert pooled.equals(auctions.query("sold")[["cost", "price"]])


def test_the_auction_purses_count_every_bidder_even_one_who_cannot_open():
    """A bidder with 0 HC drops out before being asked; the law once left such a first
    bidder out and held half the empty purses it should."""
    purses, auctions = auction_purses(20, seed=109)
    assert (auctions["purses"].map(len) == 2).all()
    assert sum(sum(game.values()) for game in purses) == 2 * len(auctions)
    assert any(held[0] == 0 for held in auctions["purses"])   # a first bidder with nothing


def test_each_recorded_auction_run_again_on_paper_gives_the_price_paid():
    _, auctions = auction_purses(10, seed=109)
    for row in auctions.itertuples():
        sale = odds.english_auction(C, [min(held, row.cost - 1) for held in row.purses])
        assert (0 if sale is None else sale[1]) == row.price and row.sold == (sale is not None)


def test_property_when_stuck_waits_for_the_purse_it_is_given():
    stuck = ["Dog Groomer 1"]   # rating 3 beside one business: nothing can be built
    assert choice_of(ChoiceBot(0, "property if nothing to build", purse=99), stuck) == (
        "Take the Hip Coins")
    assert choice_of(ChoiceBot(0, "property if nothing to build", purse=0), stuck) == (
        "Take a Property card")


def test_property_from_a_purse_looks_at_the_purse_only():
    can_build = ["Bike Repair 1"]   # rating 1 beside one business: it could be built now
    start = sum(v * n for v, n in C.start_pogs.items())   # the coins Ann holds at the start
    assert choice_of(ChoiceBot(0, "property from purse", purse=start), can_build) == (
        "Take a Property card")
    assert choice_of(ChoiceBot(0, "property from purse", purse=start + 1), can_build) == (
        "Take the Hip Coins")


def auction_at(bot: HeuristicBot, coins: int) -> str:
    """What ``bot`` (Bob, bidding after Ann) does when Cy turns over a Bakery (cost 6) she cannot
    pay for, once Ann's raises have brought the least bid allowed to ``coins``."""
    game = tabletop.new_game("hip_town", players=["Cy", "Ann", "Bob"], seed=7,
                             script=Script(dice=[C.faces.index("property") + 1]))
    game.arrange(coins={"Cy": 0, "Bob": 9, "Ann": 9}, property_deck=["Bakery 1"])
    game.apply("roll")
    while game.decision.player != "Bob" or game.view("Bob")["decision"]["amount"][0] < coins:
        low = game.view(game.decision.player)["decision"]["amount"][0]
        game.apply(low)
    return bot_move(game, bot)


def test_bidding_up_to_the_cost_goes_one_step_further_than_the_heuristic_bot():
    assert auction_at(HeuristicBot(0), 4) == 4 and auction_at(HeuristicBot(0), 6) == "pass"
    assert auction_at(BidCapBot(0, margin=0), 6) == 6
    assert auction_at(BidCapBot(0, margin=0), 8) == "pass"
    assert auction_at(BidCapBot(0, margin=2), 8) == 8


def test_the_type_blind_bot_builds_on_the_first_legal_lot_whatever_its_neighbours():
    game = tabletop.new_game("hip_town", players=["Ann", "Bob", "Cy"], seed=1,
                             script=Script(dice=[C.faces.index("coins") + 1]))
    game.arrange(hands={"Ann": ["Ramen Bar 1"], "Bob": [], "Cy": []},
                 neighbourhoods={"Ann": {"A2": "Laundromat 1", "B2": "Food Truck 1"}})
    game.apply("roll")
    blind, usual = bot_move(game, TypeBlindBot(0)), bot_move(game, HeuristicBot(0))
    assert game.view("Ann")["decision"] and blind != usual
    assert "A1" in str(blind)


def dealt_rating_zero(seed: int) -> bool:
    game = tabletop.new_game("hip_town", players=["Ann", "Bob", "Cy"], seed=seed)
    return any(card["rating"] == 0 for card in game.view("Ann")["hand"])


def test_the_first_business_wait_passes_over_a_deal_that_gives_ann_a_rating_zero_card():
    seed = next(derived_seed(7, g) for g in range(50) if dealt_rating_zero(derived_seed(7, g)))
    assert _first_business_wait("auction", seed) is None


def test_the_first_business_waits_count_the_turns_of_deals_with_no_rating_zero_card():
    kept = [derived_seed(7, g) for g in range(60) if not dealt_rating_zero(derived_seed(7, g))]
    waits = first_business_waits("auction", 5, seed=7)
    assert len(waits) == 5 and (waits.turns >= 1).all()
    assert list(waits.itertuples(index=False, name=None)) == [
        _first_business_wait("auction", s) for s in kept[:5]]
