"""Not giving something up means it goes on: "i never gave up chess", "didn't give up spanish", "i never quit
smoking" ended the habit (a cessation verb read as a negation whatever negated the verb itself); "gave up ON the
gym" is a cessation like "gave up the gym"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated


@pytest.mark.parametrize(("had", "said"), [
    ("i play chess online", "i never gave up chess"),
    ("i'm learning spanish", "i didn't give up spanish, still going"),
    ("i smoke", "i never quit smoking"),
    ("i run every morning", "i didn't stop running even in winter"),
    ("i play chess online", "i never give up on chess"),
])
def test_a_cessation_that_did_not_happen_ends_nothing(shared_memory: Memory, user: str, had: str,
                                                      said: str) -> None:
    shared_memory.add(had, user_id=user)
    shared_memory.add(said, user_id=user)
    assert invalidated(shared_memory, user) == []


@pytest.mark.parametrize(("had", "said", "gone"), [
    ("i play chess online", "i gave up chess", "chess"),
    ("i smoke", "i quit smoking last year", "smok"),
    ("i drink coffee every morning", "i stopped drinking coffee", "coffee"),
    ("i go to the gym 4 times a week", "gave up on the gym, it was too expensive", "gym"),
    ("i'm learning spanish", "gave up on spanish, way too hard", "spanish"),
])
def test_a_cessation_still_ends_the_habit(shared_memory: Memory, user: str, had: str, said: str, gone: str) -> None:
    shared_memory.add(had, user_id=user)
    shared_memory.add(said, user_id=user)
    assert any(gone in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize(("had", "said", "gone"), [
    ("i use spotify", "cancelled spotify, using apple music instead", "spotify"),
    ("i have a netflix subscription", "cancelled netflix last week", "netflix"),
])
def test_a_cancelled_subscription_ends_it(shared_memory: Memory, user: str, had: str, said: str, gone: str) -> None:
    shared_memory.add(had, user_id=user)
    shared_memory.add(said, user_id=user)
    assert any(gone in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)


def test_a_cancelled_appointment_ends_nothing_else(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i use spotify", user_id=user)
    shared_memory.add("i cancelled my dentist appointment", user_id=user)
    assert invalidated(shared_memory, user) == []
