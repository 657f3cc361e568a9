"""Session 24's conversations: a relative named in one sentence and spoken of as "she" in the next, questions
about what someone does asked in the words people use."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.question import asked_slots
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message


def _texts(rules: RuleExtractor, *lines: str) -> list[str]:
    return [f.text for fs in rules.extract([Message("user", line) for line in lines]) for f in fs]


def test_she_in_the_sentence_after_my_mom_is_my_mom_not_the_dog_of_an_earlier_turn(rules: RuleExtractor) -> None:
    texts = _texts(rules, "my dog biscuit ate my airpod case today",
                   "my mom cried lol. she wanted me at davis so i could come home on weekends")
    assert "User's mom wanted User at davis" in texts, texts
    assert not any(t.startswith("Biscuit wanted") for t in texts), texts


def test_she_after_my_sister_called_is_the_sister_not_a_name_from_before(shared_memory: Memory, user: str) -> None:
    shared_memory.add("Davis is fine", user_id=user)
    shared_memory.add("my sister called. she is a nurse now", user_id=user)
    top = shared_memory.search("what does my sister do", user_id=user, limit=1)["results"]
    assert top[0]["memory"] == "User's sister is a nurse now", top


@pytest.mark.parametrize("question", ["what does the user's son do", "what is my brother doing now",
                                      "what's my sister doing these days"])
def test_what_someone_does_asks_their_job(question: str) -> None:
    assert "occupation" in asked_slots(question)


@pytest.mark.parametrize("question", ["what is my brother doing this weekend", "what are you doing now"])
def test_what_someone_is_doing_at_a_time_asks_no_job(question: str) -> None:
    assert "occupation" not in asked_slots(question)
