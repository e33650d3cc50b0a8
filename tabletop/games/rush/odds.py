"""RUSH's exact odds, computed from its rules and its checked content.

The first part is what the rules themselves ask (cheap, no import of :mod:`tabletop.odds`):
the pill die, the Cop die, the lockup roll, Lucky Day's odds. The second part is for the
walkthrough and the bots, built with the generic tools of :mod:`tabletop.odds` (imported
when first needed): the senses and the coma track as absorbing Markov chains, the road to
the top of the Zonkometer, Lucky Day's expected values, and the board's landing table
with the lockup, pill turns and stopping short at Home.
Checklist rules referred to: 9-15 (pills, senses, coma), 24 and 26 (Cops), 27-29 (the
bribe and the lockup), 21 and 39 (what a turn and a pill are worth in dollars), 46 (Lucky
Day), 48 (the Loan Shark), 8 and 42-54 (moves on the board).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.cache import cached
from tabletop.core.chance import total_probability
from tabletop.core.content import game_content

from .content import DIE_FACES, TWO_DICE_TOTALS, Card, Content, build

if TYPE_CHECKING:
    import pandas as pd

    from tabletop.odds import Dist, MarkovChain

LOCKUP = "lockup"
DEAD, AWAKE, COMA = "dead", "awake", "coma"


def kit_content() -> Content:
    """The kit's own edition (every figure below may be asked of another edition)."""
    return game_content("rush", build)


# -- what the rules ask ------------------------------------------------------------------------
def pill_risk(senses_up: int) -> tuple[Fraction, Fraction]:
    """Rule 9 and Rule 10: the chance that one pill turns a face-up sense down, and of a coma."""
    return Fraction(senses_up, DIE_FACES), Fraction(1, DIE_FACES)


def rest_gain(senses_up: int) -> Fraction:
    """Rule 22: the chance that one rest at Home turns a sense face up (the die shows one
    of the senses face down, or a 6)."""
    return Fraction(DIE_FACES - senses_up, DIE_FACES) if senses_up < SENSES else Fraction(0)


def arrest_chance(cops: int) -> Fraction:
    """Rule 24 and Rule 26: one die no higher than the number of Cops."""
    return Fraction(min(cops, DIE_FACES), DIE_FACES)


def lockup_outcome(dice: tuple[int, ...]) -> str:
    """Rule 29: doubles are "released", another even total is "again", odd "stays"."""
    if dice[0] == dice[1]:
        return "released"
    return "again" if sum(dice) % 2 == 0 else "stays"


def _pairs() -> list[tuple[int, int]]:
    return [(a, b) for a in range(1, DIE_FACES + 1) for b in range(1, DIE_FACES + 1)]


def lockup_release() -> Fraction:
    """Rule 29: the chance of getting out in one lockup turn (even totals roll again, so
    it is doubles among the rolls that end the turn)."""
    ends = [lockup_outcome(d) for d in _pairs() if lockup_outcome(d) != "again"]
    return Fraction(ends.count("released"), len(ends))


def bet_value(total: int, odds: Fraction) -> Fraction:
    """Rule 46: what a bet of 1 on ``total`` of two dice gains on average, paid at ``odds``
    to 1 (the stake comes back with the win, and is lost otherwise)."""
    p = total_probability(2, DIE_FACES, total)
    return p * odds - (1 - p)


def fair_odds(total: int) -> Fraction:
    """The odds that make a bet on ``total`` of two dice worth nothing on average:
    (36 - w) / w to 1, with w the ways to throw it."""
    p = total_probability(2, DIE_FACES, total)
    return (1 - p) / p


def lucky_odds(printed: dict[int, int], mode: str) -> dict[int, Fraction]:
    """Rule 46: the odds Lucky Day pays on each total: as printed, or fair (an option)."""
    if mode == "fair":
        return {t: fair_odds(t) for t in TWO_DICE_TOTALS}
    return {t: Fraction(odds) for t, odds in printed.items()}


def payout(stake: int, odds: Fraction) -> int:
    """What a winning stake wins on top of itself, in whole dollars (rounded down)."""
    return math.floor(stake * odds)


# -- the pill die and the senses (rules 9-11) -------------------------------------------------
SENSES = DIE_FACES - 1


