"""Classes of phrasing from the user trials (omar, priya, kim) and the other-person misses: each class is
tested with phrasings beyond the trial's own, and with phrasings that must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated


@pytest.mark.parametrize(("before", "after", "model"), [
    ("We've got an old Vauxhall Astra, does the job", "Sold the Astra last month, don't need a car now", "Astra"),
    ("my car is a nissan qashqai", "got rid of the qashqai last week", "qashqai"),
    ("I drive a Skoda Kodiaq", "we sold the Kodiaq in May", "Kodiaq"),
    ("I drive a Mazda CX-5", "I sold my CX-5 to my cousin", "CX-5"),
])
def test_a_car_sold_by_its_model_name_ends_the_car(shared_memory: Memory, user: str, before: str, after: str,
                                                   model: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert any(model in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert not any(model in t for t in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("after", ["I sold my old iPhone last month", "sold the sofa, finally"])
def test_selling_something_else_keeps_the_car(shared_memory: Memory, user: str, after: str) -> None:
    shared_memory.add("I drive a Kia Sportage", user_id=user)
    shared_memory.add(after, user_id=user)
    assert any("Sportage" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert not any("Sportage" in t for t in invalidated(shared_memory, user))

