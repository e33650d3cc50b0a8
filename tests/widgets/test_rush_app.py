"""The RUSH app on the real engine, without a browser: buttons are clicked in Python, and
situations are staged with ``arrange`` and scripted dice."""

from __future__ import annotations

import random
import re

import tabletop
from tabletop import Script
from widgets.rush import RushApp, cents, lucky_day_lines
from widgets.rush.table import space_label

HOME, JAIL = 0, 9
TRIO = ["Ann", "Bob", "Cy"]


def click(app: RushApp, tooltip: str) -> None:
    """Press the action bar's button for the choice ``tooltip``."""
    (button,) = [b for b in app.actions.button_row.children if b.tooltip == tooltip]
    button.click()


def amount(app: RushApp, value: int) -> None:
    """Type ``value`` in the amount box and confirm it."""
    app.actions.amount.value = value
    app.actions.confirm.click()


def staged(app: RushApp, dice: list[int], **arranged: object) -> None:
    """Play on in ``app`` with a game of the same players whose dice follow ``dice``."""
    game = tabletop.new_game("rush", players=list(app.game.players), seed=5,
                             script=Script(dice=dice))
    game.arrange(**arranged)
    app.start(game)


def no_error(app: RushApp) -> None:
    assert app.errors.widget.value == "", app.errors.widget.value


def shown(app: RushApp) -> str:
    """Every text the app shows beside the canvas."""
    return " ".join([app.table.cards.value, app.description.value, app.panel.widget.value,
                     app.extra.value, app.odds.widget.value, app.actions.prompt.value,
                     " ".join(b.description for b in app.actions.button_row.children)])


def test_a_pill_turn_moves_the_token_and_tells_the_odds() -> None:
    app = RushApp(seed=1)
    assert "A pill: a sense goes face down 5 in 6 (83%); a coma 1 chance in 6" in shown(app)
    before = app.description.value
    click(app, "pill")
    no_error(app)
    assert app.game.steps >= 1 and app.description.value != before
    assert "Zonkometer 13" in app.description.value  # the pill moved Ann's marker up
    assert "What just happened" in app.odds.widget.value


def test_a_connection_purchase_shows_the_cops_and_adds_one() -> None:
    app = RushApp(seats=["human", "human", "human"], seed=2)
    staged(app, [1, 3, 6], position={"Ann": 20}, cops={"Subway Connection": 1})
    click(app, "two dice")  # 20 + 4: Subway Connection, $4 a pill, one Cop
    assert app.game.decision.kind == "buy"
    assert "1 Cop here: caught 1 chance in 6 (17%)" in app.odds.widget.value
    amount(app, 5)  # the Cop die shows 6: no arrest
    no_error(app)
    view = app.game.view("Ann")
    assert view["spaces"][24]["cops"] == 2 and view["seats"][0]["pills"] == 11
    assert "Subway Connection 2" in app.description.value


def test_a_trade_between_two_students_on_one_space() -> None:
    app = RushApp(seats=["human", "human", "heuristic"], seed=3)
    staged(app, [1, 3], position={"Ann": 5, "Bob": JAIL})
    click(app, "two dice")  # 5 + 4: Jail, just visiting, where Bob is
    click(app, "done")  # no pill given
    click(app, "sell pills to Bob")
    amount(app, 2)
    amount(app, 10)
    assert "<b>Trade offered</b> by Ann: Ann sells 2 pills to Bob for $10" in app.extra.value
    assert app.game.decision.player == "Bob" and "Bob" in app.actions.prompt.value
    click(app, "accept")
    no_error(app)
    seats = {s["name"]: s for s in app.game.view(None)["seats"]}
    assert (seats["Ann"]["pills"], seats["Ann"]["money"]) == (4, 40)
    assert (seats["Bob"]["pills"], seats["Bob"]["money"]) == (8, 20)


