"""Classes of phrasing from a user trial (session 10: a baker in Turin): a pet that died, named long before,
one of two pets named in one breath."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after

_CHATTER = ["the weather has been wild this week", "what's a good sourdough hydration for a beginner?",
            "made focaccia today, turned out great", "busy weekend at the market", "my back hurts from lifting flour",
            "watched a great film last night", "need to fix the oven door", "anyway, how are you?"]


def test_a_pet_that_died_ends_only_that_pet_named_in_one_breath(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got two cats, Pepe and Olivia",
                              "sad news, we lost Olivia last week, she was 16")
    assert "User has a cat named Olivia" in ended, ended
    assert not any("Pepe" in f for f in ended), ended


def test_a_pet_named_long_before_is_still_known_when_it_dies(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got a rescue greyhound named Dash", *_CHATTER,
                              "Dash passed away last week, really gutted")
    assert any("Dash" in f for f in ended), ended


def test_a_person_who_died_ends_no_pet(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got a rescue greyhound named Dash", *_CHATTER,
                              "my grandad passed away last week")
    assert ended == [], ended
