"""The Hitchiker app on the real engine, without a browser."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import tabletop
from tabletop import Script
from tabletop.games.hitchiker import odds
from tabletop.games.hitchiker.blackjack import CARD_VALUE
from widgets.board import grid_shape
from widgets.hitchiker import HitchikerApp, city_label, deal_sentence
from widgets.hitchiker.lessons import landing_heat
from widgets.hitchiker.table import card_html, total_text

from .hitchiker_student import SEED, SEED_MOVES, student_answer


def visible(app: HitchikerApp) -> list[str]:
    return [b.tooltip for b in app.actions.button_row.children
            if b.layout.display != "none"]


def click(app: HitchikerApp, choice: str) -> None:
    (button,) = [b for b in app.actions.button_row.children
                 if b.tooltip == choice and b.layout.display != "none"]
    button.click()


def answer(app: HitchikerApp) -> str:
    """Answer as the test student does in the browser (tests/widgets/hitchiker_student.py)."""
    decision = app.game.decision
    how, value = student_answer(visible(app), None if decision.amount is None
                                else decision.amount.low)
    if how == "type":
        app.actions.amount.value = value
        app.actions.confirm.click()
    else:
        click(app, value)
    return decision.kind


def test_board_of_42_cities_with_marks_and_sell_prices() -> None:
    app = HitchikerApp(seed=1)
    board = app.table.board
    assert len(board.spaces) == 42 and grid_shape(42) == (12, 11)
    assert board.spaces[0].text == "⌂ Podunk"
    assert board.spaces[40].text == "$ Lost Bananas $50k"
    assert city_label({"name": "Lucky Gulch", "kind": "casino"}) == "♠ Lucky Gulch"
    assert app.table.canvas.width == 640


def test_panel_shows_cash_savings_and_contraband() -> None:
    app = HitchikerApp(seats=["human", "human", "human"], seed=1)
    while app.game.decision.kind == "hometown":
        click(app, visible(app)[0])
    text = app.panel.widget.value
    assert text.count("$25,000") == 3 and "0 units" in text and "owns" in text
    assert "Unowned Hometowns" in app.description.value


def test_casino_round_shows_the_felt_and_best_play() -> None:
    round1 = ["2S", "AS", "5S", "9S", "10H", "KD"]
    game = tabletop.new_game("hitchiker", players=["Ann", "Bob"], seed=1,
                             script=Script(dice=[6, 6, 1, 1, 1, 1], orders=[None, round1]))
    app = HitchikerApp(players=["Ann", "Bob"], seats=["human", "human"], seed=1)
    app.start(game)
    click(app, "Podunk")
    click(app, "Hicksburg")
    app.game.arrange(position={"Ann": 4})
    click(app, "roll")  # 1 + 1: Lucky Gulch, Ann deals
    assert app.game.decision.kind == "bet" and app.game.decision.player == "Bob"
    html = app.table.felt.widget.value
    assert "Casino — Ann deals, round 1 of 2" in html and "HOUSE" in html
    assert card_html(app.game.casino.house[0]) in html
    for hand in app.game.casino.hands:
        assert card_html(hand.cards[0]) in html
    assert any("busts" in li for li in app.odds.widget.value.split("<li>"))
    app.actions.amount.value = 3000
    app.actions.confirm.click()
    assert "$3,000" in app.table.felt.widget.value
    assert card_html("QH").count("♥") == 1
    bust = {"cards": ["KS", "QS", "4S"], "total": 24, "soft": False, "bust": True}
    assert total_text(bust) == "bust 24"
    assert CARD_VALUE["10H"] == 10 and CARD_VALUE["AS"] == 1 and CARD_VALUE["KD"] == 10


def test_seeded_dashboard_reaches_a_deal_and_a_casino_by_clicking() -> None:
    app = HitchikerApp(players=["Ann", "Bob", "Cy"], seed=SEED)
    kinds: list[str] = []
    saw_deal = saw_felt = False
    for _ in range(SEED_MOVES):
        if "Black Market: Ann" in app.extra.value:
            saw_deal = True
            assert "rolled" in app.extra.value
        if app.game.decision.kind == "play":
            saw_felt = True
            assert "tt-felt" in app.table.felt.widget.value
            assert any("busts" in line for line in app.odds.widget.value.split("<li>"))
        kinds.append(answer(app))
        assert app.errors.widget.value == ""
        if saw_deal and saw_felt:
            break
    assert "deal" in kinds and "accept" in kinds and "bet" in kinds and "play" in kinds
    assert saw_deal and saw_felt


def test_deal_sentence_and_odds_for_each_decision() -> None:
    deal = {"player": "Ann", "stake": 5000, "roller": "Bob", "most_rolls": 3,
            "rolls": [{"roller": "Bob", "roll": 11, "result": "ripped_off", "price": 0}]}
    assert deal_sentence(deal) == ("Black Market: Ann has $5,000 on the table; Bob rolled 11 "
                                   "(1 of 3 rolls); roller: Bob.")
    app = HitchikerApp(seats=["human", "human", "human"], seed=5)
    rng = random.Random(5)
    kinds = set()
    for _ in range(400):
        if app.game.is_over:
            break
        decision = app.game.decision
        kinds.add(decision.kind)
        if decision.amount is not None and (not decision.choices or rng.random() < 0.5):
            app.actions.amount.value = decision.amount.low
            app.actions.confirm.click()
        else:
            click(app, rng.choice(visible(app)))
        assert app.errors.widget.value == ""
    assert {"turn", "deposit"} <= kinds
    count = int(re.search(r'data-count="(\d+)"', app.log.widget.value).group(1))
    assert count == len(app.game.events)


def test_exact_helpers_behind_the_odds_panel() -> None:
    assert odds.corpus_risky_death() == Fraction(2, 9)
    assert odds.remindya_escape() == Fraction(1, 2) and odds.expected_remindya_stay() == 2
    assert odds.hometown_visit()["land"] == Fraction(1, 42)
    rule = odds.stopping_rule(10_000, 1_000_000)
    assert 11 not in rule.accept[0] and 11 in rule.accept[1]


def test_the_board_in_words_before_anyone_has_a_hometown():
    app = HitchikerApp(seats=["human", "human", "human"], seed=1)
    words = app.description.value
    assert "None" not in words
    assert "Ann (red) has not chosen a Hometown yet." in words
    assert "no Hometown chosen yet" in app.panel.widget.value
    while app.game.decision.kind == "hometown":
        click(app, visible(app)[0])
    assert "has not chosen" not in app.description.value


def test_the_hitchiker_board_as_a_heat_map():
    heat = landing_heat([Fraction(1, 42)] * 42, "Plain loop", "the share of turns")
    assert len(heat.board.spaces) == 42 and heat.board.spaces[0].text == "⌂ Podunk"
    assert "1.00 times the plain share" in " ".join(heat.describe())
