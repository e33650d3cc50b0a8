"""The landing page of the kit: where to start, and one table linking every lesson,
going-further notebook, dashboard and teacher's sheet.

``notebooks/index.ipynb`` calls :func:`landing`. Links are relative to the notebooks folder,
so the same page works under Voilà (``/voila/render/index.ipynb`` links to
``/voila/render/rush/lesson_1.ipynb``) and in JupyterLab. A notebook that does not exist yet is
listed as "coming". Each game has two lessons, ``notebooks/<game>/lesson_1.ipynb`` and
``lesson_2.ipynb``, and ``going_further.ipynb``; the primer's lessons are in
``notebooks/primer/``. Times and the primer sections each game builds on are read from the
notebooks themselves (:func:`class_minutes`, :func:`primer_citations`), so they follow the
notebooks as they change.
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
STYLE = (  # !important: JupyterLab's and Voilà's own table style aligns cells right
    "<style>.tabletop-landing th, .tabletop-landing td "
    "{text-align: left !important; padding: 0.3em 0.8em;}</style>"
)
WORDS_PER_MINUTE = 100
"""Reading speed for the prose of a notebook: dense prose, every sentence carrying a number
or a step of an argument, read to be understood (an adult's silent pace for light prose is
about twice this). Set from the independent teachers' timings of the lessons with a class,
which ran 10 to 20 minutes over the count at 200 words a minute."""
MINUTES_PER_RESULT = 0.5
"""Time to look at what one code cell shows (a table, a plot, a board)."""
MINUTES_PER_GUESS = 1.0
"""Time to make one predict-first guess before revealing it."""


class Entry(NamedTuple):
    """One game on the landing page: its package's name, its title and what it teaches."""

    name: str
    title: str
    topics: str


GAMES: tuple[Entry, ...] = (
    Entry("hitchiker", "Hitchiker", "2d6 round a loop of 42 cities, a black market, blackjack"),
    Entry("smokers_wild", "Smokers Wild", "a 7 or a double, the odds of quitting, a 28-space loop"),
    Entry("hip_town", "Hip Town", "coins per roll, auctions, how long a town takes to build"),
    Entry("pitch", "Pitch: Money Game",
          "where the Jack of trumps is, what a bid is worth, a settlement that sums to zero"),
    Entry("rush", "RUSH", "Markov chains on the Zonkometer, fair odds against printed odds"),
)
ORDER: tuple[str, ...] = ("smokers_wild", "hitchiker", "pitch", "hip_town", "rush")
"""The suggested order after the primer: dice on a loop first, then a loop with cards and
stopping decisions, then cards without replacement and bids, then the rest."""
PRIMER_FOLDER = "primer"
LESSON = re.compile(r"lesson_(\d+)\.ipynb$")
SECTION = re.compile(r"^## +§(\d+) +(.+?)\s*$", re.M)
PRIMER_CITATION = re.compile(r"primer((?:[ ,]+(?:and +)?§\d+(?: *[–-] *§?\d+)?)+)")
SECTION_RANGE = re.compile(r"§(\d+)(?: *[–-] *§?(\d+))?")


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


def lessons(folder: Path) -> list[Path]:
    """The lessons in ``folder`` (``lesson_1.ipynb``, ``lesson_2.ipynb``, …), in order."""
    found = [(int(m.group(1)), p) for p in folder.glob("lesson_*.ipynb")
             if (m := LESSON.search(p.name))]
    return [path for _, path in sorted(found)]


def _cells(path: Path) -> list[dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def prose(path: Path) -> str:
    """All the prose of a notebook, as a student reads it (Markdown and rendered ``say``)."""
    return "\n\n".join(text for cell in _cells(path) if (text := _prose(cell)) is not None)


def title(path: Path) -> str:
    """A lesson's own title: what follows "lesson n:" in its first ``# `` heading (else what
    follows the heading's first colon; a game's name may hold one, as "Pitch: Money Game")."""
    heading = re.search(r"^# +(.+)$", prose(path), re.M)
    if heading is None:
        return path.stem
    numbered = re.search(r"\blesson \d+: *(.+)$", heading.group(1))
    return (numbered.group(1) if numbered else heading.group(1).split(":", 1)[-1]).strip()


def primer_sections(notebooks: Path = NOTEBOOKS) -> dict[int, tuple[str, Path]]:
    """Every section of the primer: its number -> (its title, the lesson that holds it)."""
    return {int(m.group(1)): (m.group(2), path)
            for path in lessons(notebooks / PRIMER_FOLDER)
            for m in SECTION.finditer(prose(path))}


def primer_citations(text: str) -> set[int]:
    """The primer sections ``text`` cites as "primer §3", "primer §8–§11" or "primer §1, §3"."""
    cited: set[int] = set()
    for citation in PRIMER_CITATION.finditer(text):
        for first, last in SECTION_RANGE.findall(citation.group(1)):
            cited.update(range(int(first), int(last or first) + 1))
    return cited


def game_notebooks(name: str, notebooks: Path = NOTEBOOKS) -> list[Path]:
    """A game's lessons, then its going-further notebook (those that exist)."""
    folder = notebooks / name
    further = folder / "going_further.ipynb"
    return lessons(folder) + ([further] if further.is_file() else [])


def sections_text(sections: set[int]) -> str:
    """``{1, 3, 8, 9, 10}`` as "§1, §3, §8–§10"."""
    runs: list[list[int]] = []
    for n in sorted(sections):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"§{r[0]}" if len(r) == 1 else f"§{r[0]}–§{r[-1]}" for r in runs)


