"""``make play CLASS=… SEATS=…`` (tools/class_pool.py) and what a preheated kernel defers until
its page is asked for (widgets/preheat.py); the page itself: tests/browser/test_class_pool.py."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tools import class_pool
from widgets import preheat


def test_class_pool_refuses_a_name_that_is_not_a_lesson(capsys: pytest.CaptureFixture,
                                                         tmp_path: Path) -> None:
    assert class_pool.main(["hitchhiker", "--folder", str(tmp_path)]) == 2
    message = capsys.readouterr().err
    assert "CLASS='hitchhiker' does not name lessons" in message
    assert "hitchiker/lesson_1" in message and "primer/lesson_1" in message
    assert not (tmp_path / "voila.json").exists()
    assert class_pool.main(["rush/lesson_1,", "--folder", str(tmp_path)]) == 0  # a trailing comma
    assert class_pool.main(["rush,hitchhiker", "--folder", str(tmp_path / "b")]) == 2
    assert not (tmp_path / "b" / "voila.json").exists()


@pytest.mark.parametrize("seats", ["0", "-3", "thirty", "2.5", str(class_pool.MOST_SEATS + 1)])
def test_class_pool_refuses_seats_that_are_not_a_class(seats: str, capsys: pytest.CaptureFixture,
                                                       tmp_path: Path) -> None:
    assert class_pool.main(["rush/lesson_1", "--seats", seats, "--folder", str(tmp_path)]) == 2
    assert f"SEATS={seats!r} must be a whole number" in capsys.readouterr().err
    assert not (tmp_path / "voila.json").exists()


def test_class_pool_keeps_only_the_named_lessons_ready(capsys: pytest.CaptureFixture,
                                                       tmp_path: Path) -> None:
    assert class_pool.main(["Hip-Town, primer/lesson_2", "--seats", "12", "--ip", "0.0.0.0",
                            "--folder", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path)
    config = json.loads((tmp_path / "voila.json").read_text())
    assert config["VoilaConfiguration"] == {
        "preheat_kernel": True,
        "multi_kernel_manager_class": "widgets.voila_pool.ClassKernelManager"}
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"] == {"pool_size": 0}
    kept = {"hip_town/lesson_1.ipynb", "hip_town/lesson_2.ipynb", "primer/lesson_2.ipynb"}
    assert set(pools) == {"default", *kept}
    for name in kept:
        assert pools[name]["pool_size"] == 12
        assert pools[name]["kernel_env_variables"] == {"VOILA_APP_IP": "127.0.0.1"}


def test_outside_a_pool_what_reads_the_address_runs_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(preheat.PREHEAT_ENV, raising=False)
    ran: list[str] = []
    preheat.when_requested(lambda: ran.append("joined"))
    assert ran == ["joined"]


def test_in_a_pool_what_reads_the_address_waits_for_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import voila.utils

    asked = threading.Event()

    def request_arrives() -> None:  # what voila.utils.wait_for_request does once asked
        asked.wait(10)
        for name, value in {"SCRIPT_NAME": "/voila/render/rush.ipynb", "SERVER_NAME": "10.0.0.5",
                            "SERVER_PORT": "8866", "QUERY_STRING": "session=K7QX2"}.items():
            monkeypatch.setenv(name, value)

    for name in ("SCRIPT_NAME", "SERVER_NAME", "SERVER_PORT", "QUERY_STRING", "VOILA_REQUEST_URL"):
        monkeypatch.setenv(name, "")  # restored (removed) after the test
        monkeypatch.delenv(name)
    monkeypatch.setenv(preheat.PREHEAT_ENV, "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", request_arrives)
    seen: list[str] = []
    done = threading.Event()
    preheat.when_requested(lambda: seen.append(os.environ["QUERY_STRING"]))
    preheat.when_requested(lambda: (seen.append(os.environ["VOILA_REQUEST_URL"]), done.set()))
    assert seen == []
    asked.set()
    assert done.wait(10)
    assert seen == ["session=K7QX2", "http://10.0.0.5:8866/voila/render/rush.ipynb?session=K7QX2"]


def test_in_a_pool_the_callbacks_run_on_the_kernels_own_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import voila.utils

    def request_arrives() -> None:
        monkeypatch.setenv("SCRIPT_NAME", "/voila/render/rush.ipynb")

    for name in ("SCRIPT_NAME", "SERVER_NAME", "VOILA_REQUEST_URL"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setenv(preheat.PREHEAT_ENV, "True")
    monkeypatch.setattr(voila.utils, "wait_for_request", request_arrives)

    async def kernel() -> list[int]:  # a cell run by the kernel's event loop
        threads: list[int] = []
        preheat.when_requested(lambda: threads.append(threading.get_ident()))
        for _ in range(200):
            if threads:
                break
            await asyncio.sleep(0.01)
        return threads

    assert asyncio.run(kernel()) == [threading.get_ident()]
