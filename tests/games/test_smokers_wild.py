"""Smokers Wild: one test per rule of RULES.md section 2 A, the B proposals, bad input.

Board (content.toml): 0 UNDERTAKER, 1 LURK, 2 SLAYEM, 3 PUFF, 4 DOCTOR, 5 CHESTISFILLED,
6 TOBACCO PLANTER, 7 VACATION (1 turn), 8 CAMELUNG, 9 AD AGENT, 10 WINSTUN, 11 PUFF, 12 KOFF,
13 I QUIT, 14 PSYCHIATRIST, 15 PALL MALADY, 16 LAWYER, 17 PUFF, 18 VICE ROY,
19 INSURANCE AGENT, 20 BENSON & HEDGEHOG, 21 VACATION (2 turns), 22 DUNHILLNESS, 23 TAXMAN,
24 PUFF, 25 KENTAPH, 26 I QUIT, 27 NEWPORE.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import tabletop
from tabletop import ContentError, IllegalAction, OptionError, Script
from tabletop.bots import make_bot
from tabletop.core.play import bot_move
from tabletop.games.smokers_wild import odds

PLAYERS = ["Ann", "Bob", "Cy"]
CONTENT = Path(tabletop.__file__).parent / "games" / "smokers_wild" / "content.toml"
LOSE_ROLL_OFF = Fraction(575, 1296)  # P(my 2d6 < yours)


def new(players=PLAYERS, owners=None, dice=(), picks=(), orders=(), **options):
    """A game past the opening auction: ``owners`` maps occupation -> buyer (at K10);
    every other occupation is left unsold."""
    game = tabletop.new_game("smokers_wild", players=list(players), seed=3,
                             script=Script(dice=list(dice), orders=list(orders),
                                           picks=list(picks)), **options)
    owners = owners or {}
    while game.decision.kind == "bid":
        lot, who = game.auction.lot, game.decision.player
        game.apply(game.decision.amount.low if owners.get(lot) == who else "pass")
    return game


def roll(game, player="Ann"):
    assert game.decision.kind == "roll" and game.decision.player == player
    game.apply("roll")


def kinds(game, since=0):
    return [e.kind for e in game.events[since:]]


def seat(game, name):
    return next(s for s in game.view(None)["seats"] if s["name"] == name)


# ----------------------------------------------------------------------------------------
# A. The rule checklist
# ----------------------------------------------------------------------------------------
def test_rule_01_object_last_to_reach_gone_wins():
    game = new(players=["Ann", "Bob"], dice=[1, 2])
    game.arrange(position={"Ann": 26}, lifeometer={"Ann": 12})
    assert all(not s["smoker"] for s in game.view(None)["seats"])
    roll(game)  # 26 + 3 passes the UNDERTAKER: Ann reaches GONE, Bob is the last one left
    assert game.is_over
    assert game.result.winners == ("Bob",) and game.result.ranking == ("Bob", "Ann")
    assert "last player not yet at GONE" in game.result.reason


def test_rule_02_eight_occupations_whose_owners_collect_fees():
    game = new(owners={"LAWYER": "Bob"}, dice=[3, 3])
    assert len(game.owner) == 8
    game.arrange(position={"Ann": 10})
    roll(game)  # 10 + 6 = LAWYER
    assert game.ledger["Ann"] == 500 - 80 and game.ledger["Bob"] == 490 + 80


def test_rule_03_outer_track_of_28_spaces():
    board = tabletop.new_game("smokers_wild", players=2).view(None)["spaces"]
    assert len(board) == 28
    assert Counter(s["kind"] for s in board) == {
        "advertising": 12, "occupation": 7, "undertaker": 1, "puff": 4, "vacation": 2, "quit": 2}
    view = tabletop.new_game("smokers_wild", players=2).view(None)
    assert view["lifeometer"]["labels"][0] == "GO" and view["lifeometer"]["labels"][-1] == "GONE"


def test_rule_04_passing_or_landing_on_the_undertaker_adds_a_year():
    game = new(dice=[1, 3, 1, 2, 1, 2])
    game.arrange(position={"Ann": 24, "Bob": 26})
    roll(game)  # 24 + 4 = 0: lands on the UNDERTAKER
    assert game.life["Ann"] == 1 and game.pos["Ann"] == 0
    roll(game, "Bob")  # 26 + 3 = 1: passes it (then resists LURK with 1+2)
    assert game.life["Bob"] == 1 and game.pos["Bob"] == 1


def test_rule_05_components_12_brands_8_occupations_24_cards():
    game = new()
    assert len(game.holder) == 12 and len(game.owner) == 8
    assert sum(len(h) for h in game.hands.values()) == 24 and not game.discards


def test_rule_06_tokens_start_on_the_undertaker_and_go():
    view = new().view(None)
    assert {s["position"] for s in view["seats"]} == {0}
    assert {s["lifeometer"] for s in view["seats"]} == {0}
    assert {s["life_label"] for s in view["seats"]} == {"GO"}


def test_rule_07_treasurer_gives_everyone_500_from_the_company():
    game = tabletop.new_game("smokers_wild", players=PLAYERS)
    assert game.view(None)["treasurer"] == "Ann"
    assert [game.ledger[p] for p in PLAYERS] == [500, 500, 500]
    assert game.ledger["company"] == -1500 and game.ledger.total() == 0


def test_rule_08_occupations_are_auctioned_to_the_highest_bidder():
    game = tabletop.new_game("smokers_wild", players=PLAYERS, seed=1)
    assert game.auction.lot == "UNDERTAKER" and game.decision.player == "Bob"
    game.apply(10)   # Bob
    game.apply(30)   # Cy
    game.apply(40)   # Ann
    game.apply("pass")  # Bob out
    game.apply("pass")  # Cy out: Ann wins at K40
    assert game.owner["UNDERTAKER"] == "Ann" and game.ledger["Ann"] == 460
    while game.decision.kind == "bid":
        game.apply("pass")
    assert all(game.owner[o] == "company" for o in game.owner if o != "UNDERTAKER")


def test_rule_09_quick_start_deals_occupations_and_gives_300():
    order = ["TAXMAN", "DOCTOR", "LAWYER", "AD AGENT", "PSYCHIATRIST", "UNDERTAKER",
             "TOBACCO PLANTER", "INSURANCE AGENT"]
    game = tabletop.new_game("smokers_wild", players=PLAYERS, start="quick",
                             script=Script(orders=[order]))
    assert [game.ledger[p] for p in PLAYERS] == [300, 300, 300]
    assert game.owner["TAXMAN"] == "Bob" and game.owner["AD AGENT"] == "Bob"
    assert game.owner["DOCTOR"] == "Cy" and game.owner["PSYCHIATRIST"] == "Cy"
    assert game.owner["LAWYER"] == "Ann" and game.owner["UNDERTAKER"] == "Ann"
    assert game.decision.kind == "bid" and game.auction.lot == "TOBACCO PLANTER"
    game.apply("pass")
    game.apply("pass")
    game.apply("pass")
    assert game.owner["TOBACCO PLANTER"] == "company"
    assert game.auction.lot == "INSURANCE AGENT"


def test_rule_10_puff_cards_shuffled_and_dealt_face_down_equally():
    game = new()
    assert [len(game.hands[p]) for p in PLAYERS] == [8, 8, 8]
    assert "shuffle" in kinds(game)
    assert game.view("Bob")["your_puff_cards"] == [game.card_of[c].title for c in game.hands["Bob"]]
    assert game.view(None)["your_puff_cards"] is None


def test_rule_11_treasurer_starts_and_play_goes_clockwise():
    game = new(dice=[2, 4, 1, 5, 3, 3])
    roll(game, "Ann")   # 6: TOBACCO PLANTER, nothing for a non-smoker
    roll(game, "Bob")
    roll(game, "Cy")
    assert [game.pos[p] for p in PLAYERS] == [6, 6, 6]
    assert game.decision.player == "Ann"


def test_rule_12_advertising_a_7_or_a_double_makes_a_smoker():
    game = new(dice=[2, 3, 2, 2, 4, 4, 1, 2])
    roll(game)  # CHESTISFILLED, then 2+2: a double
    assert game.holder["CHESTISFILLED"] == "Ann" and game.ledger["Ann"] == 480
    hooked = next(e for e in game.events if e.kind == "hooked")
    assert hooked.data["p"] == Fraction(1, 3)
    roll(game, "Bob")  # CAMELUNG, then 1+2: resists
    assert game.holder["CAMELUNG"] == "company" and game.ledger["Bob"] == 500


def test_rule_13_peer_pressure_tie_resists_lower_roll_gives_in():
    game = new(dice=[1, 1, 3, 3, 2, 4])
    game.arrange(brands={"Bob": ["SLAYEM"]})
    roll(game)  # SLAYEM: Ann 6, Bob 6: a tie resists
    assert game.holder["SLAYEM"] == "Bob" and game.ledger["Ann"] == 500
    game = new(dice=[1, 1, 2, 3, 3, 3])
    game.arrange(brands={"Bob": ["SLAYEM"]})
    roll(game)  # Ann 5 < Bob 6
    assert game.holder["SLAYEM"] == "Ann" and game.ledger["Ann"] == 480
    hooked = [e for e in game.events if e.kind == "hooked"]
    assert hooked[-1].data["p"] == LOSE_ROLL_OFF


def test_rule_14_socialising_challenge_strictly_higher_wins():
    game = new(dice=[2, 4, 5, 5, 3, 4])
    game.arrange(position={"Bob": 6}, brands={"Ann": ["LURK", "SLAYEM"]})
    roll(game)  # TOBACCO PLANTER: Ann pays K150, then meets Bob
    assert game.ledger["Ann"] == 350
    assert game.decision.kind == "challenge"
    assert set(game.legal_actions()) == {"no challenge", "challenge Bob"}
    game.apply("challenge Bob")  # 10 vs 7
    assert game.decision.kind == "pass_brand"
    game.apply("pass SLAYEM")
    assert game.holder["SLAYEM"] == "Bob" and game.ledger["Bob"] == 480
    # a tie favours the one challenged
    game = new(dice=[2, 4, 4, 4, 4, 4])
    game.arrange(position={"Bob": 6}, brands={"Ann": ["LURK"]})
    roll(game)
    game.apply("challenge Bob")
    assert game.holder["LURK"] == "Ann" and game.decision.player == "Bob"


def test_rule_15_smoker_takes_a_brand_he_lacks_from_whoever_holds_it():
    game = new(dice=[1, 1])
    game.arrange(brands={"Ann": ["LURK"], "Bob": ["SLAYEM"]})
    roll(game)  # SLAYEM: no roll, it comes from Bob
    assert game.holder["SLAYEM"] == "Ann" and game.ledger["Ann"] == 480
    assert game.decision.player == "Bob"


def test_rule_16_smoker_on_his_own_brand_takes_another_turn():
    game = new(dice=[1, 1, 2, 2])
    game.arrange(brands={"Ann": ["SLAYEM"]})
    roll(game)  # SLAYEM: his own brand
    assert game.decision.player == "Ann" and game.decision.kind == "roll"
    roll(game)  # 2 + 4 = 6: TOBACCO PLANTER, K150
    assert game.pos["Ann"] == 6 and game.ledger["Ann"] == 350
    assert game.decision.player == "Bob"


def test_rule_17_no_brand_left_means_non_smoker_again():
    game = new(dice=[1, 1])
    game.arrange(brands={"Ann": ["LURK"], "Bob": ["SLAYEM"]})
    assert seat(game, "Bob")["smoker"]
    roll(game)
    assert not seat(game, "Bob")["smoker"] and seat(game, "Bob")["brands"] == []
    assert "non_smoker" in kinds(game)


def test_rule_18_i_quit_pay_the_psychiatrist_then_a_7_or_double():
    game = new(owners={"PSYCHIATRIST": "Bob"}, dice=[3, 3, 3, 4])
    game.arrange(position={"Ann": 7}, brands={"Ann": ["LURK", "KOFF"]})
    roll(game)  # 7 + 6 = 13: I QUIT
    assert game.decision.kind == "quit"
    game.apply("try")
    assert game.ledger["Bob"] == 490 + 50 and game.ledger["Ann"] == 450
    assert game.holder["LURK"] == game.holder["KOFF"] == "company"
    assert not seat(game, "Ann")["smoker"]


def test_rule_19_a_puff_card_can_make_you_a_non_smoker_at_a_cost_in_years():
    game = new(players=["Ann", "Bob"], dice=[1, 2], orders=[["Lung removed #1"]],
               picks=["Lung removed #1"])
    game.arrange(brands={"Ann": ["LURK"]})
    roll(game)  # PUFF at 3: from Bob (the only opponent)
    assert game.n_brands["Ann"] == 0 and game.life["Ann"] == 2


def test_rule_20_status_changes_back_and_forth():
    game = new(players=["Ann", "Bob"],
               dice=[2, 3, 3, 4, 2, 4, 4, 4, 1, 6, 1, 5, 1, 2, 2, 5, 6, 6])
    roll(game)  # CHESTISFILLED, 3+4: a smoker
    assert seat(game, "Ann")["smoker"]
    roll(game, "Bob")  # TOBACCO PLANTER
    roll(game)  # 5 + 8 = 13: I QUIT
    game.apply("try")  # 1+6: quits
    assert not seat(game, "Ann")["smoker"]
    roll(game, "Bob")  # KOFF, resists with 1+2
    roll(game)  # 13 + 7 = 20: BENSON & HEDGEHOG, a double six: a smoker again
    assert seat(game, "Ann")["brands"] == ["BENSON & HEDGEHOG"]


def test_rule_21_hav_a_puff_pick_a_card_from_an_opponent_of_your_choice():
    game = new(dice=[1, 2], orders=[["Jogging #1", "Audit #1"]], picks=["Audit #1"])
    roll(game)
    assert game.decision.kind == "puff_from"
    assert game.legal_actions() == ["from Bob", "from Cy"]
    assert game.decision.label("from Cy") == "Cy (8 cards)"
    game.apply("from Cy")
    assert len(game.hands["Cy"]) == 7 and len(game.hands["Bob"]) == 8
    assert game.pos["Ann"] == 23  # Audit: advance to TAXMAN


def test_rule_22_card_applies_by_current_status():
    game = new(players=["Ann", "Bob"], dice=[1, 2],
               orders=[["Cigarette tax #1"]], picks=["Cigarette tax #1"])
    roll(game)
    assert game.ledger["Ann"] == 550
    game = new(players=["Ann", "Bob"], dice=[1, 2],
               orders=[["Cigarette tax #1"]], picks=["Cigarette tax #1"])
    game.arrange(brands={"Ann": ["LURK"]})
    roll(game)
    assert game.ledger["Ann"] == 450


def test_rule_23_advance_clockwise_and_the_undertaker_adds_a_year():
    game = new(players=["Ann", "Bob"], dice=[1, 2],
               orders=[["Smoker's cough #1"]], picks=["Smoker's cough #1"])
    game.arrange(position={"Ann": 14})
    roll(game)  # 17 PUFF -> DOCTOR (4), over the UNDERTAKER
    assert game.pos["Ann"] == 4 and game.life["Ann"] == 1
    assert game.ledger["Ann"] == 450 and game.travelled["Ann"] == 3 + 15
    game = new(players=["Ann", "Bob"], dice=[1, 2],
               orders=[["Heart attack #1"]], picks=["Heart attack #1"])
    game.arrange(position={"Ann": 21}, brands={"Ann": ["LURK"]})
    roll(game)  # 24 PUFF: a year lost, then to the UNDERTAKER: another, and its K120 fee
    assert game.pos["Ann"] == 0 and game.life["Ann"] == 2 and game.ledger["Ann"] == 380


def test_rule_24_discard_and_redeal_when_a_player_runs_out():
    game = new(players=["Ann", "Bob"], dice=[1, 2], picks=["Jogging #1"])
    rest = [c for c in game.card_ids if c != "Jogging #1"]
    game.arrange(puff_hands={"Ann": rest[:11], "Bob": ["Jogging #1"]})
    assert sorted(game.discards) == sorted(rest[11:])
    shuffles = kinds(game).count("shuffle")
    roll(game)
    assert kinds(game).count("shuffle") == shuffles + 1 and "gather" in kinds(game)
    assert len(game.hands["Ann"]) == len(game.hands["Bob"]) == 12 and not game.discards
    assert game.ledger["Ann"] == 530  # the Jogging card still applied


def test_rule_25_occupation_fee_to_owner_own_occupation_free():
    game = new(owners={"DOCTOR": "Bob"}, dice=[2, 2, 1, 3])
    roll(game)  # DOCTOR
    assert game.ledger["Ann"] == 450 and game.ledger["Bob"] == 540
    roll(game, "Bob")  # his own DOCTOR
    assert game.ledger["Bob"] == 540


def test_rule_26_company_advance_rounded_up_to_k100_one_year_each():
    game = new(dice=[1, 3])
    game.arrange(position={"Ann": 24}, money={"Ann": 0}, brands={"Ann": ["LURK"]})
    roll(game)  # lands on the UNDERTAKER: +1 year, owes K120 as a smoker
    assert game.advances["Ann"] == 200 and game.loan_years["Ann"] == 2
    assert game.ledger["Ann"] == 80 and game.life["Ann"] == 1 + 2


def test_rule_27_sell_an_occupation_instead_of_borrowing():
    game = new(owners={"TAXMAN": "Ann"}, dice=[3, 3])
    game.arrange(position={"Ann": 10}, money={"Ann": 0})
    roll(game)  # LAWYER (unowned): K80 to the company
    assert game.decision.kind == "raise_money"
    assert set(game.legal_actions()) == {"loan", "sell TAXMAN to Bob", "sell TAXMAN to Cy"}
    assert game.view("Ann")["payment"]["loan"] == 100
    game.apply("sell TAXMAN to Bob")
    assert game.decision.player == "Bob" and game.decision.kind == "offer"
    game.apply(60)
    game.apply("accept")
    assert game.owner["TAXMAN"] == "Bob"
    # K60 is not enough and Ann has no occupation left: a K100 advance
    assert game.ledger["Ann"] == 60 + 100 - 80 and game.loan_years["Ann"] == 1
    assert game.ledger["Bob"] == 500 - 60


def test_rule_28_vacation_pay_the_company_and_miss_turns():
    game = new(dice=[3, 4, 2, 4, 2, 4, 3, 3, 1, 2, 3, 3, 1, 2])
    roll(game)  # VACATION (1 turn)
    assert game.decision.kind == "vacation"
    game.apply("vacation")
    assert game.ledger["Ann"] == 450 and seat(game, "Ann")["on_vacation"]
    roll(game, "Bob")
    roll(game, "Cy")
    assert game.decision.player == "Bob"  # Ann misses one turn
    roll(game, "Bob")
    roll(game, "Cy")
    assert game.decision.player == "Ann" and not seat(game, "Ann")["on_vacation"]


def test_rule_29_fees_go_to_the_company_while_the_owner_is_on_vacation():
    game = new(owners={"LAWYER": "Bob"}, dice=[3, 3])
    game.arrange(position={"Ann": 10}, vacation={"Bob": 1})
    company = game.ledger["company"]
    roll(game)
    assert game.ledger["Bob"] == 490 and game.ledger["company"] == company + 80


def test_rule_30_short_game_first_at_gone_ends_most_life_wins():
    game = new(dice=[1, 2], ending="short")
    game.arrange(position={"Ann": 25, "Bob": 5, "Cy": 10},
                 lifeometer={"Ann": 12, "Bob": 3, "Cy": 3})
    roll(game)
    assert game.is_over and game.result.winners == ("Bob",)
    assert game.result.ranking == ("Bob", "Cy", "Ann")
    assert "reached GONE first" in game.result.reason


def test_rule_31_long_game_occupations_of_the_gone_are_auctioned():
    game = new(owners={"DOCTOR": "Ann"}, dice=[1, 2])
    game.arrange(position={"Ann": 25}, lifeometer={"Ann": 12}, brands={"Ann": ["LURK"]})
    roll(game)
    assert "Ann" in game.gone and game.holder["LURK"] == "company"
    assert game.decision.kind == "bid" and game.auction.lot == "DOCTOR"
    assert game.decision.player == "Bob"
    game.apply(10)
    game.apply("pass")
    assert game.owner["DOCTOR"] == "Bob" and game.decision.player == "Bob"
    assert not game.hands["Ann"] and not game.is_over


def test_rule_31_long_game_with_one_survivor_ends_without_an_auction():
    game = new(players=["Ann", "Bob"], owners={"DOCTOR": "Ann"}, dice=[1, 2])
    game.arrange(position={"Ann": 25}, lifeometer={"Ann": 12})
    since = len(game.events)
    roll(game)  # Ann reaches GONE: Bob is the only survivor, so nobody bids for the DOCTOR
    assert game.is_over and game.result.winners == ("Bob",)
    assert "auction" not in kinds(game, since) and game.ledger["Bob"] == 500


def test_rule_32_doctor_100_from_smokers_50_from_non_smokers():
    game = new(owners={"DOCTOR": "Cy"}, dice=[2, 2, 2, 2])
    game.arrange(brands={"Bob": ["LURK"]})
    roll(game)
    roll(game, "Bob")
    assert game.ledger["Ann"] == 450 and game.ledger["Bob"] == 400
    assert game.ledger["Cy"] == 490 + 150


def test_rule_33_ad_agent_30_per_brand_and_30_per_new_smoker():
    game = new(owners={"AD AGENT": "Bob"}, dice=[4, 5, 2, 3, 3, 4])
    game.arrange(brands={"Ann": ["LURK", "SLAYEM", "KOFF"]})
    roll(game)  # AD AGENT with three brands
    assert game.ledger["Ann"] == 410 and game.ledger["Bob"] == 490 + 90
    roll(game, "Bob")  # CHESTISFILLED 3+4: Bob becomes a smoker; the company pays him K30
    assert game.ledger["Bob"] == 580 + 30 - 20


def test_rule_34_insurance_premium_from_the_lifeometer():
    game = new(owners={"INSURANCE AGENT": "Bob"}, dice=[1, 2])
    game.arrange(position={"Ann": 16}, lifeometer={"Ann": 6})
    roll(game)
    assert game.ledger["Ann"] == 430 and game.ledger["Bob"] == 490 + 70


def test_rule_35_lawyer_80_from_everyone():
    game = new(owners={"LAWYER": "Cy"}, dice=[3, 3, 3, 3])
    game.arrange(position={"Ann": 10, "Bob": 10}, brands={"Bob": ["LURK"]})
    roll(game)
    roll(game, "Bob")
    assert game.ledger["Ann"] == 420 and game.ledger["Bob"] == 420


def test_rule_36_psychiatrist_ten_times_the_patients_throw():
    game = new(owners={"PSYCHIATRIST": "Bob"}, dice=[3, 4, 4, 4])
    game.arrange(position={"Ann": 7})
    roll(game)  # 14 PSYCHIATRIST, then 4+4
    assert game.ledger["Ann"] == 420 and game.ledger["Bob"] == 570


def test_rule_37_taxman_half_rounded_up_to_k10():
    game = new(owners={"TAXMAN": "Bob"}, dice=[1, 2])
    game.arrange(position={"Ann": 20}, money={"Ann": 230})
    roll(game)
    assert game.ledger["Ann"] == 110 and game.ledger["Bob"] == 490 + 120


def test_rule_38_tobacco_planter_150_from_smokers_only():
    game = new(owners={"TOBACCO PLANTER": "Cy"}, dice=[2, 4, 2, 4])
    game.arrange(brands={"Bob": ["LURK"]})
    roll(game)
    roll(game, "Bob")
    assert game.ledger["Ann"] == 500 and game.ledger["Bob"] == 350
    assert game.ledger["Cy"] == 490 + 150


# ----------------------------------------------------------------------------------------
# B. The kit's proposals
# ----------------------------------------------------------------------------------------
def test_b01_board_order_and_b02_brand_names():
    names = [s["name"] for s in new().view(None)["spaces"]]
    assert names[:7] == ["UNDERTAKER", "LURK", "SLAYEM", "HAV' A PUFF", "DOCTOR",
                         "CHESTISFILLED", "TOBACCO PLANTER"]
    assert names[23] == "TAXMAN" and names[27] == "NEWPORE"


def test_b03_undertaker_fee_only_on_landing_exactly():
    game = new(owners={"UNDERTAKER": "Cy"}, dice=[1, 2, 1, 2, 1, 2])
    game.arrange(position={"Ann": 26, "Bob": 25})
    roll(game)  # passes it (then resists LURK)
    assert game.ledger["Cy"] == 490
    roll(game, "Bob")  # lands on it: a non-smoker pays K30
    assert game.ledger["Cy"] == 520 and game.ledger["Bob"] == 470


def test_b06_i_quit_is_only_for_smokers():
    game = new(dice=[6, 6, 1, 2])
    game.arrange(position={"Ann": 1})
    roll(game)  # 13: I QUIT, a non-smoker is not asked
    assert game.decision.player == "Bob"


def test_b06_a_smoker_short_of_the_fee_may_still_try_with_an_advance():
    game = new(owners={"PSYCHIATRIST": "Bob"}, dice=[3, 3, 3, 4])
    game.arrange(position={"Ann": 7}, money={"Ann": 30}, brands={"Ann": ["LURK"]})
    roll(game)  # 7 + 6 = 13: I QUIT with K30, the fee is K50
    assert game.decision.kind == "quit" and "advances the rest" in game.decision.prompt
    game.apply("try")  # K20 short: a K100 advance, one year; then 3+4 frees her
    assert game.ledger["Ann"] == 30 + 100 - 50 and game.ledger["Bob"] == 490 + 50
    assert game.advances["Ann"] == 100 and game.life["Ann"] == 1
    assert not seat(game, "Ann")["smoker"]


def test_b07_vacation_two_turns_costs_100():
    game = new(players=["Ann", "Bob"], dice=[1, 2, 2, 4, 1, 5, 1, 2, 3, 3, 1, 2])
    game.arrange(position={"Ann": 18})
    roll(game)
    game.apply("vacation")
    assert game.ledger["Ann"] == 400 and seat(game, "Ann")["vacation_turns"] == 2
    roll(game, "Bob")  # 6
    roll(game, "Bob")  # 12, resists KOFF
    roll(game, "Bob")  # 18, resists VICE ROY
    assert game.decision.player == "Ann" and game.pos["Ann"] == 21


def test_b08_the_deck_has_24_cards_with_effects_for_both_statuses():
    content = odds.kit_content()
    assert sum(c.count for c in content.puff_cards) == 24
    assert all(c.smoker is not None and c.non_smoker is not None for c in content.puff_cards)


def test_b12_round_robin_deal_starts_left_of_the_treasurer():
    game = new(players=["Ann", "Bob", "Cy", "Di", "Ed"])
    assert [len(game.hands[p]) for p in ["Ann", "Bob", "Cy", "Di", "Ed"]] == [4, 5, 5, 5, 5]


def test_b13_short_game_tie_goes_to_the_richest():
    game = new(dice=[1, 2], ending="short")
    game.arrange(position={"Ann": 25, "Bob": 5, "Cy": 5},
                 lifeometer={"Ann": 12, "Bob": 3, "Cy": 3},
                 money={"Cy": 600})
    roll(game)
    assert game.result.ranking == ("Cy", "Bob", "Ann") and game.result.winners == ("Cy",)


def test_b14_extra_turn_after_a_card_advance_onto_your_own_brand():
    game = new(players=["Ann", "Bob"], dice=[1, 2], orders=[["Billboard #1"]],
               picks=["Billboard #1"])
    game.arrange(position={"Ann": 21}, brands={"Ann": ["KENTAPH"]})
    roll(game)  # 24 PUFF -> next advertising: KENTAPH, his own
    assert game.pos["Ann"] == 25 and game.decision.player == "Ann"


def test_max_turns_ends_the_game_ranked_by_remaining_life():
    game = new(players=["Ann", "Bob"], dice=[2, 4, 3, 4, 1, 2], max_turns=1)
    game.arrange(lifeometer={"Ann": 2})
    roll(game)
    roll(game, "Bob")
    if game.decision is not None and game.decision.kind == "vacation":
        game.apply("stay")
    assert game.is_over and "limit of 1 round was" in game.result.reason
    assert game.result.ranking == ("Bob", "Ann")
    assert set(game.result.figures["Ann"]) == {
        "lifeometer", "cash", "smoker", "brands", "occupations", "spaces_travelled",
        "advances", "years_from_loans"}


# ----------------------------------------------------------------------------------------
# Options, bad input, content, save/load, bots
# ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [
    {"colour": "red"}, {"start": "fast"}, {"ending": "medium"}, {"max_turns": 0},
    {"max_turns": "10"},
])
def test_bad_options_are_rejected(options):
    with pytest.raises(OptionError):
        tabletop.new_game("smokers_wild", players=2, **options)


def test_player_called_company_is_rejected():
    with pytest.raises(OptionError, match="Tobacco Company"):
        tabletop.new_game("smokers_wild", players=["Ann", "company"])


def test_bad_actions_change_nothing():
    game = tabletop.new_game("smokers_wild", players=PLAYERS)
    before = game.save()
    for bad in ("roll", 15, 5, 10_000, None):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    with pytest.raises(IllegalAction, match="Bob's decision"):
        game.apply(10, player="Ann")
    assert game.save() == before


def test_broken_content_file_names_the_entry(tmp_path):
    text = CONTENT.read_text()
    broken = tmp_path / "content.toml"
    for change, message in [
        (('title = "Jogging"\ncount = 1', 'title = "Jogging"\ncount = 2'),
         r"puff_cards.*24 cards, not 25"),
        (('advance_to = "TAXMAN"', 'advance_to = "TAXMEN"'),
         r"puff_cards\[3\].non_smoker.advance_to"),
        (('kind = "quit"', 'kind = "jail"'), r"content.toml: entry board\[13\].kind"),
    ]:
        broken.write_text(text.replace(*change, 1))
        with pytest.raises(ContentError, match=message):
            tabletop.new_game("smokers_wild", players=2, content=str(broken))


def test_a_house_edition_changes_the_fees(tmp_path):
    house = tmp_path / "content.toml"
    house.write_text(CONTENT.read_text().replace("fee = 50                # paid to the",
                                                 "fee = 70                # paid to the"))
    game = tabletop.new_game("smokers_wild", players=2, content=str(house))
    assert game.view(None)["quit_fee"] == 70
    assert tabletop.load(game.save()).view(None)["quit_fee"] == 70


def test_save_and_load_with_a_pending_challenge():
    game = new(dice=[2, 4, 5, 5, 3, 4])
    game.arrange(position={"Bob": 6}, brands={"Ann": ["LURK", "SLAYEM"]})
    roll(game)
    assert game.decision.kind == "challenge"
    fresh = new(dice=[2, 4])
    assert tabletop.load(fresh.save()) == fresh
    played = tabletop.new_game("smokers_wild", players=PLAYERS, seed=11)
    bot = make_bot("smokers_wild", "random", 1)
    while played.steps < 60:
        played.apply(bot_move(played, bot))
    loaded = tabletop.load(played.save())
    assert loaded.save() == played.save() and loaded.decision == played.decision
    assert loaded.view(None) == played.view(None)


# ----------------------------------------------------------------------------------------
# Staged positions (arrange), the view's shape
# ----------------------------------------------------------------------------------------
def test_an_arranged_table_is_part_of_the_save():
    game = new(owners={"LAWYER": "Cy"}, dice=[3, 3])
    game.arrange(position={"Ann": 10}, lifeometer={"Ann": 6}, money={"Ann": 230},
                 brands={"Ann": ["LURK"], "Bob": ["SLAYEM", "KOFF"]},
                 occupations={"Bob": ["TAXMAN"]}, vacation={"Cy": 2})
    roll(game)  # LAWYER, Cy away: the fee goes to the company
    view = game.view(None)
    ann = seat(game, "Ann")
    assert (ann["position"], ann["lifeometer"], ann["money"]) == (16, 6, 230 - 80)
    assert seat(game, "Bob")["brands"] == ["SLAYEM", "KOFF"]
    assert {"LURK", "SLAYEM", "KOFF"}.isdisjoint(view["company"]["brands"])
    assert seat(game, "Bob")["occupations"] == ["TAXMAN"] and seat(game, "Cy")["on_vacation"]
    loaded = tabletop.load(game.save())
    assert loaded == game and loaded.view(None) == view
    assert game.conserved() == new().conserved()


def test_staged_cards_come_from_their_piles():
    game = new()
    game.arrange(brands={"Ann": ["LURK"]})
    game.arrange(brands={"Bob": ["LURK", "SLAYEM"]})  # LURK moves from Ann to Bob
    assert not seat(game, "Ann")["smoker"] and seat(game, "Bob")["brands"] == ["LURK", "SLAYEM"]
    cy = list(game.hands["Cy"])
    game.arrange(puff_hands={"Ann": cy[:2]})  # from Cy's hand; Ann's 8 go to the discards
    assert game.hands["Ann"] == cy[:2] and game.hands["Cy"] == cy[2:]
    assert len(game.discards) == 8
    check_invariants(game)


@pytest.mark.parametrize(("changes", "message"), [
    ({"position": {"Zed": 3}}, "'Zed' is not a player here; the players are Ann, Bob, Cy"),
    ({"position": {"Ann": 28}}, "Ann's position should be a whole number from 0 to 27"),
    ({"position": [3]}, r"position should be a table keyed by player names, e\.g\."),
    ({"lifeometer": {"Ann": 13}}, "from 0 to 12"),
    ({"money": {"Ann": -5}}, "Ann's money should be a whole number, 0 or more"),
    ({"brands": {"Ann": ["MARLBORO"]}}, "there is no card 'MARLBORO'"),
    ({"brands": {"Ann": ["LURK"], "Bob": ["LURK"]}}, "LURK is given to Ann and to Bob"),
    ({"occupations": {"Ann": "DOCTOR"}}, "should be a list"),
    ({"puff_hands": {"Ann": ["Jogging"]}}, "there is no card 'Jogging'"),
    ({"vacation": {"Ann": 3}}, "from 0 to 2"),
])
def test_a_bad_arrangement_is_explained_and_changes_nothing(changes, message):
    game = new(dice=[1, 2])
    before = game.save()
    with pytest.raises(IllegalAction, match=message):
        game.arrange(**changes)
    assert game.save() == before


def test_what_can_be_arranged_is_listed_for_teachers():
    assert set(tabletop.new_game("smokers_wild").arrangeable()) == {
        "position", "lifeometer", "money", "brands", "occupations", "puff_hands", "vacation"}


def test_the_view_has_the_shared_shape():
    game = new(owners={"DOCTOR": "Bob"}, dice=[2, 2])
    game.arrange(brands={"Cy": ["LURK"]}, lifeometer={"Cy": 12}, position={"Cy": 27})
    roll(game)  # DOCTOR
    view = game.view(None)
    assert [(s["name"], s["seat"], s["position"], s["money"]) for s in view["seats"]] == [
        ("Ann", 0, 4, 450), ("Bob", 1, 0, 540), ("Cy", 2, 27, 500)]
    spaces = view["spaces"]
    assert [s["index"] for s in spaces] == list(range(28))
    assert spaces[4]["owner"] == "Bob" and spaces[1]["owner"] == "Cy"
    assert spaces[2]["owner"] == "company" and spaces[3]["owner"] is None
    assert [s["index"] for s in spaces if s["highlight"]] == [4]


# ----------------------------------------------------------------------------------------
# Odds (tabletop/games/smokers_wild/odds.py)
# ----------------------------------------------------------------------------------------
def test_odds_a_7_or_a_double_is_the_rules_throw():
    assert odds.p_seven_or_double() == Fraction(1, 3)
    assert [odds.seven_or_double(p) for p in [(3, 4), (5, 5), (2, 4)]] == [True, True, False]
    assert odds.p_strictly_lower() == LOSE_ROLL_OFF and odds.mean_move() == 7
    game = new(dice=[2, 3, 2, 2])
    roll(game)
    hooked = next(e for e in game.events if e.kind == "hooked")
    assert hooked.data["p"] == odds.p_seven_or_double()


def test_odds_landing_uniform_without_cards_bent_with_them():
    plain = odds.landing(with_puff_cards=False)
    assert list(plain.columns) == ["space", "name", "kind", "probability", "p", "vs_uniform"]
    assert len(plain) == 28 and set(plain.probability) == {Fraction(1, 28)}
    bent = odds.landing()
    assert sum(bent.probability) == 1
    assert bent[bent.kind == "puff"].p.max() < 1 / 28
    assert bent.p.tolist() == pytest.approx(odds.landing(exact=False).p.tolist())


def test_odds_cards_move_a_token_as_the_game_does():
    edition = odds.kit_content()
    moves = odds.card_moves(edition, 17, smoker=True)
    assert moves[4] == Fraction(2, 24)  # Smoker's cough: the DOCTOR
    assert moves[0] == Fraction(1, 24)  # Heart attack (a smoker): the UNDERTAKER
    game = new(players=["Ann", "Bob"], dice=[1, 2], orders=[["Heart attack #1"]],
               picks=["Heart attack #1"])
    game.arrange(position={"Ann": 14}, brands={"Ann": ["LURK"]})
    roll(game)
    assert game.pos["Ann"] == 0


def test_odds_for_the_decision_at_hand():
    game = new(dice=[3, 4])
    view = game.view(None)
    lines = dict(odds.upcoming(view, "roll", "Ann"))
    assert sum(p for what, p in lines.items() if "next throw" in what) == 1
    assert lines["Ann's next throw lands on an advertising space"] == Fraction(14, 36)
    assert odds.upcoming(view, "quit", "Ann") == [
        ("Quitting needs a 7 or a double", Fraction(1, 3))]
    assert odds.psychiatrist_fee().mean() == 70
    assert odds.spaces_per_turn(0) == 7 and odds.spaces_per_turn(14) == 14


def check_invariants(game):
    assert game.ledger.total() == 0
    holders = Counter(game.holder.values())
    assert len(game.holder) == 12 and sum(holders.values()) == 12
    for player in game.players:
        assert holders.get(player, 0) == game.n_brands[player] and game.ledger[player] >= 0
    cards = [c for h in game.hands.values() for c in h] + game.discards
    assert sorted(cards) == sorted(game.card_ids)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_play_to_the_end_keeping_money_brands_and_cards(kind):
    for seed in range(15):
        game = tabletop.new_game("smokers_wild", players=2 + seed % 5, seed=seed,
                                 start=("auction", "quick")[seed % 2],
                                 ending=("long", "short")[seed % 3 == 0])
        bots = {p: make_bot("smokers_wild", kind, seed + k) for k, p in enumerate(game.players)}
        while not game.is_over:
            action = bot_move(game, bots[game.decision.player])
            assert action in game.legal_actions()
            game.apply(action)
            check_invariants(game)
        assert game.result.winners and len(game.result.ranking) == len(game.players)


def test_log_one_year_is_singular():
    game = new(dice=[1, 3])
    game.arrange(position={"Ann": 24})
    roll(game)  # 24 + 4 = 0: the UNDERTAKER adds one year
    texts = [e.text for e in game.events]
    assert any(t.startswith("Ann ages 1 year (") for t in texts)
    assert not any("year(s)" in t for t in texts) and "Ann moves 4 spaces" in " ".join(texts)
