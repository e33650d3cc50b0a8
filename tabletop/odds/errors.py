"""The one error type of the probability layer."""

from __future__ import annotations


class OddsError(ValueError):
    """A probability question that cannot be answered as asked.

    Raised for a malformed distribution, dice expression, Markov matrix or
    impossible condition; the message says what is wrong in plain words.
    """
