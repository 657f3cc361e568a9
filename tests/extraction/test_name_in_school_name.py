"""A name inside a school's name ("St John's Primary") is no person a following "he"/"she" means: "took my son
out of St John's Primary, he's at Oak Academy now" is the son's new school (it was 'St John is at Oak Academy')."""

from __future__ import annotations

from mem_graph import Memory


def test_he_after_a_schools_name_is_the_child(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my son goes to St John's Primary", user_id=user)
    shared_memory.add("took my son out of St John's Primary, he's at Oak Academy now", user_id=user)
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    assert any("St John's Primary" in r["memory"] and r["status"] == "invalidated" for r in rows), rows
    assert any(r["memory"].startswith("User's son") and "Oak Academy" in r["memory"] for r in rows), rows
