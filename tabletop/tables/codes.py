"""Table codes: five letters and digits a student can read off a projector and type.

The alphabet leaves out the look-alikes 0/O, 1/I/L, so ``k7qx2``, ``K7QX2`` and ``k7q-x2``
all name the same table.
"""

from __future__ import annotations

import secrets

from .errors import TableError

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 5


def new_code() -> str:
    """A fresh random code (the store retries in the rare case that it is taken)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def read_code(text: object, kind: str = "table") -> str:
    """The code typed in ``text``, in capitals without spaces or dashes; anything else raises
    :class:`TableError` saying what a code looks like (a ``kind`` code: a table's, or a class
    session's)."""
    if not isinstance(text, str):
        raise TableError(f"a {kind} code is text like K7QX2, not {text!r}")
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        shown = text.strip() or "an empty code"
        raise TableError(f"{shown!r} is not a {kind} code: a code is {LENGTH} letters and "
                         "digits, like K7QX2 (ask your teacher for it)")
    return code
