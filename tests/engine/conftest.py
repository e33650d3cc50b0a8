"""Register the toy game for the engine tests only."""

from __future__ import annotations

import pytest

from tabletop.core import registry

from .toy import Pig


@pytest.fixture
def pig_registered(monkeypatch: pytest.MonkeyPatch) -> type[Pig]:
    """Make ``tabletop.new_game("pig")`` and ``tabletop.load`` know the toy game."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, "pig"))
    real = registry.game_class
    monkeypatch.setattr(registry, "game_class", lambda n: Pig if n == "pig" else real(n))
    return Pig
