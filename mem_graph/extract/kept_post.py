"""A post that outlives its workplace: "I'm a pharmacist at Boots in Norwich", then "handed my notice in at Boots,
starting at Lloyds Pharmacy on the 1st". The first turn is one memory holding both job attributes (jobs.py: the
occupation fact with a ``works_at`` edge), so the new workplace ends it whole, and with it the only memory that said
what the speaker does. The turn changed only where they work; the post stays.

``kept_posts`` reads the decisions of one add(): for each memory a workplace change ended (a fact of the employer
slot, stating no post, ending an occupation memory whose ``works_at`` edge names the old place), it returns the post
as a fact of its own ("User is a pharmacist"), to be added with a reason that names the ended memory. Only when the
same add() names the new workplace ("I quit Pret" alone may have ended the barista's work too); not when it states a
post for that person ("left Boots, I'm a teacher now"), nor for a post that names no one's job ("User works in
marketing at Google": "marketing" is a field), nor when the words name other work ("first week driving HGV for
Tesco": a post the rules missed).
"""

from __future__ import annotations

import re
from dataclasses import replace

from mem_graph.extract.jobs import is_post
from mem_graph.extract.lexicon import OCCUPATIONS, agent_of
from mem_graph.extract.reconcile import Decision
from mem_graph.types import EntityRef, Event, MemoryRecord, Triple, normalise_entity

KEPT_POST = "rules.kept_post:occupation.single"
_WORD = re.compile(r"[a-z]+")


def _slot_of(slot: str | None) -> tuple[str, str] | None:
    if not slot or slot.count("|") != 1:
        return None
    subject, name = slot.split("|")
    return subject, name


def _post_of(record: MemoryRecord, subject: str) -> Triple | None:
    """The record's ``works_as`` edge for ``subject``, when the record also names a workplace."""
    edges = [t for t in record.triples if normalise_entity(t.subject) == subject]
    post = next((t for t in edges if t.relation == "works_as"), None)
    if post is None or not any(t.relation == "works_at" for t in edges):
        return None
    return post if is_post(post.object.lower().split()[-1]) else None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _other_work(said: str, post: str) -> bool:
    """Whether ``said`` names work other than ``post`` ("first week driving HGV for Tesco" after a care assistant),
    which a rule may have missed: then the post may have changed too."""
    words = set(_WORD.findall(said.lower()))
    return any(w not in post.split() and (w in OCCUPATIONS or ((a := agent_of(w)) is not None and a not in post))
               for w in words)


def kept_posts(decisions: list[Decision], slots: list[str | None], said: str) -> list[Decision]:
    """The posts the decisions' workplace changes ended with their workplace, each as an ADD (see the module doc);
    ``slots``: each decided fact's slot as extracted (a fact that clears its slot is decided without one); ``said``:
    the messages' words."""
    posts_said = {s[0] for slot in slots if (s := _slot_of(slot)) and s[1] == "occupation"}
    # only a move to another workplace: "I quit Pret" may have ended the barista's work too
    moved = {s[0] for d, slot in zip(decisions, slots, strict=True)
             if (s := _slot_of(slot)) and s[1] == "employer" and not d.fact.negated and d.fact.tense == "present"}
    kept: list[Decision] = []
    seen: set[str] = set()
    for d, slot in zip(decisions, slots, strict=True):
        placed = d.fact.subject_key and d.fact.evidence.startswith("slot employer:")
        # ("handed my notice in at Boots": placed, then kept without its slot)
        where = _slot_of(slot) or ((d.fact.subject_key or "", "employer") if placed else None)
        if d.event not in (Event.UPDATE, Event.DELETE) or where is None or where[1] != "employer":
            continue
        subject = where[0]
        if "(the job at" in d.fact.evidence:
            continue  # "zoe's jacked in the pret job": the job itself ended, the post with it
        if subject not in moved or subject in posts_said or any(t.relation == "works_as" for t in d.fact.triples):
            continue  # "left Boots, I'm a teacher now": the post changed too
        for r in d.targets:
            post = _post_of(r, subject) if r.slot == f"{subject}|occupation" else None
            if post is None or r.id in seen or _other_work(said, post.object.lower()):
                continue
            seen.add(r.id)
            text = f"{post.subject} is {_article(post.object)} {post.object}"
            fact = replace(d.fact, text=text, slot=r.slot, object_key=normalise_entity(post.object), negated=False,
                           polarity=1, tense="present", clears_slot=False, replaces=[], replaced_in_turn=False,
                           triples=[t for t in r.triples if t.relation != "works_at"],
                           entities=[EntityRef(post.subject, "person"), EntityRef(post.object, "thing")],
                           rule=KEPT_POST, evidence=f"slot occupation: the post of {r.text!r}, whose workplace "
                                                    f"changed", layer="durable", metadata=dict(d.fact.metadata))
            kept.append(Decision(Event.ADD, fact, f"the post stays: {d.fact.text!r} changed only the workplace of "
                                                  f"{r.text!r}", "kept_post"))
    return kept
