"""The store is the authority on its tables (issue 36), on SQLite and on PostgreSQL: a move
is kept only if it is legal for that player at that step of that table's game, whoever
sends it; a closed table keeps no move; an older store opens and its tables read as open;
a table whose kept moves no longer replay is reported readably and left as it was."""

from __future__ import annotations

import json
import threading
import time

import pytest
import sqlalchemy as sa

import tabletop
from tabletop.tables import (
    MoveRefused,
    NotLegalHere,
    StoreError,
    TableClosed,
    TableError,
    TableStore,
)
from tabletop.tables.schema import MOVES

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
BOTS = dict.fromkeys(PLAYERS, "heuristic")
HOST = "the-teachers-page-key"


def pitch(seed: int) -> tabletop.Game:
    return tabletop.new_game("pitch", players=PLAYERS, seed=seed)


def play(store: TableStore, code: str, game: tabletop.Game, count: int) -> None:
    """Make ``count`` moves at the table and on ``game`` (the first legal action each)."""
    for _ in range(count):
        player, action = game.decision.player, game.legal_actions()[0]
        store.record(code, game.steps, action, player)
        game.apply(action)


def kept(store: TableStore, code: str) -> list[tuple[int, object, str]]:
    return [(m.step, m.action, m.player) for m in store.moves(code)]


def test_a_move_by_a_player_who_is_not_to_move_is_refused(store: TableStore) -> None:
    code = store.open_table(pitch(2), BOTS)  # Ann bids first at seed 2
    with pytest.raises(NotLegalHere, match="It is Ann's decision now, not Dee's"):
        store.record(code, 0, "pass", "Dee")
    assert kept(store, code) == []


def test_an_action_not_among_the_choices_is_refused(store: TableStore) -> None:
    code = store.open_table(pitch(2), BOTS)
    with pytest.raises(NotLegalHere, match="the table did not keep this move"):
        store.record(code, 0, "bid 9", "Ann")
    assert kept(store, code) == []
    store.record(code, 0, "bid 2", "Ann")  # the refusal left the table able to go on
    assert kept(store, code) == [(0, "bid 2", "Ann")]


def test_a_move_of_another_tables_game_is_refused(store: TableStore) -> None:
    # A page still following table A (seed 2: Ann to bid) sends its bot's move to table B
    # (seed 1: Bob to bid) at the same step: the store checks it against B's game.
    first, second = store.open_table(pitch(2), BOTS), store.open_table(pitch(1), BOTS)
    other = pitch(2)
    play(store, first, other, 1)
    with pytest.raises(NotLegalHere, match="It is Bob's decision now, not Ann's"):
        store.record(second, 0, "bid 2", "Ann")
    assert kept(store, second) == [] and len(kept(store, first)) == 1


def test_moves_kept_by_another_server_are_checked_too(store: TableStore) -> None:
    # Two processes (two stores, two caches of the replayed game) write to one table.
    code = store.open_table(pitch(2), BOTS)
    game = pitch(2)
    play(store, code, game, 3)  # this process's cache is at step 3
    other = TableStore(store.db.url.render_as_string(hide_password=False))
    try:
        play(other, code, game, 4)
    finally:
        other.close()
    stale = pitch(2).replayed(0)
    for action in game.actions[:3]:
        stale.apply(action)
    with pytest.raises(MoveRefused, match="someone else moved first"):
        store.record(code, 3, stale.legal_actions()[0], stale.decision.player)
    play(store, code, game, 2)  # the cache catches up with the four moves made elsewhere
    assert store.game(code).save() == game.save()


def test_racing_writers_with_their_own_caches_keep_one_legal_move(store: TableStore) -> None:
    code = store.open_table(pitch(2), BOTS)
    url = store.db.url.render_as_string(hide_password=False)
    writers = [TableStore(url) for _ in range(4)]
    barrier = threading.Barrier(len(writers))
    outcomes: list[str] = []
    moves = [("bid 2", "Ann"), ("bid 3", "Ann"), ("pass", "Bob"), ("moon", "Ann")]

    def write(k: int) -> None:
        barrier.wait()
        try:
            writers[k].record(code, 0, *moves[k])
            outcomes.append("kept")
        except MoveRefused:
            outcomes.append("refused")

    threads = [threading.Thread(target=write, args=(k,)) for k in range(len(writers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for writer in writers:
        writer.close()
    assert sorted(outcomes) == ["kept", "refused", "refused", "refused"]
    assert [m.player for m in store.moves(code)] == ["Ann"]
    assert store.game(code).steps == 1


def test_a_closed_table_keeps_no_move_and_leaves_the_tables_playing(store: TableStore) -> None:
    code = store.open_table(pitch(2), BOTS, host=HOST)
    left_open = store.open_table(pitch(3), BOTS, host=HOST)
    with pytest.raises(TableError, match=f"only the page that opened table {code} can close"):
        store.close_table(code, "another-page-key")
    assert [t.code for t in store.playing("pitch")] == [left_open, code]
    store.close_table(code, HOST)
    store.close_table(code, HOST)  # again: nothing more happens
    with pytest.raises(TableClosed, match=f"table {code} is closed: it keeps no more moves"):
        store.record(code, 0, "bid 2", "Ann")
    assert kept(store, code) == [] and store.table(code).closed
    assert [t.code for t in store.playing("pitch")] == [left_open]
    assert [t.code for t in store.tables("pitch", open_only=True, host=HOST)] == [left_open]
    assert [t.code for t in store.tables("pitch", host=HOST)] == [left_open, code]


def test_a_finished_game_leaves_the_tables_playing(store: TableStore) -> None:
    game = tabletop.new_game("smokers_wild", players=["Ann", "Bob"], seed=4, max_turns=3)
    code = store.open_table(game, {"Ann": "heuristic", "Bob": "heuristic"})
    assert [t.code for t in store.playing("smokers_wild")] == [code]
    while not game.is_over:
        play(store, code, game, 1)
    assert store.playing("smokers_wild") == []


def test_an_older_store_opens_with_its_tables_open(store: TableStore) -> None:
    code = store.open_table(pitch(2), BOTS)
    with store.db.writer.begin() as conn:
        for column in ("host", "closed"):
            conn.execute(sa.text(f"ALTER TABLE tabletop_tables DROP COLUMN {column}"))
    url = store.db.url.render_as_string(hide_password=False)
    store.close()
    reopened = TableStore(url)
    try:
        assert [t.code for t in reopened.playing("pitch")] == [code]
        reopened.record(code, 0, "bid 2", "Ann")
        with pytest.raises(TableError, match="only the page that opened"):
            reopened.close_table(code, HOST)
    finally:
        reopened.close()


def test_a_table_whose_moves_no_longer_replay_is_reported_and_left(store: TableStore) -> None:
    # An older kit kept a move that is not legal: Dee bids out of turn at step 1.
    code = store.open_table(pitch(2), BOTS)
    store.record(code, 0, "bid 2", "Ann")
    with store.db.writer.begin() as conn:
        conn.execute(sa.insert(MOVES).values(code=code, step=1, action=json.dumps("pass"),
                                             player="Dee", made=time.time()))
    before = kept(store, code)
    message = (f"table {code} cannot go on: its move 2, kept by an older version of the "
               "kit, is not legal")
    with pytest.raises(StoreError, match=message):
        store.game(code)
    with pytest.raises(StoreError, match=message):
        store.record(code, 2, "pass", "Cy")
    assert kept(store, code) == before
    assert store.playing("pitch") == []
