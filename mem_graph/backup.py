"""Backup and restore: ``mem-graph export`` / ``import`` of one scope or everything, as JSON Lines.

One JSON object per line, each with a ``type``:

* ``header``  - ``{format: "mem_graph-export", version: 1, exported_at, scope, counts}`` (first line)
* ``memory``  - ``{id, payload}``: the vector point's payload (text, scope, status, validity, expiry,
  metadata, source, entities, triples, version …), invalidated and expired memories included
* ``entity``  - ``{id, name, display, entity_type, user_id, agent_id, run_id, namespace}``
* ``mention`` - ``{memory_id, entity_id}``; ``relation`` - ``{source_id, target_id, relation, memory_id,
  valid_from, invalid_at}``
* ``event``   - a history event as stored (``seq`` is the exporter's; import assigns new ones, same order)
* ``message`` - a raw message as stored (id, role, name, content, timestamp, status …)
* ``footer``  - ``{counts}`` (last line: a file without it was truncated and is refused)

Vectors are not carried: import recomputes dense and BM25 vectors with the
importing Memory's embedder, so a backup survives a model change. Import
validates the whole file before writing anything, writes the vector and graph
stores through journaled write plans, then history in one transaction, and is
idempotent (messages by id, events by (memory, kind, time), memories by id):
an interrupted import is finished by running it again.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from mem_graph.errors import MemGraphError, ValidationError
from mem_graph.maintenance import history_rows
from mem_graph.stores.graph.cypher_store import scope_where
from mem_graph.stores.history import _scope_where
from mem_graph.stores.vector.base import VectorFilter, scroll_all
from mem_graph.timeutil import now, to_iso
from mem_graph.types import EntityRef, MemoryRecord, Scope
from mem_graph.validation import check_memory_id, make_scope
from mem_graph.write import WritePlan

if TYPE_CHECKING:
    from mem_graph.memory import Memory

FORMAT, VERSION = "mem_graph-export", 1
_SCOPE_KEYS = ("user_id", "agent_id", "run_id", "namespace")
_EVENT_COLS = ("memory_id", "event", "old_text", "new_text", "reason", "actor", "extractor", "related_id",
               "message_ids", *_SCOPE_KEYS, "created_at")
_MESSAGE_COLS = ("id", *_SCOPE_KEYS, "role", "name", "content", "timestamp", "created_at", "metadata", "status",
                 "error")
_BATCH = 256


def export(mem: Memory, out: TextIO, scope: Scope | None = None) -> dict[str, int]:
    """Write every memory, graph node and edge, event and raw message (of ``scope``, or all) to ``out``."""
    counts: dict[str, int] = defaultdict(int)

    def emit(kind: str, **data: Any) -> None:
        counts[kind] += 1
        out.write(json.dumps({"type": kind, **data}, ensure_ascii=False) + "\n")

    with mem._write_lock:  # noqa: SLF001 - a consistent cut: no write runs while we read
        out.write(json.dumps({"type": "header", "format": FORMAT, "version": VERSION, "exported_at": to_iso(now()),
                              "scope": scope.stored_fields() if scope else None}) + "\n")
        for rec in _records(mem, scope):
            emit("memory", id=rec.id, payload=rec.to_payload())
        g = mem.graph_store
        where_e, params = scope_where("e", scope) if scope else ("true", {})
        where_m, _ = scope_where("m", scope) if scope else ("true", {})
        where_r, _ = scope_where("r", scope) if scope else ("true", {})
        props = ", ".join(f"e.{k} AS {k}" for k in _SCOPE_KEYS)
        for r in g.cypher(f"MATCH (e:Entity) WHERE {where_e} RETURN e.id AS id, e.name AS name, "
                          f"e.display AS display, e.type AS entity_type, {props} ORDER BY id", params):
            emit("entity", **r)
        for r in g.cypher(f"MATCH (m:Memory)-[:MENTIONS]->(e:Entity) WHERE {where_m} "
                          "RETURN m.id AS memory_id, e.id AS entity_id ORDER BY memory_id, entity_id", params):
            emit("mention", **r)
        for r in g.cypher(f"MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE {where_r} RETURN a.id AS source_id, "
                          "b.id AS target_id, r.type AS relation, r.memory_id AS memory_id, r.valid_from AS valid_from, "
                          "r.invalid_at AS invalid_at ORDER BY memory_id, source_id, target_id", params):
            emit("relation", **r)
        where_h, args = _scope_where(scope) if scope else ("1 = 1", [])
        for e in history_rows(mem.history_store, f"SELECT * FROM events WHERE {where_h} ORDER BY seq", tuple(args)):
            emit("event", **{**e, "message_ids": json.loads(e["message_ids"])})
        for m in history_rows(mem.history_store, f"SELECT * FROM messages WHERE {where_h} ORDER BY rowid",
                              tuple(args)):
            emit("message", **{**m, "metadata": json.loads(m["metadata"])})
        out.write(json.dumps({"type": "footer", "counts": dict(counts)}) + "\n")
    return dict(counts)


def _records(mem: Memory, scope: Scope | None) -> list[MemoryRecord]:
    if scope is not None:
        recs = scroll_all(mem.vectors, VectorFilter(scope=scope, statuses=None))
    else:
        ids = mem.vectors.all_ids()
        recs = [r for i in range(0, len(ids), 512) for r in mem.vectors.get(ids[i:i + 512])]
    return sorted(recs, key=lambda r: (r.created_at, r.id))


def export_file(mem: Memory, path: Path, scope: Scope | None = None) -> dict[str, int]:
    tmp = path.with_name(path.name + ".partial")
    with tmp.open("w", encoding="utf-8") as f:
        counts = export(mem, f, scope)
    tmp.replace(path)  # a finished export only ever appears whole
    return counts


# -- import ------------------------------------------------------------------------------------------------
def read_export(lines: TextIO) -> dict[str, list[dict[str, Any]]]:
    """Parse and validate a whole export; raises ValidationError (with the line number) on anything off."""
    parts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    header = footer = None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise ValidationError(f"line {n}: not JSON ({exc})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise ValidationError(f"line {n}: expected an object with a type")
        if footer is not None:
            raise ValidationError(f"line {n}: data after the footer")
        kind = obj.pop("type")
        if n == 1 or header is None:
            if kind != "header" or obj.get("format") != FORMAT or obj.get("version") != VERSION:
                raise ValidationError(f"line {n}: not a {FORMAT} v{VERSION} file")
            header = obj
        elif kind == "footer":
            footer = obj
        elif kind in ("memory", "entity", "mention", "relation", "event", "message"):
            try:
                parts[kind].append(_check(kind, obj))
            except (KeyError, TypeError, ValueError) as exc:
                if isinstance(exc, MemGraphError):
                    raise ValidationError(f"line {n}: {exc}") from None
                raise ValidationError(f"line {n}: malformed {kind} ({type(exc).__name__}: {exc})") from None
        else:
            raise ValidationError(f"line {n}: unknown record type {kind!r}")
    if header is None or footer is None:
        raise ValidationError("the export is truncated (no footer line)")
    got = {k: len(v) for k, v in parts.items()}
    if any(got.get(k, 0) != v for k, v in footer.get("counts", {}).items()):
        raise ValidationError(f"record counts {got} differ from the footer's {footer.get('counts')}")
    return parts


def _check(kind: str, obj: dict[str, Any]) -> dict[str, Any]:
    if kind == "memory":
        rec = MemoryRecord.from_payload(check_memory_id(obj["id"]), obj["payload"])
        make_scope(rec.scope.user_id, rec.scope.agent_id, rec.scope.run_id, rec.scope.namespace)
        if not isinstance(rec.text, str) or not rec.text:
            raise ValueError("memory text must be a non-empty string")
        return {"record": rec}
    if kind == "event":
        missing = [c for c in _EVENT_COLS if c not in obj]
        if missing or not isinstance(obj["message_ids"], list):
            raise ValueError(f"event fields missing: {missing or ['message_ids']}")
        return obj
    if kind == "message":
        if not all(c in obj for c in ("id", "role", "content", "created_at")) or not isinstance(obj["content"], str):
            raise ValueError("message needs id, role, content (string) and created_at")
        return obj
    required = {"entity": ("id", "name", "display", "entity_type"), "mention": ("memory_id", "entity_id"),
                "relation": ("source_id", "target_id", "relation", "memory_id")}[kind]
    if not all(isinstance(obj.get(c), str) for c in required):
        raise ValueError(f"{kind} needs string fields {required}")
    return obj


def import_(mem: Memory, parts: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
    """Write a validated export into ``mem``; returns counts of what was written or already present."""
    entities = {e["id"]: e for e in parts["entity"]}
    mentions: dict[str, list[str]] = defaultdict(list)
    for m in parts["mention"]:
        mentions[m["memory_id"]].append(m["entity_id"])
    records = [p["record"] for p in parts["memory"]]
    with mem._write_lock:  # noqa: SLF001
        for i in range(0, len(records), _BATCH):
            batch = records[i:i + _BATCH]
            new = [(r, [EntityRef(entities[e]["display"], entities[e]["entity_type"])
                        for e in mentions.get(r.id, []) if e in entities]) for r in batch]
            mem.writer.apply(WritePlan(batch[0].scope, new=new, rewrite=True))
        events, messages = _write_history(mem, parts["event"], parts["message"])
    return {"memories": len(records), "events": events, "messages": messages, "entities": len(entities),
            "relations": len(parts["relation"])}


def _write_history(mem: Memory, events: list[dict[str, Any]], messages: list[dict[str, Any]]) -> tuple[int, int]:
    h = mem.history_store
    seen = {(r["memory_id"], r["event"], r["created_at"]) for r in history_rows(
        h, "SELECT memory_id, event, created_at FROM events")}
    fresh = [e for e in sorted(events, key=lambda e: e.get("seq") or 0)
             if (e["memory_id"], e["event"], e["created_at"]) not in seen]
    with h._tx() as db:  # noqa: SLF001 - rows are restored as stored
        db.executemany(
            f"INSERT INTO events ({', '.join(_EVENT_COLS)}) VALUES ({', '.join('?' * len(_EVENT_COLS))})",
            [tuple(json.dumps(e[c]) if c == "message_ids" else e[c] for c in _EVENT_COLS) for e in fresh])
        cur = db.executemany(
            f"INSERT OR IGNORE INTO messages ({', '.join(_MESSAGE_COLS)}) "
            f"VALUES ({', '.join('?' * len(_MESSAGE_COLS))})",
            [tuple(json.dumps(m.get(c) or {}) if c == "metadata" else
                   (m.get(c) if m.get(c) is not None or c not in _SCOPE_KEYS else "")
                   for c in _MESSAGE_COLS) for m in messages])
    return len(fresh), max(cur.rowcount, 0)


def import_file(mem: Memory, path: Path) -> dict[str, int]:
    try:
        with path.open(encoding="utf-8") as f:
            parts = read_export(f)
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from None
    return import_(mem, parts)
