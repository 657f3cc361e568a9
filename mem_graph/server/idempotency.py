"""Idempotent adds: a client-generated ``event_id`` makes a retried POST return the first answer.

Each (client_id, event_id) gets a row in hub.sqlite *before* the write starts
(``pending``) and the response once it is done. A retry finds the response and
writes nothing. A retry that finds a row still pending waits for the request in
this process, answers 409 ``in_progress`` while another process may be working
on it, and after ``lease`` seconds (the writer crashed) recovers: the memories
that write created carry ``source.event_id``, so the answer is rebuilt from them,
or the add runs again when it never reached the stores.
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
from mem_graph.server.auth import open_hub_db
from mem_graph.server.errors import RequestInProgressError

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS idempotency (
    client_id TEXT NOT NULL, event_id TEXT NOT NULL, request_hash TEXT NOT NULL, status TEXT NOT NULL,
    response TEXT, started_at REAL NOT NULL, finished_at REAL, PRIMARY KEY (client_id, event_id)
);
"""
_PURGE_EVERY_S = 3600.0


def request_hash(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


class IdempotencyStore:
    def __init__(self, path: Path, *, ttl_s: float, lease_s: float):
        self.ttl_s = ttl_s
        self.lease_s = lease_s
        self._lock = threading.Lock()
        self._db = open_hub_db(path)
        self._db.executescript(SCHEMA)
        self._inflight: dict[tuple[str, str], threading.Event] = {}
        self._inflight_lock = threading.Lock()
        self._last_purge = 0.0
        self.purge()

    def run(self, client_id: str, event_id: str, body_hash: str, add: Callable[[], dict[str, Any]],
            recover: Callable[[], dict[str, Any] | None]) -> tuple[dict[str, Any], bool]:
        """Run ``add`` once per (client, event id); returns (response, replayed)."""
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
            state, response, started = self._begin(key, body_hash)
            if state == "done":
                return response or {}, True
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

    def _begin(self, key: tuple[str, str], body_hash: str) -> tuple[str, dict[str, Any] | None, float]:
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT * FROM idempotency WHERE client_id = ? AND event_id = ?",
                                       key).fetchone()
                if row is None:
                    self._db.execute("INSERT INTO idempotency (client_id, event_id, request_hash, status, "
                                     "started_at) VALUES (?,?,?,'pending',?)", (*key, body_hash, now))
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

    def _finish(self, key: tuple[str, str], response: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("UPDATE idempotency SET status = 'done', response = ?, finished_at = ? "
                             "WHERE client_id = ? AND event_id = ?", (json.dumps(response), time.time(), *key))
        if time.time() - self._last_purge > _PURGE_EVERY_S:
            self.purge()

    def _abandon(self, key: tuple[str, str]) -> None:
        with self._lock:
            self._db.execute("DELETE FROM idempotency WHERE client_id = ? AND event_id = ? AND status = 'pending'",
                             key)

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
