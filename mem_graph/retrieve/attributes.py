"""The attributes a memory holds, as a question asks for them: its slot's, those its subject's edges state
unambiguously, and for a fact the rules left without a slot, those its verb may state."""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DEFAULT_SLOTS
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.kin_words import PARTNER_NOUNS
from mem_graph.extract.lexicon import TIME_WORD
from mem_graph.extract.question import inflections
from mem_graph.types import MemoryRecord, normalise_entity


def _relation_slots() -> dict[str, frozenset[str]]:
    """Graph relation -> the single-valued slots whose verb + preposition it inflects ("moves_to" ->
    residence, school, database: "move_to" is a verb of each)."""
    out: dict[str, set[str]] = {}
    for spec in DEFAULT_SLOTS:
        if spec.cardinality != "single" or spec.key_by != "none":
            continue
        for entry in spec.verbs:
            lemma, _, prep = entry.partition("_")
            if prep:
                for form in inflections(lemma):
                    out.setdefault(f"{form}_{prep}", set()).add(spec.name)
    for noun in PARTNER_NOUNS:  # "User's partner is Callum" (named in passing, kept out of the slot): a partner
        out.setdefault(noun, set()).add("partner")
    return {k: frozenset(v) for k, v in out.items()}


RELATION_SLOTS = _relation_slots()
# attributes only things hold (a service's database), with the nouns that name them
THING_SLOTS = {s.name: frozenset({s.name, *s.nouns}) for s in DEFAULT_SLOTS if s.subjects == "thing"}


# the many-valued slot a liking of a thing of this kind stands for, when a question asks for that slot
_STANCE_HOLDS = {"sport": ("hobbies",), "exercise": ("hobbies",), "activity": ("hobbies",),
                 "hot drink": ("drinks",), "soft drink": ("drinks",), "alcohol": ("drinks",)}


def attributes(record: MemoryRecord) -> frozenset[str]:
    """The attribute of a memory's slot ("user|residence" -> residence), with those its own subject's edges
    state unambiguously ("works_at" -> employer); for a fact the rules left without a
    slot, the slots a verb of its own subject may state ("Felix moved to Vienna": moves_to -> residence, ...)."""
    parts = (record.slot or "").split("|")
    if record.polarity <= 0:  # "User moved out of Toronto", "User got bored of tennis": not what is held now
        return frozenset()
    if len(parts) > 1:
        own = {parts[1], "name"} if names_its_pet(record) else {parts[1]}
        if parts[1] == "stance":  # "User is into padel now": a pastime or a drink held as a liking
            own.update(_STANCE_HOLDS.get(object_kind(record.object_key) or "", ()))
        if parts[1] == "business":  # "she has a small cleaning business" is what she does for a living
            own.add("occupation")
        if record.polarity > 0 and record.subject_key:  # "User works at Google as an engineer": employer too
            own.update(*(slots for t in record.triples if normalise_entity(t.subject) == record.subject_key
                         and len(slots := RELATION_SLOTS.get(t.relation, frozenset())) == 1))
        return frozenset(own)
    if record.slot or not record.subject_key or record.polarity <= 0:
        return frozenset()
    return frozenset().union(*(RELATION_SLOTS.get(t.relation, frozenset()) for t in record.triples
                               if normalise_entity(t.subject) == record.subject_key
                               and not TIME_WORD.match(t.object)  # ("Tunde moved in january": when, not where)
                               and t.object.lower() not in _DWELLINGS))  # ("staying in the apartment": no where)


_DWELLINGS = frozenset({"apartment", "flat", "house", "place", "home", "room", "hotel", "hostel", "airbnb"})


_CALLED = re.compile(r"\b(?:called|named)\s+\w")


def names_its_pet(record: MemoryRecord) -> bool:
    """"User has got a parrot called Kiwi": a pet fact that also says the pet's name."""
    return (record.slot or "").split("|")[1:2] == ["pets"] and bool(_CALLED.search(record.text))
