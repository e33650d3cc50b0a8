"""The landing page of the kit: where to start, and one table linking every walkthrough,
dashboard and teacher's sheet.

``notebooks/index.ipynb`` calls :func:`landing`. Links are relative to the notebooks folder,
so the same page works under Voilà (``/voila/render/index.ipynb`` links to
``/voila/render/play/rush.ipynb``) and in JupyterLab. A notebook that does not exist yet is
listed as "coming". Reading times are estimated from the notebooks themselves
(:func:`reading_minutes`), so they follow the notebooks as they grow.
"""

from __future__ import annotations

import json
import math
import re
from html import escape
from pathlib import Path
from typing import NamedTuple

from IPython.display import HTML

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PRIMER = "probability_primer.ipynb"
STYLE = (  # !important: JupyterLab's and Voilà's own table style aligns cells right
    "<style>.tabletop-landing th, .tabletop-landing td "
    "{text-align: left !important; padding: 0.3em 0.8em;}</style>"
)
WORDS_PER_MINUTE = 200
"""Reading speed for the prose of a notebook."""
MINUTES_PER_RESULT = 0.5
"""Time to look at what one code cell shows (a table, a plot, a board)."""
MINUTES_PER_GUESS = 1.0
"""Time to make one predict-first guess before revealing it."""


class Entry(NamedTuple):
    """One game on the landing page: module name, title, what it teaches, and the primer
    sections its walkthrough builds on."""

    name: str
    title: str
    topics: str
    primer: str


GAMES: tuple[Entry, ...] = (
    Entry("hitchiker", "Hitchiker", "2d6 round a loop of 42 cities, a black market, blackjack",
          "§8–§11"),
    Entry("smokers_wild", "Smokers Wild", "a 7 or a double, the odds of quitting, a 28-space loop",
          "§1, §3, §8–§10"),
    Entry("hip_town", "Hip Town", "coins per roll, auctions, how long a town takes to build",
          "§3, §6, §9"),
    Entry("pitch", "Pitch: Money Game",
          "where the Jack of trumps is, what a bid is worth, a settlement that sums to zero",
          "§5–§7"),
    Entry("rush", "RUSH", "Markov chains on the Zonkometer, fair odds against printed odds",
          "§3, §9, §10"),
)
ORDER: tuple[str, ...] = ("smokers_wild", "hitchiker", "pitch", "hip_town", "rush")
"""The suggested order after the primer: dice on a loop first, then a loop with cards and
stopping decisions, then cards without replacement and bids, then the rest."""


def _prose(cell: dict) -> str | None:
    """What a student reads as prose in ``cell``: a Markdown cell's text, or what a ``say``
    cell (tagged ``prose``) rendered; None for any other cell."""
    if cell.get("cell_type") == "markdown":
        return "".join(cell.get("source", ""))
    if "prose" in cell.get("metadata", {}).get("tags", []):
        return "".join("".join(out.get("data", {}).get("text/markdown", ""))
                       for out in cell.get("outputs", []))
    return None


