"""A class session of a lesson on six devices (issue 35): a teacher and five students, each
in a browser context of their own, through the pages only (the store is read to confirm).

The lesson is a small one written here (four questions, a line of prose after each): the
mechanics, not a real lesson's content, are under test. Students join by typing the code,
without a reload; a student's lesson is folded after the first question they have neither
answered nor seen revealed (the prose below it is not displayed: not in the page's visible
text) and unfolds when they answer or the teacher reveals; unreadable answers are refused;
a slider answer is echoed as its readout; the reveal judges the answer counted, not a late
one; the teacher's code is above the fold of a 720 px screen with the server's reach said;
nothing is lost or doubled across a reload and a server restart; the CSV equals the store.

Prints the time from a student's answer to the teacher's count (median and slowest), and
from pressing Join to being in the session (five at once). ``TABLETOP_SCREENSHOTS=docs``
writes the teacher's view after a reveal to ``docs/class_predictions.png``."""

from __future__ import annotations

import contextlib
import csv
import re
import statistics
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
from playwright.sync_api import Browser, Locator, expect

import tabletop
from tabletop.tables import ENV, SessionStore, TableStore
from tools.voila_server import free_port, is_listening, kit_env, stop, voila_command

from .conftest import ARTIFACTS, VoilaPage
from .pages import close, shoot

#: How long a slider's last value takes to reach the kernel, at most (see its use).
SLIDER_SETTLE_MS = 1_500

WINDOW = {"width": 1280, "height": 720}
TIMEOUT_MS = 120_000
LESSON = "lesson.ipynb"
#: The lesson's questions, in order, and the line of prose after each (what folding hides).
CHANCE = "Chance of a double with two dice?"
THROWS = "How many throws until the first double, on average?"
SLIDER = "How many throws until the first 7, on average (the slider)?"
CHOICE = "Which total is likelier with two dice?"
AFTER = ["SECRET-1 one throw in six", "SECRET-2 six throws", "SECRET-3 six throws again",
         "SECRET-4 a seven"]
CELLS = [
    ("markdown", "# Dice, lesson 1: a double\n\nA lesson of four questions."),
    ("code", "from fractions import Fraction\n\nfrom widgets.class_session import session_bar\n"
             "from widgets.predict import predict_first\n\nsession_bar('dice')"),
    ("code", f"predict_first({CHANCE!r}, lambda: Fraction(1, 6))"),
    ("markdown", AFTER[0]),
    ("code", f"predict_first({THROWS!r}, lambda: 6)"),
    ("markdown", AFTER[1]),
    ("code", f"predict_first({SLIDER!r}, lambda: 6, slider=(1, 10.5, 0.25))"),
    ("markdown", AFTER[2]),
    ("code", f"predict_first({CHOICE!r}, lambda: 'a 7', choices=['a 7', 'a 12'])"),
    ("markdown", AFTER[3]),
]
#: The five students' answers to the first question.
FIRST = ["5/6", "0.3", "75%", "1/2", "0.9"]
#: Records, on the teacher's page, when the first question's count first showed each number.
WATCH_COUNTS = """() => {
  window.ttCounts = {};
  const look = () => {
    const mark = document.querySelector('.tt-predict .tt-count');
    if (mark && !(mark.dataset.count in window.ttCounts)) {
      window.ttCounts[mark.dataset.count] = Date.now();
    }
  };
  new MutationObserver(look).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-count']});
  look();
}"""
#: Set on a page, before its scripts, to catch any prose past the fold ever shown.
LEAK_WATCH = """(() => {
  const watch = () => {
    if (document.body && document.body.innerText.includes(%r)) window.ttLeaked = true;
  };
  setInterval(watch, 20);
})()"""


def write_lesson(folder: Path) -> None:
    """The lesson of :data:`CELLS` as ``folder/lesson.ipynb``."""
    make = {"markdown": nbformat.v4.new_markdown_cell, "code": nbformat.v4.new_code_cell}
    nb = nbformat.v4.new_notebook(cells=[make[kind](text) for kind, text in CELLS])
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3",
                              "language": "python"}
    folder.mkdir()
    nbformat.write(nb, folder / LESSON)


@contextlib.contextmanager
def voila(folder: Path, port: int, url: str, log: Path) -> Iterator[str]:
    """Voilà over ``folder`` on ``port`` (the same port again after a restart)."""
    env = {**kit_env(), ENV: url}
    with log.open("ab") as out:
        process = subprocess.Popen([*voila_command(folder), f"--port={port}"], env=env,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not is_listening(port):
            assert process.poll() is None and time.monotonic() < deadline, "Voilà did not start"
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def device(browser: Browser, base: str, watch_leak: str | None = None) -> VoilaPage:
    """A new device opening the lesson (not waiting for it: see :func:`ready`)."""
    context = browser.new_context(viewport=WINDOW)
    if watch_leak is not None:
        context.add_init_script(LEAK_WATCH % watch_leak)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, base)
    voila.watch()
    page.goto(f"{base}/voila/render/{LESSON}")
    return voila


