"""Erasure that erases (issue #11, item 6).

Before: ``reset`` was not journaled (a SIGKILL between its store resets, then ``repair``, brought the
"erased" memories back from the graph); deleted text stayed readable in Qdrant Edge's segment and WAL files,
in LadybugDB's database file and in SQLite's WAL; the data directory was world-readable (0644 in 0755).
Each test greps every file of the data directory for a unique string after the erasure.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

from mem_graph import Memory
from mem_graph.maintenance import repair

SECRET = "Zorblax"  # a person's name: it lands in the vector payload, the graph (entity + memory node), history
MARK = SECRET.encode()


def files_holding(root: Path, needle: bytes = MARK) -> list[str]:
    """Every file under ``root`` whose bytes contain ``needle`` (case-insensitive: the graph stores names
    normalised)."""
    low = needle.lower()
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and low in p.read_bytes().lower())


def _fill(m: Memory) -> str:
    for i in range(20):
        m.add(f"Note {i}: the weekly report goes out on Friday.", user_id="keep", infer=False)
    m.add(f"{SECRET} Quentin works at Acme.", user_id="gone")
    return m.add(f"My neighbour {SECRET} Quentin owns a red bike.", user_id="gone", infer=False)["results"][0]["id"]


def test_delete_all_leaves_no_erased_text_on_disk(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    with Memory(path=root) as m:
        _fill(m)
        assert files_holding(root), "the probe must find the text before the erasure"
        m.delete_all(user_id="gone")
        assert files_holding(root) == []  # before close: delete_all compacts at once
        assert len(m.get_all(user_id="keep")["results"]) == 20  # the rest survives the rewrite
        assert m.search("weekly report", user_id="keep")["results"]
        assert m.graph.relations(user_id="gone") == []
    assert files_holding(root) == []
    with Memory(path=root) as m:
        assert len(m.get_all(user_id="keep")["results"]) == 20


def test_reset_leaves_no_erased_text_on_disk(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    with Memory(path=root) as m:
        _fill(m)
        m.reset()
        assert files_holding(root) == []
        assert m.get_all(user_id="keep")["results"] == []
        m.add("Life goes on.", user_id="keep", infer=False)
    assert files_holding(root) == []


def test_a_single_delete_is_gone_from_disk_by_close(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    with Memory(path=root) as m:
        bike = _fill(m)
        m.delete_all(user_id="gone")  # compacts; then only the bike memory will hold the name
        bike = m.add(f"My neighbour {SECRET} Quentin owns a red bike.", user_id="solo", infer=False)["results"][0]["id"]
        m.delete(bike, user_id="solo")
        assert m.get_all(user_id="solo")["results"] == []
    # history keeps a single delete's DELETE event (the audit trail) and the raw message: only the stores count
    assert [f for f in files_holding(root) if not f.startswith("history.sqlite")] == []


def test_single_deletes_compact_once_the_batch_is_full(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    with Memory(path=root) as m:
        m.writer.eraser.batch = 3
        ids = [m.add(f"{SECRET} fact number {i}.", user_id="solo", infer=False)["results"][0]["id"] for i in range(3)]
        for mid in ids:
            m.delete(mid, user_id="solo")
        assert [f for f in files_holding(root) if not f.startswith("history.sqlite")] == []


def test_sigkill_during_reset_then_repair_brings_nothing_back(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    script = textwrap.dedent(f"""
        from mem_graph import Memory
        m = Memory(path={str(root)!r})
        for i in range(5):
            m.add("{SECRET} note " + str(i) + " about the garden.", user_id="u", infer=False)
        m.add("{SECRET} Quentin works at Acme.", user_id="u")
        m.reset()
    """)
    env = {**os.environ, "MEM_GRAPH_FAULT": "mid_reset"}
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == -9, proc.stderr[-2000:]  # killed between the vector and the graph reset
    with Memory(path=root) as m:
        repair(m)
        assert m.get_all(user_id="u", include_invalidated=True)["results"] == []
        assert m.graph.relations(user_id="u", include_invalid=True) == []
        assert m.messages(user_id="u") == []
    assert files_holding(root) == []


def test_the_data_directory_is_private(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    with Memory(path=root) as m:
        m.add("Alice works at Acme.", user_id="u")
        m.delete_all(user_id="u")
        m.add("Bob works at Globex.", user_id="u")
        assert stat.S_IMODE(root.stat().st_mode) == 0o700
    loose = [(str(p.relative_to(root)), oct(stat.S_IMODE(p.lstat().st_mode))) for p in [root, *root.rglob("*")]
             if not p.is_symlink() and stat.S_IMODE(p.lstat().st_mode) & 0o077]
    assert loose == []
