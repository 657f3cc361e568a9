"""A new home or job that is still ahead ("starts next month", "ready next week") ends nothing yet."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("first", "ahead"), [
    ("I work at Deloitte", "my new job at Unilever starts next month"),
    ("I work at Deloitte", "my new job at Unilever begins in march"),
    ("my flat in Leeds is tiny", "our new flat in York is ready next week"),
])
def test_a_home_or_job_still_ahead_ends_nothing(shared_memory: Memory, user: str, first: str, ahead: str) -> None:
    assert invalidated_after(shared_memory, user, first, ahead) == []


def test_a_new_job_that_started_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I work at Deloitte", "my new job at Unilever is going great")
    assert any("Deloitte" in f for f in ended), ended
