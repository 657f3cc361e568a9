"""A partner named in passing is the speaker's partner, so a later new partner ends it.

"Alex (my partner) wants a dog" says who the partner is though the clause is about a dog. Someone else's
partner, a friend, or a plan says no partner of the speaker's.
"""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after

PARTNERS_IN_PASSING = [
    "me and Alex have been together 3 years",
    "Alex (my partner) wants a dog",
    "my other half, Alex, hates horror movies",
    "Alex and i just celebrated our anniversary",
    "living with my boyfriend Alex is mostly great",
    "my wife Alex is a nurse",
]


@pytest.mark.parametrize("said", PARTNERS_IN_PASSING)
def test_a_partner_named_in_passing_is_ended_by_a_new_partner(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "Drew is my boyfriend now")
    assert any("Alex" in f for f in ended), ended


@pytest.mark.parametrize("said", ["me and Alex went hiking last weekend", "my sister's husband Tom is a nurse",
                                  "Chris and I might get engaged next year"])
def test_no_partner_named(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "my boyfriend is Sam", said)
    assert ended == [], ended
