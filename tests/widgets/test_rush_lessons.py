"""RUSH's lesson helpers (widgets/rush/lessons.py): staging and the reading times."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from widgets.rush import lessons as rl

WALKTHROUGH = Path(__file__).resolve().parents[2] / "notebooks" / "rush.ipynb"


def headings() -> list[str]:
    """The walkthrough's part and section headings, typed or rendered by a prose cell."""
    found = []
    for cell in json.loads(WALKTHROUGH.read_text(encoding="utf-8"))["cells"]:
        shown = ["".join(out.get("data", {}).get("text/markdown", ""))
                 for out in cell.get("outputs", [])]
        text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else "".join(shown)
        first = text.splitlines()[0] if text else ""
        if first.startswith(("# ", "## ")):
            found.append(first.lstrip("# "))
    return found


def test_every_part_of_the_walkthrough_has_a_reading_time():
    for title in headings():
        assert any(title.startswith(key) for key in rl.TEACH_MINUTES), title


def test_the_introduction_adds_up_the_reading_times():
    assert sum(rl.part_minutes().values()) == sum(rl.TEACH_MINUTES.values())


def test_a_house_edition_must_change_something_the_kit_has():
    with pytest.raises(ValueError, match="has no"):
        rl.house_edition({"start = 99 ": "start = 16 "})
