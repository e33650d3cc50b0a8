"""Hitchiker's exact odds: the deciding rolls, the casino's house hand (exact and simulated)
and the landing table of the 42 cities."""

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from tabletop.games.hitchiker import odds, strategy
from tabletop.games.hitchiker.blackjack import BUST, VALUE_CHANCES, best_total
from tabletop.games.hitchiker.content import kit_content
from tabletop.odds import OddsError, wilson

COLUMNS = ["space", "name", "kind", "probability", "p", "vs_uniform"]


def test_the_deciding_rolls_come_from_the_content():
    assert odds.corpus_risky_death() == Fraction(2, 9)  # a 7 (6 ways) or an 11 (2 ways)
    assert odds.remindya_escape() == Fraction(1, 2) and odds.expected_remindya_stay() == 2
    assert set(odds.remindya_escape_move()) == {3, 5, 7, 9, 11}
    assert odds.shootout() == Fraction(1, 6)


def test_soft_and_hard_totals():
    assert best_total(7, True) == 17
    assert best_total(12, True) == 12
    assert best_total(16, False) == 16


@pytest.mark.parametrize(("up", "bust"), [(6, 0.4232), (10, 0.2121), (1, 0.1153)])
def test_known_bust_rates_infinite_deck_stand_on_17(up, bust):
    d = odds.house_final_dist(up)
    assert sum(d.values()) == 1
    assert float(d[BUST]) == pytest.approx(bust, abs=5e-4)
    assert set(d) == {17, 18, 19, 20, 21, BUST}


def test_simulation_agrees_with_exact():
    for up in (None, 6):
        hands = odds.house_hands(200_000, seed=7, up_card=up)
        assert hands.totals.shape == (200_000,)
        assert (hands.totals[~hands.bust] >= 17).all()
        low, high = wilson(int(hands.bust.sum()), 200_000, z=3.5)
        assert low <= float(odds.house_final_dist(up)[BUST]) <= high


def test_same_seed_same_hands_and_ace_as_eleven():
    a, b = odds.house_hands(1000, seed=1), odds.house_hands(1000, seed=1)
    assert np.array_equal(a.totals, b.totals)
    assert odds.house_final_dist(11) == odds.house_final_dist(1)
    low_house = replace(kit_content().casino, house_stands=12)
    assert odds.house_final_dist(10, low_house)[12] == Fraction(1, 13)  # a 2 on the 10
    with pytest.raises(OddsError, match="up-card"):
        odds.house_final_dist(12)


def test_landing_remindya_holds_the_token_twice_as_long():
    table = odds.landing()
    assert list(table.columns) == COLUMNS and len(table) == 42
    assert sum(table.probability) == 1
    remindya = table[table.kind == "remindya"].iloc[0]
    assert remindya.vs_uniform == pytest.approx(1.95, abs=0.01)
    fast = odds.landing(exact=False)
    assert np.allclose(fast.p, table.p)
    counts = odds.walk_landings(20_000, seed=1)
    low, high = wilson(int(counts[remindya.space]), int(counts.sum()), z=3.5)
    assert low <= remindya.p <= high


def test_simulated_hands_agree_with_the_exact_edges():
    rng = np.random.default_rng(3)
    rules = kit_content().casino
    for how, exact in (({}, strategy.edge(rules)),
                       ({"stand_on": 17}, odds.threshold_edge(17)),
                       ({"moves": strategy.HIT_OR_STICK},
                        sum(g * p for g, p in strategy.gain_dist(rules, strategy.HIT_OR_STICK)
                            .items()))):
        gains = odds.simulate_hands(rng, 400_000, **how)
        half = 3.5 * gains.std() / np.sqrt(len(gains))
        assert abs(gains.mean() - float(exact)) < half


def test_edge_by_cards_averages_to_the_edge_and_the_chart_reads_the_table():
    table = odds.edge_by_cards()
    chance = {odds.card_name(v): p for v, p in VALUE_CHANCES}
    edge = sum(chance[f] * chance[u] * table.loc[f, u] for f in chance for u in chance)
    assert edge == strategy.edge(kit_content().casino)
    chart = odds.basic_strategy()
    assert list(chart.columns) == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    assert chart.loc["hard 11", "6"] == "double" and chart.loc["pair of 8s", "10"] == "split"
    assert chart.loc["hard 18", "A"] == "stick" and len(chart) == 15 + 8 + 10


def test_simulated_deals_agree_with_the_exact_outcome():
    shootout = kit_content().chart_totals("shootout")
    never_7 = set(range(2, 13)) - shootout
    exact = odds.deal_outcome((never_7, never_7))
    assert exact.death == Fraction(1, 216)  # only the forced third throw can kill
    deals = odds.simulate_deals(np.random.default_rng(4), 300_000, (never_7, never_7))
    low, high = wilson(int(deals.death.sum()), 300_000, z=3.5)
    assert low <= float(exact.death) <= high
    worth = deals.value(10_000, 25_000)
    half = 3.5 * worth.std() / np.sqrt(len(worth))
    assert abs(worth.mean() - float(exact.value(10_000, 25_000))) < half
    best = odds.stopping_rule(10_000, 25_000)
    assert odds.deal_outcome(best.accept).value(10_000, 25_000) == best.value


