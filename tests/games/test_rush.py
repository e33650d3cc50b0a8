"""RUSH: one test per rule of RULES.md section 5 A, the B proposals, secret cards, bad input.

Board (content.toml): 0 HOME, 1 Alley Connection $8, 2 Chance, 3 News Stand 1d x $5,
4 Take a Pill, 5 Push $12, 6 Chance, 7 Gas Station 2d x $5, 8 Lucky Day, 9 JAIL,
10 Dock Connection $6, 11 Chance, 12 Liquor Store 2d x $10, 13 Be a Pimp, 14 Take a Pill,
15 Push $15, 16 Chance, 17 Drug Store 1d x $20, 18 PARTY TIME, 19 Park Connection $5,
20 Take a Pill, 21 Chance, 22 Pawn Shop 2d x $15, 23 Push $10, 24 Subway Connection $4,
25 Be a Pimp, 26 Lucky Day, 27 LOAN SHARK, 28 Chance, 29 Jewelry Store 3d x $10,
30 Take a Pill, 31 Uptown Connection $10, 32 Push $20, 33 Bank 3d x $25, 34 Take a Pill,
35 Chance. Senses: 1 Sight, 2 Hearing, 3 Smell, 4 Taste, 5 Touch.

Dice are scripted in the order they are thrown. ``PASS`` (1+1) takes a player from space
34 to Home, where nothing is asked: the usual way for the other player to pass a turn.
``VISIT`` (4+5) takes a player from Home to the Jail space, just visiting.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import tabletop
from tabletop import ContentError, IllegalAction, OptionError, Script

PAIR = ["Ann", "Bob"]
TRIO = ["Ann", "Bob", "Cy"]
VISIT = [4, 5]
PASS = [1, 1]
HOME, JAIL, PARTY = 0, 9, 18
CONTENT = Path(tabletop.__file__).parent / "games" / "rush" / "content.toml"


def new(dice=(), players=PAIR, orders=(), **options):
    return tabletop.new_game("rush", players=list(players), seed=3,
                             script=Script(dice=list(dice), orders=list(orders)), **options)


def act(game, kind, action, player=None):
    """Answer the pending decision, which must be of ``kind`` (and ``player``'s)."""
    pending = game.decision
    assert pending is not None and pending.kind == kind, f"wanted {kind}, pending: {pending}"
    assert player is None or pending.player == player, f"{pending.player} decides, not {player}"
    game.apply(action)


def visit(game, player="Bob"):
    """``player`` goes from Home to Jail with the scripted 4+5: just visiting."""
    game.arrange(position={player: HOME})
    act(game, "turn", "two dice", player)


def pass_turn(game, player="Bob"):
    """``player`` goes from 34 to Home with the scripted 1+1: $30 and nothing asked."""
    game.arrange(position={player: 34})
    act(game, "turn", "two dice", player)


def seat(game, name, viewer=None):
    return next(s for s in game.view(viewer)["seats"] if s["name"] == name)


def up(game, name):
    return [s["name"] for s in seat(game, name)["senses"] if s["up"]]


def kinds(game):
    return [e.kind for e in game.events]


# ----------------------------------------------------------------------------------------
# A. The rule checklist
# ----------------------------------------------------------------------------------------
def test_rule_1_home_at_the_top_of_the_zonkometer_wins():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 34}, zonkometer={"Ann": 20})
    act(game, "turn", "two dice")  # 34 + 2 lands on Home
    assert game.is_over and game.result.winners == ("Ann",)
    assert "Home at 20" in game.result.reason
    short = new(dice=[3, 4])
    short.arrange(position={"Ann": 30}, zonkometer={"Ann": 20})
    act(short, "turn", "two dice")  # 30 + 7 passes Home
    act(short, "stop_short", "stop at Home")
    assert short.result.winners == ("Ann",)


def test_rule_2_the_last_player_alive_wins():
    game = new(dice=[1])
    game.arrange(senses={"Ann": ["Sight"]})
    act(game, "turn", "pill")  # the pill die takes Sight, the last sense
    assert game.is_over and game.result.winners == ("Bob",)
    assert game.result.ranking == ("Bob", "Ann")
    assert "last player alive" in game.result.reason


def test_rule_3_board_dish_and_a_shuffled_chance_deck():
    game = new(players=TRIO, orders=[["Lawyer"]], dice=[1, 1])
    view = game.view(None)
    assert len(view["spaces"]) == 36 and view["spaces"][0]["kind"] == "home"
    assert view["dish"] == 100 - 3 * 6
    assert view["deck"] == {"draw": 32, "discards": 0, "last_card": None}
    assert "shuffle" in kinds(game)
    act(game, "turn", "two dice")  # 1+1: Chance; the scripted shuffle put the Lawyer on top
    assert game.view("Ann")["your_cards"] == ["Lawyer"]


def test_rule_4_senses_pills_money_and_markers_at_home():
    game = new(players=TRIO)
    for s in game.view(None)["seats"]:
        assert s["senses_up"] == 5 and s["pills"] == 6 and s["money"] == 30
        assert s["position"] == HOME and s["body"] is None and s["coma"] is None


def test_rule_5_one_common_zonkometer_start():
    assert {s["zonkometer"] for s in new(players=TRIO).view(None)["seats"]} == {12}
    game = new(players=TRIO, zonkometer_start=15)
    assert {s["zonkometer"] for s in game.view(None)["seats"]} == {15}
    assert game.view(None)["zonkometer"] == {"low": 1, "high": 20, "start": 15}
    with pytest.raises(OptionError, match="outside the Zonkometer"):
        new(zonkometer_start=21)


def test_rule_6_the_first_player_is_the_banker():
    view = new(players=TRIO).view(None)
    assert view["banker"] == "Ann"
    assert [s["banker"] for s in view["seats"]] == [True, False, False]


def test_rule_7_a_pill_and_one_die_or_two_dice():
    game = new(dice=[3, *PASS, 4, 5])
    assert game.decision.choices == ("pill", "two dice", "rest")  # at Home: rest too
    act(game, "turn", "pill")  # into the dish, Zonkometer +1, one die: 3 to the News Stand
    ann = seat(game, "Ann")
    assert (ann["pills"], ann["zonkometer"], ann["position"]) == (5, 13, 3)
    assert game.view(None)["dish"] == 100 - 12 + 1
    act(game, "rob", "leave it")
    game.arrange(pills={"Ann": 0})
    pass_turn(game)
    assert game.decision.choices == ("two dice",)  # no pill: two dice
    act(game, "turn", "two dice", "Ann")  # 3 + 9 = 12
    assert seat(game, "Ann")["position"] == 12


def test_rule_8_clockwise_and_stopping_short_at_home():
    game = new(dice=[2, 4, *PASS, 2, 4])
    game.arrange(position={"Ann": 31})
    act(game, "turn", "two dice")  # 31 + 6 passes Home
    act(game, "stop_short", "go on to Alley Connection")
    assert seat(game, "Ann")["position"] == 1
    act(game, "buy", "no pills")
    pass_turn(game)
    game.arrange(position={"Ann": 31})
    act(game, "turn", "two dice", "Ann")
    act(game, "stop_short", "stop at Home")
    assert seat(game, "Ann")["position"] == HOME


