"""Smokers Wild's exact odds: the throws the rules ask for, the fees as distributions, and the
28-space loop as a Markov chain, all built from the game's checked content (Fractions).

The helpers at the top need only the standard library: the rules log the chance of every
decisive throw next to it. The rest (distributions, chains, landing tables) imports
:mod:`tabletop.odds`, and with it pandas, when first called; the walkthrough, the probability
primer and the app's odds panel use them. Checklist rules referred to (RULES.md 2 A): 11 (two
dice, clockwise), 12 and 18 (a 7 or a double), 13 and 14 (a strictly lower throw loses), 16
(extra turns), 21-23 (HAV' A PUFF cards that advance a token), 36 (the PSYCHIATRIST's bill).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

from tabletop.cache import cached
from tabletop.core.chance import total_probability
from tabletop.core.content import game_content

from .content import Content, Effect, build

if TYPE_CHECKING:
    import pandas as pd

    from tabletop.odds import Dist, MarkovChain

#: Rule 11: every throw in Smokers Wild is two six-sided dice.
DICE, SIDES = 2, 6
TOTALS = range(DICE, DICE * SIDES + 1)
PAIRS = tuple(product(range(1, SIDES + 1), repeat=DICE))


def kit_content() -> Content:
    """The kit's own edition (content.toml), checked; a game's edition is its ``.content``."""
    return game_content("smokers_wild", build)


# -- the throws of the rules -----------------------------------------------------------------
def seven_or_double(pair: Sequence[int]) -> bool:
    """Rules 12 and 18: a 7 or any double, the throw that hooks a non-smoker on a company
    advert and frees a smoker at I QUIT."""
    return sum(pair) == 7 or pair[0] == pair[1]


@cache
def p_seven_or_double() -> Fraction:
    """P(a 7 or a double): 6 + 6 of the 36 ordered pairs, never both at once."""
    return Fraction(sum(map(seven_or_double, PAIRS)), len(PAIRS))


@cache
def p_total(total: int) -> Fraction:
    """P(a throw adds up to ``total``)."""
    return total_probability(DICE, SIDES, total)


@cache
def p_strictly_lower() -> Fraction:
    """Rules 13 and 14: P(my throw < yours) when both throw; a tie counts for me, so this is
    the chance that the player pressed or challenged by a smoker gives in."""
    return sum((p_total(mine) * p_total(theirs)
                for mine in TOTALS for theirs in TOTALS if mine < theirs), Fraction(0))


def mean_move() -> Fraction:
    """The average throw, 7: how far a token goes per move."""
    return sum((t * p_total(t) for t in TOTALS), Fraction(0))


# -- what may happen next, for the app's odds panel --------------------------------------------
SPACE_WORDS = {"advertising": "an advertising space", "puff": "HAV' A PUFF",
               "occupation": "an occupation", "vacation": "a VACATION", "quit": "I QUIT",
               "undertaker": "the UNDERTAKER"}


def next_landing(spaces: Sequence[Mapping[str, Any]], position: int) -> dict[str, Fraction]:
    """Rule 11: the chance that the next throw from ``position`` ends on each kind of space
    (``spaces`` as in the view), likeliest first."""
    kinds: dict[str, Fraction] = {}
    for total in TOTALS:
        kind = spaces[(position + total) % len(spaces)]["kind"]
        kinds[kind] = kinds.get(kind, Fraction(0)) + p_total(total)
    return dict(sorted(kinds.items(), key=lambda kp: -kp[1]))


def upcoming(view: Mapping[str, Any], kind: str, player: str) -> list[tuple[str, Fraction]]:
    """What ``player``'s pending decision of ``kind`` may lead to: (what, exact chance) pairs
    for the odds panel, read from the table ``view``."""
    seat = next(s for s in view["seats"] if s["name"] == player)
    if kind == "roll" and seat["position"] is not None:
        lines = [(f"{player}'s next throw lands on {SPACE_WORDS.get(k, k)}", p)
                 for k, p in next_landing(view["spaces"], seat["position"]).items()]
        if not seat["smoker"]:
            lines.append(("On a company advert a 7 or a double hooks a non-smoker",
                          p_seven_or_double()))
        return lines
    if kind == "quit":
        return [("Quitting needs a 7 or a double", p_seven_or_double())]
    if kind == "challenge":
        return [("A challenger must throw strictly higher (a tie favours the one challenged)",
                 p_strictly_lower())]
    if kind == "bid":
        return [("A token 7 spaces before an occupation lands on it next throw, the likeliest "
                 "distance", p_total(7)),
                ("From 2 or 12 spaces away", p_total(2))]
    if kind == "puff_from":
        return [(f"Each face-down card in {s['name']}'s hand of {s['puff_cards']} is drawn",
                 Fraction(1, s["puff_cards"]))
                for s in view["seats"] if s["name"] != player and s["puff_cards"]]
    return []


# -- fees and attempts as distributions -------------------------------------------------------
def psychiatrist_fee(edition: Content | None = None) -> Dist:
    """Rule 36: the exact distribution of the PSYCHIATRIST's bill (per pip x the throw)."""
    from tabletop.odds import dice

    job = next(o for o in (edition or kit_content()).occupations.values() if o.rule == "dice")
    return dice(f"{job.figure('dice')}d{SIDES}") * job.figure("per_pip")


