"""A school on JupyterHub (issue 20, docs/jupyterhub.md): a real hub on 127.0.0.1, configured
with the guide's own ``jupyterhub_config`` block (read out of the guide), two students log in
from their own devices, land on the kit's landing page, and one opens a shared Pitch table
that the other joins with its code.

The hub uses JupyterHub's dummy authenticator and local-process spawner (both users' servers
run as this OS user) and its proxy from npm (``make setup`` installs it in ``.cache/npm``).
The guide's PostgreSQL URL is replaced by a SQLite file both servers share. Without the
proxy the test is skipped, except under CI (``CI=true``) where that is a failure.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Browser

from tabletop.tables import ENV
from tools.voila_server import ROOT, SHARE, children, free_port, stop

from .conftest import ARTIFACTS, TIMEOUT_MS, VoilaPage, in_ci
from .pages import ACTION, CLICK, HUMAN_TURN, LANDING, STEP, follow_play_link, step

GUIDE = ROOT / "docs" / "jupyterhub.md"
PROXY = ROOT / ".cache" / "npm" / "node_modules" / ".bin" / "configurable-http-proxy"
#: Where the guide clones the kit; the test's hub serves this checkout instead.
KIT = "/srv/tabletop-kit"
START_TIMEOUT_S = 60.0
#: Voilà as a Jupyter server extension (not on its own) points its pages at MathJax on this
#: CDN (voila/utils.py); the guide says so. The page works without it.
MATHJAX_CDN = "https://cdnjs.cloudflare.com/ajax/libs/mathjax/"


def guide_config() -> str:
    """The guide's ``jupyterhub_config`` block: the Python block that sets the default URL."""
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), flags=re.DOTALL)
    found = [block for block in blocks if "c.Spawner.default_url" in block]
    assert len(found) == 1, "docs/jupyterhub.md has one jupyterhub_config block"
    return found[0]


def default_url() -> str:
    """The guide's default URL (what a student lands on, under their server)."""
    found = re.search(r'c\.Spawner\.default_url = "([^"]+)"', guide_config())
    assert found, "the guide sets c.Spawner.default_url"
    return found.group(1)


def proxy() -> str:
    """The configurable-http-proxy command (``.cache/npm``, else on PATH)."""
    command = str(PROXY) if PROXY.exists() else shutil.which("configurable-http-proxy")
    if command is None:
        message = f"{PROXY} is missing: run `make setup` (npm install configurable-http-proxy)"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return command


def hub_config(folder: Path, port: int, tables_url: str) -> str:
    """The test's jupyterhub_config.py: a local hub, then the guide's block as written (the
    kit's folder being this checkout), then what this machine needs on top."""
    config = folder / "etc"  # as the guide's `cp voila.json <env>/etc/jupyter/`
    config.mkdir()
    shutil.copy(ROOT / "voila.json", config / "voila.json")
    return "\n".join([
        "import os",
        "c.JupyterHub.ip = '127.0.0.1'",
        f"c.JupyterHub.port = {port}",
        f"c.JupyterHub.hub_port = {free_port()}",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'",
        f"c.ConfigurableHTTPProxy.command = [{proxy()!r}]",
        f"c.JupyterHub.db_url = 'sqlite:///{folder}/jupyterhub.sqlite'",
        f"c.JupyterHub.cookie_secret_file = '{folder}/cookie_secret'",
        f"c.JupyterHub.pid_file = '{folder}/jupyterhub.pid'",
        "c.JupyterHub.authenticator_class = 'dummy'",
        "c.Authenticator.allow_all = True",
        "c.JupyterHub.spawner_class = 'simple'",
        f"c.SimpleLocalProcessSpawner.home_dir_template = '{folder}/home/{{username}}'",
        f"c.Spawner.cmd = [{sys.executable!r}, '-m', 'jupyterhub.singleuser']",
        "c.Spawner.start_timeout = c.Spawner.http_timeout = 60",
        "c.Spawner.args = ['--allow-root'] if os.getuid() == 0 else []  # root here",
        "",
        "# docs/jupyterhub.md",
        guide_config().replace(KIT, str(ROOT)),
        "# this machine: the tables in a SQLite file both servers share; voila.json where",
        "# the guide copies it; this checkout's template first (as every browser test does)",
        f"c.Spawner.environment[{ENV!r}] = {tables_url!r}",
        f"c.Spawner.environment['JUPYTER_CONFIG_PATH'] = {str(config)!r}",
        f"c.Spawner.environment['JUPYTER_PATH'] = {str(SHARE)!r}",
        "",
    ])


