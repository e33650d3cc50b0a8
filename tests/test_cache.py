"""The result cache (tabletop/cache.py): a cached result is the computed one; a house
edition, a changed content file or a new seed computes afresh; kernels writing the same
entry at once leave it whole."""

from __future__ import annotations

import io
import multiprocessing
import pickle
import time
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
import pytest
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tabletop import cache
from tabletop.cache import cached
from tabletop.core.content import game_content
from tabletop.games.hip_town import odds as hip_town_odds
from tabletop.games.hip_town import sampling as hip_town_sampling
from tabletop.games.hip_town.content import build as hip_town_build
from tabletop.games.hitchiker import odds as hitchiker_odds
from tabletop.games.hitchiker import strategy as hitchiker_strategy
from tabletop.games.hitchiker.content import kit_content
from tabletop.games.smokers_wild import odds as smokers_wild_odds
from tabletop.odds import estimate, estimate_mean, repeat, roll_sums
from tabletop.sim import simulate
from widgets import figures
from widgets.hitchiker.lessons import edition, house_edition

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


def test_a_function_run_by_exec_is_keyed_by_what_it_computes() -> None:
    def made_by_exec(face: int) -> Any:
        space: dict[str, Any] = {"roll_sums": roll_sums, "np": np}  # no __name__: no module
        exec(f"def hits(rng, n):\n    return roll_sums(rng, n) == {face}", space)
        assert space["hits"].__module__ is None
        return space["hits"]

    sevens = estimate(made_by_exec(7), 10_000, seed=3)
    assert sevens == estimate.uncached(made_by_exec(7), 10_000, seed=3)
    assert estimate(made_by_exec(7), 10_000, seed=3) == sevens
    assert estimate(made_by_exec(2), 10_000, seed=3) != sevens


def test_a_hit_moves_the_generator_on_as_the_computation_would() -> None:
    computed = np.random.default_rng(9)
    expected = [draws.uncached(computed, 5), computed.integers(0, 1000, 3)]
    for _ in range(2):  # a miss, then a hit
        rng = np.random.default_rng(9)
        got = [draws(rng, 5), rng.integers(0, 1000, 3)]
        np.testing.assert_array_equal(np.concatenate(got), np.concatenate(expected))
    assert CALLS == [5, 5]  # the uncached call, then the one miss



@cached
def two_draws(seed: int) -> list[np.ndarray]:
    """Two cached draws made while this result computes."""
    rng = np.random.default_rng(seed)
    return [draws(rng, 4), draws(rng, 4)]


def test_results_used_while_another_computes_are_kept_only_inside_it() -> None:
    both = two_draws(12)
    assert CALLS == [4, 4]
    first = draws(np.random.default_rng(12), 4)  # a miss: the inner draw kept no entry
    assert CALLS == [4, 4, 4]
    np.testing.assert_array_equal(first, both[0])

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
    result, _ = pickle.loads(joblib.load(entry))
    np.testing.assert_array_equal(result, big_entry(11))
    assert float(cached_big_entry(11).sum()) == expected


@cached
def slow_count(folder: str, seed: int) -> int:
    """A result that takes a second, each computation noted as a line of ``computed.log`` in
    ``folder`` (a folder, not the file: an argument naming a file keys the entry by its
    bytes, which the first computation changes)."""
    with open(Path(folder) / "computed.log", "a") as log:
        log.write(f"computed {seed}\n")
    time.sleep(1.0)
    return seed * 2


def open_at_once(start: Any, folder: str, seed: int, results: Any) -> None:
    """One student's kernel: wait for the others, then ask for the same result."""
    start.wait()
    results.put(slow_count(folder, seed))


def test_kernels_asking_for_the_same_result_at_once_compute_it_once(tmp_path: Path) -> None:
    log = tmp_path / "computed.log"
    log.touch()
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(3), context.Queue()
    kernels = [context.Process(target=open_at_once, args=(start, str(tmp_path), 21, results))
               for _ in range(3)]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(timeout=60)
    assert [results.get(timeout=1) for _ in kernels] == [42, 42, 42]
    assert log.read_text().splitlines() == ["computed 21"]


def test_a_cached_hand_gain_table_equals_the_computed_one() -> None:
    rules, moves = kit_content().casino, hitchiker_strategy.HIT_OR_STICK
    on_disk = hitchiker_strategy.gain_dist.__wrapped__  # under the in-process functools.cache
    computed = on_disk.uncached(rules, moves)
    assert on_disk(rules, moves) == on_disk(rules, moves) == computed  # a miss, then a hit


