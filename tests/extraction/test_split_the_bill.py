"""Splitting or breaking a thing is no breakup: "Mia and i split the bill" ends no partner ("Mia and i split up",
"I divorced Mia" still do)."""

from __future__ import annotations

import pytest

from mem_graph import Memory


@pytest.mark.parametrize(("said", "ends"), [
    ("Mia and i split the bill", False),
    ("we split the costs with Mia", False),
    ("Mia and i split up", True),
])
def test_a_thing_split_is_no_breakup(shared_memory: Memory, user: str, said: str, ends: bool) -> None:
    shared_memory.add("my girlfriend Mia and I are going to Rome", user_id=user)
    shared_memory.add(said, user_id=user)
    rows = shared_memory.get_all(user_id=user, include_invalidated=True)["results"]
    assert any(r["status"] == "invalidated" for r in rows) == ends, rows
