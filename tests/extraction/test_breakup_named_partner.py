"""A breakup that names no one ends the partner named in passing earlier, and nothing about the partner's own life."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import active, invalidated_after


def test_a_breakup_ends_a_boyfriend_named_in_passing(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my boyfriend jake is a chef so dinner is always fancy lol",
                              "also jake and i broke up :( it's fine, it was mutual")
    assert any("boyfriend is Jake" in f for f in ended), ended
    assert any("chef" in f for f in active(shared_memory, user)), "Jake is still a chef"
