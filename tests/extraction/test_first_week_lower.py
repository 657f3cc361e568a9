"""A first day or week at a company typed in lower case is a new employer; at work or school it is no company."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def test_a_first_week_at_a_lower_case_company_ends_the_old_employer(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i work at a small agency called pixelworks",
                              "first week at spotify done, loving it")
    assert any("pixelworks" in f.lower() for f in ended), ended


@pytest.mark.parametrize("line", ["first day at work was rough", "first week at school done lol"])
def test_a_first_day_at_work_or_school_changes_no_employer(shared_memory: Memory, user: str, line: str) -> None:
    assert invalidated_after(shared_memory, user, "i work at pixelworks", line) == []
