"""One person under two keys: "User's husband Raj is a teacher" is kept under the partner's role ("user's husband")
while "raj finished teaching" is said of "raj"; "my sister Amy ..." is kept under "amy" while "my sister got a job"
is said of "user's sister". Facts about the one were never weighed against facts about the other.

``same_person_key`` reads the pairs a scope's memories state ("User's husband Raj ...", "User's husband is Raj")
and, when a new fact's subject is one key of a pair and only the other key has memories, says the fact of that key
(its slot with it), so the slot rules compare like with like. Nothing changes when both keys have memories, or
when a name is paired with two different relatives. A name never paired may still be a relative named by kin so far,
when its fact ends the value only that relative held ("Sarah's swapped the Polo for a Juke" after "my wife drives a
Polo"); a child said by place in the family ("my youngest") is the one child by kin the memories hold.
"""

from __future__ import annotations

import re
from collections import defaultdict

from mem_graph.extract.kin_words import KIN
from mem_graph.extract.same_value import same_thing
from mem_graph.types import Fact, MemoryRecord, normalise_entity

_KIN = "|".join(sorted((re.escape(k) for k in KIN), key=len, reverse=True))
# "User's husband Raj is ...", "User's husband is Raj", "User's sister, Aisha, is ..."
_NAMED_KIN = re.compile(rf"^(?P<owner>[A-Z][\w-]*)'s (?P<kin>{_KIN}),? (?:is (?:called |named )?)?"
                        r"(?P<name>[A-Z][\w'-]+)(?=\W|$)")
_NOT_NAMES = frozenset({"User", "A", "An", "The", "My", "Our", "Not", "Now", "Still", "Also"})


def _pairs(records: list[MemoryRecord]) -> dict[str, set[str]]:
    keys: dict[str, set[str]] = defaultdict(set)
    for r in records:
        m = _NAMED_KIN.match(r.text)
        if m is None or m.group("name") in _NOT_NAMES:
            continue
        kin, name = normalise_entity(f"{m.group('owner')}'s {m.group('kin')}"), normalise_entity(m.group("name"))
        keys[kin].add(name)
        keys[name].add(kin)
    return keys


def _holder_of_ended_value(fact: Fact, records: list[MemoryRecord], pairs: dict[str, set[str]]) -> set[str]:
    """The relative, named by kin only so far, whose value a named person's fact ends ("Sarah's swapped the Polo for
    a Juke" after "my wife drives a Polo": the wife is Sarah); empty unless exactly one holds it."""
    name = fact.subject_key or ""
    ended = fact.replaces or ([fact.object_key] if fact.negated and fact.object_key else [])
    if not ended or not name.isalpha() or name in pairs or name == "user" or name in KIN or \
            not fact.text.startswith(name[:1].upper() + name[1:]):  # (a name, not the speaker nor "mum")
        return set()
    slot_name = fact.slot.split("|")[1] if fact.slot and fact.slot.count("|") >= 1 else None
    return {r.subject_key for r in records if r.subject_key and r.subject_key.startswith("user's ")
            and r.subject_key not in pairs and r.polarity > 0 and r.slot and r.object_key
            and (slot_name is None or r.slot.split("|")[1] == slot_name)
            and any(same_thing(r.object_key, v) for v in ended)}


# a child by place in the family ("my youngest", "our eldest", "the little one"): the one child the memories hold
_BY_PLACE = frozenset({"youngest", "eldest", "oldest", "little one", "kid", "child", "baby"})
_CHILDREN = frozenset({"son", "daughter", "boy", "girl"})


def _the_only_child(subject: str, records: list[MemoryRecord]) -> set[str]:
    """{"user's son"} for "user's youngest" when the memories hold one child of the speaker's by kin (none named)."""
    if not subject.startswith("user's ") or subject[len("user's "):] not in _BY_PLACE:
        return set()
    held = {r.subject_key for r in records if r.subject_key and r.subject_key.startswith("user's ")
            and r.subject_key[len("user's "):] in _CHILDREN}
    return held if len(held) == 1 else set()


def same_person_key(fact: Fact, records: list[MemoryRecord]) -> Fact:
    """``fact`` said of the other key of its subject, when only that key has memories (see the module doc)."""
    subject = fact.subject_key
    if not subject or any(r.subject_key == subject for r in records):
        return fact
    pairs = _pairs(records)
    holders = set() if subject in pairs else _holder_of_ended_value(fact, records, pairs)
    only_child = set() if subject in pairs or holders else _the_only_child(subject, records)
    others = pairs.get(subject, set()) or holders or only_child
    if len(others) != 1:
        return fact
    other = next(iter(others))
    if holders or only_child:
        fact.evidence += f"; '{subject}' -> {other} ({'the one whose value it ends' if holders else 'the one child'})"
    if not any(r.subject_key == other for r in records):
        return fact
    if fact.slot and fact.slot.startswith(f"{subject}|"):
        fact.slot = other + fact.slot[len(subject):]
    fact.subject_key = other
    return fact
