"""LLM mode (``extractor: "llm"``): one LLM call turns an add() into reconciliation decisions.

``LLMExtractor`` implements the ``Extractor`` contract (base.py): the write
pipeline hands it the whole add() and applies the ``Decision``s it returns
exactly like rule decisions (journal, invalidation, events, results). The model
sees:

* the new messages (speaker role and name only),
* the scope's recent messages (context, never extracted from),
* the top related active memories of the scope (dense search on the new
  messages), numbered 0, 1, 2 …, and their graph relations, numbered too.

Its answer is mapped back to memory ids. Guards applied to every answer:

* an id that was not shown (invented, out of range) or a missing id on
  UPDATE/DELETE: the decision is dropped, logged and recorded as a NONE event
  with rule ``llm.rejected`` — never applied;
* a second UPDATE/DELETE of a memory already superseded in this call: an
  UPDATE becomes an ADD, a DELETE is dropped;
* an ADD whose text hash equals an active or just-planned memory becomes NONE
  (rule ``hash``): hash duplicates are never stored twice, whoever decides;
* a contradicted relation invalidates the memory that asserts it (a relation
  lives and dies with its memory: graph edges are keyed by memory id).

Failure: ``LLMError`` propagates (raw messages are already saved), unless
``extraction.fallback_to_rules`` is set; then the add is decided by the rule
mode (rule_mode.py) and the memories record ``source.extractor == "rules_fallback"`` and the
events the error in their reason.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mem_graph.config import MemoryConfig
from mem_graph.errors import LLMError
from mem_graph.extract import prompts
from mem_graph.extract.base import ExtractionContext, Outcome
from mem_graph.extract.catalogue import single_slot_for_relation
from mem_graph.extract.chat import is_chitchat
from mem_graph.extract.llm import ExtractionOutput, LLMClient, OutFact, Usage
from mem_graph.extract.reconcile import Decision
from mem_graph.extract.rule_mode import RuleMode
from mem_graph.types import EntityRef, Event, Fact, MemoryRecord, Message, Triple, normalise_entity, text_hash

log = logging.getLogger(__name__)


@dataclass
class PromptContext:
    """The inputs of one LLM call; ``memories``/``relations`` index = the integer the model sees."""

    new: list[Message]
    recent: list[Message]
    memories: list[MemoryRecord]
    relations: list[tuple[Triple, int]] = field(default_factory=list)  # (triple, index into memories)
    candidates: list[Fact] = field(default_factory=list)  # hybrid: grey rule facts
    handled: list[Decision] = field(default_factory=list)  # hybrid: rule decisions already taken

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "existing_memories": [{"id": i, "text": r.text} for i, r in enumerate(self.memories)],
            "existing_relations": [{"id": j, "source": t.subject, "relationship": t.relation,
                                    "destination": t.object, "memory": i} for j, (t, i) in enumerate(self.relations)],
            "recent_messages": [_msg(m) for m in self.recent],
            "new_messages": [_msg(m) for m in self.new],
        }
        if self.candidates:
            out["candidate_facts"] = [f.text for f in self.candidates]
        if self.handled:
            out["already_recorded"] = [{"fact": d.fact.text, "decision": d.event.value} for d in self.handled]
        return out


def _msg(m: Message) -> dict[str, str]:
    return {"role": m.role, "content": m.content, **({"name": m.name} if m.name else {})}


class LLMExtractor:
    """Decides a whole add() with one LLM call; the rule mode decides instead when configured to on failure."""

    name = "llm"

    def __init__(self, cfg: MemoryConfig, rule_mode: RuleMode, client: LLMClient):
        self.cfg = cfg
        self.rule_mode = rule_mode
        self.client = client

    def _targets(self, messages: list[Message]) -> list[Message]:
        roles = set(self.cfg.extraction.extract_from_roles)
        return [m for m in messages if m.role in roles and not is_chitchat(m.content)]

    # -- the strategy ---------------------------------------------------------------
    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        targets = self._targets(messages)
        usage = Usage()
        if not targets:  # only chit-chat or other roles: nothing to ask (no tokens spent)
            return Outcome([], usage.as_dict(self.client.settings))
        try:
            vecs = context.embed([m.content for m in targets])
            prompt = self.prompt(context, messages, vecs)
            decisions = self.ask(context, prompt, targets, usage)
        except LLMError as exc:
            return self.fallback(messages, context, usage, exc)
        return self.outcome(decisions, usage)

    def outcome(self, decisions: list[Decision], usage: Usage, fallback: str | None = None,
                vectors: dict[str, np.ndarray] | None = None) -> Outcome:
        out = usage.as_dict(self.client.settings)
        if fallback:
            out["fallback"] = fallback
        if usage.calls:
            log.info("llm usage: %d prompt + %d completion tokens in %d call(s) (model %s, cost %s)%s",
                     usage.prompt_tokens, usage.completion_tokens, usage.calls, out["model"], out["cost"],
                     f"; fell back to rules: {fallback}" if fallback else "")
        return Outcome(decisions, out, vectors or {})

    def fallback(self, messages: list[Message], context: ExtractionContext, usage: Usage,
                 exc: LLMError) -> Outcome:
        """Raise, or decide with the rule mode when ``extraction.fallback_to_rules`` is set."""
        if not self.cfg.extraction.fallback_to_rules:
            log.error("LLM extraction failed (%d call(s)): %s", usage.calls, exc)
            exc.usage = usage.as_dict(self.client.settings)  # type: ignore[attr-defined]  # tokens were spent
            raise exc
        log.warning("LLM extraction failed, falling back to rules: %s", exc)
        facts = self.rule_mode.facts(messages, context)
        for f in facts:
            f.extractor = "rules_fallback"
        ruled = self.rule_mode.reconcile(facts, context)
        for d in ruled.decisions:
            d.reason = f"{d.reason} (LLM failed: {exc}; decided by rules)"
        return self.outcome(ruled.decisions, usage, fallback=str(exc), vectors=ruled.vectors)

    # -- building blocks, shared with hybrid mode ------------------------------------
    def related(self, context: ExtractionContext, vectors: np.ndarray,
                exclude: Collection[str] = ()) -> list[MemoryRecord]:
        """The active memories of exactly this scope closest to any of ``vectors``, best first."""
        limit = self.cfg.extraction.related_memories
        if limit <= 0 or not len(vectors):
            return []
        best: dict[str, tuple[float, MemoryRecord]] = {}
        for vec in vectors:
            for hit in context.nearest(vec, limit):
                if hit.record.id not in exclude and hit.score > best.get(hit.record.id, (-2.0, None))[0]:
                    best[hit.record.id] = (hit.score, hit.record)
        ranked = sorted(best.values(), key=lambda sr: -sr[0])
        return [r for _, r in ranked[:limit]]

    def prompt(self, context: ExtractionContext, new: list[Message], vectors: np.ndarray,
               exclude: Collection[str] = (), extra_recent: Sequence[Message] = ()) -> PromptContext:
        """What the model is shown: ``new``, the scope's recent messages (then ``extra_recent``) and the
        memories related to ``vectors`` (but ``exclude``) with their relations."""
        memories = self.related(context, vectors, exclude)
        relations = [(tr, i) for i, r in enumerate(memories) for tr in r.triples]
        n = self.cfg.extraction.context_messages
        ids = [m.id for m in new if m.id] + [m.id for m in extra_recent if m.id]
        recent = context.recent(n, ids) if n > 0 else []
        recent += extra_recent
        return PromptContext(new=list(new), recent=recent, memories=memories, relations=relations)

    def ask(self, context: ExtractionContext, prompt: PromptContext, sources: list[Message], usage: Usage,
            planned: Sequence[Decision] = ()) -> list[Decision]:
        """One LLM call; its answer as decisions (``planned``: decisions already taken this add)."""
        messages = prompts.build_messages(prompt.payload(), self.cfg.extraction.extract_from_roles,
                                          self.cfg.custom_instructions)
        out = self.client.complete(messages, usage)
        return self.to_decisions(context, out, prompt, sources, planned)

    def to_decisions(self, context: ExtractionContext, out: ExtractionOutput, prompt: PromptContext,
                     sources: list[Message], planned: Sequence[Decision] = ()) -> list[Decision]:
        """Map integer ids back to memories and apply the guards listed in the module docstring."""
        shown = prompt.memories
        msg_ids = [m.id for m in sources if m.id]
        stamps = [m.timestamp for m in sources if m.timestamp is not None]
        metadata: dict[str, Any] = {}
        for m in sources:
            metadata.update(m.metadata)
        note = f"(llm {self.client.settings.model}, prompt {prompts.PROMPT_VERSION})"
        gone: set[str] = {tg.id for d in planned if d.event in (Event.UPDATE, Event.DELETE) for tg in d.targets}
        hashes: dict[str, MemoryRecord] = {d.record.hash: d.record for d in planned if d.record is not None}
        decisions: list[Decision] = []

        def reject(fact: Fact, why: str) -> None:
            log.warning("rejected LLM decision for %r: %s", fact.text, why)
            decisions.append(Decision(Event.NONE, fact, f"{why}; decision dropped {note}", "llm.rejected",
                                      decided_by="llm"))

        for of in out.facts:
            fact = self._fact(of, msg_ids, max(stamps) if stamps else None, metadata)
            event = Event(of.event)
            target = None
            if of.existing is not None:
                if not 0 <= of.existing < len(shown):
                    reject(fact, f"model referenced memory {of.existing}, which it was not shown")
                    continue
                target = shown[of.existing]
            if event in (Event.UPDATE, Event.DELETE) and target is None:
                reject(fact, f"{event.value} without an existing memory id")
                continue
            if not any(ch.isalnum() for ch in fact.text) and event != Event.DELETE:  # "", "...", "-"
                reject(fact, f"{event.value} with an empty fact")
                continue
            reason = f"{of.reason or 'no reason given'} {note}"
            if target is not None and target.id in gone and event in (Event.UPDATE, Event.DELETE):
                if event == Event.DELETE:
                    log.info("LLM deleted memory %s twice in one add; ignored", target.id)
                    continue
                event, target, reason = Event.ADD, None, f"{reason}; its target was already superseded"
            if event in (Event.ADD, Event.UPDATE):
                dup = hashes.get(text_hash(fact.text)) or self._stored_duplicate(context, fact, gone)
                if dup is not None and (event == Event.ADD or dup.id == target.id):  # type: ignore[union-attr]
                    decisions.append(Decision(Event.NONE, fact, f"identical fact already stored (model said "
                                              f"{of.event}: {of.reason})", "hash", [dup], decided_by="rule"))
                    continue
            d = Decision(event, fact, reason, "llm", [target] if target is not None else [], decided_by="llm")
            if event in (Event.ADD, Event.UPDATE):
                d.record = context.make_record(fact, d)
                hashes[d.record.hash] = d.record
            if event in (Event.UPDATE, Event.DELETE) and target is not None:
                gone.add(target.id)
            decisions.append(d)

        for c in out.contradicted_relations:
            fact = Fact(text="", rule="llm", message_ids=msg_ids, extractor="llm")
            if not 0 <= c.relation < len(prompt.relations):
                reject(fact, f"model referenced relation {c.relation}, which it was not shown")
                continue
            triple, idx = prompt.relations[c.relation]
            rec = shown[idx]
            fact.text = f"{triple.subject} {triple.relation} {triple.object}"
            if rec.id in gone:
                continue  # its memory is already updated or deleted by this add
            gone.add(rec.id)
            why = (f"contradicted relation {triple.subject} -[{triple.relation}]-> {triple.object}: "
                   f"{c.reason or 'no reason given'} {note}")
            decisions.append(Decision(Event.DELETE, fact, why, "llm.contradiction", [rec], decided_by="llm"))
        return decisions

    @staticmethod
    def _stored_duplicate(context: ExtractionContext, fact: Fact, gone: set[str]) -> MemoryRecord | None:
        return next((r for r in context.same_text(text_hash(fact.text)) if r.id not in gone), None)

    @staticmethod
    def _fact(of: OutFact, msg_ids: list[str], timestamp: float | None, metadata: dict[str, Any]) -> Fact:
        triples = [Triple(t.subject, t.relation, t.object) for t in of.triples]
        entities = {normalise_entity(e.name): EntityRef(e.name, e.type) for e in of.entities}
        fact = Fact(text=of.text, entities=[e for k, e in entities.items() if k], triples=triples,
                    negated=of.negated, rule="llm", message_ids=list(msg_ids), timestamp=timestamp,
                    metadata=dict(metadata), extractor="llm")
        if len(triples) == 1:  # lets the rules reconcile later facts against this one
            tr = triples[0]
            fact.subject_key, fact.object_key = normalise_entity(tr.subject), normalise_entity(tr.object)
            slot = single_slot_for_relation(tr.relation)  # only single-valued slots carry one (the rules' keys)
            fact.slot = f"{fact.subject_key}|{slot}" if slot else None
        return fact
