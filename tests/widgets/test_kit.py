"""The shared widget kit, driven without a browser on the toy game (tests/toy.py) and its app
(tests/widgets/pig_app.py)."""

from __future__ import annotations

import asyncio
import re
from fractions import Fraction

import ipywidgets as w
import pytest

import tabletop
from tabletop import Decision, Event, Script, TabletopError
from tests.toy import Pig
from tests.widgets.pig_app import PigApp
from widgets.actions import ActionBar
from widgets.app import box
from widgets.board import Pieces, RingBoard, Space, Token, grid_shape, spaces_of
from widgets.chances import chance_text, two_dice
from widgets.dice import dice_text
from widgets.odds_panel import event_chances, recent_chances
from widgets.palette import PLAYER_COLOURS, SUPPLY
from widgets.style import style_widget


def log_count(app: PigApp) -> int:
    return int(re.search(r'data-count="(\d+)"', app.log.widget.value).group(1))


def click(app: PigApp, choice: str) -> None:
    """Click the action button whose tooltip is ``choice``."""
    (button,) = [b for b in app.actions.button_row.children if b.tooltip == choice]
    button.click()


def test_chance_text_reads_like_a_sentence() -> None:
    assert chance_text(Fraction(1, 3)) == "1 chance in 3 (33%)"
    assert chance_text(Fraction(5, 12)) == "5 in 12 (42%)"
    assert chance_text(Fraction(1, 36)) == "1 chance in 36 (2.8%)"
    assert chance_text(Fraction(0)) == "impossible (0%)"
    assert chance_text(Fraction(1)) == "certain (100%)"
    assert chance_text(Fraction(17685953, 17915904)) == "about 99%"
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
    app = PigApp(players=["Ann", "Bob"], seed=3)
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
    app = PigApp(players=["Ann", "Bob"], seats=["human", "human"], seed=3)
    game = Pig(["Ann", "Bob"], seed=9, script=Script(dice=[4, 5]))
    for action in ("no bet", "roll", "hold"):
        game.apply(action)
    app.start(game)
    assert app.game is game and app.deciders == ["Ann", "Ann", "Ann"]
    assert app.game.decision.player == "Bob" and "Bob" in app.actions.prompt.value
    assert app.seats == {"Ann": "human", "Bob": "human"}
    for choice in ("no bet", "roll", "hold"):
        click(app, choice)
    assert app.deciders[3:] == ["Bob", "Bob", "Bob"]
    assert app.game.view()["score"] == {"Ann": 4, "Bob": 5}
    other = Pig(["Ann", "Bob", "Cy"], seed=1)
    app.start(other)
    assert app.seats == {"Ann": "human", "Bob": "heuristic", "Cy": "heuristic"}
    assert app.game is other and app.errors.widget.value == ""


def test_start_refuses_a_game_of_another_kind() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=3)
    game = tabletop.new_game("pitch", players=["Ann", "Bob"], seed=1)
    with pytest.raises(TabletopError, match="this app plays pig, not pitch"):
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
    app = PigApp(players=["Ann", "Bob"], seed=3)
    assert app.game.decision.player == "Ann"
    before = log_count(app)
    click(app, "no bet")
    click(app, "hold")
    assert app.game.decision.player == "Ann"  # Bob (a bot) has played his turn already
    assert app.deciders[:2] == ["Ann", "Ann"] and "Bob" in app.deciders
    assert log_count(app) > before
    assert "Ann" in app.actions.prompt.value
    assert app.errors.widget.value == ""


def test_an_amount_out_of_range_is_refused_with_the_reason_and_changes_nothing() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=1)
    assert app.actions.amount_row.layout.display == "flex"
    assert "10 to 50, steps of 10" in app.actions.limits.value
    saved = app.game.save()
    app.actions.amount.value = 99
    app.actions.confirm.click()
    assert "not allowed" in app.actions.message.value
    assert app.game.save() == saved
    app.actions.amount.value = 20
    app.actions.confirm.click()
    assert app.game.decision.player == "Ann" and app.game.decision.kind == "turn"
    assert app.errors.widget.value == ""


def test_undo_takes_back_the_last_student_move_and_the_bot_moves_after_it() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=5)
    for choice in ("no bet", "hold", "no bet"):
        click(app, choice)
    moves = len(app.game.actions)
    app.controls.undo.click()
    assert app.game.decision.player == "Ann"
    assert len(app.game.actions) < moves
    assert app.deciders == app.deciders[: len(app.game.actions)]
    assert app.deciders[-1] != "Ann" or not app.deciders
    assert "Took back" in app.controls.message.value


def test_undo_with_no_student_move_says_so() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=5)
    app.controls.undo.click()
    assert "no student move" in app.controls.message.value


