"""Pitch: Money Game -- one test per rule of RULES.md 4 A, then options, bad input, content,
money and bots. Hands are dealt from scripted decks; seats are Ann, Bob, Cy (Cy deals, so
Ann bids and receives cards first) unless a test says otherwise."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
from tabletop import ContentError, IllegalAction, OptionError, Script
from tabletop.bots import make_bot
from tabletop.core.cards import card_symbol, standard_deck
from tabletop.core.content import game_content
from tabletop.core.play import play_to_end
from tabletop.games.pitch import money, odds
from tabletop.games.pitch.bots import HeuristicBot
from tabletop.games.pitch.content import build
from tabletop.games.pitch.sampling import holds_real_ace_choice
from tabletop.games.pitch.strategy import (
    HEURISTIC_LINE,
    AceSuitBot,
    AceWithCompanyBot,
    DealerAceBot,
    EarlyDumpBot,
    LowTrumpBot,
    OpeningLineBot,
    RatedAceBot,
)
from tabletop.games.pitch.tricks import HEIGHT, winning_index

SEATS = ("Ann", "Bob", "Cy")

# Scenario "mixed": Ann pitches 2 in spades and is set back; Bob takes all four points.
MIXED = {
    "Ann": ["KS", "2S", "10H", "9H", "3D", "4C"],
    "Bob": ["AS", "QS", "5H", "8D", "7C", "6C"],
    "Cy": ["JS", "3S", "AH", "9D", "8C", "10C"],
}
MIXED_PLAY = [
    "2S", "QS", "JS",     # trick 1: Ann leads, spades are trump; Bob wins
    "5H", "AH", "KS",     # trick 2: Bob leads; Ann trumps although she holds hearts
    "10H", "AS", "10C",   # trick 3: Ann leads; Bob trumps
    "8D", "9D", "3D",     # trick 4: Bob leads; Cy wins
    "8C", "4C", "7C",     # trick 5: Cy leads and wins
    "3S", "9H", "6C",     # trick 6: Cy leads a trump
]
# Scenario "sweep": Ann holds the top five spades and the 2; nobody else has a spade.
SWEEP = {
    "Ann": ["AS", "KS", "QS", "JS", "10S", "2S"],
    "Bob": ["AH", "KH", "QH", "3D", "4D", "5D"],
    "Cy": ["AC", "KC", "QC", "3C", "4H", "5H"],
}
# As "sweep" but the Jack of spades stays in the undealt stock.
NO_JACK = {**SWEEP, "Ann": ["AS", "KS", "QS", "3S", "10S", "2S"]}


def deck_order(hands: dict[str, list[str]], first: list[str]) -> list[str]:
    """The scripted deck: one card at a time to each seat in ``first`` (dealer's left first)."""
    return [hands[name][k] for k in range(len(hands[first[0]])) for name in first]


def new(hands: dict[str, list[str]], dealer: str = "Cy", seats=SEATS, **options):
    order = list(seats)
    k = (order.index(dealer) + 1) % len(order)
    first = order[k:] + order[:k]
    script = Script(picks=[dealer], orders=[deck_order(hands, first)])
    return tabletop.new_game("pitch", players=list(seats), seed=1, script=script, **options)


def act(game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def sweep_lead(game) -> None:
    """Play a hand out taking the first legal card each time (Ann's spades win "sweep")."""
    while game.decision and game.decision.kind == "play":
        game.apply(game.decision.choices[0])


def mixed(**options):
    game = new(MIXED, **options)
    act(game, "bid 2", "pass", "pass", *MIXED_PLAY)
    return game


def unchanged(game, action, player=None) -> str:
    before = game.save()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, player=player)
    assert game.save() == before
    return str(err.value)


# ---- A. the rule checklist ----------------------------------------------------------------
def test_rule_1_objective_best_score_wins():
    game = mixed(max_hands=1)
    assert game.is_over
    assert game.result.winners == ("Bob",)
    assert game.result.ranking == ("Bob", "Cy", "Ann")
    assert game.result.figures["Bob"]["score"] == 4


def test_rule_2_players_and_deck():
    for n in (2, 8):
        game = tabletop.new_game("pitch", players=n, seed=n)
        cards = [c for hand in game.hands.values() for c in hand]
        assert len(cards) == 6 * n == len(set(cards)) and set(cards) <= set(standard_deck())
    for n in (1, 9):
        with pytest.raises(OptionError):
            tabletop.new_game("pitch", players=n)


def test_rule_3_stake_ten_cents_a_point_around_the_average():
    game = mixed(max_hands=1)  # scores Ann -2, Bob 4, Cy 0: average 2/3
    cents = {n: game.result.figures[n]["cents"] for n in SEATS}
    assert cents == {"Ann": -26, "Bob": 33, "Cy": -7}


def test_rule_4_random_first_dealer_and_deal_passes_left():
    dealers = {tabletop.new_game("pitch", players=list(SEATS), seed=s).dealer for s in range(30)}
    assert dealers == set(SEATS)
    game = new(MIXED, dealer="Cy")
    assert game.dealer == "Cy" and game.events[0].kind == "pick"
    act(game, "bid 2", "pass", "pass", *MIXED_PLAY, "next hand")
    assert game.dealer == "Ann" and game.decision.player == "Bob"  # Bob bids first now


def test_rule_5_six_cards_dealt_one_at_a_time_from_the_dealers_left():
    game = new(MIXED)
    assert game.view("Ann")["hand_sizes"] == {"Ann": 6, "Bob": 6, "Cy": 6}
    for name in SEATS:
        assert game.dealt[name] == tuple(MIXED[name])
    assert game.events[2].kind == "shuffle"


def test_rule_6_rank_ace_high_to_two_low():
    order = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    assert sorted(order, key=HEIGHT.__getitem__, reverse=True) == order
    assert winning_index(["10H", "JH", "9H"], "S") == 1
    assert winning_index(["10H", "9H", "AD"], "S") == 0


def test_rule_7_high_to_whoever_was_dealt_the_highest_trump():
    game = mixed()
    assert game.last_hand["awards"]["high"] == "Bob"  # Bob was dealt the AS
    game = new(NO_JACK)
    act(game, "pass", "bid 2", "pass")  # Bob pitches in diamonds; Ann's spades are not trump
    act(game, "3D", "AC", "AS")
    sweep_lead(game)
    assert game.last_hand["trump"] == "D" and game.last_hand["awards"]["high"] == "Bob"


def test_rule_8_low_to_whoever_captures_the_lowest_trump():
    game = mixed()  # Ann was dealt the 2S; Bob took it in trick 1
    assert game.last_hand["awards"]["low"] == "Bob"


def test_rule_9_game_point_to_the_largest_count():
    game = mixed()
    assert game.last_hand["game_counts"] == {"Ann": 7, "Bob": 27, "Cy": 0}
    assert game.last_hand["awards"]["game"] == "Bob"


def test_rule_10_jack_to_whoever_captures_the_jack_of_trumps():
    game = mixed()  # Cy played the JS under Bob's QS
    assert game.last_hand["awards"]["jack"] == "Bob"


def test_rule_11_at_most_four_points_a_hand():
    game = mixed()
    assert sum(game.last_hand["points"].values()) == 4
    for seed in range(15):
        game = tabletop.new_game("pitch", players=4, seed=seed, seat_changes="off")
        play_to_end(game, {p: make_bot("pitch", "random", seed) for p in game.players})
        assert all(sum(row["points"].values()) <= 4 for row in game.sheet)


def test_rule_12_game_count_of_captured_cards():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass", "2S", "QS", "JS", "5H", "AH", "KS")
    captured = game.view("Cy")["captured"]
    assert captured["Bob"]["game_count"] == 2 + 1  # QS, JS (the 2S counts nothing)
    assert captured["Ann"]["game_count"] == 4 + 3  # AH, KS
    assert [game.content.count_of(c) for c in ("AC", "KC", "QC", "JC", "10C", "9C")] == [
        4, 3, 2, 1, 10, 0]


def test_rule_13_bidding_starts_left_of_dealer_and_must_go_higher():
    game = new(MIXED)
    assert game.decision.player == "Ann"
    act(game, "bid 3")
    assert game.decision.player == "Bob"
    assert game.decision.choices == ("pass", "bid 4", "moon")


def test_rule_14_bids_run_from_two_to_the_moon():
    game = new(MIXED)
    assert game.decision.choices == ("pass", "bid 2", "bid 3", "bid 4", "moon")


def test_rule_15_dealer_must_bid_two_when_all_pass():
    game = new(MIXED)
    act(game, "pass", "pass")
    assert game.pitcher == "Cy" and game.bid == 2
    assert game.decision.player == "Cy" and game.decision.kind == "play"


def test_rule_16_dealer_may_steal_at_the_high_bid():
    game = new(MIXED)
    act(game, "bid 3", "pass")
    assert game.decision.choices == ("pass", "steal", "bid 4", "moon")
    act(game, "steal")
    assert (game.pitcher, game.bid) == ("Cy", 3)


def test_rule_17_bidding_ends_after_one_round_or_at_a_moon():
    game = new(MIXED)
    act(game, "moon")
    assert game.pitcher == "Ann" and game.decision.kind == "play"
    assert game.view(None)["bids"] == [{"player": "Ann", "bid": "moon"}]
    game = new(MIXED)
    act(game, "bid 2", "bid 3", "pass")
    assert game.pitcher == "Bob" and game.decision.player == "Bob"  # Ann is not asked again
    assert game.decision.kind == "play"


def test_rule_18_defenders_help_each_other_against_the_pitcher():
    hands = {"Ann": ["3D", "4D", "5S", "6S", "7S", "8S"],
             "Bob": ["KD", "2C", "3C", "4C", "5C", "6C"],
             "Cy": ["10H", "2H", "3H", "4H", "5H", "6H"]}
    game = new(hands)
    act(game, "bid 2", "pass", "pass", "3D", "KD")  # Bob, a defender, is winning the trick
    bot = HeuristicBot()
    assert bot.choose(game.view("Cy"), game.legal_actions()) == "10H"  # Cy gives him 10 count


def test_rule_19_pitcher_leads_and_names_trump():
    game = new(MIXED)
    act(game, "pass", "bid 3", "pass")
    assert game.decision.player == "Bob" and game.trump is None
    act(game, "8D")
    assert game.trump == "D" and game.view("Ann")["trump"] == "D"


def test_rule_20_follow_suit_or_trump_any_card_when_void():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass", "2S", "QS", "JS", "5H", "AH")
    assert set(game.decision.choices) == {"KS", "10H", "9H"}  # not 3D, 4C; trumping allowed
    assert unchanged(game, "3D").startswith("'3D' is not allowed now")
    act(game, "KS", "10H")
    assert set(game.decision.choices) == {"AS", "8D", "7C", "6C"}  # no heart left: any card


def test_rule_21_highest_trump_else_highest_of_the_suit_led():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass", "2S", "QS", "JS", "5H", "AH", "KS")
    assert game.last_trick["winner"] == "Ann"  # KS trumps the AH
    act(game, "10H", "AS", "10C", "8D", "9D", "3D")
    assert game.last_trick["winner"] == "Cy"  # 9D over 8D; the 3D is lower


def test_rule_22_trick_winner_takes_the_cards_and_leads():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass", "2S", "QS", "JS")
    assert game.captured["Bob"] == ["2S", "QS", "JS"]
    assert game.decision.player == "Bob" and game.view("Bob")["trick"] == []


def test_rule_23_a_hand_is_six_tricks():
    game = new(MIXED, max_hands=2)
    act(game, "bid 2", "pass", "pass", *MIXED_PLAY[:-1])
    assert game.hand_number == 1 and not game.sheet and game.trick_number == 6
    act(game, MIXED_PLAY[-1])
    assert sum(game.tricks_won.values()) == 6 and game.sheet
    assert all(not hand for hand in game.hands.values())


def test_rule_24_scores_are_written_after_every_hand():
    game = mixed(max_hands=3)
    assert len(game.sheet) == 1 and game.sheet[0]["totals"] == {"Ann": -2, "Bob": 4, "Cy": 0}
    assert game.decision.kind == "table"


def test_rule_25_pitcher_who_makes_the_bid_scores_every_point_taken():
    game = new(SWEEP)
    act(game, "bid 2", "pass", "pass")
    sweep_lead(game)
    assert game.last_hand["made"] and game.scores["Ann"] == 4


def test_rule_26_pitcher_who_fails_loses_the_bid_below_zero():
    game = mixed()
    assert not game.last_hand["made"] and game.scores["Ann"] == -2


def test_rule_27_opponents_score_what_they_take():
    game = mixed()
    assert game.last_hand["changes"] == {"Ann": -2, "Bob": 4, "Cy": 0}


def test_rule_28_moon_needs_every_point_and_every_trick():
    game = new(SWEEP)
    act(game, "moon")
    sweep_lead(game)
    assert game.last_hand["made"] and game.scores["Ann"] == 4
    game = new(NO_JACK)  # six tricks, but the Jack was never dealt: three points
    act(game, "moon")
    sweep_lead(game)
    assert not game.last_hand["made"] and game.scores["Ann"] == -4
    assert game.scores["Bob"] == game.scores["Cy"] == 0


def test_rule_29_sweeping_without_a_moon_bid_is_no_moon():
    game = new(SWEEP, max_hands=2)
    act(game, "bid 4", "pass", "pass")
    sweep_lead(game)
    assert game.last_hand["points"]["Ann"] == 4 and game.last_hand["tricks"]["Ann"] == 6
    assert not game.last_hand["star"] and game.stars["Ann"] == 0
    assert game.view("Ann")["money"]["cents"] == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_rule_30_a_made_moon_gets_a_star():
    game = new(SWEEP, max_hands=2)
    act(game, "moon")
    sweep_lead(game)
    assert game.view("Bob")["sheet"][0]["star"] is True and game.stars["Ann"] == 1


def test_rule_31_no_jack_point_when_the_jack_was_not_dealt():
    game = new(NO_JACK)
    act(game, "bid 2", "pass", "pass")
    sweep_lead(game)
    assert game.last_hand["awards"] == {"high": "Ann", "low": "Ann", "jack": None,
                                        "game": "Ann"}


def test_rule_32_players_leave_paid_off_and_join_between_hands():
    game = mixed(max_hands=3, seat_changes="open", joiners="Dana")
    assert game.decision.player == "Ann"
    assert game.decision.choices == ("next hand", "leave Ann", "leave Bob", "leave Cy", "join")
    act(game, "leave Bob")  # average 2/3: Bob's 4 points are 3 1/3 above it
    assert game.ledger["Bob"] == 33 and game.seated == ["Ann", "Cy"]
    act(game, "join", "next hand")
    assert game.seated == ["Ann", "Cy", "Dana"] and game.scores["Dana"] == 0
    assert game.view("Dana")["hand_sizes"] == {"Cy": 6, "Dana": 6, "Ann": 6}
    assert game.dealer == "Dana" and game.decision.player == "Ann"  # Dana sits after Cy


def test_rule_33_payoff_around_the_average_sums_to_zero():
    game = mixed(max_hands=1)
    figures = game.result.figures
    assert sum(figures[n]["cents"] for n in SEATS) == 0
    assert game.ledger["bank"] == 0
    assert [figures[n]["cents"] - 10 * (figures[n]["score"] - Fraction(2, 3)) for n in SEATS] \
        == [Fraction(2, 3), Fraction(-1, 3), Fraction(-1, 3)]


def test_rule_34_moon_dollar_from_or_to_each_other_player():
    game = new(SWEEP, max_hands=2)
    act(game, "moon")
    sweep_lead(game)
    assert game.view("Ann")["money"]["cents"] == {"Ann": 200, "Bob": -100, "Cy": -100}
    game = new(NO_JACK, max_hands=2)
    act(game, "moon")
    sweep_lead(game)
    assert game.view("Ann")["money"]["cents"] == {"Ann": -200, "Bob": 100, "Cy": 100}


# ---- B proposals and options ------------------------------------------------------------
TIE = {"Ann": ["AS", "2S", "3H", "4H", "5H", "6H"], "Bob": ["AH", "3D", "4D", "5D", "6D", "7D"]}
TIE_PLAY = ["bid 2", "pass", "AS", "3D", "2S", "4D", "3H", "AH", "5D", "4H", "6D", "5H",
            "7D", "6H"]


def test_game_tie_awards_nobody_by_default_or_the_pitcher_as_an_option():
    game = new(TIE, dealer="Bob", seats=("Ann", "Bob"))
    act(game, *TIE_PLAY)
    assert game.last_hand["game_counts"] == {"Ann": 4, "Bob": 4}
    assert game.last_hand["awards"]["game"] is None and game.scores["Ann"] == 2
    game = new(TIE, dealer="Bob", seats=("Ann", "Bob"), game_tie="pitcher")
    act(game, *TIE_PLAY)
    assert game.last_hand["awards"]["game"] == "Ann" and game.scores["Ann"] == 3


def test_option_low_point_to_whoever_was_dealt_it():
    assert mixed(low_point="dealt").last_hand["awards"]["low"] == "Ann"


def test_option_default_length_each_player_deals_twice():
    game = tabletop.new_game("pitch", players=4, seed=3, target=0)
    play_to_end(game, {p: make_bot("pitch", "heuristic", 3) for p in game.players})
    assert game.hand_number == 8 and "8 hands" in game.result.reason


def test_option_target_score_ends_the_game():
    game = mixed(target=4)
    assert game.is_over and "Bob reached the target of 4" in game.result.reason


def test_option_seat_changes_off_goes_straight_to_the_next_deal():
    game = mixed(seat_changes="off", max_hands=2)
    assert game.decision.kind == "bid" and game.hand_number == 2


def test_two_players_cannot_shrink_further():
    game = new(TIE, dealer="Bob", seats=("Ann", "Bob"), max_hands=2)
    act(game, *TIE_PLAY)
    assert game.decision.choices == ("next hand",)


def test_bad_options_are_refused():
    with pytest.raises(OptionError, match="unknown option"):
        tabletop.new_game("pitch", players=3, trumps="S")
    with pytest.raises(OptionError, match="game_tie"):
        tabletop.new_game("pitch", players=3, game_tie="split")
    with pytest.raises(OptionError, match="repeats a name"):
        tabletop.new_game("pitch", players=["Ann", "Bob"], joiners="Ann")


# ---- bad input ----------------------------------------------------------------------------
def test_a_card_not_in_hand_is_refused():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass")
    assert "must answer" in unchanged(game, "AS")  # Bob's card, not Ann's
    assert "must answer" in unchanged(game, 7)


def test_out_of_turn_is_refused():
    game = new(MIXED)
    assert unchanged(game, "bid 2", player="Bob") == "It is Ann's decision now, not Bob's."


def test_bid_below_the_high_bid_is_refused_except_a_dealer_steal():
    game = new(MIXED)
    act(game, "bid 3")
    unchanged(game, "bid 2")
    unchanged(game, "bid 3")
    unchanged(game, "steal")  # only the dealer steals
    act(game, "pass")
    unchanged(game, "bid 2")
    act(game, "steal")
    assert game.pitcher == "Cy"


def test_game_over_refuses_moves_and_saves_load_equal():
    game = mixed(max_hands=1)
    with pytest.raises(IllegalAction, match="over"):
        game.apply("next hand")
    assert tabletop.load(game.save()) == game


# ---- staged positions ------------------------------------------------------------------
def test_arranged_hands_come_from_the_stock_and_from_other_hands():
    game = new(MIXED)
    assert set(type(game).arrangeable()) == {"hands", "money", "scores"}
    game.arrange(hands={"Ann": ["AS", "KS", "QS", "JS", "10S", "2S"]})
    assert game.view("Ann")["hand"] == ["2S", "10S", "JS", "QS", "KS", "AS"]
    assert game.dealt["Bob"] == ("5H", "8D", "7C", "6C", "2C", "3C")  # drew for AS, QS
    assert game.dealt["Cy"] == ("3S", "AH", "9D", "8C", "10C", "5C")  # drew for the JS
    assert {"10H", "9H", "3D", "4C"} <= set(game.stock)  # Ann's old cards
    assert game.conserved() == {"money": 0, "cards lost or made": 0, "cards held twice": 0}
    loaded = tabletop.load(game.save())
    assert loaded == game and loaded.view("Ann") == game.view("Ann")
    act(game, "bid 2", "pass", "pass")
    sweep_lead(game)
    assert game.last_hand["awards"]["high"] == "Ann"  # the staged hand is the dealt one


def test_arranged_scores_and_money_are_saved_and_money_comes_from_the_bank():
    game = new(MIXED, max_hands=1)
    game.arrange(scores={"Ann": 9, "Cy": -2}, money={"Bob": 150})
    assert game.view(None)["seats"][1] == {"name": "Bob", "seat": 1, "position": None,
                                           "money": 150, "seated": True}
    assert game.ledger["bank"] == -150 and game.ledger.total() == 0
    loaded = tabletop.load(game.save())
    assert loaded == game and loaded.view(None) == game.view(None)
    act(game, "bid 2", "pass", "pass", *MIXED_PLAY)  # Ann -2, Bob +4, Cy 0: 7, 4, -2
    assert {n: game.result.figures[n]["cents"] for n in SEATS} == {"Ann": 40, "Bob": 160,
                                                                   "Cy": -50}


@pytest.mark.parametrize(("change", "message"), [
    ({"hands": {"Ann": ["AS"]}}, "Ann's hands should be a list of 6 cards"),
    ({"hands": {"Ann": ["AS", "KS", "QS", "JS", "10S", "1S"]}},
     "there is no card '1S'; write cards as AS, 10H, 2C"),
    ({"hands": {"Ann": ["AS", "KS", "QS", "JS", "10S", "2S"],
                "Bob": ["AS", "2C", "3C", "4C", "5C", "6C"]}}, "AS is given to Ann and to Bob"),
    ({"hands": {"Zed": ["AS", "KS", "QS", "JS", "10S", "2S"]}},
     "'Zed' is not a player here; the players are Ann, Bob, Cy"),
    ({"scores": {"Ann": "lots"}}, "Ann's score should be a whole number"),
    ({"scores": {}}, "scores should be a table keyed by player names"),
    ({"money": {"Bob": True}}, "Bob's money should be a whole number"),
])
def test_a_bad_arrangement_is_refused_with_a_reason_and_changes_nothing(change, message):
    game = new(MIXED)
    before = game.save()
    with pytest.raises(IllegalAction, match=message):
        game.arrange(**change)
    assert game.save() == before


def test_hands_are_arranged_only_during_the_bidding():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass")
    with pytest.raises(IllegalAction, match="during the bidding"):
        game.arrange(hands={"Ann": ["AS", "KS", "QS", "JS", "10S", "2S"]})


# ---- the view -----------------------------------------------------------------------------
def test_view_hides_other_hands_and_lists_legal_cards():
    game = new(MIXED)
    act(game, "bid 2", "pass", "pass", "2S", "QS")
    view = game.view("Cy")
    assert view["hand"] == ["8C", "10C", "9D", "AH", "3S", "JS"]  # by suit, low to high
    assert "KS" not in str({k: v for k, v in view.items() if k != "captured"})
    assert view["hand_sizes"] == {"Ann": 5, "Bob": 5, "Cy": 6}
    assert view["decision"]["choices"] == ["3S", "JS"]
    assert view["trick_winning"] == "Bob"
    assert game.view("Ann")["decision"] is None and game.view(None)["hand"] == []
    assert view["odds"]["my_hand"]["S"]["jack_in_play"] == "1"
    assert view["spaces"] == [] and [s["name"] for s in view["seats"]] == list(SEATS)
    assert {s["position"] for s in view["seats"]} == {None}


# ---- probability ----------------------------------------------------------------------------
def test_jack_in_play_chances_are_exact():
    assert odds.jack_in_play(4, 6) == Fraction(24, 52)
    assert odds.suit_odds(["9H"], "S", 4, 6)["jack_in_play"] == Fraction(18, 46)
    high = odds.suit_odds(["KS", "2C", "3C", "4C", "5C", "6C"], "S", 2, 6)["high"]
    assert high == Fraction(40, 46)  # the AS must be one of the 40 undealt unseen cards
    assert odds.suit_odds(["AS"], "S", 8, 6)["high"] == 1


# ---- money ----------------------------------------------------------------------------------
@given(st.lists(st.integers(-200, 200), min_size=2, max_size=8), st.integers(1, 50))
def test_money_settlement_sums_to_zero_within_a_cent(scores, rate):
    names = [f"P{k}" for k in range(len(scores))]
    exact = money.exact_payoffs(dict(zip(names, scores, strict=True)), rate)
    paid = money.settle(dict(zip(names, scores, strict=True)), rate)
    assert sum(paid.values()) == 0
    assert all(abs(paid[n] - exact[n]) < 1 for n in names)


def test_a_joiner_gets_a_tab_without_changing_the_total():
    ledger = money.table_ledger(["Ann", "Bob"])
    money.pay(ledger, "Ann", 150)
    money.pay(ledger, "Bob", -70)
    fresh = money.with_seat(ledger, "Cy")
    assert fresh.accounts() == {**ledger.accounts(), "Cy": 0} and fresh.total() == 0


# ---- content ----------------------------------------------------------------------------------
def test_content_has_the_rulebook_figures_and_marks_the_kits_own():
    content = game_content("pitch", build)
    assert (content.hand_size, content.lowest_bid, content.cents_per_point,
            content.moon_cents) == (6, 2, 10, 100)
    assert set(content.kit_authored) == {"table", "moon"}


@pytest.mark.parametrize(("old", "new", "message"), [
    ("cents_per_point = 10", "cents_per_point = -1", "money.cents_per_point: should be above"),
    ("hand_size = 6", "hand_size = 7", "table.most_players: 8 hands of 7 cards"),
    ('"10" = 10', '"11" = 10', "game_count.11: is not a card rank"),
    ("moon_cents = 100", "moon_cents = 'a dollar'", "money.moon_cents: should be a whole"),
    ("[bidding]", "[bidding_]", "bidding.lowest: is missing"),
    ('kit_authored = ["table", "moon"]', 'kit_authored = ["seats"]', "edition.kit_authored"),
])
def test_broken_content_names_file_and_entry(tmp_path: Path, old, new, message):
    text = (Path(tabletop.games.pitch.__file__).parent / "content.toml").read_text()
    assert old in text
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new))
    with pytest.raises(ContentError, match="content.toml: entry " + message.replace(".", r"\.")):
        game_content("pitch", build, path)


