"""A graph whose write-ahead log is torn or corrupted: a clear typed error, then `repair` loses nothing.

A writer process fills a store with graph checkpoints off (everything since the first write lives only
in ``graph.lbug.wal``), records what it was acknowledged and what search and the graph answered, and
dies without closing. The WAL is then damaged the ways a kill or a bad disk leaves it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.cli import app
from mem_graph.errors import GraphUnavailableError, MemGraphError, StoreUnavailableError
from mem_graph.maintenance import check, maintenance_log, repair
from mem_graph.recovery import open_repairable

ROOT = Path(__file__).resolve().parents[2]
NO_CHECKPOINT = {"graph_store": {"provider": "ladybug", "config": {"checkpoint_writes": 0, "checkpoint_s": 0}}}
QUERIES = [("alice", "where does the user live?"), ("alice", "who works at Acme?"), ("bob", "what does Erin play?"),
           ("bob", "Carol met Dave")]

WRITER = """
import json, os, sys, time
sys.path.insert(0, "tests/reliability")
from mem_graph import Memory
from test_graph_recovery import _fill, _state
m = Memory(path=sys.argv[1], config=json.loads(sys.argv[2]))
_fill(m)
print(json.dumps(_state(m)), flush=True)
time.sleep(float(sys.argv[3]))  # idle before the kill
os._exit(0)  # no close: as when the process is killed
"""


def _fill(m: Memory) -> None:
    m.add("I live in Paris. Bob works at Acme. I like jazz.", user_id="alice")
    m.add("I moved to Berlin. I don't like jazz anymore.", user_id="alice")  # invalidations
    ids = [r["id"] for r in m.add([{"role": "user", "content": "Carol met Dave in Rome"},
                                   {"role": "user", "content": "Erin plays chess with Frank"}],
                                  user_id="bob", infer=False)["results"]]
    m.update(ids[1], "Erin plays golf with Frank in Lima", user_id="bob")
    gone = m.add("Zed likes opera", user_id="carol", infer=False)["results"][0]["id"]
    m.delete(gone, user_id="carol")


def _state(m: Memory) -> dict[str, Any]:
    """What a user sees: every memory (with status), every relation (with display names), search rankings."""
    users = ("alice", "bob", "carol")
    return {
        "memories": {u: sorted([r["id"], r["memory"], r["status"]] for r in
                               m.get_all(user_id=u, include_invalidated=True)["results"]) for u in users},
        "relations": {u: sorted(map(json.dumps, m.graph.relations(user_id=u, include_invalid=True)))
                      for u in users},
        "search": [[h["id"] for h in m.search(q, user_id=u, rerank=False)["results"]] for u, q in QUERIES],
        "counts": m.graph_store.counts(),
    }


def _written(path: Path, config: dict[str, Any] | None = None, idle_s: float = 0.0) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", WRITER, str(path), json.dumps(config or NO_CHECKPOINT), str(idle_s)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _damage(wal: Path, how: str) -> None:
    data = bytearray(wal.read_bytes())
    if how == "torn tail":  # the kill landed in the middle of an append
        data = data[: len(data) - 37]
    else:  # a flipped byte in the middle: a bad sector, or a torn page rewritten
        data[len(data) // 2] ^= 0xFF
    wal.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = tmp_path_factory.mktemp("written") / "mem"
    state = _written(path)
    assert (path / "graph.lbug.wal").stat().st_size > 10_000  # every write is still only in the WAL
    assert (path / "graph.lbug").stat().st_size <= 4096
    return path, state


def _copy(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".lock"))
    return dst


@pytest.mark.parametrize("how", ["torn tail", "flipped byte"])
def test_a_damaged_wal_raises_a_typed_error_and_repair_recovers_everything(
        written: tuple[Path, dict[str, Any]], tmp_path: Path, how: str) -> None:
    src, before = written
    path = _copy(src, tmp_path / "mem")
    _damage(path / "graph.lbug.wal", how)
    with pytest.raises(GraphUnavailableError) as info:
        Memory(path=path)
    assert str(path / "graph.lbug") in str(info.value) and "mem-graph repair" in str(info.value)
    assert isinstance(info.value, MemGraphError) and info.value.http_status == 503

    mem, preface = open_repairable(_config(path))
    with mem:
        actions = repair(mem, preface=preface)
        assert [a["action"] for a in actions][:2] == ["moved_damaged_graph", "rebuilt_graph"]
        assert check(mem).ok, check(mem).to_dict()
        assert repair(mem) == []
        after = json.loads(json.dumps(_state(mem)))
        assert maintenance_log(mem.history_store)[0]["action"] == "moved_damaged_graph"
    assert after["memories"] == before["memories"]
    for u in before["relations"]:
        assert after["relations"][u] == before["relations"][u], (u, set(after["relations"][u]) ^
                                                                  set(before["relations"][u]))
    assert after["search"] == before["search"]
    assert after["counts"] == before["counts"]
    damaged = sorted(p.name for p in path.iterdir() if ".damaged-" in p.name)  # kept for forensics
    assert len(damaged) == 2 and damaged[1] == f"{damaged[0]}.wal", damaged


def _config(path: Path) -> Any:
    from mem_graph.config import load_config

    return load_config(None, path=path)


def test_cli_check_reports_an_unopenable_graph_and_repair_rebuilds_it(
        written: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    src, before = written
    path = _copy(src, tmp_path / "mem")
    _damage(path / "graph.lbug.wal", "torn tail")
    runner = CliRunner()
    bad = runner.invoke(app, ["check", "--path", str(path), "--json"])
    assert bad.exit_code == 1, bad.output
    report = json.loads(bad.output)
    assert report["ok"] is False and report["counts"]["unopenable"] == 1
    assert "graph.lbug" in report["unopenable"][0]
    fixed = runner.invoke(app, ["repair", "--path", str(path), "--json"])
    assert fixed.exit_code == 0, fixed.output
    out = json.loads(fixed.output)
    assert out["ok_after"] and out["actions"][0]["action"] == "moved_damaged_graph"
    assert runner.invoke(app, ["check", "--path", str(path)]).exit_code == 0
    with Memory(path=path) as m:
        assert json.loads(json.dumps(_state(m)))["relations"] == before["relations"]


def test_the_graph_is_checkpointed_after_a_few_writes_and_when_idle(tmp_path: Path) -> None:
    """Today's failure: a graph never checkpointed (4 KB main file), every write only in the WAL."""
    cfg = {"graph_store": {"provider": "ladybug", "config": {"checkpoint_writes": 3, "checkpoint_s": 0.5}}}
    with Memory(path=tmp_path / "m", config=cfg) as m:
        main = tmp_path / "m" / "graph.lbug"
        for i in range(3):
            m.add(f"Person{i} lives in Oslo.", user_id="u", infer=False)
            m.flush()  # each add's deferred graph step is one graph write
        assert main.stat().st_size > 4096  # the third write folded the WAL into the main file
        size = main.stat().st_size
        m.add("Zoe works at Initech.", user_id="u", infer=False)  # one write: only the timer saves it
        m.flush()
        deadline = time.monotonic() + 10
        while m.graph_store.inner._unsaved and time.monotonic() < deadline:
            time.sleep(0.1)
        assert m.graph_store.inner._unsaved == 0
        assert main.stat().st_size >= size