def test_a_lucky_day_bet_with_its_expected_value() -> None:
    app = RushApp(seed=4)
    staged(app, [1, 1, 3, 4], position={"Ann": 6})
    click(app, "two dice")  # 6 + 2: Lucky Day
    assert app.game.decision.kind == "bet"
    assert "7: wins 1 chance in 6 (17%), pays 4 to 1: −17¢ per $1 on average." in shown(app)
    click(app, "bet on 7")
    amount(app, 5)
    assert "<b>Lucky Day bets</b>: $5 on 7" in app.extra.value
    click(app, "roll the dice")  # 3 + 4 = 7: the stake back and 4 times it
    no_error(app)
    assert app.game.view("Ann")["seats"][0]["money"] == 30 + 20


def test_secret_cards_show_only_to_their_holder() -> None:
    app = RushApp(seats=["human", "human", "heuristic"], seed=6)
    staged(app, [1, 1, 1, 1], cards={"Ann": ["Lawyer"]}, deck=["Found $20"])
    assert app.covered_for() == "Ann" and app.cover.widget.layout.display == "flex"
    assert "Lawyer" not in shown(app)
    assert list(app.actions.button_row.children) == []  # no choices while covered
    app.act("pill")  # and an answer is refused
    assert app.game.steps == 0 and "Pass the screen to Ann" in app.actions.message.value
    app.cover.button.click()
    assert "<b>Lawyer</b>" in app.table.cards.value and "Lawyer" in app.description.value
    click(app, "two dice")  # 0 + 2: Chance (Main St): Found $20
    no_error(app)
    assert app.game.decision.player == "Bob" and app.covered_for() is None  # Bob holds none
    assert app.viewer() == "Bob" and "Lawyer" not in shown(app)
    panel = app.panel.widget.value  # how many is public, in the right number
    assert "1 secret card" in panel and "1 secret cards" not in panel and "(s)" not in panel


def test_bots_alone_keep_their_cards_hidden_and_finish() -> None:
    app = RushApp(seats=["heuristic"] * 3, seed=2)
    assert app.game.is_over and "Game over" in app.actions.prompt.value
    assert "No secret card is shown on this screen" in app.table.cards.value
    no_error(app)


def test_hot_seat_students_play_200_moves_by_clicking() -> None:
    app = RushApp(seats=["human", "human", "human"], seed=7)
    rng = random.Random(7)
    for _ in range(200):
        if app.game.is_over:
            break
        if app.covered_for():
            app.cover.button.click()
        decision = app.game.decision
        if decision.amount is not None and (not decision.choices or rng.random() < 0.5):
            amount(app, decision.amount.low)
        else:
            rng.choice(app.actions.button_row.children).click()
        no_error(app)
    count = int(re.search(r'data-count="(\d+)"', app.log.widget.value).group(1))
    assert count == len(app.game.events) > 200


def test_the_board_in_words_and_the_square_labels() -> None:
    app = RushApp(seed=8)
    staged(app, [], cops={"Bank": 2}, coma={"Bob": 1},
           ladies={"Gas Station": {"owner": "Cy", "amount": 25}})
    text = app.description.value
    assert "Ann (red) is on space 0, HOME." in text
    assert "Bob is in a coma (1), the body lies on HOME" in text
    assert "Cop markers: Bank 2." in text and "Ladies at work: Gas Station ($25, Cy)." in text
    assert "senses face up: Sight, Hearing, Smell, Taste, Touch" in text
    spaces = app.game.view(None)["spaces"]
    assert [space_label(spaces[k]) for k in (1, 33, 4)] == [
        "Alley Connection $8", "Bank 3d×$25", "Take a Pill (Corner)"]


def test_words_for_lucky_day() -> None:
    assert cents(-1 / 6) == "−17¢" and cents(0) == "0¢"
    fair = tabletop.new_game("rush", players=TRIO, lucky_day="fair").view(None)
    assert all("0¢ per $1" in line for line in lucky_day_lines(fair))