def test_a_cached_walk_of_tokens_equals_the_computed_one() -> None:
    computed = np.random.default_rng(6)
    expected = [hitchiker_odds.walk_tokens.uncached(computed, 300, 0, 25, deaths=True),
                computed.integers(0, 1000, 3)]
    for _ in range(2):  # a miss, then a hit
        rng = np.random.default_rng(6)
        got = [hitchiker_odds.walk_tokens(rng, 300, 0, 25, deaths=True), rng.integers(0, 1000, 3)]
        for value, wanted in zip(got, expected, strict=True):
            np.testing.assert_array_equal(value, wanted)
        assert got[0].dtype == expected[0].dtype



def test_cached_blackjack_hands_equal_the_computed_ones() -> None:
    computed = np.random.default_rng(9)
    expected = [hitchiker_odds.simulate_hands.uncached(computed, 2_000, stand_on=17),
                computed.integers(0, 1000, 3)]
    for _ in range(2):  # a miss, then a hit
        rng = np.random.default_rng(9)
        got = [hitchiker_odds.simulate_hands(rng, 2_000, stand_on=17), rng.integers(0, 1000, 3)]
        for value, wanted in zip(got, expected, strict=True):
            np.testing.assert_array_equal(value, wanted)
        assert got[0].dtype == expected[0].dtype


def test_cached_staking_equals_the_computed_one() -> None:
    expected = hitchiker_odds.simulate_staking.uncached(np.random.default_rng(10), 500, 100, 10, 20)
    for _ in range(2):  # a miss, then a hit
        got = hitchiker_odds.simulate_staking(np.random.default_rng(10), 500, 100, 10, 20)
        np.testing.assert_array_equal(got, expected)


def test_a_cached_turn_of_smokers_wild_equals_the_computed_one() -> None:
    lander = smokers_wild_odds.Lander((), 6, 300)
    computed = smokers_wild_odds.turn_costs.uncached(lander)
    assert smokers_wild_odds.turn_costs(lander) == smokers_wild_odds.turn_costs(lander) == computed

def test_a_cached_lone_builder_equals_the_computed_one() -> None:
    builder = hip_town_odds.LoneBuilder.of(game_content("hip_town", hip_town_build), cap=2)
    computed = (builder.reachable(), builder.solve_expected_turns(), builder.push_turns(30))
    for _ in range(2):  # a miss, then a hit (a fresh model: no in-memory steps)
        again = hip_town_odds.LoneBuilder.of(game_content("hip_town", hip_town_build), cap=2)
        assert (again.steps, again.expected_turns(), again.turns(30)) == computed


def test_cached_repeated_draws_equal_the_loop() -> None:
    content = game_content("hip_town", hip_town_build)
    computed = np.random.default_rng(8)
    expected = [hip_town_sampling.wait_for_rating_zero(computed, content) for _ in range(50)]
    after = computed.integers(0, 1000, 3)
    for _ in range(2):  # a miss, then a hit: the same draws, the generator moved on alike
        rng = np.random.default_rng(8)
        assert repeat(hip_town_sampling.wait_for_rating_zero, rng, 50, content) == expected
        np.testing.assert_array_equal(rng.integers(0, 1000, 3), after)

def bar_figure(title: str) -> Figure:
    """A small figure, built afresh each time (not through pyplot)."""
    figure = Figure(figsize=(3, 2))
    FigureCanvasAgg(figure)
    ax = figure.subplots()
    ax.bar(["a", "b", "c"], [1, 3, 2], label="counts")
    ax.set_title(title)
    ax.legend()
    return figure


