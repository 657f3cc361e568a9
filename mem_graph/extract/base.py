"""The one contract every extraction mode implements: ``Extractor.decide(messages, context) -> Outcome``.

The write pipeline (mem_graph/write.py) saves the raw messages, builds an ``ExtractionContext`` for the
add and asks its extractor for the decisions; it then plans, journals and applies them the same way
whichever extractor decided. Implementations: ``RuleMode`` and ``Verbatim`` (rule_mode.py: the offline
default and ``infer=False``), ``LLMExtractor`` (strategy.py) and ``HybridExtractor`` (hybrid.py); the
factory is ``build_extractor`` (factory.py).

The context gives an extractor only what deciding needs, each part bound to exactly the add's scope
(every field equal, unset == unset) and to memories alive at the add's time. Nothing in it writes: the
decisions come back and the pipeline applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from mem_graph.extract.reconcile import Decision, Reconciler
from mem_graph.results import Usage
from mem_graph.stores.vector.base import Scored
from mem_graph.types import Fact, MemoryRecord, Message, Scope

MakeRecord = Callable[[Fact, Decision], MemoryRecord]
"""Turns an ADD or UPDATE decision into the record to write (add metadata, expiry and source applied)."""


@dataclass(frozen=True)
class ExtractionContext:
    """What an extractor may use to decide one add()."""

    scope: Scope
    t: float  # the time of this write: facts without a timestamp are valid from it; reads see memories alive at it
    make_record: MakeRecord
    reconciler: Reconciler  # the rule reconciliation (rules and hybrid modes, and the LLM's fallback)
    recent: Callable[[int, Collection[str]], list[Message]]  # the scope's latest n messages, these ids left out
    nearest: Callable[[np.ndarray, int], list[Scored]]  # the scope's active memories closest to a vector
    same_text: Callable[[str], list[MemoryRecord]]  # the scope's active memories with this text hash
    holding: Callable[[str], list[MemoryRecord]]  # the scope's active memories whose object or an entity is a key
    embed: Callable[[list[str]], np.ndarray]  # texts as documents (normalised rows)
    embed_facts: Callable[[list[Fact]], np.ndarray]  # facts as they will be stored (a turn with its speaker)


@dataclass
class Outcome:
    """An extractor's answer for one add(): the decisions, in the order they apply."""

    decisions: list[Decision]
    usage: Usage | None = None  # LLM modes: tokens, calls, model and cost (the add() result's "usage")
    vectors: dict[str, np.ndarray] = field(default_factory=dict)  # new record id -> its vector, when computed

    def vectors_for(self, records: list[MemoryRecord]) -> np.ndarray | None:
        """The vectors of ``records`` in order, or None when any is missing (the pipeline embeds them)."""
        if not records or any(r.id not in self.vectors for r in records):
            return None
        return np.stack([self.vectors[r.id] for r in records])


class Extractor(Protocol):
    """Decides what one add() changes: ADD / UPDATE / DELETE / NONE decisions over the context's memories."""

    name: str

    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        """The decisions for ``messages`` (saved already, with ids); raises ``LLMError`` when a model fails."""
        ...


def vectors_by_record(decisions: list[Decision], vectors: np.ndarray) -> dict[str, np.ndarray]:
    """Record id -> vector, for decisions made one per row of ``vectors``."""
    return {d.record.id: v for d, v in zip(decisions, vectors, strict=True) if d.record is not None}
