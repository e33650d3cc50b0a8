"""Predictions that count (issue 21): the teacher opens a class session from the RUSH
walkthrough, five students on their own devices join it by its code (Enter in the code box)
and answer its first two predict-first questions (one refused answer first), a reload keeps
a student's answer, a changed answer is still one answer, the teacher reveals both and the
projector shows five answers with the exact value; the students' boxes close; a sixth
device's bad codes are refused; the store holds each answer once and the CSV has them all.

Prints the time from a student's answer to the teacher's count changing (median and
slowest of the ten answers). ``TABLETOP_SCREENSHOTS=docs`` also writes the teacher's view
after a reveal to ``docs/class_predictions.png``."""

from __future__ import annotations

import csv
import statistics
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, expect

from tabletop.games.rush import odds
from tabletop.tables import SessionStore
from widgets.predict import answer_text

from .conftest import VoilaPage
from .pages import close, shoot

WALKTHROUGH = "rush.ipynb"
#: A walkthrough page runs every cell before it is interactive: several at once take long.
LOAD_MS = 300_000
WINDOW = {"width": 1280, "height": 1000}
CHANCE = "What is the chance that one pill turns one of them"
PILLS = "how many pills does it take on average"
ANSWERS = {CHANCE: ["5/6", "0.8", "75%", "1/2", "0.9"], PILLS: ["10", "12", "8.5", "15", "11"]}
#: Records, on the teacher's page, when each question's count first showed each number.
WATCH_COUNTS = """() => {
  window.ttCounts = {};
  const look = () => {
    document.querySelectorAll('.tt-predict').forEach((box, k) => {
      const mark = box.querySelector('.tt-count');
      if (!mark) return;
      const seen = window.ttCounts[k] = window.ttCounts[k] || {};
      const n = mark.dataset.count;
      if (!(n in seen)) seen[n] = Date.now();
    });
  };
  // A mutation observer, not animation frames: a page in the background gets no frames.
  new MutationObserver(look).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-count']});
  look();
}"""


@pytest.fixture
def sessions(tables_url: str) -> Iterator[SessionStore]:
    """The store of the session's Voilà server."""
    opened = SessionStore(tables_url)
    yield opened
    opened.close()


def device(browser: Browser, base: str, query: str = "", wait: bool = True) -> VoilaPage:
    """A new device (browser context) opening the walkthrough (not waiting for it when not
    ``wait``: see :func:`ready`)."""
    page = browser.new_context(viewport=WINDOW).new_page()
    page.set_default_timeout(LOAD_MS)
    voila = VoilaPage(page, base)
    voila.watch()
    page.goto(f"{base}/voila/render/{WALKTHROUGH}{query}")
    if wait:
        ready(voila)
    return voila


def ready(voila: VoilaPage) -> None:
    voila.wait_until_ready(".tt-session")


def box(voila: VoilaPage, question: str) -> Locator:
    return voila.page.locator(".tt-predict", has_text=question)


def answer(voila: VoilaPage, question: str, text: str) -> int:
    """Type ``text`` in the question's box and press Enter; the time of the press (ms)."""
    field = box(voila, question).locator(".tt-predict-guess input")
    field.fill(text)
    sent = int(voila.page.evaluate("Date.now()"))
    field.press("Enter")
    return sent


def join(voila: VoilaPage, code: str) -> None:
    """Type the code, press Enter, follow the link the bar gives: the page opens in session."""
    voila.page.locator(".tt-session-code input").fill(code.lower())
    voila.page.locator(".tt-session-code input").press("Enter")
    voila.page.locator(".tt-session-link").click()


