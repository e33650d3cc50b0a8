"""The Hip Town app on the real engine, without a browser: buttons and the canvas are clicked
in Python. Tables are staged with ``arrange`` and the die scripted by face."""

from __future__ import annotations

import tabletop
from tabletop import Script
from tabletop.core.content import game_content
from tabletop.games.hip_town.content import build
from widgets.dice import dice_text
from widgets.hip_town import HipTownApp

C = game_content("hip_town", build)
FACE = {face: C.faces.index(face) + 1 for face in C.faces}


def staged_app(*faces: str, seats=("human", "heuristic", "heuristic"), players=("Ann", "Bob", "Cy"),
               **changes) -> HipTownApp:
    """An app playing a game whose die shows ``faces``, its table staged by ``changes``."""
    app = HipTownApp(players=list(players), seats=list(seats), seed=1,
                     variant=changes.pop("variant", "auction"))
    game = tabletop.new_game("hip_town", players=list(players), seed=1,
                             script=Script(dice=[FACE[f] for f in faces]),
                             variant=app.options["variant"])
    hands = {p: [] for p in players}
    game.arrange(hands={**hands, **changes.pop("hands", {})}, **changes)
    app.start(game)
    return app


def bar(app: HipTownApp) -> dict[str, object]:
    """The action bar's buttons by their label."""
    return {b.description: b for b in app.actions.button_row.children}


def click_lot(app: HipTownApp, player: str, lot: str) -> None:
    """A mouse click in the middle of ``lot`` on ``player``'s neighbourhood."""
    board = app.table.boards[player]
    row, col = divmod(app.table.lots.index(lot), board.cols)
    event = {"event": "mouse_down", "x": col * board.cell_w + 40, "y": row * board.cell_h + 30}
    board.canvas[-1]._handle_frontend_event(None, event, [])


def lot(app: HipTownApp, player: str, name: str):
    seat = next(s for s in app.game.view(None)["seats"] if s["name"] == player)
    return [cell for row in seat["neighbourhood"] for cell in row][app.table.lots.index(name)]


def test_build_by_clicking_a_lit_lot() -> None:
    app = staged_app("coins", hands={"Ann": ["Laundromat 1", "Speakeasy 1"]},
                     neighbourhoods={"Ann": {"A1": "Food Truck 1"}})
    bar(app)["Roll"].click()
    assert app.game.decision.kind == "build" and bar(app) == {}
    assert "pick a card of your hand" in app.actions.prompt.value
    board = app.table.boards["Ann"]
    assert app.table.selected == "Laundromat 1"
    assert [c.legal for c in board.cells] == [k in (1, 5) for k in range(10)]  # A2 and B1
    click_lot(app, "Ann", "B1")
    assert lot(app, "Ann", "B1")["name"] == "Laundromat"
    assert app.errors.widget.value == ""
    assert "Laundromat" in app.log.widget.value


def test_either_copy_of_a_business_builds_by_its_one_choice() -> None:
    app = staged_app("coins", hands={"Ann": ["Laundromat 1", "Laundromat 2"]})
    bar(app)["Roll"].click()
    app.table.hand_row.children[1].click()  # the second copy
    assert app.table.selected == "Laundromat 2"
    click_lot(app, "Ann", "A1")
    assert lot(app, "Ann", "A1")["name"] == "Laundromat" and app.errors.widget.value == ""
    assert "build Laundromat on A1" in app.game.actions


def test_an_illegal_lot_says_why_and_nothing_is_built() -> None:
    app = staged_app("coins", hands={"Ann": ["Laundromat 1", "Speakeasy 1"]},
                     neighbourhoods={"Ann": {"A1": "Food Truck 1"}})
    bar(app)["Roll"].click()
    moves = len(app.game.actions)
    click_lot(app, "Ann", "A3")
    assert "A3 shares no edge with a business" in app.table.boards["Ann"].message.value
    click_lot(app, "Ann", "A1")
    assert "A1 already holds Food Truck" in app.table.boards["Ann"].message.value
    speakeasy = app.table.hand_row.children[1]
    assert "Speakeasy" in speakeasy.description and "must wait" in speakeasy.tooltip
    speakeasy.click()
    assert app.table.selected == "Speakeasy 1"
    assert not any(c.legal for c in app.table.boards["Ann"].cells)
    app.table.boards["Ann"].buttons[1].click()   # A2, by the keyboard's button
    assert "Developer Rating 7" in app.table.boards["Ann"].message.value
    click_lot(app, "Bob", "A1")
    assert "only Bob builds here" in app.table.boards["Bob"].message.value
    assert len(app.game.actions) == moves


def test_build_nothing_ends_the_turn() -> None:
    app = staged_app("coins", "coins", hands={"Ann": ["Laundromat 1"]})
    bar(app)["Roll"].click()
    assert app.table.skip.layout.display != "none"
    app.table.skip.click()
    assert app.game.decision.player == "Ann" and app.game.decision.kind == "roll"
    assert app.table.skip.layout.display == "none"
    assert lot(app, "Ann", "A1") is None


def test_a_student_bids_in_the_auction() -> None:
    app = staged_app("property", seats=("heuristic", "human", "heuristic"),
                     coins={"Ann": 0, "Bob": 6, "Cy": 0}, property_deck=["Jazz Club 1"])
    decision = app.game.decision
    assert decision.player == "Bob" and decision.kind == "bid"
    assert app.actions.amount_row.layout.display != "none"
    assert "1 to 6" in app.actions.limits.value
    assert "Auction" in app.extra.value and "no bid yet" in app.extra.value
    app.actions.amount.value = 7
    app.actions.confirm.click()                      # more than Bob holds: refused
    assert "7" in app.actions.message.value and app.game.decision.player == "Bob"
    app.actions.amount.value = 2
    app.actions.confirm.click()
    assert "Bob wins Jazz Club for 2 HC" in app.log.widget.value
    assert "won by Bob for 2 HC" in app.extra.value
    assert [b.description.split(" · ")[0] for b in app.table.hand_row.children] == ["Jazz Club"]


