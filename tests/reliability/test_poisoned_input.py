"""Issue #11 item 4 (and the SDK half of item 8): input no store can read back is refused before anything is
written, and a point that is already unreadable (written by an older version) never takes down a scope-wide or
store-wide operation: it is reported and skipped."""

from __future__ import annotations

import io
import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory, StoreError, ValidationError
from mem_graph.backup import export
from mem_graph.maintenance import apply_retention, check, reembed, repair
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.types import MemoryRecord, Scope, text_hash
from mem_graph.write import WritePlan


def deep(levels: int) -> dict[str, Any]:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


def _readable(m: Memory, user: str) -> None:
    """Every read of the scope still works."""
    m.get_all(user_id=user)
    m.search("anything at all", user_id=user)
    m.messages(user_id=user)


@pytest.mark.parametrize("metadata", [deep(33), deep(130), deep(2000), {"x": 2**63}, {"x": -(2**63) - 1},
                                      {"x": [float("inf")]}, {"k": "\ud800"}, {"\udc00": 1}])
def test_metadata_no_store_can_read_back_is_refused(memory: Memory, metadata: Any) -> None:
    with pytest.raises(ValidationError):
        memory.add("Ann likes tea.", user_id="u", infer=False, metadata=metadata)
    with pytest.raises(ValidationError):
        memory.add([{"role": "user", "content": "Ann likes tea.", "metadata": metadata}], user_id="u", infer=False)
    assert memory.messages(user_id="u") == []
    _readable(memory, "u")


def test_metadata_at_the_limit_is_kept(memory: Memory) -> None:
    mid = memory.add("Ann likes tea.", user_id="u", infer=False, metadata=deep(32))["results"][0]["id"]
    assert memory.get(mid, user_id="u")["metadata"]["a"] == deep(32)["a"]
    assert memory.get_all(user_id="u", filters={"a": 2**63 - 1})["results"] == []


@pytest.mark.parametrize("when", [
    "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "1969-12-31T23:59:59Z", "2100-01-01T00:00:00Z",
    datetime(1, 1, 1), datetime(9999, 12, 31, tzinfo=timezone(timedelta(hours=-14))), datetime(1960, 5, 1),
    -1, 10**400, float("inf"), float("nan")])
def test_timestamps_outside_the_stores_range_are_refused_in_every_form(memory: Memory, when: Any) -> None:
    with pytest.raises(ValidationError):
        memory.add("Ann likes tea.", user_id="u", infer=False, timestamp=when)
    with pytest.raises(ValidationError):
        memory.add([{"role": "user", "content": "Ann likes tea.", "timestamp": when}], user_id="u", infer=False)
    with pytest.raises(ValidationError):
        memory.add("Ann likes tea.", user_id="u", infer=False, expires_at=when)
    assert memory.messages(user_id="u") == []
    _readable(memory, "u")


@pytest.mark.parametrize("call", [
    lambda m: m.add("a \ud800 b", user_id="u"), lambda m: m.add("ok", user_id="u\udfff"),
    lambda m: m.add([{"role": "user", "content": "ok", "name": "A\ud800"}], user_id="u"),
    lambda m: m.add("ok", user_id="u", client_id="c\ud800"), lambda m: m.search("x \ud800", user_id="u"),
    lambda m: m.get_all(user_id="u", filters={"k": "\ud800"}), lambda m: m.get_all(user_id="u", filters={"k": 2**63}),
    lambda m: m.search("tea", user_id="u", filters={"k": {"in": ["\ud800"]}}),
    lambda m: m.graph.cypher("RETURN '\ud800' AS x", user_id="u"),
    lambda m: m.graph.cypher("RETURN $x AS x", {"x": 2**70}, user_id="u"),
    lambda m: m.graph.relations(limit=0, user_id="u"), lambda m: m.graph.relations(limit="x", user_id="u"),
    lambda m: m.graph.relations(limit=True, user_id="u"), lambda m: m.graph.neighbours(5, user_id="u"),
    lambda m: m.graph.neighbours("x", hops=True, user_id="u"),
])
def test_bad_arguments_are_validation_errors(memory: Memory, call: Any) -> None:
    with pytest.raises(ValidationError):
        call(memory)


def _poison(m: Memory, user: str) -> str:
    """A memory whose payload Qdrant Edge stores but cannot decode, written as an older version would have:
    through a journaled write plan (history event, graph node), without today's validation."""
    t = time.time()
    rec = MemoryRecord(id="9f0c4f4e-3c1b-4a7e-8f00-00000000dead", text="Zoe likes opera", scope=Scope(user_id=user),
                       hash=text_hash("Zoe likes opera"), created_at=t, updated_at=t, valid_from=t,
                       metadata=deep(130))
    from mem_graph.stores.history import EventRow

    m.writer.apply(WritePlan(rec.scope, new=[(rec, [])], events=[EventRow(rec.id, "ADD", rec.scope, None, rec.text,
                                                                            "[test] poisoned", "test")]))
    return rec.id


def test_one_unreadable_point_is_reported_and_skipped_by_every_scan(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        for i in range(3):
            m.add(f"Note {i}: Bob plays chess.", user_id="p", infer=False)
        m.add("Erin lives in Lima.", user_id="other", infer=False, expires_at=time.time() + 1)
        bad = _poison(m, "p")
        listed = m.get_all(user_id="p")
        assert len(listed["results"]) == 3 and listed["skipped"] == [bad]
        with pytest.raises(StoreError):  # a metadata filter must read the payload: a typed error, not a panic
            m.get_all(user_id="p", filters={"a": 1})
        report = check(m)
        assert report.unreadable_vectors == [bad] and not report.vanished and not report.graph_without_vector
        buf = io.StringIO()
        counts = export(m, buf)
        assert counts["skipped"] == 1 and counts["memory"] == 4
        assert json.loads(buf.getvalue().splitlines()[-1])["skipped"] == [bad]
        assert reembed(m) == 4
        time.sleep(1.1)
        assert len(apply_retention(m, 0)) == 1
        actions = repair(m)
        assert {"action": "rewrote_unreadable", "ids": [bad]} in actions
        assert check(m).ok, check(m).to_dict()
        assert len(m.get_all(user_id="p")["results"]) == 4 and "skipped" not in m.get_all(user_id="p")


def test_a_poisoned_scope_can_still_be_erased(memory: Memory) -> None:
    memory.add("Bob plays chess.", user_id="p", infer=False)
    _poison(memory, "p")
    assert memory.delete_all(user_id="p")["deleted"] == 2
    assert memory.get_all(user_id="p")["results"] == [] and check(memory).ok


def test_a_rust_panic_leaves_the_store_as_a_store_error(memory: Memory) -> None:
    _poison(memory, "p")
    with pytest.raises(StoreError, match="panicked"):
        memory.vectors.count(VectorFilter(scope=Scope(user_id="p"), equals={"metadata.a": 1}))
