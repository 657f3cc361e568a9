"""Hybrid mode (``extractor: "hybrid"``): rules decide the clear cases, the LLM only the grey zone.

Every add() first runs the offline path: the rule extractor proposes facts and
the reconciler decides each one. Then each rule decision is classified.

**Clear** (kept as the rules decided, no tokens spent):

* a rule hit: ``hash``, ``negation`` (it cancelled something), ``restatement``,
  ``reversal``, ``single_value`` — and ``near_duplicate`` (cosine at or above
  ``reconcile.near_duplicate_threshold``);
* a ``new`` ADD of a positive fact whose best cosine similarity to any active
  memory of the scope (or to a fact planned earlier in the same add) is below
  ``extraction.grey_similarity`` (default 0.7): plainly new information.

**Grey** (sent to the LLM, in one call per add):

1. a message of an extraction role with content (not chit-chat) from which the
   rules extracted nothing (rules mode would keep it verbatim);
2. a ``new`` ADD whose best similarity lies in the ambiguous band
   ``[grey_similarity, near_duplicate_threshold)``: it resembles a stored
   memory without duplicating it, so it may update or contradict it in a way no
   rule recognises;
3. a ``new`` ADD of a negated fact (the negation cancelled nothing the rules
   could match, so what it contradicts is unclear);
4. any decision that targets a memory planned by a grey decision (it depended
   on something the LLM now decides).

The LLM sees the messages that produced grey cases as ``new_messages`` (the
other new messages as context), the grey facts as ``candidate_facts``, the
clear decisions from the same messages as ``already_recorded``, and the related
memories (those superseded by clear decisions are left out). Its decisions go
through the same guards as LLM mode (``strategy.py``). If no case is grey, no
call is made. If the call fails, ``LLMError`` is raised, or with
``extraction.fallback_to_rules`` the whole add is decided by the rule path.
Events record who decided: ``[hash]``, ``[single_value]`` … for rules and
``[llm]`` for the model, and ``extractor`` is ``rules`` or ``llm``.
"""

from __future__ import annotations

import numpy as np

from mem_graph.errors import LLMError
from mem_graph.extract.base import ExtractionContext, Outcome
from mem_graph.extract.chat import is_chitchat
from mem_graph.extract.llm import Usage
from mem_graph.extract.reconcile import Decision
from mem_graph.extract.strategy import LLMExtractor
from mem_graph.types import Event, Message


class HybridExtractor(LLMExtractor):
    name = "hybrid"

    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        roles = set(self.cfg.extraction.extract_from_roles)
        targets = [m for m in messages if m.role in roles]
        found = self.rule_mode.rules.extract(targets)
        facts = [f for fs in found for f in fs]
        leftovers = [m for m, fs in zip(targets, found, strict=True) if not fs and not is_chitchat(m.content)]
        vectors = context.embed_facts(facts)
        decisions = context.reconciler.decide(context.scope, facts, vectors, context.t, context.make_record)
        grey = self.grey(context, decisions, vectors)
        usage = Usage()
        if not any(grey) and not leftovers:
            return Outcome(decisions, usage.as_dict(self.client.settings))

        clear = [d for d, g in zip(decisions, grey, strict=True) if not g]
        grey_decisions = [d for d, g in zip(decisions, grey, strict=True) if g]
        involved = {i for d in grey_decisions for i in d.fact.message_ids} | {m.id for m in leftovers}
        new = [m for m in messages if m.id in involved]
        others = [m for m in messages if m.id not in involved]
        superseded = {tg.id for d in clear if d.event in (Event.UPDATE, Event.DELETE) for tg in d.targets}
        grey_vecs = [v for v, g in zip(vectors, grey, strict=True) if g]
        query = np.concatenate([context.embed([m.content for m in new]),
                                *([np.asarray(grey_vecs, dtype=np.float32)] if grey_vecs else [])])
        try:
            prompt = self.prompt(context, new, query, exclude=superseded, extra_recent=others)
            prompt.candidates = [d.fact for d in grey_decisions]
            prompt.handled = [d for d in clear if set(d.fact.message_ids) & involved]
            llm_decisions = self.ask(context, prompt, new, usage, planned=clear)
        except LLMError as exc:
            return self.fallback(messages, context, usage, exc)
        return self.outcome(clear + llm_decisions, usage)

    def grey(self, context: ExtractionContext, decisions: list[Decision], vectors: np.ndarray) -> list[bool]:
        """Which rule decisions are grey (see the module docstring)."""
        low = self.cfg.extraction.grey_similarity
        grey_records: set[str] = set()
        planned: list[np.ndarray] = []
        out: list[bool] = []
        for d, vec in zip(decisions, vectors, strict=True):
            if any(tg.id in grey_records for tg in d.targets):
                is_grey = True
            elif d.rule == "new":
                hits = context.nearest(vec, 1)
                best = max([h.score for h in hits] + [float(np.dot(vec, p)) for p in planned], default=-1.0)
                is_grey = d.fact.negated or best >= low
            else:
                is_grey = False
            out.append(is_grey)
            if d.record is not None:
                if is_grey:
                    grey_records.add(d.record.id)
                else:
                    planned.append(vec)
        return out
