"""A bulk add() is written in bounded batches: other writers get in between, progress is reported, and a
crash part-way is finished on the next open (issue #11 item 9a)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mem_graph import Memory, ValidationError
from mem_graph.maintenance import check, repair

ROOT = Path(__file__).resolve().parents[2]
SMALL_BATCHES = {"limits": {"add_batch": 4}}


def _msgs(n: int) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"note {i}: Alice visited Oslo for the jazz festival"} for i in range(n)]


def test_a_bulk_add_reports_progress_and_returns_every_result(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    with Memory(path=tmp_path / "m", config=SMALL_BATCHES) as m:
        out = m.add(_msgs(10), user_id="u", infer=False, progress=lambda done, total: seen.append((done, total)))
        assert seen == [(4, 10), (8, 10), (10, 10)]
        assert [r["memory"] for r in out["results"]] == [x["content"] for x in _msgs(10)]
        assert len(m.get_all(user_id="u")["results"]) == 10
        assert {x["status"] for x in m.messages(user_id="u")} == {"processed"}
        assert len({e["memory_id"] for e in _events(m)}) == 10
        assert check(m).ok
        with pytest.raises(ValidationError):
            m.add("x", user_id="u", progress="not callable")


def _events(m: Memory) -> list[dict[str, object]]:
    from mem_graph.maintenance import history_rows

    return history_rows(m.history_store, "SELECT * FROM events WHERE event = 'ADD'")


def test_a_writer_waiting_during_a_bulk_add_gets_in_after_one_batch(tmp_path: Path) -> None:
    """Today the whole add holds the write lock: a hub writer waits for every batch (439 s for 10,000)."""
    order: list[str] = []
    with Memory(path=tmp_path / "m", config=SMALL_BATCHES) as m:
        other = threading.Thread(target=lambda: (m.add("Zed likes opera", user_id="other", infer=False),
                                                 order.append("other writer done")))

        def progress(done: int, total: int) -> None:
            order.append(f"{done}/{total}")
            if done == 4:  # hold the lock (reentrant) until the other writer is queued behind it
                with m.write_lock():
                    other.start()
                    time.sleep(0.5)

        m.add(_msgs(12), user_id="u", infer=False, progress=progress)
        other.join(timeout=60)
    assert order == ["4/12", "other writer done", "8/12", "12/12"]


KILLED_WRITER = """
import json, sys
from mem_graph import Memory
m = Memory(path=sys.argv[1], config={"limits": {"add_batch": 4}})
m.add([{"role": "user", "content": f"note {i}: Bob works at Acme"} for i in range(12)], user_id="u",
      infer=False, event_id="bulk-1", progress=lambda d, t: print(json.dumps(d), flush=True))
"""


def test_a_crash_part_way_is_finished_on_the_next_open(tmp_path: Path) -> None:
    """Killed after the second batch is journaled: the next open replays batch 2 and finishes batch 3
    (every raw message was saved first), so the hub's retry finds the whole add."""
    proc = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(tmp_path / "m")], cwd=ROOT, text=True,
                          capture_output=True, timeout=600,
                          env={**os.environ, "MEM_GRAPH_FAULT": "after_journal:2", "PYTHONPATH": str(ROOT)})
    assert proc.returncode == -9, proc.stderr[-2000:]
    assert [json.loads(x) for x in proc.stdout.split()] == [4]  # one batch was reported done
    with Memory(path=tmp_path / "m") as m:
        texts = sorted(r["memory"] for r in m.get_all(user_id="u")["results"])
        assert texts == sorted(f"note {i}: Bob works at Acme" for i in range(12))
        assert all(r["source"]["event_id"] == "bulk-1" for r in m.get_all(user_id="u")["results"])
        assert {x["status"] for x in m.messages(user_id="u")} == {"processed"}
        assert check(m).ok, check(m).to_dict()


def test_check_during_a_bulk_add_sees_no_interrupted_messages(tmp_path: Path) -> None:
    """Between two batches (check takes the write lock then) the unprocessed rest is not 'interrupted'."""
    reports = []
    with Memory(path=tmp_path / "m", config=SMALL_BATCHES) as m:
        m.add(_msgs(10), user_id="u", infer=False, progress=lambda done, total: reports.append(check(m)))
        assert [r.ok for r in reports] == [True, True, True], [r.counts() for r in reports]
        assert repair(m) == []