def tax_above_half(cash: int, edition: Content | None = None) -> Fraction:
    """Rule 37: how much more than an exact half of ``cash`` the TAXMAN takes (his rounding)."""
    from .money import taxman_fee

    job = next(o for o in (edition or kit_content()).occupations.values()
               if o.rule == "half_cash")
    return taxman_fee(cash, job.figure("round_to")) - Fraction(cash, 2)


def advance_years(bill: Dist, edition: Content | None = None) -> Dist:
    """Rule 26: the years a player with no cash loses to the company's advance for a bill
    drawn from ``bill`` (the advance is the bill rounded up to whole units, a year each)."""
    from .money import company_advance

    unit = (edition or kit_content()).loan_unit
    return bill.map(lambda need: company_advance(need, unit)[1])


def quit_attempts(limit: int) -> Dist:
    """Rule 18: how many I QUIT attempts until the first 7 or double (geometric with
    p = 1/3); attempts beyond ``limit`` are gathered in the outcome ``limit + 1``."""
    from tabletop.odds import Dist

    p = p_seven_or_double()
    probs = {k: (1 - p) ** (k - 1) * p for k in range(1, limit + 1)}
    probs[limit + 1] = (1 - p) ** limit
    return Dist(probs)


# -- the board as a Markov chain ------------------------------------------------------------
def board(edition: Content | None = None) -> list[tuple[str, str]]:
    """The spaces (name, kind) in track order."""
    return [(s.name, s.kind) for s in (edition or kit_content()).board]


def card_moves(edition: Content, space: int, smoker: bool) -> Dist:
    """Rules 21-23: where a HAV' A PUFF drawn on ``space`` leaves the token: a card drawn
    uniformly from the full deck, read for a smoker or a non-smoker; a card that does not
    advance the token leaves it there (the game's own :meth:`~.content.Effect.advance`).

    The full deck is an approximation: in the game the card comes from an opponent's hand and
    is discarded until the next deal (rules 21 and 24); :func:`.studies.pile_hook_waits`
    measures its error."""
    from tabletop.odds import Dist

    n = len(edition.board)
    weights: dict[int, int] = {}
    for card in edition.puff_cards:
        end = (space + card.effect(smoker).advance(edition.board, space)) % n
        weights[end] = weights.get(end, 0) + card.count
    return Dist.from_weights(weights)


@cache
def board_chain(with_puff_cards: bool = True, smoker: bool = False,
                edition: Content | None = None) -> MarkovChain:
    """Where a token rests after each move on the loop: a throw moves it clockwise, and with
    ``with_puff_cards`` a HAV' A PUFF landing draws a card that may carry it on (again and
    again if a card sends it to another HAV' A PUFF)."""
    from tabletop.odds import chain_from_step, dice
    from tabletop.odds.landing import settling

    edition = edition or kit_content()
    n = len(edition.board)
    throw = dice(f"{DICE}d{SIDES}")
    puff = {s.index for s in edition.board if s.kind == "puff"} if with_puff_cards else set()
    settle = settling(list(range(n)), lambda s: card_moves(edition, s, smoker)
                      if s in puff else None)
    return chain_from_step(n, lambda s: settle(throw.map(lambda k: (s + k) % n)))


def landing(with_puff_cards: bool = True, smoker: bool = False, exact: bool = True,
            edition: Content | None = None) -> pd.DataFrame:
    """The long-run landing table of the loop (see
    :func:`tabletop.odds.landing.landing_table`): uniform without cards, bent by them."""
    from tabletop.odds.landing import landing_table

    return landing_table(board_chain(with_puff_cards, smoker, edition), board(edition), exact)


