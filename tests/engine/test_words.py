"""The log's small words: a count with its noun, and lists joined as a sentence joins them."""

from __future__ import annotations

from tabletop.core.words import agrees, and_list, or_list, plural


def test_plural_is_singular_for_exactly_one():
    assert [plural(n, "pill") for n in (0, 1, 2)] == ["0 pills", "1 pill", "2 pills"]
    assert plural(3, "body", "bodies") == "3 bodies" and plural(1, "body", "bodies") == "1 body"


def test_lists_join_like_a_sentence_and_verbs_agree():
    assert [and_list(x) for x in ([], ["Cy"], ["Cy", "Dee"], ["Ann", "Cy", "Dee"])] == [
        "", "Cy", "Cy and Dee", "Ann, Cy and Dee"]
    assert or_list(["pay", "play a card", "go to the lockup"]) == \
        "pay, play a card or go to the lockup"
    assert agrees(1, "comes", "come") == "comes" and agrees(2, "comes", "come") == "come"