def ready(voila: VoilaPage) -> None:
    voila.wait_until_ready(".tt-session")


def box(voila: VoilaPage, k: int) -> Locator:
    return voila.page.locator(".tt-predict").nth(k)


def status(voila: VoilaPage, k: int) -> Locator:
    return box(voila, k).locator(".tt-predict-status")


def send(voila: VoilaPage, k: int, text: str) -> int:
    """Type ``text`` in box ``k`` and press Enter; the time of the press (ms)."""
    field = box(voila, k).locator(".tt-predict-guess input")
    field.fill(text)
    sent = int(voila.page.evaluate("Date.now()"))
    field.press("Enter")
    return sent


def unfolded(voila: VoilaPage, upto: int) -> None:
    """The prose after questions ``< upto`` is shown, the rest is not (nor selectable)."""
    for k, text in enumerate(AFTER):
        if k < upto:
            expect(voila.page.get_by_text(text)).to_be_visible()
        else:
            expect(voila.page.get_by_text(text)).to_be_hidden()
    visible = voila.body_text()
    assert all(text not in visible for text in AFTER[upto:])


def test_a_class_of_six_devices_unfolds_a_lesson_together(
        browser: Browser, tmp_path: Path) -> None:
    write_lesson(tmp_path / "lessons")
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    sessions = SessionStore(url)
    port, log = free_port(), ARTIFACTS / "voila-class-lesson.log"
    ARTIFACTS.mkdir(exist_ok=True)
    log.write_bytes(b"")
    with voila(tmp_path / "lessons", port, url, log) as base:
        teacher = device(browser, base)
        students = [device(browser, base, AFTER[3] if k == 0 else None) for k in range(5)]
        for voila_page in (teacher, *students):
            ready(voila_page)
        unfolded(students[0], 4)  # alone, the lesson is whole

        # The teacher opens a session: the code above the fold, the server's reach said.
        teacher.page.click(".tt-session-open")
        big = teacher.page.locator(".tt-session-big-code")
        code = big.inner_text().strip()
        expect(teacher.page.locator(".tt-session-where")).to_contain_text(
            "This server answers this computer only")
        box_y = big.bounding_box()
        assert box_y is not None and box_y["y"] >= 0 and box_y["y"] + box_y["height"] <= 720
        unfolded(teacher, 4)
        teacher.page.evaluate(WATCH_COUNTS)

        # Wrong codes are refused in words: a mistyped one, a shared table's, none at all.
        game = tabletop.new_game("rush", players=["Ann", "Bob"], seed=1)
        table = TableStore(url).open_table(game, {"Ann": "human", "Bob": "random"})
        message = students[4].page.locator(".tt-session-message")
        for typed, said in (("K0O1", "'K0O1' is not a session code"),
                            (table, f"{table} is the code of a shared table, not of a class "
                             "session")):
            students[4].page.locator(".tt-session-code input").fill(typed)
            students[4].page.locator(".tt-session-code input").press("Enter")
            expect(message).to_contain_text(said)

        # Five students join at once, by the code, without a reload.
        for student in students:
            student.page.evaluate("window.ttStayed = true")
            student.page.locator(".tt-session-code input").fill(code.lower())
        pressed = []
        for student in students:
            pressed.append(time.monotonic())
            student.page.click(".tt-session-join")
        joined = []
        for student, start in zip(students, pressed, strict=True):
            expect(student.page.locator(".tt-session-here")).to_contain_text(code)
            joined.append(time.monotonic() - start)
            assert student.page.evaluate("window.ttStayed") is True
            expect(student.page).to_have_url(re.compile(rf"\?session={code}&student=[\w-]+$"))
            unfolded(student, 0)
        assert len(sessions.answers(code)) == 0

        # Unreadable answers are refused, saying why; nothing is stored.
        for k, typed, said in ((0, "1.5", "1.5 is not a chance"),
                               (0, "often", "'often' is not a number"),
                               (0, "", "Not sent: type a guess first")):
            field = box(students[0], k).locator(".tt-predict-guess input")
            field.fill(typed)
            box(students[0], k).locator(".tt-predict-send").click()
            expect(status(students[0], k)).to_contain_text(said)
        assert sessions.answers(code) == []

        # Five answers: each counted on the teacher's page; each student's lesson unfolds.
        latencies = []
        for n, (student, text) in enumerate(zip(students, FIRST, strict=True), 1):
            sent = send(student, 0, text)
            expect(status(student, 0)).to_contain_text(f"Your answer {text} is in")
            expect(teacher.page.locator(".tt-predict .tt-count").first).to_have_attribute(
                "data-count", str(n))
            seen = teacher.page.wait_for_function(f"() => window.ttCounts[{n}]").json_value()
            latencies.append(seen - sent)
            unfolded(student, 1)
        print(f"\nJoin -> in the session, five at once: slowest {max(joined):.1f} s; "
              f"answer -> teacher's count: median {statistics.median(latencies):.0f} ms, "
              f"slowest {max(latencies):.0f} ms")

        # Student 0 goes on: a number refused as a percentage, then sent; the slider's
        # answer echoed as its readout; the choice refused until one is picked.
        send(students[0], 1, "12%")
        expect(status(students[0], 1)).to_contain_text("not a percentage")
        unfolded(students[0], 1)
        send(students[0], 1, "6")
        unfolded(students[0], 2)
        slider = box(students[0], 2).locator(".noUi-handle")
        slider.focus()
        students[0].page.keyboard.press("End")
        for _ in range(12):
            students[0].page.keyboard.press("ArrowLeft")
        expect(box(students[0], 2).locator(".widget-readout")).to_have_text("7.50")
        # The slider sends its value to the kernel throttled: on a busy machine the last key
        # press may reach the kernel after a click made at once (seen: 7.75 counted).
        students[0].page.wait_for_timeout(SLIDER_SETTLE_MS)
        box(students[0], 2).locator(".tt-predict-send").click()
        expect(status(students[0], 2)).to_contain_text("Your answer 7.50 is in")
        box(students[0], 3).locator(".tt-predict-send").click()
        expect(status(students[0], 3)).to_contain_text("pick one of the choices first")
        unfolded(students[0], 3)

        # A reload keeps the answers and the fold, and never shows what is folded.
        students[0].page.reload()
        ready(students[0])
        expect(box(students[0], 0).locator(".tt-predict-guess input")).to_have_value("5/6")
        expect(box(students[0], 2).locator(".widget-readout")).to_have_text("7.50")
        unfolded(students[0], 3)
        assert students[0].page.evaluate("window.ttLeaked") is None
        # A changed answer counts once.
        send(students[3], 0, "0.2")
        expect(status(students[3], 0)).to_contain_text("Your answer 0.2 is in")

        # The teacher reveals the first two questions; a late answer is refused and the
        # answer counted is judged; a student who had not answered the second sees on.
        reveal = box(teacher, 0).locator(".tt-predict-class-reveal")
        reveal.click()
        # The reveal is stored once the teacher's page shows its summary; only then is an
        # answer late (one sent before it reaches the store still counts, as in class).
        summary = box(teacher, 0).locator(".tt-predict-summary")
        expect(summary).to_have_attribute("data-answers", "5")
        expect(summary).to_contain_text("of the answer, 1/6 ≈ 0.1667")
        late = box(students[1], 0).locator(".tt-predict-guess input")
        late.evaluate("(f) => { f.value = '0.99'; "
                      "f.dispatchEvent(new Event('change', {bubbles: true})); }")
        expect(status(students[1], 0)).to_contain_text(
            "Your guess 0.3000 is 0.1333 too high. Answers are closed")
        expect(late).to_have_value("0.3")
        expect(late).to_be_disabled()
        shoot(teacher, "class_predictions")
        box(teacher, 1).locator(".tt-predict-class-reveal").click()
        unfolded(students[1], 2)
        expect(status(students[1], 1)).to_contain_text("You sent no answer. The answer is 6")

        for voila_page in (teacher, *students):
            voila_page.assert_no_errors()
        close(*students[2:])  # done: three pages follow the restart


    # The server restarts: each page reloads by itself, in its seat, nothing doubled.
    with voila(tmp_path / "lessons", port, url, log):
        expect(teacher.page.locator(".tt-session-big-code")).to_have_text(code)
        expect(box(teacher, 0).locator(".tt-predict-summary")).to_have_attribute(
            "data-answers", "5")
        expect(box(students[0], 2).locator(".widget-readout")).to_have_text("7.50")
        unfolded(students[0], 3)
        unfolded(students[1], 2)
        kept = sessions.answers(code)
        assert len(kept) == 7 and len({(a.question, a.student) for a in kept}) == 7
        assert sorted(a.text for a in kept if a.question == kept[0].question) == sorted(
            ["5/6", "0.3", "75%", "0.2", "0.9"])
        assert ("7.50", 7.5) in {(a.text, a.value) for a in kept}
        teacher.page.click(".tt-session-csv")
        with teacher.page.expect_download() as download:
            teacher.page.click(".tt-session-csv-link")
        with open(download.value.path(), encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        assert sorted(row["answer"] for row in rows) == sorted(
            a.text if a.value is None else repr(a.value) for a in kept)
        close(teacher, *students[:2])
    sessions.close()

