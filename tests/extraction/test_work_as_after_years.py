"""'after six years as a waiter i retrained, now i work as an accountant': the post is the one the verb names,
not the one in the time phrase before it (it was read as a restatement of the old post)."""

from __future__ import annotations

from mem_graph import Memory


def test_the_post_of_work_as_is_the_verbs_own(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I'm a waiter", user_id=user)
    shared_memory.add("after six years as a waiter i retrained, now i work as an accountant", user_id=user)
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    assert any("waiter" in r["memory"] and r["status"] == "invalidated" for r in rows), rows
    assert any("accountant" in r["memory"] and r["status"] != "invalidated" for r in rows), rows