def test_content_that_is_not_toml_is_refused(tmp_path: Path):
    path = tmp_path / "content.toml"
    path.write_text("[deal\nhand_size = 6")
    with pytest.raises(ContentError, match="not valid TOML"):
        tabletop.new_game("pitch", content=str(path))


# ---- bots -----------------------------------------------------------------------------------
def test_heuristic_bot_bids_its_best_suit_and_never_the_moon():
    game = new(SWEEP)
    bot = HeuristicBot()
    assert bot.choose(game.view("Ann"), game.legal_actions()) == "bid 4"
    act(game, "pass")
    assert bot.choose(game.view("Bob"), game.legal_actions()) == "pass"


def test_heuristic_pitcher_leads_its_highest_trump():
    game = new(SWEEP)
    act(game, "bid 2", "pass", "pass")
    assert HeuristicBot().choose(game.view("Ann"), game.legal_actions()) == "AS"


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_play_whole_games_with_money_conserved(kind):
    for seed in range(4):
        game = tabletop.new_game("pitch", players=5, seed=seed, seat_changes="open")
        bots = {p: make_bot("pitch", kind, seed) for p in game.players}
        while not game.is_over:
            player = game.decision.player
            bot = bots.setdefault(player, make_bot("pitch", kind, seed))
            view = game.view(player) if bot.needs_view else None
            game.apply(bot.choose(view, game.legal_actions()))
        assert game.ledger.total() == 0
        assert sum(f["cents"] for f in game.result.figures.values()) == -game.ledger["bank"]


