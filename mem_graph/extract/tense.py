"""A fact's tense: the clause's cues, unless its slot says otherwise.

"I loved the concert" is narration (present), "I lived in Tokyo" a former value, "interned at Microsoft back in
2018" a dated past event, "Had my 42nd birthday" the current age, "I went to Lincoln High" a school attended before.
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.predicate import Predicate
from mem_graph.extract.slots import SlotMatch

_STARTS = frozenset({"join", "start", "begin", "move", "relocate", "marry", "adopt", "switch"})


def fact_tense(cues: Any, m: SlotMatch | None, pred: Predicate) -> str:
    """The fact's tense: the cues' unless the slot says otherwise."""
    tense = str(cues.tense)
    if tense == "past" and cues.change != "used to" and not cues.past_phrase and not (
            m is not None and (m.single or m.spec.name in ("pets", "car", "phone", "computer", "health_condition",
                                                           "habit"))):
        # a simple past ("I loved the concert", "I had a great time") is narration, not a former
        # state; a slot's value in the past tense is one ("I lived in Tokyo", "I had a dog called Buster")
        tense = "present"
    if tense == "present" and cues.dated and m is not None and m.single and pred.target.tag_ == "VBD" and \
            cues.change is None and pred.lemma not in _STARTS:
        # "interned at Microsoft back in 2018": a dated past event, not the current value ("joined stripe in
        # 2024", "moved to Lisbon in 2019" start a state that still holds)
        cues.note(cues.dated)
        tense = "past"
    if m is not None and m.spec.name == "ambition" and tense == "plan":
        tense = "present"  # "she wants to be a vet": the wish is current (ambitions.py)
    if m is not None and m.spec.name == "age" and tense == "past" and pred.lemma == "have":
        tense = "present"  # "Had my 42nd birthday": the age it gave is the current one
    if m is not None and m.spec.name == "school" and pred.lemma == "go" and pred.target.tag_ == "VBD" \
            and tense == "present" and cues.change is None:
        tense = "past"  # "I went to Lincoln High": attended before
    return tense
