"""Every game as a PettingZoo and an OpenSpiel environment passes those libraries' own
tests (the optional ``[rl]`` extra; skipped without it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tabletop


@pytest.mark.parametrize("name", tabletop.GAMES)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from tabletop.envs import pettingzoo_env

    api_test(pettingzoo_env(name), num_cycles=1000)
    seed_test(lambda: pettingzoo_env(name), num_cycles=500)


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

    pyspiel.random_sim_test(openspiel_game(name, players=3), num_sims=2, serialize=True,
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
