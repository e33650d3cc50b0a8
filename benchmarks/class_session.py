"""A class joins a session at once: N students press Join together, then each answers.

Prints (not a test) the seconds from pressing Join to being in the session (each of the N
students, pressed together, no reload: median and slowest), and the milliseconds from a
student's answer to the teacher's count showing it (median and slowest of N answers).
Voilà is started as plain ``make play`` starts it (tree mode over ``notebooks/``, the
project's ``voila.json``, no pool); the pages are opened first and the clock starts at the
presses. Run from the repository root::

    .venv/bin/python -m benchmarks.class_session [--students 10] [--lesson smokers_wild/lesson_1]
        [--folder notebooks]

``--folder`` serves another folder of notebooks (``--lesson`` is then a notebook there,
without ``.ipynb``). The first predict box with a text field is answered (``1/2`` for a
chance, ``3`` for a number). Needs Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from benchmarks.browser import CHROMIUM
from tabletop.tables import ENV
from tools.voila_server import NOTEBOOKS, kit_env, serve, voila_command

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows"]
TIMEOUT_MS = 900_000
#: JS: note when this page first shows itself in the session (ms since the epoch).
WATCH_JOIN = """() => {
  const look = () => {
    if (!window.ttJoined && document.querySelector('.tt-session-here')) {
      window.ttJoined = Date.now();
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
}"""
#: JS: press Join (the typed code leaves its box first, as a click moves the focus); the
#: time of the press.
PRESS = """() => {
  const t = Date.now();
  const field = document.querySelector('.tt-session-code input');
  field.dispatchEvent(new Event('change', {bubbles: true}));
  document.querySelector('button.tt-session-join').click();
  return t;
}"""
#: JS: on the teacher's page, note when the count of box ``k`` first shows each number.
WATCH_COUNT = """(k) => {
  window.ttCounts = {};
  const look = () => {
    const mark = document.querySelectorAll('.tt-predict')[k].querySelector('.tt-count');
    if (mark && !(mark.dataset.count in window.ttCounts)) {
      window.ttCounts[mark.dataset.count] = Date.now();
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
                                                     attributes: true});
  look();
}"""
#: JS: the index of the first predict box with a text field, and its answer.
FIRST_TEXT_BOX = """() => {
  const boxes = [...document.querySelectorAll('.tt-predict')];
  const k = boxes.findIndex((b) => b.querySelector('.tt-predict-guess input[type=text]'));
  const hint = boxes[k].querySelector('input').placeholder;
  return [k, hint.includes('17%') ? '1/2' : '3'];
}"""


def open_lesson(page: Page, url: str) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector(".tt-session", state="visible")


def run(args: argparse.Namespace) -> None:
    folder = Path(args.folder)
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp, \
            serve(voila_command(folder), env={**kit_env(), ENV: f"sqlite:///{tmp}/t.sqlite"},
                  log=Path(tmp) / "voila.log", timeout=120) as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        url = f"{server.url}/voila/render/{args.lesson}.ipynb"
        teacher = browser.new_context().new_page()
        open_lesson(teacher, url)
        students = [browser.new_context().new_page() for _ in range(args.students)]
        for student in students:
            student.set_default_timeout(TIMEOUT_MS)
            student.goto(url)
        for student in students:
            open_lesson(student, url)
        teacher.click(".tt-session-open")
        code = teacher.inner_text(".tt-session-big-code").strip()
        for student in students:
            student.evaluate(WATCH_JOIN)
            student.locator(".tt-session-code input").fill(code)
        pressed = [int(student.evaluate(PRESS)) for student in students]
        joins = [(student.wait_for_function("() => window.ttJoined").json_value() - t) / 1000
                 for student, t in zip(students, pressed, strict=True)]
        k, typed = teacher.evaluate(FIRST_TEXT_BOX)
        teacher.evaluate(WATCH_COUNT, k)
        latencies = []
        for n, student in enumerate(students, 1):
            field = student.locator(".tt-predict").nth(k).locator(".tt-predict-guess input")
            field.fill(typed)
            sent = int(student.evaluate("Date.now()"))
            field.press("Enter")
            seen = teacher.wait_for_function(f"() => window.ttCounts[{n}]").json_value()
            latencies.append(seen - sent)
        print(f"{args.lesson}, {args.students} students pressing Join together: in the session "
              f"after {statistics.median(joins):.2f} s (median), {max(joins):.2f} s (slowest)")
        print(f"answer -> teacher's count: {statistics.median(latencies):.0f} ms (median), "
              f"{max(latencies):.0f} ms (slowest) over {len(latencies)} answers")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=10)
    parser.add_argument("--lesson", default="smokers_wild/lesson_1")
    parser.add_argument("--folder", default=str(NOTEBOOKS))
    run(parser.parse_args())


if __name__ == "__main__":
    main()
