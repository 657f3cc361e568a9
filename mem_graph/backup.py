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
importing Memory's embedder, so a backup survives a model change.

Import trusts nothing in the file. It validates the whole file first - each
line against its pydantic model (mem_graph/backup_schema.py: the same rules as
``Memory.add``), then across lines (one scope per memory id, events only about
memories the file holds or erased, in their scope) and against the store (a
memory id that exists in another scope is refused: an import never moves or
overwrites another scope's memory) - and only then writes: every memory in one
journaled write plan (so a crash is finished on the next open), then history
in one transaction. A refused file writes nothing; errors name the line.
Import is idempotent (messages by id, events by (memory, kind, time),
memories by id): an interrupted import is finished by running it again.

Export reads every point it can: one whose stored payload cannot be decoded is
left out and named in the footer's ``skipped`` (``mem-graph check`` reports it).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import pydantic

from mem_graph.backup_schema import LINES, EntityLine, EventLine, Footer, Header, MemoryLine, MessageLine
from mem_graph.config import LimitsConfig
from mem_graph.errors import MemGraphError, ValidationError
from mem_graph.maintenance import REMOVAL_REASONS, history_rows, is_removal, lifecycle, read_all
from mem_graph.stores.boundary import get_readable
from mem_graph.stores.vector.base import VectorFilter, scroll_all
from mem_graph.timeutil import now, to_iso
from mem_graph.types import EntityRef, MemoryRecord, Scope
from mem_graph.validation import MAX_NESTING, check_json
from mem_graph.write import WritePlan

if TYPE_CHECKING:
    from mem_graph.memory import Memory

FORMAT, VERSION = "mem_graph-export", 1
_SCOPE_KEYS = ("user_id", "agent_id", "run_id", "namespace")
_EVENT_COLS = ("memory_id", "event", "old_text", "new_text", "reason", "actor", "extractor", "related_id",
               "message_ids", *_SCOPE_KEYS, "created_at")
_MESSAGE_COLS = ("id", *_SCOPE_KEYS, "role", "name", "content", "timestamp", "created_at", "metadata", "status",
                 "error")
Parts = dict[str, list[tuple[int, Any]]]  # record kind -> (line number, validated line model)


def export(mem: Memory, out: TextIO, scope: Scope | None = None) -> dict[str, int]:
    """Write every memory, graph node and edge, event and raw message (of ``scope``, or all) to ``out``.

    Returns the counts per kind, plus ``skipped`` when stored memories could not be read (named in the footer).
    """
    mem.flush()  # deferred graph steps of verbatim adds land first: the export holds their entities and edges
    counts: dict[str, int] = defaultdict(int)

    def emit(kind: str, **data: Any) -> None:
        counts[kind] += 1
        out.write(json.dumps({"type": kind, **data}, ensure_ascii=False) + "\n")

    with mem.write_lock():
        out.write(json.dumps({"type": "header", "format": FORMAT, "version": VERSION, "exported_at": to_iso(now()),
                              "scope": scope.stored_fields() if scope else None}) + "\n")
        records, skipped = _records(mem, scope)
        for rec in records:
            emit("memory", id=rec.id, payload=rec.to_payload())
        graph = mem.graph_store.export_rows(scope)
        for r in graph["entity"]:
            emit("entity", **r)
        for r in graph["mention"]:
            if r["memory_id"] not in skipped:
                emit("mention", **r)
        for r in graph["relation"]:
            emit("relation", **r)
        events, messages = mem.history_store.export_rows(scope)
        for e in events:
            emit("event", **{**e, "message_ids": json.loads(e["message_ids"])})
        for m in messages:
            emit("message", **{**m, "metadata": json.loads(m["metadata"])})
        out.write(json.dumps({"type": "footer", "counts": dict(counts), "skipped": sorted(skipped)}) + "\n")
    return {**counts, **({"skipped": len(skipped)} if skipped else {})}


def _records(mem: Memory, scope: Scope | None) -> tuple[list[MemoryRecord], set[str]]:
    """The memories to export, oldest first, and the ids of points that cannot be read (left out)."""
    skipped: list[str] = []
    if scope is not None:
        recs = scroll_all(mem.vectors, VectorFilter(scope=scope, statuses=None), skipped=skipped)
    else:
        by_id, skipped = read_all(mem)
        recs = list(by_id.values())
    return sorted(recs, key=lambda r: (r.created_at, r.id)), set(skipped)


def export_file(mem: Memory, path: Path, scope: Scope | None = None) -> dict[str, int]:
    """Export to ``path``: written to a fresh, unpredictable temporary file beside it (created exclusively, so a
    planted file or symlink is never followed), then renamed over ``path`` - a finished export only appears whole."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            counts = export(mem, f, scope)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return counts


# -- import ------------------------------------------------------------------------------------------------
def read_export(lines: TextIO, limits: LimitsConfig | None = None) -> Parts:
    """Parse and validate a whole export; raises ValidationError (naming the line) on anything off."""
    parts: Parts = defaultdict(list)
    footer: Footer | None = None
    seen_header = False
    context = {"limits": limits or LimitsConfig()}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise ValidationError(f"line {n}: not JSON ({str(exc)[:200]})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise ValidationError(f"line {n}: expected an object with a type")
        if footer is not None:
            raise ValidationError(f"line {n}: data after the footer")
        kind = obj.pop("type")
        try:
            check_json(obj, what=f"line {n}", max_depth=MAX_NESTING + 3)  # + line, payload, metadata
            if not seen_header:
                if kind != "header":
                    raise ValidationError(f"line {n}: not a {FORMAT} v{VERSION} file (no header)")
                Header.model_validate(obj)
                seen_header = True
            elif kind == "footer":
                footer = Footer.model_validate(obj)
            elif kind in LINES:
                parts[kind].append((n, LINES[kind].model_validate(obj, context=context)))
            else:
                raise ValidationError(f"line {n}: unknown record type {kind[:40]!r}")
        except pydantic.ValidationError as exc:
            if kind == "header":
                raise ValidationError(f"line {n}: not a {FORMAT} v{VERSION} file") from None
            raise ValidationError(f"line {n}: invalid {kind[:40]}: {_describe(exc)}") from None
        except MemGraphError as exc:
            raise ValidationError(str(exc) if str(exc).startswith("line ") else f"line {n}: {exc}") from None
    if not seen_header or footer is None:
        raise ValidationError("the export is truncated (no footer line)")
    got = {k: len(v) for k, v in parts.items()}
    if any(got.get(k, 0) != v for k, v in footer.counts.items()):
        raise ValidationError(f"record counts {got} differ from the footer's {footer.counts}")
    _check_references(parts)
    return parts


def _describe(exc: pydantic.ValidationError) -> str:
    errs = exc.errors(include_url=False, include_input=False)
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'record'}: {e['msg']}" for e in errs[:3])[:500]


def _check_references(parts: Parts) -> None:
    """Cross-line rules: one line per memory id; events and mentions only about memories the file holds
    (events may also name a memory the file records as erased), in the memory's own scope."""
    memories: dict[str, tuple[int, Scope]] = {}
    for n, m in parts["memory"]:
        if m.id in memories:
            raise ValidationError(f"line {n}: memory {m.id} appears twice (first on line {memories[m.id][0]})")
        memories[m.id] = (n, m.payload.scope())
    erased = _erased_in(parts["event"])
    for mid in erased & memories.keys():
        raise ValidationError(f"line {memories[mid][0]}: memory {mid} is in the file but its last event erases it")
    for n, e in parts["event"]:
        if not e.memory_id:
            continue
        if e.memory_id in memories:
            if e.scope() != memories[e.memory_id][1]:
                raise ValidationError(f"line {n}: event for memory {e.memory_id} is in another scope than the "
                                      f"memory (line {memories[e.memory_id][0]})")
        elif e.memory_id not in erased:
            raise ValidationError(f"line {n}: event names memory {e.memory_id}, which the file neither holds "
                                  "nor records as erased (its last event is no removal: a DELETE whose reason "
                                  f"starts with one of {', '.join(REMOVAL_REASONS)})")
    for n, m in parts["mention"]:
        if m.memory_id not in memories:
            raise ValidationError(f"line {n}: mention of memory {m.memory_id}, which the file does not hold")


def _erased_in(events: list[tuple[int, EventLine]]) -> set[str]:
    """Memory ids whose last event in the file (in import order) erased them, as ``mem-graph check`` judges it."""
    last = lifecycle([e.model_dump() for e in _in_order([e for _, e in events])])
    return {mid for mid, e in last.items() if is_removal(e)}


def _in_order(events: list[EventLine]) -> list[EventLine]:
    return sorted(events, key=lambda e: e.seq or 0)


def _refuse_resurrected_history(mem: Memory, parts: Parts) -> None:
    """An erased memory's events may only land where the store holds no point for it (else the history would
    say erased while the point lives), and after the store's own events for it (else a later ADD outlives the
    erasure)."""
    held = {m.id for _, m in parts["memory"]}
    erased = {e.memory_id: n for n, e in parts["event"] if e.memory_id and e.memory_id not in held}
    if not erased:
        return
    found, unreadable = get_readable(mem.vectors, list(erased))
    for mid in [r.id for r in found] + list(unreadable):
        raise ValidationError(f"line {erased[mid]}: the file records memory {mid} as erased but this store holds "
                              "it; an import never erases a memory (delete it first, or drop its events)")
    for mid, e in _store_lifecycle(mem, list(erased)).items():
        if not is_removal(e):
            raise ValidationError(f"line {erased[mid]}: this store's history says memory {mid} was not erased "
                                  "but holds no point for it; run `mem-graph repair` before importing")


def _store_lifecycle(mem: Memory, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The store's last ADD/UPDATE/DELETE event of each of ``ids`` that has one."""
    rows: list[dict[str, Any]] = []
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        rows += history_rows(mem.history_store, "SELECT seq, memory_id, event, reason FROM events WHERE memory_id "
                             f"IN ({','.join('?' * len(chunk))})", tuple(chunk))
    return lifecycle(sorted(rows, key=lambda r: r["seq"]))


def _restorations(mem: Memory, records: list[MemoryRecord], fresh: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An ADD event for each memory the import brings back that the store had erased (a restore from a backup),
    or that would otherwise have no event at all, so every memory's history ends as the store does: alive."""
    in_file = lifecycle(fresh)
    in_store = _store_lifecycle(mem, [r.id for r in records if r.id not in in_file])
    at, out = now(), list[dict[str, Any]]()
    for r in records:
        last = in_file.get(r.id) or in_store.get(r.id)
        if last is None or is_removal(last):
            why = "no event for it in the file" if last is None else "restored from a backup after it was erased"
            out.append({"memory_id": r.id, "event": "ADD", "old_text": None, "new_text": r.text,
                        "reason": f"[import] {why}", "actor": "import", "extractor": None, "related_id": None,
                        "message_ids": [], **r.scope.stored_fields(), "created_at": at})
    return out


def import_(mem: Memory, parts: Parts) -> dict[str, int]:
    """Write a validated export into ``mem`` (all of it, or nothing when it is refused); returns counts of what
    was written or already present."""
    entities: dict[str, EntityLine] = {e.id: e for _, e in parts["entity"]}
    mentions: dict[str, list[str]] = defaultdict(list)
    for _, m in parts["mention"]:
        mentions[m.memory_id].append(m.entity_id)
    lines: list[tuple[int, MemoryLine]] = parts["memory"]
    records = [m.record() for _, m in lines]
    with mem.write_lock():
        _refuse_foreign_ids(mem, lines, records)
        _refuse_resurrected_history(mem, parts)
        if records:
            new = [(r, [EntityRef(entities[e].display, entities[e].entity_type)
                        for e in mentions.get(r.id, []) if e in entities]) for r in records]
            mem.writer.apply(WritePlan(records[0].scope, new=new, rewrite=True))  # one journaled plan: all of it
        events, messages = _write_history(mem, records, [e for _, e in parts["event"]],
                                          [m for _, m in parts["message"]])
    return {"memories": len(records), "events": events, "messages": messages, "entities": len(entities),
            "relations": len(parts["relation"])}


def _refuse_foreign_ids(mem: Memory, lines: list[tuple[int, MemoryLine]], records: list[MemoryRecord]) -> None:
    """A memory id the store already holds must be in the same scope: import never moves another's memory."""
    ids = [r.id for r in records]
    line_of = {m.id: n for n, m in lines}
    wanted = {r.id: r.scope.stored_fields() for r in records}
    for i in range(0, len(ids), 512):
        found, unreadable = get_readable(mem.vectors, ids[i:i + 512])
        for rec in found:
            if rec.scope.stored_fields() != wanted[rec.id]:
                raise ValidationError(f"line {line_of[rec.id]}: memory {rec.id} already exists in another scope; "
                                      "an import never overwrites another scope's memory")
        if unreadable:
            raise ValidationError(f"line {line_of[unreadable[0]]}: memory {unreadable[0]} exists but cannot be "
                                  "read, so its scope cannot be checked (run `mem-graph repair` first)")


def _write_history(mem: Memory, records: list[MemoryRecord], events: list[EventLine],
                   messages: list[MessageLine]) -> tuple[int, int]:
    h = mem.history_store
    seen = {(r["memory_id"], r["event"], r["created_at"]) for r in history_rows(
        h, "SELECT memory_id, event, created_at FROM events")}
    fresh = [e.model_dump() for e in _in_order(events)
             if (e.memory_id, e.event, e.created_at) not in seen]
    fresh += _restorations(mem, records, fresh)
    rows = [m.model_dump() for m in messages]
    inserted = h.import_rows(
        [{c: json.dumps(e[c]) if c == "message_ids" else _stored(c, e[c]) for c in _EVENT_COLS} for e in fresh],
        [{c: json.dumps(m[c] or {}) if c == "metadata" else _stored(c, m[c]) for c in _MESSAGE_COLS} for m in rows])
    return len(fresh), inserted


def _stored(column: str, value: Any) -> Any:
    """Scope columns are stored as '' when unset ('default' for the namespace)."""
    if column in _SCOPE_KEYS and not value:
        return "default" if column == "namespace" else ""
    return value


def import_file(mem: Memory, path: Path) -> dict[str, int]:
    try:
        with path.open(encoding="utf-8") as f:
            parts = read_export(f, mem.config.limits)
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from None
    return import_(mem, parts)