def test_rule_9_the_pill_die_turns_its_sense_face_down():
    game = new(dice=[3, *PASS, 3])
    act(game, "turn", "pill")
    assert up(game, "Ann") == ["Sight", "Hearing", "Taste", "Touch"]
    act(game, "rob", "leave it")
    pass_turn(game)
    game.arrange(position={"Ann": HOME})
    act(game, "turn", "pill", "Ann")  # Smell is down already: nothing more is lost
    assert up(game, "Ann") == ["Sight", "Hearing", "Taste", "Touch"]


def test_rule_10_a_six_on_the_pill_die_is_a_coma_and_no_move():
    game = new(dice=[6])
    game.arrange(position={"Ann": 10})
    act(game, "turn", "pill")
    ann = seat(game, "Ann")
    assert ann["coma"] == 0 and ann["body"] == 10 and ann["position"] is None
    assert game.decision.player == "Bob"


def test_rule_11_five_senses_down_is_death_and_the_dead_bank():
    game = new(players=TRIO, dice=[1, *PASS, *PASS])
    game.arrange(senses={"Ann": ["Sight"]}, position={"Ann": 10})
    act(game, "turn", "pill")
    assert seat(game, "Ann")["dead"] and game.view(None)["banker"] == "Ann"
    assert not game.is_over
    pass_turn(game, "Bob")
    pass_turn(game, "Cy")
    assert game.decision.player == "Bob"  # the dead take no turns


def test_rule_12_otherwise_the_pill_die_moves_and_may_stop_at_home():
    game = new(dice=[4])
    game.arrange(position={"Ann": 34})
    act(game, "turn", "pill")  # 34 + 4 passes Home
    act(game, "stop_short", "stop at Home")
    assert seat(game, "Ann")["position"] == HOME and seat(game, "Ann")["money"] == 60
    assert "Taste" not in up(game, "Ann")


def test_rule_13_body_on_the_space_marker_on_the_darkest_step():
    game = new(dice=[6])
    game.arrange(position={"Ann": 12})
    act(game, "turn", "pill")
    ann = seat(game, "Ann")
    assert (ann["body"], ann["coma"], ann["coma_label"]) == (12, 0, "DARKEST")
    assert game.view(None)["spaces"][12]["bodies"] == ["Ann"]


def test_rule_14_the_coma_die():
    game = new(dice=[6, *PASS, 3, *PASS, 5, *PASS, 1])
    game.arrange(position={"Ann": 12})
    act(game, "turn", "pill")
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")  # 2-4: forward one
    assert seat(game, "Ann")["coma"] == 1
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")  # 5-6: forward up to two
    act(game, "coma_move", "forward 2")
    assert seat(game, "Ann")["coma"] == 3
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")  # 1: back one and a sense
    act(game, "lose_sense", "Touch")
    assert seat(game, "Ann")["coma"] == 2 and "Touch" not in up(game, "Ann")


def test_rule_15_coma_rolls_go_on_until_awake_or_death():
    game = new(dice=[6, *PASS, 2, *PASS, 1])
    game.arrange(position={"Ann": 12}, senses={"Ann": ["Sight"]})
    act(game, "turn", "pill")
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")  # a 1 takes the last sense
    assert game.is_over and game.result.winners == ("Bob",)


def test_rule_16_awake_the_marker_replaces_the_body_and_the_turn_ends():
    game = new(dice=[6, *PASS, 2])
    game.arrange(position={"Ann": 12})
    act(game, "turn", "pill")
    game.arrange(coma={"Ann": 4})
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")
    ann = seat(game, "Ann")
    assert ann["coma"] is None and ann["position"] == 12 and ann["body"] is None
    assert game.decision.player == "Bob" and game.decision.kind == "turn"


def test_rule_17_landing_on_a_body_takes_any_of_its_money_and_pills():
    game = new(dice=VISIT)
    game.arrange(position={"Bob": JAIL}, coma={"Bob": 0})
    act(game, "turn", "two dice")
    act(game, "roll_money", 20)
    act(game, "roll_pills", 4)
    assert seat(game, "Ann")["money"] == 50 and seat(game, "Ann")["pills"] == 10
    assert seat(game, "Bob")["money"] == 10 and seat(game, "Bob")["pills"] == 2


def test_rule_18_a_player_on_the_space_when_the_coma_began_cannot_roll_the_body():
    game = new(players=TRIO, dice=[6, *VISIT, *VISIT])
    game.arrange(position={"Ann": JAIL, "Bob": JAIL})
    act(game, "turn", "pill")  # Ann falls into a coma in front of Bob
    visit(game, "Bob")  # Bob comes back to the Jail space: he may not roll Ann
    assert game.decision.player == "Cy"
    visit(game, "Cy")  # Cy lands there and may
    act(game, "roll_money", 30, "Cy")


def test_rule_19_bodies_at_home_are_safe():
    game = new(dice=[6, 1, 1])
    act(game, "turn", "pill")  # Ann's coma at Home
    game.arrange(position={"Bob": 34})
    act(game, "turn", "two dice", "Bob")  # Bob lands at Home: nothing to roll
    assert seat(game, "Bob")["money"] == 60 and seat(game, "Ann")["money"] == 30
    assert game.decision.player == "Ann"


def test_rule_20_a_dead_body_away_from_home_can_be_rolled():
    game = new(players=TRIO, dice=VISIT)
    game.arrange(position={"Bob": JAIL}, dead=["Bob"])
    act(game, "turn", "two dice")
    act(game, "roll_money", 30)
    act(game, "roll_pills", 6)
    assert seat(game, "Ann")["pills"] == 12


def test_rule_21_landing_at_home_collects_thirty():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 34})
    act(game, "turn", "two dice")
    assert seat(game, "Ann")["money"] == 60
    assert game.events[-1].kind == "welfare"


def test_rule_22_whoever_starts_at_home_may_rest_whatever_their_senses():
    game = new(dice=[2])
    assert up(game, "Ann") == ["Sight", "Hearing", "Smell", "Taste", "Touch"]
    assert "rest" in game.decision.choices and "rest at Home" in game.decision.prompt
    act(game, "turn", "rest", "Ann")  # a 2: Hearing is up already; Ann stays at Home
    assert seat(game, "Ann")["position"] == HOME and game.decision.player == "Bob"
    away = new(dice=VISIT)
    act(away, "turn", "two dice")
    away.arrange(senses={"Ann": ["Sight"]})
    pass_turn(away)
    assert "rest" not in away.decision.choices  # Ann starts this turn at Jail


def test_rule_22_resting_at_home():
    game = new(dice=[*VISIT, *PASS, 3, *PASS, 6])
    act(game, "turn", "two dice")
    game.arrange(position={"Ann": HOME}, senses={"Ann": ["Sight"]})
    pass_turn(game)
    assert "rest" in game.decision.choices
    act(game, "turn", "rest", "Ann")  # a 3: Smell comes back; no move
    assert up(game, "Ann") == ["Sight", "Smell"] and seat(game, "Ann")["position"] == HOME
    pass_turn(game)  # once per turn: Bob plays next
    act(game, "turn", "rest", "Ann")  # a 6: any sense
    act(game, "gain_sense", "Touch")
    assert up(game, "Ann") == ["Sight", "Smell", "Touch"]


