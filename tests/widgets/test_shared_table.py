"""A class at one table, in the widget kit without a browser: Pitch pages (apps) for two
students, a projector, and bots, sharing a SQLite store, driven as Voilà's pages drive them
(``follow`` is what a page's timer calls; without an event loop the bots move at once)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

import tabletop
from tabletop.core.cards import card_name, card_symbol
from tabletop.tables import ENV, NotLegalHere, TableStore
from widgets.pitch import PitchApp
from widgets.sharing import table_link
from widgets.smokers_wild import SmokersWildApp

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
SEATS = {"Ann": "human", "Bob": "human", "Cy": "heuristic", "Dee": "heuristic"}
KEYS = {"Ann": "ann-laptop-key", "Bob": "bob-tablet-key"}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableStore]:
    """The store every page of the test opens (through TABLETOP_TABLES_URL)."""
    monkeypatch.setenv(ENV, f"sqlite:///{tmp_path / 'tables.sqlite'}")
    opened = TableStore()
    yield opened
    opened.close()


def open_pitch(store: TableStore, seats: dict[str, str] = SEATS, seed: int = 81) -> str:
    return store.open_table(tabletop.new_game("pitch", players=PLAYERS, seed=seed), seats)


def page(code: str, seat: str | None = None, key: str | None = None) -> PitchApp:
    """A dashboard page opened at ``?table=code&seat=...&key=...``."""
    app = PitchApp(players=PLAYERS, seed=2)
    app.sharing.join_from_address(table_link(code, seat, key or KEYS.get(seat or ""))[1:])
    return app


def follow(*pages: PitchApp) -> None:
    """Each page looks at the store once, as its timer does."""
    for app in pages:
        app.shared.catch_up()


def move(app: PitchApp) -> str:
    """The student on ``app`` answers with the first legal choice."""
    action = app.game.legal_actions()[0]
    app.act(action)
    return action


def to_move(pages: dict[str, PitchApp]) -> PitchApp:
    follow(*pages.values())
    return pages[next(iter(pages.values())).game.decision.player]


def widget_text(app: PitchApp) -> str:
    """Every string in every widget's state on the page: what its browser receives."""
    seen, texts, stack = set(), [], [app.widget]
    while stack:
        widget = stack.pop()
        if id(widget) in seen or not isinstance(widget, w.Widget):
            continue
        seen.add(id(widget))
        stack.extend(getattr(widget, "children", ()))
        for value in widget.get_state().values():
            if isinstance(value, str):
                texts.append(value)
            elif isinstance(value, list | tuple):
                texts.extend(v for v in value if isinstance(v, str))
    return "\n".join(texts)


def test_opening_a_table_gives_a_code_and_a_link_for_each_free_seat(store: TableStore) -> None:
    teacher = PitchApp(players=PLAYERS, seed=2)
    teacher.controls.seats["Bob"].value = "human"
    local_seed = teacher.game.seed
    teacher.sharing.open_button.click()
    code = re.search(r"Table (\w{5}) is open", teacher.sharing.message.value).group(1)
    links = re.findall(r'href="\?table=(\w+)&amp;seat=(\w+)&amp;key=([\w-]+)"',
                       teacher.sharing.table.value)
    assert [(c, s) for c, s, _ in links] == [(code, "Ann"), (code, "Bob")]
    assert f'href="?table={code}"' in teacher.sharing.table.value  # the projector's link
    info = store.table(code)
    assert [s.kind for s in info.seats] == ["human", "human", "heuristic", "heuristic"]
    assert store.game(code).seed != local_seed  # a fresh seed, shown nowhere
    # Issue 20 point 3: the teacher's page now watches the table, its own game put away.
    assert teacher.shared.code == code and teacher.shared.seat is None
    assert teacher.game.save() == store.game(code).save()


def test_a_move_on_one_page_shows_on_the_others(store: TableStore) -> None:
    code = open_pitch(store)
    pages = {"Ann": page(code, "Ann"), "Bob": page(code, "Bob"), "projector": page(code)}
    for _ in range(6):
        mover = to_move({k: v for k, v in pages.items() if k != "projector"})
        move(mover)
        follow(*pages.values())
        assert len({p.game.save() for p in pages.values()}) == 1
    assert store.game(code).save() == pages["projector"].game.save()


