"""A fixed pair ("mac and cheese", "drum and bass") is one thing, not two conjoined ones."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import active, invalidated_after


def test_a_favourite_dish_named_as_a_pair_is_one_favourite(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my favorite food is mac and cheese", user_id=user)
    facts = active(shared_memory, user)
    assert any("mac and cheese" in f for f in facts), facts
    assert not any(f.endswith("is cheese") or f.endswith("is mac") for f in facts), facts


def test_a_genre_named_as_a_pair_is_one_liking(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i love drum and bass", user_id=user)
    facts = active(shared_memory, user)
    assert any("drum and bass" in f for f in facts), facts
    assert not any(f.endswith("loves bass") or f.endswith("loves drum") for f in facts), facts


def test_a_new_favourite_dish_ends_the_pair_as_a_whole(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite food is fish and chips",
                              "my favourite food is ramen now")
    assert any("fish and chips" in f for f in ended), ended
