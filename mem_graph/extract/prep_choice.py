"""Which of a clause's objects its slot rules read first, when the one the parse put first places nothing.

"I live in Leeds so probably just the pub": a stray direct object the verb's own preposition outranks. "I work in
London as a nurse", "work in Leeds for the NHS": the first preposition's object (a town) places nothing, the post or
the employer after it does; never another place ("stayed at my sister's in Bath" is no home).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mem_graph.extract.predicate import Predicate
from mem_graph.extract.recognise import recognise
from mem_graph.extract.slots import SlotCatalogue, SlotMatch

_LATER_PREPS = ("as", "at", "for", "with")  # a post or an employer


def placing_object(catalogue: SlotCatalogue, pred: Predicate, subject: Any, speaker: str,
                   first: SlotMatch | None) -> SlotMatch | None:
    """``first`` (the slot match of ``pred.objects[0]``), or the match of an object that places where it did not;
    ``pred.prep`` and ``pred.objects`` then name that object."""
    if first is not None or not pred.objects:
        return first
    head = pred.objects[0]
    if head == pred.dobj:
        alt = next((p for p in pred.preps if f"{pred.lemma}_{p}" in catalogue.verbs), None)
        if alt is None:
            return None
        pred.prep, pred.objects = alt, [pred.preps[alt]]
        return recognise(catalogue, pred, subject, pred.objects[0], speaker)
    if pred.prep is None or head != pred.preps.get(pred.prep):
        return None
    for other in (p for p in pred.preps if p != pred.prep and p in _LATER_PREPS
                  and f"{pred.lemma}_{p}" in catalogue.verbs):
        trial = replace(pred, prep=other, objects=[pred.preps[other]])
        if (found := recognise(catalogue, trial, subject, trial.objects[0], speaker)) is not None:
            pred.prep, pred.objects = other, trial.objects
            return found
    return None
