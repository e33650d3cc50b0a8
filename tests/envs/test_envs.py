"""Every game as a PettingZoo and an OpenSpiel environment passes those libraries' own
tests (the optional ``[rl]`` extra; skipped without it)."""

from __future__ import annotations

import gc
import pickle
import subprocess
import sys

import pytest

import tabletop
from tabletop.core.registry import game_class


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from tabletop.envs import pettingzoo_env

    api_test(pettingzoo_env(name), num_cycles=1000)
    seed_test(lambda: pettingzoo_env(name), num_cycles=500)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_pettingzoo_render_test(name: str) -> None:
    """(PettingZoo's bombardment_test is left out: it expects ``step`` to return the
    observation, which the AEC API no longer does.)"""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import render_test

    from tabletop.envs import pettingzoo_env

    render_test(lambda render_mode=None: pettingzoo_env(name, render_mode=render_mode))


def test_pettingzoo_performance_benchmark_runs() -> None:
    """PettingZoo's own benchmark (five seconds of play, printed) runs through a game."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import performance_benchmark

    from tabletop.envs import pettingzoo_env

    performance_benchmark(pettingzoo_env("pitch"))


def test_a_pettingzoo_game_ends_with_the_winners_rewarded() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from tabletop.envs import pettingzoo_env

    env = pettingzoo_env("pitch", players=["Ann", "Bob", "Cy"])
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert env.game.is_over
    assert {p for p, r in returns.items() if r == 1.0} == set(env.game.result.winners)


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_openspiel_random_simulations(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop.envs import openspiel_game

    pyspiel.random_sim_test(openspiel_game(name, players=3), num_sims=1, serialize=True,
                            verbose=False)


def test_openspiel_chance_nodes_carry_the_kit_chances() -> None:
    pytest.importorskip("pyspiel")
    from tabletop.envs import openspiel_game

    state = openspiel_game("smokers_wild", players=2).new_initial_state()
    while not state.is_chance_node():  # the auctions of the occupations come first
        state.apply_action(state.legal_actions()[0])
    assert "card 1 of a shuffle of 24" in str(state)  # HAV' A PUFF, shuffled card by card
    assert state.chance_outcomes() == [(k, 1 / 24) for k in range(24)]
    while not (state.is_chance_node() and "6-sided die" in str(state)):
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    assert state.clone().chance_outcomes() == state.chance_outcomes()


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_openspiel_observations_are_the_pettingzoo_numbers(name: str) -> None:
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game
    from tabletop.envs.spaces import Observer

    game = openspiel_game(name, players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node():  # outcomes at random: always the first may tie for ever
        state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
    player = state.current_player()
    tensor = np.array(state.observation_tensor(player))
    assert tensor.shape == (game.observation_tensor_size(),)
    kit = state._live().game
    observe = Observer(name, kit.players)
    assert np.allclose(tensor, observe(kit.view(kit.players[player])))
    assert kit.players[player] in state.observation_string(player)


def test_importing_the_kit_imports_no_learning_library() -> None:
    code = ("import sys, tabletop, tabletop.bots, tabletop.sim\n"
            "from tabletop.core.play import play_to_end\n"
            "for name in tabletop.GAMES: tabletop.new_game(name)\n"
            "bad = {'pettingzoo', 'gymnasium', 'pyspiel', 'greenlet', 'tabletop.envs'}\n"
            "assert not bad & set(sys.modules), bad & set(sys.modules)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def random_step(state, rng) -> None:
    """One step of a random playout: a chance outcome or a legal action."""
    if state.is_chance_node():
        state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_openspiel_games_sim_test_with_pickling(name: str) -> None:
    """OpenSpiel's own games_sim_test.sim_game: pickled and serialized games and states,
    clones checked at every decision."""
    pytest.importorskip("pyspiel")
    from open_spiel.python.tests import games_sim_test

    from tabletop.envs import openspiel_game

    game = openspiel_game(name, players=3)
    games_sim_test.GamesSimTest().sim_game(game)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_openspiel_games_load_and_unpickle_in_a_new_process() -> None:
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game

    state = openspiel_game("smokers_wild", players=2).new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(40):
        random_step(state, rng)
    code = ("import pickle, sys, pyspiel, tabletop.envs\n"
            "for name in tabletop.GAMES: pyspiel.load_game(f'tabletop_{name}')\n"
            "state = pickle.loads(sys.stdin.buffer.read())\n"
            "print(state.history(), str(state), sep='\\n')\n")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                         capture_output=True, check=True).stdout.decode().splitlines()
    assert out == [str(state.history()), str(state)]


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_openspiel_player_range_is_the_games_own(name: str) -> None:
    """The range declared is the one the game starts with (Pitch's edition seats eight)."""
    pytest.importorskip("pyspiel")
    from tabletop.core.errors import OptionError
    from tabletop.envs import openspiel_game

    kind = openspiel_game(name, players=2).get_type()
    cls = game_class(name)
    cls(kind.max_num_players)
    with pytest.raises(OptionError):
        cls(kind.max_num_players + 1)
    assert kind.min_num_players == cls.min_players
    assert openspiel_game(name, players=kind.max_num_players).num_players() == \
        kind.max_num_players
    with pytest.raises(OptionError, match="players"):
        openspiel_game(name, players=kind.max_num_players + 1)


def test_pitch_seats_two_to_eight_in_openspiel() -> None:
    pytest.importorskip("pyspiel")
    from tabletop.envs import openspiel_game

    kind = openspiel_game("pitch", players=3).get_type()
    assert (kind.min_num_players, kind.max_num_players) == (2, 8)


def test_openspiel_observers_provided_and_not() -> None:
    """The observation and the information state are provided (string), as the game type
    says; an observation of every player's private cards is not (None)."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

    from tabletop.envs import openspiel_game

    game = openspiel_game("pitch", players=3)
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert not kind.provides_information_state_tensor
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    assert info.tensor is None
    assert make_observation(game).tensor.shape == (game.observation_tensor_size(),)
    everyone = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    assert make_observation(game, everyone) is None


def test_openspiel_information_state_recalls_each_own_action() -> None:
    """Perfect recall: two different actions of a player leave them different information
    states, even where their observation is the same again."""
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game

    state = openspiel_game("smokers_wild", players=3).new_initial_state()
    rng = np.random.default_rng(2)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        random_step(state, rng)
    player = state.current_player()
    first, second = state.child(state.legal_actions()[0]), state.child(state.legal_actions()[1])
    assert first.information_state_string(player) != second.information_state_string(player)
    while not (first.is_terminal() or second.is_terminal()):  # and they never forget it
        if first.observation_string(player) == second.observation_string(player):
            break
        first, second = first.child(first.legal_actions()[0]), \
            second.child(second.legal_actions()[0])
    assert first.information_state_string(player) != second.information_state_string(player)


def dealt(outcomes_before: int, deck: list[str]):
    """A Pitch state for three players, at the first bid, with ``deck`` shuffled."""
    from tabletop.envs import openspiel_game
    from tabletop.games.pitch.tricks import DECK

    state = openspiel_game("pitch", players=3).new_initial_state()
    for _ in range(outcomes_before):
        state.apply_action(0)
    rest = list(DECK)
    for card in deck:  # only the cards dealt are drawn: three hands of six
        if not (state.is_chance_node() and "shuffle of 52" in str(state)):
            break
        state.apply_action(rest.index(card))
        rest.remove(card)
    assert len(rest) == len(DECK) - 3 * 6
    while state.is_chance_node():
        state.apply_action(0)
    return state


def test_openspiel_observations_hold_own_cards_never_others() -> None:
    """Two Pitch deals differing only in Player 3's hand: Players 1 and 2 observe the same
    (text, numbers, information state); Player 3 does not. A different own hand changes
    Player 1's own observation."""
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.games.pitch.tricks import DECK

    state = openspiel_game_first_shuffle()
    before = len(state.history())
    deck = list(DECK)
    base = dealt(before, deck)
    hands = base._live().game.hands
    stock = [c for c in DECK if not any(c in held for held in hands.values())]

    def swapped(player: str) -> object:
        other = list(deck)
        a, b = other.index(hands[player][0]), other.index(stock[0])
        other[a], other[b] = other[b], other[a]
        return dealt(before, other)

    theirs, mine = swapped("Player 3"), swapped("Player 1")
    assert theirs._live().game.hands["Player 3"] != hands["Player 3"]
    for p, name in enumerate(["Player 1", "Player 2"]):
        assert theirs._live().game.hands[name] == hands[name]
        assert theirs.observation_string(p) == base.observation_string(p)
        assert np.array_equal(theirs.observation_tensor(p), base.observation_tensor(p))
        assert theirs.information_state_string(p) == base.information_state_string(p)
    assert theirs.observation_string(2) != base.observation_string(2)
    assert not np.array_equal(theirs.observation_tensor(2), base.observation_tensor(2))
    assert mine.observation_string(0) != base.observation_string(0)
    assert not np.array_equal(mine.observation_tensor(0), base.observation_tensor(0))
    assert mine.information_state_string(0) != base.information_state_string(0)


def openspiel_game_first_shuffle():
    """A Pitch state at the first card of the first shuffle (outcome 0 before it)."""
    from tabletop.envs import openspiel_game

    state = openspiel_game("pitch", players=3).new_initial_state()
    while "shuffle of 52" not in str(state):
        state.apply_action(0)
    return state


@pytest.mark.parametrize(("name", "stage", "one", "other"), [
    ("smokers_wild", "puff_hands", ["Jogging #1", "Audit #1"],
     ["Billboard #1", "Lung removed #1"]),
    ("hip_town", "hands", ["Dive Bar 4", "Tech Incubator 1", "Sneaker Shop 2"],
     ["Bakery 3", "Wine Bar 1", "Rooftop Grill 1"]),
    ("rush", "cards", ["Lawyer", "Antidote"], ["Get out of Jail", "Pickpocket"]),
    ("pitch", "hands", ["KH", "3H", "10S", "KS", "AH", "KD"],
     ["10C", "6S", "9D", "2H", "2C", "5H"]),
])
def test_observation_numbers_hold_own_cards_never_others(name: str, stage: str,
                                                         one: list[str],
                                                         other: list[str]) -> None:
    """The numbers (PettingZoo and OpenSpiel) and the text of a view: Player 2 holding
    other cards (as many) changes nothing for Player 1; Player 1's own hand does."""
    pytest.importorskip("numpy")
    import numpy as np

    from tabletop.envs.spaces import Observer
    from tabletop.envs.spiel import view_text

    def observed(hands: dict[str, list[str]], player: str) -> tuple[np.ndarray, str]:
        game = tabletop.new_game(name, players=3, seed=4)
        game.arrange(**{stage: hands})
        view = game.view(player)
        return Observer(name, game.players)(view), view_text(view)

    base = observed({"Player 2": one}, "Player 1")
    theirs = observed({"Player 2": other}, "Player 1")
    assert np.array_equal(base[0], theirs[0]) and base[1] == theirs[1]
    mine = observed({"Player 1": one}, "Player 1"), observed({"Player 1": other}, "Player 1")
    assert not np.array_equal(mine[0][0], mine[1][0]) and mine[0][1] != mine[1][1]


def test_openspiel_games_played_and_abandoned_are_freed() -> None:
    """1,000 games of Pitch played through OpenSpiel (every tenth abandoned midway, each
    with a clone left behind) leave no game behind: the live objects stay bounded."""
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game
    from tabletop.envs.spiel import Running

    game = openspiel_game("pitch", players=2)
    rng = np.random.default_rng(0)

    def live() -> int:
        gc.collect()
        return sum(isinstance(o, Running | tabletop.Game) for o in gc.get_objects())

    counts = []
    for k in range(1000):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and not (k % 10 == 0 and steps == 60):
            random_step(state, rng)
            steps += 1
            if steps == 30:
                kept = state.clone()
                random_step(kept, rng)
        if k % 250 == 0 or k == 999:
            counts.append(live())
    assert max(counts) <= counts[0] + 2, counts
    del state, kept
    assert live() <= counts[0], counts


def test_openspiel_a_copy_whose_game_moved_on_answers_without_replaying() -> None:
    """Who acts, the legal actions, the chance outcomes and the returns of a point of the
    history are written there once: a state whose game a clone took on still answers them
    without running a game, and runs one (replaying its history) only to move on."""
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game, spiel

    made = []

    class Counted(spiel.Running):
        __slots__ = ()

        def __init__(self, *args: object) -> None:
            made.append(1)
            super().__init__(*args)

    state = openspiel_game("pitch", players=3).new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(40):
        random_step(state, rng)
    asked = (state.current_player(), state.legal_actions(), state.chance_outcomes())
    search = state.clone()
    for _ in range(5):
        random_step(search, rng)  # the clone takes the game on
    spiel.Running, original = Counted, spiel.Running
    try:
        assert (state.current_player(), state.legal_actions(), state.chance_outcomes()) == asked
        assert state.clone().is_terminal() is False and not made
        random_step(state, rng)
        state.current_player()
        assert len(made) == 1
    finally:
        spiel.Running = original


def test_openspiel_a_copy_going_its_own_way_late_in_a_long_history_replays_only_since_a_turn(
) -> None:
    """A search late in a long game (clones of a state each taking a few steps, then the
    state moving on, as MCTS does) never replays the history from the start: every game
    run for it resumes from a checkpoint where a recent turn began and is fed only the
    steps since (counted, not timed); a searched line's are the steps of one turn."""
    pytest.importorskip("pyspiel")
    import numpy as np

    from tabletop.envs import openspiel_game, spiel

    state = openspiel_game("hitchiker", players=3).new_initial_state()
    rng = np.random.default_rng(6)
    while len(state.history()) < 3000:
        random_step(state, rng)
    fed: list[int] = []

    def counted(begin, actions, feed, box, marks) -> None:
        fed.append(len(feed))
        original(begin, actions, feed, box, marks)

    spiel._run, original = counted, spiel._run
    try:
        searches = []
        for _ in range(6):  # six moves of a search, the state moving on after each
            fed.clear()
            for _ in range(4):
                search = state.clone()
                for _ in range(5):
                    if not search.is_terminal():
                        random_step(search, rng)
            for _ in range(8):
                random_step(state, rng)
            state.current_player()
            searches.append(list(fed))
    finally:
        spiel._run = original
    history = len(state.history())
    assert all(searches) and max(map(max, searches)) <= spiel.SPACING + 40 < history // 5, (
        searches)
    assert max(map(max, searches[1:])) <= 40, searches  # once searched, a turn at most
