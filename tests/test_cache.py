"""The result cache (tabletop/cache.py): a cached result is the computed one; a house
edition, a changed content file or a new seed computes afresh; kernels writing the same
entry at once leave it whole."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
import pytest

from tabletop import cache
from tabletop.cache import cached
from tabletop.games.hitchiker.content import kit_content
from tabletop.odds import estimate, estimate_mean, roll_sums
from tabletop.sim import simulate
from widgets.hitchiker_lessons import edition, house_edition

CALLS: list[tuple] = []


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder for each test."""
    monkeypatch.setenv(cache.ENV, str(tmp_path / "cache"))
    CALLS.clear()
    return tmp_path / "cache"


@cached
def deadly_share(content, seed: int) -> float:
    """A seeded share of throws that kill at Corpus Risky, counting its calls."""
    CALLS.append((content.shark_attack, seed))
    throws = roll_sums(np.random.default_rng(seed), 10_000)
    return float(np.isin(throws, sorted(content.shark_attack)).mean())


@cached
def file_total(path: str, seed: int) -> int:
    """The number in a file plus a seeded die, counting its calls."""
    CALLS.append((path, seed))
    return int(Path(path).read_text()) + int(np.random.default_rng(seed).integers(1, 7))


@cached
def draws(rng: np.random.Generator, n: int) -> np.ndarray:
    CALLS.append(n)
    return rng.integers(0, 1000, n)


def big_entry(seed: int) -> np.ndarray:
    """A result of 16 MB, long enough to write that two writers overlap."""
    return np.random.default_rng(seed).random(2_000_000)


cached_big_entry = cached(big_entry)


def write_at_once(start: Any, seed: int, sums: Any) -> None:
    """One kernel: wait for the other, then compute (and write) the same entry."""
    start.wait()
    sums.put(float(cached_big_entry(seed).sum()))


def test_a_cached_result_equals_the_computed_one() -> None:
    sevens = estimate(lambda rng, n: roll_sums(rng, n) == 7, 200_000, seed=3)
    again = estimate(lambda rng, n: roll_sums(rng, n) == 7, 200_000, seed=3)
    computed = estimate.uncached(lambda rng, n: roll_sums(rng, n) == 7, 200_000, seed=3)
    assert sevens == again == computed
    mean = estimate_mean(lambda rng, n: roll_sums(rng, n, dice=3), 50_000, seed=4)
    assert estimate_mean(lambda rng, n: roll_sums(rng, n, dice=3), 50_000, seed=4) == mean
    assert mean == estimate_mean.uncached(lambda rng, n: roll_sums(rng, n, dice=3), 50_000, 4)


def test_a_cached_study_equals_the_computed_one() -> None:
    first = simulate("hitchiker", games=3, seed=5, bots="heuristic")
    pd.testing.assert_frame_equal(simulate("hitchiker", games=3, seed=5, bots="heuristic"),
                                  first)
    pd.testing.assert_frame_equal(
        simulate.uncached("hitchiker", games=3, seed=5, bots="heuristic"), first)


def test_the_second_call_reads_the_entry() -> None:
    kit = kit_content()
    assert deadly_share(kit, 1) == deadly_share(kit, 1)
    assert len(CALLS) == 1


def test_a_house_edition_misses_the_cache() -> None:
    kit = kit_content()
    house = edition(house_edition({"shark_attack": [7]}))
    assert deadly_share(house, 1) != deadly_share(kit, 1)
    assert len(CALLS) == 2


def test_a_new_seed_misses_the_cache() -> None:
    kit = kit_content()
    deadly_share(kit, 1)
    deadly_share(kit, 2)
    assert [seed for _, seed in CALLS] == [1, 2]


def test_a_changed_content_file_misses_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text("10")
    before = file_total(str(path), 1)
    assert file_total(str(path), 1) == before
    path.write_text("20")
    assert file_total(str(path), 1) == before + 10
    assert len(CALLS) == 2


def test_a_changed_global_of_an_experiment_misses_the_cache() -> None:
    sharks = [2, 12]

    def attacks(rng, n):
        return np.isin(roll_sums(rng, n), sharks)

    before = estimate(attacks, 100_000, seed=1)
    sharks[:] = [7]
    assert estimate(attacks, 100_000, seed=1) == estimate.uncached(attacks, 100_000, seed=1)
    assert estimate(attacks, 100_000, seed=1) != before


def test_a_hit_moves_the_generator_on_as_the_computation_would() -> None:
    computed = np.random.default_rng(9)
    expected = [draws.uncached(computed, 5), computed.integers(0, 1000, 3)]
    for _ in range(2):  # a miss, then a hit
        rng = np.random.default_rng(9)
        got = [draws(rng, 5), rng.integers(0, 1000, 3)]
        np.testing.assert_array_equal(np.concatenate(got), np.concatenate(expected))
    assert CALLS == [5, 5]  # the uncached call, then the one miss


def test_turned_off_it_computes_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.ENV, "off")
    kit = kit_content()
    deadly_share(kit, 1)
    deadly_share(kit, 1)
    assert len(CALLS) == 2


def test_two_processes_writing_the_same_entry_leave_it_whole(fresh_cache: Path) -> None:
    context = multiprocessing.get_context("fork")
    start, sums = context.Barrier(2), context.Queue()
    kernels = [context.Process(target=write_at_once, args=(start, 11, sums)) for _ in range(2)]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(timeout=120)
    expected = float(big_entry(11).sum())
    assert [sums.get(timeout=1), sums.get(timeout=1)] == [expected, expected]
    (entry,) = fresh_cache.rglob("output.pkl")
    result, _ = joblib.load(entry)
    np.testing.assert_array_equal(result, big_entry(11))
    assert float(cached_big_entry(11).sum()) == expected