def hitting_chain(chain: MarkovChain, targets: Iterable[int], p_stop: Fraction | int = 1,
                  done: str = "done") -> MarkovChain:
    """``chain`` with one more, absorbing state ``done``: a move that lands on one of
    ``targets`` ends the walk with chance ``p_stop`` (else the walk goes on from there).

    With ``p_stop = 1`` the expected steps from a target are its return time; with the
    I QUIT spaces and ``p_stop = 1/3`` it is the wait of a smoker trying to quit there."""
    from tabletop.odds import Dist, MarkovChain

    targets = frozenset(targets)
    p_stop = Fraction(p_stop)
    rows: dict[Any, Dist] = {}
    for state in chain.states:
        weights: dict[Any, Fraction] = {}
        for nxt, p in chain.row(state).items():
            stop = p * p_stop if nxt in targets else Fraction(0)
            if stop:
                weights[done] = weights.get(done, Fraction(0)) + stop
            if p - stop:
                weights[nxt] = weights.get(nxt, Fraction(0)) + p - stop
        rows[state] = Dist(weights)
    rows[done] = Dist.certain(done)
    return MarkovChain.from_rows(rows)


def expected_moves_until(chain: MarkovChain, targets: Iterable[int], start: int,
                         p_stop: Fraction | int = 1) -> Fraction:
    """Expected moves from ``start`` until a landing on ``targets`` ends the walk (each
    landing ends it with chance ``p_stop``); from a target itself, the return time."""
    return hitting_chain(chain, targets, p_stop).absorbing().steps[start]


def moves_per_turn(chain: MarkovChain, own_spaces: Iterable[int]) -> Fraction:
    """Rule 16 in the long run: a move landing on one of ``own_spaces`` (the smoker's
    brands) earns another move, so a turn is a run of moves ending off those spaces. Over a
    long game the share of moves that end a turn is P(a move ends off them), from the
    long-run table of ``chain``, so a turn lasts 1 / P moves on average."""
    stationary = chain.stationary()
    on_own = sum((stationary[s] for s in own_spaces), Fraction(0))
    return 1 / (1 - on_own)


def spaces_per_turn(n_brands: int, edition: Content | None = None) -> Fraction:
    """Rule 16 on the plain loop (every space equally likely in the long run): the expected
    spaces a smoker holding ``n_brands`` brands moves per turn, 7 per move times the moves
    per turn, 7 · n / (n - b)."""
    return mean_move() * moves_per_turn(board_chain(False, edition=edition), range(n_brands))


# -- every landing, per move and per lap (rules 21-25) -----------------------------------------
# A "landing" here is every time a space is resolved: where a throw ends (a HAV' A PUFF space
# included) and, when a card carries the token on, where the card takes it. :func:`landing`
# counts something else: where each move *ends* (after any card), one space per move.
@cache
def _card_trips(smoker: bool, edition: Content) -> dict[int, tuple[tuple[Fraction, ...], Fraction]]:
    """For each HAV' A PUFF space: the expected landings on every space once a throw ends
    there (itself, then where cards carry the token, again if a card sends it to another
    HAV' A PUFF space) and the expected spaces the cards move it, solved exactly."""
    from tabletop.odds.linalg import solve

    n = len(edition.board)
    puff = [s.index for s in edition.board if s.kind == "puff"]
    a, b = [], []
    for p in puff:
        ends = card_moves(edition, p, smoker)
        row = [Fraction(int(p == q)) - (ends[q] if q != p else 0) for q in puff]
        rhs = [Fraction(int(p == s)) for s in range(n)] + [Fraction(0)]
        for end, w in ends.items():
            if end != p:
                rhs[n] += w * ((end - p) % n)
                if end not in puff:
                    rhs[end] += w
        a.append(row)
        b.append(rhs)
    x = solve(a, b, singular="HAV' A PUFF cards keep sending the token round for ever")
    return {p: (tuple(row[:n]), row[n]) for p, row in zip(puff, x, strict=True)}


