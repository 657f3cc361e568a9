"""A favourite changes in chat's own words: "not into lasagna anymore, biryani is my all time fav now",
"gone off pizza, ramen is number one now". A change said against the old value ends the favourite that holds it;
"number one" is a favourite (never a phone number) and "all time" says nothing more than "favourite"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("change", [
    "not into lasagna anymore lol, biryani is my all time fav now",
    "ngl i've gone off lasagna, biryani is number one now",
])
def test_a_favourite_said_as_over_ends_and_the_new_one_answers(shared_memory: Memory, user: str,
                                                               change: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite food is lasagna", change)
    assert "User's favourite food is lasagna" in ended, ended
    top = shared_memory.search("What is the user's favourite food?", user_id=user, limit=1)["results"]
    assert "biryani" in top[0]["memory"].lower(), top


@pytest.mark.parametrize("line", ["ramen is my number one now", "biryani is my all time fav now"])
def test_number_one_and_all_time_favourite_are_favourites(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    # a dish said as the favourite without "food" is the favourite food
    assert [f.slot for f in facts] == ["user|favourite|food"], [(f.text, f.slot) for f in facts]


def test_number_one_in_class_is_no_favourite_and_no_phone(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "I was number one in my class")])[0]
    assert not any(f.slot in ("user|favourite", "user|phone") for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("before", "change", "old"), [
    ("I drink energy drinks every morning", "gave up energy drinks 2 weeks ago, green tea is my thing now",
     "energy drinks"),
    ("diet coke addict here lol", "quit diet coke, switched to sparkling water", "diet coke"),
])
def test_a_drink_given_up_ends_that_drink_and_no_alcohol(shared_memory: Memory, user: str, before: str,
                                                        change: str, old: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f for f in ended), ended
    slots = {r.get("slot") for r in shared_memory.get_all(user_id=user)["results"]}
    assert "user|drinks|alcohol" not in slots, slots