def test_rule_23_buying_pills_adds_a_cop():
    game = new(dice=[1, 1, *PASS, 1, 1])
    game.arrange(position={"Ann": 8})
    act(game, "turn", "two dice")  # Dock Connection, $6 a pill
    assert game.decision.amount.high == 5  # $30 buys five
    act(game, "buy", 4)
    ann = seat(game, "Ann")
    assert (ann["money"], ann["pills"]) == (6, 10)
    assert game.view(None)["spaces"][10]["cops"] == 1
    pass_turn(game)
    game.arrange(position={"Ann": 8}, money={"Ann": 500}, cops={"Dock Connection": 0})
    act(game, "turn", "two dice", "Ann")
    assert game.decision.amount.high == 10  # ten at once at most
    with pytest.raises(IllegalAction):
        game.apply(11)


def test_rule_24_with_cops_pay_first_then_the_cop_die():
    game = new(dice=[1, 1, 3, *PASS, 1, 1, 2])
    game.arrange(position={"Ann": 8}, cops={"Dock Connection": 2})
    act(game, "turn", "two dice")
    act(game, "buy", 2)  # pays $12, the Cop die shows 3 > 2: the pills come
    assert seat(game, "Ann")["pills"] == 8 and game.view(None)["spaces"][10]["cops"] == 3
    pass_turn(game)
    game.arrange(position={"Ann": 8}, cops={"Dock Connection": 2})
    act(game, "turn", "two dice", "Ann")
    act(game, "buy", 1)  # pays $6; a 2: caught, no pills, the Cops leave
    ann = seat(game, "Ann")
    assert ann["money"] == 12 and ann["lockup"] and ann["pills"] == 0
    assert game.view(None)["spaces"][10]["cops"] == 0
    caught = [e for e in game.events if e.kind == "cops"][-1]
    assert caught.data["p"] == Fraction(2, 6)


def test_rule_25_robbery_loot_from_the_bank_and_a_cop():
    game = new(dice=[1, 1, 3, 4])
    game.arrange(position={"Ann": 10})
    act(game, "turn", "two dice")  # Liquor Store: 2 dice x $10
    act(game, "rob", "rob")
    assert seat(game, "Ann")["money"] == 30 + 70
    assert game.view(None)["spaces"][12]["cops"] == 1


def test_rule_26_with_cops_the_cop_die_comes_before_the_loot():
    game = new(dice=[1, 1, 1])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")  # the Cop die shows 1: caught before any loot
    ann = seat(game, "Ann")
    assert ann["money"] == 30 and ann["lockup"]
    assert game.view(None)["spaces"][12]["cops"] == 0


def test_rule_27_the_bribe_buys_the_visiting_area():
    game = new(dice=[1, 1, 1, *PASS, 1, 2])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1}, money={"Ann": 150})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")
    act(game, "jail", "pay the $100 bribe")
    ann = seat(game, "Ann")
    assert ann["visiting"] and not ann["lockup"] and ann["money"] == 50 and ann["pills"] == 6
    pass_turn(game)
    act(game, "turn", "two dice", "Ann")  # leaves on the next turn
    assert seat(game, "Ann")["position"] == 12


def test_rule_28_without_the_bribe_all_pills_go_and_the_lockup():
    game = new(dice=[1, 1, 1])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1}, money={"Ann": 150})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")
    act(game, "jail", "go to the lockup")
    ann = seat(game, "Ann")
    assert ann["lockup"] and ann["pills"] == 0 and game.view(None)["dish"] == 100 - 6
    assert game.view(None)["jail"]["lockup"] == ["Ann"]


def test_rule_29_lockup_rolls_doubles_even_odd():
    game = new(dice=[*VISIT, *PASS, 2, 4, 1, 2, *PASS, 3, 3])
    act(game, "turn", "two dice")
    game.arrange(jail={"Ann": "lockup"}, pills={"Ann": 0})
    pass_turn(game)
    act(game, "lockup", "roll two dice", "Ann")  # 2+4 even: again; 1+2 odd: stays
    assert seat(game, "Ann")["lockup"]
    pass_turn(game)
    act(game, "lockup", "roll two dice", "Ann")  # doubles: out, and 9 + 6 = 15
    assert not seat(game, "Ann")["lockup"] and seat(game, "Ann")["position"] == 15
    released = [e for e in game.events if e.kind == "lockup"][-1]
    assert released.data["p"] == Fraction(1, 4)


def test_rule_30_a_newcomer_in_the_lockup_lets_others_testify():
    game = new(dice=[1, 1, 1])
    game.arrange(jail={"Bob": "lockup"}, position={"Ann": 10}, cops={"Liquor Store": 1})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")  # Ann is caught and has no $100: straight to the lockup
    act(game, "testify", "testify and go free", "Bob")
    assert seat(game, "Bob")["visiting"] and not seat(game, "Bob")["lockup"]
    assert game.view(None)["jail"]["lockup"] == ["Ann"]


def test_rule_31_landing_on_jail_is_just_visiting():
    game = new(dice=VISIT)
    act(game, "turn", "two dice")
    ann = seat(game, "Ann")
    assert ann["visiting"] and not ann["lockup"] and ann["pills"] == 6
    assert game.events[-1].kind == "visit"


def test_rule_32_landing_with_another_player_gives_one_pill():
    game = new(dice=VISIT)
    game.arrange(position={"Bob": JAIL})
    act(game, "turn", "two dice")
    act(game, "meet", "give a pill to Bob")
    assert seat(game, "Bob")["pills"] == 7 and seat(game, "Bob")["owed"] == 1
    assert seat(game, "Ann")["pills"] == 5
    assert game.decision.kind == "trade"  # no second pill for Bob: the meeting is over


def test_rule_33_given_pills_are_taken_first_each_with_its_own_roll():
    game = new(dice=[*VISIT, 3, 5, *PASS])
    game.arrange(owed={"Bob": 2})
    act(game, "turn", "two dice")  # Ann visits Jail; Bob's turn begins with his given pills
    act(game, "rob", "leave it", "Bob")  # the first: 3, the News Stand
    act(game, "bet", "no bet", "Bob")  # the second: 5, on to Lucky Day
    bob = seat(game, "Bob")
    assert (bob["owed"], bob["pills"], bob["zonkometer"]) == (0, 4, 14)
    assert "Smell" not in up(game, "Bob") and "Touch" not in up(game, "Bob")
    pass_turn(game)  # then the turn's own move
    assert seat(game, "Bob")["position"] == HOME


