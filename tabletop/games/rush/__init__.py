"""RUSH: a roll-and-move board game about pills, senses and the Zonkometer.

Each turn a player takes a pill (one die: it moves you, but may cost a sense or bring a
coma) or rolls two dice. Pills push the Zonkometer up; reaching Home at its top wins, and
so does being the last one alive. Around the loop: Connections and robberies watched by
Cops, Jail and its lockup, junkies, ladies, Chance, Lucky Day, the Loan Shark and PARTY
TIME. The board, prices and cards are the kit's own edition, in content.toml.

In docstrings, "Rule N" is item N of RULES.md section 5 A (the checklist; its test is
``test_rule_N_...`` in tests/games/test_rush.py) and "B #k" is the kit's resolution k of
section 5 B.
"""

from .rules import Rush

GAME = Rush

__all__ = ["GAME", "Rush"]
