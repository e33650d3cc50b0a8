"""Landing tables of the three loop boards."""

from fractions import Fraction

import numpy as np
import pytest

from tabletop.odds.boards import (
    GAMES_DIR,
    smokers_wild_landing,
)

COLUMNS = ["space", "name", "kind", "probability", "p", "vs_uniform"]


def check_table(table, n_states):
    assert list(table.columns) == COLUMNS
    assert len(table) == n_states
    assert sum(table.probability) == 1
    assert np.allclose(table.p, [float(p) for p in table.probability])


@pytest.mark.skipif(
    not (GAMES_DIR / "smokers_wild" / "content.toml").exists(),
    reason="Smokers Wild's content file is not there yet",
)
def test_smokers_wild_uniform_without_cards_bent_with_them():
    plain = smokers_wild_landing(with_puff_cards=False)
    check_table(plain, 28)
    assert set(plain.probability) == {Fraction(1, 28)}
    bent = smokers_wild_landing()
    check_table(bent, 28)
    assert bent[bent.kind == "puff"].p.max() < 1 / 28