def test_the_market_variant_sells_from_three_face_up_cards() -> None:
    app = staged_app("property", players=("Ann", "Bob"), seats=("human", "heuristic"),
                     variant="market", market=["Laundromat 1", "Taco Stand 1", "Speakeasy 1"],
                     coins={"Ann": 5})
    assert "Market" in app.extra.value and "Speakeasy" in app.extra.value
    bar(app)["Roll"].click()
    labels = list(bar(app))
    assert labels == ["buy Laundromat for 3 HC", "buy Taco Stand for 4 HC", "buy nothing"]
    bar(app)["buy Taco Stand for 4 HC"].click()
    view = app.game.view("Ann")
    assert [c["id"] for c in view["hand"]] == ["Taco Stand 1"]
    assert len(view["market"]) == 3 and "Taco Stand 1" not in [c["id"] for c in view["market"]]
    assert "The market:" in app.description.value


def test_only_the_viewer_s_hand_shows() -> None:
    app = staged_app("coins", hands={"Ann": ["Laundromat 1"], "Bob": ["Opera House 1", "Bakery 1"]})
    shown = [b.description for b in app.table.hand_row.children]
    assert shown == ["Laundromat · rating 0 · 1 HP"]
    assert "Opera House" not in app.description.value and "Opera House" not in app.extra.value
    assert "2 cards" in app.panel.widget.value
    assert "Laundromat" in app.description.value
    bots = HipTownApp(seats=["heuristic"] * 3, seed=4, max_rounds=2)
    assert bots.table.hand_row.children == ()
    assert "every hand stays hidden" in bots.table.hand_title.value


def test_the_board_in_words_and_the_bonus_groups_picked_out() -> None:
    four = {"A1": "Food Truck 1", "A2": "Food Truck 2", "B1": "Food Truck 3", "B2": "Taco Stand 1"}
    app = staged_app("coins", neighbourhoods={"Ann": four})
    words = app.description.value
    assert "Ann&#x27;s neighbourhood, 10 Hip Points" in words
    assert "+5 for 4 Food joined on A1, A2, B1, B2" in words
    assert "Empty: A3, A4, A5, B3, B4, B5" in words
    highlighted = [c.highlight for c in app.table.boards["Ann"].cells]
    assert highlighted == [k in (0, 1, 5, 6) for k in range(10)]
    assert "picked out" in app.table.boards["Ann"].buttons[0].tooltip


def test_the_odds_panel_tells_the_faces_and_the_chance_of_a_card_to_build() -> None:
    app = staged_app("property", "coins", hands={"Ann": ["Laundromat 1"]}, coins={"Ann": 0})
    odds = app.odds.widget.value
    assert "The next roll shows a Property face: 3 in 8 (38%)." in odds
    assert "The die pays 15/8 ≈ 1.875 HC a roll on average" in odds
    assert "one they could build now, with 0 businesses standing" in odds
    bar(app)["Roll"].click()
    assert "A roll shows the Property face: 3 in 8 (38%)." in app.odds.widget.value
    assert "Ann rolled 1 on a die of 8 faces: 1 chance in 8" in app.odds.widget.value
    assert dice_text((3,), 8) == "3" and "PROPERTY" in app.dice.value


def test_bots_alone_play_a_whole_game_without_error() -> None:
    for variant in ("auction", "market"):
        app = HipTownApp(players=["Ann", "Bob"], seats=["heuristic"] * 2, seed=5,
                         variant=variant)
        assert app.game.is_over and "Game over" in app.actions.prompt.value
        assert app.errors.widget.value == ""


def on_screen(app: HipTownApp) -> str:
    """Every word the screen shows: the hand (unless covered), the boards' titles, the panels."""
    hand = "" if app.cover.hidden.layout.display == "none" else " ".join(
        f"{b.description} {b.tooltip}" for b in app.table.hand_row.children)
    titles = " ".join(t.value for t in app.table.titles.values())
    return " ".join([hand, app.table.hand_title.value, titles, app.description.value,
                     app.extra.value, app.odds.widget.value, app.actions.prompt.value])


def test_hot_seat_covers_a_hand_until_its_student_takes_the_screen() -> None:
    app = staged_app("coins", "coins", players=("Ann", "Bob"), seats=("human", "human"),
                     hands={"Ann": ["Laundromat 1"], "Bob": ["Opera House 1"]})
    assert app.covered_for() == "Ann" and app.cover.widget.layout.display == "flex"
    assert "Laundromat" not in on_screen(app) and bar(app) == {}
    app.cover.button.click()
    assert "Laundromat" in on_screen(app) and "Opera House" not in on_screen(app)
    bar(app)["Roll"].click()
    app.table.skip.click()                               # Ann's turn ends: Bob's starts
    assert app.game.decision.player == "Bob" and app.covered_for() == "Bob"
    assert app.cover.hidden.layout.display == "none" and "Bob" in app.cover.text.value
    assert "Laundromat" not in on_screen(app) and "Opera House" not in on_screen(app)
    app.act(next(iter(app.game.decision.choices)))       # refused while covered
    assert app.game.decision.player == "Bob" and "Pass the screen to Bob" in \
        app.actions.message.value
    app.cover.button.click()
    assert app.viewer() == "Bob" and "Opera House" in on_screen(app)
    assert "Laundromat" not in on_screen(app)
    assert app.errors.widget.value == ""
