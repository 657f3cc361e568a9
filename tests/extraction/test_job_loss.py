"""A job lost is a job ended: "i lost my job at tesco" ends "User works at tesco" (it read as a restatement),
and "got laid off", "got fired", "was made redundant", "got let go" end it too; fears, plans, other people's
jobs and other things lost end nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated, invalidated_after


@pytest.mark.parametrize("said", [
    "i lost my job at tesco last week",
    "got laid off from tesco :(",
    "i got fired from tesco",
    "i was made redundant at tesco",
    "i got let go from tesco yesterday",
    "i lost my job",
])
def test_a_job_lost_ends_the_job(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add("i work at tesco", user_id=user)
    shared_memory.add(said, user_id=user)
    ended = invalidated(shared_memory, user)
    assert any("works at tesco" in t.lower() for t in ended), ended
    assert not any("works at tesco" in c for c in current(shared_memory, user))


@pytest.mark.parametrize("said", [
    "i might get laid off next month",
    "i didn't get fired lol",
    "my wife got laid off",
    "i fired my cleaner",
    "i lost my keys at work",
    "they let me go home early today",
    "i'm worried i'll lose my job",
])
def test_a_fear_or_someone_elses_job_or_a_lost_thing_ends_no_job(shared_memory: Memory, user: str,
                                                                  said: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, "i work at tesco", said)
    assert ended_facts == []
