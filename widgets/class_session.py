"""A class session of a lesson: every predict-first box counts the class's guesses.

One cell near the top of a lesson shows the session bar::

    from widgets.class_session import session_bar
    session_bar("pitch")

The teacher presses "Open a class session": the code appears in large type at the top of the
window, with the address the students' devices can open (or, when the server answers this
computer only, how to serve the room). Each student types the code in the bar's code box
(Enter joins): the page joins the session where it is, without reloading, and takes a key
of its own; the kernel then publishes the page's new address (``?session=K7QX2&student=...``)
and the kit's Voilà template puts it in the address bar, so a reload, or the server coming
back, keeps the student's seat and answers. The teacher's page keeps its key out of the
address bar (the projector shows it): the template keeps it for the browser tab, and gives it
back to a reloaded page, which then rejoins as the teacher.

The predict-first boxes (:mod:`widgets.predict`) need no change: each registers with this
module as it is made, and the page's session (one per kernel, so one per page in Voilà)
takes it over when there is one. On a student's page the box sends the answer, which the
student may change until the teacher reveals; then it judges the answer that was counted.
On the teacher's page (the projector) the box counts the answers, and "Reveal to the class"
closes the question and draws the class's answers as a dot plot with the exact value over
them, the simulation's interval above them when the box has one, and the share of the class
within the stated distance. No student's name is ever asked for or shown.

**The lesson unfolds with the class.** On a student's page in a session, the first box the
student has neither answered nor seen revealed carries the class ``tt-fold-here``, and the
kit's template hides every cell after that box's cell (``display: none``: not shown, not
scrollable, not printed, not selectable; still in the page's HTML). Answering, or the
teacher's reveal, moves the mark to the next such box. Alone, or on the teacher's page, the
lesson is whole.

The teacher's page polls the store every ``ClassSession.teacher_poll_s`` seconds for the
counts, a student's every ``student_poll_s`` for reveals (one query each).
"""

from __future__ import annotations

import asyncio
import base64
import io
import os
import secrets
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar
from urllib.parse import parse_qs, urlencode

import ipywidgets as w
from IPython.display import display

from tabletop.odds.display import approx

from .address import (
    QUERY_ENV,
    command_html,
    page_address,
    reachable_address,
    where_to_type,
)
from .errors import ErrorArea
from .preheat import when_requested
from .shared import label, layout, style

if TYPE_CHECKING:  # the store (sqlalchemy) is imported when a session needs it
    from tabletop.tables import SessionStore
    from tabletop.tables.sessions import Reveal, SessionInfo

    from .predict import PredictFirst

#: Every predict-first box made in this kernel, in the order of the notebook's cells.
_boxes: list[PredictFirst] = []
#: The page's class session, when it is in one.
_session: ClassSession | None = None


def register(box: PredictFirst) -> None:
    """Called by each predict-first box as it is made: the page's session takes it over."""
    _boxes.append(box)
    if _session is not None:
        _session.attach(box)


def current() -> ClassSession | None:
    """The page's class session (None: the page is alone)."""
    return _session


#: The class that marks the box after which a student's lesson is folded (see the module).
FOLD = "tt-fold-here"


def session_link(code: str, role: str, key: str) -> str:
    """The query that opens this lesson in session ``code`` as ``role`` with ``key``."""
    return "?" + urlencode({"session": code, role: key})


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter upper case, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def lesson_title(name: str) -> str:
    """What a session's lesson is called on the page: the game's title for a game's lessons
    (``smokers_wild``: "Smokers Wild"), else its name in words (``probability_primer``:
    "Probability primer")."""
    from .landing import GAMES

    titles = {entry.name: entry.title for entry in GAMES}
    return titles.get(name, name.replace("_", " ").strip().capitalize())


def default_within(unit: str, exact: float | None) -> float | None:
    """The distance counted as close: 0.05 for a chance, a tenth of the answer for a number
    (a half for an answer of 0), none for a choice."""
    if unit == "choice" or exact is None:
        return None
    if unit == "probability":
        return 0.05
    return abs(exact) / 10 or 0.5


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