def cited_by(name: str, notebooks: Path = NOTEBOOKS) -> set[int]:
    """The primer sections a game's lessons and going-further notebook cite."""
    return set().union(*(primer_citations(prose(p)) for p in game_notebooks(name, notebooks)))


def _with_class(path: Path) -> str:
    minutes = class_minutes(path)
    return "" if minutes is None else f" ({math.ceil(minutes)} min with a class)"


def _link(relative: str, label: str, notebooks: Path) -> str:
    """An ``<a>`` to ``relative`` when that notebook exists, else the word "coming"."""
    if (notebooks / relative).is_file():
        return f'<a href="{escape(relative)}">{escape(label)}</a>'
    return "<em>coming</em>"


def _lesson_links(folder: Path, notebooks: Path) -> str:
    links = [f"{_link(str(p.relative_to(notebooks)), f'lesson {k}: {title(p)}', notebooks)}"
             f"{_with_class(p)}" for k, p in enumerate(lessons(folder), 1)]
    return "; ".join(links) if links else "<em>coming</em>"


def _further(game: Entry, notebooks: Path) -> str:
    relative = f"{game.name}/going_further.ipynb"
    minutes = reading_minutes(notebooks / relative)
    alone = "" if minutes is None else f" (about {minutes} min alone)"
    return _link(relative, "going further", notebooks) + alone


def start_here(notebooks: Path = NOTEBOOKS) -> str:
    """The suggested path as an ordered list: the primer's lessons, then each game's two
    lessons in :data:`ORDER`, each with its time with a class (or "coming"), and the primer
    sections each game builds on (read from the citations in its notebooks)."""
    steps = []
    sections = primer_sections(notebooks)
    for k, path in enumerate(lessons(notebooks / PRIMER_FOLDER), 1):
        held = {n for n, (_, where) in sections.items() if where == path}
        steps.append(f'{_link(str(path.relative_to(notebooks)), f"Primer, lesson {k}", notebooks)}'
                     f"{_with_class(path)}: {escape(title(path))} ({sections_text(held)}).")
    by_name = {game.name: game for game in GAMES}
    for name in ORDER:
        game = by_name[name]
        cited = cited_by(name, notebooks)
        builds = f" Builds on primer {sections_text(cited)}." if cited else ""
        steps.append(f"<strong>{escape(game.title)}</strong>: "
                     f"{_lesson_links(notebooks / name, notebooks)}.{builds}")
    items = "\n".join(f"<li>{step}</li>" for step in steps)
    return (
        '<div class="tabletop-start"><p><strong>Where to start.</strong> Each lesson is one '
        "class period: the time given is the kit's count for a class (reading twice, a minute "
        "for each guess). Start with the primer, then take the games in this order."
        f'</p>\n<ol class="tabletop-path">\n{items}\n</ol></div>'
    )


def landing_html(notebooks: Path = NOTEBOOKS) -> str:
    """The landing page's HTML: where to start, then a table of the five games."""
    rows = "\n".join(
        "<tr>"
        f"<td><strong>{escape(game.title)}</strong></td>"
        f"<td>{escape(game.topics)}</td>"
        f"<td>{_lesson_links(notebooks / game.name, notebooks)}</td>"
        f"<td>{_further(game, notebooks)}</td>"
        f"<td>{_link(f'play/{game.name}.ipynb', 'play', notebooks)}</td>"
        f"<td>{_link(f'teachers/{game.name}.ipynb', 'teacher’s sheet', notebooks)}</td>"
        "</tr>"
        for game in GAMES
    )
    return (
        f"{STYLE}\n{start_here(notebooks)}\n"
        '<table class="tabletop-landing">\n'
        "<thead><tr><th>Game</th><th>Probability inside</th><th>Lessons</th>"
        "<th>Going further</th><th>Dashboard</th><th>Teacher’s sheet</th></tr></thead>\n"
        f"<tbody>\n{rows}\n</tbody>\n</table>"
    )


def landing(notebooks: Path = NOTEBOOKS) -> HTML:
    """The landing page as a displayable object (the last line of a cell shows it)."""
    return HTML(landing_html(notebooks))
