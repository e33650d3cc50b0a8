"""The Smokers Wild app on the real engine, without a browser."""

from __future__ import annotations

import random
import re

from tabletop.games.smokers_wild import odds
from widgets.board import grid_shape
from widgets.chances import chance_text
from widgets.smokers_wild import SmokersWildApp, company_money, company_sentence


def visible_choices(app: SmokersWildApp) -> list[str]:
    return [b.tooltip for b in app.actions.button_row.children]


def answer(app: SmokersWildApp, rng: random.Random) -> None:
    """Answer the pending decision as a student would: a button, or the lowest amount."""
    decision = app.game.decision
    if decision.amount is not None and (not decision.choices or rng.random() < 0.5):
        app.actions.amount.value = decision.amount.low
        app.actions.confirm.click()
        return
    pick = rng.choice(visible_choices(app))
    (button,) = [b for b in app.actions.button_row.children if b.tooltip == pick]
    button.click()


def test_the_board_has_28_spaces_with_a_corner_every_seventh() -> None:
    app = SmokersWildApp(seed=1)
    board = app.table.board
    assert len(board.spaces) == 28 and grid_shape(28) == (8, 8)
    corners = {(0, 0), (0, 7), (7, 0), (7, 7)}
    for k in (0, 7, 14, 21):
        box = board.cell(k)
        assert (round(box.x / board.cell_w), round(box.y / board.cell_h)) in corners


def test_hot_seat_students_play_100_moves_by_clicking() -> None:
    app = SmokersWildApp(seats=["human", "human", "human"], seed=3)
    rng = random.Random(3)
    for _ in range(100):
        if app.game.is_over:
            break
        player = app.game.decision.player
        assert app.viewer() == player
        assert player in app.actions.prompt.value
        before = len(app.game.actions)
        answer(app, rng)
        assert len(app.game.actions) == before + 1
        assert app.errors.widget.value == ""
    count = int(re.search(r'data-count="(\d+)"', app.log.widget.value).group(1))
    assert count == len(app.game.events) > 100
    assert "Lifeometer" in app.description.value
    assert "Tobacco Company" in app.extra.value


def test_the_odds_panel_says_where_the_next_throw_lands() -> None:
    app = SmokersWildApp(seats=["human", "human"], players=["Ann", "Bob"], seed=5)
    rng = random.Random(5)
    while app.game.decision.kind != "roll":
        answer(app, rng)
    view = app.game.view(app.viewer())
    lines = app.upcoming(view)
    assert any("next throw lands on" in line for line in lines)
    assert "next throw lands on" in app.odds.widget.value
    chances = odds.upcoming(view, "roll", app.viewer())  # the game's odds, in words
    assert lines == [f"{what}: {chance_text(p)}." for what, p in chances]


def test_heuristic_bots_play_a_whole_game_and_the_result_is_shown() -> None:
    app = SmokersWildApp(seats=["heuristic", "heuristic"], players=["Ann", "Bob"], seed=2)
    assert app.game.is_over
    assert "Game over" in app.actions.prompt.value
    assert app.errors.widget.value == ""


def test_the_company_shows_what_it_paid_out_or_took_in_not_a_balance() -> None:
    assert company_sentence(-540) == "The Tobacco Company has paid out K540 more than it took in"
    assert company_sentence(120) == "The Tobacco Company has taken in K120 more than it paid out"
    assert company_money(0) == ("has paid out just as much", "as it took in")
    app = SmokersWildApp(seats=["heuristic"] * 3, seed=2)
    balance = app.game.view(None)["company"]["balance"]
    assert " ".join(company_money(balance)) in app.extra.value
    assert company_sentence(balance) in app.description.value
    assert "balance" not in app.extra.value + app.description.value
