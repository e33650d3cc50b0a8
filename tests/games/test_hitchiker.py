"""Hitchiker: one test per rule of RULES.md section 1 A, plus B proposals, options, bad input."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import tabletop
from tabletop import ContentError, IllegalAction, OptionError, Script
from tabletop.core.content import content_path, load_content
from tabletop.games.hitchiker.blackjack import hand_total
from tabletop.games.hitchiker.content import build, kit_content

TOWNS = {"Ann": "Podunk", "Bob": "Hicksburg", "Cy": "Tumbleweed"}
PODUNK, HICKSBURG, MUDFLAT = 0, 16, 5


def edition(tmp_path, *changes):
    """A house edition of content.toml with each (old, new) line replaced; its path."""
    text = content_path("hitchiker").read_text()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "house.toml"
    path.write_text(text)
    return str(path)


def start(dice=(), players=("Ann", "Bob"), orders=(), **options):
    """Ann rolls highest and goes first; everyone takes their Hometown of TOWNS."""
    first = [6, 6] + [1, 1] * (len(players) - 1)
    g = tabletop.new_game("hitchiker", players=list(players), seed=1,
                          script=Script(dice=first + list(dice), orders=[None, *orders]),
                          **options)
    for p in players:
        if p in g.seated:
            g.apply(TOWNS[p], player=p)
    return g


def move(g, at, player="Ann"):
    """Stage ``player`` on city ``at`` and roll for the turn."""
    g.arrange(position={player: at})
    g.apply("roll", player=player)


def kinds(g, since=0):
    return [e.kind for e in g.events[since:] if e.kind not in ("roll", "arrange")]


def cash(g, p):
    return g.money[g.cash[p]]


def pouch(g, p):
    return g.money[g.pouch[p]]


def test_rule_1_savings_win():
    g = start([1, 1])
    g.arrange(savings={"Ann": 240_000})
    move(g, 40)  # lands on Podunk: welfare, then a deposit decision
    g.apply(10_000)
    assert g.is_over and g.result.winners == ("Ann",)
    assert "Bank Pouch" in g.result.reason


def test_rule_2_cash_win():
    g = start([1, 1])
    g.arrange(cash={"Ann": 49_990_000})
    move(g, 40)  # the welfare cheque reaches $50,000,000 before any deposit
    assert g.is_over and g.result.winners == ("Ann",)
    assert "travelling cash" in g.result.reason


def test_rule_3_banker_is_a_bank_account_and_plays():
    g = start()
    assert g.money["bank"] == -50_000 and g.money.total() == 0
    assert g.decision.player == "Ann" and g.decision.kind == "turn"


def test_rule_4_start_money():
    g = start()
    assert (cash(g, "Ann"), pouch(g, "Ann"), cash(g, "Bob"), pouch(g, "Bob")) == (25_000, 0) * 2


def test_rule_5_highest_roll_first_ties_roll_again():
    g = tabletop.new_game("hitchiker", players=["Ann", "Bob", "Cy"], seed=1,
                          script=Script(dice=[2, 1, 6, 5, 5, 6, 1, 1, 4, 4]))
    assert g.first == "Cy" and g.decision.player == "Cy"
    assert [e.kind for e in g.events if e.kind == "tie"] == ["tie"]


def test_rule_6_hometowns_in_turn_order():
    g = tabletop.new_game("hitchiker", players=["Ann", "Bob", "Cy"], seed=1,
                          script=Script(dice=[1, 1, 6, 6, 2, 2]))
    assert g.decision.player == "Bob" and len(g.decision.choices) == 8
    g.apply("Podunk")
    assert g.decision.player == "Cy" and "Podunk" not in g.decision.choices
    assert g.owner[PODUNK] == "Bob" and g.pos["Bob"] == PODUNK


def test_rule_7_roll_and_move_clockwise():
    g = start([1, 2])
    move(g, 0)
    assert g.pos["Ann"] == 3 and g.decision.kind == "sing"


def test_rule_8_deposit_limits_pass_and_land():
    g = start([2, 3, 1, 1])
    g.arrange(cash={"Ann": 100_000}, misses_turn={"Bob": True})
    move(g, 40)  # passes Podunk
    assert g.decision.kind == "deposit" and g.decision.amount.high == 20_000
    g.apply(0)
    g.apply("sing")
    move(g, 40)  # lands on Podunk
    assert g.decision.amount.high == 50_000


def test_rule_8_a_deposit_may_be_all_the_cash_between_the_steps():
    g = start([1, 1])
    g.arrange(cash={"Ann": 10_500})
    move(g, 40)  # lands on Podunk: $10,000 of welfare, then up to $50,000 may be deposited
    assert (g.decision.amount.low, g.decision.amount.high) == (0, 20_000)
    assert g.decision.values == {"all": 20_500} and "All $20,500" in g.decision.label("all")
    g.apply("all")
    assert (cash(g, "Ann"), pouch(g, "Ann")) == (0, 20_500)


def test_rule_9_only_travelling_cash_is_staked():
    g = start([1, 1])
    g.arrange(cash={"Ann": 25_000}, savings={"Ann": 100_000})
    move(g, 0)  # Black Market at 2
    assert g.decision.kind == "deal" and g.decision.amount.high == 25_000


def test_rule_10_pouch_untouched_by_ordinary_debts():
    g = start([1, 1, 6, 6])
    g.arrange(hometowns={"Mudflat": "Bob"}, cash={"Ann": 5_000}, savings={"Ann": 50_000})
    move(g, 3)  # rent of $12,000 with only $5,000 of cash
    assert pouch(g, "Ann") == 50_000 and cash(g, "Bob") == 30_000


def test_rule_11_welfare_when_passing():
    g = start([2, 3])
    move(g, 40)
    assert cash(g, "Ann") == 35_000 and g.decision.kind == "deposit"


def test_rule_12_rent_to_owner():
    g = start([1, 1, 6, 5])
    g.arrange(hometowns={"Mudflat": "Bob"})
    move(g, 3)
    assert cash(g, "Ann") == 14_000 and cash(g, "Bob") == 36_000


def test_rule_13_unowned_hometown_can_be_bought():
    g = start([1, 2, 3])
    move(g, 7)
    assert g.decision.kind == "buy" and g.offer == {"city": "Dustbowl Junction", "price": 15_000}
    g.apply("buy")
    assert g.owner[10] == "Ann"


def test_rule_14_multi_branch_banking():
    g = start([3, 4])
    g.arrange(hometowns={"Mudflat": "Ann"}, cash={"Ann": 200_000})
    move(g, 40)
    g.apply(20_000)
    assert g.decision.amount.high == 50_000
    g.apply(50_000)
    assert pouch(g, "Ann") == 70_000 and cash(g, "Ann") == 200_000 + 20_000 - 70_000


def test_rule_15_buying_is_optional():
    g = start([1, 2, 3])
    move(g, 7)
    g.apply("pass")
    assert g.owner[10] is None and cash(g, "Ann") == 25_000


def test_rule_16_price_is_rolled_first():
    g = start([1, 2, 5])
    move(g, 7)
    rolls = [e for e in g.events if e.kind == "roll"]
    assert rolls[-1].data["what"] == "1d6" and g.offer["price"] == 25_000


def test_rule_17_no_credit_for_a_hometown():
    g = start([1, 2, 6])
    g.arrange(cash={"Ann": 10_000})
    move(g, 7)
    assert g.decision.player == "Bob" and g.owner[10] is None
    assert cash(g, "Ann") == 10_000


def test_rule_18_deposit_right_after_buying_no_welfare():
    g = start([1, 2, 1])
    move(g, 7)
    g.apply("buy")
    assert g.decision.kind == "deposit" and g.decision.amount.high == 20_000
    assert cash(g, "Ann") == 20_000


def test_rule_19_order_of_occurrence():
    g = start([6, 4], orders=[])
    g.arrange(bad_ride=["jail"], hometowns={"Mudflat": "Ann"})
    n = len(g.events)
    move(g, 40)
    g.apply(0)
    g.apply(0)
    assert kinds(g, n)[:3] == ["welfare", "welfare", "land"] or kinds(g, n)[:5] == [
        "welfare", "welfare", "land", "bad_ride", "lose_turn"]
    order = [k for k in kinds(g, n) if k in ("welfare", "deposit", "bad_ride")]
    assert order == ["welfare", "welfare", "bad_ride"]


def test_rule_20_smash_ville_sing():
    g = start([1, 2])
    move(g, 0)
    assert g.decision.choices == ("sing",)
    g.apply("sing")
    assert cash(g, "Ann") == 75_000


def test_rule_21_smell_gaso():
    g = start([1, 1, 3, 4])
    move(g, 9)
    assert cash(g, "Ann") == 60_000


def test_rule_22_saysno():
    g = start([1, 1, 6, 6])
    move(g, 17)
    assert cash(g, "Ann") == 85_000


def test_rule_23_corpus_risky_death():
    g = start([1, 1, 5, 6])
    move(g, 11)
    shark = [e for e in g.events if e.kind == "shark"][-1]
    assert shark.data["p"] == Fraction(2, 9)
    assert g.dead == "Ann" and g.decision.kind == "hometown" and cash(g, "Bob") == 50_000


def test_rule_24_bagstuff_pays_the_right():
    g = start([1, 1], players=("Ann", "Bob", "Cy"))
    move(g, 26)
    assert cash(g, "Cy") == 50_000 and cash(g, "Ann") == 0


def test_rule_25_remindya_odd_roll_escapes():
    g = start([1, 1, 2, 2, 1, 2, 3, 3, 2, 1, 1])
    g.arrange(misses_turn={"Bob": True})
    move(g, 21)
    assert "Ann" in g.stuck
    g.apply("roll")  # Bob misses his turn; Ann rolls an even 4
    assert g.pos["Ann"] == 23 and "Ann" in g.stuck
    move(g, HICKSBURG, player="Bob")  # Bob to Saysno
    g.apply("roll")  # Ann's odd 3: out, to Whistle Stop
    assert g.pos["Ann"] == 26 and "Ann" not in g.stuck


def test_rule_26_stock_wood_units():
    g = start([1, 1, 4, 5])
    move(g, 31)
    assert g.units["Ann"] == 9


def test_rule_27_dead_player_loses_everything():
    g = start([1, 1, 3, 4])
    g.arrange(cash={"Ann": 40_000}, savings={"Ann": 30_000}, contraband={"Ann": 7})
    move(g, 11)
    assert (cash(g, "Ann"), pouch(g, "Ann"), g.units["Ann"]) == (0, 0, 0)


def test_rule_28_poorest_inherits():
    g = start([1, 1, 3, 4], players=("Ann", "Bob", "Cy"))
    g.arrange(cash={"Ann": 40_000, "Bob": 50_000, "Cy": 5_000}, savings={"Ann": 30_000},
              contraband={"Ann": 7})
    move(g, 11)
    assert cash(g, "Cy") == 5_000 + 40_000 + 30_000 and g.units["Cy"] == 7


def test_rule_28_heir_reaching_a_goal_still_takes_the_whole_estate():
    g = start([1, 1, 3, 4])
    g.arrange(cash={"Ann": 49_990_000}, savings={"Ann": 100_000})
    move(g, 11)  # the cash alone lifts Bob past $50,000,000; the savings follow it
    assert g.is_over and g.result.winners == ("Bob",)
    assert (cash(g, "Ann"), pouch(g, "Ann")) == (0, 0)
    assert cash(g, "Bob") == 25_000 + 49_990_000 + 100_000


def test_rule_29_hometowns_return_to_bank():
    g = start([1, 1, 3, 4])
    g.arrange(hometowns={"Mudflat": "Ann"})
    move(g, 11)
    assert g.owner[PODUNK] is None and g.owner[MUDFLAT] is None


def test_rule_30_responsible_player_inherits():
    g = start([1, 1, 3, 4], players=("Ann", "Bob", "Cy"))
    g.arrange(cash={"Cy": 0})
    move(g, 0)
    g.apply(10_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert cash(g, "Bob") == 50_000 and cash(g, "Cy") == 0


def test_rule_31_reincarnation():
    g = start([1, 1, 3, 4])
    move(g, 11)
    assert "Podunk" in g.decision.choices and "Hicksburg" not in g.decision.choices
    g.apply("Whistle Stop")
    assert g.pos["Ann"] == 26 and g.owner[26] == "Ann" and cash(g, "Ann") == 25_000
    assert g.deaths["Ann"] == 1 and g.dead is None


def test_rule_32_join_mid_game():
    g = start(players=("Ann", "Bob", "Cy"), late_joiners=1)
    assert g.away == ["Cy"] and "join:Cy" in g.decision.choices
    g.apply("join:Cy")
    assert g.decision.player == "Cy" and g.decision.kind == "hometown"
    g.apply("Backwater")
    assert cash(g, "Cy") == 25_000 and g.owner[37] == "Cy" and g.decision.choices == ("roll",)


def test_rule_33_black_market_is_optional_stake_on_board():
    g = start([1, 1])
    move(g, 0)
    assert "no deal" in g.decision.choices
    g.apply(20_000)
    assert g.money["table"] == 20_000 and cash(g, "Ann") == 5_000


def test_rule_34_player_on_the_left_rolls():
    g = start([1, 1], players=("Ann", "Bob", "Cy"))
    move(g, 0)
    g.apply(10_000)
    assert g.decision.player == "Bob" and g.decision.kind == "roll"


def test_rule_35_three_rolls_the_third_forced():
    g = start([1, 1, 5, 6, 3, 4, 6, 6], players=("Ann", "Bob", "Cy"))
    move(g, 0)
    g.apply(10_000)
    g.apply("roll", player="Bob")
    g.apply("decline")
    g.apply("roll", player="Cy")
    g.apply("decline")
    assert g.decision.player == "Bob"  # the rollers cycle to the left
    g.apply("roll")
    assert g.decision.choices == ("accept",)
    g.apply("accept")
    assert g.units["Ann"] == 10  # free units from the 12, not the declined 7


def test_rule_36_price_buys_what_the_stake_allows():
    g = start([1, 1, 4, 5])
    move(g, 0)
    g.apply(12_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert g.units["Ann"] == 2 and cash(g, "Ann") == 25_000 - 10_000


def test_rule_37_free_units_keep_money():
    g = start([1, 1, 1, 1])
    move(g, 0)
    g.apply(20_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert g.units["Ann"] == 20 and cash(g, "Ann") == 25_000


def test_rule_37_free_units_count_the_free_unit_stake_not_the_stake_step(tmp_path):
    house = edition(tmp_path, ("stake_step = 1_000", "stake_step = 5_000"))
    g = start([1, 1, 1, 1], content=house)
    move(g, 0)
    assert g.decision.amount.step == 5_000
    g.apply(20_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert g.units["Ann"] == 20 and cash(g, "Ann") == 25_000  # one unit per $1,000 staked


def test_rule_38_ripped_off_stake_to_roller():
    g = start([1, 1, 5, 6])
    move(g, 0)
    g.apply(20_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert cash(g, "Bob") == 45_000 and cash(g, "Ann") == 5_000


def test_rule_39_shootout_death_roller_inherits():
    g = start([1, 1, 3, 4], players=("Ann", "Bob", "Cy"))
    move(g, 0)
    g.apply(20_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert g.dead == "Ann" and cash(g, "Bob") == 50_000


def test_rule_40_sell_at_city_price():
    g = start([1, 1])
    g.arrange(contraband={"Ann": 20})
    move(g, 38)
    assert g.decision.kind == "sell" and g.decision.amount.high == 20
    g.apply(20)
    assert cash(g, "Ann") == 1_025_000 and g.units["Ann"] == 0


def test_rule_41_contraband_sold_only_at_sell_cities():
    g = start([1, 1, 3, 4])
    g.arrange(contraband={"Ann": 5})
    move(g, 9)  # Smell Gaso
    assert g.decision.player == "Bob" and g.units["Ann"] == 5


def test_rule_42_customs():
    g = start([1, 2])
    g.arrange(contraband={"Ann": 5}, cash={"Ann": 30_000}, savings={"Ann": 40_000})
    move(g, 4)
    assert g.units["Ann"] == 0 and cash(g, "Ann") == 0 and pouch(g, "Ann") == 20_000
    assert cash(g, "Bob") == 25_000 + 30_000 + 20_000


ROUND2 = ["2C", "3C", "4C", "5C", "KC", "KD", "KH", "KS", "QC"]


def test_rule_42_customs_beneficiary_reaching_a_goal_gets_the_half_savings_too():
    g = start([1, 1])
    g.arrange(cash={"Ann": 49_990_000}, savings={"Ann": 100_000}, contraband={"Ann": 3})
    move(g, 5)  # Checkpoint North
    assert g.is_over and g.result.winners == ("Bob",)
    assert cash(g, "Bob") == 25_000 + 49_990_000 + 50_000 and pouch(g, "Ann") == 50_000
    busted = next(e for e in g.events if e.kind == "customs")
    assert busted.text.startswith("Busted at Checkpoint North! The Banker takes 3 units;")


def casino(round1, players=("Ann", "Bob"), round2=ROUND2):
    """Ann lands on Lucky Gulch (6) with the first round's cards scripted (burn card first)."""
    g = start([1, 1], players=players, orders=[round1, round2])
    move(g, 4)
    return g


