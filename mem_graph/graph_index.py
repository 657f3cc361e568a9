"""Deferred graph indexing of verbatim (``infer=False``) memories.

An ``add(infer=False)`` returns once its turns are durable in history and in the vector store (dense and
keyword search find them at once). What the graph needs of a verbatim turn — its entities and triples, from
a spaCy parse, and the graph write — is left to this module: the write that stored the turns turns its own
journal entry into a ``graph_index`` job in the transaction that records its events
(``HistoryStore.commit_events(requeue=...)``), so the job is durable exactly when the add is acknowledged.

A worker thread runs the jobs soon after (several at once: one ``nlp.pipe`` over their turns, one graph
transaction, one history transaction closing them). ``flush()`` runs what is pending in the caller's thread;
reads that show entities or the graph call it first (read-your-writes), ``Memory.close()`` drains, and a
job a crash or kill left behind is run by the next open (``replay``). Every step is idempotent: the payload's
entities and triples are set, the memory's graph node rewritten by id; a memory erased or edited since its
turn was saved is skipped (the edit indexed its own text).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from mem_graph.errors import StoreError
from mem_graph.faults import fault_point
from mem_graph.locks import FairRLock
from mem_graph.stores.graph.base import GraphMemory, GraphStore
from mem_graph.stores.history import HistoryStore
from mem_graph.stores.vector.base import VectorStore
from mem_graph.types import EntityRef, Message, Triple

log = logging.getLogger(__name__)

KIND = "graph_index"  # journal kind of a deferred graph step
_IDLE_S = 5.0  # the worker thread ends after this long with nothing to do
_MAX_TURNS = 512  # turns parsed and written per round (bounds the time the write lock is held)
_NICER = 10  # niceness the worker thread adds to its own

Analyse = Callable[[list[Message]], list[tuple[list[EntityRef], list[Triple]]]]


def _lower_this_thread() -> None:
    """Run the worker below the callers' priority (Linux niceness is per thread): a deferred parse beside the
    next add's two-thread embedding took half its cores (one-turn adds back to back, LoCoMo turns, 2 cores:
    p50 46 ms at equal priority, 39 ms with the worker at +10; 23 ms with no worker). Where the OS does not
    allow it, the worker keeps the callers' priority."""
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(os.getpriority(os.PRIO_PROCESS, tid) + _NICER, 19))
    except (AttributeError, OSError):  # not Linux (niceness is per process there), or not permitted
        pass


def job_item(memory_id: str, message: Message) -> dict[str, Any]:
    """What a job keeps of one verbatim memory: its id and the message it was stored from."""
    return {"id": memory_id, "text": message.content.strip(), "role": message.role, "name": message.name,
            "content": message.content}