def pill_die(senses_up: int) -> Dist:
    """One pill with ``senses_up`` senses face up: "sense lost", "no loss" or "coma"."""
    from tabletop.odds import Dist

    lose, coma = pill_risk(senses_up)
    return Dist({"sense lost": lose, "no loss": 1 - lose - coma, "coma": coma})


@cache
def senses_chain(coma_ends: bool = True) -> MarkovChain:
    """Senses lost, pill after pill: states 0 to 5 senses down, 5 being death. With
    ``coma_ends`` the first coma is a trap, ("coma", k) when it comes with k senses down;
    without it a coma costs no sense and the pills go on."""
    from tabletop.odds import Dist, chain_from_step

    def step(state: Any) -> Dist:
        if state == SENSES or not isinstance(state, int):
            return Dist.certain(state)
        lose, coma = pill_risk(SENSES - state)
        if not coma_ends:
            return Dist({state + 1: lose, state: 1 - lose})
        return Dist({state + 1: lose, state: 1 - lose - coma, (COMA, state): coma})

    traps = [(COMA, k) for k in range(SENSES)] if coma_ends else []
    return chain_from_step([*range(SENSES + 1), *traps], step)


def pills_to_lose_all() -> Fraction:
    """Expected pills until all five senses are down, when comas cost nothing."""
    return senses_chain(False).absorbing().steps[0]


def death_before_coma() -> Fraction:
    """The chance of losing all five senses before the first coma."""
    return senses_chain(True).absorbing().probabilities[0][SENSES]


def lost_at_first_coma() -> Dist:
    """Senses down when the first coma comes, or "dead" when death comes first: every
    outcome equally likely."""
    from tabletop.odds import Dist

    ends = senses_chain(True).absorbing().probabilities[0]
    return Dist({DEAD if end == SENSES else end[1]: p for end, p in ends.items()})


def road_to_the_top(start: int, content: Content | None = None) -> dict[str, Fraction]:
    """Taking a pill every turn from ``start`` to the top of the Zonkometer (pill die only:
    comas cost no sense here): the pills needed, the chance of no coma on the way, of
    still being alive, and the expected senses lost."""
    c = content or kit_content()
    pills = c.zonk_high - start
    lost = senses_chain(False).after(0, pills)
    return {"pills": Fraction(pills), "no coma": (1 - pill_risk(0)[1]) ** pills,
            "alive": 1 - lost[SENSES], "senses lost": lost.mean()}


# -- the coma track (rules 13-16) --------------------------------------------------------------
OVER = "game over"


@cache
def _coma_chain(content: Content, fastest: bool, kept: bool = False,
                ends: Fraction = Fraction(0)) -> MarkovChain:
    from tabletop.odds import Dist, chain_from_step

    top = content.awake

    def woken(up: int) -> Any:
        return (AWAKE, up) if kept else AWAKE

    def step(state: Any) -> Dist:
        if state in traps:
            return Dist.certain(state)
        where, up = state
        moves: dict[Any, Fraction] = {OVER: ends} if ends else {}
        for change in content.coma_steps:
            if change < 0:
                nxt: Any = DEAD if up == 1 else (max(0, where + change), up - 1)
            else:
                reach = min(change if fastest else 1, top - where)
                nxt = woken(up) if where + reach == top else (where + reach, up)
            moves[nxt] = moves.get(nxt, Fraction(0)) + (1 - ends) / DIE_FACES
        return Dist(moves)

    states = [(w, u) for w in range(top) for u in range(1, SENSES + 1)]
    traps = [*dict.fromkeys(woken(u) for u in range(1, SENSES + 1)), DEAD]
    traps += [OVER] if ends else []
    return chain_from_step([*states, *traps], step)


def coma_chain(fastest: bool = True, content: Content | None = None, kept: bool = False,
               ends: Fraction = Fraction(0)) -> MarkovChain:
    """The coma track as an absorbing chain over (step, senses face up), ending AWAKE or
    dead; ``fastest``: a 5-6 always moves the full two steps. With ``kept`` waking is
    (AWAKE, senses face up); with ``ends`` the game may end before each coma turn ("game
    over"), with that chance."""
    return _coma_chain(content or kit_content(), fastest, kept, Fraction(ends))


