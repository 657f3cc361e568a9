"""Not giving something up means it goes on: "i never gave up chess", "didn't give up spanish", "i never quit
smoking" ended the habit (a cessation verb read as a negation whatever negated the verb itself); "gave up ON the
gym" is a cessation like "gave up the gym"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("had", "said"), [
    ("i play chess online", "i never gave up chess"),
    ("i'm learning spanish", "i didn't give up spanish, still going"),
    ("i smoke", "i never quit smoking"),
    ("i run every morning", "i didn't stop running even in winter"),
    ("i play chess online", "i never give up on chess"),
])
def test_a_cessation_that_did_not_happen_ends_nothing(shared_memory: Memory, user: str, had: str,
                                                      said: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, had, said)
    assert ended_facts == []


@pytest.mark.parametrize(("had", "said", "gone"), [
    ("i play chess online", "i gave up chess", "chess"),
    ("i smoke", "i quit smoking last year", "smok"),
    ("i drink coffee every morning", "i stopped drinking coffee", "coffee"),
    ("i go to the gym 4 times a week", "gave up on the gym, it was too expensive", "gym"),
    ("i'm learning spanish", "gave up on spanish, way too hard", "spanish"),
])
def test_a_cessation_still_ends_the_habit(shared_memory: Memory, user: str, had: str, said: str, gone: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, had, said)
    assert any(gone in t for t in ended_facts), ended_facts


@pytest.mark.parametrize(("had", "said", "gone"), [
    ("i use spotify", "cancelled spotify, using apple music instead", "spotify"),
    ("i have a netflix subscription", "cancelled netflix last week", "netflix"),
])
def test_a_cancelled_subscription_ends_it(shared_memory: Memory, user: str, had: str, said: str, gone: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, had, said)
    assert any(gone in t for t in ended_facts), ended_facts


def test_a_cancelled_appointment_ends_nothing_else(shared_memory: Memory, user: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, "i use spotify", "i cancelled my dentist appointment")
    assert ended_facts == []
