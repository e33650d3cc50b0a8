"""The errors a student or teacher may meet, each with a message they can read."""

from __future__ import annotations


class TabletopError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalAction(TabletopError):
    """An action the pending decision does not allow; the game is left unchanged."""


class OptionError(TabletopError, ValueError):
    """An unknown game option, or a known one with a value out of range."""


class ContentError(TabletopError, ValueError):
    """A content file that is malformed; the message names the file, the entry and the problem."""


class SaveError(TabletopError, ValueError):
    """A save that is corrupt, truncated or edited by hand; nothing is loaded."""
