"""The switched bots and metrics of RUSH's paired studies (tabletop/games/rush/studies.py)."""

from __future__ import annotations

from tabletop.core.play import play_to_end
from tabletop.games.rush import studies
from tabletop.games.rush.bots import HeuristicBot
from widgets.rush.lessons import scripted_table


def test_the_one_step_bot_moves_one_step_where_the_heuristic_bot_moves_two():
    game = scripted_table(dice=[1, 1, 5], players=("Bob", "Ann"), coma={"Ann": 0},
                          position={"Ann": 7, "Bob": 34})
    game.apply("two dice")
    game.apply("roll the coma die")  # a 5: up to two steps
    view, legal = game.view("Ann"), game.legal_actions()
    assert studies.OneStepBot(0).choose(view, legal) == "forward 1"
    assert HeuristicBot(0).choose(view, legal) == "forward 2"


def test_a_loan_never_repaid_before_the_end_is_never_due():
    game = scripted_table(dice=[2, 3], position={"Ann": 22})
    game.apply("two dice")  # onto the Loan Shark
    game.apply(100)
    assert studies.LOAN_ENDS[studies.loan_end(game, "Ann")] == "never due"
    assert studies.LOAN_ENDS[studies.loan_end(game, "Bob")] == "no loan"
    assert studies.loan_fell_due(game, "Ann") == 0


def test_the_switched_bots_play_whole_games():
    for bot in (studies.OneStepBot, studies.BribeFromBot, studies.BoldBuyerBot,
                studies.BorrowBot,
                studies.LadyBot, studies.PillBot, studies.BettorBot):
        game = scripted_table(players=("Ann", "Bob", "Cy"))
        play_to_end(game, {"Ann": bot(1), "Bob": HeuristicBot(2), "Cy": HeuristicBot(3)})
        assert game.result is not None
        assert studies.survived(game, "Ann") in (0.0, 1.0)


def test_the_loan_games_say_what_became_of_each_loan():
    played = studies.loan_games(4, seed=1, workers=1)
    assert played.shape == (4, 3)
    assert set(played[:, 0]) <= set(range(len(studies.LOAN_ENDS)))
    assert (played[:, 1] >= 1).all()
    no_loan = played[:, 0] == studies.LOAN_ENDS.index("no loan")
    assert (played[no_loan, 2] == -1).all()
    assert ((played[~no_loan, 2] >= 0) & (played[~no_loan, 2] <= played[~no_loan, 1])).all()


def test_board_walks_agree_with_the_fundamental_matrix():
    from fractions import Fraction

    import numpy as np

    from tabletop.games.rush import odds, sampling

    content = odds.kit_content()
    walks = sampling.board_walks(content, 0.1, np.random.default_rng(3), 3_000)
    exact = np.array(list(odds.visits(Fraction(1, 10)).values()))
    error = walks.std(axis=0) / np.sqrt(len(walks)) + 1e-9
    assert (np.abs(walks.mean(axis=0) - exact) < 4.5 * error).all()


def test_deals_past_cops_counts_purchases_where_two_cops_stood():
    game = scripted_table(dice=[1, 3, 4], position={"Ann": 20}, cops={"Subway Connection": 2},
                          money={"Ann": 140})
    game.apply("two dice")
    game.apply(10)
    assert studies.deals_past_cops(game, "Ann") == 1.0
    assert studies.deals_past_cops(game, "Ann", cops=3) == 0.0


def test_the_bettor_bets_its_stake_on_its_total_once_a_visit():
    game = scripted_table(dice=[2, 2, 3, 4], position={"Ann": 4})
    game.apply("two dice")  # onto Lucky Day
    bot = studies.BettorBot(0, total=7, stake=5)
    for expected in ("bet on 7", 5, "roll the dice"):
        action = bot.choose(game.view("Ann"), game.legal_actions())
        assert action == expected
        game.apply(action)


def test_the_cops_metrics_price_a_purchase_past_two_cops_as_lesson_2_does():
    from fractions import Fraction

    from tabletop.games.rush import odds

    game = scripted_table(dice=[1, 3, 4], position={"Ann": 20}, cops={"Subway Connection": 2},
                          money={"Ann": 140})
    game.apply("two dice")
    game.apply(10)  # ten pills at $4; the Cop die shows 4: away
    worth, caught = odds.pill_worth(), odds.arrest_chance(2)
    price = (1 - caught) * 10 * worth - 10 * 4 - caught * game.content.bribe
    assert studies.priced_deals_past_cops(game, "Ann") == float(Fraction(price))
    assert studies.priced_deals_past_cops(game, "Ann", cops=3) == 0.0


def test_bribes_paid_and_lockups_count_the_jail_choice():
    game = scripted_table(dice=[1, 1], position={"Ann": 34}, jail={"Bob": "lockup"},
                          pills={"Bob": 0})
    game.apply("two dice")
    assert studies.lockups(game, "Bob") == 0.0  # arranged, not sent
    assert studies.bribes_paid(game, "Ann") == 0.0


def test_the_bribe_from_bot_pays_only_from_its_pill_count():
    for pills, expected in ((9, "go to the lockup"), (10, "pay the $100 bribe")):
        game = scripted_table(dice=[1, 1, 1], players=("Ann", "Bob"), position={"Ann": 10},
                              cops={"Liquor Store": 1}, money={"Ann": 150}, pills={"Ann": pills})
        game.apply("two dice")
        game.apply("rob")  # the Cop die shows 1: caught
        view, legal = game.view("Ann"), game.legal_actions()
        assert game.decision.kind == "jail"
        assert studies.BribeFromBot(0, pills=10).choose(view, legal) == expected
        assert HeuristicBot(0).choose(view, legal) == "pay the $100 bribe"
