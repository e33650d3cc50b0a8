"""RUSH's odds (tabletop/games/rush/odds.py): exact values first, then a second way."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.games.rush import odds
from tabletop.odds import check, estimate

CONTENT = Path(tabletop.__file__).parent / "games" / "rush" / "content.toml"


def test_the_pill_die():
    assert odds.pill_risk(5) == (Fraction(5, 6), Fraction(1, 6))
    assert dict(odds.pill_die(3)) == {"sense lost": Fraction(1, 2), "no loss": Fraction(1, 3),
                                "coma": Fraction(1, 6)}


def test_the_senses_chain():
    assert odds.pills_to_lose_all() == 6 * sum(Fraction(1, k) for k in range(1, 6))
    assert odds.death_before_coma() == Fraction(1, 6)
    assert set(odds.lost_at_first_coma().values()) == {Fraction(1, 6)}


def test_the_road_to_the_top_of_the_zonkometer():
    road = odds.road_to_the_top(12)
    assert road["pills"] == 8 and road["no coma"] == Fraction(5, 6) ** 8
    assert 0 < road["alive"] < 1 and 0 < road["senses lost"] < 5
    assert odds.road_to_the_top(20)["alive"] == 1


def test_the_coma_track():
    table = odds.coma_odds()
    assert list(table.index) == [1, 2, 3, 4, 5]
    assert all(0 < p < 1 for p in table["P(wake)"])
    assert list(table["P(wake)"]) == sorted(table["P(wake)"])  # more senses, more hope
    # one step from AWAKE: any face but a 1 wakes you
    step = odds.coma_chain().row((4, 5))
    assert step["awake"] == Fraction(5, 6) and step[(3, 4)] == Fraction(1, 6)
    slow = odds.coma_odds(fastest=False)
    assert all(slow["P(wake)"] < table["P(wake)"])


def test_cops_and_the_lockup():
    assert [odds.arrest_chance(k) for k in (0, 1, 6, 9)] == [0, Fraction(1, 6), 1, 1]
    assert odds.caught_within(1) == 0 and odds.caught_within(2) == Fraction(1, 6)
    assert odds.caught_within(3) == 1 - Fraction(5, 6) * Fraction(4, 6)
    assert odds.lockup_release() == Fraction(1, 4) and odds.lockup_turns() == 4
    assert dict(odds.release_move()) == {t: Fraction(1, 6) for t in (2, 4, 6, 8, 10, 12)}
    assert [odds.lockup_outcome(d) for d in ((3, 3), (2, 4), (1, 2))] == [
        "released", "again", "stays"]


def test_the_lockup_roll_agrees_with_a_simulation():
    def released_in_one_turn(rng: np.random.Generator) -> bool:
        while True:
            outcome = odds.lockup_outcome(tuple(rng.integers(1, 7, size=2)))
            if outcome != "again":
                return outcome == "released"

    assert check(odds.lockup_release(), estimate(released_in_one_turn, 20_000, seed=1))


def test_lucky_day_printed_against_fair_odds():
    table = odds.lucky_day_table()
    assert table.loc[7, "fair odds"] == 5 and table.loc[2, "fair odds"] == 35
    assert all(ev < 0 for ev in table["EV of $1 (printed)"])
    for total in range(2, 13):
        p = table.loc[total, "P(win)"]
        assert p * odds.fair_odds(total) - (1 - p) == 0
    assert odds.payout(10, Fraction(31, 5)) == 62
    assert odds.lucky_odds({7: 4}, "printed") == {7: 4}
    assert odds.lucky_odds({}, "fair")[6] == Fraction(31, 5)
    assert odds.loan_interest() == 1


def test_the_landing_table():
    table = odds.landing()
    assert sum(table["probability"]) == 1 and table.iloc[-1]["name"] == "lockup"
    pills = table[table["kind"] == "take_a_pill"]
    assert all(pills["vs_uniform"] < 1)  # a Take a Pill space moves you on at once
    home = table.loc[0, "p"]
    assert odds.landing(stop_at_home=True, exact=False).loc[0, "p"] > home
    assert odds.landing(pill_turns=True, exact=False)["p"].sum() == pytest.approx(1)


def test_odds_follow_a_house_edition(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text(CONTENT.read_text(encoding="utf-8").replace("start = 12 ", "start = 16 ")
                     .replace("repay_factor = 2", "repay_factor = 3"), encoding="utf-8")
    content = tabletop.new_game("rush", content=str(house)).content
    assert odds.road_to_the_top(content.zonk_start, content)["pills"] == 4
    assert odds.loan_interest(content) == 2


def test_played_pills_bring_a_coma_one_time_in_six():
    pills = comas = 0
    for seed in range(30):
        game = tabletop.new_game("rush", players=["Ann", "Bob", "Cy"], seed=seed)
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        for event in game.events:
            if event.kind == "pill":
                pills += 1
                comas += event.data["p_of"] == "a coma from one pill"
    assert pills > 300 and abs(comas / pills - 1 / 6) < 0.05


def test_rest_loot_bets_and_returns():
    assert [odds.rest_gain(up) for up in (1, 4, 5)] == [Fraction(5, 6), Fraction(1, 3), 0]
    bank = odds.loot(3, 25)
    assert bank.mean() == Fraction(525, 2) and min(bank) == 75 and max(bank) == 450
    assert odds.bet_value(7, Fraction(5)) == 0 and odds.bet_value(7, Fraction(4)) == Fraction(-1, 6)
    table = odds.landing()
    shark = odds.kit_content().first("loan_shark")
    assert odds.return_time(shark) == 1 / table.loc[shark, "probability"]


def test_the_coma_chain_keeps_senses_and_may_end_the_game():
    kept = odds.coma_chain(kept=True).absorbing().probabilities[(0, 5)]
    plain = odds.coma_chain().absorbing().probabilities[(0, 5)]
    assert sum(p for end, p in kept.items() if end != "dead") == plain["awake"]
    ending = odds.coma_chain(kept=True, ends=Fraction(1, 10)).absorbing().probabilities[(0, 5)]
    assert 0 < ending["game over"] < 1 and sum(ending.values()) == 1
    assert ending[("awake", 5)] < kept[("awake", 5)]
    wake, turns = odds.coma_outlook(0, 5)
    assert wake == plain["awake"] and turns == odds.coma_odds().loc[5, "expected turns"]
    one_back = odds.coma_outlook(3, 4)[0]
    assert odds.coma_outlook(4, 5)[0] == Fraction(5, 6) + Fraction(1, 6) * one_back


def test_deals_before_an_arrest_follow_the_growing_cop_count():
    gets_away = odds.deals_before_arrest()
    assert sum(gets_away.values()) == 1 and 0 not in gets_away  # the first deal meets no Cop
    assert gets_away[1] == Fraction(1, 6)
    assert all(gets_away.p(lambda k, n=n: k < n) == odds.caught_within(n) for n in range(1, 8))


def test_the_climb_with_comas_from_one_step_below_the_top():
    climb = odds.climb(19, up=1)
    wake = odds.coma_outlook(0, 1)[0]
    # one pill with one sense up: its own face kills, a 6 is a coma that wakes with chance wake
    assert climb["alive"] == Fraction(4, 6) + Fraction(1, 6) * wake
    assert climb["coma turns"] == Fraction(1, 6) * odds.coma_outlook(0, 1)[1]
    assert odds.climb(12)["alive"] < odds.road_to_the_top(12)["alive"]


def test_visits_until_the_end_add_up_to_the_expected_game_length():
    visits = odds.visits(Fraction(1, 20))
    assert sum(visits.values()) == pytest.approx(20)
    assert max(visits, key=visits.get) == 0  # Home, where every token starts


def test_visits_with_a_geometric_horizon_law_are_the_fundamental_matrix():
    ends = Fraction(1, 20)
    law = [(1 - float(ends)) ** t for t in range(3_000)]
    by_law, geometric = odds.visits_by_horizon(law), odds.visits(ends)
    assert by_law == pytest.approx(geometric)


def test_visits_with_a_fixed_game_length_count_its_turns():
    visits = odds.visits_by_horizon([1.0] * 7)  # a game of exactly seven turns
    assert sum(visits.values()) == pytest.approx(7)
    assert visits[0] >= 1  # the first turn's place, Home, counted


def test_samplers_check_the_new_lesson_models():
    from tabletop.games.rush import sampling

    rng = np.random.default_rng(1)
    gets_away = sampling.deals_until_caught(rng, 20_000) - 1
    assert abs(gets_away.mean() - float(odds.deals_before_arrest().mean())) < 0.05
    moves = [sampling.lockup_exit(rng)[1] for _ in range(3_000)]
    assert set(moves) == set(odds.release_move())
    climbs = [sampling.climb(rng, odds.kit_content(), 8)[0] for _ in range(4_000)]
    assert abs(np.mean(climbs) - float(odds.climb(12)["alive"])) < 0.03
    counts = sampling.visits_until_the_end(odds.board_chain(), 0, 0.05, rng, 4_000)
    assert abs(counts.sum(axis=1).mean() - 20) < 1


def test_the_bot_game_lengths_are_the_rounds_of_seeded_bot_games():
    from tabletop.games.rush import sampling
    from tabletop.odds.parallel import chunk_seed

    rng = np.random.default_rng(chunk_seed(7, 0))
    played = [sampling.bot_game_rounds(rng) for _ in range(3)]
    assert list(sampling.bot_game_lengths.uncached(3, seed=7, workers=1)) == played


def test_the_bot_game_lengths_do_not_depend_on_the_workers():
    from tabletop.games.rush import sampling

    lengths = sampling.bot_game_lengths.uncached
    assert list(lengths(60, seed=7, workers=1)) == list(lengths(60, seed=7, workers=2))


def test_a_pill_and_a_free_turn_priced_in_dollars():
    content = odds.kit_content()
    assert odds.pill_worth() == min([12, 15, 10, 20])  # the Push prices of RULES.md 5 B #1
    income = odds.turn_income()
    assert income == content.welfare * odds.landing()["probability"][0]
    assert odds.turn_income(stop_at_home=True) > income  # stopping short lands Home more often


def test_the_welfare_a_turn_brings_agrees_with_walking_tokens():
    from tabletop.games.rush import sampling
    from tabletop.odds import estimate_mean

    # a second way: Kac's lemma on walked tokens, the welfare once per return to Home
    back = estimate_mean(lambda rng, n: sampling.returns(odds.board_chain(), 0, rng, n),
                         20_000, seed=5)
    welfare = odds.kit_content().welfare
    low, high = back.interval
    assert welfare / high <= odds.turn_income() <= welfare / low


def test_the_lockup_against_the_bribe_in_dollars():
    from tabletop.games.rush import sampling
    from tabletop.odds import estimate_mean

    content, rate = odds.kit_content(), Fraction(3, 2)
    assert odds.lockup_cost(0, 0) == 0
    # a second way: lockup stays thrown with two dice, each turn but the last one lost
    worth = odds.pill_worth()
    stays = estimate_mean(lambda rng: 6 * worth + (sampling.lockup_turns(rng) - 1) * float(rate),
                          20_000, seed=9)
    assert check(odds.lockup_cost(6, rate), stays)
    for rate in (Fraction(0), odds.turn_income(), odds.turn_income(stop_at_home=True),
                 Fraction(40)):
        k = odds.bribe_pays_from(rate)
        assert odds.lockup_cost(k, rate) > content.bribe
        assert k == 0 or odds.lockup_cost(k - 1, rate) <= content.bribe
    assert odds.bribe_pays_from(Fraction(0)) == content.bribe // worth + 1
    assert odds.bribe_pays_from(Fraction(40)) == 0


def test_landings_count_every_arrival_and_exceed_turns_ended_on_moving_spaces():
    from tabletop.games.rush import sampling

    content = odds.kit_content()
    assert not sampling.board_landings(content, 1.0, np.random.default_rng(1), 50).any()
    landed = sampling.board_landings(content, 1 / 23, np.random.default_rng(2), 400).mean(0)
    ended = sampling.board_walks(content, 1 / 23, np.random.default_rng(2), 400).mean(0)
    pills = [i for i, s in enumerate(content.board) if s.kind == "take_a_pill"]
    assert all(landed[i] > 3 * ended[i] for i in pills)  # a pill moves the token on 5 times in 6
    home = content.first("home")
    assert landed[home] < ended[home]  # the start at Home is no landing


def test_a_coma_in_the_pill_chain_lands_nowhere():
    """A pill's 6 is a coma: the token stays (rule 10) and its space is not resolved again, so
    from a Take a Pill space the one-die chain stays put at least one time in six (a slip that
    resolved the space again would move it on five times in six, leaving about one in 36)."""
    content = odds.kit_content()
    chain = odds.board_chain(pill_turns=True)
    pill_spaces = [i for i, s in enumerate(content.board) if s.kind == "take_a_pill"]
    assert pill_spaces
    matrix = chain.to_numpy()
    for space in pill_spaces:
        row = chain.states.index(space)
        assert matrix[row, row] >= 1 / 6 - 1e-12


def test_a_stop_short_walk_stops_at_home_on_a_pill_move_that_passes_it():
    """Rule 8 as the engine plays it: every forward move that passes Home may stop there, a
    Take a Pill move too (the walk once stopped short only on the throw of two dice)."""
    from tabletop.games.rush import sampling

    content = odds.kit_content()
    home, n = content.first("home"), len(content.board)
    last = max(i for i, s in enumerate(content.board) if s.kind == "take_a_pill"
               and (home - i) % n <= 5)  # a Take a Pill within a pill's reach of Home
    assert sampling._forward(content, last, 5, stop_at_home=True) == home
    assert sampling._forward(content, last, 5, stop_at_home=False) == (last + 5) % n


def test_the_long_walk_counts_at_least_one_landing_a_turn_out_of_the_lockup():
    """sampling.board_rates, a token walked by the rules: each row is landings per turn, and
    every turn not spent in the lockup lands at least once (the notebook checks each space
    against the chain's long-run landings)."""
    from tabletop.games.rush import sampling

    content = odds.kit_content()
    for stop in (False, True):
        chain = odds.board_chain(stop_at_home=stop)
        in_lockup = np.linalg.matrix_power(chain.to_numpy(), 4096)[0][-1]
        rates = sampling.board_rates(content, 5, 60_000, stop_at_home=stop, batches=20)
        assert rates.shape == (20, len(content.board))
        error = rates.sum(1).std(ddof=1) / np.sqrt(len(rates))
        assert rates.sum(1).mean() > 1 - in_lockup - 4 * error
