"""The speaker's car or phone named as "my <model>" in a question or an aside, or a question's model or editor
confirmed with "that's what i have / code in", is the speaker's.

"what oil should i use in my Subaru Outback?" asks about oil, but says which car the user has; a later new car
ends it. "my car" names no model; someone else's model, an old one or one being sold says nothing current.
"""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("said", ["what oil should i use in my Subaru Outback?",
                                  "is my Subaru Outback due a service soon?",
                                  "just washed my Subaru Outback lol"])
def test_a_car_model_of_mine_in_passing_is_the_car(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "I drive a Tesla Model 3 now")
    assert any("Subaru" in f for f in ended), ended


@pytest.mark.parametrize("said", ["is there a way to free up storage on my Galaxy S21",
                                  "how do i screenshot on my OnePlus 9?"])
def test_a_phone_model_of_mine_in_passing_is_the_phone(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "I have a Pixel 8 now")
    assert any("Galaxy" in f or "OnePlus" in f for f in ended), ended


@pytest.mark.parametrize("said", ["what oil should i use in my dad's Subaru Outback?",
                                  "my old Subaru Outback was great",
                                  "should i sell my car?", "thinking of selling my Subaru Outback"])
def test_no_car_of_the_users_now(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "I drive a Honda Civic", said)
    assert ended == [], ended


@pytest.mark.parametrize(("said", "later", "old"), [
    ("how do i screenshot on the OnePlus 9? that's what i have", "I have a Pixel 8 now", "OnePlus"),
    ("is there a keybinding in IntelliJ IDEA to duplicate a line? that's what i code in",
     "switched to Emacs last month", "IntelliJ"),
    ("how do i change the oil on the Honda Civic? that's what i drive", "I drive a Tesla Model 3 now", "Civic"),
])
def test_a_question_confirmed_as_the_users_own_names_it(shared_memory: Memory, user: str, said: str, later: str,
                                                         old: str) -> None:
    ended = invalidated_after(shared_memory, user, said, later)
    assert any(old in f for f in ended), ended


def test_a_question_about_someone_elses_phone_names_none(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I have an iPhone 12",
                              "how do i screenshot on the OnePlus 9? my sister has one")
    assert ended == [], ended
