"""Hot-seat play with secrets: several students share one screen, and what only one of them
may see (a hand of cards, secret cards) stays covered until that student takes the screen.

A game's app derives from :class:`HotSeatApp` instead of :class:`~widgets.app.GameApp`, says
who has something to hide (:meth:`HotSeatApp.has_secrets`), and shows a :class:`Cover` from
the view's ``covered_for`` (the student who must take the screen, or None), whose button calls
:meth:`HotSeatApp.uncover`. While the screen is
covered the table is drawn for a spectator, the action bar asks nothing and answers are
refused. With one student (or none) nothing is ever covered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any, ClassVar

import ipywidgets as w

from tabletop.core.decisions import Action

from .app import GameApp


class HotSeatApp(GameApp):
    """A :class:`GameApp` that covers a student's secrets while the screen changes hands."""

    #: The words of the cover's button, quoted while the screen is covered.
    reveal_words: ClassVar[str] = "show my cards"
    #: The student who took the screen last (None: nobody yet, or the screen changed hands).
    shown_to: str | None = None

    def has_secrets(self, player: str) -> bool:
        """Whether the screen must be covered before ``player`` uses it (by default, always)."""
        return True

    def hot_seat(self) -> bool:
        """Two or more students share the screen."""
        return sum(kind == "human" for kind in self.seats.values()) > 1

    def covered_for(self) -> str | None:
        """The student to move who must take the screen first (None: nothing is covered)."""
        pending = self.game.decision
        student = None if pending is None else pending.player
        if not self.hot_seat() or not self.is_human(student) or student == self.shown_to:
            return None
        return student if self.has_secrets(student) else None

    def uncover(self) -> None:
        """The student to move has the screen: show their secrets and their choices."""
        self.shown_to = self.covered_for() or self.shown_to
        self.render()

    def viewer(self) -> str | None:
        """Nobody's secrets (a spectator's view) while the screen is covered."""
        return None if self.covered_for() is not None else super().viewer()

    def act(self, action: Action) -> None:
        """A student's answer, refused while the screen is covered."""
        waiting = self.covered_for()
        if waiting is None:
            super().act(action)
        else:
            self.actions.say(f"Pass the screen to {waiting} first.")

    def after_apply(self, action: Action, player: str) -> None:
        """After another student's move, the next student must take the screen anew."""
        if self.is_human(player) and player != self.shown_to:
            self.shown_to = None

    def student_to_move(self) -> bool:
        return self.covered_for() is None and super().student_to_move()

    def waiting_text(self) -> str:
        waiting = self.covered_for()
        if waiting is None:
            return super().waiting_text()
        return f"Pass the screen to {waiting}, who then presses “{self.reveal_words}”."

    def table_view(self) -> Mapping[str, Any]:
        """The viewer's view, plus ``covered_for``."""
        return {**super().table_view(), "covered_for": self.covered_for()}


class Cover:
    """The cover over a student's secrets (class ``tt-cover``): whom to pass the screen to, and
    that student's button (classes ``tt-reveal`` and ``tt-action``)."""

    def __init__(self, on_uncover: Callable[[], None],
                 guard: Callable[[str], Callable[..., Callable[..., object]]],
                 secrets: str = "cards") -> None:
        self.secrets = secrets
        self.text = w.HTML("")
        self.button = w.Button(button_style="success",
                               layout=w.Layout(width="auto", min_width="220px"))
        self.button.add_class("tt-reveal")
        self.button.add_class("tt-action")
        self.button.on_click(guard(f"showing {secrets}")(lambda _button: on_uncover()))
        self.widget = w.HBox([self.text, self.button],
                             layout=w.Layout(align_items="center", display="none"))
        self.widget.add_class("tt-cover")

    def show(self, covered: str | None) -> bool:
        """Cover the screen for ``covered`` (None: uncovered); returns whether it is covered."""
        self.widget.layout.display = "none" if covered is None else "flex"
        if covered is not None:
            self.text.value = (f"Pass the screen to <b>{escape(covered)}</b>, who holds secret "
                               f"{self.secrets}; everyone else, look away.")
            self.button.description = f"I am {covered}: show my {self.secrets}"
        return covered is not None
