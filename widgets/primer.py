"""Pictures for the probability primer's lessons (``notebooks/primer/``): the plumbing the
lessons keep out of sight, so that their cells show the counting.

    square_bars(exact, "chance to finish first", title, simulated={0: estimate})
    break_even_plot(shares, lines, at, title, xlabel, ylabel)  # where the best option changes
    paired_plot(study, title)  # a paired study's interval against two independent studies'
    where_pairs_part("smokers_wild", NoChallengeBot, games=20, seed=2024)  # what a pair shares
    jack_verdict(gain, alone, by_length), quit_verdict(study)  # verdicts in words
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

import matplotlib.pyplot as plt

from tabletop.bots import make_bot
from tabletop.core.play import play_to_end
from tabletop.core.registry import new_game
from tabletop.odds import Estimate, MeanEstimate
from tabletop.paired import BotMaker, PairedStudy
from tabletop.sim import derived_seed

from .intervals import level_words
from .lessons import EXACT_COLOUR, SIM_COLOUR, approx

Sim = Estimate | MeanEstimate


def _centre(sim: Sim) -> float:
    return sim.p_hat if isinstance(sim, Estimate) else sim.mean


def square_bars(exact: Mapping[int, Fraction | float], ylabel: str, title: str,
                simulated: Mapping[int, Sim] | None = None, xlabel: str = "square",
                ax: plt.Axes | None = None) -> plt.Axes:
    """One bar a square for an exact figure, with simulated values (and their intervals)
    drawn over the squares that have one. The figures are chances or counts, never below
    zero, so an interval's lower end is drawn at zero when it would fall below."""
    ax = ax or plt.subplots(figsize=(6.5, 2.6))[1]
    squares = list(exact)
    ax.bar(squares, [float(exact[s]) for s in squares], color=SIM_COLOUR, label="exact")
    for k, (square, sim) in enumerate((simulated or {}).items()):
        low, high = sim.interval
        centre = _centre(sim)
        low = max(low, 0.0)
        ax.errorbar(square, centre, yerr=[[centre - low], [high - centre]], fmt="o",
                    color=EXACT_COLOUR, capsize=3, ms=4,
                    label=f"simulated, {sim.trials:,} games, {level_words(sim)} interval"
                    if k == 0 else None)
    ax.set_xticks(squares, [str(s) for s in squares], fontsize=7)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def break_even_plot(shares: Sequence[float], lines: Mapping[str, Sequence[float]], at: float,
                    title: str, xlabel: str, ylabel: str) -> plt.Axes:
    """Each option's value against one input (``shares``), with the break-even ``at``, the
    input where the best option changes, drawn as a dashed line."""
    ax = plt.subplots(figsize=(6, 2.8))[1]
    for (name, values), colour in zip(lines.items(), ("#08519c", "#fd8d3c"), strict=False):
        ax.plot(shares, values, color=colour, lw=2, label=name)
    ax.axvline(at, color="black", ls="--", lw=1, label=f"break-even {at:.0%}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    return ax


def independent_half_width(study: PairedStudy) -> float:
    """Half the interval of the difference had each arm been played on seeds of its own:
    the two arms' standard errors added in squares (they no longer share their luck)."""
    a, b = study.baseline, study.switched
    return a.z * math.sqrt(a.std ** 2 / a.trials + b.std ** 2 / b.trials)


def paired_plot(study: PairedStudy, title: str, unit: str = "",
                independent: tuple[float, float, float] | None = None) -> plt.Axes:
    """The paired difference with its 95% interval, above an independent comparison, and zero
    (no difference) drawn across. ``independent`` is a real independent study's (low, estimate,
    high); without it the upper bar is only the *width* two independent studies of these games
    would have, centred on the paired estimate, and its label says so."""
    ax = plt.subplots(figsize=(6, 1.9))[1]
    mean = study.difference.mean
    low, high = study.difference.interval
    if independent is None:
        wide = independent_half_width(study)
        top = ("width two independent studies would have\n(centred on the paired estimate)",
               (mean - wide, mean, mean + wide))
    else:
        top = ("two independent studies", independent)
    rows = dict([top, ("one paired study", (low, mean, high))])
    for k, (left, mid, right) in enumerate(rows.values()):
        ax.errorbar(mid, k, xerr=[[mid - left], [right - mid]], fmt="o", capsize=5,
                    color="#08519c" if k else "#9e9ac8", lw=2)
        ax.text(left, k + 0.15, f"{right - left:.3f} wide", fontsize=8, va="bottom")
    ax.axvline(0, color="black", lw=1, ls=":")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_ylim(-0.6, len(rows) - 0.1)
    ax.set_xlabel(f"switched − usual, a game{unit}: the difference and its "
                  f"{level_words(study.difference)} interval")
    ax.set_title(title, fontsize=10)
    return ax


def _rolls(name: str, index: int, seed: int, maker: BotMaker, rivals: BotMaker,
           players: int) -> list[tuple[str, object, object]]:
    """Game ``index`` of a paired study (the same seeds as :func:`tabletop.paired.paired_study`,
    seat 0 played by ``maker``): every throw of the game, in order, as (thrower, why, dice)."""
    game = new_game(name, players=players, seed=derived_seed(seed, index))
    bots = {player: (make_bot(name, kind, derived_seed(seed, index, place + 1))
                     if isinstance(kind := (maker if place == 0 else rivals), str)
                     else kind(derived_seed(seed, index, place + 1)))
            for place, player in enumerate(game.players)}
    play_to_end(game, bots, max_steps=200_000)
    return [(e.player, e.data.get("why"), e.data.get("dice"))
            for e in game.events if e.kind == "roll"]


def where_pairs_part(name: str, switched: BotMaker, games: int, seed: int,
                     baseline: BotMaker = "heuristic", rivals: BotMaker = "heuristic",
                     players: int = 3) -> list[dict[str, float]]:
    """Replay the first ``games`` pairs of a paired study and say what each pair shared: the
    share of the usual game's throws made before the two games first throw differently (another
    thrower, purpose or faces); and, after that, throw by throw at the same place in the two
    lists, the share showing the same faces whoever throws them (the engine draws a game's dice
    in order from one seeded stream, so the same dice often come up at the same place, but for
    another throw), and the share that is the same throw (thrower, purpose and faces)."""
    rows = []
    for index in range(games):
        usual = _rolls(name, index, seed, baseline, rivals, players)
        other = _rolls(name, index, seed, switched, rivals, players)
        both = min(len(usual), len(other))
        first = next((k for k in range(both) if usual[k] != other[k]), both)
        pairs = list(zip(usual[first:both], other[first:both], strict=True))
        faces = sum(u[2] == o[2] for u, o in pairs)
        same = sum(u == o for u, o in pairs)
        rows.append({"throws": len(usual), "shared before parting": first / len(usual),
                     "same faces after": faces / len(pairs) if pairs else math.nan,
                     "same throw after": same / len(pairs) if pairs else math.nan})
    return rows


# -- the verdicts' wording: which sentence a result calls for, kept out of the lessons' cells --
def leaves_zero_out(e: Sim) -> bool:
    """Whether an interval of a difference leaves zero out (its sign is resolved)."""
    low, high = e.interval
    return low > 0 or high < 0


def _cards(lengths: Sequence[int]) -> str:
    return " or ".join(map(str, lengths)) + (" card" if lengths == [1] else " cards")


def jack_verdict(gain: MeanEstimate, alone: Sequence[float],
                 by_length: Mapping[int, MeanEstimate]) -> tuple[str, str]:
    """Lesson 3: what naming the Jack's suit did to Ann's cents a hand (``gain``, the whole
    hand played both ways), and the advice it gives; ``alone`` is the Jack-alone price's gain,
    row by row, which the advice says whether it ever flips; ``by_length`` is the whole hand's
    gain by how many cards of the Jack's suit she held (only the lengths read often enough),
    where the advice finds its break-even."""
    low, high = gain.interval
    flips = ("the Jack alone never flips (every row of the price above favours it), the whole "
             "hand does" if min(alone) > 0 else "the Jack alone already flips in some rows")
    if high < 0:
        done = "cost her"
    elif low > 0:
        done = "brought her"
    else:
        done = "changed by an amount it cannot resolve"
    lost = [n for n, e in by_length.items() if e.interval[1] < 0]
    won = [n for n, e in by_length.items() if e.interval[0] > 0]
    tied = [n for n, e in by_length.items() if not leaves_zero_out(e)]
    parts = []
    if lost:
        parts.append(f"name the best suit when the Jack's suit is {_cards(lost)} long")
    if won:
        parts.append(f"name the Jack's suit when it is {_cards(won)} long")
    if tied:
        parts.append(f"at {_cards(tied)} the deals cannot tell the two apart, so the break-even "
                     "lies about there")
    elif lost and not won:
        parts.append("the Jack's suit lost at every length the deals reach often enough, so "
                     "no break-even lies inside them")
    ordered = [by_length[n].mean for n in sorted(by_length)]
    rising = ("The longer the Jack's suit, the better it did; " if len(ordered) > 1
              and all(a < b for a, b in pairwise(ordered)) else "")
    return done, "; ".join(parts) + f". {rising}{flips}."


def quit_verdict(study: PairedStudy) -> str:
    """Lesson 4: what the paired study of trying I QUIT or not says, with its detectable
    difference when it cannot tell the two apart."""
    if study.resolved:
        return ("resolves the choice: never trying wins less often, so try."
                if study.difference.mean < 0 else
                "resolves the choice: never trying wins more often, so pass.")
    return ("cannot tell the two habits apart at this size. A study of this size finds a true "
            f"difference of {approx(study.detectable, 2)} of a game won four times in five "
            "(§13 says why), so smaller effects can hide in its interval: at this size the full "
            "game leaves the choice open.")


def same_price_direction(got: MeanEstimate) -> str:
    """Lesson 7: whether the games agree with the model's side (the DOCTOR) at their share."""
    if leaves_zero_out(got) and got.mean > 0:
        return "agree: given the DOCTOR, Ann collected more"
    if leaves_zero_out(got):
        return "disagree: given the DOCTOR, Ann collected less"
    return "do not resolve the direction at this size"


def model_against_games(short: MeanEstimate) -> str:
    """Lesson 7: what the model less what the rivals paid, DOCTOR − LAWYER, says."""
    if not leaves_zero_out(short):
        return (f"is K{short.mean:.2g} with an interval that holds zero: these games cannot tell "
                "whether the model is too high (the teacher's sheet splits it by the rivals' "
                "status).")
    return (f"is K{short.mean:.2g} and leaves zero out, so the model is probably "
            f"{'too high' if short.mean > 0 else 'too low'} here (the teacher's sheet "
            "looks for why).")


def gap_words(e: MeanEstimate, model: float) -> str:
    """Lesson 7: a DOCTOR − LAWYER difference of K a game measured in the games, in words: its
    interval, which side of zero, and where it lies against the ``model``'s figure."""
    low, high = e.interval
    side = ("on the DOCTOR's side" if low > 0 else "on the LAWYER's side" if high < 0
            else "holding zero")
    where = ("below the model's" if high < model else "above the model's" if low > model
             else "holding the model's figure")
    return (f"K{e.mean:.2g} ({level_words(e)} interval K{low:.2g} to K{high:.2g}): "
            f"{side}, and {where}").replace("K-", "−K")


def wins_words(won: MeanEstimate) -> str:
    """Lesson 7: the games won, DOCTOR − LAWYER, in words."""
    more = "more" if won.mean > 0 else "less"
    if not leaves_zero_out(won):
        return (f"Given the DOCTOR, Ann also won {more} often, but the interval of that "
                "difference holds zero: the direction is likely, not settled.")
    return f"Given the DOCTOR, Ann also won {more} often, and that interval leaves zero out."


def status_split_words(misses: Mapping[str, MeanEstimate]) -> str:
    """Lesson 7: which statuses' landings fell short of (or above) the model, and what that
    can and cannot say."""
    shown = {w: m.mean for w, m in misses.items() if leaves_zero_out(m)}
    if not shown:
        return ("No row's interval leaves zero out: at this size the games show no status "
                "landing differently from the model. Not tested: the model draws the HAV' A PUFF "
                "cards from a full deck.")
    return ("The rows whose interval leaves zero out: " + "; ".join(
        f"{w}, {'fewer' if m > 0 else 'more'} landings than the model" for w, m in shown.items())
        + ". The status–position link would do that, but so could the model's full deck of "
        "HAV' A PUFF cards, or the game's start at the UNDERTAKER before the long-run spread is "
        "reached: these games measure the shortfall, not which cause it is.")


def choice_map(xs: Sequence[float], line: Sequence[float], title: str, xlabel: str,
               ylabel: str, above: str, below: str,
               mark: tuple[float, float, str] | None = None) -> plt.Axes:
    """Two inputs and the option each pair of values favours: ``line`` is the break-even (the
    second input at which the options are worth the same, for each of ``xs``), ``above`` the
    option above it; ``mark`` an (x, y, label) point drawn on the map."""
    ax = plt.subplots(figsize=(5.2, 3.2))[1]
    ys = [min(max(y, 0.0), 1.0) for y in line]
    ax.fill_between(xs, ys, 1, color="#fdd0a2", label=above)
    ax.fill_between(xs, 0, ys, color="#c6dbef", label=below)
    ax.plot(xs, ys, color="black", lw=1.5, label="break-even")
    if mark is not None:
        ax.plot(mark[0], mark[1], "o", color="#d62728", label=mark[2])
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def game_landings(games: int, seed: int, players: int = 3) -> list[dict[str, object]]:
    """Lesson 6's check in the full game: ``games`` Smokers Wild games, every seat the kit's
    heuristic bot, seeded as :func:`tabletop.paired.paired_study` seeds them. For each game,
    the throws to move made as a smoker and as a non-smoker (``moves``, by ``True`` for a
    smoker) and the landings on each space by the mover's status then (``lands``, by (status,
    space)): every move the log records is a landing, the dice's and a card's."""
    rows = []
    for index in range(games):
        game = new_game("smokers_wild", players=players, seed=derived_seed(seed, index))
        bots = {p: make_bot("smokers_wild", "heuristic", derived_seed(seed, index, place + 1))
                for place, p in enumerate(game.players)}
        play_to_end(game, bots, max_steps=200_000)
        smoker = dict.fromkeys(game.players, False)  # everyone starts a non-smoker
        moves, lands = {True: 0, False: 0}, {}
        for e in game.events:
            if e.kind in ("smoker", "non_smoker"):
                smoker[e.player] = e.kind == "smoker"
            elif e.kind == "roll" and e.data.get("why") == "move":
                moves[smoker[e.player]] += 1
            elif e.kind == "move":
                key = (smoker[e.player], e.data["end"])
                lands[key] = lands.get(key, 0) + 1
        rows.append({"moves": moves, "lands": lands})
    return rows


def full_game_words(gaps: Mapping[str, MeanEstimate]) -> str:
    """Lesson 6: what the full games' landings, less the model's (``gaps``, a game's landings,
    row by row), say: which rows the games resolve, and the causes no game of this kind can
    tell apart."""
    shown = {w: g.mean for w, g in gaps.items() if leaves_zero_out(g)}
    causes = ("the model draws every card from the full deck, where a card drawn stays out "
              "until the next deal; every token starts at the UNDERTAKER, so a game's first "
              "moves favour the spaces a throw or two from it; and a player's status goes with "
              "where she is (hooked on an advert space, freed on an I QUIT)")
    if not shown:
        return ("No row's interval leaves zero out: at this size the full games land as the "
                f"model says. The model still leaves out three things: {causes}.")
    return ("The rows whose interval leaves zero out: " + "; ".join(
        f"{w}, {'more' if m > 0 else 'fewer'} landings than the model" for w, m in shown.items())
        + f". The model leaves out three things that could do it: {causes}. These games "
        "measure the gap, not which cause it is.")