def test_rule_43_casino_lander_deals_two_rounds_for_all_with_money():
    g = casino(["2S", "5S", "6S", "7S", "9S"], players=("Ann", "Bob", "Cy"))
    assert g.casino.dealer == "Ann" and g.casino.rounds == 2
    assert [h.player for h in g.casino.hands] == ["Bob", "Cy", "Ann", "Ann"]


def test_rule_44_shuffle_and_burn():
    g = casino(["2S", "5S", "6S", "7S", "9S"])
    assert g.casino.pile[0] == "2S" and "2S" not in [c for h in g.casino.hands for c in h.cards]


def test_rule_45_deal_order_face_up():
    g = casino(["2S", "5S", "6S", "7S", "9S"])
    assert [h.cards for h in g.casino.hands] == [["5S"], ["6S"], ["7S"]]
    assert g.casino.house == ["9S"]
    assert g.view("Bob")["casino"]["hands"][1]["cards"] == ["6S"]


def play_round(g, bets, moves):
    for b in bets:
        g.apply(b)
    for m in moves:
        g.apply(m)


def test_rule_46_everyone_against_the_house():
    # Bob 10+9=19, Ann 10+8=18 and 10+7=17, house 10+8=18
    g = casino(["2S", "10S", "10H", "10D", "10C", "9S", "8S", "7S", "8H"])
    play_round(g, [1_000, 1_000, 1_000], ["stick", "stick", "stick"])
    assert cash(g, "Bob") == 27_000 and cash(g, "Ann") == 24_000


