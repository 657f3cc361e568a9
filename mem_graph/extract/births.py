"""A birth ends a pregnancy: "our little girl Isla arrived on tuesday!" after "i'm 5 months pregnant", "hannah had
the baby, a little boy called Jack!" after "my sister Hannah is pregnant with her first". The pregnancy was said as a
state in no slot, so nothing else ends it; here the birth ends the parent's pregnancy facts (the speaker's partner's
too, when the speaker says "our baby")."""

from __future__ import annotations

import re

from mem_graph.extract.kin_words import CHILD_NOUNS, PARTNER_NOUNS
from mem_graph.types import Fact, MemoryRecord, normalise_entity

_PREGNANT = re.compile(r"\b(?:pregnant|expecting (?:a baby|a little|twins|a boy|a girl|our|my|her|their) ?)", re.I)
# the parent said it ("had the baby", "gave birth") or the child came ("Isla arrived", "Jack was born")
_PARENT_SAID = re.compile(r"\b(?:had (?:the|a|her|our|their|my) (?:baby|little (?:boy|girl|one)|boy|girl|twins)|"
                          r"gave birth)\b", re.I)
_CHILD_CAME = re.compile(r"\b(?:arrived|(?:was|were|been) born|is here|are here)\b", re.I)
_SPEAKER_PREGNANT = re.compile(r"\b(?:i'm|i am|im|we're|we are)\b[^.!?]*\b(?:pregnant|expecting)", re.I)
_CHILD_NOUNS = CHILD_NOUNS | {"little girl", "little boy", "little one", "girl", "boy", "twins", "newborn", "baby girl",
                             "baby boy"}


def ended_pregnancy(fact: Fact, records: list[MemoryRecord]) -> tuple[list[MemoryRecord], str] | None:
    """The pregnancy facts a birth ``fact`` ends, with the reason; None otherwise."""
    if fact.negated or fact.polarity <= 0 or fact.tense == "plan":
        return None
    if _PARENT_SAID.search(fact.text):
        parents = {fact.subject_key}
    elif _CHILD_CAME.search(fact.text):
        parents = {normalise_entity(t.subject) for t in fact.triples if t.relation in _CHILD_NOUNS}
    else:
        return None
    parents |= {f"{p}'s {w}" for p in parents if p == "user" for w in PARTNER_NOUNS}  # ("our baby": the wife's too)
    ended = [r for r in records if r.polarity > 0 and _PREGNANT.search(r.text) and (
        r.subject_key in parents or (r.subject_key is None and "user" in parents and _SPEAKER_PREGNANT.search(r.text)))
        and not set(r.source.get("message_ids") or []) & set(fact.message_ids)]  # (the turn's verbatim copy too)
    if not ended:
        return None
    return ended, f"a birth ends the pregnancy: {', '.join(repr(r.text) for r in ended)}"
