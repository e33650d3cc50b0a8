"""The primer's §6 choice played out (tabletop/games/pitch/jack_choice.py): the switched bot
names the Jack's suit by leading its Jack, and a deal records both futures."""

from __future__ import annotations

import random

from tabletop.games.pitch.bots import best_suit
from tabletop.games.pitch.jack_choice import (
    JackSuitBot,
    higher_missing,
    holds_jack_choice,
    jack_deal,
    opener_with_jack_choice,
)
from tabletop.games.pitch.sampling import fixed

HAND = ["AS", "KS", "10S", "2S", "JH", "3D"]  # spades are the best suit; one Jack, of hearts


def test_a_jack_outside_the_best_suit_is_a_choice() -> None:
    assert best_suit(HAND)[0] == "S"
    assert holds_jack_choice(HAND)
    assert higher_missing(HAND) == 3
    assert not holds_jack_choice(["JS", "AS", "KS", "2S", "5D", "3D"])  # the best suit's Jack
    assert not holds_jack_choice(["JS", "JH", "KS", "2S", "5D", "3D"])  # two Jacks


def test_the_switched_pitcher_leads_the_jack_and_otherwise_plays_as_the_bot() -> None:
    view = {"trump": None, "pitcher": "Ann", "you": "Ann", "hand": HAND}
    assert JackSuitBot().lead(view, HAND) == "JH"
    later = {"trump": "H", "pitcher": "Ann", "you": "Ann", "hand": HAND[:4]}
    assert JackSuitBot().lead(later, HAND[:4]) == "AS"  # no trump left: as the bot would


def test_openers_with_the_choice_are_drawn() -> None:
    rng = random.Random(3)
    for _ in range(5):
        assert holds_jack_choice(opener_with_jack_choice(rng))


def test_a_deal_plays_both_futures_when_ann_pitches() -> None:
    record = jack_deal(fixed(HAND), seed=5, deal=0)
    assert record.missing == 3
    if record.pitched:
        assert set(record.cents) == set(record.took_jack) == {"best suit", "Jack's suit"}
        assert record.took_jack["best suit"] is False  # she holds no Jack of spades
