"""Hip Town -- one test per rule of RULES.md 3 A, then the gaps of 3 B, every Reality card,
options, staging, bad input, hidden information, the view, content files and bots.

Seats are Ann, Bob, Cy (Ann rolls first) unless a test says otherwise. The die is scripted
by face ("coins", "reality", "property", "choice"), mapped to face numbers from the content;
positions are staged with ``arrange`` at the start of a turn, while a player is asked to roll.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import tabletop
from tabletop import ContentError, IllegalAction, OptionError, Script
from tabletop.bots import make_bot
from tabletop.core.content import content_path, game_content
from tabletop.core.play import play_to_end
from tabletop.games.hip_town.bots import HeuristicBot
from tabletop.games.hip_town.content import build

SEATS = ("Ann", "Bob", "Cy")
C = game_content("hip_town", build)
FACE = {face: C.faces.index(face) + 1 for face in C.faces}
NONE = {p: [] for p in SEATS}

# Ann's nine businesses of rating 0, no four of a type joined, all five types:
# A: Laundromat Food-Truck Mural Thrift Dive-Bar / B: Food-Truck Mural Thrift Laundromat .
NINE = {"A1": "Laundromat 1", "A2": "Food Truck 1", "A3": "Street Mural 1",
        "A4": "Thrift Store 1", "A5": "Dive Bar 1", "B1": "Food Truck 2",
        "B2": "Street Mural 2", "B3": "Thrift Store 2", "B4": "Laundromat 2"}
# 9 card points + 3 for all five types once Dive Bar 2 stands on B5 = 13 Hip Points.
THIRTEEN = {"A1": "Speakeasy 1", "A2": "Wine Bar 1"}  # 9 + 4


def new(*faces: str, deck=None, reality=None, picks=(), seats=SEATS, seed=1, **options):
    """A game whose die shows ``faces`` in turn; ``deck`` / ``reality``: the order of the
    two first shuffles (top card first); ``picks``: the cards picked at random."""
    script = Script(dice=[FACE[f] for f in faces], orders=[deck, reality], picks=list(picks))
    return tabletop.new_game("hip_town", players=list(seats), seed=seed, script=script,
                             **options)


def staged(*faces: str, hands=None, towns=None, coins=None, top=None, reality_top=None,
           market=None, picks=(), **options):
    """A game with the table staged before Ann's first roll: hands (empty unless given),
    neighbourhoods, coins, the top of the Property and the Reality decks, the market."""
    game = new(*faces, picks=picks, **options)
    changes = {"hands": {**NONE, **(hands or {})}}
    for key, value in (("neighbourhoods", towns), ("coins", coins), ("property_deck", top),
                       ("reality_deck", reality_top), ("market", market)):
        if value is not None:
            changes[key] = value
    game.arrange(**changes)
    return game


def act(game, *actions) -> None:
    for action in actions:
        game.apply(action)


def three_tied_at_the_end():
    """Ann builds Dive Bar 2 on B5 and the game ends with Ann, Bob and Cy on 13 Hip Points
    each; the top of the Property deck is scripted for their face-off flips."""
    game = staged("coins", hands={"Ann": ["Dive Bar 2"]},
                  towns={"Ann": NINE, "Bob": THIRTEEN,
                         "Cy": {"A1": "Opera House 1", "A2": "Dog Groomer 1"}},
                  coins={"Ann": 10, "Bob": 15, "Cy": 15},
                  top=["Laundromat 5", "Distillery 1", "Distillery 2", "Dog Groomer 2",
                       "Tattoo Studio 1"])
    act(game, "roll", "build Dive Bar on B5")
    return game


def refused(game, *actions, player=None) -> None:
    """Each of ``actions`` raises IllegalAction, and the game is left exactly as it was."""
    before = game.save()
    for action in actions:
        with pytest.raises(IllegalAction):
            game.apply(action, player=player)
    assert game.save() == before


def kinds(game) -> list[str]:
    return [e.kind for e in game.events]


def coins(game) -> dict[str, int]:
    return {p: game.ledger[p] for p in game.players}


def lot(game, player: str, name: str):
    return game.towns[player][game.frame.index[name]]


def dealt(hands: dict[str, list[str]], then=()) -> list[str]:
    """The Property deck order that deals ``hands`` (one card at a time, Ann first)."""
    order = list(hands)
    return [hands[p][k] for k in range(len(hands[order[0]])) for p in order] + list(then)


# ---- A. the rule checklist --------------------------------------------------------------
def test_rule_01_contents_of_the_box():
    assert len(C.property) == 108 and len(C.reality) == 54
    assert sum(C.pogs.values()) == 60 and C.bank_coins == 232
    assert len(C.faces) == 8
    game = new()
    counts = game.conserved()
    assert counts["Property cards"] == 108 and counts["Reality cards"] == 54
    assert counts["coins"] == 0  # the bank is a supply: it went below zero by what it paid


def test_rule_02_most_hip_points_wins_when_a_neighbourhood_is_complete():
    game = staged("coins", hands={"Ann": ["Dive Bar 2"]}, towns={"Ann": NINE, "Bob": {
        "A1": "Speakeasy 1", "A2": "Opera House 1", "A3": "Chef's Table 1"}})
    act(game, "roll", "build Dive Bar on B5")
    assert game.is_over
    assert game.result.winners == ("Bob",)  # 27 Hip Points beat Ann's 13, though Ann finished
    assert game.result.figures["Ann"]["hip_points"] == 13
    assert game.result.figures["Bob"]["hip_points"] == 27
    assert "Ann built the last lot" in game.result.reason


def test_rule_03_property_deck_shuffled_and_three_cards_dealt_to_each():
    hands = {"Ann": ["Laundromat 1", "Taco Stand 1", "Speakeasy 1"],
             "Bob": ["Food Truck 1", "Bakery 1", "Brewpub 1"],
             "Cy": ["Dive Bar 1", "Jazz Club 1", "Opera House 1"]}
    game = new(deck=dealt(hands))
    assert game.hands == hands
    assert game.events[0].kind == "shuffle" and game.events[0].data["what"] == "Property cards"
    deal = [e for e in game.events if e.kind == "deal"]
    assert [e.player for e in deal] == list(SEATS)
    assert all("Laundromat" not in e.text for e in deal)  # nobody sees another's cards
    assert len(game.property.pile) == 108 - 9
    other = new(seed=2)
    assert other.hands != hands  # a seeded shuffle, not the box order


def test_rule_04_reality_deck_shuffled_after_the_deal_both_decks_face_down():
    game = new("reality", reality=["Tourist boom 1"])
    shuffles = [e.data["what"] for e in game.events if e.kind == "shuffle"]
    assert shuffles == ["Property cards", "Reality cards"]
    assert kinds(game).index("deal") < kinds(game).index("shuffle", 1)
    view = game.view("Ann")
    assert view["decks"]["property"] == 99 and view["decks"]["reality"] == 54
    act(game, "roll")
    assert game.last_reality == "Tourist boom 1"


def test_rule_05_the_banker_gives_each_player_18_hip_coins():
    game = new()
    assert C.start_pogs == {10: 1, 5: 1, 1: 3} and C.start_coins == 18
    assert coins(game) == {"Ann": 18, "Bob": 18, "Cy": 18}
    assert game.ledger["bank"] == -54 and game.view()["bank"] == 232 - 54


def test_rule_06_the_youngest_or_the_latest_craft_beer_drinker_starts_then_clockwise():
    assert new().decision.player == "Ann"  # seat order: the first seat is the youngest
    assert new(ages="Cy, Ann, Bob").decision.player == "Cy"
    game = staged("coins", "coins", "coins", "coins", first="Bob")
    seen = []
    for _ in range(4):
        seen.append(game.decision.player)
        act(game, "roll")
    assert seen == ["Bob", "Cy", "Ann", "Bob"]
    with pytest.raises(OptionError, match="first"):
        new(first="Dee")
    with pytest.raises(OptionError, match="ages"):
        new(ages="Ann, Bob")


def test_rule_07_a_turn_is_the_roll_then_the_action():
    game = staged("coins", hands={"Ann": ["Laundromat 1"]})
    assert game.decision.kind == "roll"
    act(game, "roll")
    assert game.decision.player == "Ann" and game.decision.kind == "build"
    act(game, "build nothing")
    assert game.decision.player == "Bob" and game.decision.kind == "roll"


def test_rule_08_the_hip_coin_face_pays_five():
    game = new("coins")
    act(game, "roll")
    assert coins(game)["Ann"] == 23
    face = next(e for e in game.events if e.kind == "face")
    assert face.data["face"] == "coins" and face.data["p"] == Fraction(2, 8)


def test_rule_09_the_reality_face_draws_the_top_card_and_follows_it():
    game = staged("reality", reality_top=["Grant 1"])
    act(game, "roll")
    assert coins(game)["Ann"] == 23
    drawn = next(e for e in game.events if e.kind == "reality")
    assert drawn.data["card"] == "Grant 1" and C.reality["Grant 1"].text in drawn.text
    assert game.reality.discards == ["Grant 1"]


def test_rule_10_the_property_face_turns_a_card_over_to_buy_or_surrender():
    game = staged("property", "property", top=["Taco Stand 1", "Bakery 1"])
    act(game, "roll")
    assert game.decision.kind == "buy"
    assert game.view("Ann")["flipped"]["card"]["id"] == "Taco Stand 1"
    act(game, "buy Taco Stand for 4 HC")
    assert game.hands["Ann"] == ["Taco Stand 1"] and coins(game)["Ann"] == 14
    assert game.ledger["bank"] == -54 + 4
    act(game, "roll")  # Bob
    assert game.decision.choices == ("buy Bakery for 6 HC", "auction Bakery")
    act(game, "auction Bakery")
    assert game.decision.kind == "bid" and game.decision.player == "Cy"


def test_rule_11_the_auction_opens_at_one_from_the_left_and_the_winner_pays_the_bank():
    game = staged("property", top=["Taco Stand 1"])
    act(game, "roll", "auction Taco Stand")
    assert game.decision.player == "Bob" and game.decision.amount.low == 1
    act(game, 1)
    assert game.decision.player == "Cy" and game.decision.amount.low == 2
    act(game, 2)
    assert game.decision.player == "Bob"  # round and round, as many times as needed
    act(game, 3, "pass")
    assert game.hands["Bob"] == ["Taco Stand 1"]
    assert coins(game) == {"Ann": 18, "Bob": 15, "Cy": 18}
    assert game.ledger["bank"] == -54 + 3
    assert "Bob wins Taco Stand for 3 HC" in [e.text for e in game.events]


def test_rule_12_the_roller_may_not_bid_and_nobody_bids_more_than_they_hold():
    game = staged("property", top=["Taco Stand 1"], coins={"Bob": 2, "Cy": 0})
    act(game, "roll", "auction Taco Stand")
    assert game.decision.player == "Bob" and game.decision.amount.high == 2
    refused(game, 3)
    refused(game, 1, player="Ann")
    act(game, 2)  # Cy holds nothing: out without being asked; Ann is never asked
    assert game.hands["Bob"] == ["Taco Stand 1"]
    assert any(e.text == "Cy cannot pay 3 HC and drops out" for e in game.events)
    bidders = {e.player for e in game.events if e.kind in ("bid", "pass")}
    assert "Ann" not in bidders


def test_rule_13_the_auction_winner_builds_only_on_their_own_turn():
    game = staged("property", "coins", "coins", top=["Food Truck 1"])
    act(game, "roll", "auction Food Truck", 1, "pass")
    assert game.hands["Bob"] == ["Food Truck 1"]
    assert game.decision.player == "Bob" and game.decision.kind == "roll"  # Ann had no card
    act(game, "roll")
    assert game.decision.kind == "build" and "build Food Truck on A1" in game.decision.choices


def test_rule_14_the_choice_face_takes_any_of_the_other_three():
    game = staged("choice", "choice", "choice", top=["Taco Stand 1"], reality_top=["Grant 1"])
    act(game, "roll")
    assert game.decision.kind == "choice"
    assert set(game.view("Ann")["decision"]["values"].values()) == {"coins", "reality",
                                                                    "property"}
    act(game, "Take a Property card")
    assert game.decision.kind == "buy"
    act(game, "buy Taco Stand for 4 HC", "roll", "Take the Hip Coins")
    assert coins(game)["Bob"] == 23
    act(game, "roll", "Draw a Reality card")
    assert coins(game)["Cy"] == 23 and game.last_reality == "Grant 1"


def test_rule_15_at_most_one_build_a_turn_and_it_may_be_skipped():
    game = staged("coins", "coins", "coins", "coins",
                  hands={"Ann": ["Laundromat 1", "Food Truck 1"]})
    act(game, "roll", "build Laundromat on A1")
    assert game.decision.player == "Bob"  # Food Truck 1 could go on A2, but not this turn
    act(game, "roll", "roll", "roll")
    assert "build nothing" in game.decision.choices
    act(game, "build nothing")
    assert game.hands["Ann"] == ["Food Truck 1"] and game.decision.player == "Bob"


def test_rule_15_no_turn_ever_builds_twice():
    game = reality("Fast-track 1", hands={"Ann": ["Laundromat 1", "Taco Stand 1"]})
    act(game, "build Laundromat on A1")  # Fast-track grants no second build
    assert game.decision.player == "Bob" and game.hands["Ann"] == ["Taco Stand 1"]
    fast_tracks = 0
    for kind in ("random", "heuristic"):
        for seed in range(3):
            game = tabletop.new_game("hip_town", players=list(SEATS), seed=seed)
            play_to_end(game, {p: make_bot("hip_town", kind, seed + k)
                               for k, p in enumerate(SEATS)})
            builds = 0
            for event in game.events:
                if event.kind == "face":  # a roll: a new turn begins
                    builds = 0
                builds += event.kind == "build"
                assert builds <= 1, (kind, seed, event.text)
            assert any(e.kind == "build" for e in game.events)
            fast_tracks += sum(str(e.data.get("card")).startswith("Fast-track")
                               for e in game.events if e.kind == "reality")
    assert fast_tracks  # the bots' games drew Fast-track too


def test_rule_16_a_card_needs_as_many_businesses_as_its_developer_rating():
    game = staged("coins", hands={"Ann": ["Taco Stand 1", "Laundromat 1"]})
    act(game, "roll")
    assert {game.view("Ann")["decision"]["values"][c][0] for c in game.decision.choices
            if c != "build nothing"} == {"Laundromat 1"}
    why = game.view("Ann")["build"]["Taco Stand 1"]["illegal"]["A1"]
    assert "Developer Rating 1" in why and "none is" in why
    game = staged("coins", hands={"Ann": ["Taco Stand 1", "Barber Shop 1"]},
                  towns={"Ann": {"A1": "Laundromat 1"}})
    act(game, "roll")
    built = {game.view("Ann")["decision"]["values"][c][0] for c in game.decision.choices
             if c != "build nothing"}
    assert built == {"Taco Stand 1"}  # rating 1 with one business; rating 2 must wait


def test_rule_17_a_new_business_shares_an_edge_never_only_a_corner():
    game = staged("coins", hands={"Ann": ["Food Truck 1"]}, towns={"Ann": {"A2": "Laundromat 1"}})
    act(game, "roll")
    build = game.view("Ann")["build"]["Food Truck 1"]
    assert build["legal"] == ["A1", "A3", "B2"]
    assert "corner" in build["illegal"]["B1"] and "corner" in build["illegal"]["B3"]
    refused(game, "build Food Truck on B3")


def test_rule_18_each_card_shows_developer_rating_cost_and_hip_points():
    rows = {(c.rating, c.cost, c.hip_points) for c in C.property.values()}
    assert rows == {(0, 3, 1), (1, 4, 2), (2, 5, 3), (3, 6, 4), (4, 7, 5), (5, 8, 6),
                    (6, 9, 7), (7, 10, 9)}
    by_rating = [sum(c.rating == r for c in C.property.values()) for r in range(8)]
    assert by_rating == [24, 18, 16, 14, 12, 10, 8, 6]
    game = staged(hands={"Ann": ["Bakery 1"]})
    assert game.view("Ann")["hand"] == [{"id": "Bakery 1", "name": "Bakery", "type": "Food",
                                         "rating": 3, "cost": 6, "hip_points": 4}]


def test_rule_19_each_card_is_one_of_five_types():
    names = [t.name for t in C.types]
    assert names == ["Service", "Food", "Arts & Entertainment", "Novelty Shop", "Vice"]
    assert [t.color for t in C.types] == ["green", "blue", "purple", "yellow", "red"]
    counts = [sum(c.type == n for c in C.property.values()) for n in names]
    assert counts == [22, 22, 22, 21, 21]
    assert new().view()["types"]["Vice"] == {"color": "red", "symbol": "bottle"}


def test_rule_20_building_comes_at_the_end_of_the_turn():
    game = staged("property", hands={"Ann": ["Laundromat 1"]}, top=["Taco Stand 1"])
    act(game, "roll", "auction Taco Stand")
    assert game.decision.kind == "bid"  # the roll is settled first
    act(game, "pass", "pass")
    assert game.decision.player == "Ann" and game.decision.kind == "build"
    act(game, "build Laundromat on B3")
    assert game.decision.player == "Bob" and game.decision.kind == "roll"


def test_rule_21_a_reality_card_is_carried_out_on_the_turn_it_is_drawn():
    game = staged("reality", hands={"Ann": ["Laundromat 1", "Bakery 1"]},
                  reality_top=["Zoning snag 1"])
    act(game, "roll")
    assert game.decision.kind == "discard" and game.reality_card == "Zoning snag 1"
    act(game, "discard Bakery")
    assert game.reality_card is None and game.reality.discards == ["Zoning snag 1"]
    assert game.decision.kind == "build"  # then the action, with the card already gone
    assert "Zoning snag 1" not in str(game.hands)


def test_rule_22_reality_cards_steal_from_an_opponent_and_discard_from_a_hand():
    game = staged("reality", "reality", hands={"Bob": ["Bakery 1", "Jazz Club 1"]},
                  reality_top=["Hostile takeover 1", "Bad review 1"], picks=["Jazz Club 1"])
    act(game, "roll")
    assert game.decision.kind == "target" and game.decision.choices == ("take from Bob",)
    act(game, "take from Bob")
    assert game.hands == {"Ann": ["Jazz Club 1"], "Bob": ["Bakery 1"], "Cy": []}
    act(game, "roll")  # Bob: a random card of his hand is discarded
    assert game.hands["Bob"] == [] and game.property.discards == ["Bakery 1"]
    assert [e.kind for e in game.events].count("pick") == 2


def test_rule_23_a_card_that_cannot_be_met_in_full_is_met_as_far_as_possible():
    game = staged("reality", "reality", "reality", coins={"Ann": 2, "Cy": 0},
                  reality_top=["Rent spike 1", "Zoning snag 1", "Street fair 1"])
    act(game, "roll")
    assert coins(game)["Ann"] == 0 and not game.is_over
    assert "Ann pays the bank 2 HC, all they hold (5 HC were due)" in [e.text for e in game.events]
    act(game, "roll")  # Bob holds no card: nothing to discard, nothing more happens
    assert game.decision.player == "Cy" and coins(game)["Bob"] == 18
    act(game, "roll")  # Ann pays nothing (she holds 0), Bob pays 1
    assert coins(game) == {"Ann": 0, "Bob": 17, "Cy": 1}


def test_rule_24_a_bought_card_goes_to_the_hand_and_may_be_built_that_turn():
    game = staged("property", top=["Food Truck 1"])
    act(game, "roll", "buy Food Truck for 3 HC")
    assert game.hands["Ann"] == ["Food Truck 1"]
    assert game.decision.kind == "build" and len(game.decision.choices) == 10 + 1
    act(game, "build Food Truck on B5")
    assert lot(game, "Ann", "B5") == "Food Truck 1" and game.hands["Ann"] == []


def test_rule_25_the_neighbourhood_is_a_two_by_five_frame():
    game = new()
    assert game.frame.names == ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5")
    view = game.view("Ann")["seats"][0]["neighbourhood"]
    assert len(view) == 2 and all(len(row) == 5 for row in view)
    game = staged("coins", hands={"Ann": ["Food Truck 3"]},
                  towns={"Ann": {"A1": "Laundromat 1", "A2": "Food Truck 1",
                                 "A3": "Street Mural 1", "A4": "Thrift Store 1",
                                 "A5": "Dive Bar 1"}})
    act(game, "roll")
    assert game.view("Ann")["build"]["Food Truck 3"]["legal"] == ["B1", "B2", "B3", "B4", "B5"]
    with pytest.raises(IllegalAction, match="not a lot"):
        staged(towns={"Ann": {"C1": "Laundromat 1"}})


def test_rule_26_a_built_business_stays_put_unless_demolished():
    game = staged("coins", "reality", hands={"Ann": ["Food Truck 1"]},
                  towns={"Ann": {"A1": "Laundromat 1"}}, reality_top=["Demolisher 1"])
    act(game, "roll")
    assert "stays put" in game.view("Ann")["build"]["Food Truck 1"]["illegal"]["A1"]
    refused(game, "build Food Truck on A1")
    act(game, "build nothing", "roll")  # Bob draws the Demolisher
    assert game.decision.kind == "demolish"
    assert game.decision.choices == ("demolish Ann's Laundromat on A1",)
    act(game, "demolish Ann's Laundromat on A1")
    assert game.towns["Ann"] == [None] * 10 and game.property.discards == ["Laundromat 1"]


def test_rule_27_destination_bonus_for_four_five_six_joined_of_one_type():
    def total(lots: dict[str, str]) -> dict:
        return staged(towns={"Ann": lots}).view()["seats"][0]["score"]

    four = {"A1": "Food Truck 1", "A2": "Food Truck 2", "B1": "Food Truck 3",
            "B2": "Food Truck 4"}
    assert total(four)["destinations"] == [{"type": "Food", "lots": ["A1", "A2", "B1", "B2"],
                                            "size": 4, "bonus": 5}]
    assert total(four)["total"] == 4 + 5
    five = {**four, "A3": "Food Truck 5"}
    assert total(five)["total"] == 5 + 7
    six = {**five, "B3": "Taco Stand 1"}
    assert total(six)["total"] == 5 + 2 + 10
    apart = {"A1": "Food Truck 1", "A2": "Food Truck 2", "A4": "Food Truck 3",
             "A5": "Food Truck 4"}  # four of a type, but two groups of two
    assert total(apart)["destinations"] == [] and total(apart)["total"] == 4


def test_rule_28_one_of_every_type_earns_three():
    five = {"A1": "Laundromat 1", "A2": "Food Truck 1", "A3": "Street Mural 1",
            "A4": "Thrift Store 1", "A5": "Dive Bar 1"}
    score = staged(towns={"Ann": five}).view()["seats"][0]["score"]
    assert score["every_type"] == 3 and score["total"] == 5 + 3
    four = {k: v for k, v in five.items() if k != "A5"}
    assert staged(towns={"Ann": four}).view()["seats"][0]["score"]["every_type"] == 0


def test_rule_29_the_game_ends_at_once_with_the_tenth_business():
    game = staged("coins", hands={"Ann": ["Dive Bar 2", "Food Truck 3"]}, towns={"Ann": NINE})
    act(game, "roll")
    act(game, "build Dive Bar on B5")
    assert game.is_over and game.decision is None  # no second build: the town is complete
    assert game.hands["Ann"] == ["Food Truck 3"]
    assert game.result.figures["Ann"]["businesses"] == 10


def test_rule_30_a_tie_on_hip_points_goes_to_the_most_hip_coins():
    game = staged("coins", hands={"Ann": ["Dive Bar 2"]}, towns={"Ann": NINE, "Bob": THIRTEEN},
                  coins={"Ann": 10, "Bob": 16})
    act(game, "roll", "build Dive Bar on B5")
    assert game.result.figures["Ann"]["hip_points"] == game.result.figures["Bob"]["hip_points"]
    assert game.result.winners == ("Bob",) and game.result.ranking == ("Bob", "Ann", "Cy")


def test_rule_31_then_a_face_off_the_younger_turning_the_first_card():
    def face_off(**options):
        game = staged("coins", hands={"Ann": ["Dive Bar 2"]},
                      towns={"Ann": NINE, "Bob": THIRTEEN}, coins={"Ann": 10, "Bob": 15},
                      top=["Laundromat 5", "Distillery 1"], **options)
        act(game, "roll", "build Dive Bar on B5")
        return game

    game = face_off()  # Ann, the younger, turns Laundromat 5 (1); Bob turns Distillery 1 (7)
    flips = [(e.player, e.data["card"]) for e in game.events if e.kind == "face_off_card"]
    assert flips == [("Ann", "Laundromat 5"), ("Bob", "Distillery 1")]
    assert game.result.winners == ("Bob",)
    game = face_off(ages="Bob, Cy, Ann", first="Ann")
    assert game.result.winners == ("Ann",)
    assert game.conserved() == new().conserved()  # the turned cards went to the discards


def test_rule_32_the_market_variant_turns_three_cards_face_up_after_the_deal():
    hands = {p: [f"Laundromat {k}", f"Food Truck {k}", f"Dive Bar {k}"]
             for k, p in enumerate(SEATS, 1)}
    game = new(deck=dealt(hands, then=["Bakery 1", "Jazz Club 1", "Speakeasy 1"]),
               variant="market")
    assert game.hands == hands
    assert game.market == ["Bakery 1", "Jazz Club 1", "Speakeasy 1"]
    assert [c["id"] for c in game.view("Bob")["market"]] == game.market
    assert new().view()["market"] is None


def test_rule_33_buy_any_one_market_card_and_it_is_replaced_at_once():
    game = staged("property", market=["Bakery 1", "Jazz Club 1", "Speakeasy 1"],
                  top=["Wine Bar 1"], variant="market")
    act(game, "roll")
    assert game.decision.kind == "market"
    assert game.decision.choices == ("buy Bakery for 6 HC", "buy Jazz Club for 7 HC",
                                     "buy Speakeasy for 10 HC", "buy nothing")
    act(game, "buy Jazz Club for 7 HC")
    assert "Jazz Club 1" in game.hands["Ann"] and coins(game)["Ann"] == 11
    assert game.market == ["Bakery 1", "Speakeasy 1", "Wine Bar 1"]


def test_rule_34_no_auction_in_the_market_variant():
    market = ["Bakery 1", "Jazz Club 1", "Speakeasy 1"]
    game = staged("property", market=market, coins={"Ann": 5}, variant="market")
    act(game, "roll")  # Ann cannot afford any: nothing happens, nobody bids
    assert game.decision.player == "Bob" and "short" in kinds(game)
    game = staged("property", market=market, variant="market")
    act(game, "roll", "buy nothing")
    assert game.market == ["Bakery 1", "Jazz Club 1", "Speakeasy 1"]
    for seed in range(3):
        played = tabletop.new_game("hip_town", players=2, seed=seed, variant="market")
        play_to_end(played, {p: make_bot("hip_town", "random", seed) for p in played.players})
        assert "bid" not in kinds(played) and "auction" not in kinds(played)


# ---- B. the gaps, as the kit resolves them ---------------------------------------------
def house(tmp_path: Path, *swaps: tuple[str, str]) -> str:
    text = content_path("hip_town").read_text(encoding="utf-8")
    for old, new_text in swaps:
        assert old in text
        text = text.replace(old, new_text, 1)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_gap_b5_a_takeover_of_a_business_leaves_a_lot_to_build_again(tmp_path):
    edition = house(tmp_path, ('takes = "hand"     #', 'takes = "neighbourhood" #'))
    game = staged("reality", "coins", content=edition, picks=["Food Truck 1"],
                  towns={"Bob": {"A1": "Laundromat 1", "A2": "Food Truck 1"}},
                  hands={"Bob": ["Taco Stand 1"]}, reality_top=["Hostile takeover 1"])
    act(game, "roll", "take from Bob")
    assert game.towns["Bob"][:2] == ["Laundromat 1", None]
    assert game.hands["Ann"] == ["Food Truck 1"]
    act(game, "build Food Truck on A1", "roll")
    build = game.view("Bob")["build"]["Taco Stand 1"]
    assert "A2" in build["legal"]  # the empty lot may be built again; one business counts


def test_gap_b5_b_the_rest_need_not_stay_joined_and_ratings_use_the_current_count():
    game = staged("reality", "coins", reality_top=["Demolisher 1"],
                  towns={"Bob": {"A1": "Laundromat 1", "A2": "Food Truck 1",
                                 "A3": "Street Mural 1"}},
                  hands={"Bob": ["Barber Shop 1", "Taco Stand 1"]})
    act(game, "roll", "demolish Bob's Food Truck on A2", "roll")
    build = game.view("Bob")["build"]
    assert build["Taco Stand 1"]["legal"] == ["A2", "A4", "B1", "B3"]  # A1 and A3 apart
    assert build["Barber Shop 1"]["legal"] == build["Taco Stand 1"]["legal"]  # 2 stand


def test_gap_b6_each_group_of_one_type_scores_its_own_bonus():
    town = {"A1": "Food Truck 1", "A2": "Food Truck 2", "B1": "Food Truck 3",
            "B2": "Food Truck 4", "A4": "Laundromat 1", "A5": "Laundromat 2",
            "B4": "Laundromat 3", "B5": "Laundromat 4"}
    score = staged(towns={"Ann": town}).view()["seats"][0]["score"]
    assert [(d["type"], d["bonus"]) for d in score["destinations"]] == [("Food", 5),
                                                                        ("Service", 5)]
    assert score["total"] == 8 + 10


def test_gap_b7_a_card_nobody_bids_on_is_discarded():
    game = staged("property", top=["Speakeasy 1"])
    act(game, "roll", "auction Speakeasy", "pass", "pass")
    assert game.property.discards == ["Speakeasy 1"]
    assert game.view()["flipped"]["fate"] == "discarded: nobody bid"
    assert game.view()["decks"]["property_discard_top"]["id"] == "Speakeasy 1"


def test_gap_b8_an_empty_deck_is_made_again_from_its_discards_or_does_nothing():
    game = new("reality", "property", "property", "property", reality=["Zoning snag 1"])
    game.arrange(hands={"Ann": list(C.property), "Bob": [], "Cy": []})
    assert game.property.pile == [] and game.property.discards == []
    act(game, "roll", "discard Laundromat", "build nothing")
    act(game, "roll")  # Bob: the deck is made again from the one discard
    assert game.offer == "Laundromat 1" and game.property.discards == []
    assert [e.data["what"] for e in game.events if e.kind == "shuffle"][-1] == (
        "Property discards")
    act(game, "auction Laundromat", "pass", "pass")  # nobody bids: discarded again
    act(game, "roll", "buy Laundromat for 3 HC", "build nothing")  # Cy: made again
    act(game, "roll")  # Ann: no card anywhere to turn over, the face does nothing
    assert "no card to turn over" in game.events[-1].text
    assert game.decision.player == "Ann" and game.decision.kind == "build"


def test_gap_b9_a_physical_bank_warns_when_the_box_runs_out():
    game = staged("coins", bank="physical", coins={"Ann": 200})
    assert "bank" not in kinds(game)
    act(game, "roll")
    assert [e.text for e in game.events if e.kind == "bank"]
    assert game.view()["bank"] < 0
    quiet = staged("coins", coins={"Ann": 200})
    act(quiet, "roll")
    assert "bank" not in kinds(quiet)


def test_gap_b11_three_tied_flip_youngest_first_and_only_the_highest_go_on():
    game = three_tied_at_the_end()
    flips = [(e.player, e.data["card"]) for e in game.events if e.kind == "face_off_card"]
    assert flips == [("Ann", "Laundromat 5"), ("Bob", "Distillery 1"), ("Cy", "Distillery 2"),
                     ("Bob", "Dog Groomer 2"), ("Cy", "Tattoo Studio 1")]
    assert game.result.winners == ("Cy",) and game.result.ranking == ("Cy", "Bob", "Ann")


def test_gap_b12_two_to_six_players():
    for n in (2, 6):
        assert len(tabletop.new_game("hip_town", players=n).players) == n
    for n in (1, 7):
        with pytest.raises(OptionError):
            tabletop.new_game("hip_town", players=n)


# ---- every Reality card ------------------------------------------------------------------
def reality(card: str, **stage):
    game = staged("reality", reality_top=[card], **stage)
    act(game, "roll")
    return game


def test_reality_collect_pay_and_pay_per_business():
    assert coins(reality("Tourist boom 1"))["Ann"] == 21
    assert coins(reality("Property tax 1"))["Ann"] == 15
    assert coins(reality("Rent spike 1"))["Ann"] == 13
    game = reality("Code violation 1", towns={"Ann": {"A1": "Laundromat 1", "A2": "Bakery 1"}})
    assert coins(game)["Ann"] == 16
    assert coins(reality("Code violation 1", towns={"Ann": NINE}))["Ann"] == 13  # 5 at most


def test_reality_street_fair_collects_from_each_opponent():
    assert coins(reality("Street fair 1")) == {"Ann": 20, "Bob": 17, "Cy": 17}


def test_reality_scout_draws_a_card_face_down():
    game = reality("Scout 1", top=["Opera House 1"])
    assert game.hands["Ann"] == ["Opera House 1"]
    assert all("Opera" not in e.text for e in game.events)


def test_reality_investor_offers_the_top_card_at_half_its_cost_rounded_up():
    game = reality("Investor 1", top=["Bakery 1"])
    assert game.decision.choices == ("buy Bakery for 3 HC", "let Bakery go")
    act(game, "buy Bakery for 3 HC")
    assert game.hands["Ann"] == ["Bakery 1"] and coins(game)["Ann"] == 15
    game = reality("Investor 1", top=["Speakeasy 1"])
    act(game, "let Speakeasy go")
    assert game.property.discards == ["Speakeasy 1"]
    game = reality("Investor 1", top=["Speakeasy 1"], coins={"Ann": 4})
    assert game.property.discards == ["Speakeasy 1"]  # 5 HC: out of reach, discarded


def test_reality_fast_track_refunds_a_coin_per_business_five_at_most():
    game = reality("Fast-track 1", towns={"Ann": {"A1": "Laundromat 1", "A2": "Bakery 1"}})
    assert coins(game)["Ann"] == 18 + 2
    assert coins(reality("Fast-track 1", towns={"Ann": NINE}))["Ann"] == 18 + 5
    game = reality("Fast-track 1")
    assert coins(game)["Ann"] == 18 and "pays nothing" in game.events[-1].text


def test_reality_trend_shift_passes_a_random_card_to_the_left():
    game = reality("Trend shift 1", hands={"Ann": ["Bakery 1", "Laundromat 1"],
                                           "Cy": ["Speakeasy 1"]},
                   picks=["Laundromat 1", "Speakeasy 1"])
    assert game.hands == {"Ann": ["Bakery 1", "Speakeasy 1"], "Bob": ["Laundromat 1"],
                          "Cy": []}


def test_reality_takeover_and_demolisher_with_no_target_do_nothing():
    assert reality("Hostile takeover 1").decision.player == "Bob"
    assert reality("Demolisher 1").decision.player == "Bob"
    assert reality("Bad review 1").decision.player == "Bob"


def test_reality_demolisher_may_hit_any_neighbourhood():
    game = reality("Demolisher 1", towns={"Ann": {"A1": "Laundromat 1"},
                                          "Cy": {"B2": "Bakery 1"}})
    assert game.decision.choices == ("demolish Ann's Laundromat on A1",
                                     "demolish Cy's Bakery on B2")


def test_every_reality_effect_word_is_in_the_kit_deck():
    from tabletop.games.hip_town.content import EFFECTS

    assert {c.effect for c in C.reality.values()} == set(EFFECTS)
    counts = {}
    for card in C.reality.values():
        counts[card.title] = counts.get(card.title, 0) + 1
    assert counts == {"Grant": 6, "Tourist boom": 6, "Street fair": 4, "Property tax": 6,
                      "Rent spike": 4, "Code violation": 3, "Zoning snag": 4, "Bad review": 2,
                      "Hostile takeover": 3, "Demolisher": 3, "Scout": 5, "Investor": 3,
                      "Fast-track": 3, "Trend shift": 2}


# ---- options, the turn limit -----------------------------------------------------------------
def test_turn_limit_ends_the_game_and_ranks_it_as_a_normal_end():
    game = staged("coins", "coins", "coins", max_rounds=1,
                  towns={"Bob": THIRTEEN, "Cy": {"A1": "Bakery 1"}})
    act(game, "roll", "roll", "roll")
    assert game.is_over and "turn limit of 1 round was" in game.result.reason
    assert game.result.ranking == ("Bob", "Cy", "Ann")
    assert game.result.figures["Bob"]["rounds"] == 1


def test_bad_options_are_refused():
    for bad in ({"variant": "draft"}, {"max_rounds": 0}, {"bank": "none"}, {"colour": 1}):
        with pytest.raises(OptionError):
            new(**bad)


# ---- staging and bad input --------------------------------------------------------------------
def test_staging_moves_cards_and_coins_and_survives_save_and_load():
    game = staged("coins", hands={"Ann": ["Bakery 1"]}, coins={"Ann": 3},
                  towns={"Bob": {"B2": "Jazz Club 1"}})
    assert game.conserved() == new().conserved()
    act(game, "roll")
    again = tabletop.load(game.save())
    assert again == game and again.hands == game.hands and again.towns == game.towns
    assert set(type(game).arrangeable()) == {"coins", "hands", "neighbourhoods",
                                              "property_deck", "reality_deck", "market"}


@pytest.mark.parametrize("changes,message", [
    ({"coins": {"Ann": -1}}, "whole number"),
    ({"coins": {"Dee": 3}}, "keyed by players"),
    ({"hands": {"Ann": ["Unicorn 1"]}}, "not a Property card"),
    ({"hands": {"Ann": ["Bakery 1", "Bakery 1"]}}, "twice"),
    ({"hands": {"Ann": ["Bakery 1"], "Bob": ["Bakery 1"]}}, "Property deck or its discards"),
    ({"neighbourhoods": {"Ann": ["Bakery 1"]}}, "map lots"),
    ({"neighbourhoods": {"Ann": dict(NINE, B5="Dive Bar 2")}}, "full neighbourhood"),
    ({"property_deck": {"Ann": "Bakery 1"}}, "list of Property cards"),
    ({"reality_deck": ["Grant 99"]}, "Reality cards"),
    ({"market": ["Bakery 1"]}, "market variant"),
])
def test_bad_arrangements_are_refused_and_change_nothing(changes, message):
    game = new()
    before = game.save()
    with pytest.raises(IllegalAction, match=message):
        game.arrange(**changes)
    assert game.save() == before


def test_staging_waits_for_the_start_of_a_turn():
    game = staged("coins", hands={"Ann": ["Food Truck 1"]}, towns={"Ann": {"A1": "Laundromat 1"}})
    act(game, "roll")
    with pytest.raises(IllegalAction, match="start of a turn"):
        game.arrange(coins={"Ann": 1})


def test_bad_moves_are_refused_and_change_nothing():
    game = staged("coins", hands={"Ann": ["Food Truck 1"]}, towns={"Ann": {"A1": "Laundromat 1"}})
    act(game, "roll")
    refused(game, "build Food Truck on B2")
    refused(game, "build Bakery on A2")
    refused(game, "roll", player="Bob")
    game = staged("property", top=["Bakery 1"])
    act(game, "roll", "auction Bakery", 3)
    refused(game, 3)       # not above the high bid
    refused(game, 19)      # more than Cy holds
    refused(game, 5, player="Ann")  # the roller may not bid
    game = staged("reality", reality_top=["Hostile takeover 1"], hands={"Bob": ["Bakery 1"]})
    act(game, "roll")
    refused(game, "take from Cy")   # Cy holds nothing to take
    refused(game, "take from Dee")  # no such player


# ---- hidden information and the view ------------------------------------------------------
def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others():
    hands = {"Ann": ["Laundromat 1", "Taco Stand 1", "Speakeasy 1"],
             "Bob": ["Food Truck 1", "Bakery 1", "Brewpub 1"],
             "Cy": ["Dive Bar 1", "Jazz Club 1", "Opera House 1"]}
    game = new(deck=dealt(hands))
    bob = game.view("Bob")
    assert [c["id"] for c in bob["hand"]] == hands["Bob"]
    text = str(bob)
    assert not any(card in text for p in ("Ann", "Cy") for card in hands[p])
    assert [s["hand_size"] for s in bob["seats"]] == [3, 3, 3]
    assert game.view()["hand"] is None
    assert not any(card in str(game.view()) for cards in hands.values() for card in cards)


def test_the_view_carries_the_shared_shape_and_what_a_widget_draws():
    game = staged("property", hands={"Ann": ["Food Truck 1"]},
                  towns={"Ann": {"A1": "Laundromat 1"}}, top=["Bakery 1"], coins={"Bob": 7})
    view = game.view("Ann")
    assert view["spaces"] == []
    seat = view["seats"][1]
    assert {k: seat[k] for k in ("name", "seat", "position", "money")} == {
        "name": "Bob", "seat": 1, "position": None, "money": 7}
    assert view["seats"][0]["neighbourhood"][0][0]["id"] == "Laundromat 1"
    assert view["lots"][:2] == ["A1", "A2"] and view["rows"] == 2 and view["columns"] == 5
    assert sum(map(Fraction, view["die"]["chances"].values())) == 1
    act(game, "roll")
    view = game.view("Ann")
    assert view["die"]["last"] == {"number": FACE["property"], "face": "property"}
    assert view["flipped"]["card"]["id"] == "Bakery 1" and view["flipped"]["fate"] == "on offer"
    act(game, "auction Bakery")
    auction = game.view("Bob")["auction"]
    assert auction["lot"]["cost"] == 6 and auction["active"] == ["Bob", "Cy"]
    act(game, 2, "pass")
    build = game.view("Ann")["build"]["Food Truck 1"]
    assert build["legal"] == ["A2", "B1"] and set(build["illegal"]) == {
        "A1", "A3", "A4", "A5", "B2", "B3", "B4", "B5"}
    assert game.view("Bob")["build"] is None


# ---- content files ---------------------------------------------------------------------------
@pytest.mark.parametrize("swap,entry", [
    (('effect = "collect"', 'effect = "explode"'), r"reality\[0\]\.effect"),
    (("property_cards = 108", "property_cards = 107"), "property"),
    (('faces = ["property"', 'faces = ["banana"'), r"die\.faces\[0\]"),
    (('type = "Service", count = 5', 'type = "Bakery", count = 5'),
     r"property\[0\]\.cards\[0\]\.type"),
    (("rating = 7", "rating = 10"), r"property\[7\]\.rating"),
    (("amount = 5\ntext", "amount = -5\ntext"), r"reality\[0\]\.amount"),
    (("divisor = 2", "divisor = 0"), r"reality\[11\]\.divisor"),
    (('takes = "hand"     #', 'takes = "pocket" #'), r"reality\[8\]\.takes"),
    (("rows = 2", "rows = 0"), r"neighbourhood\.rows"),
    (('"1" = 32', '"one" = 32'), r"contents\.pogs\.one"),
    (("{ size = 5, bonus = 7 },", "{ size = 3, bonus = 7 },"), r"scoring\.destination"),
])
def test_a_broken_house_edition_is_refused_with_file_entry_and_problem(tmp_path, swap, entry):
    with pytest.raises(ContentError, match=rf"house\.toml: entry {entry}"):
        new(content=house(tmp_path, swap))


def test_the_edition_table_marks_what_the_kit_wrote():
    assert {"die.faces", "property", "reality"} <= set(C.edition["kit_authored"])
    assert new().view()["edition"] == C.edition["kit_authored"]


# ---- bots ----------------------------------------------------------------------------------
def decide(game, player: str):
    return HeuristicBot(0).choose(game.view(player), game.legal_actions())


def test_heuristic_bot_takes_property_with_six_coins_else_coins():
    game = staged("choice", hands={"Ann": ["Laundromat 1"]}, coins={"Ann": 6})
    act(game, "roll")
    assert decide(game, "Ann") == "Take a Property card"
    game = staged("choice", hands={"Ann": ["Laundromat 1"]}, coins={"Ann": 5})
    act(game, "roll")
    assert decide(game, "Ann") == "Take the Hip Coins"
    game = staged("choice", hands={"Ann": ["Bakery 1"]}, coins={"Ann": 3})
    act(game, "roll")  # nothing buildable: property from 3 HC
    assert decide(game, "Ann") == "Take a Property card"


def test_heuristic_bot_bids_below_cost_and_builds_its_best_card_beside_its_kind():
    game = staged("property", top=["Food Truck 1"])
    act(game, "roll", "auction Food Truck")
    assert decide(game, "Bob") == 1
    act(game, 1, 2)
    assert decide(game, "Bob") == "pass"  # 3 HC is the cost: not worth more than 2
    game = staged("coins", hands={"Ann": ["Taco Stand 1", "Laundromat 3"]},
                  towns={"Ann": {"A1": "Food Truck 1", "A3": "Laundromat 1"}})
    act(game, "roll")
    assert decide(game, "Ann") in ("build Taco Stand on A2", "build Taco Stand on B1")


def test_heuristic_bot_hits_the_leader():
    game = staged("reality", reality_top=["Demolisher 1"],
                  towns={"Ann": {"A1": "Opera House 1"}, "Bob": {"A1": "Laundromat 1"},
                         "Cy": {"A1": "Speakeasy 1", "A2": "Bakery 1"}})
    act(game, "roll")
    assert decide(game, "Ann") == "demolish Cy's Speakeasy on A1"


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_end_every_game_within_the_bound(kind):
    for seed in range(4):
        for players, variant in ((2, "market"), (3, "auction"), (5, "auction")):
            game = tabletop.new_game("hip_town", players=players, seed=seed, variant=variant)
            start = game.conserved()
            play_to_end(game, {p: make_bot("hip_town", kind, seed + k)
                               for k, p in enumerate(game.players)}, max_steps=20_000)
            assert game.is_over and game.conserved() == start
            assert game.round <= game.options["max_rounds"]


# ---- the log's and the choices' wording ------------------------------------------------------
def test_log_a_payment_of_nothing_reads_as_nothing_and_one_coin_was_due():
    game = reality("Street fair 1", coins={"Bob": 0})
    texts = [e.text for e in game.events]
    assert "Bob holds no Hip Coins and pays Ann nothing (1 HC was due)" in texts
    assert "Cy pays Ann 1 HC" in texts and not any(" 0 HC" in t for t in texts)


def test_log_one_hip_point_is_singular_and_the_tied_are_joined():
    assert "1 Hip Point)" in describe_card("Laundromat 1")
    assert "2 Hip Points)" in describe_card("Taco Stand 1")
    game = three_tied_at_the_end()
    assert any(e.text.startswith("Ann, Bob and Cy are tied") for e in game.events)


def describe_card(card_id: str) -> str:
    from tabletop.games.hip_town.words import describe

    return describe(C.property[card_id])


def test_choices_name_a_business_without_its_copy_number():
    game = staged("property", hands={"Ann": ["Dive Bar 1", "Dive Bar 4", "Food Truck 2"]},
                  top=["Dive Bar 3"])
    act(game, "roll")
    assert game.decision.choices == ("buy Dive Bar for 3 HC", "auction Dive Bar")
    act(game, "buy Dive Bar for 3 HC")
    choices = game.decision.choices
    assert "build Dive Bar on A1" in choices and "build Food Truck on A1" in choices
    assert len(choices) == 2 * 10 + 1  # one choice per business and lot: copies are alike
    assert not any(ch.isdigit() for c in choices for ch in c.split(" on ")[0])
    act(game, "build Dive Bar on A1")
    assert lot(game, "Ann", "A1") == "Dive Bar 1" and sorted(game.hands["Ann"]) == [
        "Dive Bar 3", "Dive Bar 4", "Food Truck 2"]
    assert "Ann builds Dive Bar on A1" in [e.text for e in game.events]


def test_an_action_written_with_a_copy_number_is_still_accepted():
    """Games saved before copy numbers left the choices still load."""
    game = staged("property", "coins", hands={"Ann": ["Laundromat 1"]}, top=["Taco Stand 1"])
    act(game, "roll", "buy Taco Stand 1 for 4 HC", "build Laundromat 1 on A1")
    assert game.actions[1:] == ["buy Taco Stand for 4 HC", "build Laundromat on A1"]
    assert lot(game, "Ann", "A1") == "Laundromat 1" and game.hands["Ann"] == ["Taco Stand 1"]
    refused(game, "build Laundromat 7 on A2", "roll 2")
