"""Seeded results computed once: a disk cache for the kit's studies, simulations and tables.

Every study the walkthroughs show is deterministic: the same function, arguments (seed
included), content and code give the same result. ``@cached`` keeps each result on disk with
joblib's ``Memory`` so that the second and later openings of a page (thirty students opening
the same walkthrough) read it instead of computing it again::

    @cached
    def simulate(name, games, seed, ...): ...

What a result is keyed on:

- the function and all its arguments, hashed by joblib (a ``Content`` is hashed by value, so a
  house edition has its own entries);
- the bytes of any argument naming a file (``content="house.toml"``, also inside an options
  dict): editing the file makes a new entry;
- the state of any ``numpy.random.Generator`` argument; on a hit the generator is moved on to
  where the computation would have left it, so the next draws are the same as without cache;
- the kit's code, in two parts. The folder of the entries is named after a fingerprint of
  every source and content file of ``tabletop/`` and ``widgets/`` outside the games' own
  folders (and of the Python and numpy versions). Each entry is also keyed on the
  fingerprint of every game the call names (:func:`games_named`): the files of
  ``tabletop/games/<game>/`` and ``widgets/<game>/``. A changed rule never reads an old
  result, and a change to one game leaves the other games' results in place. A game
  reaches a computation through its arguments (its name, a bot, a sampler, a content, a
  notebook's function and what that function reads), or by name in a module of the kit the
  call names (the primer's helpers play Smokers Wild): either way the call names it.

Where: ``.cache/results/`` beside the kit (a checkout), else the user's cache folder; the
environment variable ``TABLETOP_CACHE`` moves it (a folder) or turns it off (``off``).
joblib writes each entry to a temporary file and renames it into place, so kernels that read
and write at once never see half an entry. joblib is optional: without it (the engine's
own dependencies only) ``@cached`` computes every time. No Jupyter import here: the engine's
own functions are wrapped (``tabletop.sim.simulate``), not only the notebooks' helpers.
"""

from __future__ import annotations

import ast
import contextlib
import contextvars
import functools
import hashlib
import importlib.util
import inspect
import os
import pickle
import shutil
import sys
import types
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

try:
    import fcntl
except ImportError:  # not on Windows, nor in a browser's Python
    fcntl = None  # type: ignore[assignment]

ENV = "TABLETOP_CACHE"
OFF = frozenset({"off", "0", "no", "false", "none"})
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
#: The cache's size limit (joblib drops the least recently used entries beyond it).
LIMIT = "200M"
#: Whether joblib is there (imported at the first cached call: a page that computes nothing
#: cached does not load it); without it, the engine alone, every result is computed.
JOBLIB = importlib.util.find_spec("joblib") is not None
F = TypeVar("F", bound=Callable[..., Any])
#: Whether a cached function is computing now: the cached functions it calls then compute
#: too, their results kept only as part of its entry (an estimate's chunks of simulated
#: hands are not stored one by one beside the estimate).
COMPUTING: contextvars.ContextVar[bool] = contextvars.ContextVar("tabletop_cache_computing",
                                                                 default=False)


def base_folder() -> Path | None:
    """The folder of the cache (``None``: turned off, or joblib missing)."""
    if not JOBLIB:
        return None
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen.strip().lower() in OFF or not chosen.strip() else Path(chosen)
    if (ROOT / "pyproject.toml").is_file():
        return ROOT / ".cache" / "results"
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tabletop-kit"