def answers(url: str) -> bool:
    """Whether ``url`` answers 200 (the hub's API, behind the proxy)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def known(error: str) -> bool:
    """The MathJax request (above), or the hub's own "server starting" page's progress stream,
    cut as that page goes on to the student's server: not the kit's errors."""
    return MATHJAX_CDN in error or ("/server/progress" in error and "ERR_ABORTED" in error)


@contextlib.contextmanager
def hub(folder: Path, tables_url: str) -> Iterator[str]:
    """Run JupyterHub with :func:`hub_config`; yield its URL; stop it, the proxy and both
    users' servers and kernels."""
    port = free_port()
    config = folder / "jupyterhub_config.py"
    config.write_text(hub_config(folder, port, tables_url))
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "jupyterhub.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=folder,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not answers(f"http://127.0.0.1:{port}/hub/api"):  # the proxy routes to the hub
            assert process.poll() is None and time.monotonic() < deadline, (
                (ARTIFACTS / "jupyterhub.log").read_text(errors="replace")[-3000:])
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        left = children(process.pid)
        stop(process)  # the hub stops the users' servers and the proxy on SIGTERM
        for child in left:  # and anything it left behind is killed
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()


def log_in(browser: Browser, url: str, name: str) -> VoilaPage:
    """A student's own device logs in to the hub and lands where the hub sends them."""
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, url)
    voila.watch()
    page.goto(f"{url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", "any")
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{name}/**", timeout=2 * TIMEOUT_MS)
    voila.wait_until_ready(LANDING)
    return voila


def test_two_students_on_jupyterhub_open_and_join_a_table(browser: Browser,
                                                          tmp_path: Path) -> None:
    tables_url = f"sqlite:///{tmp_path}/tables.sqlite"
    with hub(tmp_path, tables_url) as url:
        ann_landing = log_in(browser, url, "ann")
        bob_landing = log_in(browser, url, "bob")
        for name, landing in (("ann", ann_landing), ("bob", bob_landing)):
            assert landing.page.url == f"{url}/user/{name}{default_url()}"
        ann = follow_play_link(ann_landing, "Pitch", ready=".tt-share-open")
        ann.page.select_option(".tt-seat:has-text('Bob') select", label="Student")
        ann.page.click(".tt-share-open")
        ann.page.wait_for_selector(".tt-share-big-code")
        code = ann.page.inner_text(".tt-share-big-code").strip()

        ann.page.click(".tt-seat-link[data-seat='Ann']")  # she sits at her own table
        ann.wait_until_ready(".tt-share-here")
        assert "you sit as Ann" in ann.page.inner_text(".tt-share-here")

        bob = follow_play_link(bob_landing, "Pitch", ready=".tt-share-open")  # by its code
        box = bob.page.locator(".tt-share-code input")
        box.fill(code)
        box.press("Enter")
        bob.page.click(f".tt-share-info[data-code='{code}'] .tt-seat-link[data-seat='Bob']")
        bob.wait_until_ready(".tt-share-here")
        assert "you sit as Bob" in bob.page.inner_text(".tt-share-here")

        # A move made on one page shows on the other (bots move in between).
        while True:
            mover = next((v for v in (ann, bob)
                          if v.page.locator(HUMAN_TURN).count() > 0), None)
            if mover is not None:
                break
            time.sleep(0.2)
        other = bob if mover is ann else ann
        before = step(mover.page)
        mover.page.evaluate(CLICK, ACTION)
        other.page.wait_for_function(f"() => ({STEP})() > {before}", polling=100)

        for voila in (ann_landing, bob_landing, ann, bob):
            voila.errors[:] = [e for e in voila.errors if not known(e)]
            voila.requests[:] = [r for r in voila.requests if not r.startswith(MATHJAX_CDN)]
            voila.assert_no_errors()
            voila.page.goto("about:blank")
        for voila in (ann, bob):
            voila.page.context.close()
