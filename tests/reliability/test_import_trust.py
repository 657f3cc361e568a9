"""Issue #11 item 5: import trusts nothing in its file (all or nothing, never another scope's memory), journal
replay never bricks a store, and export never follows a planted path (item 8)."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory, ValidationError
from mem_graph.backup import export_file, import_file
from mem_graph.maintenance import check, history_rows, repair
from mem_graph.types import MemoryRecord, Scope, text_hash
from mem_graph.write import WritePlan


def _export(tmp_path: Path, n: int = 3, user: str = "alice") -> list[dict[str, Any]]:
    with Memory(path=tmp_path / "src") as m:
        for i in range(n):
            m.add(f"Note {i}: Bob plays chess.", user_id=user, infer=False)
        export_file(m, tmp_path / "x.jsonl")
    return [json.loads(line) for line in (tmp_path / "x.jsonl").read_text().splitlines()]


def _write(tmp_path: Path, records: list[dict[str, Any]]) -> Path:
    footer = records[-1]
    footer["counts"] = {}
    for r in records[1:-1]:
        footer["counts"][r["type"]] = footer["counts"].get(r["type"], 0) + 1
    file = tmp_path / "crafted.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in records))  # ensure_ascii: lone surrogates survive
    return file


def _nothing_written(m: Memory) -> None:
    assert m.vectors.all_ids() == [] and m.graph_store.counts()["memories"] == 0
    assert history_rows(m.history_store, "SELECT count(*) AS n FROM journal")[0]["n"] == 0
    assert history_rows(m.history_store, "SELECT count(*) AS n FROM events")[0]["n"] == 0


def _memories(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == "memory"]


def _events(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["type"] == "event"]


MANGLES: dict[str, Callable[[list[dict[str, Any]]], Any]] = {
    "lone surrogate in a text": lambda rs: _memories(rs)[-1]["payload"].update(text="bad \ud800 text"),
    "created_at 'soon'": lambda rs: _memories(rs)[-1]["payload"].update(created_at="soon"),
    "created_at in year 1": lambda rs: _memories(rs)[-1]["payload"].update(created_at=-62135596800.0),
    "metadata nested 130 deep": lambda rs: _memories(rs)[-1]["payload"].update(
        metadata=json.loads('{"a":' * 130 + "1" + "}" * 130)),
    "event with a string timestamp": lambda rs: _events(rs)[-1].update(created_at="2024-01-01"),
    "event with a null scope": lambda rs: _events(rs)[-1].update(user_id=None, agent_id=None, run_id=None),
    "event naming a memory that does not exist": lambda rs: _events(rs)[-1].update(memory_id=str(uuid.uuid4())),
    "event in another scope than its memory": lambda rs: _events(rs)[-1].update(user_id="eve"),
    "mention of a memory that does not exist": lambda rs: rs.insert(-1, {"type": "mention", "memory_id": str(
        uuid.uuid4()), "entity_id": "x"}),
    "the same memory twice": lambda rs: rs.insert(-1, dict(_memories(rs)[0])),
    "unknown payload field": lambda rs: _memories(rs)[-1]["payload"].update(evil=1),
    # found by the fuzzing of session 34: each was accepted and left a store that search or check tripped on
    "source message ids that are no list": lambda rs: _memories(rs)[-1]["payload"]["source"].update(
        message_ids={"a": "b"}),
    "feedback that is no count": lambda rs: _memories(rs)[-1]["payload"]["source"].update(feedback={"wrong": "x"}),
    "a DELETE that only invalidates, of a memory not in the file": lambda rs: rs.insert(-1, {
        **_events(rs)[-1], "memory_id": str(uuid.uuid4()), "event": "DELETE", "reason": "[reconcile] superseded"}),
    "a memory in the file whose last event erases it": lambda rs: rs.insert(-1, {
        **_events(rs)[-1], "seq": 10**6, "event": "DELETE", "reason": "[manual] deleted through the API"}),
}


@pytest.mark.parametrize("mangle", list(MANGLES), ids=list(MANGLES))
def test_a_crafted_file_is_refused_whole_naming_the_line(tmp_path: Path, mangle: str) -> None:
    records = _export(tmp_path)
    MANGLES[mangle](records)
    file = _write(tmp_path, records)
    with Memory(path=tmp_path / "dst") as m:
        with pytest.raises(ValidationError, match=r"line \d+"):
            import_file(m, file)
        _nothing_written(m)
    with Memory(path=tmp_path / "dst") as m:  # and the store opens again, consistent
        assert check(m).ok


def test_a_bad_record_late_in_a_big_file_writes_nothing(tmp_path: Path) -> None:
    records = _export(tmp_path, n=300)
    _memories(records)[289]["payload"]["text"] = "bad \udc00"
    file = _write(tmp_path, records)
    with Memory(path=tmp_path / "dst") as m:
        with pytest.raises(ValidationError, match="surrogate"):
            import_file(m, file)
        _nothing_written(m)


def test_an_import_never_moves_another_scopes_memory(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        bob = m.add("Bob's bank PIN hint is his dog's name.", user_id="bob", infer=False)["results"][0]["id"]
        m.add("Eve likes tea.", user_id="eve", infer=False)
        export_file(m, tmp_path / "eve.jsonl", Scope(user_id="eve"))
        records = [json.loads(line) for line in (tmp_path / "eve.jsonl").read_text().splitlines()]
        mem = _memories(records)[0]
        old_id = mem["id"]
        mem["id"] = bob  # eve's file now claims bob's memory id
        for r in records:
            if r.get("memory_id") == old_id:
                r["memory_id"] = bob
        with pytest.raises(ValidationError, match="another scope"):
            import_file(m, _write(tmp_path, records))
        assert m.get(bob, user_id="bob")["memory"] == "Bob's bank PIN hint is his dog's name."
        assert check(m).ok


def _journal_unappliable(m: Memory) -> str:
    """A journaled plan that can never apply (what the old import left behind): created_at is not a number."""
    t = time.time()
    rec = MemoryRecord(id=str(uuid.uuid4()), text="Zoe likes opera", scope=Scope(user_id="z"),
                       hash=text_hash("Zoe likes opera"), created_at=t, updated_at=t, valid_from=t)
    payload = WritePlan(rec.scope, new=[(rec, [])]).to_journal()
    payload["new"][0]["payload"]["created_at"] = "soon"
    return m.history_store.journal_begin("write", payload)


def test_a_journal_entry_that_cannot_apply_is_set_aside_and_the_store_opens(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        m.add("Bob plays chess.", user_id="bob", infer=False)
        op = _journal_unappliable(m)
        m.history_store.journal_begin("write", {"not": "a plan"})
    with Memory(path=tmp_path / "m") as m:  # before: every open failed on replay
        report = check(m)
        assert op in report.failed_journal and len(report.failed_journal) == 2 and not report.pending_journal
        assert m.get_all(user_id="bob")["results"]
        repair(m)
        assert m.history_store.journal_failed()  # kept for inspection, never silently dropped


def test_export_never_follows_a_planted_partial_file(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "backup.jsonl"
    (tmp_path / "backup.jsonl.partial").symlink_to(victim)
    with Memory(path=tmp_path / "m") as m:
        m.add("Bob plays chess.", user_id="bob", infer=False)
        export_file(m, out)
    assert victim.read_text() == "precious"
    assert out.read_text().count("\n") >= 3 and not out.is_symlink()


def test_a_memory_at_the_metadata_limit_round_trips(tmp_path: Path) -> None:
    """The write path adds to a memory's metadata (role, speaker): import must take back what it stored."""
    with Memory(path=tmp_path / "src") as m:
        limit = m.config.limits.max_metadata_bytes
        big = {"blob": "x" * (limit - 20)}
        m.add([{"role": "user", "content": "Ann likes tea.", "name": "Ann"}], user_id="ann", infer=False,
              metadata=big)
        export_file(m, tmp_path / "ann.jsonl")
    with Memory(path=tmp_path / "dst") as m:
        assert import_file(m, tmp_path / "ann.jsonl")["memories"] == 1
        assert m.get_all(user_id="ann")["results"][0]["metadata"]["blob"] == big["blob"]


