"""Recovering a graph that cannot be opened: move it aside, start a fresh one, rebuild it from the vectors.

The graph is derived data: every memory's payload in the vector store holds its text, scope,
status, validity, entity keys and triples, so ``maintenance.repair`` can rebuild every node and
relation once a fresh graph is in place. Entity display names and types are not in the payload;
they are recovered by analysing each memory's text again (what the write path did), falling back
to the triple's own spelling, then to the key.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem_graph.config import MemoryConfig
from mem_graph.errors import GraphUnavailableError
from mem_graph.extract.rules import SPEAKER
from mem_graph.stores.factory import DirectoryLock
from mem_graph.stores.graph.base import GraphMemory
from mem_graph.types import EntityRef, MemoryRecord, Message, normalise_entity

if TYPE_CHECKING:
    from mem_graph.extract.rules import RuleExtractor
    from mem_graph.memory import Memory

log = logging.getLogger(__name__)
_SPEAKER_KEY = normalise_entity(SPEAKER)


def salvage_graph(error: GraphUnavailableError) -> dict[str, Any]:
    """Move the embedded graph that raised ``error`` aside (``graph.lbug.damaged-<time>`` and its WAL);
    returns the repair action to record. A fresh graph is created on the next open."""
    from mem_graph.stores.graph.ladybug import quarantine

    if not error.path:
        raise error
    graph = Path(error.path)
    lock = DirectoryLock(graph.parent)  # the data directory: no Memory may open it while the files move
    try:
        moved = quarantine(graph)
    finally:
        lock.release()
    log.error("moved the damaged graph aside: %s", moved)
    return {"action": "moved_damaged_graph", "moved": [f"{a} -> {b}" for a, b in moved], "error": str(error)[:500]}


def open_repairable(cfg: MemoryConfig) -> tuple[Memory, list[dict[str, Any]]]:
    """Open a Memory for repair. A graph that cannot be opened is moved aside first and a fresh one
    created (the returned action; ``maintenance.repair(mem, preface=actions)`` then rebuilds it)."""
    from mem_graph.memory import Memory

    try:
        return Memory(config=cfg), []
    except GraphUnavailableError as exc:
        action = salvage_graph(exc)
    return Memory(config=cfg), [action]


def graph_items(extractor: RuleExtractor, records: Iterable[MemoryRecord], batch: int = 256) -> list[GraphMemory]:
    """The graph writes that rebuild ``records``: entity refs with their display names and types recovered."""
    out: list[GraphMemory] = []
    recs = list(records)
    for start in range(0, len(recs), batch):
        chunk = recs[start:start + batch]
        msgs = [Message("user", r.text) for r in chunk]
        # verbatim memories took their entities from analyse(), extracted facts from extract()
        for rec, (entities, _), facts in zip(chunk, extractor.analyse(msgs), extractor.extract(msgs), strict=True):
            found = {e.key: e for e in [*entities, *(e for f in facts for e in f.entities)]}
            spelt = {normalise_entity(n): n for t in rec.triples for n in (t.subject, t.object)}
            if spelt.get(_SPEAKER_KEY) == SPEAKER:  # the extractor's stand-in for "I"
                found[_SPEAKER_KEY] = EntityRef(SPEAKER, "person")
            refs = []
            for key in rec.entities:  # the triple keeps the spelling the extractor saw; the analysis the type
                ref = found.get(key)
                name = spelt.get(key) or (ref.name if ref else key)
                refs.append(EntityRef(name, ref.type if ref else "thing"))
            out.append(GraphMemory(rec, refs))
    return out
