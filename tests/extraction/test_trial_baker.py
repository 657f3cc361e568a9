"""Classes of phrasing from a user trial (session 10: a baker in Turin): a pet that died, named long before,
one of two pets named in one breath."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after

_CHATTER = ["the weather has been wild this week", "what's a good sourdough hydration for a beginner?",
            "made focaccia today, turned out great", "busy weekend at the market", "my back hurts from lifting flour",
            "watched a great film last night", "need to fix the oven door", "anyway, how are you?"]


def test_a_pet_that_died_ends_only_that_pet_named_in_one_breath(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got two cats, Pepe and Olivia",
                              "sad news, we lost Olivia last week, she was 16")
    assert "User has a cat named Olivia" in ended, ended
    assert not any("Pepe" in f for f in ended), ended


def test_a_pet_named_long_before_is_still_known_when_it_dies(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got a rescue greyhound named Dash", *_CHATTER,
                              "Dash passed away last week, really gutted")
    assert any("Dash" in f for f in ended), ended


def test_a_person_who_died_ends_no_pet(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we've got a rescue greyhound named Dash", *_CHATTER,
                              "my grandad passed away last week")
    assert ended == [], ended


def test_a_business_sold_ends_the_business_i_ran(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I run a small bakery in Turin with my husband Luca",
                              "we sold the bakery!! retiring early, can't quite believe it")
    assert any("small bakery" in f for f in ended), ended


@pytest.mark.parametrize("line", ["I run marathons", "I opened the window", "I manage a team of 5"])
def test_running_or_opening_anything_else_is_no_business(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot and "|business|" in f.slot for f in facts), [(f.text, f.slot) for f in facts]


def test_a_second_hand_car_is_a_car_not_a_hand(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I drive an old Fiat Panda, it's falling apart lol",
                              "finally got rid of the Panda! picked up a second hand Toyota Yaris hybrid")
    assert any("Fiat Panda" in f for f in ended), ended
    top = shared_memory.search("what car do i drive?", user_id=user, limit=1)["results"]
    assert "Toyota Yaris" in top[0]["memory"], top


@pytest.mark.parametrize(("line", "name", "age"), [
    ("ciao! marco, 41, I run a small bakery in Turin", "Marco", "41"),
    ("hey there, sam, 34, dad of two and I teach chemistry", "Sam", "34"),
])
def test_a_greeting_then_a_name_and_an_age_introduce_the_speaker(rules: RuleExtractor, line: str, name: str,
                                                                  age: str) -> None:
    facts = {f.slot: f.text for f in rules.extract([Message("user", line)])[0] if f.slot}
    assert name in facts.get("user|name", ""), facts
    assert age in facts.get("user|age", ""), facts


def test_a_greeting_then_a_state_names_nobody(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "hi, tired, 41 hours awake")])[0]
    assert not any(f.slot == "user|name" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("line", "present"), [
    ("I'm trying to learn German", True),
    ("I'm trying to quit smoking", False),
    ("I'm trying to eat less meat", False),
])
def test_learning_one_tries_is_under_way_quitting_one_tries_is_not_done(rules: RuleExtractor, line: str,
                                                                         present: bool) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert facts and all((f.tense == "present") == present for f in facts), [(f.text, f.tense) for f in facts]
