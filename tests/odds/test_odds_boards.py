"""Landing tables of the loop boards (Smokers Wild's: tests/games/test_smokers_wild.py)."""


import numpy as np
import pytest

from tabletop.odds.boards import hitchiker_landing

COLUMNS = ["space", "name", "kind", "probability", "p", "vs_uniform"]


def check_table(table, n_states):
    assert list(table.columns) == COLUMNS
    assert len(table) == n_states
    assert sum(table.probability) == 1
    assert np.allclose(table.p, [float(p) for p in table.probability])


def test_hitchiker_remindya_holds_the_token_twice_as_long():
    table = hitchiker_landing()
    check_table(table, 42)
    remindya = table[table.kind == "remindya"].iloc[0]
    assert remindya.vs_uniform == pytest.approx(1.95, abs=0.01)
    fast = hitchiker_landing(exact=False)
    assert np.allclose(fast.p, table.p)

