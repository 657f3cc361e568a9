"""Who "we" is (``we_are_the_speaker``), and a couple's new status said beside the partner's name: "my
boyfriend dan proposed!! we're engaged".

The status ("engaged", "married") is what is true now, so it stays the partner slot's value, and it names the
partner the same turn names: "User is engaged to Dan" (with the edge User -engaged_to-> Dan). The naming
("User's boyfriend Dan proposed") steps out of the slot, so the one turn does not replace its own news; it is
kept as said. A status and a named partner are both true at once (``status_and_partner``).
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.catalogue import REL_STATUS
from mem_graph.extract.kin_words import PARTNER_NOUNS
from mem_graph.types import EntityRef, Fact, Triple, normalise_entity

COUPLE_STATES = ("engaged", "married", "relationship")  # ("relationship": "in a relationship")
WE_SLOTS = frozenset({"residence", "tools", "database", "role", "pets", "car", "phone", "diet", "school", "name",  # the
                      "timezone", "business", "commute", "religion", "energy", "internet", "party"})  # household, team


def we_are_the_speaker(slot: str | None, value: str) -> bool:
    """Whether "we" says the speaker's value of ``slot``: a household's or a team's slot ("we moved to Leeds",
    "we use Postgres"), or a couple's status ("we're engaged"); not "we all have our paths"."""
    return slot in WE_SLOTS or (slot == "partner" and value in COUPLE_STATES)


def _named_partner(fact: Fact, status: Fact) -> str | None:
    """The partner ``fact`` names for the status' subject ("my boyfriend Dan", "Dan and I")."""
    if fact is status or fact.negated or fact.subject_key != status.subject_key or fact.object_key in COUPLE_STATES:
        return None
    if fact.slot != status.slot and fact.rule != "rules.partner_mention":
        return None
    named = [t.object for t in fact.triples if t.relation in PARTNER_NOUNS or t.relation == "partner"]
    return named[0] if len(named) == 1 and normalise_entity(named[0]) == fact.object_key else None


def two_named(subject: Any) -> bool:
    """The subject is one of two people said together ("Kate and I", "me and Alex"), however it was parsed."""
    if subject is None:
        return False
    if subject.dep_ == "conj" or any(c.dep_ == "conj" for c in subject.children):
        return True
    return subject.i >= 2 and subject.doc[subject.i - 1].lower_ in ("and", "&")


def status_and_partner(slot: str | None, value: str | None, other: str | None) -> bool:
    """Whether two values of a partner slot are a couple's status and the partner ("we got married in 2015" and
    "my wife is called Ana"): both true at once, neither replaces the other."""
    if not (slot or "").endswith("|partner") or value is None or other is None:
        return False
    return (value in COUPLE_STATES and other not in _STATUSES) or (other in COUPLE_STATES and value not in _STATUSES)


_STATUSES = frozenset({*REL_STATUS, "relationship"})  # "in a relationship" is a status too: "engaged" replaces it
# a couple's stages, in order: a later one said of the same partner ends the fact that said an earlier one
_STAGES = {"dating": 0, "seeing": 0, "relationship": 0, "boyfriend": 0, "girlfriend": 0, "engaged": 1, "fiance": 1,
           "fiancé": 1, "fiancee": 1, "fiancée": 1, "married": 2, "husband": 2, "wife": 2}
_STAGE_WORD = re.compile(r"\b(" + "|".join(_STAGES) + r")\b", re.I)


def stage_moved_on(value: str | None, old_text: str, old_partner: str | None, new_text: str) -> bool:
    """A couple's later stage said of the partner an earlier stage named ("User got married to Mark" after "User
    is engaged to Mark"): the earlier fact ends, though a status and a partner are otherwise both true at once."""
    said = _STAGE_WORD.search(old_text)
    if value not in _STAGES or said is None or _STAGES[said.group(1).lower()] >= _STAGES[value]:
        return False
    named = re.search(r"\bto ([A-Z][\w'-]+)", new_text)
    return named is None or normalise_entity(named.group(1)) == old_partner


_WE_ARE = r"^\W*(?:so\s+|and\s+)?we(?:'re| are| got| just got| finally got)\b|\b(?:she|he) said yes\b"


def name_the_couple(facts: list[Fact], partners: dict[str, str] | None = None, text: str = "") -> None:
    """Name the partner in a couple's status the same turn states (in place; see the module doc). ``partners``:
    subject key -> the partner named in earlier turns, named again in ``text`` ("marcus proposed!!! we're engaged"
    after "my bf is called marcus")."""
    said_twice: list[Fact] = []
    for status in facts:
        if not (status.slot and status.slot.endswith("|partner") and status.object_key in COUPLE_STATES
                and not status.negated and status.tense == "present") or " to " in status.text:
            continue
        named = [(f, name) for f in facts if (name := _named_partner(f, status)) is not None]
        known = (partners or {}).get(status.subject_key or "")
        # (or "we" say it: "we're married!!!" after "my bf is called marco")
        if not named and known and re.search(rf"\b{re.escape(known)}\b|{_WE_ARE}", text, re.I):
            named = [(status, known)]  # (the status itself stays in the slot)
        if len({n for _, n in named}) != 1:
            continue
        name, word = named[0][1], status.object_key
        subject = status.triples[0].subject if status.triples else status.text.split(" ")[0]
        status.text = status.text.replace(f" {word}", f" {word} to {name}", 1)
        status.triples.append(Triple(subject, f"{word}_to", name))
        status.entities.append(EntityRef(name, "person"))
        status.evidence += f"; the partner the turn names: {name}"
        for fact, _ in named:
            if fact is not status and fact.slot == status.slot:  # "alex proposed ... we're engaged!!!": one news
                said_twice.append(fact)
            elif fact is not status:
                fact.slot, fact.single_valued = None, False
    facts[:] = [f for f in facts if not any(f is d for d in said_twice)]


def note_partner(ctx: Any, found: list[Fact]) -> None:
    """Remember the partner a sentence names by a couple's status ("my rishta with Hamza is finalized": engaged
    to Hamza), so a later "nikah done!!!" or "we're married" in the conversation is to Hamza."""
    me = normalise_entity(ctx.speaker)
    for f in found:
        if f.slot != f"{me}|partner" or f.negated or f.tense != "present":
            continue
        said = re.search(r"\b(?:engaged|married) to ([A-Z][\w'-]+)", f.text)  # (the triple may hold the status)
        name = said.group(1) if said else next((t.object for t in f.triples if normalise_entity(t.subject) == me and (
            t.relation in ("engaged_to", "married_to", "dates") or t.relation in PARTNER_NOUNS)
            and normalise_entity(t.object) not in COUPLE_STATES), None)
        if name is not None and "'s " not in name and name.lower() not in PARTNER_NOUNS:  # a name, not "User's bf"
            ctx.remember(ctx.speaker, "partner", name)
