"""Hot-seat play with secrets: several students share one screen, and what only one of them
may see (a hand of cards, secret cards) stays covered until that student takes the screen.

A game's app derives from :class:`HotSeatApp` instead of :class:`~widgets.app.GameApp`, says
who has something to hide now (:meth:`HotSeatApp.has_secrets`, read from the spectator's
view) and what it is (``secrets``), and its table lays the app's :class:`Cover` over the
widgets that show the viewer's secrets (:meth:`Cover.over`). While the screen is covered the
table is drawn for a spectator, the secrets' widgets are hidden, the action bar asks nothing
and answers are refused, until the student to move presses the cover's button. Between two
students' turns (bots moving) the table is seen through the eyes of the student who last had
the screen. With one student (or none) nothing is ever covered.
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

import ipywidgets as w

from tabletop.core.decisions import Action

from .app import GameApp


class Cover:
    """A bar (class ``tt-cover``) saying whom to pass the screen to, with that student's
    button (classes ``tt-reveal`` and ``tt-action``), shown instead of the secrets."""

    def __init__(self, secrets: str) -> None:
        self.secrets = secrets
        self.text = w.HTML("")
        self.button = w.Button(button_style="success",
                               layout=w.Layout(width="auto", min_width="220px"))
        self.button.add_class("tt-reveal")
        self.button.add_class("tt-action")
        self.widget = w.HBox([self.text, self.button],
                             layout=w.Layout(align_items="center", display="none"))
        self.widget.add_class("tt-cover")
        self.hidden = w.VBox()

    def over(self, *secrets: w.Widget) -> w.VBox:
        """The cover laid over ``secrets``: a box showing the cover or the secrets."""
        self.hidden.children = secrets
        return w.VBox([self.widget, self.hidden])

    def show(self, covered: str | None) -> None:
        """Cover the secrets until ``covered`` takes the screen (None: show the secrets)."""
        self.widget.layout.display = "none" if covered is None else "flex"
        self.hidden.layout.display = "flex" if covered is None else "none"
        if covered is not None:
            self.text.value = (f"Pass the screen to <b>{escape(covered)}</b>; everyone else, "
                               "look away.")
            self.button.description = f"I am {covered}: show my {self.secrets}"


class HotSeatApp(GameApp):
    """A :class:`GameApp` that covers a student's secrets while the screen changes hands."""

    #: What a student hides, in the cover's words ("show my ...").
    secrets: ClassVar[str] = "cards"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        #: The cover, laid by the table over the viewer's secrets.
        self.cover = Cover(self.secrets)
        #: The student who has the screen (None: nobody has taken it yet).
        self.shown_to: str | None = None
        super().__init__(*args, **kwargs)
        self.cover.button.on_click(
            self.errors.guard(f"showing {self.secrets}")(lambda _button: self.uncover()))

    def has_secrets(self, player: str) -> bool:
        """Whether ``player`` holds something the others may not see now (the app reads it
        from the spectator's view; by default, always)."""
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
        """In hot-seat play: the student to move unless the screen is covered for them, else
        the student who has the screen (bots moving, or the game over)."""
        if not self.hot_seat():
            return super().viewer()
        if self.covered_for() is not None:
            return None
        pending = self.game.decision
        if pending is not None and self.is_human(pending.player):
            return pending.player
        return self.shown_to if self.is_human(self.shown_to) else None

    def act(self, action: Action) -> None:
        """A student's answer, refused while the screen is covered."""
        waiting = self.covered_for()
        if waiting is None:
            super().act(action)
        else:
            self.actions.say(f"Pass the screen to {waiting} first.")

    def after_apply(self, action: Action, player: str) -> None:
        """A student who has just moved has the screen."""
        if self.is_human(player):
            self.shown_to = player

    def student_to_move(self) -> bool:
        return self.covered_for() is None and super().student_to_move()

    def waiting_text(self) -> str:
        waiting = self.covered_for()
        if waiting is None:
            return super().waiting_text()
        return f"Pass the screen to {waiting}, who then presses “show my {self.secrets}”."

    def render(self, full: bool = False) -> None:
        """The cover over the secrets (or not), then everything else."""
        self.cover.show(self.covered_for())
        super().render(full)