def test_log_a_target_of_one_point_is_singular():
    game = mixed(target=1)
    assert game.is_over and "reached the target of 1 point" in game.result.reason


def test_the_log_names_a_played_card_as_the_hand_shows_it():
    """Issue 20 point 9: "Ann plays 9♣", the card as the hand's button shows it, not "9C"."""
    game = tabletop.new_game("pitch", players=["Ann", "Bob", "Cy"], seed=5)
    while game.decision.kind != "play":
        game.apply(game.decision.choices[0])
    card = game.decision.choices[0]
    game.apply(card)
    played = [e for e in game.events if e.kind == "play"][-1]
    assert played.text == f"{played.player} plays {card_symbol(card)}"
    assert card_symbol(card)[-1] in "♣♦♥♠" and card not in played.text


def test_defender_throws_a_jack_before_a_ten():
    """A defender who cannot beat the pitcher's trick throws the card that counts least for
    Game (a Jack, 1), not the lowest-ranked count card (a 10, worth 10)."""
    hands = {"Ann": ["AS", "KS", "2S", "3D", "4D", "5D"],
             "Bob": ["10H", "JD", "KC", "QH", "AD", "AC"],
             "Cy": ["6S", "7H", "8H", "9C", "2C", "3C"]}
    game = new(hands)
    act(game, "bid 2", "pass", "pass", "AS")  # Ann pitches spades; Bob has no trump
    assert HeuristicBot().choose(game.view("Bob"), game.legal_actions()) == "JD"


