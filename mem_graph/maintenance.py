"""Check, repair, retention and re-embedding across the stores (``mem-graph check|repair|maintain|reembed``).

The stores are scanned directly: every vector point, every graph node and
relation, every history event. Truth, in order: the journal (unfinished plans
are replayed first), then history (what happened), then the vector store (what
a memory says), then the graph (derived from the memories, always rebuilt).

``repair`` is idempotent (a second run finds nothing to do) and records each
action in the ``maintenance_log`` table of the history database; ``check`` and
``repair`` hold the Memory's write lock, so no write runs while they look.
Every store is reached through its named operations (``GraphStore.inventory``,
``delete_relations``, ``delete_orphans``; ``HistoryStore.select``).
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from mem_graph import vector_model
from mem_graph.embed_lazy import LazyEmbedder
from mem_graph.errors import StoreUnavailableError, ValidationError
from mem_graph.recovery import graph_items
from mem_graph.stores.boundary import get_readable
from mem_graph.stores.history import EventRow, HistoryStore
from mem_graph.timeutil import now, to_iso
from mem_graph.types import MemoryRecord, Message, Scope, Status, normalise_entity, text_hash
from mem_graph.write import WritePlan

if TYPE_CHECKING:
    from mem_graph.memory import Memory

log = logging.getLogger(__name__)
REMOVAL_REASONS = ("[manual]", "[retention]", "[repair]")  # a DELETE with these erases the memory; others invalidate
_SCOPE_KEYS = ("user_id", "agent_id", "run_id", "namespace")


@dataclass
class Snapshot:
    """Every store's content, read directly (used by check and by tests that scan the stores)."""

    vectors: dict[str, MemoryRecord]
    graph_memories: dict[str, dict[str, Any]]
    graph_entities: dict[str, dict[str, Any]]
    orphan_entities: list[str]
    relation_memory_ids: set[str]
    events: list[dict[str, Any]]
    messages: list[dict[str, Any]]
    journal: list[str]
    unreadable: list[str] = field(default_factory=list)  # points whose stored payload cannot be decoded
    journal_failed: list[str] = field(default_factory=list)  # plans set aside: they could never apply
    relations: dict[str, set[tuple[str, str, str, bool]]] = field(default_factory=dict)  # memory id -> its edges


def history_rows(history: HistoryStore, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    """Raw rows from the history database (a direct read-only scan, no scope filter)."""
    return history.select(sql, args)


def read_all(mem: Memory, batch: int = 512) -> tuple[dict[str, MemoryRecord], list[str]]:
    """Every stored memory by id, and the ids of points that cannot be read (reported, never fatal)."""
    ids = mem.vectors.all_ids()
    vectors: dict[str, MemoryRecord] = {}
    unreadable: list[str] = []
    for i in range(0, len(ids), batch):
        records, bad = get_readable(mem.vectors, ids[i:i + batch])
        vectors.update((r.id, r) for r in records)
        unreadable.extend(bad)
    if unreadable:
        log.error("%d stored memories cannot be read: %s", len(unreadable), unreadable[:10])
    return vectors, unreadable


def snapshot(mem: Memory) -> Snapshot:
    vectors, unreadable = read_all(mem)
    graph = mem.graph_store.inventory()
    h = mem.history_store
    running = mem.writer.inflight()  # a bulk add under way, between two batches: not interrupted
    messages = [m for m in history_rows(h, "SELECT id, status, user_id, agent_id, run_id, namespace FROM messages")
                if m["id"] not in running]
    return Snapshot(vectors, graph.memories, graph.entities, graph.orphans, set(graph.relations),
                    history_rows(h, "SELECT * FROM events ORDER BY seq"),
                    messages, [r["op_id"] for r in history_rows(h, "SELECT op_id FROM journal")
                               if r["op_id"] not in running], unreadable,
                    [r["op_id"] for r in h.journal_failed()], graph.relations)


@dataclass
class CheckReport:
    """Inconsistencies between the stores; every list holds ids (``duplicates``: groups of ids)."""

    vectors_without_graph: list[str] = field(default_factory=list)
    graph_without_vector: list[str] = field(default_factory=list)
    graph_stale: list[str] = field(default_factory=list)  # node text/status/scope or relations differ from the vector
    dangling_relations: list[str] = field(default_factory=list)  # RELATES edges of a memory with no node
    orphan_entities: list[str] = field(default_factory=list)
    vectors_without_history: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)  # history says alive, the vector store has no point
    deleted_but_present: list[str] = field(default_factory=list)  # history says erased, the point is still there
    duplicates: list[list[str]] = field(default_factory=list)  # same scope, text and source messages
    pending_journal: list[str] = field(default_factory=list)
    interrupted_messages: list[str] = field(default_factory=list)  # saved, never processed (writer stopped)
    unopenable: list[str] = field(default_factory=list)  # store files that cannot be opened (nothing else was read)
    unreadable_vectors: list[str] = field(default_factory=list)  # stored points whose payload cannot be decoded
    failed_journal: list[str] = field(default_factory=list)  # plans set aside in journal_failed (never applied)

    @property
    def ok(self) -> bool:
        return not any(getattr(self, k) for k in self.__dataclass_fields__)

    def counts(self) -> dict[str, int]:
        return {k: len(v) for k, v in asdict(self).items()}

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "counts": self.counts(), **asdict(self)}


