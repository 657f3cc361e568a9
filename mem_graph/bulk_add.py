"""A large ``add()`` in batches: saved first, then written batch by batch with the write lock yielded between."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mem_graph.locks import FairRLock
from mem_graph.results import AddResponse, sum_usage
from mem_graph.types import Message, Scope
from mem_graph.write import WritePipeline


def add_in_batches(writer: WritePipeline, lock: FairRLock, scope: Scope, msgs: list[Message], kwargs: dict[str, Any],
                   size: int, progress: Callable[[int, int], None] | None) -> AddResponse:
    """Every message is saved and the bulk op journaled before the first batch (a crash part-way: the next
    open finishes it); each batch is its own journaled write. If a batch raises, the earlier ones stay written
    and the rest are marked failed (not acknowledged)."""
    with lock:
        saved = writer.save_messages(scope, msgs)
        op_id = writer.begin_bulk(scope, saved, kwargs)
    out: AddResponse = {"results": [], "relations": {"added": [], "invalidated": []}}
    for start in range(0, len(saved), size):
        try:
            with lock:  # released between batches: other writers get in
                part = writer.process(scope, saved[start:start + size], **kwargs)
        except BaseException:
            with lock:
                rest = [m.id for m in saved[start + size:] if m.id]
                if rest:
                    writer.history_store.mark_messages(rest, "failed", "not processed: an earlier batch of this "
                                                       "add() failed; it was not acknowledged - add it again")
                writer.end_bulk(op_id)
            raise
        out["results"].extend(part["results"])
        out["relations"]["added"].extend(part["relations"]["added"])
        out["relations"]["invalidated"].extend(part["relations"]["invalidated"])
        if "usage" in part:
            out["usage"] = sum_usage(out.get("usage"), part["usage"])
        if progress is not None:
            progress(min(start + size, len(saved)), len(saved))
    with lock:
        writer.end_bulk(op_id)
    return out
