"""Register the toy game for the engine tests that start or load it by name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.toy import Pig, registered


@pytest.fixture
def pig_registered() -> Iterator[type[Pig]]:
    """Make ``tabletop.new_game("pig")`` and ``tabletop.load`` know the toy game."""
    with registered() as game:
        yield game