#: The games' folders: each game's engine and content, and its widgets.
GAME_FOLDERS = (PACKAGE / "games", ROOT / "widgets")
GAMES: frozenset[str] = frozenset(
    path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py"))
#: The primer's helpers (``widgets/primer.py``, which no other module imports) are keyed like
#: a game of their own: editing them keeps the games' results.
PRIMER = "primer"


def _sources(folder: Path) -> Iterator[Path]:
    """The source and content files under ``folder``, in a fixed order."""
    for path in sorted(folder.rglob("*")):
        if path.suffix in {".py", ".toml"} and "__pycache__" not in path.parts:
            yield path


def _digest(paths: Iterator[Path], *, versions: bool = False) -> str:
    digest = hashlib.sha256(
        f"{sys.version_info[:2]} numpy {np.__version__}".encode() if versions else b"")
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _game_of(path: Path) -> str | None:
    """The game whose folder holds ``path`` (or :data:`PRIMER` for the primer's helpers)."""
    if path == ROOT / "widgets" / f"{PRIMER}.py":
        return PRIMER
    for folder in GAME_FOLDERS:
        if path.is_relative_to(folder) and len(parts := path.relative_to(folder).parts) > 1 \
                and parts[0] in GAMES:
            return parts[0]
    return None


@functools.cache
def code_fingerprint() -> str:
    """12 hex digits that change whenever a source or content file of the kit outside the
    games' folders changes (or the version of Python or numpy, whose random streams the
    results come from)."""
    return _digest((path for package in (PACKAGE, ROOT / "widgets")
                    for path in _sources(package) if _game_of(path) is None), versions=True)


@functools.cache
def game_fingerprint(game: str) -> str:
    """12 hex digits that change whenever a file of ``game``'s folders changes (its engine
    and content in ``tabletop/games/``, its views in ``widgets/``), or the primer's helpers
    for :data:`PRIMER`."""
    if game == PRIMER:
        return _digest(iter([ROOT / "widgets" / f"{PRIMER}.py"]))
    return _digest(path for folder in GAME_FOLDERS if (folder / game).is_dir()
                   for path in _sources(folder / game))


@functools.cache
def games_in_module(module: str) -> frozenset[str]:
    """The games a module of the kit names by a literal (``new_game("smokers_wild", ...)``
    in the primer's helpers): the games it may play whatever its arguments are."""
    path = ROOT.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    if not path.is_file():
        return frozenset()
    return frozenset(node.value for node in ast.walk(ast.parse(path.read_bytes()))
                     if isinstance(node, ast.Constant) and node.value in GAMES)


def games_named(key: Any) -> frozenset[str]:
    """The games a cache key names: any text in it (however deep) that is a game's name or
    the name of a module in a game's folders (``tabletop.games.rush.odds``,
    ``widgets.hitchiker.lessons``) or the primer's (:data:`PRIMER`: ``widgets.primer``),
    the games any module of the kit it names holds by name (:func:`games_in_module`), and
    the module of any other object's class."""
    found: set[str] = set()
    stack = [key]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            parts = value.split(".")
            if parts[0] in {"tabletop", "widgets"} and all(map(str.isidentifier, parts)):
                found |= games_in_module(value)
            if value in GAMES:
                found.add(value)
            elif parts[:2] == ["tabletop", "games"] and len(parts) > 2 and parts[2] in GAMES:
                found.add(parts[2])
            elif parts[0] == "widgets" and len(parts) > 1 and parts[1] in GAMES | {PRIMER}:
                found.add(parts[1])
        elif isinstance(value, Mapping):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            stack.extend(value)
        else:  # an object is named by its class's module (a game's Content, a bot)
            stack.append(type(value).__module__)
    return frozenset(found)


@functools.cache
def _memory(base: Path) -> Any:
    from joblib import Memory

    return Memory(base / code_fingerprint(), verbose=0)


def memory() -> Any:
    """joblib's ``Memory`` of this code in the chosen folder, or ``None`` when turned off."""
    base = base_folder()
    return None if base is None else _memory(base)


def _values(value: Any) -> Iterator[Any]:
    """``value`` and what it holds, one level of mappings, lists and tuples deep."""
    yield value
    if isinstance(value, Mapping):
        yield from value.values()
    elif isinstance(value, list | tuple):
        yield from value


def files_read(arguments: Mapping[str, Any]) -> dict[str, str]:
    """For each argument naming an existing file: its path and the SHA-256 of its bytes."""
    files = {}
    for value in arguments.values():
        for item in _values(value):
            if isinstance(item, str | os.PathLike) and len(str(item)) < 4096:
                path = Path(item)
                if path.is_file():
                    files[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def _code_key(code: types.CodeType) -> tuple[Any, ...]:
    """What a code object computes: its bytecode, constants (nested code too) and names."""
    consts = tuple(_code_key(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.co_code, consts, code.co_names


def _names(code: types.CodeType) -> set[str]:
    """The global or attribute names a code object and the code nested in it use."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def _importable(func: types.FunctionType) -> bool:
    """Whether ``func`` is a module-level function of the kit (its code is in the
    fingerprint): a notebook's functions, lambdas and closures are keyed by value, and so is
    code run by ``exec`` (its ``__module__`` is ``None``)."""
    module = func.__module__ or ""
    return module.split(".")[0] in {"tabletop", "widgets"} and "<" not in func.__qualname__


def value_key(value: Any, seen: frozenset[int] = frozenset()) -> Any:
    """``value`` as a cache key: a function by what it computes (its code, defaults, the
    values it closes over and the globals it reads, at call time), a kit function by name,
    a module by name, anything else as itself (hashed by joblib)."""
    if id(value) in seen:
        return ("again", getattr(value, "__qualname__", type(value).__name__))
    seen = seen | {id(value)}
    if isinstance(value, types.ModuleType):
        return ("module", value.__name__)
    if isinstance(value, type):
        return ("class", value.__module__, value.__qualname__)
    if isinstance(value, functools.partial):
        return ("partial", value_key(value.func, seen),
                tuple(value_key(a, seen) for a in value.args),
                {k: value_key(v, seen) for k, v in value.keywords.items()})
    if isinstance(value, types.MethodType):
        return ("method", value_key(value.__self__, seen), value_key(value.__func__, seen))
    if isinstance(value, types.BuiltinFunctionType):
        return ("builtin", getattr(value, "__module__", None), value.__qualname__)
    if isinstance(value, types.FunctionType):
        if _importable(value):
            return ("function", value.__module__, value.__qualname__)
        cells = tuple(value_key(c.cell_contents, seen) for c in value.__closure__ or ())
        found = {n: value_key(value.__globals__[n], seen)
                 for n in sorted(_names(value.__code__)) if n in value.__globals__}
        return ("code", _code_key(value.__code__), value_key(value.__defaults__, seen),
                value_key(value.__kwdefaults__, seen), cells, found)
    if isinstance(value, tuple | list):
        return type(value).__name__, tuple(value_key(v, seen) for v in value)
    if isinstance(value, dict):
        return "dict", {k: value_key(v, seen) for k, v in value.items()}
    return value


def _compute(func: Callable[..., Any], arguments: dict[str, Any],
             call: tuple[tuple[Any, ...], dict[str, Any]]) -> tuple[Any, dict[str, Any]]:
    """``func``'s result for ``call``, and the state each random generator among the bound
    ``arguments`` is left in."""
    args, kwargs = call
    token = COMPUTING.set(True)
    try:
        result = func(*args, **kwargs)
    finally:
        COMPUTING.reset(token)
    states = {name: value.bit_generator.state for name, value in arguments.items()
              if isinstance(value, np.random.Generator)}
    return result, states


def _entry(func: Callable[..., Any]) -> Callable[..., Any]:
    """What joblib caches for ``func``: a call keyed on ``key`` alone, the hash of the bound
    arguments and the files they name (``arguments`` holds the bound arguments, ``call`` the
    same as given), returning :func:`_compute`'s result and states pickled to bytes (joblib
    reads an entry with Python's pure-Python unpickler: one bytes object is read at once,
    and then unpickled by the fast one). It carries ``func``'s name, so each function has
    its own folder of entries."""
    def run(key: str, arguments: dict[str, Any],
            call: tuple[tuple[Any, ...], dict[str, Any]]) -> bytes:
        return pickle.dumps(_compute(func, arguments, call), protocol=pickle.HIGHEST_PROTOCOL)

    run.__module__, run.__qualname__, run.__name__ = (
        func.__module__, func.__qualname__, func.__name__)
    return run


@contextlib.contextmanager
def computing_alone(location: Path, name: str, key: str) -> Iterator[None]:
    """Held while one process looks up, and if missing computes, the entry ``key`` of
    ``name``: thirty kernels opening the same lesson at once (or a teacher's sheet run beside
    its lesson) wait for the first one's result instead of each computing it. An exclusive
    lock on a file of ``location``'s ``locks`` folder, released when the process ends; without
    ``fcntl`` (Windows, a browser's Python) every process computes its own."""
    if fcntl is None:
        yield
        return
    folder = location / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def cached(func: F | None = None, *, ignore: Collection[str] = ()) -> Any:
    """``func`` with its results kept in the kit's cache (see the module's notes); the
    arguments named in ``ignore`` (how many workers, a progress bar) do not key a result.
    ``@cached`` or ``@cached(ignore=("workers",))``."""
    if func is None:
        return functools.partial(cached, ignore=ignore)
    signature = inspect.signature(func)
    entry = _entry(func)
    memorized: dict[Path, Any] = {}

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        store = memory()
        if store is None or COMPUTING.get():
            return func(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = {name: value if isinstance(value, np.random.Generator) else value_key(value)
                     for name, value in bound.arguments.items() if name not in ignore}
        from joblib import hash as hashed

        games = games_named((value_key(func), arguments))
        try:  # hashed here, once: joblib would hash a value it cannot pickle nested in the
            # arguments by the part it pickled before failing
            key = hashed((arguments, files_read(bound.arguments),
                          {game: game_fingerprint(game) for game in sorted(games)}))
        except Exception:  # an argument joblib cannot hash: computed every time
            return func(*args, **kwargs)
        if store.location not in memorized:
            memorized[store.location] = store.cache(entry, ignore=["arguments", "call"])
        # Always the stored copy, also just after computing it: the first opening then gets
        # the very objects every later one reads (same sharing, same order), so what is built
        # from them (a figure's picture, widgets/figures.py) is keyed the same.
        starts = {name: value.bit_generator.state for name, value in arguments.items()
                  if isinstance(value, np.random.Generator)}
        try:
            with computing_alone(Path(store.location), f"{func.__module__}.{func.__qualname__}",
                                 key):
                result, states = pickle.loads(memorized[store.location].call_and_shelve(
                    key, arguments, (args, kwargs)).get())
        except Exception:  # a result that cannot be pickled, or the entry unreadable
            # (dropped meanwhile by a trim): computed again from the same generator states
            for name, state in starts.items():
                bound.arguments[name].bit_generator.state = state
            result, states = _compute(func, arguments, (args, kwargs))
        for name, state in states.items():
            bound.arguments[name].bit_generator.state = state
        return result

    wrapper.uncached = func  # type: ignore[attr-defined]
    return wrapper


def prune(base: Path | None = None) -> int:
    """Remove the entries of other versions of the code and trim this version's to
    :data:`LIMIT`; the number of old folders removed."""
    base = base or base_folder()
    if base is None or not base.is_dir():
        return 0
    old = [p for p in base.iterdir() if p.is_dir() and p.name != code_fingerprint()]
    for folder in old:
        shutil.rmtree(folder, ignore_errors=True)
    _memory(base).reduce_size(bytes_limit=LIMIT)
    return len(old)
