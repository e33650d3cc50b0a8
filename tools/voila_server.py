"""Start a notebook server (Voilà, or a Jupyter server) on a free local port, and stop it.

The browser tests (``tests/browser/conftest.py``), the browser benchmark
(``benchmarks/browser.py``) and ``tools/binder_check.py`` all serve notebooks this way::

    with serve(voila_command(NOTEBOOKS)) as server:
        page.goto(f"{server.url}/voila/render/index.ipynb")

Standard library only (``binder_check`` runs before any virtual environment exists). The
server starts from the repository root, so Voilà reads the project's ``voila.json``, and
with :func:`kit_env`, so Voilà uses this checkout's template (``share/jupyter``) even in an
environment installed from another checkout (``pip install`` and ``make setup`` install the
template; ``tests/test_voila_template.py`` checks that it is found without this).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    import psutil
except ImportError:  # binder_check runs with the system's Python: no kernel clean-up then
    psutil = None

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: The kit's Jupyter data: Voilà's ``tabletop`` template (named in voila.json).
SHARE = ROOT / "share" / "jupyter"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Server:
    """A running server: its base URL (``http://127.0.0.1:<port>``), port and process."""

    url: str
    port: int
    process: subprocess.Popen[bytes]


def voila_command(folder: Path = NOTEBOOKS, python: str = sys.executable) -> list[str]:
    """Voilà in tree mode over ``folder``, on 127.0.0.1, opening no browser (port added by
    :func:`serve`)."""
    return [python, "-m", "voila", str(folder), "--no-browser", "--Voila.ip=127.0.0.1"]


def kit_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with this checkout's Jupyter data first
    on ``JUPYTER_PATH``, ahead of the installed template: the tests test the code beside them."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(SHARE), env.get("JUPYTER_PATH")) if p)
    return env


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def is_listening(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``. No HTTP request is sent:
    a ``GET /`` would start a kernel."""
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


@contextlib.contextmanager
def serve(
    command: Sequence[str],
    cwd: Path = ROOT,
    env: Mapping[str, str] | None = None,
    log: Path | None = None,
    timeout: float = START_TIMEOUT_S,
) -> Iterator[Server]:
    """Run ``command --port=<free port>`` in ``cwd`` with ``env`` (default: :func:`kit_env`;
    output to ``log``, else nowhere), wait until it listens, yield the :class:`Server`, then
    stop it and its kernels. A server that exits or does not listen within ``timeout``
    seconds raises RuntimeError with the end of its log."""
    port = free_port()
    with contextlib.ExitStack() as files:
        out = files.enter_context(log.open("wb")) if log else subprocess.DEVNULL
        process = subprocess.Popen(
            [*command, f"--port={port}"], cwd=cwd, env=kit_env() if env is None else dict(env),
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + timeout
        while not is_listening(port):
            if process.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace")[-2000:] if log else "(no log kept)"
                raise RuntimeError(f"{command[0]} did not start on port {port}:\n{tail}")
            time.sleep(0.2)
        yield Server(f"http://127.0.0.1:{port}", port, process)
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server (SIGTERM makes it shut its kernels down), then kill any kernel left
    behind. Kernels run in sessions of their own, so they are found as the server's children
    first (with psutil, when it is installed)."""
    kernels = children(process.pid)
    process.terminate()
    try:
        process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    for kernel in kernels:
        with contextlib.suppress(psutil.NoSuchProcess):
            kernel.kill()


def children(pid: int) -> list:
    """The processes started by ``pid`` (psutil ones; none without psutil)."""
    if psutil is None:
        return []
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
