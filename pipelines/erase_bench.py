"""What erasure costs: compaction of the embedded stores after a delete_all, by store size (issue #11 item 6).

    python -m pipelines.erase_bench --sizes 1000 10000

Fills a Qdrant Edge shard and a LadybugDB graph with N memories (random 384-d vectors, one triple and two
entities each, the payload the write path stores), deletes 10 % of them (one scope), then times each
store's ``compact()`` - what ``delete_all`` adds to its own cost - and checks the erased text is gone.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import uuid
from pathlib import Path

import numpy as np

from mem_graph.stores.graph.cypher_store import memory_of
from mem_graph.stores.graph.ladybug import LadybugGraphStore
from mem_graph.stores.vector.edge import EdgeVectorStore
from mem_graph.types import MemoryRecord, Scope, Triple


def records(n: int) -> list[MemoryRecord]:
    t = time.time()
    out = []
    for i in range(n):
        scope = Scope(user_id="erased" if i % 10 == 0 else f"user{i % 50}")
        text = f"Person{i} works at Company{i % 300} (note {i})" + (" Qorvath" if i % 10 == 0 else "")
        out.append(MemoryRecord(id=str(uuid.uuid4()), text=text, scope=scope, hash=str(i), created_at=t,
                                updated_at=t, valid_from=t, entities=[f"person{i}", f"company{i % 300}"],
                                triples=[Triple(f"Person{i}", "works_at", f"Company{i % 300}")]))
    return out


def holding(root: Path, needle: bytes) -> int:
    return sum(1 for p in root.rglob("*") if p.is_file() and needle in p.read_bytes())


def run(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        vectors, graph = EdgeVectorStore(root / "vectors", 384), LadybugGraphStore(root / "graph.lbug")
        recs = records(n)
        rng = np.random.default_rng(0)
        for i in range(0, n, 512):
            batch = recs[i:i + 512]
            vectors.upsert(batch, rng.random((len(batch), 384), dtype=np.float32), [r.text for r in batch])
            graph.write_memories([memory_of(r) for r in batch], fresh=True)
        graph.checkpoint()
        gone = [r.id for r in recs if r.scope.user_id == "erased"]
        t = time.perf_counter()
        vectors.delete(gone)
        graph.delete_scope(Scope(user_id="erased"))
        delete_s = time.perf_counter() - t
        t = time.perf_counter()
        vectors.compact()
        vec_s = time.perf_counter() - t
        t = time.perf_counter()
        graph.compact()
        graph_s = time.perf_counter() - t
        left = holding(root, b"Qorvath")
        vectors.close()
        graph.close()
    return {"memories": n, "deleted": len(gone), "delete_s": round(delete_s, 3), "edge_compact_s": round(vec_s, 3),
            "ladybug_compact_s": round(graph_s, 3), "files_still_holding_erased_text": left}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    for n in ap.parse_args().sizes:
        print(run(n), flush=True)


if __name__ == "__main__":
    main()
