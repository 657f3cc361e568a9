"""The user's own mentions of a value that ended: "typing this on my iPhone 12" once "upgraded from my iPhone 12
to the Pixel 8"; "what oil should i use in my Subaru Outback?" once "i drive a Kia EV6 now".

A statement the rules cannot place in a slot is kept verbatim (nothing is lost), so a later change found no fact
of that slot to end and the old value stayed current beside the new one. Two kinds of change end such memories:

- a change that names the value that ended: what it replaces ("from X to Y", "traded in X for Y") or a negation
  said as a change ("sold my X", "left X", "X died") ends the speaker's unplaced memories that say "my X";
- a new value of a single-valued slot whose values are products (a car, a phone) ends the speaker's
  unplaced memories that say "my X" for another product of that slot's lexicon.

Only the speaker's own "my"/"our" mentions (in a fact text: "User's X") count: the speaker's own thing at
the time, never "my friend's iPhone" (another owner), never another person's words, never a fact placed in a
slot (the slot rules decide those). Plans, hedges and past facts end nothing.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DEFAULT_SLOTS
from mem_graph.types import Fact, MemoryRecord, normalise_entity

_PRODUCT_SLOTS = ("car", "phone")  # not a database: "our redis cache" stays beside postgres
_LEXICON = {s.name: frozenset(s.values) for s in DEFAULT_SLOTS if s.name in _PRODUCT_SLOTS}
_CHANGED = ("anymore", "no longer", "quit", "stop", "left", "sold", "gave", "died", "lost", "stolen", "ditch",
            "retire", "got rid", "traded", "upgraded", "replaced", "switched", "moved")
_ADJ = r"(?:(?:old|new|trusty|beloved|little|current|first|second)\s+)?"
_MY = r"\b(?:my|our)\s+" + _ADJ


def ended_values(fact: Fact) -> list[str]:
    """The values the fact says ended: those it replaces, or its own object when a negation says it changed."""
    values = list(fact.replaces)
    if fact.negated and fact.object_key and "cues:" in fact.evidence and any(
            w in fact.evidence for w in _CHANGED):
        values.append(fact.object_key)
    return [v for v in values if v]


def mention_lookups(fact: Fact) -> list[dict[str, str | int]]:
    """Entity lookups that find the memories naming an ended value (the whole value and its first word)."""
    out: list[dict[str, str | int]] = []
    for value in ended_values(fact):
        for key in dict.fromkeys((value, value.split()[0])):
            out.append({"entities": key})
    return out


def _speaker(record: MemoryRecord) -> str | None:
    """Who said a verbatim memory (a user turn's speaker; None for the assistant's)."""
    return None if record.metadata.get("role", "user") != "user" else normalise_entity(
        str(record.metadata.get("speaker") or "user"))


def _product(fact: Fact) -> str | None:
    name = fact.slot.split("|")[1] if fact.slot and fact.slot.count("|") == 1 else None
    return name if name in _LEXICON and fact.single_valued and not fact.negated and fact.polarity > 0 else None


def stale_mentions(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's unplaced memories that the fact makes stale (see the module doc)."""
    if fact.tense != "present" or not fact.subject_key:
        return []
    values = [re.escape(v) for v in ended_values(fact)]
    product = _product(fact)
    if product is not None:
        new_words = set((fact.object_key or "").split())
        values += [re.escape(w) for w in sorted(_LEXICON[product] - new_words)]
    if not values:
        return []
    said = "(?:" + "|".join(values) + r")\b"
    own = re.compile(_MY + said, re.I)  # the speaker's words, kept verbatim
    owner = re.compile(rf"\b{re.escape(fact.subject_key)}'s\s+{_ADJ}" + said, re.I)  # a fact text: "User's X"
    return [r for r in records if not r.slot and r.polarity > 0 and r.status.value == "active" and (
        (r.layer == "episodic" and _speaker(r) == fact.subject_key and own.search(r.text))
        or (r.layer != "episodic" and owner.search(r.text)))]
