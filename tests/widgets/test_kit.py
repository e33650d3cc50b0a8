"""The shared widget kit, driven without a browser on a toy game (tests/widgets/toy.py)."""

from __future__ import annotations

import asyncio
import re
from fractions import Fraction

import ipywidgets as w
import pytest

import tabletop
from tabletop import Decision, Event, Script, TabletopError
from tests.widgets.toy import RaceApp, RingRace
from widgets.actions import ActionBar
from widgets.app import box
from widgets.board import RingBoard, Space, grid_shape
from widgets.chances import chance_text, two_dice
from widgets.dice import dice_text
from widgets.odds_panel import event_chances, recent_chances


def log_count(app: RaceApp) -> int:
    return int(re.search(r'data-count="(\d+)"', app.log.widget.value).group(1))


def click(app: RaceApp, choice: str) -> None:
    """Click the action button whose tooltip is ``choice``."""
    (button,) = [b for b in app.actions.button_row.children if b.tooltip == choice]
    button.click()


def test_chance_text_reads_like_a_sentence() -> None:
    assert chance_text(Fraction(1, 3)) == "1 chance in 3 (33%)"
    assert chance_text(Fraction(5, 12)) == "5 in 12 (42%)"
    assert chance_text(Fraction(1, 36)) == "1 chance in 36 (2.8%)"
    assert chance_text(Fraction(0)) == "impossible (0%)"
    assert chance_text(Fraction(1)) == "certain (100%)"
    assert two_dice(lambda a, b: a + b == 7 or a == b) == Fraction(1, 3)


def test_dice_text_uses_unicode_faces() -> None:
    assert dice_text((4, 4)) == "⚃ ⚃"
    assert dice_text((1, 6, 9)) == "⚀ ⚅ 9"


def test_roll_events_give_the_chance_of_their_total() -> None:
    roll = Event("roll", "Ann", "Ann rolls 4+4 = 8", {
        "dice": (4, 4), "total": 8, "p_total": Fraction(5, 36), "probability": Fraction(1, 36)})
    told = Event("smoker", "Ann", "Ann resists the advert", {"p": Fraction(2, 3)})
    assert event_chances(roll) == ["Ann rolled ⚃ ⚃ = 8: a total of 8 has 5 in 36 (14%)."]
    assert event_chances(told) == ["Ann resists the advert: 2 in 3 (67%)."]
    assert recent_chances([roll, Event("pay", "Ann", "pays")], 1) == event_chances(roll)


def test_an_event_may_say_what_its_chance_is_of() -> None:
    deal = Event("deal", "Ann", "Ann deals 6 cards to each player", {
        "p": Fraction(6, 13), "p_of": "the Jack of trumps is among the dealt cards"})
    assert event_chances(deal) == ["The Jack of trumps is among the dealt cards: 6 in 13 (46%)."]
    trump = Event("trump", "Bob", "Hearts are trump", dict(deal.data))
    assert recent_chances([deal, trump]) == event_chances(deal)  # told once


def test_the_kit_boxes_are_not_cards() -> None:
    titled = box("Odds", w.HTML("x"))
    assert titled._dom_classes == ("tt-box",)
    assert 'class="tt-box-title">Odds<' in titled.children[0].value
    app = RaceApp(players=["Ann", "Bob"], seed=3)
    assert "tt-box-title" in app.odds.widget.value and "tt-card" not in app.odds.widget.value


def test_the_action_bar_leaves_out_choices_offered_elsewhere() -> None:
    clicked: list[object] = []
    bar = ActionBar(clicked.append, lambda _what: lambda f: f, elsewhere=("play",))
    play = Decision("Ann", "play", "Ann, play a card", ("AS", "2H"))
    bar.show(play, 0, True, "", "lead any card")
    assert bar.button_row.children == () and "<b>Ann</b>: lead any card" in bar.prompt.value
    bar.show(Decision("Ann", "bid", "Ann, bid", ("pass", "bid 2")), 0, True, "")
    assert [b.tooltip for b in bar.button_row.children] == ["pass", "bid 2"]
    bar.button_row.children[1].click()
    assert clicked == ["bid 2"]


def test_start_plays_on_with_a_given_game() -> None:
    app = RaceApp(players=["Ann", "Bob"], seats=["human", "human"], seed=3)
    game = RingRace(["Ann", "Bob"], seed=9, script=Script(dice=[2, 4, 3, 3]))
    game.apply("roll")
    app.start(game)
    assert app.game is game and app.deciders == ["Ann"]
    assert app.game.decision.player == "Bob" and "Bob" in app.actions.prompt.value
    assert app.seats == {"Ann": "human", "Bob": "human"}
    click(app, "roll")
    assert app.deciders == ["Ann", "Bob"] and app.game.position == {"Ann": 6, "Bob": 6}
    other = RingRace(["Ann", "Bob", "Cy"], seed=1)
    app.start(other)
    assert app.seats == {"Ann": "human", "Bob": "heuristic", "Cy": "heuristic"}
    assert app.game is other and app.errors.widget.value == ""


def test_start_refuses_a_game_of_another_kind() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=3)
    game = tabletop.new_game("pitch", players=["Ann", "Bob"], seed=1)
    with pytest.raises(TabletopError, match="this app plays ring_race, not pitch"):
        app.start(game)


