"""Reconciliation: each candidate fact becomes ADD, UPDATE(existing), DELETE(existing) or NONE.

Rules run in a fixed order and the first that fires decides; its name and a
human-readable reason go to the history, so every decision is auditable:

1. ``hash``         identical normalised text already stored            -> NONE
2. ``negation``     "I don't use MySQL" cancels the positive facts about
                    the same subject and object                          -> DELETE each
                    (nothing to cancel: the negative fact is kept)       -> ADD
3. ``restatement``  same subject, relation and object, same polarity    -> NONE
4. ``reversal``     same subject, relation, object; polarity flipped     -> UPDATE
5. ``single_value`` a single-valued attribute (where one lives, works…)
                    gets a new value                                     -> UPDATE
6. ``near_duplicate`` dense cosine >= threshold with an existing fact    -> NONE
7. ``new``          otherwise                                            -> ADD

Candidates also see the facts planned earlier in the same add(), so one call
that says "I live in Beijing… I moved to Shanghai" ends with one current fact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from mem_graph.config import ReconcileConfig
from mem_graph.stores.vector.base import VectorFilter, VectorStore
from mem_graph.types import Event, Fact, MemoryRecord, Scope, text_hash


@dataclass
class Decision:
    event: Event
    fact: Fact
    reason: str
    rule: str
    targets: list[MemoryRecord] = field(default_factory=list)  # UPDATE/DELETE/NONE: the existing memories
    decided_by: str = "rule"
    record: MemoryRecord | None = None  # ADD/UPDATE: the memory to write


@dataclass
class _Known:
    """An existing or already-planned memory, as the rules see it."""

    record: MemoryRecord
    vector: np.ndarray | None = None
    planned: bool = False


def fact_polarity(fact: Fact) -> int:
    return 0 if fact.negated else fact.polarity


class Reconciler:
    def __init__(self, vectors: VectorStore, cfg: ReconcileConfig):
        self.vectors = vectors
        self.cfg = cfg

    def _related(self, scope: Scope, fact: Fact, vector: np.ndarray,
                 alive_at: float) -> dict[str, tuple[MemoryRecord, float | None]]:
        """Active memories in scope that a rule could fire on: dense neighbours, same hash,
        same slot, same subject+object."""
        base = VectorFilter(scope=scope, alive_at=alive_at)
        found: dict[str, tuple[MemoryRecord, float | None]] = {}
        for hit in self.vectors.search_dense(vector, base, self.cfg.related_limit):
            found[hit.record.id] = (hit.record, hit.score)
        lookups = [{"hash": text_hash(fact.text)}]
        if fact.slot:
            lookups.append({"slot": fact.slot})
        if fact.subject_key and fact.object_key:
            lookups.append({"subject_key": fact.subject_key, "object_key": fact.object_key})
        for equals in lookups:
            flt = VectorFilter(scope=scope, alive_at=alive_at, equals=equals)
            for rec in self.vectors.scroll(flt, self.cfg.related_limit * 4)[0]:
                found.setdefault(rec.id, (rec, None))
        return found

    def decide(self, scope: Scope, facts: list[Fact], vectors: np.ndarray, alive_at: float,
               planned_record: Callable[[Fact, Decision], MemoryRecord]) -> list[Decision]:
        """Decide every fact in order; ``planned_record`` turns an ADD/UPDATE into the record to be
        written, so later facts of the same call can be reconciled against it."""
        planned: list[_Known] = []
        gone: set[str] = set()  # superseded earlier in this call
        decisions: list[Decision] = []
        for fact, vec in zip(facts, vectors, strict=True):
            related = self._related(scope, fact, vec, alive_at)
            candidates = [_Known(r) for r, _ in related.values() if r.id not in gone] + planned
            sims = {rid: s for rid, (_, s) in related.items() if s is not None and rid not in gone}
            sims.update({p.record.id: float(np.dot(vec, p.vector)) for p in planned if p.vector is not None})
            decision = self._decide_one(fact, [c.record for c in candidates], sims)
            decisions.append(decision)
            if decision.event in (Event.UPDATE, Event.DELETE):
                gone |= {t.id for t in decision.targets}
                planned = [p for p in planned if p.record.id not in gone]
            if decision.event in (Event.ADD, Event.UPDATE):
                decision.record = planned_record(fact, decision)
                planned.append(_Known(decision.record, vec, planned=True))
        return decisions

    def _decide_one(self, fact: Fact, records: list[MemoryRecord], sims: dict[str, float]) -> Decision:
        h = text_hash(fact.text)
        pol = fact_polarity(fact)
        same_hash = [r for r in records if r.hash == h]
        if same_hash:
            return Decision(Event.NONE, fact, "identical fact already stored", "hash", same_hash[:1])
        same_object = [r for r in records if fact.subject_key and r.subject_key == fact.subject_key
                       and r.object_key == fact.object_key and r.slot == fact.slot]
        if fact.negated:
            cancelled = [r for r in records if fact.subject_key and r.subject_key == fact.subject_key
                         and r.object_key == fact.object_key and r.polarity != 0]
            if cancelled:
                return Decision(Event.DELETE, fact,
                                f"explicit negation ({fact.text!r}) of {len(cancelled)} existing fact(s)",
                                "negation", cancelled)
        for r in same_object:
            if r.polarity == pol:
                return Decision(Event.NONE, fact, f"restates existing fact {r.text!r}", "restatement", [r])
        for r in same_object:
            return Decision(Event.UPDATE, fact, f"reverses {r.text!r} (polarity {r.polarity:+d} -> {pol:+d})",
                            "reversal", [r])
        if fact.single_valued:
            old = [r for r in records if r.slot == fact.slot and r.object_key != fact.object_key]
            if old:
                attr = (fact.slot or "").split("|", 1)[-1]
                return Decision(Event.UPDATE, fact,
                                f"single-valued attribute {attr!r} changed: {old[0].object_key!r} -> {fact.object_key!r}",
                                "single_value", old)
        best_id, best = max(sims.items(), key=lambda kv: kv[1], default=(None, -1.0))
        # A verbatim turn records what was said at a moment: only its exact words (the hash rule above)
        # make it a duplicate. Sentence-pooled turns of one speaker sit close together in vector space.
        if fact.layer != "episodic" and best_id is not None and best >= self.cfg.near_duplicate_threshold:
            target = next(r for r in records if r.id == best_id)
            return Decision(Event.NONE, fact, f"near-duplicate of {target.text!r} (cosine {best:.2f})",
                            "near_duplicate", [target])
        if fact.negated:
            return Decision(Event.ADD, fact, "negative fact with nothing to cancel; kept as stated", "new")
        return Decision(Event.ADD, fact, "new fact", "new")