def test_defender_keeps_count_until_the_pitcher_has_played():
    """A defender does not dump a 10 onto a fellow defender's winning trick while the pitcher
    has still to play to it (she may trump it); once she has played, it does (rule 18)."""
    hands = {"Ann": ["3S", "10D", "5C", "6C", "7C", "8C"],
             "Bob": ["2S", "4S", "5S", "9D", "9H", "2C"],
             "Cy": ["AS", "KH", "QH", "JH", "4H", "3D"]}
    game = new(hands)
    act(game, "pass", "bid 2", "pass", "2S", "AS", "3S", "KH")  # Cy leads; Bob, pitcher, last
    assert HeuristicBot().choose(game.view("Ann"), game.legal_actions()) == "5C"
    assert EarlyDumpBot().choose(game.view("Ann"), game.legal_actions()) == "10D"


#: The rivals' hands in the switched bots' tests: no spade, no diamond, no Ace among them.
OTHERS = {"Bob": ["4H", "5H", "6H", "7H", "8H", "9H"], "Cy": ["2C", "3C", "4C", "5C", "6C", "7C"]}


def test_switched_bots_differ_in_their_one_choice():
    """The paired studies' bots: an Ace named as trump; an opening line other than 1.8."""
    game = new({"Ann": ["AH", "KS", "QS", "JS", "2S", "3D"], **OTHERS})
    act(game, "bid 2", "pass", "pass")
    assert AceSuitBot().choose(game.view("Ann"), game.legal_actions()) == "AH"
    assert HeuristicBot().choose(game.view("Ann"), game.legal_actions()) == "KS"
    weak = new({"Ann": ["KS", "9S", "3D", "10H", "8C", "5D"], **OTHERS})  # diamonds: 0.75 + 0.15
    line = OpeningLineBot(line=Fraction("0.5"))
    assert line.choose(weak.view("Ann"), weak.legal_actions()) == "bid 2"
    assert HeuristicBot().choose(weak.view("Ann"), weak.legal_actions()) == "pass"