def coma_outlook(step: int, up: int, content: Content | None = None) -> tuple[Fraction, Fraction]:
    """From ``step`` of the coma track with ``up`` senses face up: the chance of waking, and
    the expected number of coma turns still to come (moving two steps on a 5-6)."""
    absorption = coma_chain(True, content).absorbing()
    return absorption.probabilities[(step, up)][AWAKE], absorption.steps[(step, up)]


def climb(start: int, up: int = SENSES, content: Content | None = None) -> dict[str, Any]:
    """Rules 9-16: a pill every turn from ``start`` to the top of the Zonkometer with ``up``
    senses face up, comas included (each 6 is played out on the coma track, moving two steps on
    a 5-6): the pills, the chance of reaching the top alive, the distribution of senses face up
    then (0: dead), and the expected coma turns on the way."""
    from tabletop.odds import Dist

    c = content or kit_content()
    woken = coma_chain(True, c, kept=True).absorbing()
    now, coma_turns = Dist.certain(up), Fraction(0)
    for _ in range(c.zonk_high - start):
        nxt: dict[int, Fraction] = {}
        for have, p in now.items():
            if have == 0:
                nxt[0] = nxt.get(0, Fraction(0)) + p
                continue
            coma = p * pill_risk(have)[1]
            coma_turns += coma * woken.steps[(0, have)]
            for end, q in woken.probabilities[(0, have)].items():
                left = 0 if end == DEAD else end[1]
                nxt[left] = nxt.get(left, Fraction(0)) + coma * q
            lose = p * pill_risk(have)[0]
            nxt[have - 1] = nxt.get(have - 1, Fraction(0)) + lose
            nxt[have] = nxt.get(have, Fraction(0)) + p - coma - lose
        now = Dist({k: v for k, v in nxt.items() if v})
    return {"pills": c.zonk_high - start, "alive": 1 - now[0] if 0 in now else Fraction(1),
            "senses up": now, "coma turns": coma_turns}


def coma_odds(fastest: bool = True, content: Content | None = None) -> pd.DataFrame:
    """From the darkest step, by senses face up: the chance of waking and the expected
    number of coma turns."""
    import pandas as pd

    absorption = coma_chain(fastest, content).absorbing()
    rows = [{"senses up": up, "P(wake)": absorption.probabilities[(0, up)][AWAKE],
             "expected turns": absorption.steps[(0, up)]} for up in range(1, SENSES + 1)]
    return pd.DataFrame(rows).set_index("senses up")


# -- Cops and the lockup (rules 24, 26, 29) ---------------------------------------------------
def caught_within(visits: int) -> Fraction:
    """The chance of an arrest within ``visits`` deals at a place with no Cop yet, each
    deal that gets away adding one Cop (like the birthday problem)."""
    free = Fraction(1)
    for cops in range(visits):
        free *= 1 - arrest_chance(cops)
    return 1 - free


def deals_before_arrest() -> Dist:
    """Rules 23-24: how many deals get away, one after another at a place with no Cop yet,
    before the one that is caught (each deal that gets away adds a Cop)."""
    from tabletop.odds import Dist

    ends, free = {}, Fraction(1)
    for cops in range(DIE_FACES + 1):
        ends[cops] = free * arrest_chance(cops)
        free *= 1 - arrest_chance(cops)
    return Dist({k: p for k, p in ends.items() if p})


def loot(dice: int, per_pip: int) -> Dist:
    """Rule 25 (B #2): a robbery's loot, the printed dice's total times the printed dollars."""
    from tabletop.odds import die

    return die(DIE_FACES).repeat(dice) * per_pip


def release_move() -> Dist:
    """Rule 29: the move on release: the total of the doubles that freed you."""
    from tabletop.odds import Dist

    return Dist.from_weights({sum(d): 1 for d in _pairs() if lockup_outcome(d) == "released"})


def lockup_turns() -> Fraction:
    """Expected lockup turns until release (geometric)."""
    return 1 / lockup_release()


def pill_worth(content: Content | None = None) -> int:
    """Rule 39: what one pill is worth in dollars, counted at the lowest price a junkie pays
    on a Push space (a pill can always be sold for at least that)."""
    return min(s.price for s in (content or kit_content()).board if s.kind == "push")


