"""tabletop.sim.simulate: one row per game, the same table for any number of workers."""

import pytest

import tabletop
from tabletop.core.errors import OptionError
from tabletop.sim import derived_seed, simulate

pytestmark = pytest.mark.skipif(not tabletop.GAMES, reason="no game is playable yet")
GAME = "pitch" if "pitch" in tabletop.GAMES else tabletop.GAMES[0]  # pitch: short games


def test_rows_columns_and_seeds():
    table = simulate(GAME, games=6, seed=3, progress=False)
    assert table.game.tolist() == list(range(6))
    assert table.seed.tolist() == [derived_seed(3, i) for i in range(6)]
    for column in ("winner", "n_winners", "length", "chance", "reason"):
        assert column in table.columns
    assert (table.n_winners >= 1).all()
    assert (table.n_winners == table.winner.str.count(r"\+") + 1).all()
    assert any("." in column for column in table.columns)


def test_identical_tables_for_1_and_2_workers_and_dask():
    from dask.distributed import Client

    one = simulate(GAME, games=30, seed=5, progress=False)
    two = simulate(GAME, games=30, seed=5, workers=2, progress=False)
    with Client(processes=False, n_workers=2, threads_per_worker=1,
                dashboard_address=None) as client:
        on_dask = simulate(GAME, games=30, seed=5, client=client, progress=False)
    assert one.equals(two) and one.equals(on_dask)


def test_bots_per_seat_and_named_players():
    table = simulate(GAME, games=3, seed=1, bots=["heuristic", "random", "random"],
                     players=["Ann", "Bob", "Cy"], progress=False)
    assert {"Ann", "Bob", "Cy"} >= set("+".join(table.winner).split("+"))
    with pytest.raises(OptionError, match="2 bots were given for 3 players"):
        simulate(GAME, games=1, bots=["random", "random"], progress=False)
