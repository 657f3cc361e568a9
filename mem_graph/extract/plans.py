"""Plans that came true: "we're moving up to manchester in feb" ... "update: moved!".

A clause about a change still ahead ("moving to X next month", "he's switching to Oakwood after easter",
"starting at Monzo in march") is stored as said and changes nothing (reconcile.py: hedge/plan). When a
later turn says the change happened without naming its value again ("moved!", "we finally moved in",
"he started there today"), the latest plan of the same kind by the same subject is read again as current:
its slot value becomes the current one ("User now lives in Manchester"), with the completion as evidence.
Only within the conversation the rules read (the add's messages and its context messages).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from mem_graph.extract.clauses import Context, clause_subject
from mem_graph.extract.cues import Cues
from mem_graph.extract.predicate import content_verb, predicate
from mem_graph.types import Fact, Message, normalise_entity

# verbs of a change that can be planned, by kind: a completion of one kind realises a plan of that kind
KINDS = {"move": "move", "relocate": "move", "emigrate": "move", "start": "start", "switch": "start",
         "join": "start", "begin": "start", "transfer": "start"}
_NOT_DONE = frozenset({"might", "may", "could", "would", "should", "will", "wo", "'ll", "if", "gonna"})
_REALISING: ContextVar[str | None] = ContextVar("mem_graph_realising_plan", default=None)

ClauseFacts = Callable[..., list[Fact]]


def remember_plan(ctx: Context, verb: Any, cues: Cues, has_object: bool) -> None:
    """Note a planned change of a known kind that names its value ("moving to Leeds next month")."""
    if cues.tense == "plan" and has_object and cues.hedge not in ("if", "feel like") and \
            content_verb(verb).lemma_.lower() in KINDS:
        ctx.plans.append(verb)


def realise(cues: Cues) -> None:
    """Inside ``realised_plans``: the plan's clause is read as now so (its time-ahead words no longer hedge)."""
    done = _REALISING.get()
    if done is not None and cues.tense == "plan":
        cues.tense, cues.hedge = "present", None
        cues.note(f"plan came true: '{done}'")


@contextmanager
def _realising(completion: str) -> Iterator[None]:
    token = _REALISING.set(completion)
    try:
        yield
    finally:
        _REALISING.reset(token)


# arriving where a move was planned to is the move made ("we have arrived in Toronto"); elsewhere it is a trip
_ARRIVALS = frozenset({"arrive", "land"})


def _completion(verb: Any) -> tuple[str, str | None] | None:
    """The kind of change a clause says happened without naming its value ("moved!", "he started there
    today", "we finally moved in"), or None; with an arrival, the place arrived in, which must be the plan's."""
    target = content_verb(verb)
    lemma = target.lemma_.lower()
    # "been at Tidworth a week now": there for a while, so arrived
    settled = lemma == "be" and any(c.dep_ == "npadvmod" and c.lemma_.lower() in ("day", "week", "month")
                                    for c in target.subtree)
    kind = "move" if lemma in _ARRIVALS or settled else KINDS.get(lemma)
    if kind is None or target.tag_ not in ("VBD", "VBN") or any(
            c.lower_ in _NOT_DONE or c.dep_ == "neg" for c in target.children):
        return None
    pred = predicate(verb, target)
    if lemma in _ARRIVALS or settled:
        place = pred.preps.get("in") or pred.preps.get("at")
        return (kind, normalise_entity(place.text)) if place is not None else None
    return (kind, None) if not pred.objects else None


# the speaker's first days somewhere, done ("first week at the surgery done", "survived my first shift!"); not
# someone else's ("her first day"), not a role ("first week as a nurse": first_as.py), not one ahead
_FIRST_DAYS = re.compile(r"^\W*(?:(?:so|ok|well|update|phew)\W+)*(?:my\s+)?first\s+(?:day|week|shift|month)\b"
                         r"(?!\s+as\b)(?!.*\b(?:tomorrow|next|will|starts|starting)\b).*\b(?:done|over|went|was|finished|"
                         r"complete|survived)\b|\bsurvived\s+(?:my\s+)?(?:first|1st)\s+(?:day|week|shift)\b", re.I)


def realised_plans(sent: Any, ctx: Context, message: Message, clause_facts: ClauseFacts,
                   found: list[Fact]) -> list[Fact]:
    """Facts of the plans a sentence says came true (none when the sentence already placed a slot)."""
    if any(f.slot for f in found) or not ctx.plans:
        return []
    out: list[Fact] = []
    first = _FIRST_DAYS.search(sent.text)  # "first week at the surgery done": the speaker started
    for verb in [sent.root] if first is not None else (t for t in sent if t.pos_ in ("VERB", "AUX")):
        done = ("start", None) if first is not None else _completion(verb)
        if done is None:
            continue
        kind, place = done
        subject, _ = (None, None) if first is not None else clause_subject(verb, ctx)
        unsaid = subject is None and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)
        who = normalise_entity(subject.name if subject is not None else ctx.speaker) if first is not None or \
            subject is not None or unsaid else None  # (chat leaves the speaker out: "been at Tidworth a week")
        for plan in reversed(ctx.plans):
            planner, _ = clause_subject(plan, ctx)
            if KINDS.get(content_verb(plan).lemma_.lower()) != kind or planner is None or \
                    normalise_entity(planner.name) != who:
                continue
            with _realising(verb.text):
                facts = [f for f in clause_facts(plan, ctx, message) if f.slot and f.tense == "present"
                         and (place is None or f.object_key == place)]
            out += [_said_now(f) for f in facts]
            if facts:
                break
    return out


def _said_now(fact: Fact) -> Fact:
    """"User now lives in Manchester": the plan's value, said plainly (the plan's own words named a time)."""
    edges = [t for t in fact.triples if normalise_entity(t.subject) == fact.subject_key]
    if not edges:
        return fact
    edge = edges[0]
    text = f"{edge.subject} now {edge.relation.replace('_', ' ')} {edge.object}"
    at = next((t for t in edges if t.relation == "works_at"), None)
    if edge.relation == "works_as" and at is not None:  # "User now works as practice nurse at a GP surgery"
        text += f" at {at.object}"
    return replace(fact, text=text)
