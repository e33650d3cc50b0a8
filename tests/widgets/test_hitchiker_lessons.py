"""The Hitchiker lessons' helpers: the two-lesson plan counted as the landing page counts it,
the cells a teacher may skip, and the static pictures saved beside the notebooks."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib
import pytest

from widgets.hitchiker import lessons
from widgets.landing import class_minutes, part_minutes

matplotlib.use("Agg")


def test_the_lesson_plan_gives_each_lesson_its_minutes_alone_and_with_a_class():
    plan = lessons.lesson_plan()
    totals = plan[plan.section == "the whole lesson"]
    assert list(totals.lesson) == [1, 2]
    for k, path in enumerate(lessons.LESSONS, 1):
        whole = totals[totals.lesson == k]
        assert whole["minutes with a class"].item() == round(class_minutes(path), 1)
        sections = plan[(plan.lesson == k) & (plan.section != "the whole lesson")]
        alone = sum(part_minutes(path).values())
        rounding = 0.05 * len(sections) + 1e-9  # each section's minutes are rounded to a tenth
        assert sections["minutes read alone"].sum() == pytest.approx(alone, abs=rounding)
        assert whole["minutes read alone"].item() == pytest.approx(alone, abs=0.1)
        assert sections["minutes with a class"].sum() == pytest.approx(class_minutes(path),
                                                                       abs=rounding)


def test_the_skippable_cells_are_the_cells_tagged_so():
    listed = lessons.skippable_cells()
    for k, path in enumerate(lessons.LESSONS, 1):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        tagged = [i for i, c in enumerate(cells) if "skippable" in c["metadata"].get("tags", [])]
        assert list(listed[listed.lesson == k].cell) == tagged


@pytest.mark.parametrize("picture", ["board", "heat"])
def test_static_pictures_are_saved_beside_the_notebooks(picture: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(lessons, "IMAGES", tmp_path)
    if picture == "board":
        lessons.board_image("the board", "board.png")
    else:
        lessons.heat_image([1.0] * len(lessons.board_spaces()), "a heat map", "heat.png")
    assert (tmp_path / f"{picture}.png").stat().st_size > 0


def test_the_table_picture_puts_each_hitchiker_and_hometown_owner_on_the_city():
    game = lessons.scripted_table(dice=[2, 4], contraband={"Ann": 7})  # a smuggler, six cities on
    lessons.turn_from(game, "Stock Wood")
    view = game.view(None)
    ann = next(seat for seat in view["seats"] if seat["name"] == "Ann")
    tokens = lessons.table_tokens(view)
    assert "Ann" in tokens[ann["position"]] and "Ann's" in tokens[lessons.city("Podunk")]
    assert lessons.seat_line(ann).startswith(f"Ann: {ann['city']}, $0 cash")


def test_a_table_shown_before_a_prediction_leaves_out_the_chances_the_events_state(capsys):
    game = lessons.scripted_table(dice=[1, 1])   # from Nowhere Falls into the pot hole
    since = lessons.turn_from(game, "Nowhere Falls")
    lessons.tell(game, since, chances=False)
    told = capsys.readouterr().out
    assert "· Ann is stuck in a pot hole\n" in told and "chance" not in told
    lessons.tell(game, since)
    assert "stuck in a pot hole: a chance of 1/2 each turn" in capsys.readouterr().out


# -- the teacher's sheet calls lesson 2's full-game studies as the lesson calls them ------------
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _study_calls(path: Path) -> tuple[list[int], int, dict[str, str]]:
    """The sizes of a notebook's lesson-2 studies (the ``size`` dict's values and the default of
    ``size.get``), and the other keyword arguments of its ``paired_study`` call, as written."""
    import ast

    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or "size = {" not in source or "paired_study(" not in source:
            continue
        tree = ast.parse(source)
        sizes = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                     and getattr(node.targets[0], "id", "") == "size")
        call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and getattr(node.func, "id", "") == "paired_study")
        words = {k.arg: ast.unparse(k.value) for k in call.keywords
                 if k.arg not in ("switched", "baseline")}
        default = ast.literal_eval(ast.parse(words.pop("games"), mode="eval").body.args[1])
        return [ast.literal_eval(v) for v in sizes.values], default, words
    raise AssertionError(f"{path.name}: no cell with lesson 2's studies")


def test_the_sheet_calls_lesson_2s_studies_with_the_lessons_sizes_and_seed():
    lesson = _study_calls(NOTEBOOKS / "hitchiker" / "lesson_2.ipynb")
    sheet = _study_calls(NOTEBOOKS / "teachers" / "hitchiker.ipynb")
    assert sheet == lesson


def _study(mean: float, std: float, games: int, no_deal: float = 0.3):
    """A paired study whose difference has this mean and standard deviation over ``games``
    pairs (the baseline arm's mean ``no_deal``)."""
    from tabletop.odds.montecarlo import MeanEstimate
    from tabletop.paired import PairedStudy

    def arm(m: float, sd: float) -> MeanEstimate:
        return MeanEstimate(games, m * games, sd * sd * (games - 1) + m * m * games)

    return PairedStudy(baseline=arm(no_deal, 0.4), switched=arm(no_deal + mean, 0.4),
                       difference=arm(mean, std))


def test_lesson_two_verdicts_name_the_winner_at_99_per_cent():
    loses = _study(-0.1, 0.5, 800)  # 99% half-width 2.576 * 0.5 / sqrt(800) = 0.0455
    tie = _study(-0.03, 0.5, 800)  # inside the half-width at 99% (resolved at 95%)
    low, high = lessons.at_99(loses)
    assert (high - low) / 2 == pytest.approx(2.576 * 0.5 / 800 ** 0.5, rel=1e-3)
    assert lessons.deal_winner(loses, dealing_switched=True) == "no deal"
    assert lessons.deal_winner(loses, dealing_switched=False) == "dealing"
    assert lessons.deal_winner(tie, dealing_switched=True) is None
    table = lessons.deal_verdicts({("staking everything", "no deal"): loses,
                                   ("no deal", "staking half"): tie})
    assert table.verdict.iloc[0] == "no deal wins"
    assert table.verdict.iloc[1].startswith("cannot tell")
    # every row reads dealing minus no deal, whichever arm was switched
    assert table["dealing minus no deal"].tolist() == ["\u22120.100", "+0.030"]
    assert table["Ann's dealing rule"].tolist() == ["staking everything", "staking half"]
    assert table["win chance, no deal"].tolist() == ["0.300", "0.270"]
    ax = lessons.verdicts_plot({("staking everything", "no deal"): loses}, "a title")
    assert ax.get_title() == "a title"
