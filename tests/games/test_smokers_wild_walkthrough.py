"""The counts the Smokers Wild walkthrough builds in view from small named helpers equal the
kit's own functions (tabletop/games/smokers_wild/odds.py), so the notebook shows no check.

Each test runs only the definitions (imports, assignments, functions) of the walkthrough's
cells that define the names it needs, in the notebook's order, and calls the helpers."""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

import matplotlib

from tabletop.games.smokers_wild import odds
from widgets.smokers_wild.lessons import house_edition

matplotlib.use("Agg")
WALKTHROUGH = (Path(__file__).resolve().parents[2] / "notebooks" / "smokers_wild"
               / "going_further.ipynb")  # where the counts in view now live
DEFINITIONS = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.Assign)


def defined(statement: ast.stmt) -> set[str]:
    if isinstance(statement, ast.FunctionDef):
        return {statement.name}
    if isinstance(statement, ast.Assign):
        return {n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def helpers(*names: str) -> dict:
    """The namespace the walkthrough's definitions of ``names`` build (and what their cells
    define before them); a cell's output-making statements are left out."""
    namespace: dict = {}
    cells = json.loads(WALKTHROUGH.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        body = ast.parse("".join(cell["source"])).body
        if not any(defined(s) & set(names) for s in body):
            continue
        kept = ast.Module([s for s in body if isinstance(s, DEFINITIONS)], type_ignores=[])
        exec(compile(kept, str(WALKTHROUGH), "exec"), namespace)
    missing = set(names) - set(namespace)
    assert not missing, f"the walkthrough defines no {sorted(missing)}"
    return namespace


LANDINGS = ("SEED", "PUFFS", "THROW", "landings_from", "landings_of_a_move", "landings_per_move")
HARSHER = {'title = "Billboard"\ncount = 2\nnon_smoker = { advance_to_next = "advertising" }\n'
           'smoker = { advance_to_next = "advertising" }':
           'title = "Second opinion"\ncount = 2\nnon_smoker = { advance_to = "DOCTOR" }\n'
           'smoker = { advance_to = "DOCTOR" }'}  # the walkthrough's exercise 5


def test_every_landing_counted_in_view_is_the_kits_landings_per_move():
    namespace = helpers(*LANDINGS)
    assert namespace["landings_per_move"](odds.board_chain(True)) == list(
        odds.landings_per_move(smoker=False))


def test_the_count_in_view_follows_a_house_edition_of_the_deck():
    namespace = helpers(*LANDINGS)
    harsh = namespace["CONTENT"] = house_edition(HARSHER)
    ours = namespace["landings_per_move"](odds.board_chain(True, edition=harsh))
    assert ours == list(odds.landings_per_move(smoker=False, edition=harsh))
    assert ours != list(odds.landings_per_move(smoker=False))


def test_a_lifes_moves_counted_in_view_are_the_kits_moves_to_cover():
    namespace = helpers("SEED", "WAYS", "one_more_throw", "moves_to_reach")
    life = len(odds.kit_content().board) * odds.kit_content().gone
    law, short = namespace["moves_to_reach"](life)
    kit = odds.moves_to_cover(life)
    assert law == kit
    cumulative = kit.cdf()
    assert [short[n] for n in (35, 52, 70)] == [1 - cumulative[n] for n in (35, 52, 70)]
    assert short[0] == Fraction(1)


def test_the_life_chain_built_in_view_gives_the_kits_visits():
    namespace = helpers("SEED", "PLAIN", "life_move", "LIFE_CHAIN")
    ours = namespace["LIFE_CHAIN"].visits_numpy((0, 0))
    kit = odds.life_visits.uncached()
    assert ours.keys() == kit.keys()
    assert all(abs(ours[k] - kit[k]) < 1e-9 for k in kit)
    life = len(odds.kit_content().board) * odds.kit_content().gone
    assert abs(sum(kit.values()) - float(odds.moves_to_cover(life).mean())) < 1e-9


def test_the_price_of_an_occupation_counted_in_view_is_the_kits_income_to_gone():
    namespace = helpers("SEED", "PLAIN", "life_move", "LIFE_CHAIN", "sale_sim", "income_to_gone")
    bob, cy = odds.Lander((), 6, 300), odds.Lander(("LURK", "SLAYEM"), 6, 300)
    for job in ("TAXMAN", "INSURANCE AGENT", "DOCTOR"):
        ours = namespace["income_to_gone"](job, [bob, cy])
        assert abs(ours - odds.income_to_gone(job, bob) - odds.income_to_gone(job, cy)) < 1e-9
