"""The offline extractors: ``RuleMode`` (``extractor: "rules"``, the default) and ``Verbatim`` (``infer=False``).

``RuleMode`` turns each message of an extraction role into rule facts (rules.py; "he" and "my brother"
resolved against the scope's latest messages), keeps a turn verbatim as an *episodic* memory when no
fact came of it or its facts carry too little of it, and lets the reconciler (reconcile.py) decide each
fact. ``Verbatim`` stores every message as said, entities and triples analysed, with no reconciliation.
"""

from __future__ import annotations

import functools
import re

from mem_graph.config import ExtractionConfig
from mem_graph.extract.base import ExtractionContext, Outcome, vectors_by_record
from mem_graph.extract.chat import is_chitchat, not_memorable, statements
from mem_graph.extract.correction import correct_facts
from mem_graph.extract.episodes import uncovered_statement
from mem_graph.extract.jobs import job_moves
from mem_graph.extract.kept_post import kept_posts
from mem_graph.extract.lexicon import stop_words
from mem_graph.extract.losses import naming_earlier, needs_earlier_pets
from mem_graph.extract.reconcile import Decision
from mem_graph.extract.rules import RuleExtractor
from mem_graph.extract.transition import transition_facts
from mem_graph.types import Event, Fact, MemoryRecord, Message

_WORDS = re.compile(r"[a-z0-9]{2,}")


def coverage(content: str, facts: list[Fact]) -> float:
    """Share of the message's content words that its extracted facts carry."""
    stop = stop_words()
    words = {w for w in _WORDS.findall(content.casefold()) if w not in stop}
    if not words:
        return 1.0
    said = {w for f in facts for w in _WORDS.findall(f.text.casefold())}
    return len(words & said) / len(words)


def verbatim_facts(rules: RuleExtractor, messages: list[Message], rule: str = "verbatim", *,
                   analyse: bool = True, relations: bool = True) -> list[Fact]:
    """Each message as an episodic fact, as said (speaker and role in its metadata); ``analyse=False``
    leaves entities and triples to the deferred graph step (mem_graph/graph_index.py); ``relations=False``
    keeps its entities only (a copy beside the turn's facts, whose edges those facts carry)."""
    out = []
    analysed = rules.analyse(messages) if analyse else [([], []) for _ in messages]
    for m, (entities, triples) in zip(messages, analysed, strict=True):
        meta = dict(m.metadata)
        if m.name:
            meta.setdefault("speaker", m.name)
        meta.setdefault("role", m.role)
        out.append(Fact(text=m.content.strip(), entities=entities, triples=triples if relations else [], rule=rule,
                        message_ids=[m.id] if m.id else [], timestamp=m.timestamp, metadata=meta,
                        layer="episodic", extractor="verbatim"))
    return out


def recent_memories(context: ExtractionContext, *texts: str) -> list[MemoryRecord]:
    """The scope's active memories nearest any of ``texts``, newest first (what a correction may correct)."""
    vectors = context.embed(list(texts))
    found = {hit.record.id: hit.record for v in vectors for hit in context.nearest(v, 20)}
    return sorted(found.values(), key=lambda r: (r.valid_from, r.created_at), reverse=True)


def _holding(context: ExtractionContext, key: str) -> list[MemoryRecord]:
    """The scope's active memories that hold ``key`` (by object or entity), else those nearest it."""
    return context.holding(key) or recent_memories(context, key)


_PET_LOOKBACK = 200  # messages searched for a pet's naming when a turn says it died


