"""The Smokers Wild walkthrough's classroom helpers: staged tables, house editions and pictures
(the samplers are tested in tests/games/test_smokers_wild_sampling.py, the bot games in
tests/games/test_smokers_wild_studies.py)."""

from __future__ import annotations

import pytest

from tabletop.games.smokers_wild import odds
from widgets.smokers_wild import lessons as sw


def test_a_table_after_the_auction_with_staged_owners(capsys):
    game = sw.table_for(owners={"DOCTOR": "Bob", "LAWYER": "Bob", "TAXMAN": "Cy"}, dice=[2, 2])
    view = game.view(None)
    assert {s["name"]: s["owner"] for s in view["spaces"] if s["occupation"]}["LAWYER"] == "Bob"
    assert [s["money"] for s in view["seats"]] == [500, 500, 500]
    sw.act(game, "roll")
    assert capsys.readouterr().out.splitlines()[-1] == "• Ann pays K50 to Bob (the DOCTOR's fee)"


def test_a_house_edition_says_what_it_could_not_find():
    with pytest.raises(ValueError, match="no 'fee = 999'"):
        sw.house_edition({"fee = 999": "fee = 1"})
    assert sw.house_edition({"opening = 10": "opening = 20"}).opening_bid == 20


def test_landings_per_move_drawn_on_the_smokers_wild_board():
    every = odds.landings_per_move(smoker=False)
    heat = sw.landing_heat(list(every), "Cards in play", "landings per move")
    assert len(heat.board.spaces) == 28 and heat.board.spaces[4].name == "DOCTOR"
    assert heat.describe()[2].startswith("Most often: space 4, DOCTOR (5.3%, 1.48 times")


def test_the_board_figure_writes_every_space():
    ax = sw.board_figure(list(odds.landings_per_move()), "Cards in play", "landings per move")
    names = [t.get_text() for t in ax.texts]
    assert "DOCTOR" in names and len(ax.patches) == 28


def test_the_board_picture_colours_each_space_by_its_kind():
    ax = sw.board_picture("The board")
    kinds = [s.kind for s in odds.kit_content().board]
    fills = [patch.get_facecolor() for patch in ax.patches]
    assert len(fills) == 28 and fills[0] != fills[1] and fills[1] == fills[2]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        label for _, label in sw.KINDS.values()] and kinds[3] == "puff"


def test_a_board_image_is_the_png_of_its_picture_and_saved_when_asked(tmp_path, monkeypatch):
    monkeypatch.setattr(sw, "IMAGES", tmp_path)
    shares = [float(x) for x in odds.landings_per_move()]
    image = sw.board_image(sw.board_figure, shares, "Cards in play", "landings per move",
                           filename="landings.png")
    assert image.data.startswith(b"\x89PNG")
    assert (tmp_path / "landings.png").read_bytes() == image.data
    assert sw.board_image(sw.board_picture, "The board").data != image.data


def test_the_table_picture_puts_each_player_and_owned_occupation_on_its_space():
    game = sw.table_for(owners={"PSYCHIATRIST": "Bob"}, dice=[3, 3])
    game.apply("roll")  # Ann: 3 + 3, six spaces on
    view = game.view(None)
    names = [space["name"] for space in view["spaces"]]
    ann = next(seat for seat in view["seats"] if seat["name"] == "Ann")
    tokens = sw.table_tokens(view)
    assert "Ann" in tokens[ann["position"]] and ann["position"] == 6
    assert tokens[names.index("PSYCHIATRIST")] == ["Bob's"]
    assert sw.status_line(ann).startswith(f"Ann: {names[6]}, Lifeometer")


def test_a_table_shown_before_a_prediction_leaves_out_the_chances_the_events_state(capsys):
    game = sw.table_for(dice=[1, 1, 2, 3, 3, 3])
    game.arrange(brands={"Bob": ["SLAYEM"]})
    sw.act(game, "roll", chances=False)
    said = capsys.readouterr().out
    assert "• Ann gives in to Bob and takes SLAYEM (5 vs 6)\n" in said and "chance" not in said
    sw.act(sw.table_for(dice=[2, 3, 2, 2]), "roll")
    assert "• Ann falls for the CHESTISFILLED advert (chance 1/3)" in capsys.readouterr().out
    for text, plain in (("she quits (a 3+4 at I QUIT, chance 1/3)", "she quits (a 3+4 at I QUIT)"),
                        ("she wins (10 vs 7; chance 575/1296) and", "she wins (10 vs 7) and")):
        assert sw.CHANCE_SAID.sub("", text) == plain
