"""'my car is the red one', 'my phone is a new one': "one" stands for a thing not named, never the slot's value,
so the car or phone named before stays (it was replaced by a car called 'red one')."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("before", "after"), [
    ("I drive a Golf", "my car is the red one"),
    ("I drive a Golf", "my car's a red one, parked outside"),
    ("I have a Pixel 8", "my phone is the black one"),
])
def test_one_is_no_value_of_the_slot(shared_memory: Memory, user: str, before: str, after: str) -> None:
    assert invalidated_after(shared_memory, user, before, after) == []


def test_a_named_value_still_replaces(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I drive a Golf", "my car is a Tesla now") == ["User drives a Golf"]