def test_the_bare_ace_bot_names_an_ace_only_with_company():
    """AceWithCompanyBot differs from AceSuitBot in one choice: with a bare Ace it names its
    best suit; with an Ace and another card of its suit it names the Ace's suit."""
    bare = new({"Ann": ["AD", "KS", "QS", "JS", "2S", "3H"], **OTHERS})
    act(bare, "bid 2", "pass", "pass")
    assert AceSuitBot().choose(bare.view("Ann"), bare.legal_actions()) == "AD"
    assert AceWithCompanyBot().choose(bare.view("Ann"), bare.legal_actions()) == "KS"
    company = new({"Ann": ["AD", "3D", "KS", "QS", "JS", "2S"], **OTHERS})
    act(company, "bid 2", "pass", "pass")
    assert AceWithCompanyBot().choose(company.view("Ann"), company.legal_actions()) == "AD"


def test_the_rated_ace_bot_names_an_ace_only_below_its_line():
    """RatedAceBot differs from AceSuitBot in one choice: from its rating line up, with a bare
    Ace (or one other card of its suit), it names its best suit; below the line, the Ace's suit."""
    from tabletop.games.pitch.sampling import rating

    strong = new({"Ann": ["AD", "KS", "QS", "JS", "2S", "3H"], **OTHERS})
    act(strong, "bid 2", "pass", "pass")
    assert rating(strong.hands["Ann"]) >= Fraction("2.2")
    assert AceSuitBot().choose(strong.view("Ann"), strong.legal_actions()) == "AD"
    assert RatedAceBot().choose(strong.view("Ann"), strong.legal_actions()) == "KS"
    weak = new({"Ann": ["AD", "KS", "9S", "3S", "10H", "8D"], **OTHERS})  # rated below 2.2
    act(weak, "bid 2", "pass", "pass")
    assert rating(weak.hands["Ann"]) < Fraction("2.2")
    assert RatedAceBot().choose(weak.view("Ann"), weak.legal_actions()) == "AD"