def test_save_then_load_gives_the_same_game_and_a_bad_save_changes_nothing() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=7)
    click(app, "no bet")
    click(app, "hold")
    app.controls.save.click()
    text = app.controls.text.value
    other = PigApp(players=["Ann", "Bob"], seed=8)
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
    app = PigApp(players=["Ann", "Bob", "Cy"], seats=["human", "human", "random"], seed=2)
    assert app.viewer() == "Ann"
    click(app, "no bet")
    click(app, "hold")
    assert app.viewer() == "Bob"
    assert "Bob" in app.actions.prompt.value


def test_changing_a_seat_hands_the_turn_to_a_bot() -> None:
    app = PigApp(players=["Ann", "Bob"], seats=["human", "human"], seed=2)
    click(app, "no bet")
    click(app, "hold")
    assert app.game.decision.player == "Bob"
    app.controls.seats["Bob"].value = "random"
    assert app.game.decision.player == "Ann"


def test_bots_alone_play_to_the_end_and_the_bar_says_who_won() -> None:
    app = PigApp(players=["Ann", "Bob"], seats=["random", "random"], seed=4, target=10)
    assert app.game.is_over
    assert "Game over" in app.actions.prompt.value
    assert app.actions.button_row.children == ()


def test_new_game_uses_the_seed_box_and_moves_it_on() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=4)
    click(app, "no bet")
    app.controls.new_game.click()
    assert app.game.seed == 5 and app.game.actions == []
    assert app.controls.seed.value == 6


def test_an_exception_in_a_callback_is_shown_in_the_error_area() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=4)

    def broken(*_args: object) -> None:
        raise RuntimeError("the pen ran dry")

    app.table.draw = broken  # type: ignore[method-assign]
    click(app, "no bet")
    assert "the pen ran dry" in app.errors.widget.value
    assert "choosing an action" in app.errors.widget.value


def test_bots_move_one_per_tick_on_a_running_event_loop() -> None:
    async def play() -> PigApp:
        app = PigApp(players=["Ann", "Bob"], seats=["random", "random"], seed=6, pace=0.0,
                      target=10)
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
    app = PigApp(players=["Ann", "Bob"], seed=4)
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    app._client_ready()
    assert "space 0" in app.description.value


def shared_view() -> dict:
    """A view in the shape every game shares: three seats, one off the board, one with a
    colour of its own; spaces owned by a player and by a supply; one space picked out."""
    return {
        "seats": [
            {"name": "Ann", "seat": 0, "position": 2, "money": 5},
            {"name": "Bob", "seat": 1, "position": None, "money": 0},
            {"name": "Cy", "seat": 2, "position": 2, "money": 9, "colour": "#000000"},
        ],
        "spaces": [
            {"index": k, "name": f"Street {k}", "kind": "lot" if k else "start",
             "owner": {1: "Bob", 3: "company"}.get(k), "highlight": k == 2}
            for k in range(6)
        ],
    }


def test_the_ring_board_draws_tokens_owners_highlights_and_legend_from_the_view() -> None:
    view = shared_view()
    red, blue, _ = PLAYER_COLOURS[:3]
    pieces = Pieces.of_view(view, caption="move 4")
    assert pieces.tokens == {2: [Token("A", red), Token("C", "#000000")]}
    assert pieces.owners == {1: blue, 3: SUPPLY}
    assert tuple(pieces.highlights) == (2,) and pieces.caption == "move 4"
    assert pieces.legend == (("Ann", red), ("Bob", blue), ("Cy", "#000000"))
    board = RingBoard(spaces_of(view), {"start": "#2ca02c"}, size=300)
    assert [s.text for s in board.spaces][:2] == ["Street 0", "Street 1"]
    board.draw_view(view, full=True, caption="move 4")
    assert board.describe(view) == [
        "Ann (red) is on space 2, Street 2.",
        "Bob (blue) is off the board.",
        "Cy (#000000) is on space 2, Street 2.",
        "Owned: space 1, Street 1 (Bob); space 3, Street 3 (company).",
        "Picked out: space 2, Street 2.",
    ]


def test_an_app_adds_to_the_play_through_public_hooks() -> None:
    class Watched(PigApp):
        moves: list[tuple[object, str]]

        def make_bots(self) -> dict:
            self.moves = []
            return super().make_bots()

        def after_apply(self, action: object, player: str) -> None:
            self.moves.append((action, player))

    app = Watched(players=["Ann", "Bob"], seed=3)
    click(app, "no bet")
    click(app, "hold")
    assert app.moves[:2] == [("no bet", "Ann"), ("hold", "Ann")]
    assert [p for _, p in app.moves] == app.deciders and "Bob" in app.deciders
    app.controls.new_game.click()
    assert app.moves == []


def test_every_app_page_frees_the_keyboard_from_its_canvases() -> None:
    app = PigApp(players=["Ann", "Bob"], seed=3)
    style = app.widget.children[0]
    assert style.value == style_widget().value
    assert "ttKeyboard" in style.value and "tabIndex = -1" in style.value
