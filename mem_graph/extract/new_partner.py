"""The new partner named beside a breakup: "i'm with Riley now, things with Jamie ended in january", "Alex and I
broke up last month, seeing Jordan now".

Alone, "I'm with Riley now" reads as an employer ("I'm with Deloitte now": the small parser's entity types cannot
tell a first name from a firm) and "seeing Jordan now" as nothing at all (Jordan a place). In a turn whose other
fact is the speaker's own breakup, "with X now" / "seeing X now" of a capitalised name is the speaker's new
partner, and is read as such; without a breakup in the turn nothing changes.
"""

from __future__ import annotations

from dataclasses import replace

from mem_graph.types import EntityRef, Fact, Triple

_AS_PARTNER = frozenset({"works_at", "sees"})  # read alone as an employer, or as nothing


def _speakers_breakup(fact: Fact) -> bool:
    return (fact.slot or "").endswith("|partner") and fact.negated and fact.tense == "present"


def with_new_partner(facts: list[Fact]) -> list[Fact]:
    """``facts`` with "with X now" / "seeing X now" read as the speaker's new partner beside their breakup."""
    breakups = [f for f in facts if _speakers_breakup(f)]
    if not breakups:
        return facts
    out = []
    for f in facts:
        tr = f.triples[0] if len(f.triples) == 1 else None
        said = f.text.split()
        if tr is not None and tr.relation in _AS_PARTNER and f.subject_key == breakups[0].subject_key and \
                not f.negated and tr.object[:1].isupper() and len(tr.object.split()) == 1 and \
                ("with" in said or "seeing" in said) and f.object_key not in {b.object_key for b in breakups}:
            f = replace(f, slot=f"{f.subject_key}|partner", single_valued=True, polarity=1,
                        triples=[Triple(tr.subject, "partner", tr.object)],
                        entities=[e if e.name != tr.object else EntityRef(e.name, "person") for e in f.entities],
                        evidence=f"slot partner: '{tr.object}' named beside a breakup" +
                        (f"; {f.evidence.split('; ', 1)[1]}" if "; " in f.evidence else ""))
        out.append(f)
    return out