def test_each_page_shows_only_its_own_hand(store: TableStore) -> None:
    code = open_pitch(store)
    ann, bob, projector = page(code, "Ann"), page(code, "Bob"), page(code)
    hands = {p: set(store.game(code).view(p)["hand"]) for p in ("Ann", "Bob")}
    assert set(ann.table.cards) == hands["Ann"] and set(bob.table.cards) == hands["Bob"]
    assert projector.table.cards == []
    for app, me, other in ((ann, "Ann", "Bob"), (bob, "Bob", "Ann")):
        shown = widget_text(app)
        assert all(card_name(card) in shown for card in hands[me])
        for card in hands[other] - hands[me]:
            assert card_name(card) not in shown, f"{other}'s {card} reached {me}'s page"
            assert card_symbol(card) not in shown, f"{other}'s {card} reached {me}'s page"


def test_a_late_page_is_told_someone_else_moved_and_shows_the_table(store: TableStore) -> None:
    code = open_pitch(store, {p: "human" for p in PLAYERS})
    first = page(code, "Ann")  # the same student on two devices (same seat link)
    player = first.game.decision.player
    pages = {p: page(code, p, f"{p.lower()}-the-key") for p in PLAYERS}
    late = page(code, player, f"{player.lower()}-the-key")
    action = move(pages[player])
    late.act(late.game.legal_actions()[-1])
    assert "someone else moved first" in late.actions.message.value
    assert late.game.steps == 1 and late.game.actions == [action]
    assert [m.action for m in store.moves(code)] == [action]


def test_a_double_click_plays_once(store: TableStore) -> None:
    code = open_pitch(store, {p: "human" for p in PLAYERS})
    player = tabletop.load(store.start(code)).decision.player
    app = page(code, player, "the-device-key")
    action = app.game.legal_actions()[0]
    app.act(action)
    app.act(action)
    assert "It is not your turn: the table waits for" in app.actions.message.value
    assert len(store.moves(code)) == 1


def test_an_out_of_turn_click_is_refused_and_changes_nothing(store: TableStore) -> None:
    code = open_pitch(store, {p: "human" for p in PLAYERS})
    waiting = tabletop.load(store.start(code)).decision.player
    other = next(p for p in PLAYERS if p != waiting)
    app = page(code, other, "a-device-key")
    before = app.game.save()
    app.act("pass")
    assert app.actions.message.value == f"It is not your turn: the table waits for {waiting}."
    assert store.moves(code) == [] and app.game.save() == before


def test_two_students_claiming_one_seat_get_one_seat(store: TableStore) -> None:
    code = open_pitch(store)
    first = page(code, "Ann", "first-device-key")
    second = page(code, "Ann", "second-device-key")
    assert first.shared.seat == "Ann" and second.shared.seat is None  # left watching
    assert "Ann's seat at table" in second.sharing.message.value
    assert "taken by another device" in second.sharing.message.value
    assert second.table.cards == []


def test_a_reloaded_page_sits_again_with_the_game_as_it_is(store: TableStore) -> None:
    code = open_pitch(store)
    pages = {"Ann": page(code, "Ann"), "Bob": page(code, "Bob")}
    for _ in range(5):
        move(to_move(pages))
    follow(*pages.values())
    reloaded = page(code, "Ann")
    assert reloaded.shared.seat == "Ann"
    assert reloaded.game.save() == pages["Ann"].game.save() == store.game(code).save()
    assert reloaded.table.cards == pages["Ann"].table.cards


def test_bots_at_a_shared_table_move_exactly_once(store: TableStore) -> None:
    code = open_pitch(store, {"Ann": "human", "Bob": "heuristic", "Cy": "random",
                              "Dee": "heuristic"})
    ann, projector = page(code, "Ann"), page(code)  # both pages run the bots
    for _ in range(8):
        if ann.game.decision.player == "Ann":
            move(ann)
        projector._tick_body()  # the projector's bot timer fires, late or not
        follow(ann, projector)
    kept = store.moves(code)
    assert [m.step for m in kept] == list(range(len(kept))) and len(kept) > 8
    assert ann.game.save() == projector.game.save() == store.game(code).save()


