"""The stand-alone blackjack table and the exact strategy table (rules 43-55 of Hitchiker)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tabletop import IllegalAction, OptionError, Script
from tabletop.games.hitchiker import strategy
from tabletop.games.hitchiker.blackjack import BUST, house_rules
from tabletop.games.hitchiker.blackjack_table import BlackjackTable
from tabletop.games.hitchiker.bots import HeuristicBot
from tabletop.games.hitchiker.content import kit_content

RULES = kit_content().casino


def table(order, players=("Ann",), **options):
    """A table whose first round deals ``order`` (burn card first); Ann deals two hands."""
    options.setdefault("rounds", 1)
    return BlackjackTable(list(players), seed=1, script=Script(orders=[order]), **options)


def test_dealer_alone_plays_two_hands_and_wins_double():
    g = table(["2S", "10H", "10D", "7C", "9H", "8D", "10S"])
    g.apply(1_000)
    g.apply(2_000)
    g.apply("stick")  # 19
    g.apply("stick")  # 18, house 7 + 10 = 17
    assert g.is_over and g.money["Ann"] == 25_000 + 2_000 + 4_000
    assert g.result.reason.startswith("1 round was dealt;")


def test_blackjack_pays_five_at_once_not_after_split():
    g = table(["2S", "AS", "AD", "5C", "KH", "AH", "KC", "10D", "9D"], dealer_hands=True)
    g.apply(1_000)
    g.apply(1_000)  # first hand A+K blackjack: +5,000 at once
    assert g.money["Ann"] == 25_000 - 1_000 + 5_000
    g.apply("split")  # A A split: A+K and A+10 make 21s but no blackjack
    g.apply("stick")
    g.apply("stick")
    assert g.is_over and [e.kind for e in g.events].count("blackjack") == 1
    assert len(next(e for e in g.events if e.kind == "settle").data["results"]) == 2


def test_split_only_once_and_double_after_split():
    g = table(["2S", "8S", "5D", "9C", "8H", "8D", "3C", "2C"])
    g.apply(1_000)
    g.apply(1_000)
    g.apply("split")
    assert "split" not in g.decision.choices and "double" in g.decision.choices


def test_rule_55_a_split_21_may_double_down():
    """Rule 55: any first two cards may double, so a 21 made after a split is a choice, and
    against a 6 the solver doubles it (a win pays twice the bet)."""
    g = table(["2S", "AS", "5D", "6C", "AH", "10D", "KC", "9D", "4S"])
    g.apply(1_000)
    g.apply(1_000)
    g.apply("split")  # A A: A+10 and A+K, two 21s
    assert g.decision.choices == ("hit", "stick", "double")
    gains = strategy.action_values(RULES, (1, 10), 6)
    assert gains["double"] > gains["stick"]
    standing_21 = 2 * sum(p * max(strategy.action_values(RULES, (1, c), 6, c != 10, False)
                                  .values())
                          for c, p in strategy.VALUE_CHANCES)  # the old reading: 21 stands
    assert strategy.action_values(RULES, (1, 1), 6)["split"] > standing_21


def test_double_needs_cash_and_split_needs_equal_values():
    g = table(["2S", "KS", "5D", "9C", "QH", "6D"], start_cash=2_000)
    g.apply(1_000)
    g.apply(1_000)
    assert g.decision.choices == ("hit", "stick")  # no cash left to match the bet
    with pytest.raises(IllegalAction):
        g.apply("double")


def test_bet_limits_and_out_of_turn():
    g = table(["2S", "KS", "5D", "9C", "QH", "6D"], players=("Ann", "Bob"))
    assert g.decision.player == "Bob"
    before = g.save()
    for bad in (500, 26_000, 1_500, "hit"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    with pytest.raises(IllegalAction):
        g.apply(1_000, player="Ann")
    assert g.save() == before


def test_broke_players_sit_out_and_rebuy():
    g = BlackjackTable(["Ann", "Bob"], seed=2, rounds=50, rebuy=True)
    bot = HeuristicBot(1)
    while not g.is_over:
        g.apply(bot.choose(g.view(g.decision.player), g.legal_actions()))
    assert g.money.total() == 0 and g.money["table"] == 0
    with pytest.raises(OptionError):
        BlackjackTable(2, rounds=0)


def test_strategy_table_is_exact():
    strategy.edge.cache_clear()
    table_ = strategy.strategy_table(RULES)
    assert sum(strategy.house_finals(RULES, 6).values()) == 1
    assert strategy.house_finals(RULES, 10)[BUST] < strategy.house_finals(RULES, 6)[BUST]
    assert table_[16, False, None, 10][0] == "stick"  # a loss costs only 1, a win pays 2
    assert table_[11, False, None, 6][0] == "double"
    assert strategy.bet_ev(RULES, 1, 6) > Fraction(2)
    assert strategy.action_values(RULES, (10, 10), 6)["split"] > 1  # even 20 is worth splitting
    assert strategy.best_action(RULES, (10, 6), 10, ["hit", "stick"]) == "stick"


def test_rule_43_a_player_short_of_the_minimum_still_plays_all_in():
    g = table(["2S", "10H", "10D", "7C", "9H", "8D", "10S"], start_cash=600)
    assert g.decision.kind == "bet" and g.decision.legal_actions() == [600]
    with pytest.raises(IllegalAction):
        g.apply(500)
    g.apply(600)
    assert g.view("Ann")["casino"]["hands"][1]["state"] == "out"  # nothing left for hand 2
    g.apply("stick")  # 19 against the house's 7 + 10 = 17
    assert g.is_over and g.money["Ann"] == 600 * 3


def test_house_rules_are_stated_from_the_content():
    rules = house_rules(RULES)
    assert "stands on 17" in rules[0] and "collects 2 times" in rules[1]
    assert "5 times it at once" in rules[1] and "split may double down" in rules[3]
    stricter = replace(RULES, double_after_split=False, house_stands=18)
    assert "split may not double down" in house_rules(stricter)[3]
    assert "stands on 18" in house_rules(stricter)[0]


def test_no_double_after_split_lowers_the_edge():
    no_das = replace(RULES, double_after_split=False)
    assert strategy.edge(no_das) < strategy.edge(RULES)
    assert strategy.action_values(no_das, (8, 8), 6)["split"] < strategy.action_values(
        RULES, (8, 8), 6)["split"]


def test_the_exact_hand_distribution_has_the_edge_as_its_mean():
    gains = strategy.gain_dist(RULES)
    assert sum(gains.values()) == 1 and set(gains) <= set(range(-4, 9))
    assert sum(g * p for g, p in gains.items()) == strategy.edge(RULES)
    assert gains[5] == Fraction(8, 169)  # only a blackjack gains 5
    simple = strategy.gain_dist(RULES, strategy.HIT_OR_STICK)
    assert set(simple) == {-1, 0, 2, 5}
    assert sum(g * p for g, p in simple.items()) < strategy.edge(RULES)


def test_first_move_keeps_to_the_moves_allowed():
    assert strategy.first_move(RULES, 8, 8, 6) == "split"
    assert strategy.first_move(RULES, 8, 8, 6, strategy.HIT_OR_STICK) in ("hit", "stick")
    assert strategy.first_move(RULES, 6, 5, 6) == "double"
