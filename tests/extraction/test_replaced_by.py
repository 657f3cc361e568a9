"""The new thing as the subject of "replace": "boxing has replaced swimming for me" and "tacos has replaced
sushi as my favourite food" were kept as said and ended nothing; now the new value is current and the old one
ends. Someone else's replacement, a pronoun, a hedge, a negation, or two things of unlike kinds change nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import after_change, invalidated_after


@pytest.mark.parametrize(("before", "said", "new", "old"), [
    ("I do swimming like 4x a week", "boxing has replaced swimming for me, started in january", "boxing",
     "swimming"),
    ("my favourite food is sushi", "tacos has replaced sushi as my favourite food", "tacos", "sushi"),
    ("I drink tea every morning", "coffee has replaced tea for me lol", "coffee", "tea"),
    ("my favourite drink is lemonade", "iced tea has replaced lemonade as my favourite drink this summer", "iced tea",
     "lemonade"),
])
def test_the_new_thing_replacing_the_old_ends_it(shared_memory: Memory, user: str, before: str, said: str,
                                                 new: str, old: str) -> None:
    now, ended = after_change(shared_memory, user, before, said)
    assert any(new in c and "replaced" not in c for c in now), now
    assert any(old in t for t in ended), ended


@pytest.mark.parametrize("said", [
    "boxing replaced swimming for my brother",
    "nothing has replaced swimming for me",
    "it replaced swimming for me",
    "boxing might replace swimming for me",
    "chess has replaced swimming for me",
])
def test_someone_elses_or_an_unsure_replacement_ends_nothing(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "I do swimming like 4x a week", said) == []
