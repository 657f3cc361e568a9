"""The answer first: after fusion, for a question with an answer type (retrieve/asked.py).

A memory that holds the attribute asked for, of the subject asked about (``answer`` 1.0: "User teaches
history" for "whats my job"), is the answer; a greeting or a remark that only sounds like the question
("hey! how's your day going") must not outrank it, however close its meaning. So the best ranked such memory
moves to the front (``answer_first``; with none, what the user said ended); the others keep their order, and
current-first (retrieve/current.py) then puts that slot's newest value there.

The second hop answers too.

"Where does Bob's report work?" ranks "Bob manages Alice" first: it names Bob and shares the question's
meaning, but holds no employer. When the top memory does not hold the attribute asked for and one of the
candidates holds it *for an entity the top memory leads to* (an object of its triples: Alice), that
candidate is the answer and the top memory the path to it: the answer moves to the front, the path right
behind it. Nothing else moves. A candidate about another entity (the user's own employer) never jumps.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from mem_graph.types import MemoryRecord, normalise_entity


class _Ranked(Protocol):
    record: MemoryRecord
    answer: float


C = TypeVar("C", bound=_Ranked)
ENDED_ANSWER = 0.25  # the answer score of a value the user said ended, when nothing holds the attribute now


def second_hop_first(ranked: list[C]) -> list[C]:
    """``ranked`` with the answer one hop from a non-answering top memory moved to the front."""
    if not ranked or ranked[0].answer > 0 or not any(c.answer > 0 for c in ranked):
        return ranked
    top = ranked[0].record
    leads_to = {normalise_entity(t.object) for t in top.triples} - {normalise_entity(t.subject) for t in top.triples}
    for i, c in enumerate(ranked[1:], start=1):
        if c.answer > 0 and c.record.subject_key in leads_to and c.record.scope.key == top.scope.key:
            return [c, *ranked[:i], *ranked[i + 1:]]
    return ranked


def answer_first(ranked: list[C], person_asked: bool = False) -> list[C]:
    """``ranked`` with its best ranked full answer (``answer >= 1``: the attribute asked, of the subject
    asked about) moved to the front; unchanged when the top is one. With none, what the user said ended
    (``ENDED_ANSWER``: "what do I do for work?" after "took early retirement") goes to the front instead; with
    neither, when the question asks of another person (``person_asked``), a top known not to be the answer
    (``answer < 0``: the user's own value) yields the front to the best candidate that is not. (Of a thing, "the
    service's database", the user's own "we moved to Postgres" may well be the answer.)"""
    if not ranked or ranked[0].answer >= 1.0:
        return ranked
    best = next((i for i, c in enumerate(ranked) if c.answer >= 1.0), None)
    if best is None:
        best = next((i for i, c in enumerate(ranked) if c.answer == ENDED_ANSWER), None)
    if best is None and person_asked and ranked[0].answer < 0:  # known not to be the answer: the user's own job
        best = next((i for i, c in enumerate(ranked) if c.answer >= 0), None)  # for "what does my girlfriend do"
    return ranked if best is None else [ranked[best], *ranked[:best], *ranked[best + 1:]]
