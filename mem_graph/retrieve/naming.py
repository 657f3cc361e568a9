"""Memories that only say who someone is to the user, when the question asks something else.

"User's girlfriend is Nadia", "User's son is Leo" (extract/partner_mentions.py) name a relation; they are the
answer to "who is my girlfriend" or "what's my son called", but beside the memories that say what Nadia does
they rank high for "what does my girlfriend do" by meaning alone. Such a memory is known not to answer there.
"""

from __future__ import annotations

from collections.abc import Sequence

from mem_graph.retrieve.asked import _WORD, Asked, stem
from mem_graph.retrieve.collapse import NAMING_RULES
from mem_graph.types import MemoryRecord


def naming_not_asked(asked: Asked, records: Sequence[MemoryRecord]) -> set[str]:
    """The memories that only say who someone is to the user ("User's girlfriend is Nadia") when the question
    asks something else: an attribute other than a partner or a name ("what does my girlfriend do": known not to
    answer, answer_first yields the front to a memory that may), or, asking none, names neither the relation nor
    the person ("where did I go on holiday" is not answered by "User's son is Leo")."""
    out = set()
    for r in records:
        if r.source.get("rule") not in NAMING_RULES:
            continue
        if asked.slots:
            if not asked.slots & {"partner", "name"}:
                out.add(r.id)
            continue
        named = {stem(w) for t in r.triples for w in _WORD.findall(f"{t.relation} {t.object}".casefold())}
        if not named & (asked.words | asked.names):
            out.add(r.id)
    return out
