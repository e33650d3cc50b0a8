"""A scripted test student for Hitchiker (not a test module): the seed and the fixed way of
answering that the widget test and the browser test share.

The policy reads only what the action bar shows (the choice buttons, and whether an amount
box is offered), so it plays the same in Python and in the browser: with the same seed, a
game goes the same way, and SEED reaches a casino round and a Black Market deal of the
student's own within a few clicks.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Buttons a test student prefers, in order; otherwise type the lowest amount; otherwise
#: click the first button.
PREFERRED = ("accept", "roll", "stick", "pass", "sing")
#: The dashboard seed used by the tests (found by trying seeds with this policy).
SEED = 66
#: Student moves within which SEED has had Ann bet at the casino and make a deal.
SEED_MOVES = 12


def student_answer(choices: Sequence[str], amount_low: int | None) -> tuple[str, object]:
    """("click", choice) or ("type", amount) for the action bar's buttons and amount box."""
    for choice in PREFERRED:
        if choice in choices:
            return "click", choice
    if amount_low is not None:
        return "type", amount_low
    return "click", choices[0]
