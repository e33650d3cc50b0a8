"""Hip Town's whole-game lesson models (tabletop/games/hip_town/studies.py): the Choice-face
policies and the bot games watched at their auctions."""

from __future__ import annotations

import tabletop
from tabletop import Script
from tabletop.core.content import game_content
from tabletop.core.play import bot_move
from tabletop.games.hip_town.bots import HeuristicBot
from tabletop.games.hip_town.content import build
from tabletop.games.hip_town.studies import ChoiceBot, auction_study, choice_bot, policy_games

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
