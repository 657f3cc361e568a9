"""``Memory``: the SDK facade. It validates, orchestrates and delegates; the layers do the work."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from mem_graph import vector_model
from mem_graph.bulk_add import add_in_batches
from mem_graph.config import MemoryConfig, load_config
from mem_graph.corrections import USER, Corrections, check_note, event_in_scope, undo_targets
from mem_graph.embed import Embedder
from mem_graph.embed_lazy import LazyEmbedder, reading_embedder
from mem_graph.erasure import Eraser, secure_tree
from mem_graph.errors import ConfigError, ConflictError, NotFoundError, ValidationError
from mem_graph.expiry import expired_memories
from mem_graph.extract.base import Extractor
from mem_graph.extract.factory import build_extractor
from mem_graph.extract.reconcile import Reconciler
from mem_graph.extract.rule_mode import Verbatim
from mem_graph.extract.rules import RuleExtractor
from mem_graph.filters import user_filter
from mem_graph.graph_index import GraphIndexer
from mem_graph.graph_view import GraphView
from mem_graph.locks import FairRLock
from mem_graph.results import (
    AddResponse,
    CorrectionResponse,
    DeleteAllResponse,
    DeleteResponse,
    FeedbackResponse,
    HistoryEvent,
    ListResponse,
    MemoryItem,
    SearchResponse,
    StoredMessage,
    UndoResponse,
    UpdateResponse,
)
from mem_graph.retrieve.graph_expand import GraphExpander
from mem_graph.retrieve.pipeline import SearchPipeline
from mem_graph.retrieve.rerank import Reranker
from mem_graph.stores.factory import DirectoryLock, build_graph_store, build_vector_store
from mem_graph.stores.graph.base import GraphStore
from mem_graph.stores.history import EventRow, HistoryStore
from mem_graph.stores.vector.base import OptimizeResult, VectorFilter, VectorStore, scroll_all, scroll_all_ids
from mem_graph.timeutil import now, parse_timestamp
from mem_graph.types import MemoryRecord, Message, Scope, text_hash
from mem_graph.validation import (
    check_label,
    check_limit,
    check_memory_id,
    check_metadata,
    check_text,
    make_scope,
    normalise_messages,
    show,
)
from mem_graph.write import WritePipeline, WritePlan

log = logging.getLogger(__name__)


class Memory:
    """Long-term memory for one app: facts in Qdrant, entities in a graph, an audit trail in SQLite.

    >>> with Memory(path="/tmp/mg") as m:
    ...     m.add("I live in Beijing.", user_id="alice")
    ...     m.search("where does the user live?", user_id="alice")
    """

    def __init__(self, path: str | Path | None = None,
                 config: MemoryConfig | dict[str, Any] | str | Path | None = None, *,
                 vector_store: VectorStore | None = None, graph_store: GraphStore | None = None,
                 history_store: HistoryStore | None = None, embedder: Embedder | None = None,
                 reranker: Reranker | None = None, extractor: Extractor | None = None):
        """``config`` (and ``path``) build every part. A ready-made ``vector_store``, ``graph_store``,
        ``history_store``, ``embedder``, ``reranker`` or ``extractor`` replaces the one the config would
        build; the stores passed in stay the caller's to close (``close()`` closes the ones it opened)."""
        self.config = load_config(config, path=Path(path).expanduser() if path is not None else None)
        cfg = self.config
        opens_embedded = ((vector_store is None and cfg.vector_store.provider == "qdrant_edge")
                          or (graph_store is None and cfg.graph_store.provider == "ladybug"))
        self._lock = DirectoryLock(cfg.path) if opens_embedded else None
        self._write_lock = FairRLock()  # handed over in FIFO order: a bulk add yields it between batches
        self._given: tuple[object, ...] = tuple(s for s in (vector_store, graph_store, history_store) if s is not None)
        try:
            # the default embedder loads on first embed: list/get/delete need no model
            self.embedder: Embedder = embedder if embedder is not None else LazyEmbedder(cfg.embedder)
            self.vectors = vector_store if vector_store is not None else build_vector_store(cfg, self.embedder.dim)
            store_dim = getattr(self.vectors, "dim", None)
            if store_dim is not None and store_dim != self.embedder.dim:
                raise ConfigError(f"the vector store holds {store_dim}-d vectors, the embedder {self.embedder.dim}")
            self.graph_store = graph_store if graph_store is not None else build_graph_store(cfg)
            self.history_store = history_store if history_store is not None else HistoryStore(cfg.history_path)
            if embedder is None:  # unset embedder keys follow the vectors already here (vector_model.py)
                self.config = cfg = vector_model.settle(cfg, self.history_store, lambda: bool(self.vectors.all_ids()))
                self.embedder = LazyEmbedder(cfg.embedder)
            self._assemble(cfg, extractor, reranker)
        except BaseException:  # a ConfigError from the extractor or reranker too: nothing left open
            self._release_partial()
            raise

    def _assemble(self, cfg: MemoryConfig, extractor: Extractor | None, reranker: Reranker | None) -> None:
        """The layers over the opened stores; then what a crash left unfinished is completed."""
        # the rule parser: entities and triples of edited and verbatim texts, query terms (whatever the extractor)
        reader = reading_embedder(cfg.embedder, self.embedder) if cfg.extraction.slot_prototypes else None
        self.rules = RuleExtractor(embedder=reader, slots=cfg.extraction.slots)
        defer = cfg.extraction.defer_verbatim_graph  # infer=False: parse + graph write after add() returns
        self.writer = WritePipeline(cfg, self.vectors, self.graph_store, self.history_store, self.embedder,
                                    extractor if extractor is not None else build_extractor(cfg, self.rules),
                                    Reconciler(self.vectors, cfg.reconcile),
                                    verbatim=Verbatim(self.rules, analyse=not defer))
        if defer:
            self.writer.indexer = GraphIndexer(self.rules.analyse, self.vectors, self.graph_store,
                                               self.history_store, self._write_lock)
        self.searcher = SearchPipeline(cfg.retrieval, self.vectors, self.embedder,
                                       GraphExpander(self.graph_store, cfg.retrieval),
                                       reranker if reranker is not None else Reranker(cfg.reranker))
        self.graph = GraphView(self.graph_store, cfg.exploration,
                               expired_of=lambda scope: expired_memories(self.vectors, scope),
                               before_read=self.flush)
        self.writer.eraser = Eraser(cfg.path, [self.vectors, self.graph_store], self.history_store)
        self.corrections = Corrections(self.writer, self.vectors, self.history_store)
        self.writer.guard = self.corrections.guard
        replayed = self.writer.replay_pending()
        if replayed:
            log.warning("recovered %d unfinished write(s) from the journal", replayed)
        self.writer.eraser.settle()  # an erasure a crash interrupted is completed on disk
        secure_tree(cfg.path)

    @property
    def extractor(self) -> Extractor:
        """The extractor that decides each ``add()`` (``config.extractor``: rules, llm or hybrid)."""
        return self.writer.extractor

    @classmethod
    def from_config(cls, config: dict[str, Any] | str | Path | MemoryConfig) -> Memory:
        """Build from a mem0-shaped dict, a JSON/TOML file path, or a MemoryConfig."""
        return cls(config=config)

    # -- writes ---------------------------------------------------------------
    def add(self, messages: Any, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
            infer: bool = True, timestamp: Any = None, expires_at: Any = None, client_id: str | None = None,
            source_ref: str | None = None, event_id: str | None = None,
            progress: Callable[[int, int], None] | None = None) -> AddResponse:
        """Remember what the messages say. Returns ``{"results": [{id, memory, event, …}], "relations": …}``.

        More than ``limits.add_batch`` messages (default 256) are saved first, then written in batches,
        each its own journaled write with the write lock released in between (other writers get in);
        ``progress(done, total)`` is called after each batch. If the process dies part-way, the next open
        finishes the add; if a batch raises, the earlier ones stay written and the rest are marked failed.

        ``messages`` is a string or a list of ``{role, content[, name, timestamp, metadata]}``;
        ``infer=False`` stores each message verbatim; ``timestamp`` is when it was said. ``client_id``,
        ``source_ref`` and ``event_id`` (the hub's idempotency key) are recorded in each memory's ``source``.
        """
        scope = make_scope(user_id, agent_id, run_id, namespace)
        limits = self.config.limits
        msgs = normalise_messages(messages, limits)
        meta = check_metadata(metadata, limits)
        if not isinstance(infer, bool):
            raise ValidationError("infer must be a boolean")
        ts = parse_timestamp(timestamp)
        exp = parse_timestamp(expires_at, field="expires_at")
        if ts is not None:
            msgs = [m if m.timestamp is not None else replace(m, timestamp=ts) for m in msgs]
        source = {k: check_label(v, k) for k, v in {"client_id": client_id, "source_ref": source_ref,
                                                "event_id": event_id}.items()
                  if v is not None}
        kwargs: dict[str, Any] = {"metadata": meta, "infer": infer, "expires_at": exp, "source": source}
        if progress is not None and not callable(progress):
            raise ValidationError("progress must be a callable(done, total)")
        if infer:  # reconciliation reads stored memories: their deferred graph steps land first
            self.flush()
        if len(msgs) > limits.add_batch:
            return add_in_batches(self.writer, self._write_lock, scope, msgs, kwargs, limits.add_batch, progress)
        ahead = None if infer else self.writer.embed_ahead(msgs)  # infer=False: embed while waiting for the lock
        with self._write_lock:
            out = self.writer.add(scope, msgs, ahead=ahead, **kwargs)
        if progress is not None:
            progress(len(msgs), len(msgs))
        return out

    def update(self, memory_id: str, data: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, metadata: dict[str, Any] | None = None,
               expected_version: int | None = None, client_id: str | None = None,
               reason: str | None = None) -> UpdateResponse:
        """Replace a memory's text in place (same id, version + 1); the old text stays in history.

        With ``expected_version`` the update is refused (ConflictError) unless the memory still has that
        version; without it the last writer wins. ``client_id`` is recorded as the event's actor.
        With ``reason`` the edit is a user correction (actor ``user``): restating the old text later
        does not bring it back (mem_graph/corrections.py).
        """
        note = check_note(reason)
        scope = make_scope(user_id, agent_id, run_id, namespace)
        mid = check_memory_id(memory_id)
        text = check_text(data, what="data", max_chars=self.config.limits.max_message_chars)
        meta = check_metadata(metadata, self.config.limits) if metadata is not None else None
        if expected_version is not None and (isinstance(expected_version, bool)
                                             or not isinstance(expected_version, int)):
            raise ValidationError(f"expected_version must be an integer, got {show(expected_version)}")
        with self._write_lock:
            old = self._get_record(scope, mid)
            if expected_version is not None and old.version != expected_version:
                raise ConflictError(f"memory {mid} is at version {old.version}, not {expected_version}")
            analysed = self.rules.analyse([_as_message(text)])[0]
            t = now()
            new = MemoryRecord(**{**old.__dict__, "text": text, "hash": text_hash(text), "updated_at": t,
                                  "version": old.version + 1, "entities": [e.key for e in analysed[0]],
                                  "triples": analysed[1], "metadata": meta if meta is not None else old.metadata,
                                  "slot": None, "subject_key": None, "object_key": None})
            why, actor = ((f"[user_correction] {note}" + (f" (via {client_id})" if client_id else ""), USER)
                          if note is not None
                          else ("[manual] updated through the API", check_label(client_id) or "sdk"))
            self.writer.apply(WritePlan(old.scope, new=[(new, analysed[0])], rewrite=True, events=[EventRow(
                mid, "UPDATE", old.scope, old.text, text, why, actor)]))
        return {"id": mid, "memory": text, "event": "UPDATE", "previous_memory": old.text}

    def delete(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, client_id: str | None = None
               ) -> DeleteResponse:
        """Erase one memory from every store; history keeps the event (with its text, actor ``client_id``)."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        mid = check_memory_id(memory_id)
        with self._write_lock:
            old = self._get_record(scope, mid)
            self.writer.apply(WritePlan(old.scope, delete=[mid], events=[EventRow(
                mid, "DELETE", old.scope, old.text, None, "[manual] deleted through the API",
                check_label(client_id) or "sdk")]))
        return {"id": mid, "memory": old.text, "event": "DELETE"}

    def invalidate(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                   run_id: str | None = None, namespace: str | None = None, reason: str | None = None,
                   client_id: str | None = None) -> CorrectionResponse:
        """Mark a memory no longer true (kept, with its history); a user correction that outranks any rule:
        restating its text later answers NONE ("user corrected this") until it is restored."""
        return self._correct("invalidate", memory_id, make_scope(user_id, agent_id, run_id, namespace),
                             check_note(reason), check_label(client_id))

    def restore(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None, reason: str | None = None,
                client_id: str | None = None) -> CorrectionResponse:
        """Make an invalidated memory current again (a user correction, recorded in its history)."""
        return self._correct("restore", memory_id, make_scope(user_id, agent_id, run_id, namespace),
                             check_note(reason), check_label(client_id))

    def undo(self, target: str | int, *, user_id: str | None = None, agent_id: str | None = None,
             run_id: str | None = None, namespace: str | None = None, client_id: str | None = None
             ) -> UndoResponse:
        """Undo a reconciliation decision: ``target`` is an event seq (from ``history``) or a memory id. What
        an UPDATE or DELETE invalidated is restored and its successor invalidated, as one user correction.
        An in-place edit's event puts the text back (a correcting ``update``; ConflictError if it changed since)."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        if not isinstance(target, int) or isinstance(target, bool):
            target = check_memory_id(target)
        else:
            edit = event_in_scope(self.history_store, target, scope)
            if edit["event"] == "UPDATE" and not edit["related_id"] and edit["old_memory"]:
                return self._undo_edit(edit, edit["old_memory"], scope, client_id)
        with self._write_lock:
            restore, invalidate, what = undo_targets(self._get_record, self.history_store, target, scope)
            return self.corrections.undo(restore, invalidate, what, check_label(client_id))

    def _undo_edit(self, edit: HistoryEvent, old_text: str, scope: Scope, client_id: str | None) -> UndoResponse:
        mid = edit["memory_id"]
        with self._write_lock:
            if self._get_record(scope, mid).text != edit["new_memory"]:
                raise ConflictError(f"memory {mid} changed since edit event {edit['seq']}; edit it instead")
            out = self.update(mid, old_text, user_id=scope.user_id, agent_id=scope.agent_id, run_id=scope.run_id,
                              namespace=scope.namespace, client_id=client_id,
                              reason=f"undo of edit event {edit['seq']}")
        return {"restored": [{"id": mid, "memory": out["memory"]}], "invalidated": [], "event": "UNDO",
                "reason": f"[user_correction] undo of edit event {edit['seq']}"}

    def feedback(self, memory_id: str, rating: str, *, user_id: str | None = None, agent_id: str | None = None,
                 run_id: str | None = None, namespace: str | None = None, note: str | None = None,
                 client_id: str | None = None) -> FeedbackResponse:
        """Rate a memory ``"useful"`` or ``"wrong"``: an event in its history, and the fusion signal
        ``retrieval.feedback_weight`` (0, off, by default) that demotes memories marked wrong."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        mid = check_memory_id(memory_id)
        text = check_note(note, "note")
        with self._write_lock:
            return self.corrections.feedback(self._get_record(scope, mid), rating, text, check_label(client_id))

    def _correct(self, kind: str, memory_id: str, scope: Scope, note: str | None, client_id: str | None
                 ) -> CorrectionResponse:
        mid = check_memory_id(memory_id)
        with self._write_lock:
            rec = self._get_record(scope, mid)
            fn = self.corrections.invalidate if kind == "invalidate" else self.corrections.restore
            return fn(rec, note, client_id)

    def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                   namespace: str | None = None, client_id: str | None = None) -> DeleteAllResponse:
        """Erase every memory, graph node, raw message and event of the scope.

        One ``DELETE_ALL`` event (no text) stays, so sync clients learn that the scope was erased.
        """
        scope = make_scope(user_id, agent_id, run_id, namespace)
        with self._write_lock:
            ids = scroll_all_ids(self.vectors, VectorFilter(scope=scope, statuses=None))  # payloads unread
            self.writer.apply(WritePlan(scope, erase_scope=True, events=[EventRow(
                "", "DELETE_ALL", scope, None, None, f"[manual] deleted {len(ids)} memories of the scope",
                check_label(client_id) or "sdk")]))
        return {"deleted": len(ids), "message": f"deleted {len(ids)} memories"}

    def reset(self) -> None:
        """Erase everything in every store (all scopes). Journaled like any write: a crash part-way is
        completed on the next open, and the stores are compacted before it returns (mem_graph/erasure.py)."""
        with self._write_lock:
            self.writer.apply(WritePlan(Scope(), reset_all=True))

    def flush(self) -> int:
        """Wait for the deferred graph steps of earlier ``add(..., infer=False)`` calls: their entities, triples and
        graph are in place when it returns (searches, ``get``/``get_all`` and ``Memory.graph`` reads call it
        themselves). Returns how many memories it indexed (0 when nothing was pending)."""
        indexer = getattr(getattr(self, "writer", None), "indexer", None)
        return indexer.flush() if indexer is not None else 0

    def optimize(self) -> OptimizeResult:
        """Index the vectors written since the last run (HNSW + sparse index), so search stops scanning a large
        scope. Blocking (about a minute at 100k memories on two cores, writes held): run it after a bulk import or
        from maintenance, not per write. Pending graph steps run first, or their payload writes would move indexed
        points back to plain segments (docs/operations.md)."""
        self.flush()
        with self._write_lock:
            return self.vectors.optimize()

    # -- reads ------------------------------------------------------------------
    def search(self, query: str, *, user_id: str | None = None, agent_id: str | None = None,
               run_id: str | None = None, namespace: str | None = None, limit: int = 10,
               filters: dict[str, Any] | None = None, explain: bool = False, include_invalidated: bool = False,
               rerank: bool = True, threshold: float | None = None, as_of: Any = None) -> SearchResponse:
        """The memories that answer ``query``: ``{"results": [...], "relations": [...]}``, best first.

        ``as_of`` (epoch seconds, ISO-8601 or datetime): answer with what was believed then - memories valid
        at that time (``valid_from <= as_of < invalid_at``) whatever their status now, and the graph
        relations valid then. Of two believed memories of one single-valued slot, the newer ranks first.
        """
        scope = make_scope(user_id, agent_id, run_id, namespace)
        check_text(query, what="query", max_chars=self.config.limits.max_query_chars)
        self.flush()
        limit = check_limit(limit, self.config.limits)
        flt = user_filter(scope, filters, include_invalidated, parse_timestamp(as_of, field="as_of"))
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                      or threshold != threshold):
            raise ValidationError(f"threshold must be a number, got {show(threshold)}")
        out = self.searcher.search(query, flt, limit, explain=bool(explain), rerank=bool(rerank))
        if threshold is not None:
            out["results"] = [r for r in out["results"] if r["score"] >= float(threshold)]
        return out

    def get(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
            run_id: str | None = None, namespace: str | None = None) -> MemoryItem:
        """One memory of the scope (NotFoundError for an id outside it, as for one that never existed)."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        mid = check_memory_id(memory_id)
        self.flush()
        return self._get_record(scope, mid).to_api()

    def get_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                namespace: str | None = None, limit: int = 100, filters: dict[str, Any] | None = None,
                include_invalidated: bool = False, as_of: Any = None, offset: int = 0) -> ListResponse:
        """Memories of the scope, newest first. Stored points that cannot be read are listed by id under
        ``skipped`` (only present when there are any) instead of failing the whole list.
        ``as_of``: the memories believed at that time (see ``search``); ``offset``: skip that many (paging)."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        limit = check_limit(limit, self.config.limits)
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ValidationError(f"offset must be a non-negative integer, got {show(offset)}")
        skipped: list[str] = []
        flt = user_filter(scope, filters, include_invalidated, parse_timestamp(as_of, field="as_of"))
        self.flush()
        records = scroll_all(self.vectors, flt, skipped=skipped)
        records.sort(key=lambda r: (r.created_at, r.valid_from), reverse=True)
        out: ListResponse = {"results": [r.to_api() for r in records[offset:offset + limit]]}
        if skipped:
            log.error("get_all skipped %d unreadable stored memories: %s", len(skipped), skipped[:10])
            out["skipped"] = skipped
        return out

    def history(self, memory_id: str, *, user_id: str | None = None, agent_id: str | None = None,
                run_id: str | None = None, namespace: str | None = None) -> list[HistoryEvent]:
        """Every event of the memory and of the versions it replaced or that replaced it, oldest first."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        mid = check_memory_id(memory_id)
        events = self.history_store.history_chain(mid)
        fields = scope.fields()
        events = [e for e in events if all((e.get(k) or ("default" if k == "namespace" else None)) == v
                                           for k, v in fields.items())]
        if not events:
            raise NotFoundError(f"no memory {mid} in this scope")
        return events

    def messages(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                 namespace: str | None = None, status: str | None = None) -> list[StoredMessage]:
        """The raw messages saved for the scope (status: received / processed / failed)."""
        scope = make_scope(user_id, agent_id, run_id, namespace)
        if status is not None and status not in ("received", "processed", "failed"):
            raise ValidationError(f"status must be received, processed or failed, got {show(status)}")
        return self.history_store.messages(scope, status)

    def find_added(self, event_id: str, *, client_id: str, user_id: str | None = None, agent_id: str | None = None,
                   run_id: str | None = None, namespace: str | None = None) -> list[MemoryRecord]:
        """The memories that an ``add(..., client_id=, event_id=)`` stored in exactly this scope (any status):
        what the hub rebuilds the answer of an interrupted idempotent add from."""
        flt = VectorFilter(scope=make_scope(user_id, agent_id, run_id, namespace), exact_scope=True, statuses=None,
                           equals={"source.client_id": client_id, "source.event_id": event_id})
        return scroll_all(self.vectors, flt)

    def change_feed(self, since: int, limit: int, *, namespaces: list[str] | None = None,
                    user_ids: list[str] | None = None, fields: dict[str, str] | None = None
                    ) -> tuple[list[HistoryEvent], int]:
        """The sync feed, every scope: memory changes (events but NONE) with ``seq > since``, at most ``limit``,
        oldest first, and the last committed seq (read first, so every change up to it is in the feed).
        ``namespaces`` / ``user_ids`` restrict to those values; ``fields`` are exact scope matches."""
        head = self.history_store.last_seq()
        return self.history_store.changes_in(since, limit, until=head, namespaces=namespaces, user_ids=user_ids,
                                             fields=fields), head

    @property
    def reranker_status(self) -> str:
        """Whether search reranks with a cross-encoder, and if not why (what ``explain`` reports as ``rerank``)."""
        return self.searcher.reranker.status

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Hold this Memory's write lock (reentrant): no add, update, delete or maintenance runs meanwhile."""
        with self._write_lock:
            yield

    # -- lifecycle ----------------------------------------------------------------
    def close(self) -> None:
        if getattr(self, "graph", None) is not None:
            self.graph.close()  # exploration worker processes
        indexer = getattr(getattr(self, "writer", None), "indexer", None)
        if indexer is not None and getattr(self, "graph_store", None) is not None:
            try:
                indexer.close()  # deferred graph steps: drained before the stores close
            except Exception:  # still journaled: the next open runs them
                log.exception("deferred graph steps could not be drained on close; the next open runs them")
        with self._write_lock:
            writer = getattr(self, "writer", None)
            if writer is not None and writer.eraser is not None and self.vectors is not None:
                writer.eraser.settle()  # batched single deletes: their text leaves the disk now
            for store in (getattr(self, "vectors", None), getattr(self, "graph_store", None),
                          getattr(self, "history_store", None)):
                if store is not None and not self._was_given(store):
                    store.close()
            self.vectors = self.graph_store = self.history_store = None  # type: ignore[assignment]
            secure_tree(self.config.path)  # files the stores created since the open
            if self._lock is not None:
                self._lock.release()

    def _was_given(self, store: object) -> bool:
        return any(store is given for given in getattr(self, "_given", ()))

    def _release_partial(self) -> None:
        """A failed open: stop what started and close the stores it opened (the caller's stay open)."""
        parts = [getattr(self, "graph", None), getattr(getattr(self, "writer", None), "indexer", None)]
        for part in parts:
            if part is not None:
                try:
                    part.close()
                except Exception:  # journaled work stays for the next open
                    log.exception("could not stop %s after a failed open", type(part).__name__)
        for name in ("vectors", "graph_store", "history_store"):
            store = getattr(self, name, None)
            if store is not None and not self._was_given(store):
                store.close()
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- helpers ------------------------------------------------------------------
    def _get_record(self, scope: Scope, memory_id: str) -> MemoryRecord:
        found = self.vectors.get([memory_id])
        rec = found[0] if found else None
        fields = rec.scope.stored_fields() if rec else {}
        if rec is None or any(fields.get(k) != v for k, v in scope.fields().items()):
            raise NotFoundError(f"no memory {memory_id} in this scope")  # same answer either way: no leak
        return rec


def _as_message(text: str) -> Message:
    return Message(role="user", content=text, id=str(uuid.uuid4()))