def test_rule_47_card_values():
    assert hand_total(["KS", "QH"]) == (20, False)
    assert hand_total(["AS", "6H"]) == (17, True)
    assert hand_total(["AS", "6H", "9C"]) == (16, False)
    assert hand_total(["AS", "AH", "9C"]) == (21, True)


def test_rule_48_bets_after_first_card_from_dealers_left():
    g = casino(["2S", "5S", "6S", "7S", "9S"])
    assert g.decision.player == "Bob" and g.decision.kind == "bet"
    assert (g.decision.amount.low, g.decision.amount.high) == (1_000, 25_000)
    g.apply(5_000)
    assert g.decision.player == "Ann"
    g.apply(20_000)
    assert g.decision.player == "Ann" and g.decision.amount.high == 5_000


def test_rule_48_all_the_cash_may_be_bet_between_the_steps():
    g = start([1, 1], orders=[["2S", "5S", "6S", "7S", "9S"], ROUND2])
    g.arrange(cash={"Bob": 25_500})
    move(g, 4)
    assert g.decision.player == "Bob" and g.decision.amount.high == 25_000
    assert g.decision.values == {"all": 25_500}
    with pytest.raises(IllegalAction):
        g.apply(24_500)  # between the steps, yet not all the cash
    g.apply("all")
    assert g.casino.hands[0].bet == 25_500 and cash(g, "Bob") == 0


