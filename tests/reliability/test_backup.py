"""Backup and restore: export -> reset -> import is lossless; bad files are refused before any write."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mem_graph import Memory, ValidationError
from mem_graph.backup import export, export_file, import_file, read_export
from mem_graph.cli import app
from mem_graph.maintenance import check
from mem_graph.validation import make_scope

DAY = 86400.0


def _fill(m: Memory) -> None:
    m.add("I live in Paris. I like jazz. Bob works at Acme.", user_id="alice", metadata={"src": "chat ✓"})
    m.add("I moved to Berlin. I don't like jazz anymore.", user_id="alice")  # invalidations
    m.add([{"role": "user", "content": "Ünïcödé note: Carol met Dave in Rome 🏛", "name": "Al"},
           {"role": "assistant", "content": "Noted, with \"quotes\", commas, and\nnewlines \\ backslashes"}],
          user_id="alice", agent_id="helper", infer=False, metadata={"nested": {"k": [1, 2, {"x": None}]}})
    m.add("Temporary code is 4711", user_id="alice", infer=False, expires_at=time.time() - DAY)  # expired
    mid = m.add("Erin plays chess", user_id="bob", infer=False)["results"][0]["id"]
    m.update(mid, "Erin plays golf in Lima", user_id="bob")
    gone = m.add("Frank sings opera", user_id="bob", infer=False)["results"][0]["id"]
    m.delete(gone, user_id="bob")


class _Float:
    """Compares equal within a nanosecond: Qdrant's payload JSON may move a timestamp by its last bit."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Float) and abs(self.value - other.value) < 1e-6

    def __repr__(self) -> str:
        return repr(self.value)


def _micro(value: Any) -> Any:
    if isinstance(value, float):
        return _Float(value)
    if isinstance(value, dict):
        return {k: _micro(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_micro(v) for v in value]
    return value


def _dump(m: Memory, scope: dict[str, Any] | None = None) -> list[Any]:
    """The export, minus what legitimately changes (export time, event sequence numbers), in a stable order."""
    buf = io.StringIO()
    export(m, buf, make_scope(**scope) if scope else None)
    out = []
    for line in buf.getvalue().splitlines():
        obj = json.loads(line)
        if obj["type"] == "header":
            obj.pop("exported_at")
        obj.pop("seq", None)
        out.append(obj)
    out = [_micro(o) for o in out]
    out.sort(key=lambda o: json.dumps(o, sort_keys=True, default=lambda f: "float"))  # order ignores timestamps
    return out


def _views(m: Memory) -> tuple[Any, ...]:
    """What the SDK shows of alice: memories (invalidated included), raw messages, graph relations."""
    return (_micro(m.get_all(user_id="alice", include_invalidated=True)), m.messages(user_id="alice"),
            sorted(map(str, m.graph.relations(include_invalid=True, user_id="alice"))))


def test_round_trip_of_everything_is_lossless(tmp_path: Path) -> None:
    file = tmp_path / "all.jsonl"
    with Memory(path=tmp_path / "m") as m:
        _fill(m)
        before = _dump(m)
        views = _views(m)
        counts = export_file(m, file)
        assert counts["memory"] >= 8 and counts["event"] >= 8 and counts["message"] >= 7 and counts["relation"] >= 2
        m.reset()
        assert m.get_all(user_id="alice")["results"] == []
        import_file(m, file)
        assert _dump(m) == before
        assert _views(m) == views
        assert check(m).ok
        hits = m.search("Where does the user live?", user_id="alice")["results"]  # vectors were recomputed
        assert hits and "Berlin" in hits[0]["memory"]
        import_file(m, file)  # running it again changes nothing
        assert _dump(m) == before


def test_round_trip_of_one_scope_leaves_the_others_alone(tmp_path: Path) -> None:
    file = tmp_path / "alice.jsonl"
    with Memory(path=tmp_path / "m") as m:
        _fill(m)
        alice, bob = _dump(m, {"user_id": "alice"}), _dump(m, {"user_id": "bob"})
        history = {r["id"]: [{k: v for k, v in e.items() if k != "seq"} for e in m.history(r["id"], user_id="alice")]
                   for r in m.get_all(user_id="alice", include_invalidated=True)["results"]}
        export_file(m, file, make_scope(user_id="alice"))
        m.delete_all(user_id="alice")
        assert m.get_all(user_id="alice", include_invalidated=True)["results"] == []
        import_file(m, file)
        def body(lines: list[Any]) -> list[Any]:  # the erase leaves one DELETE_ALL event (and a count) behind
            return [x for x in lines if x.get("event") != "DELETE_ALL" and x["type"] != "footer"]

        assert body(_dump(m, {"user_id": "alice"})) == body(alice) and _dump(m, {"user_id": "bob"}) == bob
        for mid, events in history.items():
            assert [{k: v for k, v in e.items() if k != "seq"} for e in m.history(mid, user_id="alice")] == events
        assert check(m).ok


@pytest.mark.parametrize(("mangle", "says"), [
    (lambda lines: lines[:-1], "truncated"),
    (lambda lines: [*lines[:3], "{not json", *lines[3:]], "line 4: not JSON"),
    (lambda lines: ['{"type": "header", "format": "other", "version": 1}', *lines[1:]], "not a mem_graph"),
    (lambda lines: [*lines[:2], '{"type": "memory", "id": "../../x", "payload": {}}', *lines[2:]], "line 3"),
    (lambda lines: [*lines[:2], '{"type": "spell", "x": 1}', *lines[2:]], "unknown record type"),
    (lambda lines: [x for x in lines if '"type": "event"' not in x][:] , "counts"),
])
def test_damaged_exports_are_refused_before_any_write(tmp_path: Path, mangle: Any, says: str) -> None:
    file = tmp_path / "x.jsonl"
    with Memory(path=tmp_path / "m") as m:
        _fill(m)
        export_file(m, file)
        lines = file.read_text().splitlines()
        file.write_text("\n".join(mangle(lines)) + "\n")
        m.reset()
        with pytest.raises(ValidationError, match=says):
            import_file(m, file)
        assert m.vectors.all_ids() == [] and m.graph_store.counts()["memories"] == 0
        assert m.messages(user_id="alice") == []


def test_cli_export_import(tmp_path: Path) -> None:
    runner = CliRunner()
    with Memory(path=tmp_path / "a") as m:
        _fill(m)
        before = _dump(m, {"user_id": "bob"})
    file = tmp_path / "bob.jsonl"
    res = runner.invoke(app, ["export", str(file), "--user", "bob", "--path", str(tmp_path / "a")])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["import", str(file), "--path", str(tmp_path / "b")])
    assert res.exit_code == 0, res.output
    with Memory(path=tmp_path / "b") as m:
        assert _dump(m, {"user_id": "bob"}) == before
    assert read_export(file.open())["memory"]
