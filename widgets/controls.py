"""Table controls: who sits where (a student or a bot), bot pace, new game, undo, save, load."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as w

#: Seat kinds: "human" is a student at the screen; the others are the engine's bots.
SEAT_LABELS: dict[str, str] = {
    "human": "Student",
    "heuristic": "Heuristic bot",
    "random": "Random bot",
}
#: The seat of a player whose moves come from elsewhere: another student's device at a shared
#: table (never offered in the seat menus).
ELSEWHERE = "elsewhere"


class Controls:
    """The widgets of the table card; the app wires their callbacks."""

    def __init__(self, seed: int, pace: float) -> None:
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.seats: dict[str, w.Dropdown] = {}
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="150px"))
        self.seed.add_class("tt-seed")
        self.pace = w.FloatSlider(
            value=pace, min=0.0, max=2.0, step=0.1, description="Bot pace (s)",
            readout_format=".1f", style={"description_width": "initial"},
            layout=w.Layout(width="280px"),
        )
        self.pace.add_class("tt-pace")
        self.new_game = button("New game", "tt-new", "Start a new game with these seats")
        self.undo = button("↶ Undo", "tt-undo", "Take back the last student move")
        self.save = button("Save", "tt-save", "Put the game as text in the box below")
        self.load = button("Load", "tt-load", "Load the game saved in the box below")
        self.text = w.Textarea(placeholder="A saved game appears here; paste one to load it.",
                               layout=w.Layout(width="100%", height="60px"))
        self.text.add_class("tt-save-text")
        self.message = w.HTML("")
        self.message.add_class("tt-load-message")
        self.widget = w.VBox([
            self.seat_box,
            w.HBox([self.pace, self.seed], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.new_game, self.undo, self.save, self.load],
                   layout=w.Layout(flex_flow="row wrap")),
            self.text,
            self.message,
        ])
        self.widget.add_class("tt-controls")

    def set_seats(self, players: Sequence[str], seats: Mapping[str, str]) -> None:
        """One dropdown per player (created anew when the players change)."""
        if list(self.seats) != list(players):
            self.seats = {
                name: w.Dropdown(
                    options=[(label, kind) for kind, label in SEAT_LABELS.items()],
                    description=name, style={"description_width": "initial"},
                    layout=w.Layout(width="auto"),
                )
                for name in players
            }
            for box in self.seats.values():
                box.add_class("tt-seat")
            self.seat_box.children = tuple(self.seats.values())
        for name, box in self.seats.items():
            box.value = seats[name]

    def chosen_seats(self) -> dict[str, str]:
        """The seat kind chosen for each player."""
        return {name: box.value for name, box in self.seats.items()}


def button(text: str, css: str, tip: str) -> w.Button:
    """A button as wide as its text, with a tooltip and the CSS class ``css`` (for the page's
    style and the browser tests)."""
    made = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
    made.add_class(css)
    return made