@cache
def _per_move(smoker: bool, edition: Content) -> tuple[tuple[Fraction, ...], Fraction]:
    """Long-run landings on each space per move, and spaces travelled per move."""
    from tabletop.odds import dice

    n = len(edition.board)
    trips = _card_trips(smoker, edition)
    rests = board_chain(True, smoker, edition).stationary()
    landings, spaces = [Fraction(0)] * n, Fraction(0)
    for start, p_start in rests.items():
        for throw, p_throw in dice(f"{DICE}d{SIDES}").items():
            w, end = p_start * p_throw, (start + throw) % n
            visits, carried = trips.get(end, (None, Fraction(0)))
            spaces += w * (throw + carried)
            if visits is None:
                landings[end] += w
            else:
                landings = [x + w * v for x, v in zip(landings, visits, strict=True)]
    return tuple(landings), spaces


def landings_per_move(smoker: bool = False, edition: Content | None = None) -> tuple[Fraction, ...]:
    """Rules 11 and 21-23: how often, per move in the long run, a token lands on each space,
    counting every landing (the throw's, HAV' A PUFF included, and a card's); cards are
    drawn as if from a full deck (the approximation of :func:`card_moves`) and read for a
    ``smoker`` or a non-smoker. The walkthrough builds the same count in view."""
    return _per_move(smoker, edition or kit_content())[0]


def spaces_per_move(smoker: bool = False, edition: Content | None = None) -> Fraction:
    """The spaces a move carries a token in the long run: the throw (7) plus a card's advance."""
    return _per_move(smoker, edition or kit_content())[1]


def landings_per_lap(smoker: bool = False, edition: Content | None = None) -> tuple[Fraction, ...]:
    """Landings on each space per lap (28 spaces travelled, one year on the Lifeometer):
    :func:`landings_per_move` divided by the moves a lap takes."""
    edition = edition or kit_content()
    moves_per_lap = len(edition.board) / spaces_per_move(smoker, edition)
    return tuple(x * moves_per_lap for x in landings_per_move(smoker, edition))


# -- what a landing costs (the scale of fees, the brand fee, the cards) ------------------------
@dataclass(frozen=True)
class Lander:
    """Whoever lands, as the fees see them: the brands held (none: a non-smoker), the
    Lifeometer year and the cash in hand."""

    brands: tuple[str, ...] = ()
    lifeometer: int = 0
    cash: int = 0

    @property
    def smoker(self) -> bool:
        return bool(self.brands)


def fee_per_landing(occupation: str, lander: Lander, edition: Content | None = None) -> Fraction:
    """Rules 32-38 and B3: the fee ``lander`` owes ``occupation`` on landing, by the game's own
    scale of fees; the PSYCHIATRIST's is averaged over the patient's throw."""
    from tabletop.odds import dice

    from .money import scale_fee

    job = (edition or kit_content()).occupations[occupation]
    bill = dice(f"{job.figure('dice') if job.rule == 'dice' else 1}d{SIDES}").map(
        lambda pips: scale_fee(job, len(lander.brands), lander.lifeometer, lander.cash, pips))
    return bill.mean()


def cost_of_landing(space: int, lander: Lander, edition: Content | None = None) -> Fraction:
    """What ``lander`` pays on landing on ``space``, on average: an occupation's fee (nothing on
    their own, which the lander is assumed not to own), and for a smoker the brand fee on an
    advert of a brand not held (Rule 15). The hooking of a non-smoker is left out: it ends
    the clean spell rather than costing money in it."""
    edition = edition or kit_content()
    here = edition.board[space]
    if here.occupation is not None:
        return fee_per_landing(here.occupation, lander, edition)
    if here.kind == "advertising" and lander.smoker and here.name not in lander.brands:
        return Fraction(edition.brand_fee)
    return Fraction(0)


def card_money_and_years(effect: Effect, clean_opponents: int = 1) -> tuple[int, int]:
    """Rules 19 and 22: what one card's ``effect`` costs its drawer: (money paid, years lost);
    money received counts as negative, and paying every non-smoker pays ``clean_opponents``.
    Where it sends the token counts as a landing, and a change of status (quitting, an
    advert's roll) is left out."""
    steps = dict(effect.steps)
    paid = (steps.get("pay_company", 0) - steps.get("collect", 0) + effect.fee
            + steps.get("pay_each_non_smoker", 0) * clean_opponents)
    return paid, steps.get("lose_years", 0)


