"""A question about the past is answered from the values that ended.

"I was a mechanic for 30 years" is stored as no longer valid (a past fact), and "I moved to Oslo" ends "I live in
Rome": a default search reads only what is believed now, so "what was my job?" or "where did I live before?"
found nothing or the current value. When a question asks of the past (``asks_of_the_past``: was / did / used
to / before / previously / my old / my ex ...), the search also looks up the invalidated memories nearest the
question (``ended_filter``), scores those holding the attribute asked (retrieve/asked.py) as answers like any
holder, and an ended holder of the attribute asked then outranks the current one (``former_first``); asked of no
attribute ("was I a mechanic?"), they rank by their own scores. They come back with their status (``invalidated``),
``invalid_at`` and ``ended_by``, so a caller sees they no longer hold.

A question in the present reads only what holds now, even where nothing holds the attribute asked ("do I have a
car?" after "I used to drive a fiesta but sold it"): joined to the results, the ended value outranked the value held
now wherever that is said in words no slot places ("User is showing houses now" after "User is a bartender";
13 cases of the reconciliation benchmark, session 37), even scored as known not to hold.

A value the user *corrected* ("actually her name is Luna") was never true: it is not a former value and never
answers (``MemoryRecord.ended_by``: reconcile's ``correction``, or a user's undo of a decision); nor does a
second value of an attribute held for life ("my cat is called Misty", then "actually her name is Luna").
"""

from __future__ import annotations

import re
from dataclasses import replace

from mem_graph.retrieve.asked import normalise
from mem_graph.retrieve.attributes import attributes
from mem_graph.retrieve.newer import LASTING
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.types import MemoryRecord, Status

# the question's tense, or a word that names a former value; "how old", "first/last name" ask no past
_PAST = re.compile(r"\b(?:was|were|did|used to|use to|before|previously|formerly|former|previous|earlier|"
                   r"originally|back then|in the past)\b|"
                   r"\b(?:my|our|his|her|their|the|user's|[a-z]+'s) (?:old|ex|last)\b(?![- ]?name)")
NEVER_HELD = frozenset({"correction", "user_correction"})  # rules whose ending says the value was wrong
HELD_NOW = 0.5  # the answer score left to a current holder when a former value answers a question of the past


def asks_of_the_past(question: str) -> bool:
    """Whether a question asks what held before ("what was my job", "where did I use to live", "my old car")."""
    return bool(_PAST.search(normalise(question)))


def ended_filter(flt: VectorFilter) -> VectorFilter | None:
    """The invalidated memories within the caller's filter; None where it reads every status already or asks of
    a time (``as_of``). Not narrowed to the subjects the question names: who "my brother" is may be said only
    in other memories, and ``answer_scores`` settles whose value each one is."""
    if flt.statuses is None or flt.valid_at is not None:
        return None
    return replace(flt, statuses=(Status.INVALIDATED.value,))


def former_values(records: list[MemoryRecord], slots: frozenset[str]) -> list[MemoryRecord]:
    """The invalidated memories among ``records`` that once held (of one of the attributes ``slots``, where
    given): not corrected away, and not of an attribute held for life (a pet's name, where one is from: a
    second value corrects the first)."""
    return [r for r in records if r.status == Status.INVALIDATED and r.ended_by not in NEVER_HELD
            and not attributes(r) & LASTING and (not slots or attributes(r) & slots)]


def former_first(answers: dict[str, float], records: list[MemoryRecord]) -> dict[str, float]:
    """``answers`` with the current holders (answer >= 1) of an attribute a former value also answers (an
    invalidated holder) lowered to ``HELD_NOW``: a question of the past asks for the value that ended."""
    by_id = {r.id: r for r in records}
    held = {m: by_id[m] for m, s in answers.items() if s >= 1.0 and m in by_id}
    ended = frozenset().union(*(attributes(r) for r in held.values() if r.status == Status.INVALIDATED))
    return {m: HELD_NOW if m in held and held[m].status == Status.ACTIVE and attributes(held[m]) & ended else s
            for m, s in answers.items()}
