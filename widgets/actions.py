"""The action bar: the pending decision as buttons (choices) and a number box (amounts)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from html import escape

import ipywidgets as w

from tabletop import Decision
from tabletop.core.decisions import Action

from .palette import player_colour


class ActionBar:
    """Shows whose turn it is and what is asked; a click or a confirmed amount calls ``on_action``.

    Choice buttons carry the class ``tt-action`` (the choice itself is the tooltip), the
    amount box ``tt-amount`` and its button ``tt-confirm``. Buttons are reused from one
    decision to the next, so a long game does not pile up widgets. For a decision whose kind
    is in ``elsewhere`` (its choices are offered by another part of the screen, e.g. the cards
    of a hand) the bar shows the prompt but no buttons.
    """

    def __init__(self, on_action: Callable[[Action], None],
                 guard: Callable[[str], Callable[..., Callable[..., object]]],
                 elsewhere: Collection[str] = ()) -> None:
        self.on_action = on_action
        self.guard = guard
        self.elsewhere = frozenset(elsewhere)
        self.prompt = w.HTML("")
        self.prompt.add_class("tt-prompt")
        self.buttons: list[w.Button] = []
        self.choices: list[str] = []
        self.button_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.amount = w.IntText(description="Amount", layout=w.Layout(width="170px"))
        self.amount.add_class("tt-amount")
        self.limits = w.HTML("")
        self.limits.add_class("tt-limits")
        self.confirm = w.Button(description="OK ✓", button_style="primary",
                                tooltip="Confirm the amount")
        self.confirm.add_class("tt-confirm")
        self.confirm.on_click(guard("confirming an amount")(self._confirm))
        self.amount_row = w.HBox([self.amount, self.limits, self.confirm],
                                 layout=w.Layout(align_items="center"))
        self.message = w.HTML("")
        self.message.add_class("tt-illegal")
        self.step = w.HTML("", layout=w.Layout(display="none"))
        self.widget = w.VBox(
            [self.prompt, self.button_row, self.amount_row, self.message, self.step]
        )
        self.widget.add_class("tt-actions")

    def show(self, decision: Decision | None, seat: int, human: bool, waiting: str,
             prompt: str | None = None) -> None:
        """Lay out ``decision`` for a human (``seat`` picks the colour; ``prompt`` replaces the
        decision's own), or say who we wait for (``waiting``)."""
        self.message.value = ""
        if decision is None or not human:
            self.prompt.value = escape(waiting)
            self._set_choices([], {})
            self.amount_row.layout.display = "none"
            return
        swatch = f'<span class="tt-swatch" style="background:{player_colour(seat)}"></span>'
        text = decision.prompt if prompt is None else prompt
        question = escape(text)
        if not text.startswith(decision.player):
            question = f"<b>{escape(decision.player)}</b>: {question}"
        self.prompt.value = swatch + question
        shown = [] if decision.kind in self.elsewhere else list(decision.choices)
        self._set_choices(shown, dict(decision.labels))
        if decision.amount is None:
            self.amount_row.layout.display = "none"
        else:
            low, high, step = decision.amount.low, decision.amount.high, decision.amount.step
            self.amount_row.layout.display = "flex"
            self.amount.value = low
            steps = f", steps of {step}" if step != 1 else ""
            self.limits.value = f"{low} to {high}{steps}"

    def stamp(self, step: int) -> None:
        """Mark the bar with the number of moves made (``data-step`` of ``.tt-step``): once a
        page shows it, the bar is up to date with that move (browser tests wait for it)."""
        self.step.value = f'<span class="tt-step" data-step="{step}"></span>'

    def say(self, text: str) -> None:
        """Show why an answer was refused (an IllegalAction message)."""
        self.message.value = escape(text)

    def _set_choices(self, choices: list[str], labels: dict[str, str]) -> None:
        while len(self.buttons) < len(choices):
            button = w.Button()
            button.add_class("tt-action")
            button.on_click(self.guard("choosing an action")(self._clicked))
            self.buttons.append(button)
        self.choices = choices
        for k, button in enumerate(self.buttons):
            if k < len(choices):
                button.description = labels.get(choices[k], choices[k])
                button.tooltip = choices[k]
                button.layout.display = "inline-flex"
            else:
                button.layout.display = "none"
        self.button_row.children = tuple(self.buttons[: len(choices)])

    def _clicked(self, button: w.Button) -> None:
        index = self.buttons.index(button)
        if index < len(self.choices):
            self.on_action(self.choices[index])

    def _confirm(self, _button: w.Button) -> None:
        self.on_action(int(self.amount.value))
