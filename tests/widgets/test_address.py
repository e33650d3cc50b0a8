"""Issue 20 point 10: the "Table … is open" message gives an address students can reach."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from widgets.address import is_loopback, network_addresses, reachable_address

#: A second loopback address: a stand-in for a network address in these tests (a server
#: bound to 127.0.0.1 does not answer on it; one bound to every address does).
OTHER = "127.0.0.2"


@pytest.fixture(params=["0.0.0.0", "127.0.0.1"])
def server(request: pytest.FixtureRequest) -> Iterator[tuple[str, int]]:
    """A listening socket bound to every address, or to this computer only."""
    with socket.socket() as sock:
        sock.bind((request.param, 0))
        sock.listen()
        yield request.param, sock.getsockname()[1]


def test_a_loopback_address_is_swapped_for_one_the_server_answers_on(server) -> None:
    bound, port = server
    url = f"http://127.0.0.1:{port}/voila/render/play/pitch.ipynb"
    found = reachable_address(url, [OTHER])
    if bound == "0.0.0.0":
        assert found == f"http://{OTHER}:{port}/voila/render/play/pitch.ipynb"
    else:
        assert found is None


def test_an_address_others_can_open_is_kept() -> None:
    url = "http://192.168.1.20:8866/voila/render/play/pitch.ipynb"
    assert reachable_address(url, []) == url
    assert reachable_address("http://classroom.school.example/x", []) is not None


def test_loopback_hosts_and_network_addresses() -> None:
    assert all(map(is_loopback, ["localhost", "127.0.0.1", "127.4.5.6", "::1", "[::1]"]))
    assert not any(map(is_loopback, ["192.168.1.20", "kit.school.example", "10.0.0.1"]))
    assert not any(map(is_loopback, network_addresses()))
