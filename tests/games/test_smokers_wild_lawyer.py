"""The primer's DOCTOR-or-LAWYER study (tabletop/games/smokers_wild/lawyer.py): the switched
bot leaves the one occupation alone, and the fees an owner collects are counted."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.core.play import play_to_end
from tabletop.core.registry import new_game
from tabletop.games.smokers_wild.lawyer import OccupationBot, fees_collected
from widgets.smokers_wild.lessons import table_for


def test_occupation_bot_never_bids_for_the_occupation_it_leaves() -> None:
    for seed in range(5):
        game = new_game("smokers_wild", players=3, seed=seed)
        bots = {p: make_bot("smokers_wild", "heuristic", seed * 10 + k)
                for k, p in enumerate(game.players)}
        me = game.players[0]
        bots[me] = OccupationBot(seed, take="DOCTOR", leave="LAWYER")
        play_to_end(game, bots)
        mine = [e.data["lot"] for e in game.events if e.kind == "bid" and e.player == me]
        assert "LAWYER" not in mine


def test_fees_collected_counts_a_landing_on_the_owned_doctor() -> None:
    game = table_for(dice=[1, 3], owners={"DOCTOR": "Bob"})  # Ann throws 4: the DOCTOR
    game.apply("roll")
    assert fees_collected(game, "Bob") == 50  # a non-smoker's fee
    assert fees_collected(game, "Bob", ("LAWYER",)) == 0
    assert fees_collected(game, "Ann") == 0


def test_the_replayed_games_are_the_paired_studys_games() -> None:
    from functools import partial

    from tabletop.games.smokers_wild.lawyer import ownership_games
    from tabletop.paired import paired_study

    games = 4
    rows = ownership_games(games, seed=11)
    study = paired_study("smokers_wild",
                         switched=partial(OccupationBot, take="DOCTOR", leave="LAWYER"),
                         baseline=partial(OccupationBot, take="LAWYER", leave="DOCTOR"),
                         games=games, seed=11, metric=fees_collected, workers=0, progress=False)
    for arm, estimate in (("LAWYER", study.baseline), ("DOCTOR", study.switched)):
        fees = sum(r["fees DOCTOR"] + r["fees LAWYER"] for r in rows if r["arm"] == arm)
        assert fees == estimate.mean * games
    assert all(r["rival moves as smokers"] + r["rival moves as non-smokers"] > 0 for r in rows)
    assert all(r["owns LAWYER"] == 0 for r in rows if r["arm"] == "DOCTOR")


def test_a_rivals_moves_are_counted_by_the_status_it_had() -> None:
    from tabletop.games.smokers_wild.lawyer import ownership_record

    game = table_for(dice=[1, 3], owners={"DOCTOR": "Bob"})  # Ann, a non-smoker, moves
    game.apply("roll")
    record = ownership_record(game, "Bob")
    assert record["rival moves as non-smokers"] == 1
    assert record["rival moves as smokers"] == 0
    assert record["fees DOCTOR"] == 50 and record["owns DOCTOR"] == 0  # staged, not bought
    assert record["fees DOCTOR elsewhere"] == 0
    assert ownership_record(game, "Cy")["fees DOCTOR elsewhere"] == 50  # Cy does not own it
    assert record["landings DOCTOR as non-smokers"] == 1  # Ann paid once, as a non-smoker
    assert record["landings DOCTOR as smokers"] == 0 and record["landings LAWYER as smokers"] == 0


def test_the_same_price_study_gives_seat_0_the_space_and_nothing_else() -> None:
    from tabletop.games.smokers_wild.lawyer import given_space_game, given_space_study

    for space in ("DOCTOR", "LAWYER"):
        row = given_space_game(0, seed=5, space=space)
        assert row["fees"] >= 0 and 0 <= row["win"] <= 1
    study = given_space_study(2, seed=5)
    assert study["fees"].games == 2
    for what, s in study.items():
        assert abs(s.difference.mean - (s.switched.mean - s.baseline.mean)) < 1e-9, what


def test_the_same_price_rows_count_the_rivals_moves_and_the_companys_fees() -> None:
    from tabletop.games.smokers_wild.lawyer import (
        given_space_game,
        given_space_games,
        same_price_study,
    )

    rows = given_space_games(3, seed=5)
    assert [(r["game"], r["arm"]) for r in rows] == [
        (k, a) for k in range(3) for a in ("LAWYER", "DOCTOR")]
    for r in rows:
        assert r["rival moves as smokers"] + r["rival moves as non-smokers"] > 0
        assert r["fees elsewhere"] >= 0
        if r["arm"] == "DOCTOR":  # its fee tells the status: K100 a smoker, K50 a non-smoker
            paid = r["fees"] + r["fees elsewhere"]
            assert paid == 100 * r["landings as smokers"] + 50 * r["landings as non-smokers"]
        assert r["fees"] == given_space_game(r["game"], 5, r["arm"])["fees"]
    study = same_price_study(rows)
    assert study["fees"].games == 3
    doctor = sum(r["fees"] for r in rows if r["arm"] == "DOCTOR") / 3
    assert abs(study["fees"].switched.mean - doctor) < 1e-9


def test_a_players_own_moves_and_the_fees_she_paid_are_counted() -> None:
    from tabletop.games.smokers_wild.lawyer import ownership_record

    game = table_for(dice=[1, 3], owners={"DOCTOR": "Bob"})  # Ann, a non-smoker, moves
    game.apply("roll")
    record = ownership_record(game, "Ann")  # she landed on Bob's DOCTOR and paid its fee
    assert record["own moves as a non-smoker"] == 1 and record["own moves as a smoker"] == 0
    assert record["rival moves as non-smokers"] == 0  # her own move is not a rival's
    assert record["paid DOCTOR"] == 50 and record["paid LAWYER"] == 0
    assert ownership_record(game, "Bob")["paid DOCTOR"] == 0
