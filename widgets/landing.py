"""The landing page of the kit: one table linking every walkthrough and dashboard.

``notebooks/index.ipynb`` calls :func:`landing`. Links are relative to the
notebooks folder, so the same page works under Voilà (``/voila/render/index.ipynb``
links to ``/voila/render/play/rush.ipynb``) and in JupyterLab. A notebook that
does not exist yet is listed as "coming".
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import NamedTuple

from IPython.display import HTML

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PRIMER = "probability_primer.ipynb"
STYLE = (
    "<style>.tabletop-landing th, .tabletop-landing td "
    "{text-align: left; padding: 0.3em 0.8em;}</style>"
)


class Entry(NamedTuple):
    """One game on the landing page: module name, title, and what it teaches."""

    name: str
    title: str
    topics: str


GAMES: tuple[Entry, ...] = (
    Entry("hitchiker", "Hitchiker", "2d6 round a loop of 42 cities, a black market, blackjack"),
    Entry("smokers_wild", "Smokers Wild", "a 7 or a double, the odds of quitting, a 28-space loop"),
    Entry("hip_town", "Hip Town", "coins per roll, auctions, how long a town takes to build"),
    Entry("pitch", "Pitch: Money Game", "where the Jack of trumps is, a money game that sums to 0"),
    Entry("rush", "RUSH", "Markov chains on the Zonkometer, fair odds against printed odds"),
)


def _link(relative: str, label: str, notebooks: Path) -> str:
    """An ``<a>`` to ``relative`` when that notebook exists, else the word "coming"."""
    if (notebooks / relative).is_file():
        return f'<a href="{escape(relative)}">{escape(label)}</a>'
    return "<em>coming</em>"


def landing_html(notebooks: Path = NOTEBOOKS) -> str:
    """The landing page's HTML: a table of the five games and the primer's link."""
    rows = "\n".join(
        "<tr>"
        f"<td><strong>{escape(game.title)}</strong></td>"
        f"<td>{escape(game.topics)}</td>"
        f"<td>{_link(f'{game.name}.ipynb', 'walkthrough', notebooks)}</td>"
        f"<td>{_link(f'play/{game.name}.ipynb', 'play', notebooks)}</td>"
        "</tr>"
        for game in GAMES
    )
    primer = ""
    if (notebooks / PRIMER).is_file():
        primer = (
            f'<p>New to probability? Start with the <a href="{PRIMER}">probability primer</a>.</p>'
        )
    return (
        f"{STYLE}\n{primer}\n"
        '<table class="tabletop-landing">\n'
        "<thead><tr><th>Game</th><th>Probability inside</th>"
        "<th>Walkthrough</th><th>Dashboard</th></tr></thead>\n"
        f"<tbody>\n{rows}\n</tbody>\n</table>"
    )


def landing(notebooks: Path = NOTEBOOKS) -> HTML:
    """The landing table as a displayable object (the last line of a cell shows it)."""
    return HTML(landing_html(notebooks))
