"""A move said with its two ends ("relocated from Oslo to Bergen", "we moved my son from Hill Primary to Park
Academy") ends the old home or school: the new one is where the speaker lives, or the child's school."""

from __future__ import annotations

import pytest

from mem_graph import Memory


def after(mem: Memory, user: str, *turns: str) -> tuple[list[str], list[str]]:
    """Say ``turns`` in order, then (what is believed now, what is no longer believed)."""
    for turn in turns:
        mem.add(turn, user_id=user)
    rows = mem.get_all(user_id=user, include_invalidated=True)["results"]
    return ([r["memory"] for r in rows if r["status"] != "invalidated"],
            [r["memory"] for r in rows if r["status"] == "invalidated"])


@pytest.mark.parametrize(("before", "said", "old", "new"), [
    ("I live in Oslo", "we relocated from Oslo to Bergen in the spring", "Oslo", "Bergen"),
    ("I live in Leeds", "just relocated from Leeds to York for work", "Leeds", "York"),
    ("my son goes to Hill Primary", "we moved my son from Hill Primary to Park Academy", "Hill Primary",
     "Park Academy"),
])
def test_a_move_from_one_place_to_another_ends_the_old_one(shared_memory: Memory, user: str, before: str,
                                                            said: str, old: str, new: str) -> None:
    now, ended = after(shared_memory, user, before, said)
    assert any(old in t for t in ended), (now, ended)
    assert any(new in t for t in now), now


def test_a_child_moved_to_a_school_lives_where_they_did(shared_memory: Memory, user: str) -> None:
    now, ended = after(shared_memory, user, "I live in Leeds", "my son goes to Hill Primary",
                       "we moved my son from Hill Primary to Park Academy")
    assert not any("lives" in t and "Park Academy" in t for t in now), now  # a school, not his home
    assert not any("Leeds" in t for t in ended), ended
