"""Replay one reconciliation case in a fresh embedded Memory and check what it remembered.

Fact checks look at durable memories only (``layer != "episodic"``): a verbatim turn records what was
said at a moment and is never a current fact. Graph checks look at every valid RELATES edge (a verbatim
turn's edges count too: a negation must never leave a valid positive edge). Search checks look at the
top-1 result of ``Memory.search``, whatever its layer.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mem_graph.bench.reconcile_cases import Case, Expect


@dataclass
class Check:
    name: str
    ok: bool
    detail: str = ""


@dataclass
class CaseResult:
    case: Case
    checks: list[Check] = field(default_factory=list)
    wrongful: int = 0  # invalidated memories no expectation allows
    missed: int = 0  # old values still current, or expected invalidations that did not happen
    questions: int = 0  # top-1 checks without as_of
    questions_ok: int = 0
    as_of: int = 0  # as_of checks (search or get_all)
    as_of_ok: int = 0
    decisions: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case.id, "set": self.case.split, "category": self.case.category, "slots": self.case.slots,
                "passed": self.passed, "wrongful_invalidations": self.wrongful, "missed_invalidations": self.missed,
                "questions": self.questions, "questions_ok": self.questions_ok, "as_of": self.as_of,
                "as_of_ok": self.as_of_ok, "error": self.error,
                "failed": [{"check": c.name, "detail": c.detail} for c in self.checks if not c.ok],
                "decisions": self.decisions, "facts": self.facts}


# A relation that itself states a negation or a dislike ("not_likes", "dislikes", "hates", "stopped_using").
NEGATIVE_RELATION = re.compile(r"(not|no|never|no_longer|stopped|quit)_|(dislike|hate|detest|despise)")


def has(text: str, entry: str) -> bool:
    """``entry`` (alternatives separated by '|') occurs in ``text``: case-insensitive, from a word start
    (so plurals match); an alternative of at most 3 characters ("Go", "ABB", "34") must be a whole word."""
    low = text.casefold().replace("\u2019", "'")
    for alt in entry.split("|"):
        alt = alt.strip().casefold().replace("\u2019", "'")
        pattern = (r"(?<!\w)" if alt[:1].isalnum() else "") + re.escape(alt) + (r"(?!\w)" if len(alt) <= 3 else "")
        if alt and re.search(pattern, low):
            return True
    return False


def user_of(case: Case) -> str:
    """Each case is its own user: scopes are isolated on every read and write."""
    return f"case-{case.id}"


def replay(mem: Any, case: Case) -> None:
    """Add each user turn together with the assistant turns just before it, as an agent would."""
    pending: list[dict[str, Any]] = []
    for turn, ts in case.timeline():
        pending.append({"role": turn.role, "content": turn.text, "timestamp": ts})
        if turn.role == "user":
            mem.add(pending, user_id=user_of(case))
            pending = []
    if pending:
        mem.add(pending, user_id=user_of(case))


def run_case(case: Case, mem: Any = None, config: dict[str, Any] | None = None) -> CaseResult:
    """Replay and check one case in ``mem`` (its own scope), or in a fresh Memory in a temp dir when None."""
    result = CaseResult(case)
    try:
        if mem is not None:
            replay(mem, case)
            _check(mem, case, result)
            return result
        from mem_graph import Memory

        with tempfile.TemporaryDirectory(prefix="mg-reconcile-") as d, \
                Memory(path=Path(d) / "m", config=config) as fresh:
            replay(fresh, case)
            _check(fresh, case, result)
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}"[:500]
    return result


def _records(mem: Any, user_id: str) -> list[Any]:
    from mem_graph.stores.vector.base import VectorFilter, scroll_all
    from mem_graph.types import Scope

    return scroll_all(mem.vectors, VectorFilter(scope=Scope(user_id=user_id), statuses=None))


def _check(mem: Any, case: Case, res: CaseResult) -> None:
    from mem_graph.types import Scope

    ex, uid = case.expect, user_of(case)
    records = _records(mem, uid)
    facts = [r for r in records if r.layer != "episodic"]
    active = [r for r in facts if r.status.value == "active"]
    positive = [r for r in active if r.polarity > 0]
    invalid = [r for r in records if r.status.value != "active"]
    res.facts = [{"memory": r.text, "status": r.status.value, "layer": r.layer, "polarity": r.polarity,
                  "slot": r.slot, "valid_from": r.valid_from, "invalid_at": r.invalid_at} for r in records]
    events = mem.history_store.changes(Scope(user_id=uid), 0, 10_000)
    res.decisions = [{"event": e["event"], "old": e["old_memory"], "new": e["new_memory"], "reason": e["reason"]}
                     for e in events]
    add = res.checks.append

    for entry in ex.active_must_contain:
        hit = any(has(r.text, entry) for r in active)
        add(Check(f"active has {entry!r}", hit, "" if hit else _texts(active)))
    for entry in ex.active_must_not_contain:
        # a fact naming the old and the new value describes the change ("lives in Innsbruck, not Salzburg")
        stale = [r.text for r in positive
                 if has(r.text, entry) and not any(has(r.text, n) for n in ex.active_must_contain)]
        res.missed += bool(stale)
        add(Check(f"no current fact has {entry!r}", not stale, "; ".join(stale)))
    for entry in ex.invalidated_must_contain:
        hit = any(has(r.text, entry) for r in invalid)
        res.missed += not hit
        add(Check(f"invalidated has {entry!r}", hit, "" if hit else _texts(invalid) or "nothing invalidated"))
    allowed = ex.invalidated_must_contain + ex.may_invalidate
    # a past fact ("I used to play hooker") is stored already no longer valid: no decision invalidated it
    ended = {e["old_memory"] for e in events if e["event"] in ("UPDATE", "DELETE") and e["old_memory"]}
    wrongful = [r.text for r in invalid if r.text in ended and not any(has(r.text, a) for a in allowed)]
    res.wrongful = len(wrongful)
    if ex.no_wrongful_invalidation:
        add(Check("no wrongful invalidation", not wrongful, "; ".join(wrongful)))
    for entry, n in ex.active_count.items():
        got = [r.text for r in active if has(r.text, entry)]
        add(Check(f"{n} active fact(s) with {entry!r}", len(got) == n, f"{len(got)}: " + "; ".join(got)))
    for entry in ex.not_stored:
        got = [r.text for r in facts if has(r.text, entry)]
        add(Check(f"not stored: {entry!r}", not got, "; ".join(got)))
    for entry in ex.not_kept:  # small talk and one-off remarks: raw messages only, no memory of any layer
        got = [r.text for r in records if has(r.text, entry)]
        add(Check(f"not kept: {entry!r}", not got, "; ".join(got)))
    if ex.graph_edges:
        _check_edges(mem, uid, ex, {r.id: r for r in records}, res)
    seen = {e["event"] for e in events}
    for ev in ex.events_include:
        add(Check(f"event {ev} happened", ev in seen, f"events: {sorted(seen)}"))
    for ev in ex.events_exclude:
        add(Check(f"no {ev} event", ev not in seen, f"events: {sorted(seen)}"))
    for q in ex.questions:
        ok, top = _top1(mem, uid, q.q, q.top1_must_contain, q.top1_must_not_contain, q.as_of)
        if q.as_of is None:
            res.questions += 1
            res.questions_ok += ok
        else:
            res.as_of += 1
            res.as_of_ok += ok
        add(Check(f"top-1 of {q.q!r}" + (f" as of {q.as_of:%Y-%m-%d %H:%M}" if q.as_of else ""), ok, top))
    for a in ex.as_of:
        try:
            rows = mem.get_all(user_id=uid, limit=1000, as_of=a.at.timestamp())["results"]
        except TypeError as exc:  # a Memory without as_of
            add(Check(f"as_of {a.at:%Y-%m-%d %H:%M}", False, f"unsupported: {exc}"))
            res.as_of += 1
            continue
        believed = [r for r in rows if r.get("layer") != "episodic"]
        ok = all(any(has(r["memory"], e) for r in believed) for e in a.must_contain) and not any(
            has(r["memory"], e) for r in believed for e in a.must_not_contain if _positive(mem, r))
        res.as_of += 1
        res.as_of_ok += ok
        add(Check(f"believed as of {a.at:%Y-%m-%d %H:%M}", ok, "; ".join(r["memory"] for r in believed)))


def _positive(mem: Any, row: dict[str, Any]) -> bool:
    found = mem.vectors.get([row["id"]])
    return bool(found) and found[0].polarity > 0


def _top1(mem: Any, uid: str, query: str, must: list[str], must_not: list[str], as_of: Any) -> tuple[bool, str]:
    kwargs: dict[str, Any] = {} if as_of is None else {"as_of": as_of.timestamp()}
    try:
        results = mem.search(query, user_id=uid, limit=3, **kwargs)["results"]
    except TypeError as exc:
        return False, f"unsupported: {exc}"
    if not results:
        return False, "no results"
    top = results[0]["memory"]
    ok = all(has(top, e) for e in must) and not any(has(top, e) for e in must_not)
    return ok, f"top-1: {top!r}" + ("" if ok else f" | next: {[r['memory'] for r in results[1:]]}")


def _check_edges(mem: Any, uid: str, ex: Expect, by_id: dict[str, Any], res: CaseResult) -> None:
    from mem_graph.types import Scope

    edges = mem.graph_store.relations(Scope(user_id=uid), include_invalid=False, limit=10_000)

    def pos(e: Any) -> bool:
        rec = by_id.get(e.memory_id)
        return rec is not None and rec.polarity > 0 and not NEGATIVE_RELATION.match(e.relation.casefold())

    for g in ex.graph_edges:
        between = [e for e in edges if has(e.source, g.subject) and has(e.target, g.object)
                   and (g.relation is None or any(r.strip() in e.relation.casefold() for r in g.relation.split("|")))]
        shown = "; ".join(f"{e.source} -{e.relation}{'' if pos(e) else ' (neg)'}-> {e.target}" for e in between)
        if g.positive is True:
            found = any(pos(e) for e in between)
        elif g.positive is False:
            found = bool(between) and not any(pos(e) for e in between)
        else:
            found = bool(between)
        if not g.present:
            found = not (any(pos(e) for e in between) if g.positive else
                         any(not pos(e) for e in between) if g.positive is False else between)
        polarity = {True: "+", False: "-", None: "any"}[g.positive]
        res.checks.append(Check(f"{'' if g.present else 'no '}edge {g.subject} -> {g.object} ({polarity})",
                                found, shown or "no valid edge between them"))


def _texts(records: list[Any]) -> str:
    return "; ".join(r.text for r in records)[:400]