def test_rule_34_a_given_pill_waits_for_the_turn_after_waking():
    game = new(dice=[*VISIT, 6, *PASS, 2, *PASS, 3])
    game.arrange(owed={"Bob": 2})
    act(game, "turn", "two dice")  # Bob's first given pill brings a coma; the second waits
    assert seat(game, "Bob")["coma"] == 0 and seat(game, "Bob")["owed"] == 1
    game.arrange(coma={"Bob": 4})
    pass_turn(game, "Ann")
    act(game, "coma", "roll the coma die", "Bob")  # awake, nothing else this turn
    assert seat(game, "Bob")["coma"] is None and seat(game, "Bob")["owed"] == 1
    pass_turn(game, "Ann")
    act(game, "rob", "leave it", "Bob")  # first the given pill: 3, the News Stand
    assert seat(game, "Bob")["owed"] == 0 and seat(game, "Bob")["zonkometer"] == 14


def test_rule_35_no_pills_for_players_at_home_or_in_a_coma():
    game = new(players=TRIO, dice=[1, 1, *VISIT])
    game.arrange(position={"Ann": 34})
    act(game, "turn", "two dice")  # Home, where Bob and Cy are: no meeting
    assert game.decision.kind == "turn" and game.decision.player == "Bob"
    game.arrange(position={"Cy": JAIL}, coma={"Cy": 0})
    visit(game, "Bob")  # Cy's body lies at Jail: it may be rolled, not given a pill
    act(game, "roll_money", 0, "Bob")
    act(game, "roll_pills", 0, "Bob")
    assert game.decision.kind == "coma" and game.decision.player == "Cy"


def test_rule_36_pills_given_at_party_time_are_taken_with_the_party_pill():
    game = new(dice=[4, 5, 4, 1, 5])
    game.arrange(position={"Ann": 9})
    act(game, "turn", "two dice")  # 9 + 9: PARTY TIME, Bob comes
    act(game, "meet", "give a pill to Bob")
    assert seat(game, "Bob")["owed"] == 1
    act(game, "rob", "leave it")  # Ann's party pill: 4, the Pawn Shop
    bob = seat(game, "Bob")  # Bob's party turn: the given pill first: 1, Park Connection
    assert bob["guest"] and bob["owed"] == 0 and bob["position"] == 19
    act(game, "buy", "no pills", "Bob")
    act(game, "buy", "no pills", "Bob")  # then his party pill: 5, Subway Connection
    bob = seat(game, "Bob")
    assert (bob["zonkometer"], bob["pills"], bob["position"], bob["guest"]) == (14, 5, 24, False)
    assert game.view(None)["party"] is None


def test_rule_37_a_visitor_may_give_a_pill_into_the_lockup():
    game = new(dice=[*VISIT, 2, 1, 2])
    game.arrange(jail={"Bob": "lockup"}, pills={"Bob": 0})
    act(game, "turn", "two dice")  # Ann visits Jail
    act(game, "meet", "give a pill to Bob")
    act(game, "trade", "no trade", "Ann")  # trading goes through the bars too
    act(game, "trade", "no trade", "Bob")
    # Bob's lockup turn starts with the given pill: a 2 takes Hearing, and no move
    bob = seat(game, "Bob")
    assert bob["lockup"] and (bob["pills"], bob["owed"], bob["zonkometer"]) == (0, 0, 13)
    assert "Hearing" not in up(game, "Bob")
    act(game, "lockup", "roll two dice", "Bob")  # 1 + 2: odd, he stays
    assert seat(game, "Bob")["lockup"]


def test_rule_38_players_on_one_space_trade_pills_also_in_others_turns():
    game = new(players=TRIO, dice=PASS)
    game.arrange(position={"Bob": JAIL, "Cy": JAIL})
    pass_turn(game, "Ann")  # in Ann's turn, Bob and Cy may trade at Jail; Ann, at Home, not
    act(game, "trade", "sell pills to Cy", "Bob")
    act(game, "trade_pills", 2, "Bob")
    act(game, "trade_price", 10, "Bob")
    assert game.view("Cy")["trade"] == {"seller": "Bob", "buyer": "Cy", "pills": 2,
                                        "price": 10, "proposer": "Bob"}
    act(game, "accept_trade", "accept", "Cy")
    assert (seat(game, "Bob")["pills"], seat(game, "Bob")["money"]) == (4, 40)
    assert (seat(game, "Cy")["pills"], seat(game, "Cy")["money"]) == (8, 20)
    act(game, "trade", "buy pills from Bob", "Cy")
    act(game, "trade_pills", 1, "Cy")
    act(game, "trade_price", 1, "Cy")
    act(game, "accept_trade", "refuse", "Bob")
    assert seat(game, "Cy")["pills"] == 8
    assert game.decision.kind == "turn" and game.decision.player == "Bob"


def test_rule_39_push_sells_at_least_one_when_holding_more():
    game = new(dice=[3, 2, *PASS, 3, 2])
    act(game, "turn", "two dice")  # 0 + 5: Push at $12
    assert game.decision.amount.low == 1 and game.decision.amount.high == 6
    with pytest.raises(IllegalAction):
        game.apply(0)
    act(game, "push", 2)
    assert seat(game, "Ann")["money"] == 54 and seat(game, "Ann")["pills"] == 4
    pass_turn(game)
    game.arrange(position={"Ann": HOME}, pills={"Ann": 1})
    act(game, "turn", "two dice", "Ann")
    assert game.decision.amount.low == 0  # with one pill, selling is a choice
    act(game, "push", 0)


def test_rule_40_be_a_pimp_places_a_lady():
    game = new(dice=[1, 3])
    game.arrange(position={"Ann": 9})
    act(game, "turn", "two dice")  # Be a Pimp
    assert game.decision.choices == ("the $5 lady", "the $10 lady", "the $15 lady",
                                     "the $20 lady", "the $25 lady")
    act(game, "lady", "the $25 lady")
    assert "HOME" not in game.decision.choices and "JAIL" in game.decision.choices
    act(game, "lady_space", "JAIL")
    jail = game.view(None)["spaces"][JAIL]
    assert (jail["owner"], jail["lady"]) == ("Ann", 25)
    assert sorted(game.view(None)["ladies"]) == [5, 10, 10, 15, 20]


def test_rule_41_the_ladys_amount_first_or_nothing_when_short():
    game = new(dice=[*VISIT, *VISIT])
    game.arrange(ladies={"JAIL": {"owner": "Bob", "amount": 25}})
    act(game, "turn", "two dice")
    assert seat(game, "Ann")["money"] == 5 and seat(game, "Bob")["money"] == 55
    assert [e.kind for e in game.events[-3:]][:2] == ["move", "lady"]
    visit(game)  # the owner pays nothing on his own lady
    assert seat(game, "Bob")["money"] == 55
    short = new(dice=VISIT)
    short.arrange(ladies={"JAIL": {"owner": "Bob", "amount": 25}}, money={"Ann": 20})
    act(short, "turn", "two dice")
    assert seat(short, "Ann")["money"] == 20 and seat(short, "Bob")["money"] == 30


