"""Memory and message ids sort in the order they were made, so capped lookups and ties are reproducible."""

from __future__ import annotations

import uuid
from pathlib import Path

from mem_graph import Memory
from mem_graph.ids import new_id


def test_ids_made_one_after_another_sort_in_that_order() -> None:
    ids = [new_id() for _ in range(5000)]  # many within one millisecond
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert all(uuid.UUID(i).version == 7 for i in ids)


def test_memories_written_later_have_greater_ids(tmp_path: Path) -> None:
    mem = Memory(path=tmp_path / "m")
    try:
        first = mem.add("I live in Lagos.", user_id="ada", infer=False)["results"][0]["id"]
        second = mem.add("I have a dog called Bran.", user_id="ada", infer=False)["results"][0]["id"]
        assert uuid.UUID(first) < uuid.UUID(second)
    finally:
        mem.close()
