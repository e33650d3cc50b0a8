"""A class's lesson kept ready: ``make play CLASS=hitchiker/lesson_1 SEATS=30``.

Writes a Voilà configuration (``voila.json`` in a folder of ``.cache/``, which ``make play``
puts on ``JUPYTER_CONFIG_PATH``) that turns on Voilà's preheated kernels for the lesson
(or lessons, ``CLASS=primer/lesson_1,rush/lesson_2``; a game's name alone, ``CLASS=rush``,
means both its lessons): for each, a pool of ``SEATS`` kernels
that have run it already, so each student's page is sent at once
(``benchmarks/class_opening.py --class``). Every other page is served as usual. Prints the
folder (``--warm``: after running the lesson once into the result cache); a bad name or
number exits with a message saying what is allowed.

How the pools behave:

- each fills when Voilà starts: ``SEATS`` kernels run the lesson together (reading the
  result cache, which ``make play`` warms for these lessons first);
- a kernel a page takes is not replaced (``widgets/voila_pool.py``: Voilà would start as many
  new kernels as students while they open their pages); a page asked for once the pool is
  empty (a student beyond ``SEATS``, a reload) is served as usual;
- a kernel waiting in the pool does not know its page's address (``?session=…``) yet;
  ``widgets/preheat.py`` joins the session once a page takes it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
FOLDER = ROOT / ".cache" / "class"
#: The most kernels one pool may keep (each holds a lesson's state in memory).
MOST_SEATS = 60


def lessons() -> list[str]:
    """The names a class can be given: every lesson, as ``<game>/lesson_<n>`` (the primer's
    as ``primer/lesson_<n>``); not the landing page, the dashboards or the sheets."""
    return sorted(str(p.relative_to(NOTEBOOKS).with_suffix(""))
                  for p in NOTEBOOKS.glob("*/lesson_*.ipynb"))


def config(lessons: list[str], seats: int, ip: str = "127.0.0.1") -> dict:
    """Voilà's configuration for a pool of ``seats`` kernels of each of ``lessons``."""
    # A pooled kernel asks the server for its page's request on this address (read by
    # voila.utils.wait_for_request); a server listening everywhere answers on the loopback.
    asked = "127.0.0.1" if ip in {"0.0.0.0", "", "localhost"} else ip
    return {
        "VoilaConfiguration": {
            "preheat_kernel": True,
            "multi_kernel_manager_class": "widgets.voila_pool.ClassKernelManager",
        },
        "VoilaKernelManager": {
            "kernel_pools_config": {
                "default": {"pool_size": 0},
                **{f"{name}.ipynb": {"pool_size": seats,
                                     "kernel_env_variables": {"VOILA_APP_IP": asked}}
                   for name in lessons},
            },
        },
    }


def write(folder: Path, lessons: list[str], seats: int, ip: str = "127.0.0.1") -> Path:
    """:func:`config` written as ``folder/voila.json`` (the folder made if missing); the
    folder, for ``JUPYTER_CONFIG_PATH``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "voila.json").write_text(json.dumps(config(lessons, seats, ip), indent=2))
    return folder


def check(chosen: str, seats: str) -> tuple[list[str], int]:
    """The lessons named in ``chosen`` (separated by commas; a game's name alone names its
    lessons) and the number of seats, or ValueError saying what is allowed."""
    names = lessons()
    picked: list[str] = []
    wrong: list[str] = []
    for part in chosen.split(","):
        name = part.strip().removesuffix(".ipynb").replace("-", "_").lower()
        if not name:
            continue
        found = [n for n in names if n == name or n.startswith(f"{name}/")]
        picked += found
        if not found:
            wrong.append(name)
    if wrong or not picked:
        raise ValueError(f"CLASS={chosen!r} does not name lessons; use one or more of "
                         f"(separated by commas; a game's name means both its lessons): "
                         f"{', '.join(names)}")
    try:
        count = int(seats)
    except ValueError:
        count = 0
    if not 1 <= count <= MOST_SEATS:
        raise ValueError(f"SEATS={seats!r} must be a whole number from 1 to {MOST_SEATS}: "
                         "how many students open the lesson")
    return list(dict.fromkeys(picked)), count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", help="one or more, separated by commas")
    parser.add_argument("--seats", default="30")
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--warm", action="store_true",
                        help="first run the lessons to fill the result cache")
    args = parser.parse_args(argv)
    try:
        names, seats = check(args.lessons, args.seats)
    except ValueError as error:
        print(f"make play: {error}", file=sys.stderr)
        return 2
    if args.warm:  # its output beside Voilà's: stdout says only where the configuration is
        from tools import warm

        with contextlib.redirect_stdout(sys.stderr):
            warm.main([str(NOTEBOOKS / f"{name}.ipynb") for name in names])
    write(args.folder, names, seats, args.ip)
    print(f"Keeping {' and '.join(names)} ready for {seats} students: Voila runs "
          f"{'each' if len(names) > 1 else 'it'} {seats} times as it starts, which takes "
          "minutes on a laptop: start it before the lesson.", file=sys.stderr)
    print(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
