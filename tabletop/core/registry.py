"""The games the kit knows, starting a new one, and loading a saved one."""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Sequence
from typing import Any

from .chance import Script
from .content import GAMES_DIR
from .errors import IllegalAction, OptionError, SaveError
from .game import SAVE_FORMAT, SAVE_VERSION, Game, canonical_json

#: The five games in the kit's order; those whose package is present are playable.
ALL_GAMES = ("hitchiker", "smokers_wild", "hip_town", "pitch", "rush")
GAMES: tuple[str, ...] = tuple(n for n in ALL_GAMES if (GAMES_DIR / n / "__init__.py").exists())


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass of the game called ``name``."""
    if name not in GAMES:
        raise OptionError(f"there is no game called {name!r}; the games are {', '.join(GAMES)}")
    return importlib.import_module(f"tabletop.games.{name}").GAME


def new_game(
    name: str,
    players: int | Sequence[str] = 3,
    seed: int = 0,
    script: Script | None = None,
    **options: Any,
) -> Game:
    """A new game of ``name`` for ``players`` (names, or a count), seeded by ``seed``."""
    return game_class(name)(players, seed, script, **options)


def load(text: str) -> Game:
    """The game saved in ``text``; a corrupt, truncated or altered save raises :class:`SaveError`
    and nothing is loaded."""
    try:
        body = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"this is not a saved game (it is not complete JSON: {exc})") from None
    if not isinstance(body, dict) or body.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a saved game of the tabletop kit")
    if body.get("version") != SAVE_VERSION:
        raise SaveError(f"this save has version {body.get('version')!r}; "
                        f"this kit reads version {SAVE_VERSION}")
    digest = body.pop("digest", None)
    if digest != hashlib.sha256(canonical_json(body).encode()).hexdigest():
        raise SaveError("this save was changed after it was written (its checksum does not match)")
    try:
        name, players, seed = body["game"], body["players"], body["seed"]
        options, script, actions = body["options"], body["script"], body["actions"]
        arranged = body.get("arranged", [])
        if not isinstance(options, dict) or not isinstance(actions, list):
            raise TypeError("options or actions have the wrong shape")
        if not all(isinstance(a, list) and len(a) == 2 and type(a[0]) is int
                   and 0 <= a[0] <= len(actions) and isinstance(a[1], dict) for a in arranged):
            raise TypeError("its arrangements have the wrong shape")
        game = new_game(name, players, seed,
                        None if script is None else Script.from_json(script), **options)
    except (KeyError, TypeError, OptionError) as exc:
        raise SaveError(f"this save cannot start its game: {exc}") from None
    staged = sorted(arranged, key=lambda a: a[0])
    for k in range(len(actions) + 1):
        for _, changes in (a for a in staged if a[0] == k):
            try:
                game.arrange(**changes)
            except IllegalAction as exc:
                raise SaveError(f"an arrangement of this save cannot be staged: {exc}") from None
        if k == len(actions):
            break
        try:
            game.apply(actions[k])
        except IllegalAction as exc:
            raise SaveError(
                f"move {k + 1} of this save ({actions[k]!r}) is not legal there: {exc}"
            ) from None
    return game
