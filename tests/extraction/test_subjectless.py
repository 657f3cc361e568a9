"""Chat leaves out the "I" of a statement about the speaker: a progressive after a lead adverb ("currently
living in Leeds"), a bare complement ("strictly vegetarian since uni", "currently 17, if that matters",
"32 as of last tuesday"). They are the user's slot facts; "as always" / "like always" says the state goes on
(no liking, no change); a bare evaluation ("interesting, go on") gets no fact."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated_after


def slots(mem: Memory, user: str) -> dict[str, str]:
    rows = mem.get_all(user_id=user)["results"]
    return {r["slot"].split("|")[1]: r["memory"] for r in rows if r.get("slot")}


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("currently living in Leeds with my roommate", "residence", "Leeds"),
    ("currently working for Tesco, mostly remote", "employer", "Tesco"),
    ("strictly vegetarian since uni", "diet", "vegetarian"),
    ("fully vegan now tbh", "diet", "vegan"),
    ("currently 17, if that matters", "age", "17"),
    ("single again lol", "partner", "single"),
])
def test_a_subjectless_line_is_the_users_slot_fact(shared_memory: Memory, user: str, said: str, slot: str,
                                                    value: str) -> None:
    shared_memory.add(said, user_id=user)
    assert value in slots(shared_memory, user).get(slot, "")


def test_a_bare_age_updates_the_age(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I'm 31", "32 as of last tuesday ugh i feel old") == ["User is 31"]


def test_as_always_is_no_liking_and_no_change(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I use Atom", "coding in Eclipse rn, like always",
                             "I drink tea", "drinking coffee rn, as always") == []
    facts = current(shared_memory, user)
    assert not any("like" in f for f in facts)
    assert any("Eclipse" in f for f in facts) and any("coffee" in f for f in facts)


def test_a_bare_evaluation_is_no_fact_of_the_user(shared_memory: Memory, user: str) -> None:
    for said in ("interesting, go on", "nice, thanks", "good for you"):
        shared_memory.add(said, user_id=user)
    assert slots(shared_memory, user) == {}