def test_rule_48_bets_follow_the_content_bet_min_and_bet_step(tmp_path):
    house = edition(tmp_path, ("bet_min = 1_000", "bet_min = 2_000"),
                    ("bet_step = 1_000", "bet_step = 500"))
    g = start([1, 1], orders=[["2S", "5S", "6S", "7S", "9S"], ROUND2], content=house)
    move(g, 4)
    assert (g.decision.amount.low, g.decision.amount.high, g.decision.amount.step) == (
        2_000, 25_000, 500)
    g.apply(2_500)
    assert g.casino.hands[0].bet == 2_500


def test_rule_49_second_cards_house_waits():
    g = casino(["2S", "5S", "6S", "7S", "9S", "2H", "3H", "4H"])
    play_round(g, [1_000, 1_000, 1_000], [])
    assert [len(h.cards) for h in g.casino.hands] == [2, 2, 2] and g.casino.house == ["9S"]


def test_rule_50_hit_then_stick():
    g = casino(["2S", "2H", "9S", "10S", "7S", "3H", "10H", "10D", "2D", "3D", "10C"])
    play_round(g, [1_000, 1_000, 1_000], ["hit", "hit", "stick"])
    assert g.casino.hands[0].cards == ["2H", "3H", "2D", "3D"]


def test_rule_51_house_draws_to_17_stands_soft_17():
    g = casino(["2S", "10S", "10H", "10D", "5S", "9S", "9H", "9D", "AS", "AH"])
    play_round(g, [1_000, 1_000, 1_000], ["stick", "stick", "stick"])
    assert g.events[-3].data.get("cards") == ["5S", "AS", "AH"] or any(
        e.kind == "house" and e.data["cards"] == ["5S", "AS", "AH"] for e in g.events)