def test_the_floor_and_the_dealer_bots_split_the_forced_dealers_hands():
    """RatedAceBot with a floor names a weak hand's (a forced dealer's) trump as the heuristic
    bot does; DealerAceBot names an Ace's suit only in such a hand."""
    from tabletop.games.pitch.sampling import rating

    forced = new({"Ann": ["AD", "KS", "9S", "3S", "8C", "9C"], **OTHERS})  # spades best, below 1.8
    act(forced, "bid 2", "pass", "pass")
    assert rating(forced.hands["Ann"]) < HEURISTIC_LINE
    floored = RatedAceBot(floor=HEURISTIC_LINE)
    assert RatedAceBot().choose(forced.view("Ann"), forced.legal_actions()) == "AD"
    assert floored.choose(forced.view("Ann"), forced.legal_actions()) == "KS"
    assert DealerAceBot().choose(forced.view("Ann"), forced.legal_actions()) == "AD"
    opener = new({"Ann": ["AD", "KS", "9S", "3S", "10H", "8D"], **OTHERS})  # rated 1.8 to 2.2
    act(opener, "bid 2", "pass", "pass")
    assert HEURISTIC_LINE <= rating(opener.hands["Ann"]) < Fraction("2.2")
    assert floored.choose(opener.view("Ann"), opener.legal_actions()) == "AD"
    assert DealerAceBot().choose(opener.view("Ann"), opener.legal_actions()) == "KS"