def card_per_draw(lander: Lander, clean_opponents: int = 1,
                  edition: Content | None = None) -> tuple[Fraction, Fraction]:
    """:func:`card_money_and_years` averaged over a full deck, for ``lander``'s status."""
    deck = (edition or kit_content()).puff_cards
    size = sum(card.count for card in deck)
    money, years = Fraction(0), Fraction(0)
    for card in deck:
        paid, lost = card_money_and_years(card.effect(lander.smoker), clean_opponents)
        money += Fraction(card.count * paid, size)
        years += Fraction(card.count * lost, size)
    return money, years


def moves_per_turn_of(lander: Lander, edition: Content | None = None) -> Fraction:
    """Rule 16 with the cards in play: a move ending on one of the lander's brands earns
    another, so a turn lasts 1 / P(a move ends off them) moves in the long run."""
    edition = edition or kit_content()
    own = [s.index for s in edition.board if s.name in lander.brands]
    return moves_per_turn(board_chain(True, lander.smoker, edition), own)


@cached
def turn_costs(lander: Lander, clean_opponents: int = 1,
               edition: Content | None = None) -> dict[str, Fraction]:
    """One turn of ``lander`` in the long run, cards in play: the moves it lasts, the spaces it
    covers, the money it costs on landings (fees, brand fees) and on cards, and the years
    the cards take."""
    edition = edition or kit_content()
    moves = moves_per_turn_of(lander, edition)
    landings = landings_per_move(lander.smoker, edition)
    puff = sum(landings[s.index] for s in edition.board if s.kind == "puff")
    card_money, card_years = card_per_draw(lander, clean_opponents, edition)
    return {
        "moves": moves,
        "spaces": moves * spaces_per_move(lander.smoker, edition),
        "money on landings": moves * sum(
            (x * cost_of_landing(s, lander, edition) for s, x in enumerate(landings) if x),
            Fraction(0)),
        "money on cards": moves * puff * card_money,
        "years on cards": moves * puff * card_years,
    }


def years_per_turn(costs: Mapping[str, Fraction], edition: Content | None = None) -> Fraction:
    """The years a turn costs at the kit's exchange rate (Rule 26: one year for every
    ``loan_unit`` the company advances): the spaces covered (a lap of the board is a year),
    the cards' years, and the money, as the years it will cost once it has to be borrowed."""
    edition = edition or kit_content()
    money = costs["money on landings"] + costs["money on cards"]
    return (costs["spaces"] / len(edition.board) + costs["years on cards"]
            + money / edition.loan_unit)


def vacation_break_even(lifeometer: int, fee: int, most: int = 1000, step: int = 10,
                        edition: Content | None = None) -> int | None:
    """RULES.md 2 D, the vacation: the least cash (a multiple of ``step`` up to ``most``) at
    which one turn of a non-smoker in Lifeometer year ``lifeometer`` costs more than ``fee`` in
    K of life (:func:`years_per_turn` at the exchange rate); None when even ``most`` does not.
    A turn costs more the more cash is carried (the TAXMAN takes half), so the search halves
    the range of cash each time."""
    edition = edition or kit_content()

    def dearer(cash: int) -> bool:
        lander = Lander((), lifeometer, cash)
        costs = turn_costs(lander, edition=edition)
        return years_per_turn(costs, edition) * edition.loan_unit > fee

    low, high = 0, most // step
    if not dearer(high * step):
        return None
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if dearer(middle * step) else (middle + 1, high)
    return low * step


# -- waiting times ----------------------------------------------------------------------------
@cache
@cached
def moves_to_cover(spaces: int, limit: int = 100) -> Dist:
    """Rule 11: how many throws it takes for their running total to reach ``spaces`` (13 laps
    of 28: a life from GO to GONE with nothing else ageing the token). P(more than n throws) is
    P(n throws add up to less than ``spaces``), counted over the 36^n equally likely ways;
    more than ``limit`` throws are gathered in the outcome ``limit + 1``."""
    from tabletop.odds import Dist

    ways_of = {t: sum(sum(p) == t for p in PAIRS) for t in TOTALS}
    ways, short = {0: 1}, {0: Fraction(1)}
    for n in range(1, limit + 1):
        after: dict[int, int] = {}
        for total, count in ways.items():
            if total < spaces:  # a token already there stays there
                for t, w in ways_of.items():
                    after[total + t] = after.get(total + t, 0) + count * w
        ways = after
        short[n] = Fraction(sum(c for t, c in ways.items() if t < spaces), len(PAIRS) ** n)
    probs = {n: short[n - 1] - short[n] for n in range(1, limit + 1)}
    probs[limit + 1] = short[limit]
    return Dist(probs)