def turn_income(stop_at_home: bool = False, content: Content | None = None) -> Fraction:
    """Rules 8 and 21: the dollars of welfare one free turn brings on average in the long run,
    two dice a turn: the welfare paid for ending a turn at Home times the long-run share of
    turns that end there (:func:`board_chain`; ``stop_at_home``: always stopping short).
    Welfare only, the income a turn brings without a choice or a risk: robberies, Push sales
    and ladies' fees are left out, so this is a turn's worth in dollars at its lowest."""
    c = content or kit_content()
    return c.welfare * board_chain(False, stop_at_home, content=c).stationary()[c.first("home")]


def lockup_cost(pills: int, rate: Fraction, content: Content | None = None) -> Fraction:
    """Rules 27-29: what going into the lockup costs on average, in dollars, against paying
    the bribe and leaving the visiting area next turn: the ``pills`` held go (rule 28, each
    worth :func:`pill_worth`), and the lockup lasts :func:`lockup_turns` turns, all but the
    last (which moves) turns lost, each worth ``rate`` dollars (e.g. :func:`turn_income`)."""
    return pills * pill_worth(content) + (lockup_turns() - 1) * Fraction(rate)


def bribe_pays_from(rate: Fraction, content: Content | None = None) -> int:
    """Rule 27: the fewest pills held from which the bribe costs less than the lockup's
    expected cost (:func:`lockup_cost`) when a turn is worth ``rate`` dollars."""
    c = content or kit_content()
    return next(k for k in range(c.bribe + 1) if lockup_cost(k, rate, c) > c.bribe)


# -- Lucky Day and the Loan Shark (rules 46-48) -----------------------------------------------
def lucky_day_table(content: Content | None = None) -> pd.DataFrame:
    """Each total: its chance, the printed and the fair odds, and the expected gain of a
    $1 bet at the printed odds (fair odds give 0)."""
    import pandas as pd

    c = content or kit_content()
    rows = []
    for total in TWO_DICE_TOTALS:
        p = total_probability(2, DIE_FACES, total)
        printed = Fraction(c.printed_odds[total])
        rows.append({"total": total, "P(win)": p, "printed odds": printed,
                     "fair odds": fair_odds(total),
                     "EV of $1 (printed)": bet_value(total, printed)})
    return pd.DataFrame(rows).set_index("total")


def loan_interest(content: Content | None = None) -> Fraction:
    """Rule 48: the Loan Shark's interest for one trip round the board, as a share of the
    loan (repaying twice the loan is 100%)."""
    return Fraction((content or kit_content()).repay_factor - 1)


# -- the board (rules 8, 29, 42-54) -----------------------------------------------------------
def board_spaces(content: Content | None = None) -> list[tuple[str, str]]:
    """The spaces (name, kind) in board order."""
    return [(s.name, s.kind) for s in (content or kit_content()).board]


@cache
@cached
def _board_chain(content: Content, pill_turns: bool, stop_at_home: bool, chance_cards: bool,
                 bribe: bool) -> MarkovChain:
    from tabletop.odds import Dist, chain_from_step, dice, die
    from tabletop.odds.landing import mix, settling

    board = content.board
    n = len(board)
    home, jail = content.first("home"), content.first("jail")

    def go(space: int, steps: int) -> int:
        passed = (home - space - 1) % n + 1 < steps
        return home if stop_at_home and passed else (space + steps) % n

    def pill_move(space: int) -> Dist:
        return die(DIE_FACES).map(lambda k: space if k == DIE_FACES else go(space, k))

    deck = sum(card.count for card in content.cards)

    def card_end(card: Card, space: int) -> Any:
        if card.effect in ("party_time", "take_pill"):
            return pill_move(space)
        if card.effect == "advance_home":
            return home
        if card.effect == "go_to_jail":
            return jail if bribe else LOCKUP
        if card.effect == "back":
            return (space - card.amount) % n
        return space

    def drawn(space: int) -> Dist:
        return mix([(Fraction(card.count, deck), card_end(card, space))
                    for card in content.cards])

    def effect(place: Any) -> Dist | None:
        kind = None if place == LOCKUP else board[place].kind
        if kind in ("take_a_pill", "party_time"):
            return pill_move(place)
        if kind == "chance" and chance_cards:
            return drawn(place)
        return None

    settle = settling([*range(n), LOCKUP], effect)
    free = lockup_release()
    out = settle(release_move().map(lambda k: go(jail, k)))
    turn = dice("2d6")

    def step(state: Any) -> Dist:
        if state == LOCKUP:
            return mix([(1 - free, Dist.certain(LOCKUP)), (free, out)])
        if pill_turns:  # a 6 is a coma: the token stays and lands nowhere (rule 10)
            coma = Fraction(1, DIE_FACES)
            moved = settle(die(DIE_FACES - 1).map(lambda k: go(state, k)))
            return mix([(coma, Dist.certain(state)), (1 - coma, moved)])
        return settle(turn.map(lambda k: go(state, k)))

    return chain_from_step([*range(n), LOCKUP], step)


