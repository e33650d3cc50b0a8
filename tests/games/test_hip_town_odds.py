"""Hip Town's exact odds (tabletop/games/hip_town/odds.py), each checked a second way: by
counting, by a seeded simulation, or against the game itself."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

import tabletop
from tabletop.core.content import game_content
from tabletop.games.hip_town import odds
from tabletop.games.hip_town.content import build
from tabletop.odds import check, estimate, estimate_mean

C = game_content("hip_town", build)


def test_the_faces_of_the_die():
    assert {f: odds.face_chance(C, f) for f in set(C.faces)} == {
        "property": Fraction(3, 8), "coins": Fraction(1, 4), "reality": Fraction(1, 4),
        "choice": Fraction(1, 8)}
    assert dict(odds.faces(C, "coins")) == {"property": Fraction(3, 8), "coins": Fraction(3, 8),
                                      "reality": Fraction(1, 4)}
    assert tabletop.new_game("hip_town").view()["die"]["chances"] == dict(odds.faces(C))


def test_coins_per_roll_and_the_chance_of_a_property():
    assert odds.coins_per_roll(C).mean() == Fraction(15, 8)           # Choice taken as coins
    assert odds.coins_per_roll(C, "property").mean() == Fraction(5, 4)
    assert odds.property_chance(C) == Fraction(1, 2)
    assert odds.property_chance(C, "coins") == Fraction(3, 8)


def test_a_rating_zero_card_in_the_opening_hand():
    exact = odds.opening_start(C)
    assert exact == 1 - Fraction(comb(84, 3), comb(108, 3))
    assert odds.hand_holds(C, 0)[3] == Fraction(comb(24, 3), comb(108, 3))

    def dealt(rng: np.random.Generator, n: int) -> np.ndarray:
        hands = rng.random((n, 108)).argsort(axis=1)[:, :3]
        return (hands < 24).any(axis=1)  # cards 0..23 stand for the 24 of rating 0

    assert check(exact, estimate(dealt, 20_000, seed=1))
    games = [tabletop.new_game("hip_town", seed=s) for s in range(300)]
    share = sum(any(C.property[c].rating == 0 for c in g.hands[g.players[0]])
                for g in games) / 300
    assert abs(share - float(exact)) < 0.1


def test_expected_turns_to_a_first_business_without_a_rating_zero_card():
    p = odds.new_card_chance(C)
    assert p == Fraction(1, 2) + Fraction(1, 4) * Fraction(8, 54)
    exact = odds.turns_to_first_business(C)
    assert exact == 1 / (p * Fraction(24, 105))
    reality_gives = sum(c.effect in ("draw", "buy_top") for c in C.reality.values())

    def wait(rng: np.random.Generator) -> int:
        turns = 1
        while True:
            face = C.faces[rng.integers(8)]
            new_card = face in ("property", "choice") or (
                face == "reality" and rng.integers(54) < reality_gives)
            if new_card and rng.integers(105) < 24:
                return turns
            turns += 1

    assert check(exact, estimate_mean(wait, 20_000, seed=2))


def test_the_share_of_cards_one_could_build():
    assert odds.buildable_share(C, ["Laundromat 1", "Taco Stand 1", "Bakery 1"], 1) == (
        Fraction(2, 3))
    assert odds.buildable_share(C, [], 0) == 0
    assert len(odds.buildable(C, 9)) == 108