def test_rule_52_house_bust_and_push():
    # house 10 then 6 then 10: bust; every standing hand wins
    g = casino(["2S", "10S", "10H", "10D", "10C", "5S", "7S", "8S", "6S", "KS"])
    play_round(g, [1_000, 1_000, 1_000], ["stick", "stick", "stick"])
    settle = next(e for e in g.events if e.kind == "settle")
    assert settle.data["results"] == ["won", "won", "won"]
    assert cash(g, "Bob") == 27_000


def test_rule_53_payoffs_win_blackjack_loss():
    g = casino(["2S", "AS", "10H", "10D", "10C", "KS", "9S", "5S", "9C"])
    g.apply(1_000)  # Bob bets; his A + K is a blackjack paid at once
    g.apply(2_000)
    g.apply(3_000)
    assert cash(g, "Bob") == 30_000
    g.apply("stick")
    g.apply("stick")  # house 10 + 9 = 19: Ann's 19 pushes, her 15 loses
    assert cash(g, "Ann") == 25_000 - 3_000 and g.money["bank"] == -50_000 - 5_000 + 3_000


def test_rule_2_cash_win_mid_casino_round_hands_back_open_bets():
    # Bob's blackjack on $9,000,000 lifts him past $50,000,000 before Ann plays her hands
    g = start([1, 1], orders=[["2S", "AS", "10H", "10D", "10C", "KS", "9S", "5S"]])
    g.arrange(cash={"Bob": 10_000_000})
    move(g, 4)
    play_round(g, [9_000_000, 2_000, 3_000], [])
    assert g.is_over and g.result.winners == ("Bob",)
    assert g.money["table"] == 0 and cash(g, "Ann") == 25_000
    assert cash(g, "Bob") == 10_000_000 + 5 * 9_000_000
    assert [e.data["amount"] for e in g.events if e.kind == "bet_back"] == [5_000]
    assert g.view(None)["casino"] is None


