"""The bots of Hitchiker's paired studies: each is the heuristic bot with one choice switched."""

from __future__ import annotations

from tabletop.games.hitchiker.bots import (
    AcceptBot,
    BuyBot,
    FixedStakeBot,
    HomeBot,
    SellBot,
    StakeBot,
)
from tabletop.games.hitchiker.studies import rent_received
from widgets.hitchiker.lessons import scripted_table, turn_from


def choose(bot, game):
    return bot.choose(game.view(game.decision.player), game.legal_actions())


def at_black_market(cash: int = 100_000):
    game = scripted_table(dice=[1, 1, 5, 4], players=("Ann", "Bob", "Cy"), cash={"Ann": cash})
    turn_from(game, "Podunk")  # 1 + 1: Back Alley, a Black Market
    return game


def test_stake_bot_stakes_its_share_or_makes_no_deal():
    game = at_black_market()
    assert choose(StakeBot(share=1.0), game) == 100_000
    assert choose(StakeBot(share=0.5), game) == 50_000
    assert choose(StakeBot(share=0.0), game) == "no deal"


def test_fixed_stake_bot_stakes_its_amount_only_below_its_cash_limit():
    assert choose(FixedStakeBot(stake=10_000), at_black_market(100_000)) == 10_000
    assert choose(FixedStakeBot(stake=10_000, below=129_352), at_black_market(100_000)) == 10_000
    assert choose(FixedStakeBot(stake=10_000, below=129_352), at_black_market(200_000)) == "no deal"


def test_accept_bot_takes_exactly_its_totals():
    game = at_black_market()
    game.apply(10_000)
    game.apply("roll", player="Bob")  # 5 + 4 = 9: 5,000 dollars a unit
    assert choose(AcceptBot(accept=frozenset({9})), game) == "accept"
    assert choose(AcceptBot(), game) == "decline"


def test_fixed_stake_bot_takes_its_own_totals():
    game = at_black_market()
    game.apply(10_000)
    game.apply("roll", player="Bob")  # 5 + 4 = 9: 5,000 dollars a unit
    every_but_7 = frozenset({2, 3, 4, 5, 6, 8, 9, 10, 11, 12})
    assert choose(FixedStakeBot(stake=10_000, accept=every_but_7), game) == "accept"
    assert choose(FixedStakeBot(stake=10_000), game) == "decline"  # the heuristic bot's totals


def test_home_bot_starts_on_its_hometown_when_free():
    import tabletop
    game = tabletop.new_game("hitchiker", players=["Ann", "Bob"], seed=3)
    assert choose(HomeBot(prefer="Whistle Stop"), game) == "Whistle Stop"


def test_buy_bot_buys_any_price_that_keeps_its_reserve():
    game = scripted_table(dice=[1, 1, 6], cash={"Ann": 45_000})  # Mudflat at 30,000
    turn_from(game, "Smash Ville")
    assert choose(BuyBot(), game) == "buy"


def test_sell_bot_carries_on_from_a_cheap_sell_city():
    game = scripted_table(dice=[1, 1], contraband={"Ann": 6})
    turn_from(game, "Back Alley")  # 1 + 1: Pawn Springs, the cheapest Sell city
    assert choose(SellBot(least=20_000), game) == 0
    assert choose(SellBot(least=10_000), game) == 6


def test_rent_received_counts_the_rent_paid_to_the_owner():
    game = scripted_table(dice=[1, 1, 4, 5])  # Ann onto Bob's Hicksburg, the rent 4 + 5
    turn_from(game, "Bent Axle")
    assert rent_received(game, "Bob") == 9_000
    assert rent_received(game, "Ann") == 0


def test_stake_worth_is_a_straight_line_in_the_stake_and_falls_with_the_cash_carried():
    from tabletop.games.hitchiker.bots import GOOD_DEALS
    from tabletop.games.hitchiker.odds import stake_worth

    worth = [stake_worth(GOOD_DEALS, s, 100_000) for s in (10_000, 20_000, 30_000)]
    assert abs((worth[2] - worth[1]) - (worth[1] - worth[0])) < 1e-6
    assert worth[1] > worth[0]  # each dollar staked adds to the model's worth
    assert stake_worth(GOOD_DEALS, 10_000, 200_000) < stake_worth(GOOD_DEALS, 10_000, 100_000)