def test_writes_acknowledged_before_an_idle_checkpoint_survive_a_damaged_wal(tmp_path: Path) -> None:
    """With the default policy, a writer that then idles has its graph checkpointed: a kill that tears the
    WAL afterwards costs nothing, the store opens as it was (no repair needed)."""
    path = tmp_path / "mem"
    before = _written(path, {"graph_store": {"provider": "ladybug", "config": {"checkpoint_s": 0.5}}}, idle_s=2.0)
    wal = path / "graph.lbug.wal"
    assert (path / "graph.lbug").stat().st_size > 4096
    if wal.exists() and wal.stat().st_size > 64:  # whatever the WAL still holds is torn by the kill
        _damage(wal, "torn tail")
    with Memory(path=path) as m:
        assert check(m).ok
        assert json.loads(json.dumps(_state(m)))["memories"] == before["memories"]


def test_a_corrupt_history_database_is_a_typed_error_naming_the_file(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        m.add("Alice lives in Paris.", user_id="u")
    db = tmp_path / "m" / "history.sqlite"
    for extra in ("history.sqlite-wal", "history.sqlite-shm"):
        (tmp_path / "m" / extra).unlink(missing_ok=True)
    db.write_bytes(b"this is not a database" * 200)
    with pytest.raises(StoreUnavailableError) as info:
        Memory(path=tmp_path / "m")
    assert info.value.path == str(db) and str(db) in str(info.value)
    report = CliRunner().invoke(app, ["check", "--path", str(tmp_path / "m"), "--json"])
    assert report.exit_code == 1 and "history.sqlite" in json.loads(report.output)["unopenable"][0]


def test_a_corrupt_vector_shard_is_a_typed_error_naming_it(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "m") as m:
        m.add("Alice lives in Paris.", user_id="u")
    (tmp_path / "m" / "vectors" / "edge_config.json").write_text("{not json")
    with pytest.raises(StoreUnavailableError) as info:
        Memory(path=tmp_path / "m")
    assert info.value.path == str(tmp_path / "m" / "vectors")
    with pytest.raises(StoreUnavailableError):  # repair cannot rebuild vectors: it says so, it does not crash
        open_repairable(_config(tmp_path / "m"))


def test_crash_harness_torn_wal_trials_lose_nothing_acknowledged(tmp_path: Path) -> None:
    """Writers with checkpoints off die (killed, or exiting without closing); their WAL is truncated or has a
    bit flipped; the verifier must get GraphUnavailableError, repair, and find everything acknowledged."""
    out = tmp_path / "summary.json"
    proc = subprocess.run(
        [sys.executable, "-m", "pipelines.crash_harness", "--trials", "0", "--torn-wal", "4", "--seed", "5",
         "--ops", "15", "--dir", str(tmp_path / "crash"), "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert out.exists(), proc.stderr[-3000:]
    summary = json.loads(out.read_text())
    assert summary["failures"] == [], json.dumps(summary["failures"], indent=2)[:5000]
    assert summary["graphs_rebuilt"] >= 2, summary["modes"]