def test_contraband_wording_singular_and_plural():
    g = start([1, 1, 3, 3])  # a 6 at the Black Market: $10,000 a unit
    move(g, 0)
    g.apply(12_000)
    g.apply("roll", player="Bob")
    g.apply("accept")
    assert g.events[-1].text == "Ann buys 1 unit at $10,000 each"
    assert g.view(None)["seats"][0]["contraband"] == 1


def test_rule_54_split():
    g = casino(["2S", "8S", "10H", "10D", "10C", "8H", "9S", "5S", "3C", "2C"])
    g.apply(1_000)
    g.apply(1_000)
    g.apply(1_000)
    assert "split" in g.decision.choices
    g.apply("split")
    hands = g.casino.hands
    assert hands[0].cards == ["8S", "3C"] and hands[1].cards == ["8H", "2C"]
    assert hands[1].bet == 1_000 and cash(g, "Bob") == 23_000


def test_rule_54_a_house_edition_may_forbid_doubling_after_a_split(tmp_path):
    round1 = ["2S", "8S", "10H", "10D", "10C", "8H", "9S", "5S", "3C", "2C"]
    for allowed in (True, False):
        house = edition(tmp_path, ("double_after_split = true",
                                   f"double_after_split = {str(allowed).lower()}"))
        g = start([1, 1], orders=[round1, ROUND2], content=house)
        move(g, 4)
        for bet in (1_000, 1_000, 1_000):
            g.apply(bet)
        g.apply("split")  # Bob's 8S 8H: the first hand is now 8S 3C
        assert ("double" in g.decision.choices) is allowed


def test_rule_55_double_down():
    g = casino(["2S", "6S", "10H", "10D", "10C", "5H", "9S", "5S", "9C"])
    play_round(g, [2_000, 1_000, 1_000], ["double"])
    hand = g.casino.hands[0]
    assert hand.cards == ["6S", "5H", "9C"] and hand.bet == 4_000 and hand.state == "stuck"


def test_rule_56_pay_what_you_have():
    g = start([1, 1], players=("Ann", "Bob", "Cy"))
    g.arrange(cash={"Ann": 10_000})
    move(g, 26)
    assert cash(g, "Cy") == 35_000 and any(e.kind == "broke" for e in g.events)


def test_rule_56_a_pouch_payment_short_of_the_sum_goes_broke():
    # B 11: a Bad Ride card naming the pouch takes savings; $5,000 of the $20,000 owed is all
    # the bank gets, and the bus takes Ann home with a $10,000 cheque (rule 57)
    g = start([1, 1])
    g.arrange(bad_ride=["hospital"], savings={"Ann": 5_000}, hometowns={"Mudflat": "Ann"})
    move(g, 6)  # Ditchwater, a Bad Ride city
    broke = next(e for e in g.events if e.kind == "broke")
    assert (broke.data["paid"], broke.data["owed"]) == (5_000, 20_000)
    assert g.decision.kind == "bus"
    g.apply("Mudflat")
    assert g.pos["Ann"] == MUDFLAT and (cash(g, "Ann"), pouch(g, "Ann")) == (35_000, 0)