def test_a_bad_code_is_explained_and_the_page_plays_on(store: TableStore) -> None:
    app = PitchApp(players=PLAYERS, seed=2)
    before = app.game.save()
    app.sharing.join_from_address("table=ZZZZZ")
    assert "there is no table ZZZZZ" in app.sharing.message.value
    app.sharing.code.value = "not a code"
    app.sharing.join_button.click()
    assert "is not a table code" in app.sharing.message.value
    other = store.open_table(tabletop.new_game("smokers_wild", players=2, seed=1),
                             {"Player 1": "human", "Player 2": "heuristic"})
    app.sharing.code.value = other
    app.sharing.join_button.click()
    assert f"Table {other} plays smokers_wild" in app.sharing.message.value
    assert app.shared is None and app.game.save() == before
    assert app.errors.widget.value == ""


def test_a_store_gone_missing_loses_no_move(store: TableStore, tmp_path: Path) -> None:
    code = open_pitch(store, {p: "human" for p in PLAYERS})
    player = tabletop.load(store.start(code)).decision.player
    app = page(code, player, "the-device-key")
    before = app.game.save()
    for part in tmp_path.iterdir():
        part.unlink()
    app.act(app.game.legal_actions()[0])
    assert "your move was not made: the tables file" in app.actions.message.value
    assert app.game.save() == before
    app.shared.catch_up()
    app.sharing.show_table()
    assert "is missing" in app.sharing.table.value and app.errors.widget.value == ""


def test_every_page_offers_the_save_of_a_finished_game(store: TableStore) -> None:
    game = tabletop.new_game("smokers_wild", players=["Ann", "Bob"], seed=4, max_turns=3)
    code = store.open_table(game, {"Ann": "human", "Bob": "heuristic"})
    pages = []
    for seat in ("Ann", None):
        app = SmokersWildApp(players=["Ann", "Bob"], seed=1)
        app.sharing.join_from_address(table_link(code, seat, "ann-the-key")[1:])
        pages.append(app)
    ann, projector = pages
    for _ in range(500):
        if ann.game.is_over:
            break
        move(ann)
    projector.shared.catch_up()
    for app in pages:
        app.sharing.show_table()
        assert app.sharing.save.value == store.game(code).save()


# -- issue 36: one table per page, the table as the store has it, no traceback ------------------
def opened_code(app: PitchApp) -> str:
    return re.search(r"Table (\w{5}) is open", app.sharing.message.value).group(1)


def test_opening_again_while_this_pages_table_is_open_opens_no_other(store: TableStore) -> None:
    teacher = PitchApp(players=PLAYERS, seed=2)
    teacher.sharing.open_button.click()
    code = opened_code(teacher)
    assert teacher.sharing.open_button.layout.display == "none"
    assert teacher.sharing.close_button.layout.display is None
    teacher.sharing.open_button.click()  # a second press already on its way
    assert f"This page's table {code} is open: no other table was opened" in (
        teacher.sharing.message.value)
    assert [t.code for t in store.tables("pitch")] == [code] and teacher.shared.code == code


def test_a_page_that_opens_a_table_stops_following_the_one_it_watched(store: TableStore) -> None:
    first = open_pitch(store, {"Ann": "human", "Bob": "heuristic", "Cy": "heuristic",
                               "Dee": "heuristic"})
    ann = page(first, "Ann")
    teacher = page(first)  # watching the first table, then opening its own
    old = teacher.shared
    teacher.sharing.open_button.click()
    second = opened_code(teacher)
    assert f"(this page left table {first})" in teacher.sharing.message.value
    for _ in range(4):  # the first table goes on without the teacher's page
        if ann.game.decision.player == "Ann":
            move(ann)
        ann._tick_body()
    old.catch_up()  # its timer, had it not been stopped
    assert teacher.game.save() == store.game(second).save()
    assert not old.following and teacher.shared.code == second


