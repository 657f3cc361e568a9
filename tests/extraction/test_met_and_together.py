"""A new partner said as 'met X and we've been together since ...' is the partner now, and the old one named in
the same sentence ('after the breakup with Leo I met Ben ...') ends; the fact names Leo alone (it was 'User broke
up with Leo User': the chat recaser's 'I' read as part of the name)."""

from __future__ import annotations

from mem_graph import Memory


def test_met_and_together_is_the_new_partner(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my boyfriend is Leo", user_id=user)
    shared_memory.add("after the breakup with Leo i met Ben and we've been together since may", user_id=user)
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    assert any("Leo" in r["memory"] and r["status"] == "invalidated" for r in rows), rows
    assert any("dating Ben" in r["memory"] and r["status"] != "invalidated" for r in rows), rows
    assert not any("broke up with Leo User" in r["memory"] or "broke up with Leo I" in r["memory"] for r in rows), rows


def test_met_someone_without_being_together_is_no_partner(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my boyfriend is Leo", user_id=user)
    shared_memory.add("i met Ben at the gym today, nice guy", user_id=user)
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    assert not any(r["status"] == "invalidated" for r in rows), rows
