"""What belongs to one clause: the clause as the example bank states one (for the slot classifier), and whether
a token is in a verb's own clause or in a clause under it."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.predicate import Predicate

# words of a phrase that only says "now" or hedges ("these days", "at the moment", "actually"): left out of
# the clause the classifier reads, which the bank states without them
_NOW_WORDS = frozenset({"now", "currently", "nowadays", "these", "days", "lately", "today", "presently", "at", "the",
                        "moment", "for", "still", "again", "finally", "also", "too", "just", "actually", "honestly",
                        "basically", "so", "anyway", "right", "rn", "atm"})


def whole_clause(pred: Predicate) -> str:
    """The clause as the example bank states one: its subject, its verb and what hangs on it, without the
    clauses joined to it ("i live in leeds and work at dell": 'i work at dell' for the second verb)."""
    target, verb = pred.target, pred.verb
    head = verb
    while head.dep_ == "conj" and not any(c.dep_ in ("nsubj", "nsubjpass") for c in head.children):
        head = head.head  # a conjoined verb shares its subject
    lead = [t for c in head.children if c.dep_ in ("nsubj", "nsubjpass") for t in c.subtree]
    lead += [c for c in verb.children if c.dep_ in ("aux", "auxpass", "neg") and c.i < target.i]
    if verb != target:
        lead.append(verb)  # "started flipping burgers"
    drop: set[int] = set()
    for c in target.children:
        if c.dep_ in ("cc", "punct") or (c.dep_ in ("conj", "ccomp", "advcl", "parataxis") and c.pos_ in (
                "VERB", "AUX")) or all(t.lower_ in _NOW_WORDS for t in c.subtree):
            drop.update(t.i for t in c.subtree)  # "these days", "at the moment": the cues say when
    words = [t for t in target.subtree if t.i not in drop and t.dep_ not in ("nsubj", "nsubjpass")]
    toks = sorted({t.i: t for t in [*lead, *words]}.values(), key=lambda t: t.i)
    return " ".join(t.text for t in toks).lower()


def in_clause(tok: Any, verb: Any) -> bool:
    """``tok`` belongs to ``verb``'s own clause, not to a clause under it ("I play bass now, gave up guitar")."""
    t = tok
    while t.i != verb.i and t.head.i != t.i:
        # a verb above the value heads a clause of its own (the value itself misread as a verb stays: "plus squash")
        if t.i != tok.i and t.pos_ in ("VERB", "AUX") and t.dep_ in ("conj", "ccomp", "advcl", "relcl", "xcomp",
                                                                      "parataxis"):
            return False
        t = t.head
    return bool(t.i == verb.i)
