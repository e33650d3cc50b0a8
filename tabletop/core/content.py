"""Loading a game's ``content.toml`` (boards, decks, fees) with errors a teacher can act on."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .errors import ContentError

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
T = TypeVar("T")


def content_path(game: str) -> Path:
    """Where a game's content file lives."""
    return GAMES_DIR / game / "content.toml"


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a missing or malformed file raises :class:`ContentError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: is not valid TOML: {exc}") from None


class Entries:
    """A reader over one content file that names the file and the entry in every error."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data

    def fail(self, entry: str, problem: str) -> ContentError:
        return ContentError(f"{self.path.name}: entry {entry}: {problem}")

    def get(self, entry: str, kind: type[T], where: dict[str, Any] | None = None) -> T:
        """The value at ``entry`` (dotted for nested tables), checked to be of ``kind``."""
        node: Any = self.data if where is None else where
        for part in entry.split(".")[-1:] if where is not None else entry.split("."):
            if not isinstance(node, dict) or part not in node:
                raise self.fail(entry, "is missing")
            node = node[part]
        if kind is int and (type(node) is not int):
            raise self.fail(entry, f"should be a whole number, not {node!r}")
        if not isinstance(node, kind):
            raise self.fail(entry, f"should be a {kind.__name__}, not {node!r}")
        return node

    def one_of(
        self, entry: str, allowed: Iterable[str], where: dict[str, Any] | None = None
    ) -> str:
        """The text at ``entry``, which must be one of ``allowed``."""
        value = self.get(entry, str, where)
        allowed = sorted(allowed)
        self.check(value in allowed, entry, f"should be one of {', '.join(allowed)}, not {value!r}")
        return value

    def each(self, entry: str) -> list[dict[str, Any]]:
        """The array of tables at ``entry`` (``[[entry]]`` in the file)."""
        items = self.get(entry, list)
        for k, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(f"{entry}[{k}]", f"should be a table, not {item!r}")
        return items

    def check(self, ok: bool, entry: str, problem: str) -> None:
        if not ok:
            raise self.fail(entry, problem)


def load_content(game: str, build: Callable[[Entries], T], path: Path | None = None) -> T:
    """Read ``path`` (default: the game's own content.toml) and build the game's content from it.

    ``build`` reads the entries it needs through :class:`Entries`, which turns any
    missing or mistyped entry into a :class:`ContentError` naming the file and entry.
    """
    path = path or content_path(game)
    return build(Entries(path, read_toml(path)))


@cache
def _built(game: str, build: Callable[[Entries], T], path: Path, stamp: int) -> T:
    return load_content(game, build, path)


def game_content(game: str, build: Callable[[Entries], T], path: str | Path | None = None) -> T:
    """The content of ``game`` built from ``path`` (default: the game's own content.toml).

    This is how every game loads its content: a file is read and checked once, and read
    again when it changes (a teacher editing a house edition sees the edit).
    """
    where = Path(path) if path else _own_path(game)
    try:
        stamp = os.stat(where).st_mtime_ns
    except OSError as exc:
        raise ContentError(f"{where}: cannot be read ({exc.strerror})") from None
    return _built(game, build, where.resolve() if path else where, stamp)


@cache
def _own_path(game: str) -> Path:
    """The game's own content file, resolved once (it lies under the kit's resolved folder;
    a new game is made thousands of times in a study)."""
    return content_path(game).resolve()
