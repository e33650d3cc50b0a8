"""Run inside a notebook's kernel after its last cell (see ``conftest.py``): every predict-first
box of the notebook accepts its own exact answer, typed in the unit its question asks, and
judges it close (TEACHING.md, point 2).

For each box the answer is computed as Reveal computes it, then typed the ways a student
would write it: the exact fraction (when it is short) and the decimal to four significant
figures, for a chance or a number; the nearest step, for a slider; the choice itself, for a
choice. Each must be read without a "Not yet" and be called "spot on" or "close".
"""

from fractions import Fraction
from numbers import Real

from widgets import class_session


def typings(box, answer):
    """The ways a student types ``answer`` into ``box``."""
    if box.unit == "choice":
        return [str(answer)]
    if not isinstance(answer, Real):
        raise AssertionError(f"the answer {answer!r} is not a number, for a {box.unit} question")
    if hasattr(box.guess, "step"):  # a slider: the nearest step
        low, step = box.guess.min, box.guess.step
        value = low + round((float(answer) - low) / step) * step
        if not box.guess.min <= value <= box.guess.max:
            raise AssertionError(f"the answer {float(answer):.4g} is off the slider "
                                 f"({box.guess.min} to {box.guess.max})")
        return [value]
    typed = [f"{float(answer):.4g}"]
    exact = Fraction(answer) if isinstance(answer, Fraction | int) else None
    if exact is not None and max(abs(exact.numerator), exact.denominator) < 10**6:
        typed.insert(0, str(exact))
    return typed


def check_boxes():
    """Type each box's exact answer and check the verdict; one AssertionError lists every
    box that refused or misjudged its own answer."""
    boxes = list(class_session._boxes)
    wrong = []
    for box in boxes:
        answer = box.answer_fn()
        for typed in typings(box, answer):
            box.guess.value = typed
            message = box.reveal()
            if "spot on" not in message and "close" not in message and " is right" not in message:
                wrong.append(f"{box.question!r}: typed {typed!r}, told {message!r}")
    assert not wrong, "predict boxes that refuse their own answer:\n" + "\n".join(wrong)
    print(f"{len(boxes)} predict boxes accept their exact answers")
