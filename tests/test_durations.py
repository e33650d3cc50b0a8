"""The table of test files' seconds that orders `make test` (tools/test_durations.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tools.test_durations import TABLE, durations, file_of

REPORT = """<testsuites><testsuite>
<testcase classname="notebooks.pitch.lesson_1.ipynb" name="Cell 3" time="2.5"/>
<testcase classname="notebooks.pitch.lesson_1.ipynb" name="Cell 4" time="1.0"/>
<testcase classname="tests.browser.test_grid" name="test_a" time="7.2"/>
<testcase classname="tests.engine.test_arrange.TestBoard" name="test_b" time="0.4"/>
</testsuite></testsuites>"""


def test_a_report_is_summed_per_file_longest_first(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(REPORT, encoding="utf-8")
    assert list(durations(report).items()) == [("tests/browser/test_grid.py", 7),
                                               ("notebooks/pitch/lesson_1.ipynb", 4),
                                               ("tests/engine/test_arrange.py", 0)]


def test_a_test_class_is_read_as_its_module() -> None:
    assert file_of("tests.engine.test_arrange.TestBoard") == "tests/engine/test_arrange.py"


def test_the_committed_table_names_files_that_exist() -> None:
    root = TABLE.parent.parent
    missing = [name for name in json.loads(TABLE.read_text(encoding="utf-8"))
               if not (root / name).is_file()]
    assert not missing, f"tests/durations.json names files that are gone: {missing}"