def lifecycle(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Memory id -> its last ADD/UPDATE/DELETE event (``events``: history rows ordered by seq)."""
    last: dict[str, dict[str, Any]] = {}
    for e in events:
        if e["memory_id"] and e["event"] in ("ADD", "UPDATE", "DELETE"):
            last[e["memory_id"]] = e
    return last


def is_removal(event: Mapping[str, Any]) -> bool:
    """Whether a history row erased its memory (a DELETE by hand, retention or repair), not invalidated it."""
    return event["event"] == "DELETE" and (event["reason"] or "").startswith(REMOVAL_REASONS)


def _scope_of(row: dict[str, Any]) -> dict[str, str]:
    return {k: row.get(k) or ("default" if k == "namespace" else "") for k in _SCOPE_KEYS}


def check(mem: Memory) -> CheckReport:
    """Compare the three stores; changes nothing (deferred graph steps of verbatim adds are run first)."""
    mem.flush()
    with mem.write_lock():
        snap = snapshot(mem)
    return _compare(snap)


def unopenable_report(error: StoreUnavailableError) -> CheckReport:
    """What ``check`` reports when a store cannot even be opened (``mem-graph repair`` rebuilds a graph)."""
    return CheckReport(unopenable=[f"{error.path}: {error}"])


def _edges_of(r: MemoryRecord) -> set[tuple[str, str, str, bool]]:
    """The RELATES edges a memory's triples make (valid while the memory is)."""
    return {(normalise_entity(t.subject), t.relation, normalise_entity(t.object), r.invalid_at is None)
            for t in r.triples}


def _compare(snap: Snapshot) -> CheckReport:
    rep = CheckReport(pending_journal=list(snap.journal), unreadable_vectors=sorted(snap.unreadable),
                      failed_journal=list(snap.journal_failed))
    vec, gm = snap.vectors, snap.graph_memories
    present = set(vec) | set(snap.unreadable)  # an unreadable point exists: nothing else is judged missing
    rep.vectors_without_graph = sorted(set(vec) - set(gm))
    rep.graph_without_vector = sorted(set(gm) - present)
    for mid in sorted(set(vec) & set(gm)):
        r, node = vec[mid], gm[mid]
        if (node["text"] != r.text or node["status"] != r.status.value or _scope_of(node) != r.scope.stored_fields()
                or snap.relations.get(mid, set()) != _edges_of(r)):
            rep.graph_stale.append(mid)
    rep.dangling_relations = sorted(snap.relation_memory_ids - set(gm))
    rep.orphan_entities = sorted(snap.orphan_entities)
    last = lifecycle(snap.events)
    rep.vectors_without_history = sorted(set(vec) - set(last))
    rep.vanished = sorted(m for m, e in last.items() if m not in present and not is_removal(e))
    rep.deleted_but_present = sorted(m for m, e in last.items() if m in present and is_removal(e))
    groups: dict[tuple[str, str, tuple[str, ...]], list[MemoryRecord]] = defaultdict(list)
    for r in vec.values():
        msg_ids = tuple(sorted(r.source.get("message_ids") or ()))
        if msg_ids and r.status == Status.ACTIVE:
            groups[(r.scope.key, r.hash, msg_ids)].append(r)
    rep.duplicates = sorted(sorted(x.id for x in g) for g in groups.values() if len(g) > 1)
    rep.interrupted_messages = sorted(m["id"] for m in snap.messages if m["status"] == "received")
    return rep


def repair(mem: Memory, *, preface: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Fix every inconsistency ``check`` reports; returns (and logs) the actions taken.

    ``preface``: actions already taken to open the stores (``recovery.open_repairable`` moving a damaged
    graph aside), logged with the rest; the fresh graph is then rebuilt from the vector store.
    """
    actions: list[dict[str, Any]] = list(preface or [])

    def act(action: str, **detail: Any) -> None:
        actions.append({"action": action, **detail})

    mem.flush()  # deferred graph steps are not damage: they land first
    with mem.write_lock():
        if mem.history_store.journal_pending():
            n = mem.writer.replay_pending()
            act("replayed_journal", plans=n)
        rep = _compare(snapshot(mem))
        events_by_mem = lifecycle(history_rows(mem.history_store, "SELECT * FROM events ORDER BY seq"))
        _restore_vanished(mem, rep.vanished, events_by_mem, act)
        # A point that cannot be decoded is rewritten from its graph node / history (what can still be read);
        # one history does not know is left, and stays reported.
        erased = set(rep.deleted_but_present)
        _restore_vanished(mem, [m for m in rep.unreadable_vectors if m not in erased], events_by_mem, act,
                          action="rewrote_unreadable")
        for mid in rep.deleted_but_present:
            mem.vectors.delete([mid])
            mem.graph_store.delete_memories([mid])
            act("erased_deleted_memory", id=mid)
        _drop_duplicates(mem, rep.duplicates, act)
        snap = snapshot(mem)  # graph fixes look at the vectors as they now are
        stale = _compare(snap)
        # oldest first, so each entity keeps the display name of the memory that created it
        rebuild = sorted((snap.vectors[m] for m in (*stale.vectors_without_graph, *stale.graph_stale)),
                         key=lambda r: (r.created_at, r.id))
        for start in range(0, len(rebuild), 512):
            mem.graph_store.write_memories(graph_items(mem.rules, rebuild[start:start + 512]))
        if rebuild:
            act("rebuilt_graph", ids=[r.id for r in rebuild])
        if stale.graph_without_vector:
            mem.graph_store.delete_memories(stale.graph_without_vector)
            act("removed_graph_nodes", ids=stale.graph_without_vector)
        if stale.dangling_relations:
            mem.graph_store.delete_relations(stale.dangling_relations)
            act("removed_dangling_relations", memory_ids=stale.dangling_relations)
        orphans = _compare(snapshot(mem)).orphan_entities
        if orphans:
            mem.graph_store.delete_orphans(entity_ids=orphans)
            act("removed_orphan_entities", count=len(orphans))
        for mid in stale.vectors_without_history:
            r = snap.vectors[mid]
            mem.history_store.commit_events([EventRow(mid, "ADD", r.scope, None, r.text,
                                                      "[repair] the memory had no event", "maintenance")])
            act("recorded_missing_add", id=mid)
        if stale.interrupted_messages:
            mem.history_store.mark_messages(stale.interrupted_messages, "failed",
                                            "interrupted: the writer stopped before this add() finished; "
                                            "it was not acknowledged - add it again")
            act("marked_interrupted_messages", ids=stale.interrupted_messages)
        _record(mem.history_store, actions)
    return actions


def _restore_vanished(mem: Memory, ids: list[str], last: dict[str, dict[str, Any]], act: Any,
                      action: str = "restored_vanished") -> None:
    """Bring back memories history knows but the vector store lost: text from the graph node, else history."""
    if not ids:
        return
    nodes = mem.graph_store.memory_nodes(ids)
    records = []
    for mid in ids:
        ev, node = last.get(mid), nodes.get(mid)
        if ev is None:
            continue
        text = (node or {}).get("text") or ev["new_text"] or ev["old_text"]
        if not text:
            continue
        invalid = ev["event"] == "DELETE" or (node or {}).get("status") == Status.INVALIDATED.value
        t = float((node or {}).get("created_at") or ev["created_at"])
        ents, triples = mem.rules.analyse([Message("user", text)])[0]
        records.append((MemoryRecord(
            id=mid, text=text, scope=Scope.from_payload(ev), hash=text_hash(text), created_at=t, updated_at=now(),
            valid_from=t, invalid_at=ev["created_at"] if invalid else None,
            status=Status.INVALIDATED if invalid else Status.ACTIVE, entities=[e.key for e in ents], triples=triples,
            source={"restored_by": "repair", "from": "graph" if node else "history"}), ents))
    if records:
        mem.writer.apply(WritePlan(records[0][0].scope, new=records, rewrite=True))
        act(action, ids=[r.id for r, _ in records])


def _drop_duplicates(mem: Memory, groups: list[list[str]], act: Any) -> None:
    """Keep the oldest copy of a memory written twice from the same messages; erase the others."""
    for group in groups:
        recs = sorted(mem.vectors.get(group), key=lambda r: (r.created_at, r.id))
        keep, extra = recs[0], recs[1:]
        mem.writer.apply(WritePlan(keep.scope, delete=[r.id for r in extra], events=[
            EventRow(r.id, "DELETE", r.scope, r.text, None, f"[repair] duplicate of {keep.id}", "maintenance")
            for r in extra]))
        act("removed_duplicates", kept=keep.id, removed=[r.id for r in extra])


def _record(history: HistoryStore, actions: list[dict[str, Any]]) -> None:
    history.record_maintenance([(a["action"], json.dumps(a, default=str)) for a in actions])


def maintenance_log(history: HistoryStore) -> list[dict[str, Any]]:
    """Every action ``repair``, retention and ``reembed`` recorded, oldest first (``detail`` decoded)."""
    return [{**r, "at": to_iso(r["at"]), "detail": json.loads(r["detail"])} for r in history.maintenance_log()]


def apply_retention(mem: Memory, retention_days: float, *, at: float | None = None) -> list[str]:
    """Erase memories that expired more than ``retention_days`` ago from every store, one DELETE event each.

    Until then an expired memory is hidden from search and lists but kept (and exportable).
    """
    if isinstance(retention_days, bool) or not isinstance(retention_days, (int, float)) or retention_days < 0:
        raise ValidationError(f"retention_days must be a number >= 0, got {retention_days!r}")
    cutoff = (now() if at is None else at) - float(retention_days) * 86400
    erased: list[str] = []
    with mem.write_lock():
        by_scope: dict[str, list[MemoryRecord]] = defaultdict(list)
        for r in snapshot(mem).vectors.values():
            if r.expires_at <= cutoff:
                by_scope[r.scope.key].append(r)
        for recs in by_scope.values():
            scope = recs[0].scope
            mem.writer.apply(WritePlan(scope, delete=[r.id for r in recs], events=[EventRow(
                r.id, "DELETE", r.scope, r.text, None,
                f"[retention] expired {to_iso(r.expires_at)}, past the {retention_days:g}-day retention window",
                "maintenance") for r in recs]))
            erased.extend(r.id for r in recs)
        if erased:
            _record(mem.history_store, [{"action": "retention", "days": retention_days, "erased": erased}])
    return erased


def reembed(mem: Memory, *, batch: int = 256, progress: Callable[[int, int], None] | None = None) -> int:
    """Recompute every stored vector (all scopes, invalidated memories too) with the current embedder.

    For a data directory written by another model or pooling rule (``embedder.config``): texts,
    payloads, graph and history are untouched. Safe to interrupt and run again. Returns how many
    memories were re-embedded; ``progress(done, total)`` is called after each batch.
    """
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ValidationError(f"batch must be a positive integer, got {batch!r}")
    with mem.write_lock():
        ids = mem.vectors.all_ids()
        skipped: list[str] = []
        for start in range(0, len(ids), batch):
            records, bad = get_readable(mem.vectors, ids[start:start + batch])
            skipped.extend(bad)  # left as they are: `check` reports them as unreadable_vectors
            mem.writer.upsert_vectors(records)
            if progress is not None:
                progress(min(start + batch, len(ids)), len(ids))
        if isinstance(mem.embedder, LazyEmbedder):  # later opens follow the embedder that wrote the vectors now
            vector_model.record(mem.history_store, mem.config.embedder)
        if skipped:
            log.error("reembed skipped %d unreadable stored memories: %s", len(skipped), skipped[:10])
        _record(mem.history_store, [{"action": "reembed", "memories": len(ids) - len(skipped),
                                     "embedder": dict(mem.config.embedder.config),
                                     **({"skipped_unreadable": skipped} if skipped else {})}])
    return len(ids) - len(skipped)