def test_rule_42_take_a_pill_space_is_another_pill_at_once():
    game = new(dice=[1, 3, 4])
    act(game, "turn", "two dice")  # 0 + 4: Take a Pill; its pill die 4 moves on to 8
    ann = seat(game, "Ann")
    assert (ann["pills"], ann["zonkometer"], ann["position"]) == (5, 13, 8)
    assert "Taste" not in up(game, "Ann")
    act(game, "bet", "no bet")


def test_rule_43_take_a_pill_with_no_pill_lowers_the_zonkometer_and_ends_the_turn():
    game = new(dice=[1, 3])
    game.arrange(pills={"Ann": 0})
    act(game, "turn", "two dice")
    assert seat(game, "Ann")["zonkometer"] == 11 and seat(game, "Ann")["position"] == 4
    assert game.decision.player == "Bob"


def test_rule_44_a_public_card_is_read_resolved_and_discarded():
    game = new(dice=[1, 1])
    game.arrange(deck=["Found $20"])
    act(game, "turn", "two dice")
    view = game.view("Bob")
    assert seat(game, "Ann")["money"] == 50
    assert view["deck"]["last_card"]["title"] == "Found $20" and view["deck"]["discards"] == 1
    assert "Found $20" in game.events[-1].text


def test_rule_45_a_secret_card_is_kept_face_down_and_played_when_it_applies():
    game = new(dice=[1, 1, *PASS, 1, 1, 1])
    game.arrange(deck=["Lawyer"])
    act(game, "turn", "two dice")
    assert game.view("Ann")["your_cards"] == ["Lawyer"]
    assert game.view("Bob")["your_cards"] == [] and seat(game, "Ann", "Bob")["secret_cards"] == 1
    assert "Lawyer" not in " ".join(e.text for e in game.events)
    pass_turn(game)
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1})
    act(game, "turn", "two dice", "Ann")
    act(game, "rob", "rob")  # caught: the Lawyer may now be played
    act(game, "lawyer", "play Lawyer")
    ann = seat(game, "Ann")
    assert ann["position"] == 12 and not ann["lockup"] and ann["secret_cards"] == 0


def test_rule_46_lucky_day_several_bets_one_roll():
    game = new(dice=[4, 4, 3, 4])
    act(game, "turn", "two dice")  # Lucky Day
    act(game, "bet", "bet on 7")
    act(game, "stake", 10)
    assert game.view("Ann")["lucky_day"]["bets"] == {"7": 10}
    act(game, "bet", "bet on 8")
    assert game.decision.amount.high == 20  # the stakes still on the table count
    act(game, "stake", 5)
    act(game, "bet", "roll the dice")  # 3 + 4: the 7 wins 4 x 10; the 5 on 8 is lost
    assert seat(game, "Ann")["money"] == 30 + 40 - 5


def test_rule_46_money_cannot_be_arranged_below_the_stakes_on_the_table():
    game = new(dice=[4, 4, 3, 4])
    act(game, "turn", "two dice")  # Lucky Day
    act(game, "bet", "bet on 7")
    act(game, "stake", 25)
    before = game.save()
    with pytest.raises(IllegalAction, match=r"Ann has \$25 staked at Lucky Day"):
        game.arrange(money={"Ann": 10})
    assert game.save() == before
    game.arrange(money={"Ann": 25})
    act(game, "bet", "roll the dice")  # 3 + 4: the 7 wins 4 x 25
    assert seat(game, "Ann")["money"] == 25 + 100


def test_rule_46_a_purse_arranged_below_the_least_bet_is_offered_no_bet():
    game = new(dice=[4, 4, 3, 4])
    act(game, "turn", "two dice")  # Lucky Day, with money for a bet
    assert "bet on 7" in game.legal_actions()
    game.arrange(money={"Ann": 0})
    assert game.legal_actions() == ["no bet"]
    act(game, "bet", "no bet")
    assert seat(game, "Ann")["money"] == 0


def test_rule_47_the_loan_shark_lends_up_to_300():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 25})
    act(game, "turn", "two dice")
    with pytest.raises(IllegalAction):
        game.apply(301)
    act(game, "loan", 300)
    assert seat(game, "Ann")["money"] == 330 and seat(game, "Ann")["loan"] == 300


def test_rule_48_landing_again_repays_double():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 25}, loans={"Ann": 100}, money={"Ann": 250})
    act(game, "turn", "two dice")
    assert seat(game, "Ann")["money"] == 50 and seat(game, "Ann")["loan"] == 0


def test_rule_49_unable_to_repay_lose_everything_but_one_sense():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 25}, loans={"Ann": 100}, money={"Ann": 150})
    act(game, "turn", "two dice")
    act(game, "keep_sense", "Taste")
    ann = seat(game, "Ann")
    assert (ann["money"], ann["pills"], ann["loan"]) == (0, 0, 100)
    assert up(game, "Ann") == ["Taste"]


def test_rule_50_party_time_gathers_everyone_but_the_lockup_and_wakes_the_coma():
    game = new(players=["Ann", "Bob", "Cy", "Di"], dice=[4, 5, 1])
    game.arrange(position={"Ann": 9, "Bob": 30}, coma={"Bob": 2}, jail={"Cy": "lockup"})
    act(game, "turn", "two dice")  # 9 + 9 = PARTY TIME
    view = game.view(None)
    assert seat(game, "Bob")["coma"] is None and seat(game, "Bob")["position"] == PARTY
    assert seat(game, "Cy")["lockup"] and seat(game, "Di")["position"] == PARTY
    assert view["party"] == {"space": PARTY, "guests": ["Bob", "Di"]}


def test_rule_51_the_host_takes_a_pill_or_one_from_the_first_on_the_left_with_two():
    game = new(players=TRIO, dice=[4, 5, 1])
    game.arrange(position={"Ann": 9}, pills={"Ann": 0, "Bob": 1, "Cy": 3})
    act(game, "turn", "two dice")  # PARTY TIME; Bob has one pill only: Cy gives
    assert seat(game, "Cy")["pills"] == 2 and seat(game, "Ann")["pills"] == 0
    assert seat(game, "Ann")["position"] == 19 and seat(game, "Ann")["zonkometer"] == 13
    assert game.decision.kind == "buy"


def test_rule_51_the_host_takes_from_the_first_on_the_left_with_two_even_in_the_lockup():
    game = new(players=TRIO, dice=[4, 5, 1])
    game.arrange(position={"Ann": 9}, pills={"Ann": 0, "Bob": 0, "Cy": 3},
                 jail={"Bob": "lockup"})
    game.arrange(pills={"Bob": 2})  # Bob has two pills behind the bars
    act(game, "turn", "two dice")  # PARTY TIME: Bob is not at the party, yet gives
    assert seat(game, "Bob")["pills"] == 1 and seat(game, "Cy")["pills"] == 3
    assert seat(game, "Ann")["position"] == 19 and seat(game, "Ann")["zonkometer"] == 13
    assert game.decision.kind == "buy"


