"""The shared checks of ``arrange(...)`` values (tabletop/core/staging.py)."""

from __future__ import annotations

import pytest

from tabletop import IllegalAction
from tabletop.core.ledger import Ledger
from tabletop.core.staging import by_player, card_list, card_lists, set_balance, whole_number

PLAYERS = ["Ann", "Bob", "Cy"]


def test_a_table_by_player_is_returned_as_given() -> None:
    value = {"Bob": 3, "Ann": 0}
    assert by_player(value, PLAYERS, "score") is value


@pytest.mark.parametrize(("value", "kwargs", "message"), [
    ([3], {}, r"score should be a table keyed by player names, e\.g\. \{'Ann': \.\.\.\}; "
              r"not \[3\]"),
    ({}, {"example": "{'Ann': 24}"}, r"e\.g\. \{'Ann': 24\}; not \{\}"),
    ({"Zed": 3}, {}, "score: 'Zed' is not a player here; the players are Ann, Bob, Cy"),
    ({"Ann": 1, "Cy": 2}, {"unavailable": {"Cy": "has reached GONE"}},
     "score: Cy has reached GONE"),
])
def test_a_bad_table_by_player_is_explained(value, kwargs, message) -> None:
    with pytest.raises(IllegalAction, match=message):
        by_player(value, PLAYERS, "score", **kwargs)


def test_a_whole_number_within_its_limits_is_returned() -> None:
    assert whole_number(0, "Ann's money") == 0
    assert whole_number(-7, "Ann's score", None) == -7
    assert whole_number(27, "Ann's position", 0, 27) == 27


@pytest.mark.parametrize(("value", "limits", "message"), [
    (-5, (0, None), "Ann's number should be a whole number, 0 or more, not -5"),
    (28, (0, 27), "Ann's number should be a whole number from 0 to 27, not 28"),
    (3, (None, 2), "Ann's number should be a whole number, 2 or less, not 3"),
    ("lots", (None, None), "Ann's number should be a whole number, not 'lots'"),
    (True, (None, None), "Ann's number should be a whole number, not True"),
    (2.0, (0, None), r"Ann's number should be a whole number, 0 or more, not 2\.0"),
])
def test_a_number_that_is_not_whole_or_out_of_limits_is_explained(value, limits, message) -> None:
    with pytest.raises(IllegalAction, match=message):
        whole_number(value, "Ann's number", *limits)


def test_card_lists_give_each_card_to_one_player() -> None:
    known = ["LURK", "SLAYEM", "KAMEL"]
    value = {"Ann": ["LURK"], "Bob": ["SLAYEM", "KAMEL"], "Cy": []}
    assert card_lists(value, "brands", known) is value
    assert card_list(["KAMEL", "LURK"], "pile", known, size=2) == ["KAMEL", "LURK"]


@pytest.mark.parametrize(("value", "kwargs", "message"), [
    ({"Ann": "LURK"}, {}, "Ann's brands should be a list of cards, not 'LURK'"),
    ({"Ann": ["LURK"]}, {"size": 2}, r"Ann's brands should be a list of 2 cards, not \['LURK'\]"),
    ({"Ann": ["MARLBORO"]}, {},
     "Ann's brands: there is no card 'MARLBORO'; the cards are LURK, SLAYEM, KAMEL"),
    ({"Ann": ["lurk"]}, {"spelling": "write brands in capitals"},
     "there is no card 'lurk'; write brands in capitals"),
    ({"Ann": [["LURK"]]}, {}, r"there is no card \['LURK'\]"),
    ({"Ann": ["LURK", "LURK"]}, {}, "Ann's brands: LURK is named twice; name each card once"),
    ({"Ann": ["LURK"], "Bob": ["KAMEL", "LURK"]}, {}, "brands: LURK is given to Ann and to Bob"),
])
def test_a_bad_card_list_is_explained(value, kwargs, message) -> None:
    with pytest.raises(IllegalAction, match=message):
        card_lists(value, "brands", ["LURK", "SLAYEM", "KAMEL"], **kwargs)


def test_a_staged_balance_moves_money_from_or_to_the_supply() -> None:
    ledger = Ledger(["Ann"], supplies=["company"])
    set_balance(ledger, "Ann", 230, "company")
    assert (ledger["Ann"], ledger["company"]) == (230, -230)
    set_balance(ledger, "Ann", 30, "company")
    assert (ledger["Ann"], ledger["company"]) == (30, -30)
    assert ledger.total() == 0
