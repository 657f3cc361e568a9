"""The user's phone named in passing with "my" in a present statement ("typing this on my iPhone 12", "sent
from my Pixel 8", "charging my Galaxy S23 rn") is the phone the user has; not an old one, one given away or
sold, a plan, a question, nor someone else's."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def phone(mem: Memory, user: str) -> str | None:
    rows = mem.get_all(user_id=user)["results"]
    return next((r["memory"] for r in rows if (r.get("slot") or "").endswith("|phone")), None)


@pytest.mark.parametrize(("said", "value"), [
    ("typing this on my iPhone 12", "iPhone 12"),
    ("sent from my Pixel 8", "Pixel 8"),
    ("charging my Galaxy S23 rn", "Galaxy S23"),
])
def test_my_phone_named_in_passing_is_the_users_phone(shared_memory: Memory, user: str, said: str,
                                                      value: str) -> None:
    shared_memory.add(said, user_id=user)
    assert value in (phone(shared_memory, user) or "")


def test_the_phone_named_in_passing_is_replaced_by_an_upgrade(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "typing this on my iPhone 12",
                             "upgraded from my iPhone 12 to the Pixel 8") == ["User uses iPhone 12"]


@pytest.mark.parametrize("said", ["my old iPhone 12 is in a drawer", "my dad's iPhone is broken",
                                  "gave my iPhone 12 to my mum"])
def test_no_phone_from_an_old_one_a_gift_or_someone_elses(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add(said, user_id=user)
    assert phone(shared_memory, user) is None


def test_a_question_about_my_phone_says_which_phone_i_have(shared_memory: Memory, user: str) -> None:
    # the question is not stored as a memory, but the phone it names is the user's (owned_models.py)
    shared_memory.add("is there a way to free up storage on my iPhone 12", user_id=user)
    assert "iPhone 12" in (phone(shared_memory, user) or "")


def test_a_phone_given_away_ends_nothing(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I have a Pixel 8", "gave my iPhone 12 to my mum") == []