# -- the teacher's picture of one question -----------------------------------------------------
def class_plot(values: list[float], exact: float, interval: tuple[float, float] | None,
               within: float, unit: str) -> bytes:
    """A dot plot of the class's answers (one dot each, stacked where they are close), the
    exact value as a red line over them, the band within the stated distance, and the
    simulation's interval as a green bar beside them; a PNG."""
    from matplotlib.figure import Figure

    edges = [*values, exact, exact - within, exact + within, *(interval or ())]
    low, high = min(edges), max(edges)
    if unit == "probability":
        low, high = max(0.0, low), min(1.0, high)
    pad = (high - low) * 0.08 or 0.05
    low, high = low - pad, high + pad
    width = (high - low) / 60
    stacks: dict[int, int] = {}
    xs, ys = [], []
    for value in sorted(values):
        slot = round((value - low) / width)
        stacks[slot] = stacks.get(slot, 0) + 1
        xs.append(low + slot * width)
        ys.append(stacks[slot])
    top = max([*ys, 3])
    figure = Figure(figsize=(7.5, 3.0), dpi=100)
    axes = figure.subplots()
    axes.axvspan(exact - within, exact + within, color="#ffe082", alpha=0.6,
                 label=f"within {within:.4g}")
    axes.scatter(xs, ys, s=90, color="#1565c0", zorder=3, label="the class's answers")
    axes.axvline(exact, color="#c62828", linewidth=2.5, zorder=4, label="exact answer")
    if interval is not None:  # above the dots, with end caps: seen however narrow it is
        middle, half = (interval[0] + interval[1]) / 2, (interval[1] - interval[0]) / 2
        axes.errorbar([middle], [top + 1], xerr=[half], color="#2e7d32", linewidth=4,
                      capsize=9, capthick=3, marker="|", markersize=14,
                      label="simulation's interval")
    axes.set_xlim(low, high)
    axes.set_ylim(0, top + 2)
    axes.set_yticks([])
    axes.set_xlabel("chance" if unit == "probability" else "answer")
    # the legend above the axes, where it covers nothing
    axes.legend(loc="lower left", bbox_to_anchor=(0, 1.0), fontsize=9, ncols=4,
                frameon=False)
    for side in ("left", "right", "top"):
        axes.spines[side].set_visible(False)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def choice_plot(texts: list[str], choices: tuple[str, ...], exact: str) -> bytes:
    """A bar for each choice (how many took it), the right one in red; a PNG."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 2.6), dpi=100)
    axes = figure.subplots()
    counts = [texts.count(c) for c in choices]
    axes.bar(choices, counts, color=["#c62828" if c == exact else "#1565c0" for c in choices])
    axes.set_ylabel("answers")
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def summary(values: list[float], texts: list[str], reveal: Reveal, unit: str) -> str:
    """The sentence under the plot: how many answered, and how many were close."""
    n = len(texts)
    beside = ""
    if reveal.interval is not None:
        low, high = reveal.interval
        beside = f" The simulation's interval: {approx(low)} to {approx(high)}."
    from .predict import answer_phrase

    answer = answer_phrase(reveal.exact_text)
    if not n:
        return f"No one answered. The answer: {answer}.{beside}"
    if unit == "choice":
        right = texts.count(reveal.exact_text)
        return (f"{plural(n, 'answer')}: {right} of {n} chose {reveal.exact_text}, "
                "the answer.")
    within = reveal.within or 0.0
    close = sum(abs(v - (reveal.exact or 0.0)) <= within + 1e-12 for v in values)
    return (f"{plural(n, 'answer')}: {close} of {n} ({100 * close / n:.0f}%) within "
            f"{within:.4g} of the answer, {answer}.{beside}")


# -- one predict-first box in the session -----------------------------------------------------
class ClassBox:
    """What a session adds to one predict-first box: for a student the Send button and the
    answer's status; for the teacher the count, "Reveal to the class" and the class's plot."""

    def __init__(self, session: ClassSession, box: PredictFirst) -> None:
        from tabletop.tables.sessions import question_key

        self.session, self.box = session, box
        self.key = question_key(session.walkthrough, box.question)
        self.asked = False
        self.count = -1
        self.closed = False
        #: The answer the store holds from this student, as they wrote it (None: none yet).
        self.counted: str | None = None
        self.status = w.HTML("")
        self.status.add_class("tt-predict-status")
        guard = session.errors.guard
        if session.role == "student":
            self.send_button = w.Button(description="Send my answer",
                                        tooltip="Send your guess to the class (you may change "
                                        "it until the teacher reveals)",
                                        layout=w.Layout(width="auto"))
            self.send_button.add_class("tt-predict-send")
            self.send_button.on_click(guard("sending an answer")(lambda _b: self.send()))
            box.row.children = (box.guess, self.send_button)
            if isinstance(box.guess, w.Text):
                box.guess.observe(guard("sending an answer")(self._on_typed), names="value")
            box.class_box.children = (self.status,)
        else:
            self.counter = w.HTML("")
            self.counter.add_class("tt-predict-count")
            self.reveal_button = w.Button(description="Reveal to the class",
                                          tooltip="Close the question and show the class's "
                                          "answers against the exact one",
                                          layout=w.Layout(width="auto"))
            self.reveal_button.add_class("tt-predict-class-reveal")
            self.reveal_button.on_click(guard("revealing to the class")(
                lambda _b: self.reveal_to_class()))
            self.plot = w.Image(format="png", layout=w.Layout(width="750px", display="none"))
            self.plot.add_class("tt-predict-plot")
            box.row.layout = w.Layout(display="none")  # its own: the shared one stays shown
            box.class_box.children = (w.HBox([self.counter, self.reveal_button]), self.status,
                                      self.plot)
            self.show_count(0)

    # -- a student's box ---------------------------------------------------------------------
    def _on_typed(self, change: dict) -> None:
        """Enter in the guess box (or leaving it) sends the answer (while this page's session
        is the kernel's: a bar run again starts another)."""
        if change["new"].strip() and not self.session.stopped:
            self.send()

    def send(self) -> None:
        """Send the student's guess, read in the question's unit (a refusal says why, and
        leaves the answer counted before as it was)."""
        from tabletop.tables import TableError
        from tabletop.tables.sessions import AnswerRefused

        if self.closed:  # revealed: the box keeps the answer counted, and its verdict
            self.put_back()
            return
        try:
            guess = self.box.read()
        except ValueError as err:
            self.say(f"Not sent: {err}.", True)
            return
        text = self.box.typed()
        value = None if isinstance(guess, str) else float(guess)
        try:
            self.ensure_asked()
            self.session.store.answer(self.session.code, self.key, self.session.key,
                                      value, text)
        except AnswerRefused as err:
            self.say(f"Not sent: {err}.", True)
            self.session.poll()  # revealed meanwhile: show it now, judging what was counted
            return
        except TableError as err:
            self.say(f"Not sent: {err}.", True)
            return
        self.counted = text
        self.say(f"Your answer {text} is in. You may change it until the teacher reveals.")
        self.session.refold()

    def show_mine(self, text: str) -> None:
        """Put the answer the store has from this student back in the box (a reload)."""
        self.counted = text
        self.put_back()
        self.say(f"Your answer {text} is in. You may change it until the teacher reveals.")

    def put_back(self) -> None:
        """Show the counted answer in the box (setting it sends nothing)."""
        if self.counted is None:
            return
        closed, self.closed = self.closed, True
        self.box.show(self.counted)
        self.closed = closed

    def revealed(self, reveal: Reveal) -> None:
        """The teacher revealed this question: close it, and show the exact answer here."""
        if self.session.role == "teacher":
            self.draw(reveal)
            return
        from .predict import answer_phrase, read_answer, verdict

        self.closed = True
        self.send_button.disabled = True
        self.box.guess.disabled = True
        self.put_back()  # a late answer the store refused is not the one judged
        if self.counted is None:
            told = f"You sent no answer. The answer is {answer_phrase(reveal.exact_text)}."
        else:
            try:
                answer = self.box.answer_fn()
                counted = (self.counted if self.box.unit == "choice"
                           else read_answer(self.counted, self.box.unit))
                told = verdict(counted, answer, self.box.close_within(answer))
            except Exception as err:  # a broken answer must be visible, not silent
                told = (f"The answer could not be computed here ({err}); the teacher's page "
                        "shows it.")
        # Not in the box's Output: what a timer's callback prints there is lost.
        self.say(f"The teacher has revealed this question. {told} Answers are closed.")

    # -- the teacher's box -------------------------------------------------------------------
    def ensure_asked(self) -> None:
        """Make sure the store has this question (the first page to need it writes it)."""
        if not self.asked:
            self.session.store.ask(self.session.code, self.box.question, self.box.unit,
                                   self.box.choices, self.box.within)
            self.asked = True

    def show_count(self, n: int) -> None:
        """The teacher's count of answers (never who answered)."""
        if n != self.count:
            self.count = n
            words = plural(n, "answer") if n else "No answer yet"
            self.counter.value = (f'<span class="tt-count" data-count="{n}" '
                                  f'style="font-size:18px"><b>{words}</b></span>')

    def reveal_to_class(self) -> None:
        """Compute the exact answer (and the simulation's interval), close the question in
        the store and draw the class's answers."""
        box = self.box
        try:
            exact = box.answer_fn()
            interval = None
            if box.interval_fn is not None:
                from .predict import interval_of
                interval = interval_of(box.interval_fn())
        except Exception as err:  # a broken answer must be visible, not silent
            self.say(f"The answer could not be computed: {err}", True)
            return
        from .predict import answer_text
        number = None if box.unit == "choice" else float(exact)
        self.ensure_asked()
        store = self.session.store
        within = box.within if box.within is not None else default_within(box.unit, number)
        store.reveal(self.session.code, self.key, self.session.key, number,
                     answer_text(exact), interval, within)
        self.draw(store.revealed(self.session.code)[self.key])

    def draw(self, reveal: Reveal) -> None:
        """The class's answers against the exact one (see :func:`class_plot`)."""
        if self.closed:
            return
        self.closed = True
        answers = self.session.store.answers(self.session.code, self.key)
        values = [a.value for a in answers if a.value is not None]
        texts = [a.text for a in answers]
        unit = self.box.unit
        if unit == "choice":
            picture = choice_plot(texts, self.box.choices or (), reveal.exact_text)
        else:
            picture = class_plot(values, reveal.exact or 0.0, reveal.interval,
                                 reveal.within or 0.0, unit)
        self.plot.value = picture
        self.plot.layout.display = "block"
        self.reveal_button.disabled = True
        self.show_count(len(answers))
        said = escape(summary(values, texts, reveal, unit))
        self.status.value = (f'<div class="tt-predict-summary" data-answers="{len(answers)}" '
                             f'style="font-size:16px">{said}</div>')

    def say(self, text: str, problem: bool = False) -> None:
        css = ' class="tt-illegal"' if problem else ""
        self.status.value = f"<span{css}>{escape(text, quote=False)}</span>"


# -- the page's session ----------------------------------------------------------------------
class ClassSession:
    """This page in session ``code`` of the store, as the teacher or as a student."""

    teacher_poll_s: ClassVar[float] = 0.25
    student_poll_s: ClassVar[float] = 1.0

    def __init__(self, store: SessionStore, code: str, walkthrough: str, role: str, key: str,
                 errors: ErrorArea, on_poll: Callable[[], None] | None = None,
                 on_fold: Callable[[bool], None] | None = None) -> None:
        self.store, self.code, self.walkthrough = store, code, walkthrough
        self.role, self.key, self.errors = role, key, errors
        self.on_poll, self.on_fold = on_poll, on_fold
        self.boxes: dict[str, ClassBox] = {}
        self.problem = ""
        self.stopped = False
        self.mine = store.my_answers(code, key) if role == "student" else {}
        self.seen: set[str] = set()
        self.folded: ClassBox | None = None
        for box in _boxes:
            self.attach(box)
        self.poll()
        self._schedule()

    def attach(self, box: PredictFirst) -> None:
        """Take over a predict-first box (see :class:`ClassBox`)."""
        added = ClassBox(self, box)
        self.boxes.setdefault(added.key, added)
        if added.key in self.mine:
            added.show_mine(self.mine[added.key])
        self.refold()

    def refold(self) -> None:
        """On a student's page, mark the first box the student has neither answered nor
        seen revealed: the lesson is folded after it (see the module). Elsewhere, none."""
        first = None
        if self.role == "student" and not self.stopped:
            first = next((b for key, b in self.boxes.items()
                          if b.counted is None and key not in self.seen), None)
        if first is self.folded:
            return
        if self.folded is not None:
            self.folded.box.widget.remove_class(FOLD)
        if first is not None:
            first.box.widget.add_class(FOLD)
        self.folded = first
        if self.on_fold is not None:
            self.on_fold(first is not None)

    def stop(self) -> None:
        """Stop following the session (another session takes the page): nothing folded."""
        self.stopped = True
        self.refold()

    def poll(self) -> None:
        """Look at the store once: the teacher's counts, the reveals."""
        from tabletop.tables import TableError

        try:
            revealed = self.store.revealed(self.code)
            counts = self.store.counts(self.code) if self.role == "teacher" else {}
        except TableError as error:
            self.problem = str(error)
            return
        self.problem = ""
        for key, box in self.boxes.items():
            if self.role == "teacher" and not box.closed:
                box.show_count(counts.get(key, 0))
            if key in revealed and key not in self.seen:
                self.seen.add(key)
                box.revealed(revealed[key])
        self.refold()
        if self.on_poll is not None:
            self.on_poll()

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a script or a test): call poll() to follow
        wait = self.teacher_poll_s if self.role == "teacher" else self.student_poll_s
        loop.call_later(wait, self._tick)

    def _tick(self) -> None:
        if self.stopped:
            return
        self.errors.call("following the class session", self.poll)
        self._schedule()