@pytest.mark.parametrize("n", [12, 28, 42, 13])
def test_ring_board_places_every_space_on_the_edge_once(n: int) -> None:
    board = RingBoard([Space(str(k), "x") for k in range(n)], {}, size=420)
    cols, rows = grid_shape(n)
    cells = {(round(board.cell(k).x), round(board.cell(k).y)) for k in range(n)}
    assert len(cells) == n
    for k in range(n):
        box = board.cell(k)
        col, row = round(box.x / board.cell_w), round(box.y / board.cell_h)
        assert col in (0, cols - 1) or row in (0, rows - 1)
    assert board.cell(0).x > board.cell(1).x  # clockwise from the bottom-right corner


def test_student_clicks_a_choice_and_the_bot_answers_at_once_without_a_loop() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=3)
    assert app.game.decision.player == "Ann"
    before = log_count(app)
    click(app, "roll")
    assert app.game.decision.player == "Ann"  # Bob (a bot) has moved already
    assert app.deciders[0] == "Ann" and "Bob" in app.deciders
    assert log_count(app) > before
    assert "Ann" in app.actions.prompt.value
    assert app.errors.widget.value == ""


def test_an_amount_out_of_range_is_refused_with_the_reason_and_changes_nothing() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=1)
    click(app, "rest")
    assert app.actions.amount_row.layout.display == "flex"
    assert "0 to 10" in app.actions.limits.value
    saved = app.game.save()
    app.actions.amount.value = 99
    app.actions.confirm.click()
    assert "not allowed" in app.actions.message.value
    assert app.game.save() == saved
    app.actions.amount.value = 4
    app.actions.confirm.click()
    assert app.game.decision.player == "Ann" and app.game.decision.kind == "move"
    assert app.errors.widget.value == ""


def test_undo_takes_back_the_last_student_move_and_the_bot_moves_after_it() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=5)
    click(app, "roll")
    click(app, "roll")
    moves = len(app.game.actions)
    app.controls.undo.click()
    assert app.game.decision.player == "Ann"
    assert len(app.game.actions) < moves
    assert app.deciders == app.deciders[: len(app.game.actions)]
    assert app.deciders[-1] != "Ann" or not app.deciders
    assert "Took back" in app.controls.message.value


def test_undo_with_no_student_move_says_so() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=5)
    app.controls.undo.click()
    assert "no student move" in app.controls.message.value


def test_save_then_load_gives_the_same_game_and_a_bad_save_changes_nothing() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=7)
    click(app, "roll")
    app.controls.save.click()
    text = app.controls.text.value
    other = RaceApp(players=["Ann", "Bob"], seed=8)
    other.controls.text.value = text
    other.controls.load.click()
    assert other.game.save() == text
    assert other.deciders == app.deciders
    before = other.game.save()
    other.controls.text.value = text[:-5]
    other.controls.load.click()
    assert "Not loaded" in other.controls.message.value
    assert other.game.save() == before
    assert other.errors.widget.value == ""


def test_hot_seat_shows_the_view_of_the_student_to_move() -> None:
    app = RaceApp(players=["Ann", "Bob", "Cy"], seats=["human", "human", "random"], seed=2)
    assert app.viewer() == "Ann"
    click(app, "roll")
    assert app.viewer() == "Bob"
    assert "Bob" in app.actions.prompt.value


def test_changing_a_seat_hands_the_turn_to_a_bot() -> None:
    app = RaceApp(players=["Ann", "Bob"], seats=["human", "human"], seed=2)
    click(app, "roll")
    assert app.game.decision.player == "Bob"
    app.controls.seats["Bob"].value = "random"
    assert app.game.decision.player == "Ann"


def test_bots_alone_play_to_the_end_and_the_bar_says_who_won() -> None:
    app = RaceApp(players=["Ann", "Bob"], seats=["random", "random"], seed=4, laps=1)
    assert app.game.is_over
    assert "Game over" in app.actions.prompt.value
    assert app.actions.button_row.children == ()


def test_new_game_uses_the_seed_box_and_moves_it_on() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=4)
    click(app, "roll")
    app.controls.new_game.click()
    assert app.game.seed == 5 and app.game.actions == []
    assert app.controls.seed.value == 6


def test_an_exception_in_a_callback_is_shown_in_the_error_area() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=4)

    def broken(*_args: object) -> None:
        raise RuntimeError("the pen ran dry")

    app.table.draw = broken  # type: ignore[method-assign]
    click(app, "roll")
    assert "the pen ran dry" in app.errors.widget.value
    assert "choosing an action" in app.errors.widget.value


def test_bots_move_one_per_tick_on_a_running_event_loop() -> None:
    async def play() -> RaceApp:
        app = RaceApp(players=["Ann", "Bob"], seats=["random", "random"], seed=6, pace=0.0,
                      laps=1)
        await asyncio.sleep(0)
        assert app.game.steps == 0  # bots wait until a page shows the app
        app._client_ready()
        for _ in range(2000):
            if app.game.is_over:
                break
            await asyncio.sleep(0)
        return app

    app = asyncio.run(play())
    assert app.game.is_over
    assert app.errors.widget.value == ""


def test_the_app_displays_as_a_widget_and_redraws_for_a_new_page() -> None:
    app = RaceApp(players=["Ann", "Bob"], seed=4)
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    app._client_ready()
    assert "space 0" in app.description.value
