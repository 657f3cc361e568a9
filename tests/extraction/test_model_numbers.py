"""A product's model number is part of its name: "upgraded from my iPhone 12 to the Pixel 8" made the phone
"Pixel", "traded in the Honda Civic for a Tesla Model 3" the car "Tesla Model", "bought the iPhone 15" the phone
"iPhone" (the same as the iPhone 12 it replaced). A number that counts something is no model's."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import after_change


@pytest.mark.parametrize(("before", "said", "new", "old"), [
    ("i've got the iPhone 12", "upgraded from my iPhone 12 to the Pixel 8", "Pixel 8", "iPhone 12"),
    ("I drive a Honda Civic", "traded in the Honda Civic for a Tesla Model 3 last week", "Tesla Model 3", "Civic"),
    ("i've got the iPhone 12", "i bought the iPhone 15 last week", "iPhone 15", "iPhone 12"),
    ("i have a Galaxy S21", "switched to the Galaxy S24 Ultra", "Galaxy S24 Ultra", "Galaxy S21"),
])
def test_the_model_number_is_part_of_the_new_value(shared_memory: Memory, user: str, before: str, said: str,
                                                   new: str, old: str) -> None:
    now, ended = after_change(shared_memory, user, before, said)
    assert any(new in c for c in now), now
    assert any(old in t for t in ended), ended


@pytest.mark.parametrize(("said", "value"), [
    ("i drive a Honda Civic", "honda civic"),
    ("I've worked at Google 3 years", "google"),
    ("i work at Google 9 to 5", "google"),
])
def test_a_number_that_counts_is_no_model(rules: RuleExtractor, said: str, value: str) -> None:
    facts = rules.extract([Message(role="user", content=said)])[0]
    assert any(f.object_key == value for f in facts), [(f.text, f.object_key) for f in facts]