def test_customs_takes_the_units_and_the_cash_left_in_a_deals_worth():
    chart = odds.deal_chart()
    free = next(line for line in chart.values() if line.result == "free")
    units = odds.deal_units(free, 10_000)
    assert odds.deal_value(free, 10_000, 100, 0) == units * 100
    assert odds.deal_value(free, 10_000, 100, 0, caught=0.25, carrying=40_000) == (
        units * 100 - 10_000)
    caught, fetch = odds.customs_risk(kit_content().kind_spaces("black_market")[0])
    assert 0 < caught < 1 and 0 < fetch / (1 - caught) <= max(
        city.price for city in kit_content().board if city.kind == "sell")


def test_a_deals_worth_with_customs_agrees_with_deals_thrown_and_trips_walked():
    content = kit_content()
    markets = content.kind_spaces("black_market")
    caught, fetch = (float(np.mean([odds.customs_risk(m)[k] for m in markets])) for k in (0, 1))
    carrying = 100_000
    best = odds.stopping_rule(fetch, carrying - odds.money("start_cash"), caught=caught,
                              carrying=carrying)
    worths = odds.deal_worths(np.random.default_rng(5), 100_000, best.accept, carrying)
    half = 3.5 * worths.std() / np.sqrt(len(worths))
    assert abs(worths.mean() - float(best.value)) < half


def test_staking_is_exact_and_agrees_with_simulated_players():
    hand = {-1: Fraction(1, 2), 2: Fraction(1, 2)}
    one = odds.staking(hand, 2_000, 1_000, 1)
    assert one.broke == 0 and one.mean == 2_500 and one.cash[1] == one.cash[4] == 0.5
    two = odds.staking(hand, 1_000, 1_000, 2)  # broke after one loss
    assert two.broke == 0.5 and two.behind == 0.5
    gains = strategy.gain_dist(kit_content().casino, strategy.HIT_OR_STICK)
    exact = odds.staking(gains, 25_000, 10_000, 20)
    cash = odds.simulate_staking(np.random.default_rng(5), 40_000, 25_000, 10_000, 20)
    low, high = wilson(int((cash == 0).sum()), len(cash), z=3.5)
    assert low <= exact.broke <= high


def test_walks_waits_and_laps():
    path = odds.walk_tokens(np.random.default_rng(6), 2_000, start=23, turns=30)
    assert path.shape == (30, 2_000) and path.max() < 42
    stuck = path[0] == 23  # still in the pot hole after one turn: an even throw
    assert 0.45 < stuck.mean() < 0.55
    stays = odds.simulate_remindya(np.random.default_rng(7), 50_000)
    assert stays.min() == 1 and abs(stays.mean() - 2) < 3.5 * stays.std() / np.sqrt(50_000)
    lap = odds.turns_per_lap()
    assert 6 < lap < Fraction(43, 7) + Fraction(1, 1000)  # a little over 42 / 7


def test_rule_23_deaths_at_corpus_risky_in_the_chain_and_the_walk():
    """Rule 23 with rule 31: a turn ending on Corpus Risky kills on the sharks' totals and the
    next throw starts from a Hometown; the walk with deaths agrees with the chain's shares."""
    content = kit_content()
    risky = content.kind_spaces("corpus_risky")[0]
    mortal, plain = odds.mortal_chain(), odds.board_chain()
    assert mortal.row(risky) != plain.row(risky)
    assert all(mortal.row(s) == plain.row(s) for s in plain.states if s != risky)
    shares = mortal.stationary()
    ends = odds.walk_tokens(np.random.default_rng(3), 60_000, 0, 120, deaths=True)[-1]
    counts = np.bincount(ends, minlength=len(content.board))
    for space in (risky, *content.kind_spaces("hometown")[:2]):
        low, high = wilson(int(counts[space]), len(ends), z=3.3)
        assert low <= shares[space] <= high


def test_first_landings_counts_the_turn_a_token_first_ends_on_a_target():
    path = np.array([[1, 2], [3, 4], [3, 2]])  # two tokens, three turns
    assert list(odds.first_landings(path, [3])) == [2, 0]  # 0: never within the walk


def test_smuggler_fate_counts_the_sharks_and_the_cards():
    from widgets.hitchiker.lessons import city

    fate = odds.smuggler_fate(city("Back Alley"))
    assert fate["caught"] + fate["lost"] + fate["dead"] + fate["sold"] == pytest.approx(1, abs=1e-9)
    caught, unit = odds.customs_risk(city("Back Alley"))
    assert fate["lost"] > 0 and fate["dead"] > 0
    assert fate["caught"] < caught and fate["unit"] < unit  # they take units before Customs can
