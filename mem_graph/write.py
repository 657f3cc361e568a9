"""The write path: validate -> save raw messages -> extract -> reconcile -> journal -> apply.

Every change (add, manual update, delete, delete_all, retention) is a
``WritePlan`` journaled in SQLite before any store is touched and closed in the
transaction that records its events and marks its raw messages processed, so a
crash between steps leaves a plan that ``replay_pending`` applies again on the
next open (every store write is idempotent: upserts and deletes by id, graph
rewrites by memory id). ``fault_point`` calls mark the steps a crash test can
stop at (mem_graph/faults.py).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Collection
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from mem_graph.config import MemoryConfig
from mem_graph.embed import Embedder
from mem_graph.erasure import Eraser
from mem_graph.errors import ScopeError, StoreError
from mem_graph.extract.base import ExtractionContext, Extractor, MakeRecord
from mem_graph.extract.reconcile import Decision, Reconciler
from mem_graph.faults import fault_point
from mem_graph.graph_index import KIND as GRAPH_INDEX
from mem_graph.graph_index import GraphIndexer, job_item
from mem_graph.indexing import index_text, speaker_of
from mem_graph.results import AddRelations, AddResponse, AddResult
from mem_graph.stores.graph.base import GraphMemory, GraphStore
from mem_graph.stores.history import EventRow, HistoryStore
from mem_graph.stores.vector.base import VectorFilter, VectorStore, scroll_all_ids
from mem_graph.timeutil import FAR_FUTURE, now
from mem_graph.types import EntityRef, Event, Fact, MemoryRecord, Message, Scope, Status, Triple, text_hash

log = logging.getLogger(__name__)
# The raw messages of the add() in progress: marked processed in the transaction that records its events.
_MESSAGE_IDS: ContextVar[tuple[str, ...]] = ContextVar("mem_graph_message_ids", default=())


def embed_stored(embedder: Embedder, items: list[tuple[str, str, dict[str, Any]]]) -> np.ndarray:
    """Vectors for (text, layer, metadata) of memories to store: turns are embedded with their speaker."""
    return embedder.embed_documents([text for text, _, _ in items],
                                    speakers=[speaker_of(layer, meta) for _, layer, meta in items])


# infer=False: the turns' vectors are computed on this thread while the caller's thread parses them (the
# forward pass runs outside the GIL); a one-turn add then waits for the longer of the two, not their sum.
_EMBED_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mem-graph-embed-ahead")
_Ahead = tuple[list[str], list[str | None], Future[np.ndarray]]


def _embed_ahead(embedder: Embedder, messages: list[Message]) -> _Ahead:
    """Start embedding the messages as ``Verbatim`` stores them (text stripped, said by their speaker)."""
    items = []
    for m in messages:
        meta = dict(m.metadata)
        if m.name:
            meta.setdefault("speaker", m.name)
        items.append((m.content.strip(), "episodic", meta))
    texts, speakers = [t for t, _, _ in items], [speaker_of(layer, meta) for _, layer, meta in items]
    return texts, speakers, _EMBED_AHEAD.submit(embedder.embed_documents, texts, speakers=speakers)


def _embed_facts(embedder: Embedder, ahead: _Ahead | None, facts: list[Fact]) -> np.ndarray:
    """The facts' stored vectors: the ones embedded ahead when they are exactly those texts and speakers
    (the same call, so the same vectors), else embedded now."""
    items = [(f.text, f.layer, f.metadata) for f in facts]
    if ahead is not None:
        texts, speakers, future = ahead
        if texts == [t for t, _, _ in items] and speakers == [speaker_of(layer, meta) for _, layer, meta in items]:
            return future.result()
    return embed_stored(embedder, items)


@dataclass
class WritePlan:
    """Everything one write changes, journaled before any store is touched (add, update, delete, delete_all)."""

    scope: Scope
    new: list[tuple[MemoryRecord, list[EntityRef]]] = field(default_factory=list)
    # existing id -> (at, successor id, the rule that ended it)
    invalidate: dict[str, tuple[float, str | None, str | None]] = field(default_factory=dict)
    events: list[EventRow] = field(default_factory=list)
    delete: list[str] = field(default_factory=list)  # ids erased from the vector and graph stores
    erase_scope: bool = False  # delete_all: erase the scope from every store (events and messages included)
    reset_all: bool = False  # reset(): erase every scope from every store (journal included, once done)
    erased: int = 0  # set while applying (not journaled): memories a delete_all found and erased
    rewrite: bool = False  # ``new`` records may exist already (manual update): rewrite their graph edges
    message_ids: list[str] = field(default_factory=list)  # raw messages marked processed with the events
    # verbatim memories whose graph step is deferred (graph_index.py): no graph write here; the journal entry
    # becomes their graph_index job in the transaction that records the events
    index: list[dict[str, Any]] = field(default_factory=list)

    def to_journal(self) -> dict[str, Any]:
        return {
            "scope": self.scope.stored_fields(),
            "new": [{"id": r.id, "payload": r.to_payload(), "entities": [[e.name, e.type] for e in ents]}
                    for r, ents in self.new],
            "invalidate": {k: list(v) for k, v in self.invalidate.items()},
            "events": [{**e.__dict__, "scope": e.scope.stored_fields()} for e in self.events],
            "delete": self.delete, "erase_scope": self.erase_scope, "rewrite": self.rewrite,
            "reset_all": self.reset_all,
            "message_ids": self.message_ids, "index": self.index,
        }

    @classmethod
    def from_journal(cls, data: dict[str, Any]) -> WritePlan:
        return cls(
            scope=Scope.from_payload(data["scope"]),
            new=[(MemoryRecord.from_payload(n["id"], n["payload"]), [EntityRef(*e) for e in n["entities"]])
                 for n in data["new"]],
            invalidate={k: (v[0], v[1], v[2] if len(v) > 2 else None) for k, v in data["invalidate"].items()},
            events=[EventRow(**{**e, "scope": Scope.from_payload(e["scope"])}) for e in data["events"]],
            delete=list(data.get("delete", [])), erase_scope=bool(data.get("erase_scope", False)),
            rewrite=bool(data.get("rewrite", False)), message_ids=list(data.get("message_ids", [])),
            reset_all=bool(data.get("reset_all", False)), index=list(data.get("index", [])),
        )


BULK = "bulk_add"  # journal kind of a batched add (its message ids and options)


class WritePipeline:
    def __init__(self, cfg: MemoryConfig, vectors: VectorStore, graph_store: GraphStore, history_store: HistoryStore,
                 embedder: Embedder, extractor: Extractor, reconciler: Reconciler, *, verbatim: Extractor):
        self.cfg = cfg
        self.vectors = vectors
        self.graph_store = graph_store
        self.history_store = history_store
        self.embedder = embedder
        self.extractor = extractor  # decides every add() with infer=True (extract/base.py)
        self.verbatim = verbatim  # infer=False: each message stored as said
        # infer=False leaves the parse and graph write of its turns to this worker (graph_index.py); None: in add()
        self.indexer: GraphIndexer | None = None
        self.reconciler = reconciler
        self._bulk_inflight: dict[str, list[str]] = {}  # bulk adds running in this process: op id -> message ids
        self.eraser: Eraser | None = None  # compacts the stores after erasures (mem_graph/erasure.py)
        # user corrections outrank rules and models: decisions that restate a rejected text (mem_graph/corrections.py)
        self.guard: Callable[[Scope, list[Decision]], list[Decision]] | None = None

    # -- add ----------------------------------------------------------------
    def add(self, scope: Scope, messages: list[Message], *, metadata: dict[str, Any], infer: bool,
            expires_at: float | None, source: dict[str, Any], ahead: _Ahead | None = None) -> AddResponse:
        """``ahead``: the messages' vectors already being computed (``embed_ahead``, started before the caller
        waited for the write lock); used only where they are exactly what gets stored."""
        return self.process(scope, self.save_messages(scope, messages), metadata=metadata, infer=infer,
                            expires_at=expires_at, source=source, ahead=ahead)

    def embed_ahead(self, messages: list[Message]) -> _Ahead | None:
        """Start embedding ``infer=False`` messages as they will be stored, on the embedding thread: a caller
        that starts this before waiting for the write lock (held by the graph worker's store writes, ~6 ms per
        round at load ~4) overlaps that wait with the forward pass."""
        return _embed_ahead(self.embedder, messages) if messages else None

    def save_messages(self, scope: Scope, messages: list[Message]) -> list[Message]:
        """Persist the raw messages (status received), before any extraction: nothing is lost."""
        saved = self.history_store.save_messages(scope, messages)
        fault_point("after_messages")
        return saved

    def process(self, scope: Scope, saved: list[Message], *, metadata: dict[str, Any], infer: bool,
                expires_at: float | None, source: dict[str, Any], ahead: _Ahead | None = None) -> AddResponse:
        """Remember saved messages as one journaled write; they end processed, or failed if it raises."""
        ids = [m.id for m in saved if m.id]
        token = _MESSAGE_IDS.set(tuple(ids))
        try:  # marked processed by the transaction that records the events (apply)
            return self._decide_and_apply(scope, saved, self.extractor if infer else self.verbatim,
                                          metadata=metadata, expires_at=expires_at, source=source, ahead=ahead)
        except BaseException as exc:
            self.history_store.mark_messages(ids, "failed", f"{type(exc).__name__}: {exc}"[:2000])
            raise
        finally:
            _MESSAGE_IDS.reset(token)

    def _decide_and_apply(self, scope: Scope, messages: list[Message], extractor: Extractor, *,
                          metadata: dict[str, Any], expires_at: float | None, source: dict[str, Any],
                          ahead: _Ahead | None = None) -> AddResponse:
        """The one add path: the extractor decides (extract/base.py), then the decisions are planned and applied."""
        t = now()
        if extractor is not self.verbatim and ahead is not None:
            ahead[2].cancel()  # facts are not the messages
            ahead = None
        elif extractor is self.verbatim and ahead is None and messages:
            ahead = _embed_ahead(self.embedder, messages)
        try:
            outcome = extractor.decide(messages, self._context(scope, t, self._record_factory(
                scope, t, metadata, expires_at, source), ahead))
        finally:
            if ahead is not None:
                ahead[2].cancel()  # not started yet: not needed; running: finishes unread
        plan, results = self._plan(scope, outcome.decisions, t, actor=source.get("client_id") or "sdk")
        if extractor is self.verbatim and self.indexer is not None:
            by_id = {m.id: m for m in messages}
            plan.index = [job_item(r.id, by_id[r.source["message_ids"][0]]) for r, _ in plan.new
                          if r.source.get("message_ids") and r.source["message_ids"][0] in by_id]
        invalidated = self.apply(plan, outcome.vectors_for([r for r, _ in plan.new]))  # None: embedded there
        out: AddResponse = {"results": results, "relations": _relations(plan, invalidated)}
        if outcome.usage is not None:
            out["usage"] = outcome.usage
        return out

    def _context(self, scope: Scope, t: float, make_record: MakeRecord,
                 ahead: _Ahead | None = None) -> ExtractionContext:
        """What an extractor may read while deciding one add: exactly this scope, memories alive at ``t``
        (``ahead``: the messages' vectors being computed, see ``_embed_ahead``)."""
        alive = VectorFilter(scope=scope, exact_scope=True, alive_at=t)  # never show or touch another scope's

        def recent(n: int, exclude: Collection[str]) -> list[Message]:
            rows = self.history_store.recent_messages(scope, n, exclude=exclude)
            return [Message(r["role"], r["content"], r.get("name")) for r in rows]

        def equal(limit: int, **equals: str | int) -> list[MemoryRecord]:
            return self.vectors.scroll(replace(alive, equals=equals), limit)[0]

        return ExtractionContext(
            scope=scope, t=t, make_record=make_record, reconciler=self.reconciler, recent=recent,
            nearest=lambda vector, limit: self.vectors.search_dense(vector, alive, limit),
            same_text=lambda digest: equal(8, hash=digest),
            holding=lambda key: list({r.id: r for r in equal(16, object_key=key) + equal(16, entities=key)}.values()),
            embed=lambda texts: self.embedder.embed_documents(texts),
            embed_facts=lambda facts: _embed_facts(self.embedder, ahead, facts))

    def _record_factory(self, scope: Scope, t: float, metadata: dict[str, Any], expires_at: float | None,
                        source: dict[str, Any]) -> Callable[[Fact, Decision | None], MemoryRecord]:
        def make_record(fact: Fact, decision: Decision | None = None) -> MemoryRecord:
            valid_from = fact.timestamp if fact.timestamp is not None else t
            past = fact.tense == "past"  # "I used to live in Rome": true only before now (start unknown)
            record = MemoryRecord(
                id=str(uuid.uuid4()), text=fact.text, scope=scope, hash=text_hash(fact.text),
                created_at=t, updated_at=t, valid_from=0.0 if past else valid_from,
                expires_at=expires_at if expires_at is not None else FAR_FUTURE,
                layer=fact.layer, entities=[e.key for e in fact.entities if e.key],
                triples=list(fact.triples), metadata={**metadata, **fact.metadata},
                source={**source, "message_ids": fact.message_ids, "rule": fact.rule, "extractor": fact.extractor},
                slot=fact.slot, subject_key=fact.subject_key, object_key=fact.object_key,
                polarity=0 if fact.negated else fact.polarity,
            )
            if past:
                record.status, record.invalid_at, record.ended_by = Status.INVALIDATED, valid_from, "past"
            return record

        return make_record

    def _plan(self, scope: Scope, decisions: list[Decision], t: float, actor: str
              ) -> tuple[WritePlan, list[AddResult]]:
        if self.guard is not None:
            decisions = self.guard(scope, decisions)
        plan = WritePlan(scope)
        new_by_id: dict[str, MemoryRecord] = {}
        results: list[AddResult] = []
        for d in decisions:
            if any(tg.scope != scope for tg in d.targets):  # defence in depth: reads for a write are exact-scope
                raise ScopeError("a write may only change memories of exactly its own scope; refused before "
                                 "anything was written")
            extractor = d.fact.extractor
            reason = f"[{d.rule}] {d.reason}"
            msg_ids = d.fact.message_ids
            if d.event in (Event.UPDATE, Event.DELETE):
                superseded_by = d.record.id if d.record is not None else None
                said = _said_at(d, t)
                for target in d.targets:
                    at = max(said, target.valid_from)  # never before the old fact became valid
                    if target.id in new_by_id:  # superseded within the same call
                        rec = new_by_id[target.id]
                        rec.status, rec.invalid_at, rec.superseded_by = Status.INVALIDATED, at, superseded_by
                        rec.ended_by = d.rule
                    else:
                        plan.invalidate[target.id] = (at, superseded_by, d.rule)
            if d.event == Event.ADD and d.record is not None:
                new_by_id[d.record.id] = d.record
                plan.new.append((d.record, d.fact.entities))
                plan.events.append(EventRow(d.record.id, "ADD", scope, None, d.record.text, reason, actor, extractor,
                                            None, msg_ids))
                results.append({"id": d.record.id, "memory": d.record.text, "event": "ADD", "reason": reason})
            elif d.event == Event.UPDATE and d.record is not None:
                old = d.targets[0]
                new_by_id[d.record.id] = d.record
                plan.new.append((d.record, d.fact.entities))
                for target in d.targets:
                    plan.events.append(EventRow(d.record.id, "UPDATE", scope, target.text, d.record.text, reason,
                                                actor, extractor, target.id, msg_ids))
                results.append({"id": d.record.id, "memory": d.record.text, "event": "UPDATE",
                                "previous_memory": old.text, "previous_id": old.id, "reason": reason})
            elif d.event == Event.DELETE:
                for target in d.targets:
                    plan.events.append(EventRow(target.id, "DELETE", scope, target.text, None, reason, actor,
                                                extractor, None, msg_ids))
                    results.append({"id": target.id, "memory": target.text, "event": "DELETE", "reason": reason})
            else:
                same = d.targets[0] if d.targets else None
                plan.events.append(EventRow(same.id if same else "", "NONE", scope, same.text if same else None,
                                            d.fact.text, reason, actor, extractor, None, msg_ids))
                if same is not None:
                    results.append({"id": same.id, "memory": same.text, "event": "NONE", "reason": reason})
        return plan, results

    # -- apply (also used by replay) -------------------------------------------
    def apply(self, plan: WritePlan, new_vectors: np.ndarray | None = None, *,
              replay: bool = False) -> list[MemoryRecord]:
        """Journal the plan, write every store, then record its events and close the journal (one transaction).
        Returns the existing memories the plan invalidated, as now stored."""
        if not replay and not plan.message_ids:
            plan.message_ids = list(_MESSAGE_IDS.get())
        erasing = self.eraser is not None and (plan.reset_all or plan.erase_scope or bool(plan.delete))
        if erasing:
            self.eraser.before()  # type: ignore[union-attr]
        op_id = self.history_store.journal_begin("write", plan.to_journal()) if not replay else None
        fault_point("after_journal")
        invalidated = self._apply_stores(plan, new_vectors, fresh=not replay)
        self._commit(plan, op_id)
        if erasing:  # a whole scope or everything: compacted now; single deletes: batched
            self.eraser.after(len(plan.delete) + plan.erased, now=plan.erase_scope,  # type: ignore[union-attr]
                              reset=plan.reset_all)
        fault_point("after_events")
        return invalidated

    def _commit(self, plan: WritePlan, op_id: str | None) -> None:
        """Record the events and close the journal entry, or turn it into the plan's graph_index job."""
        requeue = (GRAPH_INDEX, {"memories": plan.index}) if plan.index else None
        self.history_store.commit_events(plan.events, op_id, processed_messages=plan.message_ids, requeue=requeue)
        if requeue is not None and self.indexer is not None:
            self.indexer.queued()

    def _apply_stores(self, plan: WritePlan, new_vectors: np.ndarray | None, *, fresh: bool) -> list[MemoryRecord]:
        if plan.reset_all:  # history last: it holds this plan's journal entry until then
            self.vectors.reset()
            fault_point("mid_reset")
            self.graph_store.reset()
            self.history_store.reset()
        if plan.erase_scope:
            ids = scroll_all_ids(self.vectors, VectorFilter(scope=plan.scope, statuses=None))
            plan.erased = len(ids)
            self.vectors.delete(ids)
            fault_point("mid_delete")
            self.graph_store.delete_scope(plan.scope)
            self.history_store.delete_scope(plan.scope)
        if plan.delete:
            self.vectors.delete(plan.delete)
            fault_point("mid_delete")
            self.graph_store.delete_memories(plan.delete)
        records = [r for r, _ in plan.new]
        if records:
            self.upsert_vectors(records, new_vectors)
            fault_point("after_vectors")
        invalidated: list[MemoryRecord] = []
        by_change: dict[tuple[float, str | None, str | None], list[str]] = {}
        for mid, change in plan.invalidate.items():  # one payload update per (time, successor, rule)
            by_change.setdefault(change, []).append(mid)
        changed = now()  # invalid_at is conversation time; updated_at is when the record was changed
        for (at, by, rule), ids in by_change.items():
            self.vectors.set_fields(ids, {"status": Status.INVALIDATED.value, "invalid_at": at,
                                          "updated_at": changed, "superseded_by": by, "ended_by": rule})
        if plan.invalidate:
            fault_point("after_invalidate")
            invalidated = self.vectors.get(list(plan.invalidate))
        deferred = {it["id"] for it in plan.index}
        items = [GraphMemory(r, ents) for r, ents in plan.new if r.id not in deferred]
        self.graph_store.write_memories(items, fresh=fresh and not plan.rewrite)
        if invalidated:
            self.graph_store.write_memories([GraphMemory(r, [EntityRef(n) for n in r.entities]) for r in invalidated])
        fault_point("after_graph")
        return invalidated

    def upsert_vectors(self, records: list[MemoryRecord], vectors: np.ndarray | None = None) -> None:
        """Write the records' points: dense vectors (embedded here unless given) and BM25 text."""
        items = [(r.text, r.layer, r.metadata) for r in records]
        if vectors is None:
            vectors = embed_stored(self.embedder, items)
        self.vectors.upsert(records, vectors, [index_text(*item, subject_key=r.subject_key, slot=r.slot)
                                               for item, r in zip(items, records, strict=True)])

    # -- bulk adds (Memory.add in batches) ------------------------------------------------------------
    def begin_bulk(self, scope: Scope, saved: list[Message], options: dict[str, Any]) -> str:
        """Journal a batched add: if the process dies part-way, the next open finishes its messages."""
        ids = [m.id for m in saved if m.id]
        op_id = self.history_store.journal_begin(BULK, {"scope": scope.stored_fields(), "message_ids": ids, **options})
        self._bulk_inflight[op_id] = ids
        return op_id

    def end_bulk(self, op_id: str) -> None:
        self.history_store.commit_events([], op_id)
        self._bulk_inflight.pop(op_id, None)

    def inflight(self) -> set[str]:
        """The journal op ids and raw message ids of bulk adds running in this process."""
        return {*self._bulk_inflight, *(i for ids in self._bulk_inflight.values() for i in ids)}

    def _resume_bulk(self, op_id: str, payload: dict[str, Any]) -> None:
        scope = Scope.from_payload(payload["scope"])
        options = {k: payload[k] for k in ("metadata", "infer", "expires_at", "source")}
        todo = self.history_store.received_messages(payload["message_ids"])
        size = self.cfg.limits.add_batch
        for start in range(0, len(todo), size):
            self.process(scope, todo[start:start + size], **options)
        self.history_store.commit_events([], op_id)
        log.warning("finished an interrupted bulk add %s (%d messages were left)", op_id, len(todo))

    def replay_pending(self) -> int:
        """Re-apply write plans a crash left unfinished, then finish interrupted bulk adds; returns how many."""
        pending = [p for p in self.history_store.journal_pending() if p[0] not in self._bulk_inflight]
        for op_id, kind, payload in pending:
            if kind != "write":
                continue
            try:
                plan = WritePlan.from_journal(payload)
                _check_journaled(payload, self.cfg)  # before any store is touched: a plan that can never apply
                self._apply_stores(plan, None, fresh=False)
                self._drop_orphan_entities({plan.scope, *(r.scope for r, _ in plan.new)})
                self._commit(plan, op_id)
            except StoreError:  # the store may come back: the plan stays journaled for the next open
                log.exception("replay of write plan %s failed; it stays journaled", op_id)
                continue
            except Exception as exc:
                log.exception("write plan %s cannot be applied; set aside in journal_failed", op_id)
                self.history_store.journal_set_aside(op_id, f"{type(exc).__name__}: {exc}")
                continue
            log.warning("replayed unfinished write plan %s (%d new memories)", op_id, len(plan.new))
        for op_id, kind, payload in pending:  # after the plans: a batch journaled before the crash is in place
            if kind != BULK:
                continue
            try:
                self._resume_bulk(op_id, payload)
            except StoreError:
                log.exception("finishing bulk add %s failed; it stays journaled", op_id)
            except Exception as exc:
                log.exception("bulk add %s cannot be finished; set aside in journal_failed", op_id)
                self.history_store.journal_set_aside(op_id, f"{type(exc).__name__}: {exc}")
        indexed = 0
        if self.indexer is not None:  # last: the plans above may have queued graph steps
            indexed = self.indexer.replay()
            if indexed:
                log.warning("ran the deferred graph step of %d verbatim memories", indexed)
        return len(pending)

    def _drop_orphan_entities(self, scopes: set[Scope]) -> None:
        """Entities left with no edge by an interrupted graph write (a rerun cannot know which it touched)."""
        for scope in scopes:
            self.graph_store.delete_orphans(scope=scope)


def _check_journaled(payload: dict[str, Any], cfg: MemoryConfig) -> None:
    """The new records of a journaled plan hold what every store can take (the export line rules)."""
    from mem_graph.backup_schema import MemoryPayload

    # sizes are not re-judged (a fact's own metadata may take a record just past the add() limit)
    limits = cfg.limits.model_copy(update={"max_message_chars": 10**9, "max_metadata_bytes": 10**9})
    for n in payload["new"]:
        MemoryPayload.model_validate(n["payload"], context={"limits": limits})


def _said_at(d: Decision, t: float) -> float:
    """When the statement that invalidates ``d.targets`` was made: its conversation time (the new record's
    valid_from, or the message timestamp of a negation), else the time of this write."""
    if d.record is not None:
        return d.record.valid_from
    return d.fact.timestamp if d.fact.timestamp is not None else t


def _relations(plan: WritePlan, invalidated: list[MemoryRecord]) -> AddRelations:
    """The add() result's ``relations``: triples of the new active memories, and of every memory invalidated
    (existing ones, and new ones superseded within the same call)."""
    added = [t.as_dict() for r, _ in plan.new if r.status == Status.ACTIVE for t in r.triples]
    gone: list[Triple] = [t for r in invalidated for t in r.triples]
    gone.extend(t for r, _ in plan.new if r.status == Status.INVALIDATED for t in r.triples)
    return {"added": added, "invalidated": [t.as_dict() for t in gone]}
