"""User corrections and feedback: invalidate, restore, undo a reconciliation decision, rate a memory.

Each is one journaled ``WritePlan`` like any other write (mem_graph/write.py), recorded as an event with actor
``user``: ``INVALIDATE`` / ``RESTORE`` with reason ``[user_correction] …``, ``FEEDBACK`` with
``[user_feedback] useful|wrong …``. A user correction outranks any rule or model: the texts the user rejected
(an invalidated memory's, the old text of a corrected edit, the successor an undo removed) are derived from the
scope's correction events, and ``guard`` turns a later restatement of one into ``NONE`` with the reason
"user corrected this" instead of silently bringing it back. Restoring a memory lifts its rejection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mem_graph.errors import NotFoundError, ValidationError
from mem_graph.extract.reconcile import Decision
from mem_graph.results import CorrectionResponse, FeedbackResponse, HistoryEvent, UndoResponse
from mem_graph.stores.history import EventRow, HistoryStore
from mem_graph.stores.vector.base import VectorStore
from mem_graph.timeutil import now
from mem_graph.types import EntityRef, Event, MemoryRecord, Scope, Status, text_hash
from mem_graph.validation import check_text, show
from mem_graph.write import WritePipeline, WritePlan

USER = "user"
CORRECTION = "user_correction"
FEEDBACK = "user_feedback"
RATINGS = ("useful", "wrong")
MAX_NOTE = 2000
_KINDS = ("INVALIDATE", "RESTORE", "UPDATE")


def _reason(rule: str, text: str, note: str | None, client_id: str | None) -> str:
    out = f"[{rule}] {text}"
    if note:
        out += f": {note}"
    return out + (f" (via {client_id})" if client_id and client_id != USER else "")


def check_note(note: Any, what: str = "reason") -> str | None:
    return None if note is None else check_text(note, what=what, max_chars=MAX_NOTE)


def feedback_score(record: MemoryRecord) -> float:
    """(useful - wrong) / ratings in [-1, 1]; 0 when never rated (the fusion signal ``feedback_weight``)."""
    fb = record.source.get("feedback") or {}
    useful, wrong = int(fb.get("useful", 0)), int(fb.get("wrong", 0))
    return (useful - wrong) / (useful + wrong) if useful + wrong else 0.0


class Corrections:
    """The user's own changes to what is remembered; callers hold the Memory's write lock."""

    def __init__(self, writer: WritePipeline, vectors: VectorStore, history: HistoryStore):
        self.writer = writer
        self.vectors = vectors
        self.history = history

    # -- writes ---------------------------------------------------------------
    def invalidate(self, rec: MemoryRecord, note: str | None, client_id: str | None) -> CorrectionResponse:
        if rec.status != Status.ACTIVE:
            raise ValidationError(f"memory {rec.id} is already {rec.status.value}")
        plan = WritePlan(rec.scope, invalidate={rec.id: (now(), None, USER)},
                         events=[self._invalidated(rec, note, client_id)])
        self.writer.apply(plan)
        return {"id": rec.id, "memory": rec.text, "event": "INVALIDATE", "reason": plan.events[0].reason}

    def restore(self, rec: MemoryRecord, note: str | None, client_id: str | None) -> CorrectionResponse:
        if rec.status == Status.ACTIVE:
            raise ValidationError(f"memory {rec.id} is already active")
        plan = WritePlan(rec.scope, new=[self._restored(rec)], rewrite=True,
                         events=[self._restore_event(rec, note or "restored by the user", client_id)])
        self.writer.apply(plan)
        return {"id": rec.id, "memory": rec.text, "event": "RESTORE", "reason": plan.events[0].reason}

    def undo(self, restore: list[MemoryRecord], invalidate: list[MemoryRecord], what: str,
             client_id: str | None) -> UndoResponse:
        """Restore ``restore`` and invalidate ``invalidate`` (their successors) in one write."""
        if not restore and not invalidate:
            raise ValidationError(f"nothing to undo: {what}")
        scope = (restore or invalidate)[0].scope
        t = now()
        events = [self._restore_event(r, f"undo of {what}", client_id,
                                      related=invalidate[0].id if invalidate else None) for r in restore]
        events += [self._invalidated(r, f"undo of {what}", client_id) for r in invalidate]
        plan = WritePlan(scope, new=[self._restored(r) for r in restore], rewrite=bool(restore),
                         invalidate={r.id: (t, None, CORRECTION) for r in invalidate}, events=events)
        self.writer.apply(plan)
        return {"restored": [{"id": r.id, "memory": r.text} for r in restore],
                "invalidated": [{"id": r.id, "memory": r.text} for r in invalidate], "event": "UNDO",
                "reason": events[0].reason}

    def feedback(self, rec: MemoryRecord, rating: str, note: str | None, client_id: str | None
                 ) -> FeedbackResponse:
        if not isinstance(rating, str) or rating not in RATINGS:
            raise ValidationError(f"rating must be 'useful' or 'wrong', got {show(rating)}")
        fb = {k: int((rec.source.get("feedback") or {}).get(k, 0)) for k in RATINGS}
        fb[rating] += 1
        new = replace(rec, source={**rec.source, "feedback": fb}, updated_at=now())
        event = EventRow(rec.id, "FEEDBACK", rec.scope, None, None, _reason(FEEDBACK, rating, note, client_id), USER)
        self.writer.apply(WritePlan(rec.scope, new=[(new, _refs(rec))], rewrite=True, events=[event]))
        return {"id": rec.id, "memory": rec.text, "event": "FEEDBACK", "rating": rating, "feedback": fb}

    # -- the guard on later writes -----------------------------------------------
    def rejected(self, scope: Scope) -> dict[str, str]:
        """Hash of each text the user rejected in exactly ``scope`` -> the memory it belonged to."""
        out: dict[str, str] = {}
        for e in self.history.events_by(scope, USER, _KINDS):
            if not (e["reason"] or "").startswith(f"[{CORRECTION}]"):
                continue
            if e["event"] == "RESTORE" and e["new_memory"]:
                out.pop(text_hash(e["new_memory"]), None)
                continue
            if e["event"] == "UPDATE" and e["new_memory"]:  # an edit: the new text is the user's own
                out.pop(text_hash(e["new_memory"]), None)
            if e["old_memory"]:
                out[text_hash(e["old_memory"])] = e["memory_id"]
        return out

    def guard(self, scope: Scope, decisions: list[Decision]) -> list[Decision]:
        """Decisions that would bring back a text the user rejected become NONE ("user corrected this")."""
        writes = [d for d in decisions if d.event in (Event.ADD, Event.UPDATE) and d.rule != "verbatim"]
        if not writes:
            return decisions
        rejected = self.rejected(scope)
        if not rejected:
            return decisions
        hit = {id(d): rejected[text_hash(d.fact.text)] for d in writes if text_hash(d.fact.text) in rejected}
        if not hit:
            return decisions
        found = {r.id: r for r in self.vectors.get(list(set(hit.values())))}
        out = []
        for d in decisions:
            if id(d) in hit:
                target = found.get(hit[id(d)])
                d = Decision(Event.NONE, d.fact, "user corrected this", CORRECTION,
                             [target] if target is not None and target.scope == scope else [], decided_by=USER)
            out.append(d)
        return out

    # -- helpers -------------------------------------------------------------------
    def _invalidated(self, rec: MemoryRecord, note: str | None, client_id: str | None) -> EventRow:
        return EventRow(rec.id, "INVALIDATE", rec.scope, rec.text, None,
                        _reason(CORRECTION, "invalidated by the user", note, client_id), USER)

    def _restore_event(self, rec: MemoryRecord, text: str, client_id: str | None,
                       related: str | None = None) -> EventRow:
        return EventRow(rec.id, "RESTORE", rec.scope, None, rec.text, _reason(CORRECTION, text, None, client_id),
                        USER, None, related)

    @staticmethod
    def _restored(rec: MemoryRecord) -> tuple[MemoryRecord, list[EntityRef]]:
        return (replace(rec, status=Status.ACTIVE, invalid_at=None, superseded_by=None, ended_by=None,
                        updated_at=now(), version=rec.version + 1), _refs(rec))


def _refs(rec: MemoryRecord) -> list[EntityRef]:
    return [EntityRef(n) for n in rec.entities]


def event_in_scope(history: HistoryStore, seq: int, scope: Scope) -> HistoryEvent:
    """Event ``seq`` if it belongs to ``scope``; otherwise NotFoundError, the same answer as for no such event."""
    event = history.event(seq)
    if event is None or any((event.get(k) or ("default" if k == "namespace" else None)) != v
                            for k, v in scope.fields().items()):
        raise NotFoundError(f"no event {seq} in this scope")
    return event


def undo_targets(get: Callable[[Scope, str], MemoryRecord], history: HistoryStore, target: str | int, scope: Scope
                 ) -> tuple[list[MemoryRecord], list[MemoryRecord], str]:
    """What undoing ``target`` (an event seq, or a memory id) restores and invalidates, checked against
    ``scope`` through ``get(scope, id)`` (NotFoundError outside it)."""
    if isinstance(target, bool):
        raise ValidationError("undo takes an event number or a memory id, not a boolean")
    if isinstance(target, int):
        event = event_in_scope(history, target, scope)
        kind, mid, related = event["event"], event["memory_id"], event["related_id"]
        if kind == "UPDATE" and related:  # mid replaced related
            newer, old = get(scope, mid), get(scope, related)
            return ([old] if old.status != Status.ACTIVE else [], [newer] if newer.status == Status.ACTIVE else [],
                    f"update event {target}")
        if kind in ("DELETE", "INVALIDATE"):
            try:
                rec = get(scope, mid)
            except NotFoundError:
                raise NotFoundError(f"memory {mid} of event {target} was erased; there is nothing to restore") from None
            return ([rec] if rec.status != Status.ACTIVE else []), [], f"{kind.lower()} event {target}"
        raise ValidationError(f"event {target} is a {kind}: only an UPDATE that replaced a memory, a DELETE or an "
                              "INVALIDATE can be undone")
    rec = get(scope, target)
    if rec.status != Status.ACTIVE:
        succ: list[MemoryRecord] = []
        if rec.superseded_by:
            try:
                s = get(scope, rec.superseded_by)
                succ = [s] if s.status == Status.ACTIVE else []
            except NotFoundError:
                pass
        return [rec], succ, f"the decision that invalidated memory {rec.id}"
    replaced = [e["related_id"] for e in history.history(rec.id)
                if e["event"] == "UPDATE" and e["memory_id"] == rec.id and e["related_id"]]
    olds = []
    for rid in dict.fromkeys(replaced):
        try:
            old = get(scope, rid)
        except NotFoundError:
            continue
        if old.status != Status.ACTIVE and old.superseded_by == rec.id:
            olds.append(old)
    if not olds:
        raise ValidationError(f"nothing to undo: memory {rec.id} is active and replaced no memory")
    return olds, [rec], f"the update that created memory {rec.id}"
