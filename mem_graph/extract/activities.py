"""A pastime said with its verb alone: "I swim twice a week", "been running every morning lately".

An activity verb with no object names the activity itself (to swim is to do swimming), so the clause is one
value of the multi-valued hobbies slot, keyed by the activity. Only a habit is a hobby: the clause must say
how often or that it is new ("twice a week", "on weekends", "now"); "I ran for the bus" is no pastime. A pastime
given up ("i stopped running", "gave up swimming") is its negation: the hobby ends.
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Subject
from mem_graph.extract.cues import CESSATION
from mem_graph.extract.lexicon import ACTIVITY_VERBS, HABIT_WORDS
from mem_graph.extract.render import render
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple

_CHANGE = frozenset({"now", "nowadays", "lately", "again", "anymore", "currently"})
_TAKING_UP = frozenset({"learn", "start", "begin"})


def activity_fact(cat: SlotCatalogue, verb: Any, pred: Any, subject: Subject, subj_tok: Any, cues: Any,
                  speaker: str, message: Message) -> Fact | None:
    """The hobby an object-less activity verb states, or None when the clause is something else."""
    value = ACTIVITY_VERBS.get(pred.lemma)
    spec = cat.get("hobbies")
    if value is None or spec is None or pred.dobj is not None or subject.type != "person" or cues.tense == "plan":
        return None
    words = {t.lower_ for t in pred.target.subtree}
    habit = sorted(words & (HABIT_WORDS | _CHANGE))
    if pred.verb.i != pred.target.i and pred.verb.lemma_.lower() in _TAKING_UP:
        habit.append(pred.verb.lemma_.lower())  # "I'm learning to surf", "started to climb": a new pastime
    if pred.verb.i != pred.target.i and cues.negated and pred.verb.lemma_.lower() in CESSATION and (
            pred.verb.lemma_.lower() != "give" or any(c.lower_ == "up" for c in pred.verb.children)):
        habit.append(pred.verb.lemma_.lower())  # "i stopped running", "gave up swimming": the pastime ends
    if not habit:
        return None
    negated = bool(cues.negated)
    relation = f"not_{spec.relation}" if negated else spec.relation
    cue_words = f"; cues: {', '.join(cues.words)}" if cues.words else ""
    return Fact(
        text=render(verb, subject, speaker, subject_token=subj_tok),
        entities=[*(subject.entities or [EntityRef(subject.name, subject.type)]), EntityRef(value, "thing")],
        triples=[*subject.triples, Triple(subject.name, relation, value)],
        slot=f"{subject.key}|{spec.name}|{value}", subject_key=subject.key, object_key=value, negated=negated,
        rule=f"rules.clause:{spec.name}.activity{'.neg' if negated else ''}",
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
        metadata=dict(message.metadata), tense=cues.tense,
        evidence=f"slot {spec.name}: '{pred.lemma}' names the activity '{value}' (habit: {', '.join(habit)})"
                 + cue_words)
