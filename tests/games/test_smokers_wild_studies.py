"""Smokers Wild's whole-game studies (tabletop/games/smokers_wild/studies.py): bot games and the
lonely walk with the real HAV' A PUFF pile, the same on any number of cores."""

from __future__ import annotations

from tabletop.games.smokers_wild import studies


def test_first_smokes_are_the_same_on_every_core():
    assert list(studies.first_smoke_moves.uncached(4, 7, rounds=3)) == list(
        studies.first_smoke_moves.uncached(4, 7, rounds=3, workers=2))


def test_a_walk_with_the_real_pile_counts_every_move_until_the_first_hook():
    waits = studies._pile_walks(7, [30], 0)
    assert len(waits) == 30 and min(waits) >= 1


def test_pile_walks_are_the_same_on_every_core():
    assert list(studies.pile_hook_waits.uncached(250, 7)) == list(
        studies.pile_hook_waits.uncached(250, 7, workers=2))


def test_switched_bots_change_one_choice_only():
    """The paired studies' bots: each differs from the heuristic bot in one decision."""
    from tabletop.games.smokers_wild import bots

    quit_view = {"decision": {}, "seats": [], "you": "Ann"}
    assert bots.NoQuitBot(0).on_quit(quit_view, ["try", "skip"]) == "skip"
    assert bots.NoChallengeBot(0).on_challenge(quit_view, ["no challenge", "challenge Bob"]) \
        == "no challenge"
    seats = [{"name": "Ann", "smoker": False}]
    view = {"seats": seats, "you": "Ann"}
    assert bots.SmokerVacationBot(0).on_vacation(view, ["vacation", "stay"]) == "stay"
    seats[0]["smoker"] = True
    assert bots.SmokerVacationBot(0).on_vacation(view, ["vacation", "stay"]) == "vacation"
    assert bots.NoVacationBot(0).on_vacation(view, ["vacation", "stay"]) == "stay"


def test_life_left_and_quit_attempts_read_a_finished_game():
    """The paired studies' metrics: years left at the end of a short game, attempts counted."""
    from tabletop.core.play import bot_move
    from tabletop.games.smokers_wild import studies

    game, bots_ = studies.bot_table(3, ending="short")
    while not game.is_over:
        game.apply(bot_move(game, bots_[game.decision.player]))
    left = {p: studies.life_left(game, p) for p in game.players}
    assert max(left, key=left.get) in game.result.winners
    assert all(studies.quit_attempts(game, p) >= 0 for p in game.players)


def test_short_game_quits_count_spells_and_every_players_attempts():
    """Every spell is a whole number of moves (one cut off by the game's end is kept); each
    player of each game has an attempt count; the same on any number of cores."""
    spells, tries = studies.short_game_quits.uncached(20, 7)
    assert list(spells.columns) == ["moves", "hooked again"]
    assert (spells["moves"] >= 0).all() and len(tries) == 20 * len(studies.PLAYERS)
    assert sum(tries) >= len(spells)
    again, more = studies.short_game_quits.uncached(20, 7, workers=2)
    assert spells.equals(again) and list(tries) == list(more)


def test_the_vacation_rate_is_where_the_turn_price_meets_the_fee():
    from fractions import Fraction

    from tabletop.games.smokers_wild import odds
    from widgets.smokers_wild.lessons import vacation_rate

    content = odds.kit_content()
    costs = odds.turn_costs(odds.Lander((), content.gone // 2, 300))
    spaces = len(content.board)
    rate = vacation_rate(costs, 50, spaces, Fraction(3))
    at_rate = (costs["spaces"] / spaces + costs["years on cards"]
               + (costs["money on landings"] + costs["money on cards"] + 3) / rate)
    assert at_rate * rate == 50
