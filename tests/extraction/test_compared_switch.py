"""A new post or employer said by comparing it with the old one, then 'glad i switched' ('being a nurse is way
harder than being a teacher was, but glad i switched', 'Aldi pays me way better than Tesco did, so glad i made the
switch'), is the post or employer now and ends the old one; without a switch said, it is only a comparison."""

from __future__ import annotations

import pytest

from mem_graph import Memory


def statuses(mem: Memory, user: str, *turns: str) -> list[tuple[str, str]]:
    for turn in turns:
        mem.add(turn, user_id=user)
    return [(r["memory"], r["status"]) for r in mem.get_all(user_id=user, include_invalidated=True)["results"]]


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("I'm a teacher", "honestly being a nurse is way harder than being a teacher was, but glad i switched", "teacher",
     "nurse"),
    ("I work at Tesco", "Aldi pays me way better than Tesco did, so glad i made the switch", "Tesco", "Aldi"),
])
def test_a_compared_switch_is_the_new_value(shared_memory: Memory, user: str, before: str, after: str, old: str,
                                            new: str) -> None:
    rows = statuses(shared_memory, user, before, after)
    assert any(old in m and s == "invalidated" for m, s in rows), rows
    assert any(new in m and s != "invalidated" and "than" not in m for m, s in rows), rows


@pytest.mark.parametrize(("before", "after"), [
    ("I work at Tesco", "Aldi pays way better than Tesco does"),
    ("I'm a teacher", "being a nurse would be harder than being a teacher, glad i never switched"),
])
def test_a_comparison_alone_changes_nothing(shared_memory: Memory, user: str, before: str, after: str) -> None:
    assert not any(s == "invalidated" for _, s in statuses(shared_memory, user, before, after))
