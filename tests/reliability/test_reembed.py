"""`mem-graph reembed` moves a data directory to the configured embedder without touching anything else."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.cli import app
from mem_graph.maintenance import maintenance_log, reembed, snapshot
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.write import embed_stored

# fp32: an int8 export quantises a batch's activations together, so its vectors move slightly (cosine ~0.99)
# with what else is in the batch, and the test compares vectors computed in other batches
WHOLE = {"embedder": {"config": {"pooling": "whole", "quantize": None}}}
SENTENCES = {"embedder": {"config": {"pooling": "sentences", "quantize": None}}}
TURNS = [{"role": "user", "name": "Mel", "content": "Wow, thanks! I just signed up for a pottery class. Talk soon!"},
         {"role": "user", "name": "Jon", "content": "Nice. We went camping at the beach with the kids."}]


def _stored_vector_matches(mem: Memory, record_id: str, expected: np.ndarray) -> float:
    [rec] = mem.vectors.get([record_id])
    [hit] = mem.vectors.search_dense(expected, VectorFilter(scope=rec.scope, statuses=None, ids=(record_id,)), 1)
    return hit.score


def test_reembed_moves_old_vectors_to_the_current_embedder_and_keeps_everything_else(tmp_path: Path) -> None:
    with Memory(path=tmp_path, config=WHOLE) as old:
        old.add(TURNS, user_id="u", infer=False)
        old.add("I live in Paris.", user_id="v")
        old.add("I moved to Berlin.", user_id="v")  # an invalidated memory is re-embedded too
    with Memory(path=tmp_path, config=SENTENCES) as mem:  # against the record: obeyed, with a warning
        before = snapshot(mem)
        records = list(before.vectors.values())
        fresh = embed_stored(mem.embedder, [(r.text, r.layer, r.metadata) for r in records])
        stale = [_stored_vector_matches(mem, r.id, v) for r, v in zip(records, fresh, strict=True)]
        assert min(stale) < 0.999  # the multi-sentence turns were embedded whole

        done: list[tuple[int, int]] = []
        assert reembed(mem, batch=2, progress=lambda d, t: done.append((d, t))) == len(records)
        assert done[-1] == (len(records), len(records))
        for r, v in zip(records, fresh, strict=True):
            assert _stored_vector_matches(mem, r.id, v) > 0.9999
        after = snapshot(mem)
        assert {k: (r.text, r.status, r.metadata) for k, r in after.vectors.items()} == \
               {k: (r.text, r.status, r.metadata) for k, r in before.vectors.items()}
        assert after.events == before.events and after.graph_memories == before.graph_memories
        assert after.relation_memory_ids == before.relation_memory_ids
        assert maintenance_log(mem.history_store)[-1]["action"] == "reembed"
        hit = mem.search("what class did Mel sign up for?", user_id="u", rerank=False)["results"][0]
        assert "pottery" in hit["memory"]
        assert mem.get_all(user_id="v", limit=10)["results"][0]["memory"].endswith("Berlin")
    with Memory(path=tmp_path) as mem:  # the record now names the embedder reembed wrote with
        assert mem.config.embedder.settings.pooling == "sentences"


def test_reembed_command_reports_what_it_did(tmp_path: Path) -> None:
    with Memory(path=tmp_path) as mem:
        mem.add(TURNS, user_id="u", infer=False)
    out = CliRunner().invoke(app, ["reembed", "--path", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    assert '"reembedded": 2' in out.output
    with Memory(path=tmp_path) as mem:
        assert len(mem.get_all(user_id="u")["results"]) == 2
