"""The generic board tools: where a token settles when a space moves it on; long-run tables."""

from fractions import Fraction

from tabletop.odds import Dist, chain_from_step, dice
from tabletop.odds.landing import landing_table, mix, settling


def test_mix_weights_each_part() -> None:
    even = Dist.from_weights({"a": 1, "b": 1})
    mixed = mix([(Fraction(1, 4), Dist.certain("a")), (Fraction(3, 4), even)])
    assert mixed == Dist({"a": Fraction(5, 8), "b": Fraction(3, 8)})


def test_settling_follows_chains_of_moves_that_loop() -> None:
    # On a 4-space loop, space 1 sends the token to 2 or back to itself half the time,
    # and space 2 sends it on to 3: everything arriving on 1 rests on 1 or 3.
    effect = {1: Dist.from_weights({1: 1, 2: 1}), 2: Dist.certain(3)}
    settle = settling([0, 1, 2, 3], effect.get)
    assert settle(Dist.certain(1)) == Dist({1: Fraction(1, 2), 3: Fraction(1, 2)})
    assert settle(Dist.certain(2)) == Dist.certain(3)
    assert settle(Dist.certain(0)) == Dist.certain(0)


def test_landing_table_of_a_loop_with_a_teleport() -> None:
    settle = settling(list(range(6)), {5: Dist.certain(0)}.get)
    def step(space: int) -> Dist:
        return settle(dice("1d6").map(lambda k: (space + k) % 6))

    chain = chain_from_step(list(range(6)), step)
    table = landing_table(chain, [(f"space {k}", "plain") for k in range(6)])
    assert table.loc[5, "probability"] == 0
    assert table.loc[0, "probability"] == Fraction(1, 3)
    assert sum(table.probability) == 1
    assert table.loc[0, "vs_uniform"] == 2.0
