"""Idempotent adds: a client-generated ``event_id`` makes a retried POST return the first answer.

Each (client_id, event_id) gets a row in hub.sqlite *before* the write starts
(``pending``) and the response once it is done. A retry finds the response and
writes nothing. A retry that finds a row still pending waits for the request in
this process, answers 409 ``in_progress`` while another process may be working
on it, and after ``lease`` seconds (the writer crashed) recovers: the memories
that write created carry ``source.event_id``, so the answer is rebuilt from them,
or the add runs again when it never reached the stores.

Erasure reaches the stored answers too (they hold memory text): ``forget_scope`` after a ``delete_all``
and ``forget_memory`` after a ``delete`` replace the answers that carry the erased text with an empty one
(``{"results": [], ...}``). The row itself stays until its TTL, so a retry of that event id still writes
nothing - it is answered "replayed, nothing remembered" - rather than bringing the erased memory back.
The database runs with ``secure_delete``, and is checkpointed after a scrub, so the old answer's bytes are
overwritten on disk.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mem_graph.errors import ConflictError
from mem_graph.results import AddResponse
from mem_graph.server.auth import open_hub_db
from mem_graph.server.errors import RequestInProgressError

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS idempotency (
    client_id TEXT NOT NULL, event_id TEXT NOT NULL, request_hash TEXT NOT NULL, status TEXT NOT NULL,
    response TEXT, started_at REAL NOT NULL, finished_at REAL, PRIMARY KEY (client_id, event_id)
);
"""
_SCOPE_KEYS = ("user_id", "agent_id", "run_id", "namespace")
ERASED_RESPONSE: AddResponse = {"results": [], "relations": {"added": [], "invalidated": []}}
_PURGE_EVERY_S = 3600.0


def request_hash(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


class IdempotencyStore:
    def __init__(self, path: Path, *, ttl_s: float, lease_s: float):
        self.ttl_s = ttl_s
        self.lease_s = lease_s
        self._lock = threading.Lock()
        self._db = open_hub_db(path)
        self._db.execute("PRAGMA secure_delete=ON")  # scrubbed answers are overwritten on disk, not unlinked
        self._db.executescript(SCHEMA)
        have = {r["name"] for r in self._db.execute("PRAGMA table_info(idempotency)")}
        for key in _SCOPE_KEYS:  # the scope of each add, so an erased scope's answers can be found
            if key not in have:
                self._db.execute(f"ALTER TABLE idempotency ADD COLUMN {key} TEXT")
        path.chmod(0o600)
        self._inflight: dict[tuple[str, str], threading.Event] = {}
        self._inflight_lock = threading.Lock()
        self._last_purge = 0.0
        self.purge()

    def run(self, client_id: str, event_id: str, body_hash: str, add: Callable[[], AddResponse],
            recover: Callable[[], AddResponse | None],
            scope: dict[str, Any] | None = None) -> tuple[AddResponse, bool]:
        """Run ``add`` once per (client, event id); returns (response, replayed). ``scope``: the add's scope
        fields, recorded so that erasing the scope also scrubs the answer."""
        key = (client_id, event_id)
        while True:
            with self._inflight_lock:
                waiter = self._inflight.get(key)
                if waiter is None:
                    mine = self._inflight[key] = threading.Event()
            if waiter is None:
                break
            if not waiter.wait(self.lease_s):
                raise RequestInProgressError(f"event_id {event_id!r} is still being processed; retry later")
        try:
            state, response, started = self._begin(key, body_hash, scope or {})
            if state == "done" and response is not None:
                return response, True
            if state == "pending":  # another process holds it, or a crashed one left it behind
                if time.time() - started < self.lease_s:
                    raise RequestInProgressError(f"event_id {event_id!r} is still being processed; retry later")
                recovered = recover()
                if recovered is not None:
                    self._finish(key, recovered)
                    log.warning("recovered the answer of an interrupted add (event_id %s)", event_id)
                    return recovered, True
            try:
                response = add()
            except BaseException:
                self._abandon(key)
                raise
            self._finish(key, response)
            return response, False
        finally:
            with self._inflight_lock:
                self._inflight.pop(key, None)
            mine.set()

    def _begin(self, key: tuple[str, str], body_hash: str,
               scope: dict[str, Any]) -> tuple[str, AddResponse | None, float]:
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT * FROM idempotency WHERE client_id = ? AND event_id = ?",
                                       key).fetchone()
                if row is None:
                    self._db.execute("INSERT INTO idempotency (client_id, event_id, request_hash, status, "
                                     "started_at, user_id, agent_id, run_id, namespace) "
                                     "VALUES (?,?,?,'pending',?,?,?,?,?)",
                                     (*key, body_hash, now, *(scope.get(k) or "" for k in _SCOPE_KEYS)))
                elif row["status"] == "pending" and now - row["started_at"] >= self.lease_s:
                    self._db.execute("UPDATE idempotency SET started_at = ? WHERE client_id = ? AND event_id = ?",
                                     (now, *key))  # take the stale lease over
            finally:
                self._db.execute("COMMIT")
        if row is None:
            return "new", None, now
        if row["request_hash"] != body_hash:
            raise ConflictError(f"event_id {key[1]!r} was already used for a different request")
        if row["status"] == "done":
            return "done", json.loads(row["response"]), row["started_at"]
        return "pending", None, row["started_at"]

    def _finish(self, key: tuple[str, str], response: AddResponse) -> None:
        with self._lock:
            self._db.execute("UPDATE idempotency SET status = 'done', response = ?, finished_at = ? "
                             "WHERE client_id = ? AND event_id = ?", (json.dumps(response), time.time(), *key))
        if time.time() - self._last_purge > _PURGE_EVERY_S:
            self.purge()

    def _abandon(self, key: tuple[str, str]) -> None:
        with self._lock:
            self._db.execute("DELETE FROM idempotency WHERE client_id = ? AND event_id = ? AND status = 'pending'",
                             key)

    def forget_scope(self, scope: dict[str, Any]) -> int:
        """Scrub the stored answers of every add in ``scope`` (set fields must match, as delete_all matches)."""
        fields = {k: scope[k] for k in _SCOPE_KEYS if scope.get(k)}
        where = " AND ".join(f"{k} = ?" for k in fields) or "1 = 1"
        return self._scrub(f"status = 'done' AND {where}", list(fields.values()))

    def forget_memory(self, memory_id: str) -> int:
        """Scrub the stored answers that carry this memory (its id, and so its text)."""
        return self._scrub("status = 'done' AND instr(response, ?) > 0", [memory_id])

    def _scrub(self, where: str, args: list[Any]) -> int:
        with self._lock:
            cur = self._db.execute(f"UPDATE idempotency SET response = ? WHERE {where}",
                                   [json.dumps(ERASED_RESPONSE), *args])
            if cur.rowcount:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cur.rowcount

    def purge(self) -> int:
        """Forget answers older than the TTL."""
        self._last_purge = time.time()
        with self._lock:
            cur = self._db.execute("DELETE FROM idempotency WHERE status = 'done' AND finished_at < ?",
                                   (time.time() - self.ttl_s,))
        return cur.rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()
