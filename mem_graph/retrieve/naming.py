"""Memories that only say who someone is to the user, when the question asks something else.

"User's girlfriend is Nadia", "User's son is Leo" (extract/partner_mentions.py) name a relation, "User is Moira" the
user; they are the
answer to "who is my girlfriend" or "what's my son called", but beside the memories that say what Nadia does
they rank high for "what does my girlfriend do" by meaning alone. Such a memory is known not to answer there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from mem_graph.extract.kin_words import KIN
from mem_graph.retrieve.asked import _WORD, USER_KEY, Asked, own_names, stem
from mem_graph.retrieve.collapse import NAMING_RULES
from mem_graph.types import MemoryRecord


class _Ranked(Protocol):
    record: MemoryRecord


C = TypeVar("C", bound=_Ranked)


def naming_not_asked(asked: Asked, records: Sequence[MemoryRecord]) -> set[str]:
    """The memories that only say who someone is to the user ("User's girlfriend is Nadia") when the question
    asks something else: an attribute other than a partner or a name ("what does my girlfriend do": known not to
    answer, answer_first yields the front to a memory that may), or, asking none, names neither the relation nor
    the person ("where did I go on holiday" is not answered by "User's son is Leo")."""
    out = set()
    for r in records:
        if r.slot == f"{USER_KEY}|name" and "name" not in asked.slots and asked.words - {stem(r.object_key or "")}:
            out.add(r.id)  # "User is Moira" for "does moira have a dog": her name, not what is asked of her
            continue
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


# "who is isla", "who's Marcus?": a name asked about, not "who is my boss" (an attribute, read by asked.py)
_WHO_IS = re.compile(r"^\W*who(?:'s|s| is| was)\s+(?P<name>[a-z][\w'-]*)\W*$", re.I)
_NOT_NAMES = frozenset(["my", "your", "his", "her", "their", "our", "the", "that", "this", "he", "she", "it", "they",
                        "there", "user", "i", "me", "a", "an"])


def who_someone_is_first(ranked: list[C], query: str, window: int = 10) -> list[C]:
    """For "who is Isla": the best ranked memory saying what Isla is to someone ("User's granddaughter Isla has
    set User up with an iPad") ahead of ones that only say what she does ("Isla is off to university")."""
    m = _WHO_IS.match(query.strip())
    if m is None or m.group("name").lower() in _NOT_NAMES or not ranked:
        return ranked
    name = re.escape(m.group("name"))
    kin = "|".join(sorted(KIN, key=len, reverse=True))
    said = re.compile(rf"'s (?:[\w-]+ ){{0,2}}(?:{kin}|grand\w+|ex\S*|late \w+),? {name}\b|\b{name},? (?:is |was )?"
                      rf"(?:\w+'s|my|the user's) (?:[\w-]+ ){{0,2}}(?:{kin}|grand\w+)\b", re.I)
    if said.search(ranked[0].record.text):
        return ranked
    best = next((i for i, c in enumerate(ranked[:window]) if said.search(c.record.text)), None)
    return ranked if best is None else [ranked[best], *ranked[:best], *ranked[best + 1:]]


def said_as_the_user(query: str, records: Sequence[MemoryRecord]) -> str | None:
    """``query`` with the user's own name said as "the user" ("does moira have a dog" asked of Moira's own
    memory, "User is Moira", reads as "does the user have a dog": the question reader, the embedder and BM25
    then see whose attribute is asked, not a name only the name fact holds); None when the query names no
    name the user gave as their own, or asks who that is ("who is moira")."""
    own = {name for name in own_names(records) if name.isalpha()}
    if not own or _WHO_IS.match(query.strip()):
        return None
    said = query
    for name in own:
        said = re.sub(rf"\b{re.escape(name)}'s\b", "the user's", said, flags=re.I)
        said = re.sub(rf"\b{re.escape(name)}\b", "the user", said, flags=re.I)
    return said if said != query else None
