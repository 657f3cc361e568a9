"""Living together: "Yvonne and I are living together now", "me and my boyfriend moved in together".

The clause has no object, so no other reader keeps it; said beside another statement ("..., I moved into her
place in Sutton") it was lost, the turn being read well enough to keep no verbatim copy. The fact says whom
the speaker lives with ("User and Yvonne are living together now", edge User -lives_with-> Yvonne); it fills no
slot (a flatmate is said the same way), and a plan ("moving in together next month") stays a plan.
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context, compound_span, span_text
from mem_graph.extract.cues import read_cues
from mem_graph.extract.kin_words import KIN, POSSESSIVES
from mem_graph.extract.lexicon import is_given_name
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_SPEAKER_WORDS = frozenset({"i", "me"})
RULE = "rules.clause:lives_with"
_OTHER_CLAUSE = frozenset({"conj", "cc", "punct", "parataxis", "ccomp", "advcl"})


def _other_one(verb: Any, ctx: Context) -> str | None:
    """The one person said together with the speaker as the verb's subject, by name or as "my <kin>"."""
    heads = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    people = [t for h in heads for t in (h, *h.conjuncts)]
    others = [t for t in people if t.lower_ not in _SPEAKER_WORDS]
    if len(others) != 1 or len(others) == len(people):
        return None
    other = others[0]
    if other.pos_ == "PROPN" or (other.text[:1].isupper() and (is_given_name(other) or not is_english_word(
            other.lower_))):  # ("Pablo and I moved in together": Pablo read as a common noun)
        name = span_text(compound_span(other))
        return f"{name[:1].upper()}{name[1:]}"
    kin = other.lemma_.lower()
    if kin in KIN and any(c.lower_ in POSSESSIVES for c in other.children):  # "my boyfriend and I"
        return ctx.kin_names.get((normalise_entity(ctx.speaker), kin)) or f"{ctx.speaker}'s {kin}"
    return None


def living_together(verb: Any, ctx: Context, message: Message) -> Fact | None:
    """The speaker living (or moving in) with the one person named beside them; None for any other clause."""
    if verb.lemma_.lower() not in ("live", "move") or not any(c.lower_ == "together" for c in verb.children):
        return None
    other = _other_one(verb, ctx)
    if other is None or any(c.dep_ == "prep" and c.lower_ in ("in", "into", "to") and any(
            g.dep_ == "pobj" for g in c.children) for c in verb.children):
        return None  # ("me n josh moved into a rental in paddington together": where, read as the speaker's home)
    cues = read_cues(verb, verb)
    if cues.negated:
        return None
    subject_end = max(t.i for h in verb.children if h.dep_ in ("nsubj", "nsubjpass") for t in h.subtree)
    # the clause itself, not one joined after it ("…, I moved into her place in Sutton")
    end = max([verb.i, *(t.i for c in verb.rights if c.dep_ not in _OTHER_CLAUSE for t in c.subtree)])
    said = verb.doc[subject_end + 1: end + 1].text.strip().rstrip(".!?,;: ")
    speaker = ctx.speaker
    named = other.replace(f"{speaker}'s ", "their ", 1)  # "User and their boyfriend moved in together"
    return Fact(
        text=f"{speaker} and {named} {said}", entities=[EntityRef(speaker, "person"), EntityRef(other, "person")],
        triples=[Triple(speaker, "lives_with", other)], subject_key=normalise_entity(speaker),
        object_key=normalise_entity(other), rule=RULE, tense=cues.tense,
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"lives with: '{other} and I … {verb.text} together'")