def drawn(figure: Figure) -> bytes:
    """The PNG matplotlib draws for ``figure``, as the inline backend asks for it."""
    buffer = io.BytesIO()
    figures._DRAW(figure.canvas, buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


@pytest.fixture
def kept_pictures(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Pictures read from the cache for this test only; the titles of those drawn."""
    titles: list[str] = []

    def draw(canvas: FigureCanvasBase, *args: Any, **options: Any) -> Any:
        titles.append(canvas.figure.axes[0].get_title())
        return drawn_with(canvas, *args, **options)

    drawn_with = figures._DRAW
    monkeypatch.setattr(figures, "_DRAW", draw)
    monkeypatch.setattr(FigureCanvasBase, "print_figure", figures._print_figure)
    return titles


def test_a_kept_picture_equals_the_drawn_one(kept_pictures: list[str]) -> None:
    expected = drawn(bar_figure("sevens"))
    pictures = []
    for _ in range(2):  # two kernels building the same figure: drawn once, then read
        buffer = io.BytesIO()
        bar_figure("sevens").canvas.print_figure(buffer, format="png", bbox_inches="tight")
        pictures.append(buffer.getvalue())
    assert pictures == [expected, expected]
    assert kept_pictures == ["sevens", "sevens"]  # the expected one, then the one miss


def test_a_changed_figure_misses_the_kept_pictures(kept_pictures: list[str]) -> None:
    options = {"format": "png", "bbox_inches": "tight"}
    assert figures.figure_key(bar_figure("sevens"), options) == figures.figure_key(
        bar_figure("sevens"), options)
    assert figures.figure_key(bar_figure("eights"), options) != figures.figure_key(
        bar_figure("sevens"), options)
    assert figures.figure_key(bar_figure("sevens"), {**options, "dpi": 50}) != figures.figure_key(
        bar_figure("sevens"), options)


def test_a_picture_saved_as_a_file_equals_the_drawn_one(kept_pictures: list[str],
                                                          tmp_path: Path) -> None:
    expected = io.BytesIO()
    figures._DRAW(bar_figure("sevens").canvas, expected, format="png", dpi=90)
    for _ in range(2):
        bar_figure("sevens").savefig(tmp_path / "sevens.png", dpi=90)
        assert (tmp_path / "sevens.png").read_bytes() == expected.getvalue()
    assert kept_pictures == ["sevens", "sevens"]


def test_cached_walks_and_waits_along_a_chain_equal_the_computed_ones() -> None:
    from fractions import Fraction

    from tabletop.odds import MarkovChain, dice, ring_chain
    from widgets.lessons import hitting_times, walk_chain

    ring = ring_chain(10, dice("2d6"))
    trap = MarkovChain(["trying", "done"], [[Fraction(2, 3), Fraction(1, 3)], [0, 1]])
    computed = np.random.default_rng(4)
    expected = [walk_chain.uncached(ring, computed, 500, 12),
                hitting_times.uncached(trap, computed, 500, "trying"), computed.random(3)]
    for _ in range(2):  # a miss, then a hit: the same draws, the generator moved on alike
        rng = np.random.default_rng(4)
        got = [walk_chain(ring, rng, 500, 12), hitting_times(trap, rng, 500, "trying"),
               rng.random(3)]
        for mine, theirs in zip(got, expected, strict=True):
            np.testing.assert_array_equal(mine, theirs)


def test_cached_exact_systems_and_house_finals_equal_the_computed_ones() -> None:
    from tabletop.games.hitchiker import deck
    from tabletop.odds import OddsError, dice, ring_chain
    from tabletop.odds.linalg import solve

    ring = ring_chain(12, dice("2d6"))
    n = len(ring.states)
    a = [[ring.matrix[j][i] - (1 if i == j else 0) for j in range(n)] for i in range(n)]
    a[-1] = [1] * n
    b = [[0]] * (n - 1) + [[1]]
    expected = solve.uncached(a, b, singular="none")
    finals = deck.house_finals_from_deck.uncached(6, (10, 7))
    for _ in range(2):  # a miss, then a hit
        assert solve(a, b, singular="none") == expected
        assert deck.house_finals_from_deck(6, (10, 7)) == finals
    for _ in range(2):  # a system without an inverse raises, cached or not
        with pytest.raises(OddsError, match="flat"):
            solve([[1, 1], [1, 1]], [[0], [1]], singular="flat")


def test_cached_counts_of_dice_sums_equal_the_computed_ones() -> None:
    from tabletop.odds import sum_counts

    computed = sum_counts.uncached(50_000, seed=3, dice=3)
    for _ in range(2):  # a miss, then a hit
        np.testing.assert_array_equal(sum_counts(50_000, seed=3, dice=3), computed)
    assert sum_counts(50_000, seed=4, dice=3).tolist() != computed.tolist()


@cached
def first_of(values: Any, seed: int) -> int:
    """The first of ``values`` (a generator: it cannot be hashed) plus a seeded die."""
    CALLS.append(seed)
    return next(iter(values)) + int(np.random.default_rng(seed).integers(1, 7))


def test_an_argument_that_cannot_be_hashed_is_computed_every_time() -> None:
    throw = first_of.uncached(iter([10]), 5)
    CALLS.clear()
    assert first_of((v for v in [10]), 5) == first_of((v for v in [10]), 5) == throw
    assert CALLS == [5, 5]


@cached
def drawn_rule(rng: np.random.Generator) -> Any:
    """A rule built from one seeded draw: a closure (it cannot be pickled), counting calls."""
    CALLS.append("rule")
    threshold = int(rng.integers(1, 7))
    return lambda face: face >= threshold


def test_a_result_that_cannot_be_pickled_is_computed_from_the_same_generator_state() -> None:
    computed = np.random.default_rng(2)
    rule = drawn_rule.uncached(computed)
    expected = [rule(k) for k in range(1, 7)], computed.random()
    for _ in range(2):
        rng = np.random.default_rng(2)
        rule = drawn_rule(rng)
        assert ([rule(k) for k in range(1, 7)], rng.random()) == expected
    assert len(CALLS) == 1 + 2 * 2  # the uncached call; each call tries once, then computes


NAMED: list[tuple[str, int]] = []


@cached
def named_game_total(name: str, seed: int) -> int:
    """A seeded die keyed on a game's name, counting its calls in :data:`NAMED` (a global
    this module's cached functions do not read: what they read keys them)."""
    NAMED.append((name, seed))
    return int(np.random.default_rng(seed).integers(1, 7))


def test_a_call_names_the_games_its_arguments_reach() -> None:
    assert cache.games_named(cache.value_key(hitchiker_odds.corpus_risky_death)) == {"hitchiker"}
    assert cache.games_named(("rush", {"bots": ["widgets.pitch.app"]})) == {"rush", "pitch"}
    assert cache.games_named((kit_content(), 3)) == {"hitchiker"}  # a content, by its class
    sharks = kit_content().shark_attack

    def attacks(rng, n):  # a notebook's function: named by the modules it reads
        return np.isin(roll_sums(rng, n), sorted(sharks)) & (smokers_wild_odds.p_total(7) > 0)

    assert cache.games_named(cache.value_key(attacks)) == {"smokers_wild"}
    assert cache.games_named((np.random.default_rng(1), 3, "a pitch of 3")) == set()
    assert cache.games_named(("widgets.primer", "primer")) == {cache.PRIMER, "smokers_wild"}
    assert cache.games_in_module("widgets.primer") == {"smokers_wild"}  # new_game("smokers_wild")
    assert cache.games_in_module("tabletop.paired") == set()  # it plays the game it is given


def test_a_changed_game_misses_its_own_results_and_keeps_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kit = kit_content()
    NAMED.clear()
    deadly_share(kit, 1), named_game_total("rush", 1)
    before = cache.game_fingerprint
    monkeypatch.setattr(cache, "game_fingerprint",
                        lambda game: before(game) + ("changed" if game == "rush" else ""))
    deadly_share(kit, 1), named_game_total("rush", 1)
    assert ([(kit.shark_attack, 1)], [("rush", 1), ("rush", 1)]) == (CALLS, NAMED)


def test_a_file_of_one_game_changes_that_games_fingerprint_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for folder in ("tabletop/games/ann", "tabletop/games/bob", "widgets/bob", "tabletop/core"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text(f"# {folder}\n")
    monkeypatch.setattr(cache, "ROOT", tmp_path)
    monkeypatch.setattr(cache, "PACKAGE", tmp_path / "tabletop")
    monkeypatch.setattr(cache, "GAME_FOLDERS", (tmp_path / "tabletop/games", tmp_path / "widgets"))
    monkeypatch.setattr(cache, "GAMES", frozenset({"ann", "bob"}))

    def fingerprints() -> tuple[str, str, str]:
        cache.code_fingerprint.cache_clear(), cache.game_fingerprint.cache_clear()
        return (cache.code_fingerprint(), cache.game_fingerprint("ann"),
                cache.game_fingerprint("bob"))

    shared, ann, bob = fingerprints()
    (tmp_path / "widgets/bob/view.py").write_text("X = 1\n")
    assert fingerprints() == (shared, ann, fingerprints()[2]) and fingerprints()[2] != bob
    (tmp_path / "tabletop/core/rules.py").write_text("Y = 2\n")
    assert fingerprints()[0] != shared and fingerprints()[1] == ann
    cache.code_fingerprint.cache_clear(), cache.game_fingerprint.cache_clear()
