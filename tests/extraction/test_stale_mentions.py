"""A change ends the speaker's own earlier mentions of the old value ("typing this on my Galaxy S21"), even when
no rule could place that mention in a slot; other people's things and plans end nothing."""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def test_a_new_phone_ends_a_verbatim_mention_of_my_old_phone(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "typing this on my Galaxy S21",
                              "my Galaxy S21 died so i bought the iPhone 15 last week")
    assert any("Galaxy S21" in f for f in ended), ended


def test_a_replacement_naming_the_old_value_ends_my_mention_of_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "ugh my Subaru Outback is making that noise again",
                              "traded in the Subaru Outback for a Kia EV6 last week")
    assert any("Subaru Outback" in f for f in ended), ended


def test_another_owner_or_a_plan_ends_nothing(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "typing this on my Galaxy S21", "my friend's iPhone 15 is cool",
                              "my sister sold her Galaxy S21", "thinking about getting the iPhone 15 maybe")
    assert ended == [], ended