def test_rule_52_guests_take_a_pill_from_those_still_at_the_party():
    game = new(players=TRIO, dice=[4, 5, 1, 4])
    game.arrange(position={"Ann": 9}, pills={"Ann": 3, "Bob": 0, "Cy": 2})
    act(game, "turn", "two dice")
    act(game, "meet", "done")
    act(game, "buy", "no pills", "Ann")  # Ann's party pill: 1, off to Park Connection
    act(game, "trade", "no trade", "Bob")
    act(game, "trade", "no trade", "Cy")
    # Bob's party turn: no pill of his own, Ann has left: Cy gives one
    assert game.decision.kind == "rob"  # Bob's party pill: 18 + 4, the Pawn Shop
    assert seat(game, "Cy")["pills"] == 1 and seat(game, "Bob")["zonkometer"] == 13


def test_rule_53_no_pill_to_be_had_at_the_party():
    game = new(players=TRIO, dice=[4, 5, 3, 4])
    game.arrange(position={"Ann": 9}, pills={"Ann": 0, "Bob": 1, "Cy": 0})
    act(game, "turn", "two dice")  # nobody has two pills: Zonkometer down, two dice
    ann = seat(game, "Ann")
    assert ann["zonkometer"] == 11 and ann["position"] == 25
    assert game.decision.kind == "lady"


def test_rule_54_the_party_time_card_gathers_everyone_on_the_chance_space():
    game = new(players=TRIO, dice=[1, 1, 5])
    game.arrange(deck=["PARTY TIME"], position={"Bob": 20})
    act(game, "turn", "two dice")  # Chance at 2: the PARTY TIME card
    assert seat(game, "Bob")["position"] == 2 and seat(game, "Cy")["position"] == 2
    act(game, "meet", "done")
    assert seat(game, "Ann")["position"] == 7  # the party pill: 5
    assert game.decision.kind == "rob"


# ----------------------------------------------------------------------------------------
# B. The kit's resolutions of the gaps (RULES.md section 5 B)
# ----------------------------------------------------------------------------------------
def test_b04_the_zonkometer_stops_at_the_top_and_the_bottom():
    game = new(dice=[3, *PASS, 1, 3])
    game.arrange(zonkometer={"Ann": 20})
    act(game, "turn", "pill")
    assert seat(game, "Ann")["zonkometer"] == 20
    act(game, "rob", "leave it")
    pass_turn(game)
    game.arrange(position={"Ann": HOME}, zonkometer={"Ann": 1}, pills={"Ann": 0})
    act(game, "turn", "two dice", "Ann")  # Take a Pill with no pill, at the bottom
    assert seat(game, "Ann")["zonkometer"] == 1


def test_b05_a_one_at_the_darkest_step_still_costs_a_sense():
    game = new(dice=[6, *PASS, 1])
    act(game, "turn", "pill")
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")
    act(game, "lose_sense", "Sight")
    assert seat(game, "Ann")["coma"] == 0 and up(game, "Ann") == ["Hearing", "Smell", "Taste",
                                                                  "Touch"]


def test_b06_with_every_lady_at_work_be_a_pimp_does_nothing():
    game = new(dice=[1, 3])
    names = ["News Stand", "Gas Station", "Bank", "Pawn Shop", "Drug Store", "Liquor Store"]
    game.arrange(ladies={n: {"owner": "Bob", "amount": a}
                         for n, a in zip(names, [5, 10, 10, 15, 20, 25], strict=True)},
                 position={"Ann": 9})
    act(game, "turn", "two dice")
    assert game.decision.player == "Bob" and "no lady" in game.events[-1].text


def test_b07_lucky_day_can_pay_fair_odds():
    game = new(dice=[4, 4, 3, 3], lucky_day="fair")
    assert game.view(None)["lucky_day"]["odds"]["6"] == "31/5"
    act(game, "turn", "two dice")
    act(game, "bet", "bet on 6")
    act(game, "stake", 10)
    act(game, "bet", "roll the dice")
    assert seat(game, "Ann")["money"] == 30 + 62


def test_b08_the_deck_holds_24_public_and_8_secret_cards():
    cards = new().view(None)["chance_cards"]
    assert sum(c["count"] for c in cards if not c["secret"]) == 24
    assert sum(c["count"] for c in cards if c["secret"]) == 8


def test_b09_an_empty_dish_sells_no_pills():
    game = new(dice=[1, 1])
    game.arrange(pills={"Bob": 94}, position={"Ann": 8})
    assert game.view(None)["dish"] == 0
    act(game, "turn", "two dice")  # Dock Connection, but the dish is empty
    assert game.decision.player == "Bob"


def test_b10_no_second_loan_while_one_is_out():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 25}, loans={"Ann": 100}, money={"Ann": 500})
    act(game, "turn", "two dice")  # repaid; no new loan on this visit
    assert seat(game, "Ann")["money"] == 300 and game.decision.player == "Bob"


def test_b11_given_pills_lost_meanwhile_are_no_longer_owed():
    game = new(players=TRIO, dice=PASS)
    game.arrange(position={"Bob": JAIL, "Cy": JAIL}, owed={"Bob": 2})
    pass_turn(game, "Ann")
    act(game, "trade", "sell pills to Cy", "Bob")
    act(game, "trade_pills", 5, "Bob")
    act(game, "trade_price", 5, "Bob")
    act(game, "accept_trade", "accept", "Cy")
    assert seat(game, "Bob")["pills"] == 1 and seat(game, "Bob")["owed"] == 1


def test_b13_passing_home_without_stopping_does_not_win():
    game = new(dice=[3, 4])
    game.arrange(position={"Ann": 30}, zonkometer={"Ann": 20})
    act(game, "turn", "two dice")
    act(game, "stop_short", "go on to Alley Connection")
    assert not game.is_over and seat(game, "Ann")["money"] == 30


def test_b15_the_most_recent_dead_player_is_the_banker():
    game = new(players=["Ann", "Bob", "Cy", "Di"], dice=[1])
    game.arrange(dead=["Cy"], senses={"Ann": ["Sight"]})
    assert game.view(None)["banker"] == "Cy"
    act(game, "turn", "pill")
    assert game.view(None)["banker"] == "Ann" and not game.is_over


# ----------------------------------------------------------------------------------------
# Secret cards, hidden information
# ----------------------------------------------------------------------------------------
def test_get_out_of_jail_in_jail_or_in_the_lockup():
    game = new(dice=[1, 1, 1])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1},
                 cards={"Ann": ["Get out of Jail", "Get out of Jail"]})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")
    act(game, "lawyer", "go to Jail")  # asked of every holder of a secret card
    act(game, "jail", "play Get out of Jail")
    assert seat(game, "Ann")["visiting"] and seat(game, "Ann")["pills"] == 6
    lockup = new(dice=[*PASS, *PASS, 2, 2])
    pass_turn(lockup, "Ann")
    lockup.arrange(jail={"Ann": "lockup"}, cards={"Ann": ["Get out of Jail"]})
    pass_turn(lockup)
    act(lockup, "lockup", "play Get out of Jail", "Ann")
    act(lockup, "turn", "two dice", "Ann")  # free, the turn goes on: 9 + 4
    assert seat(lockup, "Ann")["position"] == 13


