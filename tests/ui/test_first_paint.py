"""First paint of a scope with 10,000 memories (paged list) on loopback: measured and printed, not asserted
(speed is a benchmark's business). The memories are written through the real write path (a journaled
WritePlan into Qdrant Edge, LadybugDB and SQLite) with random vectors: the list never reads them."""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mem_graph.memory import Memory
from mem_graph.types import MemoryRecord, text_hash
from mem_graph.validation import make_scope
from mem_graph.write import WritePlan

try:
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    if os.environ.get("MEM_GRAPH_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("browser tests need the selenium package (pip install selenium) and Debian's chromium + "
                "chromium-driver", allow_module_level=True)

N = int(os.environ.get("MEM_GRAPH_UI_PAINT_N", "10000"))


def fill(path: Path, n: int) -> None:
    scope = make_scope("big", None, None, "paint")
    rng = np.random.default_rng(0)
    t0 = time.time() - n
    with Memory(path=path) as m:
        dim = m.embedder.dim
        for start in range(0, n, 1000):
            recs = [MemoryRecord(id=str(uuid.uuid4()), text=f"Note {i}: the meeting about topic {i % 97} went well.",
                                 scope=scope, hash=text_hash(f"note {i}"), created_at=t0 + i, updated_at=t0 + i,
                                 valid_from=t0 + i, layer="episodic")
                    for i in range(start, min(n, start + 1000))]
            vecs = rng.normal(size=(len(recs), dim)).astype(np.float32)
            m.writer.apply(WritePlan(scope, new=[(r, []) for r in recs]), vecs / np.linalg.norm(vecs, axis=1)[:, None])


def test_first_paint_of_ten_thousand_memories(tmp_path: Path, new_driver: Any, hub_at: Any) -> None:
    t = time.perf_counter()
    fill(tmp_path / "data", N)
    filled = time.perf_counter() - t
    url, app = hub_at(tmp_path / "data")
    token = app.state.hub.tokens.create("paint", ["paint"])[0]
    drv = new_driver(1280, 800)
    runs = []
    for _ in range(3):  # the first load also warms the hub's read path
        drv.get("about:blank")
        drv.get(f"{url}/ui/#token={token}&user_id=big")
        WebDriverWait(drv, 120).until(lambda d: d.execute_script("return window.mgPaintedAt"))
        runs.append(drv.execute_script("return [window.mgPaintedAt, window.mgListMs]"))
    rows = drv.execute_script("return document.querySelectorAll('#memory-list li[data-id]').length")
    assert rows == 50 and drv.find_element("id", "page-info").text == "1–50"
    print(f"\nfirst paint, {N} memories (filled in {filled:.1f} s): " + "; ".join(
        f"navigation->painted {p:.0f} ms (list call + DOM {lst:.0f} ms)" for p, lst in runs))
