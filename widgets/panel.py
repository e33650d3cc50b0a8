"""The player panel: one row per player (a colour swatch, the name, the game's figures)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from .palette import player_colour


class PlayerPanel:
    """An HTML table (class ``tt-players``); the row of the player to move is highlighted."""

    def __init__(self, headers: Sequence[str]) -> None:
        self.headers = tuple(headers)
        self.widget = w.HTML("")
        self.widget.add_class("tt-players")

    def show(self, players: Sequence[str], rows: Sequence[Sequence[str]], turn: str | None,
             seats: Sequence[str]) -> None:
        """One row per player: swatch + name + seat, then the cells of ``rows`` (plain text;
        a newline starts a new line in the cell)."""
        head = "".join(f"<th>{escape(h)}</th>" for h in ("Player", *self.headers))
        body = []
        for k, (name, cells, seat) in enumerate(zip(players, rows, seats, strict=True)):
            mark = ' class="tt-turn"' if name == turn else ""
            swatch = f'<span class="tt-swatch" style="background:{player_colour(k)}"></span>'
            who = f"{swatch}<b>{escape(name)}</b><br><small>{escape(seat)}</small>"
            tds = "".join(f"<td>{escape(c).replace(chr(10), '<br>')}</td>" for c in cells)
            body.append(f"<tr{mark}><td>{who}</td>{tds}</tr>")
        self.widget.value = (
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )
