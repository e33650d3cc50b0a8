"""The Smokers Wild walkthrough's classroom helpers: staged tables, house editions and the
simulations that check the exact odds a second way."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop.games.smokers_wild import odds
from tabletop.odds import estimate_mean
from widgets import smokers_wild_lessons as sw


def test_a_table_after_the_auction_with_staged_owners(capsys):
    game = sw.table_for(owners={"DOCTOR": "Bob", "LAWYER": "Bob", "TAXMAN": "Cy"}, dice=[2, 2])
    view = game.view(None)
    assert {s["name"]: s["owner"] for s in view["spaces"] if s["occupation"]}["LAWYER"] == "Bob"
    assert [s["money"] for s in view["seats"]] == [500, 500, 500]
    sw.act(game, "roll")
    assert capsys.readouterr().out.splitlines()[-1] == "• Ann pays K50 to Bob (the DOCTOR's fee)"


def test_a_house_edition_says_what_it_could_not_find():
    with pytest.raises(ValueError, match="no 'fee = 999'"):
        sw.house_edition({"fee = 999": "fee = 1"})
    assert sw.house_edition({"opening = 10": "opening = 20"}).opening_bid == 20


def test_the_card_walk_agrees_with_the_exact_turn():
    lander = odds.Lander(brands=("LURK",), lifeometer=3, cash=200)
    exact = odds.years_per_turn(odds.turn_costs(lander))
    est = estimate_mean(sw.CardWalk(lander).turn_years, 20_000, seed=5, z=3.29)
    assert est.contains(exact)


def test_a_walk_ends_when_the_rule_says():
    quits = sw.moves_until([13, 26])(np.random.default_rng(1), 1000)
    assert quits.min() >= 1 and (quits > 0).all()
    assert sw.next_attempt_after(0, np.random.default_rng(2), 900)[1] == 900


def test_landings_per_move_drawn_on_the_smokers_wild_board():
    every = odds.landings_per_move(smoker=False)
    heat = sw.landing_heat(list(every), "Cards in play", "landings per move")
    assert len(heat.board.spaces) == 28 and heat.board.spaces[4].name == "DOCTOR"
    assert heat.describe()[2].startswith("Most often: space 4, DOCTOR (5.3%, 1.48 times")


def test_the_cards_walk_hooks_as_the_exact_card_chain_says():
    exact = odds.card_hook_chain().absorbing().steps[0]
    est = estimate_mean(sw.moves_until_hooked_with_cards(0), 20_000, seed=6, z=3.29)
    assert est.contains(exact)
    plain = odds.expected_moves_until(odds.board_chain(False), [1, 2, 5, 8, 10, 12, 15, 18, 20,
                                                                 22, 25, 27], 0,
                                      odds.p_seven_or_double())
    assert exact < plain  # Billboard and Free sample add advert throws


def test_a_lonely_life_pays_the_insurance_premium_of_each_year():
    paid = sw.life_fees(19, [10 * (y + 1) for y in range(13)], 13)(np.random.default_rng(3), 4)
    assert paid.shape == (4,) and (paid % 10 == 0).all()
    assert sw.life_fees(19, [0] * 13, 13)(np.random.default_rng(3), 5).sum() == 0


def test_first_smokes_are_the_same_on_every_core():
    assert list(sw.first_smoke_moves(4, 7, rounds=3)) == list(
        sw.first_smoke_moves(4, 7, rounds=3, workers=2))


def test_the_board_figure_writes_every_space():
    ax = sw.board_figure(list(odds.landings_per_move()), "Cards in play", "landings per move")
    names = [t.get_text() for t in ax.texts]
    assert "DOCTOR" in names and len(ax.patches) == 28