# -- the bar at the top of a lesson -------------------------------------------------------
class SessionBar:
    """The lesson's class-session bar (see the module docstring)."""

    def __init__(self, walkthrough: str) -> None:
        self.walkthrough = walkthrough
        self._store: SessionStore | None = None
        self.errors = ErrorArea()
        guard = self.errors.guard
        self.open_button = w.Button(description="Open a class session",
                                    tooltip="Teacher: gather the class's predictions (a code "
                                    "for the students to type)", layout=layout(width="auto"),
                                    style=style(w.Button))
        self.open_button.add_class("tt-session-open")
        self.code = w.Text(placeholder="session code", continuous_update=False,
                           layout=layout(width="130px"), style=style(w.Text))
        self.code.add_class("tt-session-code")
        self.join_button = w.Button(description="Join", tooltip="Join your class's session",
                                    layout=layout(width="auto"), style=style(w.Button))
        self.join_button.add_class("tt-session-join")
        self.open_button.on_click(guard("opening a class session")(self._on_open))
        self.join_button.on_click(guard("joining a class session")(lambda _b: self.join()))
        self.code.observe(guard("joining a class session")(self._on_code), names="value")
        self.row = w.HBox([
            label("<b>Predictions that count</b>, with your class:"),
            self.open_button, self.code, self.join_button,
        ], layout=w.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        self.message = label("")
        self.message.add_class("tt-session-message")
        self.panel = label("")
        self.panel.add_class("tt-session-panel")
        self.table = label("")
        self.table.add_class("tt-session-summary")
        self.csv_button = w.Button(description="Download the answers (CSV)",
                                   tooltip="Every answer of the session: question, anonymous "
                                   "student key, answer, exact value, time",
                                   layout=w.Layout(width="auto", display="none"))
        self.csv_button.add_class("tt-session-csv")
        self.csv_button.on_click(guard("preparing the CSV")(lambda _b: self.prepare_csv()))
        self.download = label("")
        self.download.add_class("tt-session-download")
        # For the kit's template (never shown): where this page is, and a teacher's session
        # given back by the browser tab after a reload.
        self.state = w.HTML("", layout=layout(display="none"))
        self.state.add_class("tt-session-state")
        self.resume = w.Text(value="", continuous_update=False, layout=layout(display="none"))
        self.resume.add_class("tt-session-resume")
        self.resume.observe(guard("rejoining the class session")(self._on_resume),
                            names="value")
        self.query, self.keep = "", ""
        self.widget = w.VBox([self.row, self.message, self.panel, self.table,
                              w.HBox([self.csv_button, self.download], layout=layout()),
                              self.errors.widget, self.state, self.resume], layout=layout())
        self.widget.add_class("tt-session")

    def store(self) -> SessionStore:
        """The store, opened on first use (a StoreError says what is wrong)."""
        if self._store is None:
            from tabletop.tables import SessionStore

            self._store = SessionStore()
        return self._store

    def say(self, text: str, problem: bool = False) -> None:
        """Show ``text`` under the bar (in the colour of a refusal when ``problem``)."""
        css = ' class="tt-illegal"' if problem else ""
        self.message.value = f"<span{css}>{escape(text, quote=False)}</span>" if text else ""

    def publish(self, folded: bool = False) -> None:
        """Tell the kit's template where this page is: :attr:`query` (``?session=…``) kept in
        the address bar (:attr:`keep` ``"address"``, a student's) or by the browser tab
        (``"tab"``, the teacher's, kept off the projector), nothing when empty; and whether
        the lesson is ``folded``. The template waits for this before it shows a returning
        student's lesson."""
        self.state.value = (f'<span data-ready="1" data-query="{escape(self.query)}" '
                            f'data-keep="{self.keep}" data-fold="{int(folded)}"></span>')

    def start(self, code: str, role: str, key: str) -> ClassSession:
        """Put this page in session ``code`` (replacing any session it was in) and publish
        the page's new address."""
        global _session
        if _session is not None:
            _session.stop()
        self.query = session_link(code, role, key)
        self.keep = "address" if role == "student" else "tab"
        _session = ClassSession(self.store(), code, self.walkthrough, role, key, self.errors,
                                self.show_summary if role == "teacher" else None,
                                self.publish)
        self.publish(_session.folded is not None)
        return _session

    def check_lesson(self, info: SessionInfo) -> None:
        """A TableError when session ``info`` is of another lesson than this page's."""
        from tabletop.tables import TableError

        if info.walkthrough != self.walkthrough:
            raise TableError(f"session {info.code} is of another lesson "
                             f"({lesson_title(info.walkthrough)}): open that lesson to join "
                             "it")

    # -- arriving ------------------------------------------------------------------------------
    def join_from_address(self, query: str | None = None) -> None:
        """Join the session the page's address names, if it names one; then tell the
        template the page is ready (a returning student's lesson is shown folded)."""
        fields = parse_qs(os.environ.get(QUERY_ENV, "") if query is None else query)
        code = fields.get("session", [""])[0]
        try:
            if code:
                self.join_named(code, fields)
        finally:
            if _session is None or _session.stopped:
                self.query, self.keep = "", ""
                self.publish()

    def join_named(self, code: str, fields: dict[str, list[str]]) -> None:
        """Join session ``code`` as the address's ``fields`` say (teacher or student)."""
        from tabletop.tables import TableError

        try:
            info = self.store().session(code)
            self.check_lesson(info)
            if "teacher" in fields:
                key = fields["teacher"][0]
                if not self.store().is_teacher(info.code, key):
                    raise TableError("this teacher's link is not the one of the session")
                self.start(info.code, "teacher", key)
                self.show_teacher(info.code, key)
            else:
                key = fields.get("student", [""])[0]
                self.start(info.code, "student", key)
                self.show_student(info.code)
        except TableError as error:
            self.say(f"Not in a class session: {error}.", True)

    def _on_resume(self, change: dict) -> None:
        """The template gives back the teacher's session this browser tab was in."""
        if change["new"] and _session is None:
            self.join_from_address(change["new"].lstrip("?"))

    def _on_code(self, change: dict) -> None:
        """Enter in the code box (or leaving it) joins."""
        if change["new"].strip():
            self.join()

    def join(self) -> None:
        """Join the typed session here, as a student with a new key: the lesson stays where
        it is (no reload); the template puts the new address in the address bar."""
        from tabletop.tables import TableError

        typed = self.code.value
        if not typed.strip():
            self.say("Type your class's session code first (five letters and digits, like "
                     "K7QX2: your teacher shows it).", True)
            return
        try:
            info = self.store().session(typed)
            self.check_lesson(info)
        except TableError as error:
            self.say(sentence(str(error)), True)
            return
        if (_session is not None and not _session.stopped and _session.code == info.code
                and _session.role == "student"):
            return  # joined already (Enter in the box, then the Join button)
        self.start(info.code, "student", secrets.token_urlsafe(12))
        self.show_student(info.code)

    def _on_open(self, _button: w.Button) -> None:
        from tabletop.tables import TableError

        key = secrets.token_urlsafe(12)
        try:
            code = self.store().open_session(self.walkthrough, key)
        except TableError as error:
            self.say(f"No session was opened: {error}.", True)
            return
        self.start(code, "teacher", key)
        self.show_teacher(code, key)

    # -- what the bar shows --------------------------------------------------------------------
    def where_to_type(self, code: str) -> str:
        """Where the students type ``code``, in words (:func:`widgets.address.where_to_type`)."""
        where = page_address()
        return where_to_type(code, "this lesson's session box", where,
                             reachable_address(where) if where else None)

    def show_teacher(self, code: str, key: str) -> None:
        """The code in large type, where to type it, and the teacher's link back."""
        self.row.layout.display = "none"
        self.csv_button.layout.display = "flex"
        back = escape(session_link(code, "teacher", key))
        where = command_html(self.where_to_type(code))
        self.say("")
        self.panel.value = (
            f'<div class="tt-session-big" data-code="{code}" style="font-size:26px;'
            f'line-height:1.3">Class session <b class="tt-session-big-code" '
            f'style="font-size:64px;letter-spacing:6px">{code}</b><br>'
            f'<span class="tt-session-where">{where}.</span></div>'
            "<div>Each question below counts the answers; press <b>Reveal to the class</b> "
            "when the class is done. A reload of this page stays in the session; to come "
            "back from another browser: "
            f'<a class="tt-session-teacher-link" href="{back}" target="_self">teacher\'s '
            "page</a> (keep it to yourself).</div>")
        self.show_summary()

    def show_student(self, code: str) -> None:
        self.row.layout.display = "none"
        self.say("")
        self.panel.value = (f'<div class="tt-session-here" data-code="{code}">In class '
                            f"session <b>{code}</b>: each answer you send goes to your "
                            "teacher, without your name. You may change it until the "
                            "teacher reveals the question; the lesson goes on below each "
                            "question once you have answered it.</div>")

    def show_summary(self) -> None:
        """The teacher's table: each question, how many answered, whether it is revealed."""
        session = _session
        if session is None or session.role != "teacher":
            return
        rows = []
        for box in session.boxes.values():
            state = "revealed" if box.closed else ""
            text = box.box.question
            short = text if len(text) <= 80 else text[:77] + "…"
            rows.append(f'<tr data-count="{max(box.count, 0)}"><td>{escape(short)}</td>'
                        f"<td>{max(box.count, 0)}</td><td>{state}</td></tr>")
        problem = (f'<p class="tt-illegal">⚠ {escape(session.problem)}; trying again…</p>'
                   if session.problem else "")
        html = (f"{problem}<details><summary>{plural(len(rows), 'question')} in this "
                "lesson</summary><table><tr><th>question</th><th>answers</th><th></th>"
                f"</tr>{''.join(rows)}</table></details>")
        if html != self.table.value:
            self.table.value = html

    def prepare_csv(self) -> None:
        """A link that downloads every answer of the session as a CSV file."""
        session = _session
        if session is None:
            return
        data = base64.b64encode(self.store().csv(session.code).encode()).decode()
        name = f"class-session-{session.code}.csv"
        self.download.value = (f'<a class="tt-session-csv-link" download="{name}" '
                               f'href="data:text/csv;base64,{data}">{name}</a>')


def session_bar(walkthrough: str) -> w.VBox:
    """The class-session bar of ``walkthrough`` (a game's name, shared by its lessons; or
    the primer's), joined to the session the page's address names, if any (once the page is
    asked for, in a preheated kernel)."""
    bar = SessionBar(walkthrough)
    when_requested(lambda: bar.errors.call("joining the session", bar.join_from_address))
    return bar.widget


# -- after the lesson: the teacher's sheet -------------------------------------------------------
def hardest_table(text: str) -> Any:
    """The questions of a session's CSV, the hardest first, as a table (pandas)."""
    import pandas as pd

    from tabletop.tables.sessions import hardest

    ranked = hardest(io.StringIO(text))
    return pd.DataFrame(
        [{"question": d.question, "answers": d.answers,
          "close": f"{d.within} of {d.answers} ({100 * d.share:.0f}%)",
          "median distance": "" if d.median_miss is None else approx(d.median_miss)}
         for d in ranked])


def hardest_questions() -> w.VBox:
    """For the teacher's sheet: upload a session's CSV, see which questions were hardest."""
    upload = w.FileUpload(accept=".csv", multiple=False, description="Session CSV")
    shown = w.Output()

    def read(_change: dict) -> None:
        from tabletop.tables import TableError

        shown.clear_output()
        with shown:
            if not upload.value:
                return
            try:
                table = hardest_table(bytes(upload.value[0]["content"]).decode())
            except (TableError, UnicodeDecodeError) as err:
                print(f"This file cannot be read: {err}.")
                return
            if table.empty:
                print("No question of this session was revealed: nothing to rank.")
            else:
                display(table)

    upload.observe(read, names="value")
    return w.VBox([w.HTML("Upload the CSV downloaded from a class session: its revealed "
                          "questions, the hardest first (the fewest answers close to the "
                          "exact value)."), upload, shown])
