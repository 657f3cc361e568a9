"""A tool switch said "from X to Y" (or "to Y" alone) that the parse missed: "we migrated from MongoDB to
Postgres" (the parser hung "to Postgres" under "MongoDB") and "our team switched from Postgres to CockroachDB"
gave no fact; "moved my whole setup from Sublime Text to VS Code" said the setup lives in VS Code. Now the new
tool is used and the old one ends. Someone else's switch, a place, and a switch still ahead change nothing."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import after_change, invalidated_after


@pytest.mark.parametrize(("before", "said", "new", "old"), [
    ("our app runs on MySQL", "we migrated from MySQL to Postgres last sprint", "Postgres", "MySQL"),
    ("our app runs on Postgres", "our team switched from Postgres to CockroachDB a couple months ago",
     "CockroachDB", "Postgres"),
    ("our app runs on MySQL", "moved our db to PostgreSQL in q2", "PostgreSQL", "MySQL"),
    ("i use Sublime Text for everything", "moved my whole setup from Sublime Text to VS Code over the holidays",
     "VS Code", "Sublime Text"),
    ("i use PyCharm for everything", "finally made the jump to Cursor, goodbye PyCharm", "Cursor", "PyCharm"),
])
def test_a_switch_from_one_tool_to_another_ends_the_old(shared_memory: Memory, user: str, before: str, said: str,
                                                        new: str, old: str) -> None:
    now, ended = after_change(shared_memory, user, before, said)
    assert any(new in c and "uses" in c for c in now), now
    assert any(old in t for t in ended), ended


@pytest.mark.parametrize("said", [
    "my brother switched from Vim to Emacs",
    "we're migrating from Vim to Emacs next month",
    "i might switch to Emacs",
    "thinking of moving to Emacs",
])
def test_someone_elses_or_a_planned_switch_ends_nothing(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "i use Vim for everything", said) == []
