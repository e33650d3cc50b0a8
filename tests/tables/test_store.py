"""The store of shared tables, on SQLite and on a real PostgreSQL server: a table replays
exactly, only the next step is kept, a seat has one device, and every bad input or fault
is a clear message with the store unchanged."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import tabletop
from tabletop.tables import (
    MoveRefused,
    NoSuchTable,
    SeatTaken,
    StoreError,
    TableError,
    TableStore,
    default_url,
    read_code,
)
from tabletop.tables.connection import ENV
from tools.postgres import stopped

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
SEATS = {"Ann": "human", "Bob": "human", "Cy": "heuristic", "Dee": "random"}
KEYS = {"Ann": "ann-device-key", "Bob": "bob-device-key"}


def pitch(seed: int = 81) -> tabletop.Game:
    return tabletop.new_game("pitch", players=PLAYERS, seed=seed)


def open_seated(store: TableStore) -> str:
    code = store.open_table(pitch(), SEATS)
    for player, key in KEYS.items():
        store.take_seat(code, player, key)
    return code


def play_moves(store: TableStore, code: str, count: int) -> tabletop.Game:
    """Make ``count`` moves at the table (the first legal action each time) and return the
    same game played on its own."""
    game = pitch()
    for _ in range(count):
        player = game.decision.player
        action = game.legal_actions()[0]
        store.record(code, game.steps, action, player, KEYS.get(player))
        game.apply(action)
    return game


def test_a_table_replays_its_start_and_moves_exactly(store: TableStore) -> None:
    code = open_seated(store)
    alone = play_moves(store, code, 12)
    assert store.game(code).save() == alone.save()
    assert [m.step for m in store.moves(code, since=10)] == [10, 11]
    assert store.table(code).steps == 12


def test_only_the_next_step_is_kept(store: TableStore) -> None:
    code = open_seated(store)
    game = play_moves(store, code, 3)
    player, action = game.decision.player, game.legal_actions()[0]
    with pytest.raises(MoveRefused, match="someone else moved first"):
        store.record(code, 2, action, player, KEYS.get(player))
    with pytest.raises(MoveRefused, match="ahead of the table"):
        store.record(code, 4, action, player, KEYS.get(player))
    assert store.game(code).save() == game.save()


def test_pages_racing_for_one_step_keep_exactly_one_move(store: TableStore) -> None:
    code = store.open_table(pitch(), {p: "heuristic" for p in PLAYERS})
    game = pitch()
    choices = game.legal_actions()
    barrier = threading.Barrier(6)
    kept: list[str] = []
    refused: list[str] = []

    def page(k: int) -> None:
        action = choices[k % len(choices)]
        barrier.wait()
        try:
            store.record(code, 0, action, game.decision.player)
            kept.append(action)
        except MoveRefused:
            refused.append(action)

    pages = [threading.Thread(target=page, args=(k,)) for k in range(6)]
    for thread in pages:
        thread.start()
    for thread in pages:
        thread.join()
    assert len(kept) == 1 and len(refused) == 5
    assert [m.action for m in store.moves(code)] == kept


def test_a_seat_has_one_device_and_a_reload_sits_it_again(store: TableStore) -> None:
    code = store.open_table(pitch(), SEATS)
    store.take_seat(code, "Ann", KEYS["Ann"])
    store.take_seat(code, "Ann", KEYS["Ann"])  # the same page, reloaded
    with pytest.raises(SeatTaken, match=r"Ann's seat .* is taken by another device"):
        store.take_seat(code, "Ann", "someone-elses-key")
    with pytest.raises(TableError, match="played by a heuristic bot"):
        store.take_seat(code, "Cy", KEYS["Ann"])
    with pytest.raises(TableError, match=r"no seat 'Zed'.*the seats are Ann, Bob, Cy, Dee"):
        store.take_seat(code, "Zed", KEYS["Ann"])
    with pytest.raises(TableError, match="a seat key is text of 8 to 64"):
        store.take_seat(code, "Bob", "short")
    assert store.table(code).free_seats() == ["Bob"]


def test_only_the_seated_device_moves_for_a_student(store: TableStore) -> None:
    code = store.open_table(pitch(), {p: "human" for p in PLAYERS})
    game = pitch()
    player, action = game.decision.player, game.legal_actions()[0]
    with pytest.raises(MoveRefused, match=f"only the device in {player}'s seat"):
        store.record(code, 0, action, player, "no-seat-taken-yet")
    store.take_seat(code, player, "the-right-key")
    with pytest.raises(MoveRefused, match=f"only the device in {player}'s seat"):
        store.record(code, 0, action, player, "the-wrong-key")
    store.record(code, 0, action, player, "the-right-key")
    assert len(store.moves(code)) == 1


def test_codes_are_read_forgivingly_and_bad_ones_explained(store: TableStore) -> None:
    code = store.open_table(pitch(), SEATS)
    assert store.table(f" {code.lower()[:2]}-{code.lower()[2:]} ").code == code
    assert read_code("k7q x2") == "K7QX2"
    for bad in ("", "K7QX", "K7QX2Z", "K0QX2", 12345):
        with pytest.raises(TableError, match=r"is not a table code|a table code is text"):
            read_code(bad)


def test_a_code_that_names_no_table_is_refused_everywhere(store: TableStore) -> None:
    with pytest.raises(NoSuchTable, match="there is no table ZZZZZ"):
        store.table("zzzzz")
    with pytest.raises(NoSuchTable):
        store.take_seat("ZZZZZ", "Ann", KEYS["Ann"])
    with pytest.raises(NoSuchTable):
        store.record("ZZZZZ", 0, "pass", "Ann", KEYS["Ann"])
    with pytest.raises(NoSuchTable):
        store.game("ZZZZZ")
    assert store.tables() == []


def test_a_table_opens_only_with_a_seat_for_every_player(store: TableStore) -> None:
    started = pitch()
    started.apply(started.legal_actions()[0])
    bad = [
        (pitch(), {**SEATS, "Dee": "robot"}, "a seat is one of human, random, heuristic"),
        (pitch(), {"Ann": "human"}, "give every player a seat"),
        (started, SEATS, "starts before the first move; this game has 1 moves"),
    ]
    for game, seats, message in bad:
        with pytest.raises(TableError, match=message):
            store.open_table(game, seats)
    assert store.tables() == []


def test_the_list_shows_each_games_tables_newest_first(store: TableStore) -> None:
    first = store.open_table(pitch(), SEATS)
    second = store.open_table(pitch(seed=2), SEATS)
    other = store.open_table(tabletop.new_game("smokers_wild", players=2, seed=1),
                             {"Player 1": "human", "Player 2": "heuristic"})
    store.take_seat(second, "Bob", KEYS["Bob"])
    listed = store.tables("pitch")
    assert [t.code for t in listed] == [second, first]
    assert listed[0].free_seats() == ["Ann"] and listed[1].free_seats() == ["Ann", "Bob"]
    assert {t.code for t in store.tables()} == {first, second, other}


def test_a_damaged_store_file_is_reported_by_name(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    path.write_bytes(b"this is not a database, just some bytes " * 100)
    with pytest.raises(StoreError, match=f"the tables file {path} is damaged"):
        TableStore(f"sqlite:///{path}")
    assert path.read_bytes().startswith(b"this is not a database")


def test_a_deleted_store_file_is_reported_not_made_afresh(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    store = TableStore(f"sqlite:///{path}")
    code = open_seated(store)
    for part in tmp_path.iterdir():
        part.unlink()
    with pytest.raises(StoreError, match=f"the tables file {path} is missing"):
        store.record(code, 0, "pass", "Cy")
    assert not path.exists()


def test_a_database_that_is_down_keeps_no_move_and_goes_on_when_back(postgres) -> None:
    from .conftest import empty_postgres

    store = empty_postgres(postgres)
    code = open_seated(store)
    game = play_moves(store, code, 2)
    player, action = game.decision.player, game.legal_actions()[0]
    with stopped(postgres), pytest.raises(StoreError, match="cannot be reached right now"):
        store.record(code, 2, action, player, KEYS.get(player))
    assert store.game(code).save() == game.save()
    store.record(code, 2, action, player, KEYS.get(player))
    assert store.table(code).steps == 3
    store.close()


def test_the_store_is_a_sqlite_file_unless_a_url_is_set(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert default_url().startswith("sqlite:///") and default_url().endswith("tables.sqlite")
    monkeypatch.setenv(ENV, f"sqlite:///{tmp_path / 'school.sqlite'}")
    assert TableStore().where == str(tmp_path / "school.sqlite")
    for url, message in [("no way", "is not a database URL"),
                         ("mysql://db/x", "must be SQLite or PostgreSQL"),
                         ("sqlite://", "needs a file")]:
        with pytest.raises(StoreError, match=message):
            TableStore(url)