def board_chain(pill_turns: bool = False, stop_at_home: bool = False, chance_cards: bool = True,
                bribe: bool = False, content: Content | None = None) -> MarkovChain:
    """The board plus the lockup, one turn a step. A turn is two dice, or with
    ``pill_turns`` a pill (one die; a 6 is a coma and the token stays).
    ``stop_at_home``: always stop short at Home. Take a Pill and PARTY TIME move the token
    on by a pill; Chance cards send it Home, to Jail (the lockup, or the visiting area
    with ``bribe``), back, or on by a pill. Left out: arrests at Connections and robberies
    (they depend on the Cops) and the turns spent in a coma."""
    return _board_chain(content or kit_content(), pill_turns, stop_at_home, chance_cards, bribe)


def return_time(space: int, pill_turns: bool = False, stop_at_home: bool = False,
                content: Content | None = None) -> Fraction:
    """The expected number of turns between two stays on ``space`` (one over its long-run
    share: Kac's lemma), e.g. from one visit to the Loan Shark to the next."""
    return 1 / board_chain(pill_turns, stop_at_home, content=content).stationary()[space]


def visits(ends: Fraction, start: int | None = None, stop_at_home: bool = False,
           content: Content | None = None) -> dict[Any, float]:
    """Expected turns ended on each space (and in the lockup) from ``start`` (Home by default,
    the first turn's place counted) until the game ends, the game ending before each turn
    with chance ``ends``: the row of ``start`` in the fundamental matrix N = (I - Q)^-1 of the
    board chain with an absorbing "game over" added. Two dice a turn, as in
    :func:`board_chain`. The one chance is an approximation (a geometric game length);
    :func:`visits_by_horizon` takes any law of game lengths, to measure it."""
    from tabletop.odds import MarkovChain

    c = content or kit_content()
    chain = board_chain(False, stop_at_home, content=c)
    keep = 1 - Fraction(ends)
    rows = [[keep * p for p in row] + [1 - keep] for row in chain.matrix]
    rows.append([Fraction(0)] * len(chain.states) + [Fraction(1)])
    ending = MarkovChain([*chain.states, OVER], rows)
    return ending.visits_numpy(c.first("home") if start is None else start)


def visits_by_horizon(lasts: Sequence[float], start: int | None = None,
                      stop_at_home: bool = False,
                      content: Content | None = None) -> dict[Any, float]:
    """Expected turns ended on each space (and in the lockup) from ``start`` (Home by default)
    when the game lasts more than ``t`` turns with chance ``lasts[t]`` (``lasts[0] = 1``, the
    first turn's place counted): the sum over ``t`` of ``lasts[t]`` times the chance of standing
    there after ``t`` turns. :func:`visits` is the case ``lasts[t] = (1 - ends) ** t`` (a
    geometric game length); this one takes any law, e.g. the lengths of real bot games."""
    import numpy as np

    c = content or kit_content()
    chain = board_chain(False, stop_at_home, content=c)
    where = np.zeros(len(chain.states))
    where[chain.states.index(c.first("home") if start is None else start)] = 1.0
    step, total = chain.to_numpy(), np.zeros(len(chain.states))
    for share in lasts:
        total += share * where
        where = where @ step
    return dict(zip(chain.states, total.tolist(), strict=True))


@cached
def landing(pill_turns: bool = False, stop_at_home: bool = False, chance_cards: bool = True,
            bribe: bool = False, exact: bool = True,
            content: Content | None = None) -> pd.DataFrame:
    """The long-run share of turns ended on each space (and in the lockup); exact, kept in the
    kit's cache."""
    from tabletop.odds.landing import landing_table

    chain = board_chain(pill_turns, stop_at_home, chance_cards, bribe, content)
    return landing_table(chain, board_spaces(content), exact)