def test_rule_57_bus_home_cheque_not_deposited():
    g = start([1, 1], players=("Ann", "Bob", "Cy"))
    g.arrange(hometowns={"Mudflat": "Ann"}, cash={"Ann": 10_000})
    move(g, 26)
    assert g.decision.kind == "bus" and set(g.decision.choices) == {"Podunk", "Mudflat"}
    g.apply("Mudflat")
    assert g.pos["Ann"] == MUDFLAT and cash(g, "Ann") == 10_000 and pouch(g, "Ann") == 0
    assert g.decision.player == "Bob"


def test_rule_58_broke_without_obligation_gets_nothing():
    g = start([1, 1])
    g.arrange(cash={"Ann": 0})
    move(g, 0)
    assert g.pos["Ann"] == 2 and cash(g, "Ann") == 0 and g.decision.player == "Bob"


def test_rule_59_bad_ride_top_card_and_reshuffle():
    g = start([1, 1, 1, 1, 1, 1], orders=[["gas"]])  # the reshuffle puts gas on top again
    g.arrange(bad_ride=["gas"], misses_turn={"Bob": True})
    move(g, 6)  # Bad Ride at 8: pay $5,000
    assert cash(g, "Ann") == 20_000 and g.bad_ride.discards[-1] == "gas" and not g.bad_ride.pile
    move(g, 6)  # the pile is empty: the used cards are shuffled again
    assert cash(g, "Ann") == 15_000
    assert [e.data["what"] for e in g.events if e.kind == "shuffle"][-1] == "Bad Ride cards"


# -- B proposals, options, bad input, content -------------------------------------------------

def test_b10_landing_on_own_hometown_pays_welfare():
    g = start([1, 1])
    move(g, 40)
    assert cash(g, "Ann") == 35_000


def test_b09_inherit_savings_to_pouch_flag():
    g = start([1, 1, 3, 4], inherit_savings_to_pouch=True)
    g.arrange(savings={"Ann": 30_000})
    move(g, 11)
    assert pouch(g, "Bob") == 30_000 and cash(g, "Bob") == 50_000


def test_max_turns_ranks_by_wealth():
    g = start([1, 1, 1, 2, 1, 1, 1, 2], max_turns=2)
    g.arrange(savings={"Bob": 100_000})
    move(g, 9)
    move(g, 9, player="Bob")
    assert g.is_over and g.result.ranking[0] == "Bob" and "turn limit" in g.result.reason
    assert set(g.result.figures["Ann"]) == {"cash", "savings", "contraband", "hometowns",
                                            "deaths"}


def test_a_staged_position_is_part_of_the_save():
    g = start([1, 2])
    g.arrange(position={"Ann": 9})
    g.apply("roll")  # 9 + 3: Haggle Harbor
    loaded = tabletop.load(g.save())
    assert loaded.pos["Ann"] == g.pos["Ann"] == 12 and loaded == g
    assert loaded.view("Bob") == g.view("Bob")
    plain = start([1, 2])
    plain.apply("roll")
    assert plain.pos["Ann"] == 3 and plain != g


def test_staging_moves_money_and_units_through_their_ledgers():
    g = start()
    g.arrange(cash={"Ann": 7_500}, savings={"Bob": 30_000}, contraband={"Bob": 4},
              misses_turn={"Ann": True}, hometowns={"Podunk": None, "Mudflat": "Bob"})
    assert g.money.total() == 0 and g.units.total() == 0
    seats = g.view(None)["seats"]
    assert (seats[0]["money"], seats[1]["savings"], seats[1]["contraband"]) == (7_500, 30_000, 4)
    assert seats[0]["misses_turn"] and seats[0]["hometowns"] == []
    assert seats[1]["hometowns"] == ["Mudflat", "Hicksburg"]
    assert set(g.arrangeable()) == {"position", "cash", "savings", "contraband", "hometowns",
                                    "misses_turn", "bad_ride"}


@pytest.mark.parametrize(("change", "message"), [
    ({"position": {"Ann": 42}}, "Ann's city should be a whole number from 0 to 41"),
    ({"position": {"Zed": 3}}, "'Zed' is not a player here"),
    ({"cash": {"Ann": -5}}, "whole number, 0 or more"),
    ({"savings": {"Ann": 250_000}}, "would reach the goal"),
    ({"contraband": ["Ann"]}, "a table keyed by player names"),
    ({"hometowns": {"Smash Ville": "Ann"}}, "'Smash Ville' is not a Hometown"),
    ({"hometowns": {"Mudflat": "Zed"}}, "a player at the table"),
    ({"misses_turn": {"Bob": "yes"}}, "true or false"),
    ({"bad_ride": ["gas", "gas"]}, "gas is named twice; name each card once"),
    ({"bad_ride": ["joker"]}, "there is no card 'joker'; the cards are wallet"),
])
def test_a_bad_arrangement_is_refused_with_a_reason(change, message):
    g = start()
    before = g.save()
    with pytest.raises(IllegalAction, match=message):
        g.arrange(**change)
    assert g.save() == before