@cache
def card_hook_chain(edition: Content | None = None,
                    held: frozenset[str] = frozenset()) -> MarkovChain:
    """A lonely non-smoker's walk until she is hooked, HAV' A PUFF cards in play (rules 12,
    22, 23): the states are the spaces and ``"hooked"``. A landing on an advert hooks with the
    advert's chance when the company holds its brand, and by peer pressure (a strictly lower
    throw than the friend who smokes it, :func:`p_strictly_lower`) when a player at the table
    holds it (the brands in ``held``; a smoker's challenge, rule 8, is left out). On a
    HAV' A PUFF space a card of the full deck, read for a non-smoker, may send her on (to an
    advert's throw) or make her face one where she stands ("Free sample"). The walkthrough
    builds the same chain in view, and measures the full deck's error with
    :func:`.studies.pile_hook_waits` (the engine's real pile)."""
    from tabletop.odds import Dist, MarkovChain, dice

    edition = edition or kit_content()
    n, p = len(edition.board), p_seven_or_double()
    adverts = {s.index for s in edition.board if s.kind == "advertising"}
    puffs = {s.index for s in edition.board if s.kind == "puff"}
    deck = [card.non_smoker for card in edition.puff_cards for _ in range(card.count)]

    pressed = p_strictly_lower()

    def advert_throw(space: int) -> Dist:
        chance = pressed if edition.board[space].name in held else p
        return Dist({"hooked": chance, space: 1 - chance})

    def land(space: int) -> Dist:
        if space in adverts:
            return advert_throw(space)
        if space not in puffs:
            return Dist.certain(space)
        pairs: list[tuple[Any, Fraction]] = []
        for effect in deck:
            end = (space + effect.advance(edition.board, space)) % n
            throws = dict(effect.steps).get("advertising_roll") or end in adverts
            after = advert_throw(end) if throws else Dist.certain(end)
            pairs += [(state, q / len(deck)) for state, q in after.items()]
        return Dist(pairs)

    throw = dice(f"{DICE}d{SIDES}")
    rows = {s: Dist((state, pk * q) for k, pk in throw.items()
                    for state, q in land((s + k) % n).items()) for s in range(n)}
    rows["hooked"] = Dist.certain("hooked")
    return MarkovChain.from_rows(rows)


@cached
def life_visits(edition: Content | None = None,
                start: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], float]:
    """Rule 4: a lonely token's expected stays in each (Lifeometer year, space) over the rest of
    a life from ``start`` (by default GO on the UNDERTAKER) until GONE, on the plain loop (a
    lap is a year; no cards, fees or smoking): the start's row of the fundamental matrix
    N = (I - Q)^-1, in floats, the start itself counted once. The walkthrough builds the same
    chain in view."""
    from tabletop.odds import Dist, MarkovChain

    edition = edition or kit_content()
    plain = board_chain(False, edition=edition)

    def move(state: Any) -> Dist:
        if state == "GONE":
            return Dist.certain("GONE")
        year, space = state
        ahead = ((year + (nxt <= space), nxt, p) for nxt, p in plain.row(space).items())
        return Dist(("GONE" if y == edition.gone else (y, nxt), p) for y, nxt, p in ahead)

    states = [(y, s) for y in range(edition.gone) for s in range(len(edition.board))]
    chain = MarkovChain.from_rows({s: move(s) for s in [*states, "GONE"]})
    return chain.visits_numpy(start)


@cached
def income_to_gone(occupation: str, lander: Lander, space: int = 0,
                   edition: Content | None = None) -> float:
    """Rules 25 and 27: what ``occupation`` will still collect from ``lander``, who stands on
    ``space`` in Lifeometer year ``lander.lifeometer``, until GONE: the expected landings on
    its space in each year of the rest of a lonely life (:func:`life_visits` from there, the
    standing itself not a landing) times the fee that year (brands and cash kept as they are).
    An owner should sell it only for more than this, at the exchange rate of a year per
    advance unit."""
    edition = edition or kit_content()
    target = next(s.index for s in edition.board if s.occupation == occupation)
    here = (lander.lifeometer, space)
    visits = life_visits(edition, start=here)
    return sum(stays * float(fee_per_landing(occupation, replace(lander, lifeometer=year), edition))
               for (year, at), stays in visits.items() if at == target and (year, at) != here)
