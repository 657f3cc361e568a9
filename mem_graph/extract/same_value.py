"""Whether two object keys of one slot name the same value: equal, one inside the other ("golf" / "vw golf"), the
same place said with and without its area word ("kilimani side" / "Kilimani, Nairobi"), or a place and the place it
is in said together ("Andheri, Mumbai" after "Mumbai")."""

from __future__ import annotations

import re

from mem_graph.extract.negation import counted
from mem_graph.types import Fact, MemoryRecord


def same_thing(a: str | None, b: str | None) -> bool:
    """Object keys naming the same thing: equal, or one's words inside the other's ("golf" / "vw golf",
    "coffee" / "black coffee")."""
    if not a or not b:
        return False
    if a == b:
        return True
    wa, wb = set(a.replace(",", " ").split()) - _AREA_WORDS, set(b.replace(",", " ").split()) - _AREA_WORDS
    return bool(wa) and bool(wb) and (wa <= wb or wb <= wa)


def said_together(fact: Fact, record: MemoryRecord) -> bool:
    """One text names both values as a place and the place it is in ("Andheri, Mumbai" after "Mumbai", "I'm in
    Ikeja" after "Lagos, Ikeja side"): a part of the same value, not another."""
    new, old = fact.object_key or "", record.object_key or ""
    if not new or not old:
        return False
    pairs = (rf"\b{re.escape(new)}\W*,\s*{re.escape(old)}\b", rf"\b{re.escape(old)}\W*,\s*{re.escape(new)}\b")
    return any(re.search(p, text, re.I) for p in pairs for text in (fact.text, record.text))


# words that say a place is an area, not which ("kilimani side", "the kilimani area" / "Kilimani, Nairobi")
_AREA_WORDS = frozenset({"side", "area", "ish", "way", "region", "district", "neighbourhood", "neighborhood"})


def within(new: str | None, old: str | None) -> bool:
    """Every word of ``new`` is in ``old`` (punctuation aside)."""
    if not new or not old:
        return new == old
    wn, wo = set(new.replace(",", " ").split()), set(old.replace(",", " ").split())
    return bool(wn) and wn <= wo


def relations_of(said: Fact | MemoryRecord) -> set[str]:
    """The relations of its triples, negated or not ("not_drives" and "drives" are one)."""
    return {t.relation.removeprefix("not_") for t in said.triples}


def one_slot(a: str, b: str) -> bool:
    """Two slot keys of one value, a plural aside ("user|allergies|peanuts" / "user|allergies|peanut")."""
    (head_a, _, value_a), (head_b, _, value_b) = a.rpartition("|"), b.rpartition("|")
    return a == b or (head_a == head_b and counted(value_a) == counted(value_b))
