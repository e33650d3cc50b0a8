"""A classroom study with heuristic bots: the same table on one core, on every core and on a
Dask cluster of worker processes, with a progress bar while it runs."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.sim import simulate

GAMES = 40


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_a_heuristic_study_is_the_same_on_every_core_and_on_dask(name: str, client) -> None:
    one = simulate(name, games=GAMES, seed=4, bots="heuristic", workers=1, progress=False)
    every = simulate(name, games=GAMES, seed=4, bots="heuristic", workers=0, progress=False)
    on_dask = simulate(name, games=GAMES, seed=4, bots="heuristic", client=client,
                       progress=False)
    assert one.equals(every) and one.equals(on_dask)


def test_a_study_shows_its_progress(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("pitch" if "pitch" in tabletop.GAMES else tabletop.GAMES[0], games=60,
             bots="heuristic", workers=0, progress=True)
    assert "games" in capsys.readouterr().err
