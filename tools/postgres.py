"""A throwaway PostgreSQL server for the tests and benchmarks of shared tables.

``with throwaway_postgres() as url:`` makes a cluster with Debian's ``initdb`` (found under
``/usr/lib/postgresql/*/bin``) in a temporary folder, starts it on a free port of
127.0.0.1, yields a SQLAlchemy URL for it, then stops it and removes the folder. PostgreSQL
refuses to run as root, so as root the cluster belongs to the ``postgres`` user (created by
Debian's package) and its commands run through ``runuser``. :func:`stopped` stops the
server for a while (to test a database that is down) and starts it again.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tools.voila_server import free_port

USER = "postgres"


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` with an ``initdb``, if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


@dataclass(frozen=True)
class Cluster:
    """A running throwaway cluster: its folder, port and SQLAlchemy URL."""

    bin: Path
    data: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{USER}"

    def run(self, *command: str) -> None:
        """Run a PostgreSQL command as the cluster's owner (failing loudly)."""
        argv = [str(self.bin / command[0]), *command[1:]]
        if os.geteuid() == 0:
            argv = ["runuser", "-u", USER, "--", *argv]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.data / "server.log"), "-w",
                 "-o", f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1", "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[Cluster]:
    """A fresh PostgreSQL cluster on 127.0.0.1 for the duration of the block (trust
    authentication for the local user ``postgres``; nothing listens beyond 127.0.0.1)."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): "
                           "run `apt-get install -y postgresql` (or `make setup` as root)")
    folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    folder.chmod(0o755)
    data = folder / "data"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(data, USER, USER)
    cluster = Cluster(bin_dir, data, free_port())
    try:
        cluster.run("initdb", "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8")
        cluster.start()
        try:
            yield cluster
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                cluster.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def stopped(cluster: Cluster) -> Iterator[None]:
    """The cluster's server is down inside the block, and up again after it."""
    cluster.stop()
    try:
        yield
    finally:
        cluster.start()
