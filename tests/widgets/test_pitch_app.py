"""The Pitch app on the real engine, without a browser: buttons are clicked in Python."""

from __future__ import annotations

import random

from widgets.app import GameApp
from widgets.pitch import PitchApp, bid_word, dollars

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def symbol(card: str) -> str:
    return card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]


def hand_buttons(app: PitchApp) -> list:
    return list(app.table.hand_row.children)


def bar_buttons(app: PitchApp) -> list:
    return list(app.actions.button_row.children)


def click_something(app: PitchApp, rng: random.Random) -> None:
    """What a student does: press "show my hand", a legal card, or an action button."""
    if app.cover.widget.layout.display != "none":
        app.cover.button.click()
        return
    cards = [b for b in hand_buttons(app) if not b.disabled]
    if cards:
        rng.choice(cards).click()
        return
    staying = [b for b in bar_buttons(app) if not b.tooltip.startswith(("leave", "join"))]
    rng.choice(staying).click()


def test_words_for_money_and_bids() -> None:
    assert dollars(-35) == "−$0.35" and dollars(120) == "+$1.20" and dollars(0) == "$0.00"
    assert bid_word("3") == "3" and bid_word("pass") == "pass" and bid_word("moon") == "moon ☾"


def test_enabled_cards_are_exactly_the_legal_cards() -> None:
    app = PitchApp(seed=2)
    rng = random.Random(2)
    checked = 0
    while not app.game.is_over and checked < 12:
        decision = app.game.decision
        assert decision.player == "Ann"  # the bots move at once without an event loop
        if decision.kind == "play":
            held = app.game.view("Ann")["hand"]
            assert [b.description for b in hand_buttons(app)] == [symbol(c) for c in held]
            enabled = {b.description for b in hand_buttons(app) if not b.disabled}
            assert enabled == {symbol(c) for c in decision.choices}
            assert bar_buttons(app) == []  # cards are played from the hand, not the bar
            checked += 1
        click_something(app, rng)
        assert app.errors.widget.value == ""
    assert checked == 12


def test_a_disabled_card_does_nothing() -> None:
    app = PitchApp(seed=2)
    rng = random.Random(5)
    while not any(b.disabled for b in hand_buttons(app)):
        click_something(app, rng)
    moves = len(app.game.actions)
    next(b for b in hand_buttons(app) if b.disabled).click()
    assert len(app.game.actions) == moves
    assert app.errors.widget.value == ""


def test_bids_are_buttons_and_a_hand_ends_on_the_score_sheet() -> None:
    app = PitchApp(seed=2)
    labels = [b.description for b in bar_buttons(app)]
    assert labels[0] == "Pass" and "Bid 2" in labels and "Shoot the moon" in labels
    next(b for b in bar_buttons(app) if b.description == "Bid 2").click()
    rng = random.Random(1)
    while not app.game.view(None)["sheet"]:
        click_something(app, rng)
    assert "made" in app.extra.value or "set" in app.extra.value
    assert "Score sheet" in app.extra.value
    assert "if settled now" in app.panel.widget.value
    assert "High:" not in app.errors.widget.value


def test_hot_seat_covers_the_hand_until_the_next_student_takes_the_screen() -> None:
    app = PitchApp(players=["Ann", "Bob"], seats=["human", "human"], seed=4)
    rng = random.Random(4)
    covers = 0
    for _ in range(60):
        if app.game.is_over:
            break
        pending = app.game.decision.player
        if app.cover.widget.layout.display != "none":
            covers += 1
            assert hand_buttons(app) == []
            assert bar_buttons(app) == []
            assert pending in app.cover.text.value
            assert app.viewer() is None
            app.act("pass")  # refused while covered
            assert "Pass the screen" in app.actions.message.value
        else:
            assert app.viewer() == pending
        click_something(app, rng)
        assert app.errors.widget.value == ""
    assert covers >= 5


def test_bots_alone_play_a_whole_game_with_joiners() -> None:
    app = PitchApp(players=["Ann", "Bob", "Cy"], seats=["heuristic"] * 3, seed=6,
                   seat_changes="open", max_hands=3)
    assert app.game.is_over
    assert "Game over" in app.actions.prompt.value
    assert app.table.hand_row.children == ()
    assert app.errors.widget.value == ""


def test_hand_cards_are_tt_cards_and_the_kit_boxes_are_not() -> None:
    app = PitchApp(seed=2)
    assert all(b._dom_classes == ("tt-card",) for b in hand_buttons(app))
    assert "tt-card" not in app.odds.widget.value


def test_the_deal_tells_the_chance_that_the_jack_of_trumps_is_in_play() -> None:
    app = PitchApp(seed=2)
    assert "The Jack of trumps is among the dealt cards: 6 in 13 (46%)." in app.odds.widget.value


def after_a_hand_with_a_joiner_waiting() -> PitchApp:
    """Ann (a student) and Bob (a bot) play a hand; Zed may join between hands."""
    app = PitchApp(players=["Ann", "Bob"], seats=["human", "heuristic"], seed=3,
                   seat_changes="open", joiners="Zed")
    rng = random.Random(3)
    while app.game.decision.kind != "table":
        click_something(app, rng)
    return app


def test_a_joiner_gets_a_bot_and_a_row() -> None:
    app = after_a_hand_with_a_joiner_waiting()
    assert app.game.decision.player == "Ann"  # the first seat hosts the table
    next(b for b in bar_buttons(app) if b.tooltip == "join").click()
    assert app.seats["Zed"] == "heuristic" and "Zed" in app.bots
    assert "Zed" in app.panel.widget.value
    next(b for b in bar_buttons(app) if b.tooltip == "next hand").click()
    assert app.errors.widget.value == ""
    assert "Zed" in app.game.view(None)["seated"]
    assert app.game.view(None)["sheet"] or app.game.decision.player == "Ann"


def test_the_shared_render_shows_a_joiner_who_must_decide() -> None:
    app = after_a_hand_with_a_joiner_waiting()
    next(b for b in bar_buttons(app) if b.tooltip == "join").click()
    next(b for b in bar_buttons(app) if b.tooltip == "next hand").click()
    game = app.game
    while game.decision.player != "Zed":  # move the game on by hand, without the app
        game.apply(game.decision.choices[0])
    app.render()
    assert "Waiting for Zed (heuristic bot)" in app.actions.prompt.value
    assert 'class="tt-turn"' in app.panel.widget.value
    assert app.errors.widget.value == ""


def test_the_app_fills_public_hooks_only_and_shows_the_rules_prompt() -> None:
    overridden = [name for name in vars(PitchApp) if hasattr(GameApp, name)]
    assert [name for name in overridden if name.startswith("_") and name[1] != "_"] == []
    app = PitchApp(seed=2)
    rng = random.Random(2)
    while app.game.decision.kind != "play":
        click_something(app, rng)
    assert app.game.decision.prompt.startswith("Ann, ")
    assert app.game.decision.prompt[len("Ann, "):] in app.actions.prompt.value