def test_bad_input_leaves_game_unchanged():
    g = start([1, 1])
    move(g, 0)
    before = g.save()
    with pytest.raises(IllegalAction):
        g.apply(26_000)  # stake above the travelling cash
    with pytest.raises(IllegalAction):
        g.apply(1_500)  # off the $1,000 step
    with pytest.raises(IllegalAction):
        g.apply("roll", player="Bob")  # out of turn
    assert g.save() == before


def test_bad_input_deposit_over_limit_and_forced_third_roll():
    g = start([2, 3])
    g.arrange(cash={"Ann": 100_000})
    move(g, 40)
    with pytest.raises(IllegalAction):
        g.apply(21_000)
    g2 = start([1, 1, 5, 6, 3, 4, 6, 6], players=("Ann", "Bob", "Cy"))
    move(g2, 0)
    for a in (10_000, "roll", "decline", "roll", "decline", "roll"):
        g2.apply(a)
    before = g2.save()
    with pytest.raises(IllegalAction):
        g2.apply("decline")
    assert g2.save() == before


def test_bad_input_split_unequal_cards():
    g = casino(["2S", "8S", "10H", "10D", "10C", "9H", "9S", "5S"])
    play_round(g, [1_000, 1_000, 1_000], [])
    with pytest.raises(IllegalAction):
        g.apply("split")


def test_options_errors():
    with pytest.raises(OptionError):
        tabletop.new_game("hitchiker", players=2, max_turns=0)
    with pytest.raises(OptionError):
        tabletop.new_game("hitchiker", players=2, late_joiners=1)
    with pytest.raises(OptionError):
        tabletop.new_game("hitchiker", players=2, colour="red")


def test_content_errors(tmp_path: Path):
    good = Path(tabletop.games.hitchiker.__file__).with_name("content.toml").read_text()
    bad = tmp_path / "content.toml"
    bad.write_text(good.replace('kind = "casino"', 'kind = "casin"', 1))
    with pytest.raises(ContentError, match=r"content.toml: entry board\[6\]\.kind"):
        load_content("hitchiker", build, bad)
    bad.write_text(good.replace("roll = 7", "roll = 13"))
    with pytest.raises(ContentError, match="deal_chart"):
        tabletop.new_game("hitchiker", players=2, content=str(bad))
    bad.write_text(good.replace("double_after_split = true", "double_after_split = 1"))
    with pytest.raises(ContentError, match=r"casino\.double_after_split: should be a bool"):
        load_content("hitchiker", build, bad)
    edition = kit_content().edition
    assert "board" in edition["kit_authored"]


def test_view_has_the_board_and_players():
    g = start([1, 2])
    v = g.view("Ann")
    assert len(v["spaces"]) == 42 and v["spaces"][23]["name"] == "Remindya"
    assert v["spaces"][0]["owner"] == "Ann" and v["spaces"][40]["price"] == 50_000
    assert v["seats"][1]["hometowns"] == ["Hicksburg"]
    assert [(s["name"], s["seat"], s["position"], s["money"]) for s in v["seats"]] == [
        ("Ann", 0, PODUNK, 25_000), ("Bob", 1, HICKSBURG, 25_000)]
    assert not any(s["highlight"] for s in v["spaces"])
    g.apply("roll")
    assert [s["index"] for s in g.view("Ann")["spaces"] if s["highlight"]] == [3]


def test_random_and_heuristic_games_end_and_conserve_money():
    from tabletop.bots import make_bot
    from tabletop.core.play import play_to_end
    for kind in ("random", "heuristic"):
        g = tabletop.new_game("hitchiker", players=3, seed=3)
        play_to_end(g, {p: make_bot("hitchiker", kind, 3) for p in g.players})
        assert g.is_over and g.money.total() == 0


def test_log_three_tied_players_are_joined_as_a_sentence():
    g = tabletop.new_game("hitchiker", players=["Ann", "Bob", "Cy"], seed=1,
                          script=Script(dice=[1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1]))
    assert "Ann, Bob and Cy tie with 2 and roll again" in [e.text for e in g.events]
    assert g.first == "Ann"