def test_closing_the_table_gives_the_page_its_own_game_back(store: TableStore) -> None:
    teacher = PitchApp(players=PLAYERS, seed=2)
    teacher.sharing.open_button.click()
    code = opened_code(teacher)
    ann = page(code, "Ann")
    teacher.sharing.close_button.click()
    assert f"Table {code} is closed: it keeps no more moves" in teacher.sharing.message.value
    assert teacher.shared is None and teacher.controls.widget.layout.display is None
    assert teacher.sharing.open_button.layout.display is None
    assert store.table(code).closed and store.playing("pitch") == []
    ann.shared.catch_up()  # the student's page sees the table closed on its next looks
    ann.shared._polls = 0
    ann.shared.catch_up()
    ann.sharing.show_table()
    assert f"table {code} was closed by the teacher" in ann.sharing.table.value
    assert not ann.shared.following and ann.errors.widget.value == ""


def test_a_teachers_page_lists_its_own_open_tables_and_closes_them(store: TableStore) -> None:
    teacher = PitchApp(players=PLAYERS, seed=2)
    teacher.sharing.open_button.click()
    own = opened_code(teacher)
    someone_elses = open_pitch(store)
    teacher.sharing.sit(someone_elses)  # the page leaves its table open and watches another
    teacher.sharing.list_button.click()
    closers = teacher.sharing.hosting.widget.children
    assert [b.description for b in closers] == [f"Close table {own}"]
    closers[0].click()
    assert store.table(own).closed and not store.table(someone_elses).closed
    assert teacher.sharing.hosting.widget.children == ()
    assert teacher.shared.code == someone_elses and teacher.shared.following


def test_a_page_whose_game_is_not_the_tables_follows_the_table_again(store: TableStore) -> None:
    code = open_pitch(store, dict.fromkeys(PLAYERS, "human"))
    pages = {p: page(code, p, f"{p.lower()}-the-key") for p in PLAYERS}
    mover = to_move(pages)
    stale = pages[next(p for p in PLAYERS if pages[p] is not mover)]
    stale._play(stale.game.legal_actions()[-1], stale.game.decision.player)  # unkept, as a
    # stopped table's timer once played its moves on the next table's game
    move(mover)
    follow(stale)  # the table's move is not legal on the stale game: the page replays
    assert stale.game.save() == store.game(code).save() and stale.errors.widget.value == ""


def test_a_move_the_store_refuses_makes_the_page_replay_the_table(
        store: TableStore, caplog: pytest.LogCaptureFixture) -> None:
    code = open_pitch(store, {"Ann": "human", **dict.fromkeys(PLAYERS[1:], "heuristic")})
    app = page(code, "Ann")  # the bots have played up to Ann's turn (no event loop here)
    kept = len(store.moves(code))
    with pytest.raises(NotLegalHere, match="It is Ann's decision now, not Bob's"):
        app.shared.send(kept, "pass", "Bob")  # a stray bot's move for another game
    assert f"table {code} refused move {kept + 1} ('pass' by Bob)" in caplog.text
    app._play(app.game.legal_actions()[0], "Ann")  # unkept: the page's game is not the table's
    app._tick_body()  # this page's bot sends its move for the step after Ann's
    assert f"table {code} refused move {kept + 2}" in caplog.text
    assert len(store.moves(code)) == kept
    assert app.game.save() == store.game(code).save() and app.errors.widget.value == ""


def test_a_table_whose_moves_no_longer_replay_is_said_once(store: TableStore) -> None:
    import json
    import time

    import sqlalchemy as sa

    from tabletop.tables.schema import MOVES

    code = open_pitch(store, dict.fromkeys(PLAYERS, "human"))
    app = page(code)
    waiting = app.game.decision.player
    other = next(p for p in PLAYERS if p != waiting)
    with store.db.writer.begin() as conn:  # kept by an older kit: a move out of turn
        conn.execute(sa.insert(MOVES).values(code=code, step=0, action=json.dumps("pass"),
                                             player=other, made=time.time()))
    app.shared.catch_up()
    app.sharing.show_table()
    shown = app.sharing.table.value
    assert f"table {code} cannot go on: its move 1, kept by an older version" in shown
    assert not app.shared.following and app.errors.widget.value == ""
    app.shared.catch_up()
    assert app.sharing.table.value == shown and len(store.moves(code)) == 1