def part_minutes(path: Path) -> dict[str, float] | None:
    """The time, in minutes and unrounded, to work through each part of a notebook alone (a
    part runs from one ``## `` heading to the next; what comes before the first is
    ``"introduction"``): its prose at :data:`WORDS_PER_MINUTE`, :data:`MINUTES_PER_RESULT`
    for each other code cell and :data:`MINUTES_PER_GUESS` for each predict-first question.
    None if there is no such notebook (or it cannot be read)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    parts: dict[str, float] = {}
    part = "introduction"
    for cell in cells:
        prose = _prose(cell)
        if prose is not None:
            heading = re.search(r"^## +(.+)$", prose, re.M)
            part = heading.group(1).strip() if heading else part
            minutes = len(prose.split()) / WORDS_PER_MINUTE
        elif cell.get("cell_type") == "code":
            source = "".join(cell.get("source", ""))
            minutes = MINUTES_PER_RESULT + MINUTES_PER_GUESS * source.count("predict_first(")
        else:
            continue
        parts[part] = parts.get(part, 0.0) + minutes
    return parts


def class_minutes(path: Path) -> float | None:
    """The time a class takes over a notebook, in minutes and unrounded (TEACHING.md): its
    reading time counted twice (a class stops to guess and discuss), plus
    :data:`MINUTES_PER_GUESS` for each predict-first question. None if there is no such
    notebook (or it cannot be read)."""
    parts = part_minutes(path)
    if parts is None:
        return None
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    guesses = sum("".join(c.get("source", "")).count("predict_first(")
                  for c in cells if c.get("cell_type") == "code")
    alone = sum(parts.values()) - MINUTES_PER_GUESS * guesses
    return 2 * alone + MINUTES_PER_GUESS * guesses


def rounded(minutes: float) -> int:
    """A time as the landing page states it: rounded up to 5 minutes, at least 5."""
    return max(5, 5 * math.ceil(minutes / 5))


def reading_minutes(path: Path) -> int | None:
    """A rough time to work through a notebook alone: the sum of its :func:`part_minutes`,
    :func:`rounded`. None if there is no such notebook (or it cannot be read)."""
    parts = part_minutes(path)
    return None if parts is None else rounded(sum(parts.values()))


def _minutes(relative: str, notebooks: Path) -> str:
    minutes = reading_minutes(notebooks / relative)
    return "" if minutes is None else f" (about {minutes} min)"


def _link(relative: str, label: str, notebooks: Path) -> str:
    """An ``<a>`` to ``relative`` when that notebook exists, else the word "coming"."""
    if (notebooks / relative).is_file():
        return f'<a href="{escape(relative)}">{escape(label)}</a>'
    return "<em>coming</em>"


def _walkthrough(game: Entry, notebooks: Path) -> str:
    relative = f"{game.name}.ipynb"
    return _link(relative, "walkthrough", notebooks) + _minutes(relative, notebooks)


def start_here(notebooks: Path = NOTEBOOKS) -> str:
    """The suggested path as an ordered list: the primer, then the walkthroughs in
    :data:`ORDER`, each with its reading time (or "coming")."""
    steps = []
    if (notebooks / PRIMER).is_file():
        steps.append(f'<a href="{PRIMER}">The probability primer</a>'
                     f"{_minutes(PRIMER, notebooks)}: the tools every walkthrough uses, one "
                     "named section each (§1–§12); a walkthrough points back to them.")
    by_name = {game.name: game for game in GAMES}
    for name in ORDER:
        game = by_name[name]
        relative = f"{game.name}.ipynb"
        if (notebooks / relative).is_file():
            link = f'<a href="{escape(relative)}">{escape(game.title)}</a>'
            steps.append(f"{link}{_minutes(relative, notebooks)}: {escape(game.topics)} "
                         f"(primer {escape(game.primer)}).")
        else:
            steps.append(f"{escape(game.title)}: walkthrough <em>coming</em>.")
    items = "\n".join(f"<li>{step}</li>" for step in steps)
    return (
        '<div class="tabletop-start"><p><strong>Where to start.</strong> Work through them '
        "in this order; the times are for one reader alone (a class that stops to guess and "
        f'discuss takes about twice as long).</p>\n<ol class="tabletop-path">\n{items}\n</ol>'
        "</div>"
    )


def landing_html(notebooks: Path = NOTEBOOKS) -> str:
    """The landing page's HTML: where to start, then a table of the five games."""
    rows = "\n".join(
        "<tr>"
        f"<td><strong>{escape(game.title)}</strong></td>"
        f"<td>{escape(game.topics)}</td>"
        f"<td>{_walkthrough(game, notebooks)}</td>"
        f"<td>{_link(f'play/{game.name}.ipynb', 'play', notebooks)}</td>"
        f"<td>{_link(f'teachers/{game.name}.ipynb', 'teacher’s sheet', notebooks)}</td>"
        "</tr>"
        for game in GAMES
    )
    return (
        f"{STYLE}\n{start_here(notebooks)}\n"
        '<table class="tabletop-landing">\n'
        "<thead><tr><th>Game</th><th>Probability inside</th>"
        "<th>Walkthrough</th><th>Dashboard</th><th>Teacher’s sheet</th></tr></thead>\n"
        f"<tbody>\n{rows}\n</tbody>\n</table>"
    )


def landing(notebooks: Path = NOTEBOOKS) -> HTML:
    """The landing page as a displayable object (the last line of a cell shows it)."""
    return HTML(landing_html(notebooks))