def test_a_backup_brings_back_a_deleted_memory_with_a_history_that_says_so(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        kept = m.add("Bob plays chess.", user_id="bob", infer=False)["results"][0]["id"]
        export_file(m, tmp_path / "bob.jsonl")
        m.delete(kept, user_id="bob")
        import_file(m, tmp_path / "bob.jsonl")
        assert m.get(kept, user_id="bob")["memory"] == "Bob plays chess."
        assert check(m).ok
        assert "restored from a backup" in m.history(kept, user_id="bob")[-1]["reason"]


def test_a_memory_whose_events_were_left_out_gets_one(tmp_path: Path) -> None:
    records = [r for r in _export(tmp_path, n=2) if r["type"] != "event"]
    with Memory(path=tmp_path / "dst") as m:
        import_file(m, _write(tmp_path, records))
        assert check(m).ok and len(m.get_all(user_id="alice")["results"]) == 2


def test_a_file_cannot_erase_a_memory_this_store_holds(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        kept = m.add("Bob plays chess.", user_id="alice", infer=False)["results"][0]["id"]
        records = _export(tmp_path)
        records.insert(-1, {**_events(records)[-1], "memory_id": kept, "event": "DELETE",
                            "reason": "[manual] deleted through the API"})
        with pytest.raises(ValidationError, match="holds it"):
            import_file(m, _write(tmp_path, records))
        assert m.get(kept, user_id="alice")["memory"] == "Bob plays chess." and check(m).ok
