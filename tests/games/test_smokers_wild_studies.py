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
    assert list(spells.columns) == ["moves", "hooked again", "moves left"]
    assert (spells["moves"] >= 0).all() and len(tries) == 20 * len(studies.PLAYERS)
    assert (spells["moves"] <= spells["moves left"]).all()  # a spell ends by the game's end
    cut = spells[~spells["hooked again"]]
    assert (cut["moves"] == cut["moves left"]).all()  # one cut off lasts to the end
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


def test_choices_are_counted_per_player_in_the_same_games():
    from tabletop.core.play import bot_move
    made = studies.short_game_counts.uncached(20, 7)
    assert len(made) == 20 * len(studies.PLAYERS) and (made >= 0).all().all()
    assert made["challenges"].sum() > 0
    game, bots_ = studies.bot_table(3, ending="short")
    while not game.is_over:
        game.apply(bot_move(game, bots_[game.decision.player]))
    for p in game.players:  # every vacation taken is counted once, by its length and status
        taken = sum(1 for e in game.events if e.player == p and e.kind == "vacation"
                    and "turns" in e.data)
        assert taken == sum(studies.vacations_taken(game, p, smoking, turns)
                            for smoking in (True, False) for turns in (1, 2))


def test_advances_and_end_states_are_read_from_the_games_own_record():
    """short_game_counts' borrowing and end-of-game columns agree with each game's figures:
    a player who borrowed has years from advances, a late borrower has borrowed at all, and
    a smoker at the end holds a brand."""
    made = studies.short_game_counts.uncached(10, 7)
    quits = studies._quits(7, [10], 0)[2]
    assert [tuple(r) for r in made.itertuples(index=False)] == [tuple(m) for m in quits]
    assert (made["borrowed in the second half"] <= made["borrowed"]).all()
    from tabletop.core.play import play_to_end
    from tabletop.sim import derived_seed
    for g in range(10):
        game, bots_ = studies.bot_table(derived_seed(7, g), ending="short")
        play_to_end(game, bots_)
        for k, p in enumerate(game.players):
            row = made.iloc[g * len(game.players) + k]
            assert bool(row["borrowed"]) == (game.loan_years[p] > 0)
            assert bool(row["smokes at the end"]) == bool(game.brands_of(p))
            assert bool(row["under K100 at the end"]) == (game.ledger[p] < 100)


def test_the_vacation_bots_switch_only_the_one_turn_corner_and_one_status():
    """CleanStaysShortBot stays on the one-turn corner as a non-smoker only; SmokerStaysShortBot
    as a smoker only; both take the two-turn corner (the lesson's one choice, switched alone)."""
    from tabletop.games.smokers_wild import bots, odds

    board = odds.kit_content().board
    corners = {s.turns: s.index for s in board if s.kind == "vacation"}
    spaces = [{"kind": s.kind, "turns": s.turns} for s in board]

    def view(turns, smoker):
        seat = {"name": "Ann", "position": corners[turns], "smoker": smoker}
        return {"you": "Ann", "seats": [seat], "spaces": spaces}

    legal = ["vacation", "stay"]
    short, long_ = min(corners), max(corners)
    clean, smoker = bots.CleanStaysShortBot(1), bots.SmokerStaysShortBot(1)
    assert clean.on_vacation(view(short, False), legal) == "stay"
    assert clean.on_vacation(view(short, True), legal) == "vacation"
    assert clean.on_vacation(view(long_, False), legal) == "vacation"
    assert smoker.on_vacation(view(short, True), legal) == "stay"
    assert smoker.on_vacation(view(short, False), legal) == "vacation"
    assert smoker.on_vacation(view(long_, True), legal) == "vacation"
