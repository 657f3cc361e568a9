"""A question about another person is answered with that person's facts, never the user's own value, even
when chat writes the name lower-case ("what does jake drive")."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.retrieve.asked import read_whose


@pytest.mark.parametrize(("question", "name"), [
    ("what does jake drive", "jake"), ("how old is priya", "priya"), ("where does greg live", "greg"),
    ("who is sam dating", "sam"),
])
def test_a_lower_case_name_in_the_subject_slot_names_someone(question: str, name: str) -> None:
    whose, names, _ = read_whose(question)
    assert whose == "named" and name in names


@pytest.mark.parametrize("question", ["what do i drive", "what does she do", "where does the user live",
                                      "what is current city?", "what does the service run on"])
def test_no_one_else_is_named(question: str) -> None:
    assert read_whose(question)[0] != "named"


def test_the_users_own_value_does_not_answer_for_someone_else(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i drive a mazda 3", user_id=user)
    shared_memory.add("my buddy jake just bought a tesla lol show off", user_id=user)
    top = shared_memory.search("what does jake drive", user_id=user, limit=1)["results"][0]["memory"]
    assert "tesla" in top.lower(), top


def test_a_pet_fact_that_says_its_name_answers_the_pets_name(shared_memory: Memory, user: str) -> None:
    shared_memory.add("we've got a parrot called Kiwi", user_id=user)
    shared_memory.add("lol my parrot learned to say hello", user_id=user)
    top = shared_memory.search("whats my parrots name", user_id=user, limit=1)["results"][0]["memory"]
    assert "Kiwi" in top, top
