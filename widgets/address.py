"""The address students can reach: what the "Table … is open" message gives them.

The teacher's browser often opens the kit at ``http://127.0.0.1:8866/`` even when the
server listens for the class (``make play IP=0.0.0.0``); that address means "this very
computer" on every device. :func:`reachable_address` swaps a loopback host for one of the
machine's network addresses on which the server answers, or says there is none.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
from collections.abc import Iterable
from html import escape
from urllib.parse import urlsplit, urlunsplit

#: Seconds to wait for the server to answer on a network address.
CONNECT_S = 0.3
#: Where Voilà gives a kernel its page's query (``?table=…``, ``?session=…``) and address.
QUERY_ENV = "QUERY_STRING"
URL_ENV = "VOILA_REQUEST_URL"
#: The command that serves the class's devices (said where the server answers this computer
#: only; shown in code type on a page by :func:`command_html`).
SERVE_ROOM = "make play IP=0.0.0.0"


def command_html(text: str) -> str:
    """``text`` escaped for a page, :data:`SERVE_ROOM` in it in code type (a student copies
    the command, not the marks around it)."""
    return escape(text, quote=False).replace(SERVE_ROOM, f"<code>{SERVE_ROOM}</code>")


def page_address() -> str:
    """This page's address without its query ("" outside Voilà, e.g. in JupyterLab)."""
    url = os.environ.get(URL_ENV, "")
    return urlunsplit(urlsplit(url)._replace(query="", fragment="")) if url else ""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this computer only (localhost, 127.x.x.x, ::1)."""
    if host.lower() in {"localhost", "localhost.localdomain"}:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, the one of the default route first
    (no packet is sent: a UDP socket's ``connect`` only picks the route)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        udp.connect(("10.255.255.255", 1))
        found.append(udp.getsockname()[0])
    with contextlib.suppress(OSError):
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(address[0]))
    return [a for a in dict.fromkeys(found) if not is_loopback(a) and a != "0.0.0.0"]


def answers(host: str, port: int) -> bool:
    """Whether something accepts connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=CONNECT_S):
            return True
    except OSError:
        return False


def reachable_address(url: str, addresses: Iterable[str] | None = None) -> str | None:
    """``url`` as other devices can open it: itself when its host is not loopback; else with
    the first of ``addresses`` (default: :func:`network_addresses`) on which the server
    answers; None when it answers on none (it listens on this computer only)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if not is_loopback(host):
        return url
    port = parts.port or (443 if parts.scheme == "https" else 80)
    for address in network_addresses() if addresses is None else addresses:
        if answers(address, port):
            return urlunsplit(parts._replace(netloc=f"{address}:{port}"))
    return None


def where_to_type(code: str, box: str, page: str, reachable: str | None) -> str:
    """Where students type ``code``, in words: in ``box`` (``"this dashboard's code box"``)
    when the page has no address of its own (``page`` empty: outside Voilà), else the address
    their devices can open (``reachable``), or that this server answers this computer only
    and how to serve the room."""
    if not page:
        return f"Students: type the code {code} in {box}"
    if reachable is None:
        return (f"Students: type the code {code} in {box}. This server answers this computer "
                f"only: for the class's devices, start it with {SERVE_ROOM}")
    return f"Students: open {reachable} and type the code {code}"
