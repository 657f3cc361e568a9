"""A new value said as joining a side or as a headline: "made the switch to vegan 3 weeks ago", "finally ditched
the OnePlus 9. iPhone 14 gang now" and "new name for the pup: Ziggy" were kept as said (the diet stayed keto, no
phone was current, the dog kept its old name); now the new value is read.
A plan, and a camp no lexicon knows, read nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import after_change, invalidated_after


@pytest.mark.parametrize(("before", "said", "new", "old"), [
    ("i'm keto", "made the switch to vegan 3 weeks ago", "vegan", "keto"),
    ("i'm vegetarian", "finally made the jump to pescatarian last month lol", "pescatarian", "vegetarian"),
    ("the OnePlus 9 is my phone", "finally ditched the OnePlus 9. iPhone 14 gang now", "iPhone 14", "OnePlus 9"),
    ("I drink coffee every morning", "team matcha now lol", "matcha", "coffee"),
    ("my dog Milo is so spoiled", "new name for the pup: Ziggy. made it official at the vet", "Ziggy", "Milo"),
    ("my favourite food is sushi", "ok new favourite food: tacos. sorry sushi", "tacos", "sushi"),
])
def test_a_value_switched_to_or_joined_is_current(shared_memory: Memory, user: str, before: str, said: str,
                                                  new: str, old: str) -> None:
    now, ended = after_change(shared_memory, user, before, said)
    assert any(new in c for c in now), now
    assert any(old in t for t in ended), ended


@pytest.mark.parametrize("said", [
    "might make the switch to vegan next year",
    "thinking about making the jump to vegan",
    "team edward lol",
    "my sister made the switch to vegan",
    "new name for the band: the keto kids",
])
def test_a_plan_or_an_unknown_camp_changes_nothing(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "i'm keto", said) == []