def test_smelling_salts_wake_at_once():
    game = new(dice=[6])
    game.arrange(cards={"Ann": ["Smelling salts"]})
    act(game, "turn", "pill")
    act(game, "coma", "play Smelling salts")
    assert seat(game, "Ann")["coma"] is None and game.decision.player == "Bob"
    later = new(dice=[6, *PASS])
    later.arrange(cards={"Ann": ["Smelling salts"]})
    act(later, "turn", "pill")
    act(later, "coma", "stay in the coma")
    pass_turn(later)
    act(later, "coma", "play Smelling salts", "Ann")
    assert seat(later, "Ann")["coma"] is None


def test_antidote_saves_a_sense():
    game = new(dice=[3])
    game.arrange(cards={"Ann": ["Antidote"]})
    act(game, "turn", "pill")
    act(game, "antidote", "play Antidote")
    assert up(game, "Ann") == ["Sight", "Hearing", "Smell", "Taste", "Touch"]
    assert seat(game, "Ann")["position"] == 3


def test_pickpocket_takes_from_a_player_on_the_space():
    game = new(dice=VISIT)
    game.arrange(position={"Bob": JAIL}, cards={"Ann": ["Pickpocket"]}, money={"Bob": 15})
    act(game, "turn", "two dice")
    act(game, "meet", "play Pickpocket on Bob")
    assert seat(game, "Ann")["money"] == 45 and seat(game, "Bob")["money"] == 0


#: A moment a secret card applies: the dice, the table, the answers before it, the card and
#: the action that plays it.
MOMENTS = {
    "busted": ([1, 1, 1], {"position": {"Ann": 10}, "cops": {"Liquor Store": 1}},
               ["two dice", "rob", "go to Jail"], "Get out of Jail", "play Get out of Jail"),
    "lawyer": ([1, 1, 1], {"position": {"Ann": 10}, "cops": {"Liquor Store": 1}},
               ["two dice", "rob"], "Lawyer", "play Lawyer"),
    "sense": ([3], {}, ["pill"], "Antidote", "play Antidote"),
    "coma": ([6], {}, ["pill"], "Smelling salts", "play Smelling salts"),
    "meeting": (VISIT, {"position": {"Bob": JAIL}}, ["two dice"], "Pickpocket",
                "play Pickpocket on Bob"),
}


@pytest.mark.parametrize("moment", MOMENTS)
def test_rule_45_what_a_player_is_asked_does_not_tell_which_secret_card_they_hold(moment):
    dice, table, answers, card, play = MOMENTS[moment]
    other = "Antidote" if card != "Antidote" else "Lawyer"

    def seen(held):
        """What Bob sees at each step up to Ann's card: the decision, his view, the log."""
        game = new(dice=dice)
        game.arrange(cards={"Ann": [held]}, **table)
        steps = []
        for action in [*answers, play]:
            pending = game.decision
            steps.append(((pending.player, pending.kind, pending.prompt, pending.choices),
                          game.view("Bob"), [e.text for e in game.events]))
            game.apply(action)
        return steps, game

    holding, played = seen(card)
    without, kept = seen(other)
    assert holding == without
    assert play in holding[-1][0][3] and played.hands["Ann"] == []
    assert kept.hands["Ann"] == [other]  # tried without the card: nothing is played


def test_a_card_picked_in_jail_without_holding_it_leaves_the_bribe_to_choose():
    game = new(dice=[1, 1, 1])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1}, money={"Ann": 150},
                 cards={"Ann": ["Antidote"]})
    act(game, "turn", "two dice")
    act(game, "rob", "rob")
    act(game, "lawyer", "go to Jail")
    assert game.decision.choices == ("pay the $100 bribe", "play Get out of Jail",
                                     "go to the lockup")
    act(game, "jail", "play Get out of Jail")  # Ann holds none: asked again
    assert game.decision.choices == ("pay the $100 bribe", "go to the lockup")
    act(game, "jail", "pay the $100 bribe")
    assert seat(game, "Ann")["visiting"] and seat(game, "Ann")["secret_cards"] == 1


def test_secret_cards_are_seen_only_by_their_holder():
    game = new(players=TRIO)
    game.arrange(cards={"Bob": ["Antidote", "Lawyer"]})
    assert game.view("Bob")["your_cards"] == ["Antidote", "Lawyer"]
    assert game.view("Ann")["your_cards"] == [] and game.view(None)["your_cards"] is None
    assert seat(game, "Bob", "Cy")["secret_cards"] == 2
    text = repr(game.view("Ann"))
    assert "Antidote" not in text.replace("'title': 'Antidote'", "")


def test_a_secret_card_cannot_be_played_without_it_or_out_of_its_moment():
    game = new(dice=[1, 1, 1])
    game.arrange(position={"Ann": 10}, cops={"Liquor Store": 1}, money={"Ann": 150})
    before = game.save()
    for bad in ("play Lawyer", "play Antidote"):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.save() == before
    act(game, "turn", "two dice")
    act(game, "rob", "rob")
    with pytest.raises(IllegalAction):
        game.apply("play Get out of Jail")  # not held
    act(game, "jail", "go to the lockup")


# ----------------------------------------------------------------------------------------
# Bad input, staging, options, the end, content
# ----------------------------------------------------------------------------------------
def test_bad_amounts_are_refused_and_change_nothing():
    game = new(dice=[1, 1])
    game.arrange(position={"Ann": 8}, pills={"Bob": 90})
    act(game, "turn", "two dice")
    assert game.decision.amount.high == 4  # the dish holds 4
    before = game.save()
    for bad in (5, 11, -1, "11 pills"):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.save() == before
    bets = new(dice=[4, 4])
    act(bets, "turn", "two dice")
    act(bets, "bet", "bet on 7")
    with pytest.raises(IllegalAction):
        bets.apply(31)  # more than Ann holds


def test_no_pill_can_be_given_at_home_or_to_a_coma():
    game = new(players=TRIO, dice=VISIT)
    game.arrange(position={"Bob": JAIL, "Cy": JAIL}, coma={"Bob": 0})
    act(game, "turn", "two dice")
    act(game, "roll_money", 0)
    act(game, "roll_pills", 0)
    assert game.decision.choices == ("done", "give a pill to Cy")
    with pytest.raises(IllegalAction):
        game.apply("give a pill to Bob")


