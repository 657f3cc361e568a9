"""SQLite history: raw messages (saved before extraction), memory events, and the write journal.

``events.seq`` is monotonically increasing and doubles as the sync cursor.
The journal holds each write plan until every store has applied it; on open,
unfinished plans are replayed (every store write is idempotent).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem_graph.errors import StoreError, StoreUnavailableError
from mem_graph.timeutil import now, to_iso
from mem_graph.types import SCOPE_FIELDS, Message, Scope

if TYPE_CHECKING:
    from mem_graph.results import HistoryEvent, StoredMessage

_SCOPE_COLS = ("user_id TEXT NOT NULL DEFAULT '', agent_id TEXT NOT NULL DEFAULT '', run_id TEXT NOT NULL DEFAULT '', "
               "namespace TEXT NOT NULL DEFAULT 'default'")
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS messages (
    id TEXT PRIMARY KEY, {_SCOPE_COLS}, role TEXT NOT NULL, name TEXT, content TEXT NOT NULL,
    timestamp REAL, created_at REAL NOT NULL, metadata TEXT NOT NULL DEFAULT '{{}}',
    status TEXT NOT NULL DEFAULT 'received', error TEXT
);
CREATE INDEX IF NOT EXISTS messages_scope ON messages(user_id, agent_id, run_id, namespace, created_at);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, memory_id TEXT NOT NULL, event TEXT NOT NULL,
    old_text TEXT, new_text TEXT, reason TEXT, actor TEXT, extractor TEXT, related_id TEXT,
    message_ids TEXT NOT NULL DEFAULT '[]', {_SCOPE_COLS}, created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_memory ON events(memory_id, seq);
CREATE INDEX IF NOT EXISTS events_scope ON events(user_id, namespace, seq);
CREATE TABLE IF NOT EXISTS journal (
    op_id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS journal_failed (
    op_id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, created_at REAL NOT NULL,
    failed_at REAL NOT NULL, error TEXT NOT NULL
);
"""
# created on first use, so a history that never saw maintenance keeps exactly the tables above
_MAINTENANCE_LOG = ("CREATE TABLE IF NOT EXISTS maintenance_log (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                    "at REAL NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL)")
_SETTINGS = "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"


@dataclass
class EventRow:
    memory_id: str
    event: str
    scope: Scope
    old_text: str | None = None
    new_text: str | None = None
    reason: str = ""
    actor: str = "system"
    extractor: str | None = None
    related_id: str | None = None
    message_ids: list[str] = field(default_factory=list)


def _scope_where(scope: Scope, prefix: str = "", *, exact: bool = False) -> tuple[str, list[Any]]:
    """Rows of the scope: unset fields are wildcards, or (``exact``) must be unset too."""
    fields = scope.stored_fields() if exact else scope.fields()
    return " AND ".join(f"{prefix}{k} = ?" for k in fields), list(fields.values())


class HistoryStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA secure_delete=ON")  # a deleted row's text is overwritten, not just unlinked
            self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(f"cannot open history database {self.path}: {exc}") from exc
            raise StoreUnavailableError(
                f"the history database at {self.path} cannot be opened ({exc}); it holds the audit trail and "
                "the write journal: restore it from a backup", path=str(self.path)) from exc
        self._db.row_factory = sqlite3.Row

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- raw messages -----------------------------------------------------
    def save_messages(self, scope: Scope, messages: list[Message]) -> list[Message]:
        """Persist raw messages; returns them with ids assigned."""
        t = now()
        saved = [Message(m.role, m.content, m.name, m.timestamp, m.metadata, id=str(uuid.uuid4())) for m in messages]
        sf = scope.stored_fields()
        rows = [(m.id, *sf.values(), m.role, m.name, m.content, m.timestamp, t, json.dumps(m.metadata))
                for m in saved]
        with self._tx() as db:
            db.executemany(
                "INSERT INTO messages (id, user_id, agent_id, run_id, namespace, role, name, content, timestamp, "
                "created_at, metadata) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
        return saved

    def mark_messages(self, ids: list[str], status: str, error: str | None = None) -> None:
        with self._tx() as db:
            db.executemany("UPDATE messages SET status = ?, error = ? WHERE id = ?", [(status, error, i) for i in ids])

    def recent_messages(self, scope: Scope, limit: int, exclude: Iterable[str] = ()) -> list[StoredMessage]:
        """Context for a write: the latest messages of exactly this scope (never a narrower one's)."""
        where, args = _scope_where(scope, exact=True)
        excl = list(exclude)
        q = (f"SELECT * FROM messages WHERE {where}"
             + (f" AND id NOT IN ({','.join('?' * len(excl))})" if excl else "")
             + " ORDER BY created_at DESC, rowid DESC LIMIT ?")
        with self._lock:
            rows = self._db.execute(q, [*args, *excl, limit]).fetchall()
        return [_message_dict(r) for r in reversed(rows)]

    def messages(self, scope: Scope, status: str | None = None) -> list[StoredMessage]:
        where, args = _scope_where(scope)
        if status:
            where, args = f"{where} AND status = ?", [*args, status]
        with self._lock:
            rows = self._db.execute(f"SELECT * FROM messages WHERE {where} ORDER BY rowid", args).fetchall()
        return [_message_dict(r) for r in rows]

    # -- events and journal -----------------------------------------------
    def received_messages(self, ids: list[str]) -> list[Message]:
        """The messages among ``ids`` not processed yet (status received), in the order of ``ids``."""
        found: dict[str, sqlite3.Row] = {}
        with self._lock:
            for i in range(0, len(ids), 500):
                part = ids[i:i + 500]
                found.update((r["id"], r) for r in self._db.execute(
                    f"SELECT * FROM messages WHERE status = 'received' AND id IN ({','.join('?' * len(part))})",
                    part))
        return [Message(r["role"], r["content"], r["name"], r["timestamp"], json.loads(r["metadata"]), id=r["id"])
                for r in (found[i] for i in ids if i in found)]

    def journal_begin(self, kind: str, payload: dict[str, Any]) -> str:
        op_id = str(uuid.uuid4())
        with self._tx() as db:
            db.execute("INSERT INTO journal (op_id, kind, payload, created_at) VALUES (?,?,?,?)",
                       (op_id, kind, json.dumps(payload), now()))
        return op_id

    def journal_pending(self, kind: str | None = None) -> list[tuple[str, str, Any]]:
        """Unfinished plans (of one ``kind``, or all), oldest first (a payload that is not JSON comes back as None)."""
        where, args = (" WHERE kind = ?", (kind,)) if kind is not None else ("", ())
        with self._lock:
            rows = self._db.execute(f"SELECT op_id, kind, payload FROM journal{where} ORDER BY created_at",
                                    args).fetchall()
        return [(r["op_id"], r["kind"], _json_or_none(r["payload"])) for r in rows]

    def journal_end(self, op_ids: list[str]) -> None:
        """Close finished journal entries (one transaction)."""
        with self._tx() as db:
            db.executemany("DELETE FROM journal WHERE op_id = ?", [(i,) for i in op_ids])

    def journal_set_aside(self, op_id: str, error: str) -> None:
        """Move a plan that can never apply to ``journal_failed`` (kept for inspection; ``check`` reports it)."""
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO journal_failed (op_id, kind, payload, created_at, failed_at, error) "
                       "SELECT op_id, kind, payload, created_at, ?, ? FROM journal WHERE op_id = ?",
                       (now(), error[:2000], op_id))
            db.execute("DELETE FROM journal WHERE op_id = ?", (op_id,))

    def journal_failed(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT op_id, kind, created_at, failed_at, error FROM journal_failed "
                                    "ORDER BY failed_at").fetchall()
        return [dict(r) for r in rows]

    def commit_events(self, events: list[EventRow], op_id: str | None = None,
                      processed_messages: Iterable[str] = (),
                      requeue: tuple[str, dict[str, Any]] | None = None) -> list[int]:
        """Record events, close the journal entry and mark the raw messages processed in one transaction.
        With ``requeue`` (kind, payload) the entry becomes that follow-up job instead of closing.

        Returns the events' seqs.
        """
        t = now()
        seqs = []
        with self._tx() as db:
            for e in events:
                cur = db.execute(
                    "INSERT INTO events (memory_id, event, old_text, new_text, reason, actor, extractor, related_id, "
                    "message_ids, user_id, agent_id, run_id, namespace, created_at) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (e.memory_id, e.event, e.old_text, e.new_text, e.reason, e.actor, e.extractor, e.related_id,
                     json.dumps(e.message_ids), *e.scope.stored_fields().values(), t))
                seqs.append(int(cur.lastrowid or 0))
            if op_id and requeue is not None:
                db.execute("UPDATE journal SET kind = ?, payload = ? WHERE op_id = ?",
                           (requeue[0], json.dumps(requeue[1]), op_id))
            elif requeue is not None:
                db.execute("INSERT INTO journal (op_id, kind, payload, created_at) VALUES (?,?,?,?)",
                           (str(uuid.uuid4()), requeue[0], json.dumps(requeue[1]), t))
            elif op_id:
                db.execute("DELETE FROM journal WHERE op_id = ?", (op_id,))
            db.executemany("UPDATE messages SET status = 'processed', error = NULL WHERE id = ?",
                           [(i,) for i in processed_messages])
        return seqs

    def history(self, memory_id: str) -> list[HistoryEvent]:
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM events WHERE memory_id = ? OR related_id = ? ORDER BY seq", (memory_id, memory_id)
            ).fetchall()
        return [_event_dict(r) for r in rows]

    def history_chain(self, memory_id: str, max_hops: int = 50) -> list[HistoryEvent]:
        """Events of the memory plus those of every version linked to it by UPDATE."""
        ids, seen_seq = {memory_id}, set()
        events: list[HistoryEvent] = []
        for _ in range(max_hops):
            marks = ",".join("?" * len(ids))
            with self._lock:
                rows = self._db.execute(
                    f"SELECT * FROM events WHERE memory_id IN ({marks}) OR related_id IN ({marks}) ORDER BY seq",
                    [*ids, *ids]).fetchall()
            new_ids = {r["memory_id"] for r in rows} | {r["related_id"] for r in rows if r["related_id"]}
            for r in rows:
                if r["seq"] not in seen_seq:
                    seen_seq.add(r["seq"])
                    events.append(_event_dict(r))
            if new_ids <= ids:
                break
            ids |= new_ids
        return sorted(events, key=lambda e: e["seq"])

    def changes(self, scope: Scope, since: int, limit: int) -> list[HistoryEvent]:
        where, args = _scope_where(scope)
        with self._lock:
            rows = self._db.execute(f"SELECT * FROM events WHERE seq > ? AND {where} ORDER BY seq LIMIT ?",
                                    [since, *args, limit]).fetchall()
        return [_event_dict(r) for r in rows]

    def changes_in(self, since: int, limit: int, *, until: int | None = None, namespaces: list[str] | None = None,
                   user_ids: list[str] | None = None, fields: dict[str, str] | None = None) -> list[HistoryEvent]:
        """Memory changes (every event but NONE) with ``since < seq <= until``, oldest first: the sync feed.

        ``namespaces``/``user_ids`` restrict to those values (None: any); ``fields`` are exact matches.
        """
        where: list[str] = ["seq > ?", "event != 'NONE'"]
        args: list[Any] = [since]
        if until is not None:
            where.append("seq <= ?")
            args.append(until)
        for col, values in (("namespace", namespaces), ("user_id", user_ids)):
            if values is not None:
                where.append(f"{col} IN ({','.join('?' * len(values))})")
                args.extend(values)
        for col, value in (fields or {}).items():
            if col in SCOPE_FIELDS or col == "namespace":
                where.append(f"{col} = ?")
                args.append(value)
        with self._lock:
            rows = self._db.execute(f"SELECT * FROM events WHERE {' AND '.join(where)} ORDER BY seq LIMIT ?",
                                    [*args, limit]).fetchall()
        return [_event_dict(r) for r in rows]

    def event(self, seq: int) -> HistoryEvent | None:
        """One event by its seq, or None."""
        with self._lock:
            row = self._db.execute("SELECT * FROM events WHERE seq = ?", (seq,)).fetchone()
        return _event_dict(row) if row is not None else None

    def events_by(self, scope: Scope, actor: str, kinds: Iterable[str]) -> list[HistoryEvent]:
        """The events of exactly ``scope`` recorded by ``actor`` with one of ``kinds``, oldest first."""
        where, args = _scope_where(scope, exact=True)
        kinds = list(kinds)
        with self._lock:
            rows = self._db.execute(
                f"SELECT * FROM events WHERE {where} AND actor = ? AND event IN ({','.join('?' * len(kinds))}) "
                "ORDER BY seq", [*args, actor, *kinds]).fetchall()
        return [_event_dict(r) for r in rows]

    def last_seq(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])

    def select(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Scan the history database with one read-only SQL query (every scope: no scope filter); a statement
        that would write is refused by SQLite (``query_only``) and raises ``StoreError``."""
        with self._lock:
            self._db.execute("PRAGMA query_only = ON")
            try:
                cur = self._db.execute(sql, tuple(args))
                cols = [c[0] for c in cur.description or ()]
                rows = cur.fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"history query failed: {exc}") from exc
            finally:
                self._db.execute("PRAGMA query_only = OFF")
        return [dict(zip(cols, row, strict=True)) for row in rows]

    def export_rows(self, scope: Scope | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The stored event rows (by seq) and raw message rows (as saved) of ``scope`` (unset fields are
        wildcards), or of every scope: what a backup writes."""
        where, args = _scope_where(scope) if scope is not None else ("1 = 1", [])
        return (self.select(f"SELECT * FROM events WHERE {where} ORDER BY seq", args),
                self.select(f"SELECT * FROM messages WHERE {where} ORDER BY rowid", args))

    def import_rows(self, events: list[dict[str, Any]], messages: list[dict[str, Any]]) -> int:
        """Insert stored-shaped rows (column -> value, one column set per table) in one transaction: every
        event (each gets a new seq), and each message whose id is not stored yet. Returns how many messages
        were inserted."""
        inserted = 0
        with self._tx() as db:
            for table, rows in (("events", events), ("messages", messages)):
                if not rows:
                    continue
                cols = list(rows[0])
                known = {r[0] for r in db.execute(f"SELECT name FROM pragma_table_info('{table}')")}
                if set(cols) - known or any(list(r) != cols for r in rows):
                    raise StoreError(f"{table} rows must all have the same, known columns")
                verb = "INSERT OR IGNORE" if table == "messages" else "INSERT"
                cur = db.executemany(f"{verb} INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                                     [tuple(r[c] for c in cols) for r in rows])
                if table == "messages":
                    inserted = max(cur.rowcount, 0)
        return inserted

    def record_maintenance(self, actions: list[tuple[str, str]]) -> None:
        """Append (action, JSON detail) rows to the maintenance log (``mem-graph repair``, retention, reembed)."""
        with self._tx() as db:
            db.execute(_MAINTENANCE_LOG)
            db.executemany("INSERT INTO maintenance_log (at, action, detail) VALUES (?,?,?)",
                           [(now(), action, detail) for action, detail in actions])

    def maintenance_log(self) -> list[dict[str, Any]]:
        """Every maintenance log row (id, at, action, detail), oldest first."""
        with self._tx() as db:
            db.execute(_MAINTENANCE_LOG)
            rows = db.execute("SELECT * FROM maintenance_log ORDER BY id").fetchall()
        return [dict(r) for r in rows]

    def get_setting(self, key: str) -> str | None:
        """A value the data directory keeps about itself (e.g. ``vector_model``), or None."""
        with self._tx() as db:
            db.execute(_SETTINGS)
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._tx() as db:
            db.execute(_SETTINGS)
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    # -- maintenance ------------------------------------------------------
    def delete_scope(self, scope: Scope) -> None:
        where, args = _scope_where(scope)
        with self._tx() as db:
            db.execute(f"DELETE FROM messages WHERE {where}", args)
            db.execute(f"DELETE FROM events WHERE {where}", args)

    def reset(self) -> None:
        with self._tx() as db:
            for table in ("messages", "events", "journal", "journal_failed"):
                db.execute(f"DELETE FROM {table}")

    def compact(self) -> None:
        """Fold the WAL into the database and truncate it: with ``secure_delete`` the erased rows are zeroed there,
        while the WAL may still hold page images from before the delete."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _json_or_none(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _message_dict(r: sqlite3.Row) -> StoredMessage:
    return {
        "id": r["id"], "role": r["role"], "name": r["name"], "content": r["content"],
        "timestamp": to_iso(r["timestamp"]), "created_at": to_iso(r["created_at"]),
        "metadata": json.loads(r["metadata"]), "status": r["status"],
        "user_id": r["user_id"] or None, "agent_id": r["agent_id"] or None, "run_id": r["run_id"] or None,
    }


def _event_dict(r: sqlite3.Row) -> HistoryEvent:
    return {
        "seq": r["seq"], "memory_id": r["memory_id"], "event": r["event"], "old_memory": r["old_text"],
        "new_memory": r["new_text"], "reason": r["reason"], "actor": r["actor"], "extractor": r["extractor"],
        "related_id": r["related_id"], "message_ids": json.loads(r["message_ids"]),
        "created_at": to_iso(r["created_at"]), "namespace": r["namespace"],
        "user_id": r["user_id"] or None, "agent_id": r["agent_id"] or None, "run_id": r["run_id"] or None,
    }