def test_the_named_suit_study_reads_the_pitchers_trump_from_her_first_lead():
    """sampling.named_suit_deal: what the pitcher holds of the suit she names at a real
    auction; High when her top trump beats every trump dealt to the others; its Jack dealt
    to some seat whenever she holds it (going further's defender share: dealt, not hers)."""
    from tabletop.games.pitch import sampling

    for deal in range(20):
        seen = sampling.named_suit_deal(None, 81, deal)
        assert 1 <= seen.length <= 6
        assert not seen.ace or seen.high  # the Ace of trumps is always High
        assert not seen.ace_length or not seen.ace  # a real choice: no Ace in the named suit
        assert not seen.jack or seen.jack_dealt  # her own Jack was dealt


def test_defender_keeps_its_low_trump_under_the_pitchers_winning_trick():
    """A defender who must follow trumps under a trick the pitcher is winning throws its
    highest trump that counts nothing and keeps its lowest (Low goes to whoever captures the
    lowest trump in play); the old habit (:class:`LowTrumpBot`) threw the lowest."""
    hands = {"Ann": ["AS", "KS", "QS", "3D", "4D", "5D"],
             "Bob": ["2S", "8S", "9H", "9C", "8H", "7C"],
             "Cy": ["6S", "7H", "6H", "2C", "3C", "4C"]}
    game = new(hands)
    act(game, "bid 2", "pass", "pass", "AS")  # Ann pitches spades with the Ace
    assert HeuristicBot().choose(game.view("Bob"), game.legal_actions()) == "8S"
    assert LowTrumpBot().choose(game.view("Bob"), game.legal_actions()) == "2S"


def test_the_ace_choice_is_real_only_without_an_ace_in_the_best_suit():
    assert holds_real_ace_choice(["KS", "QS", "9S", "8S", "AH", "4C"])
    assert not holds_real_ace_choice(["AS", "QS", "9S", "AH", "3D", "4C"])  # leads AS either way
    assert not holds_real_ace_choice(["KS", "QS", "9S", "2H", "3D", "4C"])  # no Ace at all