class RuleMode:
    """Rule facts, reconciled by rules: deterministic and offline."""

    name = "rules"

    def __init__(self, cfg: ExtractionConfig, rules: RuleExtractor):
        self.cfg = cfg
        self.rules = rules

    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        return self.reconcile(self.facts(messages, context), context, " ".join(m.content for m in messages))

    def facts(self, messages: list[Message], context: ExtractionContext) -> list[Fact]:
        """The rule facts of the messages, then the turns kept verbatim (unextracted, or only partly)."""
        roles = set(self.cfg.extract_from_roles)
        targets = [m for m in messages if m.role in roles]
        facts: list[Fact] = []
        leftovers: list[Message] = []
        partial: list[Message] = []
        for m, found in zip(targets, self._extract(targets, context), strict=True):
            found = correct_facts(m, found, functools.partial(recent_memories, context, m.content))
            holding = functools.partial(_holding, context)
            found = job_moves(transition_facts(m, found, holding), holding)  # "moved from Nuffield to Bupa"
            facts.extend(found)
            # questions, requests and small talk to the assistant stay raw messages only (never memories
            # injected back); a named participant's question in a conversation between people ("Love the
            # tattoo, did you just get it?") is part of the record and kept verbatim, never as a fact
            if not found and self.cfg.keep_unextracted and not (
                    is_chitchat(m.content) if m.name else not_memorable(m.content)):
                leftovers.append(m)
            elif found and self._partly_read(m, found):
                partial.append(m)
        return (facts + verbatim_facts(self.rules, leftovers, rule="verbatim.unextracted")
                + verbatim_facts(self.rules, partial, rule="verbatim.partial", relations=False))

    def _partly_read(self, m: Message, found: list[Fact]) -> bool:
        """Whether the turn says more than its facts carry: a named speaker's turn whose facts carry under
        ``episode_min_coverage`` of its words; a user's turn with a statement no fact accounts for, one that names
        a thing no fact does once the facts carry that share ("i'm sick of jazz, i listen to techno now" when only
        the first clause was read), not a comment or the replaced value (episodes.py)."""
        if m.name:
            return coverage(m.content, found) < self.cfg.episode_min_coverage
        said = statements(m.content)
        covered = coverage(said, found)
        return covered < 1.0 and uncovered_statement(said, found, self.rules.nlp, stop_words(),
                                                     naming=covered >= self.cfg.episode_min_coverage) is not None

    def _extract(self, targets: list[Message], context: ExtractionContext) -> list[list[Fact]]:
        """Rule facts; the scope's latest earlier messages tell who "he" or "my brother" is."""
        n = self.cfg.context_messages
        if n <= 0 or not targets:
            return self.rules.extract(targets)
        roles = set(self.cfg.extract_from_roles)
        ids = [m.id for m in targets if m.id]
        recent = context.recent(n, ids)
        if any(needs_earlier_pets(m.content) for m in targets):  # "we lost Olivia": the turn that named her
            earlier = context.recent(_PET_LOOKBACK, ids)
            older = [o for m in targets for o in naming_earlier(m.content, earlier) if o not in recent]
            recent = older[-3:] + recent
        return self.rules.extract(targets, context=[m for m in recent if m.role in roles])

    def reconcile(self, facts: list[Fact], context: ExtractionContext, said: str | None = None) -> Outcome:
        """Each fact decided by the reconciler, against the scope's memories and the facts before it; with the
        messages' words ``said``, a post whose workplace alone changed is kept (kept_post.py)."""
        vectors = context.embed_facts(facts)
        slots = [f.slot for f in facts]
        decisions = context.reconciler.decide(context.scope, facts, vectors, context.t, context.make_record)
        out = vectors_by_record(decisions, vectors)
        # "handed my notice in at Boots, starting at Lloyds": the post of "a pharmacist at Boots" stays
        if said is not None and (kept := kept_posts(decisions, slots, said)):
            for d, v in zip(kept, context.embed_facts([d.fact for d in kept]), strict=True):
                d.record = context.make_record(d.fact, d)
                out[d.record.id] = v
            decisions += kept
        return Outcome(decisions, vectors=out)


class Verbatim:
    """``infer=False``: every message stored as said, an ADD each (``analyse=False``: entities and triples
    left to the deferred graph step)."""

    name = "verbatim"

    def __init__(self, rules: RuleExtractor, *, analyse: bool = True):
        self.rules = rules
        self.analyse = analyse

    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        facts = verbatim_facts(self.rules, messages, analyse=self.analyse)
        vectors = context.embed_facts(facts)
        decisions = [Decision(Event.ADD, f, "stored verbatim (infer=False)", "verbatim") for f in facts]
        for d in decisions:
            d.record = context.make_record(d.fact, d)
        return Outcome(decisions, vectors=vectors_by_record(decisions, vectors))