def test_bad_arrangements_are_refused_and_change_nothing():
    game = new(players=TRIO)
    before = game.save()
    for bad, message in [
        ({"position": {"Zed": 3}}, "keyed by player names"),
        ({"position": {"Ann": "Moon"}}, "not a space"),
        ({"money": {"Ann": -5}}, "whole number"),
        ({"pills": {"Ann": 90, "Bob": 90}}, "the dish holds"),
        ({"owed": {"Ann": 7}}, "cannot owe"),
        ({"senses": {"Ann": ["Smell", "Sixth"]}}, "at least one of"),
        ({"senses": {"Ann": []}}, "at least one of"),
        ({"zonkometer": {"Ann": 21}}, "from 1 to 20"),
        ({"coma": {"Ann": 5}}, "from 0 to 4"),
        ({"jail": {"Ann": "cell"}}, "lockup"),
        ({"cops": {"HOME": 1}}, "Connections and robberies"),
        ({"ladies": {"HOME": {"owner": "Ann", "amount": 5}}}, "Home"),
        ({"ladies": {"JAIL": {"owner": "Ann", "amount": 7}}}, "one of"),
        ({"cards": {"Ann": ["PARTY TIME"]}}, "secret cards"),
        ({"cards": {"Ann": ["Lawyer", "Lawyer"]}}, "no 'Lawyer' card is left"),
        ({"deck": ["Joker"]}, "no 'Joker' card"),
        ({"loans": {"Ann": 400}}, "from 0 to 300"),
        ({"dead": ["Ann", "Bob"]}, "two players must stay alive"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            game.arrange(**bad)
        assert game.save() == before, bad


def test_an_arranged_game_saves_and_loads_with_its_table():
    game = new(players=TRIO, dice=[1, 1])
    game.arrange(position={"Ann": 8}, cards={"Bob": ["Lawyer"]}, cops={"Dock Connection": 2})
    act(game, "turn", "two dice")
    loaded = tabletop.load(game.save())
    assert loaded == game and loaded.view("Bob") == game.view("Bob")


def test_options_and_reserved_names():
    with pytest.raises(OptionError, match="unknown option"):
        new(zonk=3)
    with pytest.raises(OptionError, match="name the game uses"):
        new(players=["Ann", "bank"])
    assert set(tabletop.new_game("rush").arrangeable()) >= {"position", "money", "pills", "coma"}


def test_the_round_limit_ranks_the_living():
    game = new(players=TRIO, dice=[*PASS, *PASS, *PASS], max_rounds=1)
    game.arrange(zonkometer={"Cy": 15, "Bob": 14}, senses={"Ann": ["Sight"]})
    for player in TRIO:
        pass_turn(game, player)
    assert game.is_over and game.result.winners == ("Cy",)
    assert game.result.ranking == ("Cy", "Bob", "Ann") and "limit of 1 round was" in \
        game.result.reason


def test_bots_end_every_game_and_keep_the_pills_money_and_cards():
    from tabletop.bots import make_bot
    from tabletop.core.play import bot_move

    for kind in ("random", "heuristic"):
        for seed in range(4):
            game = tabletop.new_game("rush", players=TRIO, seed=seed)
            bots = {p: make_bot("rush", kind, seed + k) for k, p in enumerate(TRIO)}
            kept = game.conserved()
            while not game.is_over:
                game.apply(bot_move(game, bots[game.decision.player]))
                assert game.conserved() == kept
            assert game.result.reason


def test_the_heuristic_bot_puts_a_lady_six_to_eight_spaces_after_a_corner():
    from tabletop.games.rush.bots import lady_spots

    kinds = ["home", *["street"] * 8, "jail", "street", "street"]  # round the loop: 8 -> 3
    assert lady_spots(kinds) == [3, 4, 5, 6, 7, 8]
    assert lady_spots(["street"] * 5) == []


#: The entry a broken content file must be blamed for: (text in content.toml, its break).
BROKEN_CONTENT = {
    "board[9].kind": ('kind = "jail"', 'kind = "prison"'),
    "board[1].price": ("price = 8", "price = 0"),
    "board": ('kind = "home"', 'kind = "chance"'),
    "chance[0].effect": ('count = 2\neffect = "party_time"', 'count = 2\neffect = "disco"'),
    "chance[4].amount": ('effect = "collect"\namount = 20', 'effect = "collect"'),
    "chance[19].secret": ('effect = "lawyer"\nsecret = true', 'effect = "lawyer"'),
    "coma.steps": ("steps = [-1, 1, 1, 1, 2, 2]", "steps = [-1, 1, 1, 1, 2]"),
    "zonkometer.start": ("start = 12 ", "start = 40 "),
    "lucky_day.printed": ("2 = 30, 3 = 15", "3 = 15"),
    "senses.names": ('names = ["Sight", "Hearing"', 'names = ["Sight", "Sight"'),
}


@pytest.mark.parametrize("entry", BROKEN_CONTENT)
def test_a_broken_content_file_names_the_file_and_entry(tmp_path, entry):
    old, new_text = BROKEN_CONTENT[entry]
    text = CONTENT.read_text(encoding="utf-8")
    assert old in text
    house = tmp_path / "house.toml"
    house.write_text(text.replace(old, new_text, 1), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        new(content=str(house))
    assert str(error.value).startswith(f"house.toml: entry {entry}:")


def test_the_view_has_the_shared_shape_and_the_odds_a_widget_shows():
    game = new(players=TRIO, dice=[6])
    game.arrange(cops={"Bank": 2}, senses={"Ann": ["Sight", "Smell"]})
    act(game, "turn", "pill")
    view = game.view("Bob")
    assert [s["name"] for s in view["seats"]] == TRIO and view["seats"][0]["position"] is None
    assert {"index", "name", "kind", "owner", "highlight"} <= set(view["spaces"][0])
    assert view["spaces"][0]["bodies"] == ["Ann"] and view["seats"][0]["money"] == 30
    assert view["odds"]["arrest"]["33"] == "1/3"
    assert view["odds"]["pill"] == {"sense lost": "5/6", "coma": "1/6"}
    assert view["odds"]["lockup_release"] == "1/4"
    assert game.view(None)["odds"]["pill"] is None


# ----------------------------------------------------------------------------------------
# The log's wording
# ----------------------------------------------------------------------------------------
def test_log_one_pill_is_singular():
    game = new(dice=[3, 2])
    act(game, "turn", "two dice")  # 0 + 5: Push at $12
    act(game, "push", 1)
    assert game.events[-1].text == "Ann sells 1 pill for $12"


def test_log_party_guests_are_joined_and_the_verb_agrees():
    game = new(players=TRIO, dice=[4, 5, 3])
    game.arrange(position={"Ann": 9})
    act(game, "turn", "two dice")
    assert any(e.text.endswith(": Bob and Cy come") for e in game.events)
    alone = new(dice=[4, 5, 3])
    alone.arrange(position={"Ann": 9})
    act(alone, "turn", "two dice")
    assert any(e.text.endswith(": Bob comes") for e in alone.events)


def test_log_a_one_at_the_darkest_step_stays_there():
    game = new(dice=[6, *PASS, 1, *PASS, 1])
    act(game, "turn", "pill")
    pass_turn(game)
    act(game, "coma", "roll the coma die", "Ann")
    assert any(e.text.startswith("Ann stays at DARKEST") for e in game.events)
    assert not any("slips back to DARKEST" in e.text for e in game.events)


def test_the_coma_option_that_rolls_the_die_says_so():
    game = new(dice=[6, *PASS, 2])
    game.arrange(cards={"Ann": ["Smelling salts"]})
    act(game, "turn", "pill")
    act(game, "coma", "stay in the coma")  # falling into the coma: no die is rolled now
    pass_turn(game)
    assert game.decision.choices == ("play Smelling salts", "roll the coma die")
    act(game, "coma", "roll the coma die", "Ann")
    assert seat(game, "Ann")["coma"] == 1