def test_five_students_predict_and_the_teacher_reveals(
        browser: Browser, voila_url: str, sessions: SessionStore) -> None:
    exact = {CHANCE: answer_text(odds.pill_risk(5)[0]),
             PILLS: answer_text(odds.pills_to_lose_all())}
    teacher = device(browser, voila_url)
    students = [device(browser, voila_url, wait=False) for _ in range(5)]
    teacher.page.click(".tt-session-open")
    big = teacher.page.locator(".tt-session-big-code")
    code = big.inner_text().strip()
    assert len(code) == 5
    for student in students:
        ready(student)
        join(student, code)
    for student in students:
        student.page.wait_for_url("**student=**")
        ready(student)
        expect(student.page.locator(".tt-session-here")).to_contain_text(code)
    teacher.page.evaluate(WATCH_COUNTS)

    # An answer the question cannot take is refused, and says how to write one.
    answer(students[0], CHANCE, "150%")
    expect(box(students[0], CHANCE).locator(".tt-predict-status")).to_contain_text(
        "not a chance")
    answer(students[0], PILLS, "many")
    expect(box(students[0], PILLS).locator(".tt-predict-status")).to_contain_text(
        "is not a number")

    latencies = []
    for k, question in enumerate((CHANCE, PILLS)):
        counts = teacher.page.locator(".tt-predict .tt-count").nth(k)
        for n, (student, text) in enumerate(zip(students, ANSWERS[question], strict=True), 1):
            sent = answer(student, question, text)
            expect(box(student, question).locator(".tt-predict-status")).to_contain_text(
                f"Your answer {text} is in")
            expect(counts).to_have_attribute("data-count", str(n))
            seen = teacher.page.wait_for_function(
                f"() => (window.ttCounts[{k}] || {{}})[{n}]").json_value()
            latencies.append(seen - sent)
    print(f"\nstudent's answer -> teacher's count: median {statistics.median(latencies):.0f} ms, "
          f"slowest {max(latencies):.0f} ms over {len(latencies)} answers")

    # A reload keeps the answer; a changed answer replaces it (still five answers).
    students[0].page.reload()
    ready(students[0])
    field = box(students[0], CHANCE).locator(".tt-predict-guess input")
    expect(field).to_have_value("5/6")
    expect(box(students[0], CHANCE).locator(".tt-predict-status")).to_contain_text(
        "Your answer 5/6 is in")
    answer(students[1], CHANCE, "0.85")
    expect(box(students[1], CHANCE).locator(".tt-predict-status")).to_contain_text(
        "Your answer 0.85 is in")

    # The teacher reveals both: five answers on the projector, with the exact value.
    for k, question in enumerate((CHANCE, PILLS)):
        shown = box(teacher, question)
        shown.locator(".tt-predict-class-reveal").click()
        said = shown.locator(".tt-predict-summary")
        expect(said).to_have_attribute("data-answers", "5")
        expect(said).to_contain_text(f"of the exact answer {exact[question]}")
        expect(shown.locator(".tt-predict-plot")).to_be_visible()
        if k == 0:
            shown.scroll_into_view_if_needed()
            teacher.page.evaluate("window.scrollBy(0, -120)")
            shoot(teacher, "class_predictions")
    assert "Ann" not in teacher.page.locator(".tt-predict").first.inner_text()

    # The students' boxes close and show the answer.
    late = box(students[2], CHANCE)
    expect(late.locator(".tt-predict-status")).to_contain_text("Answers are closed")
    expect(late.locator(".tt-predict-guess input")).to_be_disabled()
    expect(late.locator(".tt-predict-status")).to_contain_text(
        f"The answer is {exact[CHANCE]}. Your guess 0.7500 was")

    # A sixth device: a mistyped code and a code of no session are refused.
    sixth = device(browser, voila_url)
    message = sixth.page.locator(".tt-session-message")
    sixth.page.locator(".tt-session-code input").fill("K0O1")
    sixth.page.locator(".tt-session-code input").press("Enter")
    expect(message).to_contain_text("'K0O1' is not a session code")
    wrong = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
    sixth.page.locator(".tt-session-code input").fill(wrong)
    sixth.page.locator(".tt-session-code input").press("Enter")
    expect(message).to_contain_text(f"there is no class session {wrong}")
    assert sixth.page.locator(".tt-session-link").count() == 0

    # The store holds each answer once; the teacher's CSV has every one.
    kept = sessions.answers(code)
    assert len(kept) == 10
    assert len({(a.question, a.student) for a in kept}) == 10
    assert len({a.student for a in kept}) == 5
    assert sorted(a.text for a in kept if a.value is not None and a.value < 1) == sorted(
        ["5/6", "0.85", "75%", "1/2", "0.9"])
    teacher.page.click(".tt-session-csv")
    with teacher.page.expect_download() as download:
        teacher.page.click(".tt-session-csv-link")
    with open(download.value.path(), encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 10 and all(row["exact"] for row in rows)
    for voila in (teacher, *students, sixth):
        voila.assert_no_errors()
    close(teacher, sixth, *students)

