"""Smokers Wild's exact odds for the walkthrough's decisions (tabletop/games/smokers_wild/odds.py):
every landing per move and per lap, the fees a landing costs, a turn's costs in years at the
kit's exchange rate, and how many throws a life takes. Each is checked against a count by
hand, the engine, or an independent simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import tabletop
from tabletop import Script
from tabletop.games.smokers_wild import odds
from tabletop.games.smokers_wild.money import scale_fee
from tabletop.odds import Dist, dice

KIT = odds.kit_content()
SPACE = {s.name: s.index for s in KIT.board}
NON_SMOKER = odds.Lander(brands=(), lifeometer=6, cash=300)
SMOKER = odds.Lander(brands=("LURK", "SLAYEM"), lifeometer=6, cash=300)
CONTENT = Path(tabletop.__file__).parent / "games" / "smokers_wild" / "content.toml"


def house(tmp_path: Path, old: str, new: str):
    text = CONTENT.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return tabletop.new_game("smokers_wild", players=["Ann", "Bob"], content=str(path)).content


def test_every_landing_counts_a_card_move_twice():
    per_move = odds.landings_per_move(smoker=False)
    ends = odds.landing(with_puff_cards=True)["probability"]
    puff = [s.index for s in KIT.board if s.kind == "puff"]
    # Off the HAV' A PUFF spaces a landing is where a move ends, plus the card's landings.
    carried = sum(per_move[p] - ends[p] for p in puff)
    assert sum(per_move) == 1 + carried
    assert per_move[SPACE["DOCTOR"]] == ends[SPACE["DOCTOR"]] > Fraction(1, 28)
    for p in puff:  # a throw ends on each HAV' A PUFF space as often as on the plain loop...
        assert per_move[p] > ends[p]
    # ... and what the cards carry away from them lands (and ends) somewhere else.
    assert sum(per_move[s] for s in range(28) if s not in puff) == 1 - sum(ends[p] for p in puff)


def test_a_move_covers_the_throw_and_the_cards_advance():
    throw = dice("2d6").mean()
    ends = odds.landing(with_puff_cards=True)["probability"]
    assert odds.spaces_per_move() > throw == 7
    laps = odds.landings_per_lap()
    moves_per_lap = 28 / odds.spaces_per_move()
    assert laps[SPACE["DOCTOR"]] == odds.landings_per_move()[SPACE["DOCTOR"]] * moves_per_lap
    assert sum(ends) == 1


def test_without_advancing_cards_a_lap_lands_once_in_seven_everywhere(tmp_path):
    text = CONTENT.read_text(encoding="utf-8")
    for line in text.splitlines():
        if "advance_to" in line:
            text = text.replace(line, line.split("=")[0] + "= {}")
    path = tmp_path / "still.toml"
    path.write_text(text, encoding="utf-8")
    still = tabletop.new_game("smokers_wild", players=["Ann", "Bob"], content=str(path)).content
    assert odds.spaces_per_move(edition=still) == 7
    assert set(odds.landings_per_lap(edition=still)) == {Fraction(1, 7)}


def test_landings_per_move_agree_with_an_independent_walk():
    """A token walks 200,000 moves in plain Python, cards drawn from a full deck."""
    rng, where, landed = random.Random(11), 0, [0] * 28
    deck = [card for card in KIT.puff_cards for _ in range(card.count)]
    moves = 200_000
    for _ in range(moves):
        where = (where + rng.randint(1, 6) + rng.randint(1, 6)) % 28
        landed[where] += 1
        while KIT.board[where].kind == "puff":
            step = rng.choice(deck).non_smoker.advance(KIT.board, where)
            if not step:
                break
            where = (where + step) % 28
            landed[where] += 1
    for name in ("DOCTOR", "HAV' A PUFF", "TAXMAN", "LURK"):
        exact = float(odds.landings_per_move()[SPACE[name]])
        sd = (exact * (1 - exact) / moves) ** 0.5 * 3  # moves are correlated: be generous
        assert landed[SPACE[name]] / moves == pytest.approx(exact, abs=4 * sd)


def test_the_scale_of_fees_is_the_one_the_game_charges():
    jobs = KIT.occupations
    assert odds.fee_per_landing("DOCTOR", NON_SMOKER) == 50
    assert odds.fee_per_landing("DOCTOR", SMOKER) == 100
    assert odds.fee_per_landing("AD AGENT", SMOKER) == 60
    assert odds.fee_per_landing("INSURANCE AGENT", SMOKER) == 70
    assert odds.fee_per_landing("PSYCHIATRIST", SMOKER) == 70
    assert odds.fee_per_landing("TAXMAN", odds.Lander(cash=230)) == 120
    assert scale_fee(jobs["PSYCHIATRIST"], 0, 0, 0, pips=8) == 80
    game = tabletop.new_game("smokers_wild", players=["Ann", "Bob"], seed=1,
                             script=Script(dice=[3, 4, 4, 4]))
    while game.decision.kind == "bid":
        game.apply("pass")
    game.arrange(position={"Ann": 7}, lifeometer={"Ann": 6})
    game.apply("roll")
    paid = next(e for e in game.events if e.kind == "pay")
    assert paid.data["amount"] == scale_fee(jobs["PSYCHIATRIST"], 0, 6, 500, pips=8)


def test_what_a_landing_costs_a_smoker_and_a_non_smoker():
    assert odds.cost_of_landing(SPACE["LURK"], SMOKER) == 0  # his own brand
    assert odds.cost_of_landing(SPACE["KOFF"], SMOKER) == KIT.brand_fee
    assert odds.cost_of_landing(SPACE["KOFF"], NON_SMOKER) == 0
    assert odds.cost_of_landing(SPACE["I QUIT"], SMOKER) == 0


def test_a_card_costs_by_the_drawers_status():
    # non-smoker: collects 50 (x2 Lung removed), 50 (x2 Cigarette tax), 30 (Jogging);
    # loses a year to Second-hand smoke
    assert odds.card_per_draw(NON_SMOKER) == (Fraction(-230, 24), Fraction(1, 24))
    # smoker: pays 50 (x2 tax), 20 (x2 Free sample), 30 to one non-smoker; loses 2 (x2 Lung
    # removed), 2 (x2 Emphysema), 1 (Heart attack), 1 (Jogging) years
    assert odds.card_per_draw(SMOKER) == (Fraction(170, 24), Fraction(10, 24))
    assert odds.card_per_draw(SMOKER, clean_opponents=2)[0] == Fraction(200, 24)


def test_a_turn_in_years_at_the_exchange_rate():
    clean, smoking = odds.turn_costs(NON_SMOKER), odds.turn_costs(SMOKER)
    assert clean["moves"] == 1 and 1 < smoking["moves"] < Fraction(28, 26) * Fraction(11, 10)
    assert clean["spaces"] == odds.spaces_per_move()
    years = odds.years_per_turn(clean)
    money = clean["money on landings"] + clean["money on cards"]
    assert years == clean["spaces"] / 28 + clean["years on cards"] + money / KIT.loan_unit
    assert Fraction(2, 5) < years < Fraction(1, 2) < odds.years_per_turn(smoking)


def test_a_dearer_quit_fee_changes_nothing_but_the_fee(tmp_path):
    dear = house(tmp_path, "fee = 50                # paid", "fee = 100               # paid")
    assert dear.quit_fee == 100
    assert odds.turn_costs(SMOKER, edition=dear) == odds.turn_costs(SMOKER)


def test_the_taxman_rounds_half_up_and_an_advance_costs_whole_years():
    assert [odds.tax_above_half(c) for c in (0, 10, 230, 240)] == [0, 5, 5, 0]
    assert Dist.uniform(range(0, 1000, 10)).map(odds.tax_above_half).mean() == Fraction(5, 2)
    assert odds.advance_years(odds.psychiatrist_fee()) == Dist({1: Fraction(11, 12),
                                                                2: Fraction(1, 12)})


def test_moves_to_cover_a_life():
    assert odds.moves_to_cover(2) == Dist.certain(1)
    assert odds.moves_to_cover(12)[1] == Fraction(1, 36)
    life = odds.moves_to_cover(28 * 13)
    assert sum(life.values()) == 1
    assert life.p(lambda n: n > 52) == dice("2d6").repeat(52).p(lambda s: s < 364)
    assert 52 < life.mean() < 53
    assert life[101] < Fraction(1, 10**40)  # the lumped tail is negligible


def test_the_vacation_break_even_is_the_least_cash_whose_turn_costs_more_than_the_fee():
    rate, fee = odds.kit_content().loan_unit, 50

    def worth(year: int, cash: int) -> Fraction:
        return odds.years_per_turn(odds.turn_costs(odds.Lander((), year, cash))) * rate

    line = odds.vacation_break_even(0, fee)
    assert worth(0, line) > fee >= worth(0, line - 10)
    assert odds.vacation_break_even(12, fee) < line   # the INSURANCE AGENT's premium grows
    assert odds.vacation_break_even(0, 10 * fee) is None


def test_what_an_occupation_still_collects_to_gone():
    """Rule 27's break-even price: the landings still to come times the fee of each year."""
    taxman = SPACE["TAXMAN"]
    insurance = next(s.index for s in KIT.board if s.occupation == "INSURANCE AGENT")
    # from GO, the rows of N add up to a life's moves, and agree with the life from GO
    assert odds.life_visits(start=(0, 0)) == odds.life_visits()
    late = odds.life_visits(start=(KIT.gone - 1, 0))  # the last lap: years before it are gone
    assert all(year == KIT.gone - 1 for (year, _), v in late.items() if v > 0)
    fee = float(odds.fee_per_landing("TAXMAN", NON_SMOKER))
    landings = sum(v for (y, s), v in odds.life_visits(start=(6, 0)).items() if s == taxman)
    assert odds.income_to_gone("TAXMAN", NON_SMOKER) == pytest.approx(fee * landings)
    assert odds.income_to_gone("TAXMAN", SMOKER) == pytest.approx(fee * landings)  # half the cash
    premiums = sum(v * 10 * (y + 1) for (y, s), v in odds.life_visits().items() if s == insurance)
    assert odds.income_to_gone("INSURANCE AGENT", odds.Lander()) == pytest.approx(premiums)
    worth = [odds.income_to_gone("TAXMAN", odds.Lander((), year, 300)) for year in (0, 6, 12)]
    assert worth[0] > worth[1] > worth[2] > 0  # worth less as the payers age
    # standing on the TAXMAN itself is not a landing on it
    assert odds.income_to_gone("TAXMAN", NON_SMOKER, space=taxman) < worth[1]


def test_brands_held_at_the_table_hook_by_peer_pressure_only():
    """Lesson 2's staged table: an advert of a brand a friend smokes hooks a non-smoker by a
    strictly lower throw (575/1296), more often than the company's 1/3 (rules 13 and 14)."""
    plain = odds.card_hook_chain()
    assert odds.card_hook_chain(held=frozenset()).row(0) == plain.row(0)
    adverts = [s for s in odds.kit_content().board if s.kind == "advertising"]
    every = odds.card_hook_chain(held=frozenset(s.name for s in adverts))
    before = (adverts[0].index - 2) % len(odds.kit_content().board)  # a 2 ends on the advert
    assert odds.p_strictly_lower() > odds.p_seven_or_double()
    assert every.row(before).p("hooked") > plain.row(before).p("hooked")
    assert every.absorbing().steps[0] < plain.absorbing().steps[0]
