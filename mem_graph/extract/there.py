"""'there' in a fact: the place a fact before it named ("I started at Stripe, I'm a backend engineer there").

The fact then says the place in its text and carries it: the place as an entity and the earlier fact's
relation to it as a triple, so that ending the place ("I left Stripe") ends this fact too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mem_graph.types import EntityRef, Fact, Triple

_THERE = re.compile(r"(?<=\w) there\b(?! (?:is|are|was|were)\b)")
_PLACE_SLOTS = {"employer": "at", "school": "at", "residence": "in"}


@dataclass(frozen=True)
class _Place:
    preposition: str
    name: str
    subject_key: str | None
    triple: Triple
    entity: EntityRef | None


def resolve_there(facts: list[Fact]) -> None:
    """Rewrite each fact's "there" as the place the last place-stating fact before it named (in order)."""
    place: _Place | None = None
    for f in facts:
        if place is not None and _THERE.search(f.text):
            f.text = _THERE.sub(f" {place.preposition} {place.name}", f.text, count=1)
            if f.subject_key and f.subject_key == place.subject_key:  # the same person's post, school or home
                if place.triple not in f.triples:
                    f.triples.append(place.triple)
                if place.entity is not None and place.entity.key not in {e.key for e in f.entities}:
                    f.entities.append(place.entity)
        kind = (f.slot or "").split("|")[1] if f.slot and f.slot.count("|") >= 1 else ""
        if kind in _PLACE_SLOTS and not f.negated and f.object_key and f.triples:
            triple = f.triples[-1]
            entity = next((e for e in f.entities if e.key == f.object_key), None)
            place = _Place(_PLACE_SLOTS[kind], triple.object, f.subject_key, triple, entity)