class GraphIndexer:
    """Runs the journaled ``graph_index`` jobs: in a background thread, or in the caller's on ``flush()``."""

    def __init__(self, analyse: Analyse, vectors: VectorStore, graph_store: GraphStore, history: HistoryStore,
                 write_lock: FairRLock):
        self._analyse = analyse
        self._vectors = vectors
        self._graph = graph_store
        self._history = history
        self._write_lock = write_lock  # held for the store writes only, not for the parse
        # one round at a time (worker, flush, close); a thread holding the write lock never waits for it (the
        # worker may be waiting for that write lock): it runs its own round, and the other one skips whatever
        # it finished (each round re-reads which jobs are still journaled under the write lock)
        self._run_lock = threading.Lock()
        self._wake = threading.Condition()
        self._queued = 0  # jobs journaled by this process ...
        self._done = 0  # ... and how many of them a finished round had seen
        self._paused = 0
        self._stopping = False
        self._thread: threading.Thread | None = None

    # -- producer side ------------------------------------------------------------------------------
    def queued(self) -> None:
        """A job was journaled (its add committed): wake the worker."""
        with self._wake:
            self._queued += 1
            if self._thread is None and not self._stopping:
                self._thread = threading.Thread(target=self._loop, name="mem-graph-graph-index", daemon=True)
                self._thread.start()
            self._wake.notify()

    @property
    def pending(self) -> bool:
        """Whether a job journaled by this process may still be waiting."""
        return self._done < self._queued

    def flush(self) -> int:
        """Run every pending job now (waiting for a round in progress); returns the turns indexed."""
        if not self.pending:
            return 0
        return self._round(all_rounds=True)

    def replay(self) -> int:
        """On open: run the jobs an earlier process journaled but never ran (a crash, a kill)."""
        return self._round(all_rounds=True)

    def close(self) -> None:
        """Stop the worker, then run what is left (``Memory.close()`` drains)."""
        with self._wake:
            self._stopping = True
            self._wake.notify()
        if self._thread is not None and not self._write_lock.held_by_me():
            self._thread.join()
        self._round(all_rounds=True)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Keep the worker from starting a round (tests that need a job still pending); flush still runs."""
        with self._wake:
            self._paused += 1
        try:
            yield
        finally:
            with self._wake:
                self._paused -= 1
                self._wake.notify()

    # -- worker ---------------------------------------------------------------------------------------
    def _loop(self) -> None:
        _lower_this_thread()
        while True:
            with self._wake:
                while not self._stopping and (self._paused or not self.pending):
                    if not self._wake.wait(_IDLE_S) and not self.pending:
                        self._thread = None  # idle: ends (a Memory never closed leaves no thread behind);
                        return  # the next queued() starts another
                if self._stopping:
                    return
            try:
                self._round(all_rounds=False)
            except Exception:  # the job stays journaled: flush(), close() or the next open runs it again
                log.exception("graph indexing failed; the job stays journaled")
                with self._wake:
                    self._wake.wait(1.0)

    def _round(self, *, all_rounds: bool) -> int:
        done = 0
        with nullcontext() if self._write_lock.held_by_me() else self._run_lock:
            while True:
                seen = self._queued
                jobs = [(op, payload) for op, _, payload in self._history.journal_pending(KIND)]
                batch, turns = [], 0
                for op, payload in jobs:
                    batch.append((op, payload))
                    turns += len(_items(payload) or ())
                    if turns >= _MAX_TURNS:
                        break
                if batch:
                    done += self._run(batch)
                if len(batch) == len(jobs):  # nothing left that was journaled before this round began
                    with self._wake:
                        self._done = max(self._done, seen)
                    return done
                if not all_rounds:
                    return done

    def _run(self, jobs: list[tuple[str, Any]]) -> int:
        """Parse the jobs' turns (no lock held), then write payloads, graph and journal under the write lock."""
        good: list[tuple[str, list[dict[str, Any]]]] = []
        for op, payload in jobs:
            items = _items(payload)
            if items is None:  # can never run: kept for inspection in journal_failed (``check`` reports it)
                self._history.journal_set_aside(op, "malformed graph_index job")
                continue
            good.append((op, items))
        flat = [(op, it) for op, its in good for it in its]
        analysed = self._analyse([Message(it["role"], it["content"], it.get("name")) for _, it in flat])
        fault_point("before_graph_index")
        with self._write_lock:  # another round may have finished some of these jobs meanwhile
            still = {op for op, _, _ in self._history.journal_pending(KIND)}
            ops = [op for op, _ in good if op in still]
            todo = [(it, found) for (op, it), found in zip(flat, analysed, strict=True) if op in still]
            stored = {r.id: r for r in self._vectors.get([it["id"] for it, _ in todo])}
            writes: list[GraphMemory] = []
            for it, (entities, triples) in todo:
                rec = stored.get(it["id"])
                if rec is None or rec.text != it["text"]:  # erased, or edited since (the edit indexed itself)
                    continue
                rec.entities, rec.triples = [e.key for e in entities if e.key], list(triples)
                payload = rec.to_payload()
                self._vectors.set_fields([rec.id], {"entities": payload["entities"], "triples": payload["triples"]})
                writes.append(GraphMemory(rec, entities))
            fault_point("mid_graph_index")
            try:
                self._graph.write_memories(writes)
            except StoreError:
                log.exception("graph write of %d indexed turns failed; the jobs stay journaled", len(writes))
                raise
            self._history.journal_end(ops)
        return len(writes)


def _items(payload: Any) -> list[dict[str, Any]] | None:
    """A job's turns, or None when the payload is not a job this module wrote."""
    items = payload.get("memories") if isinstance(payload, dict) else None
    if not isinstance(items, list) or not all(
            isinstance(it, dict) and all(isinstance(it.get(k), str) for k in ("id", "text", "role", "content"))
            and isinstance(it.get("name"), (str, type(None))) for it in items):
        return None
    return items
