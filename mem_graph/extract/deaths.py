"""A relative who died: "my mum passed away on monday", "my grandad died last year", "sadly my dad passed last
week". The death is kept as said, as a negated fact of that person ("User's mum passed away on monday"), and what
was said of them as they were now (where they live, their job, their school, their car) stops being current: a
memory that still answered "User's mum lives in a care home in Kent" would be wrong and hurtful. What they were
called, where they were from, their birthday and what others said of them stay as they are."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS, PET_NOUNS
from mem_graph.types import EntityRef, Fact, MemoryRecord, Message, Triple, normalise_entity

DIED_RELATIVE = "rules.clause:kin.died"
# what a person has or does while alive ("residence", "employer"...): ends with them
_WHILE_ALIVE = frozenset({"residence", "employer", "occupation", "school", "car", "phone", "computer", "commute",
                          "work_mode", "gym", "bank", "mobile", "internet", "doctor", "medication", "hobbies",
                          "drinks", "diet", "health_condition", "age", "pets", "team", "tools", "shift",
                          "work_hours", "energy", "ambition", "party"})

# the same, said in no slot ("User's nan lives in sheltered housing")
_LIVING_RELATIONS = frozenset({"lives_in", "lives_at", "lives_with", "works_at", "works_as", "works_in",
                               "studies_at", "drives", "owns", "uses", "plays", "goes_to", "attends"})


def when_said(verb: Any) -> str:
    """The time a verb is said with ("passed away on monday": "on monday"; "died last year": "last year"), or ""."""
    return " ".join(" ".join(t.text for t in c.subtree) for c in verb.children if c.dep_ in ("prep", "npadvmod")
                    and any(t.ent_type_ in ("DATE", "TIME") for t in c.subtree))


def lost_relative(who: Any, words: str, owner: str | None, ctx: Context, message: Message) -> Fact | None:
    """"my mum passed away on monday": the speaker's relative (not a partner, nor a pet) ``who`` died."""
    kin = who.lemma_.lower()
    if owner not in ("my", "our") or who.lower_ not in KIN or kin in PARTNER_NOUNS or kin in PET_NOUNS or \
            words not in ("died", "passed away"):
        return None
    speaker = ctx.speaker
    person = f"{speaker}'s {who.lower_}"
    when = when_said(who.head)
    return Fact(
        text=f"{person} {words}{' ' + when if when else ''}",
        entities=[EntityRef(speaker, "person"), EntityRef(person, "person")],
        triples=[Triple(speaker, who.lower_, person), Triple(person, "not_alive", words)], slot=None,
        subject_key=normalise_entity(person), object_key=None, negated=True, rule=DIED_RELATIVE,
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"the speaker's {who.lower_} {words}")


def dead_person_records(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The present-state memories of the relative a death fact names (see the module doc)."""
    if fact.rule != DIED_RELATIVE or not fact.subject_key:
        return []
    person = fact.subject_key
    return [r for r in records if r.subject_key == person and r.polarity > 0 and (
        (r.slot and r.slot.split("|")[1] in _WHILE_ALIVE) or (not r.slot and any(
            normalise_entity(t.subject) == person and t.relation in _LIVING_RELATIONS for t in r.triples)))]
