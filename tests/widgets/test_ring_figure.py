"""The static ring-board picture (widgets/ring_figure.py) beside a heat map's canvas."""

from __future__ import annotations

import pytest

from widgets import ring_figure as rf


def test_a_square_ring_needs_a_multiple_of_four_spaces():
    with pytest.raises(ValueError, match="multiple of four"):
        rf.ring_figure(["A", "B", "C"], [1, 2, 3], "title", "what")


def test_the_saved_picture_is_the_one_shown(tmp_path, monkeypatch):
    monkeypatch.setattr(rf, "IMAGES", tmp_path)
    shown = rf.ring_figure([f"space {k}" for k in range(8)], range(8), "title", "what",
                           filename="ring.png")
    assert (tmp_path / "ring.png").read_bytes() == shown.data
    assert shown.data.startswith(b"\x89PNG")


def test_a_token_must_stand_on_a_space_of_the_ring():
    with pytest.raises(ValueError, match="does not have"):
        rf.ring_tokens([f"space {k}" for k in range(8)], {8: ["Ann"]}, "title", "what")


def test_a_position_picture_is_saved_as_shown(tmp_path, monkeypatch):
    monkeypatch.setattr(rf, "IMAGES", tmp_path)
    shown = rf.ring_tokens([f"space {k}" for k in range(8)], {0: ["Ann", "Bob"], 5: []},
                           "title", "Ann: here", filename="tokens.png")
    assert (tmp_path / "tokens.png").read_bytes() == shown.data
    assert shown.data.startswith(b"\x89PNG")
