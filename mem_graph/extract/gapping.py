"""Objects a gapped clause adds: "I'm allergic to cats and also dust" ("dust" hangs off the verb)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mem_graph.extract.clauses import span_text
from mem_graph.extract.kin_words import KIN
from mem_graph.types import Fact


def gapped_objects(target: Any, objects: list[Any]) -> list[Any]:
    """Nouns conjoined to the clause's verb after its first object, with no verb or subject of their own:
    the verb and preposition are left out ("and also dust", "and now German too"), so they are more objects."""
    if not objects:
        return []
    return [c for c in target.children if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and c.i > objects[0].i
            and c not in objects and not any(g.dep_ in ("nsubj", "nsubjpass", "prep", "dobj") for g in c.children)
            and not (c.lemma_.lower() in KIN and any(g.dep_ == "poss" for g in c.children))]  # ("and my best mate")


def gapped_text(obj: Any, verb: Any, subject: str, verb_said: str) -> str | None:
    """The text of a gapped object ("... and TypeScript on the frontend"): said with its own phrase, and with the
    preposition it shares ("stay with my son and his family in bangalore": not "stays family"); None for any other
    object. ``verb_said``: the verb as the fact says it ("stays")."""
    gap = obj.doc[obj.i + 1] if obj.dep_ == "conj" and obj.head.dep_ == "pobj" and obj.i + 1 < len(obj.doc) else None
    if gap is None or gap.dep_ != "prep" or gap.head.i not in (verb.i, obj.i):
        return None
    prep = obj.head.head
    shared = prep.text if prep.lower_ == "with" and prep.head.i == verb.i else None
    return " ".join(w for w in (subject, verb_said, shared, span_text([obj, *gap.subtree])) if w)


def regapped(pairs: list[tuple[Any, Fact | None]], object_text: Callable[[Any], str]) -> list[Fact]:
    """The facts of a clause's objects; a gapped object's fact says the first one's sentence with its own value
    ("User is allergic to dust", not "User is allergic to and also dust")."""
    first = next(((o, f) for o, f in pairs if f is not None and o.dep_ != "conj"), None)
    for obj, fact in pairs:
        if first is None or fact is None or obj.dep_ != "conj" or obj.head.pos_ not in ("VERB", "AUX"):
            continue
        old = object_text(first[0])
        if old and old in first[1].text:
            fact.text = first[1].text.replace(old, object_text(obj), 1)
    return [f for _, f in pairs if f is not None]


# "Lily goes to Greenfield Primary and Sam goes to Northgate School": two people's clauses joined by "and" read
# as one ("Greenfield Primary and Sam", the second verb subjectless), so the second is lost; the comma the
# writer left out keeps them two clauses. Only a single name before a third-person verb ("and Sam goes"), not
# a pair ("Lily and Sam go", "me and Yvonne moved in")
_KIN_NP = r"(?:my|our) (?:" + "|".join(sorted(KIN, key=len, reverse=True)) + r")(?: [A-Z][a-z]+)?"
_SECOND_CLAUSE = re.compile(rf"(?<=[\w)])(?<!\b[Mm]e)(?<!\bI) and ([A-Z][a-z]+|{_KIN_NP}) (?=(?:goes|lives|works|"
                            r"studies|attends|is|has|plays|teaches|drives|runs|does|owns|uses|speaks|was|had|moved|"
                            r"started|switched)\b)")  # (or "... and my husband Gary drives a Land Rover")


# "i'm done with the studio, went freelance this month": a first-person sentence spliced with a comma to a
# clause that opens with a verb of change in the past leaves out that clause's "I" (the parser hangs it on the
# first clause, so it is lost); the full stop the writer left out makes it a statement of its own
_SPLICED_CHANGE = re.compile(r"^(\W*(?:(?:yo|so|ok|okay|well|oh|and|but|also|anyway|update|hey|btw)\W+){0,3}"
                             r"(?:I|I'm|I've|I am|I have|left|quit)\b[^.!?]*?),\s+(?=(?:went|got|became|moved(?! from)|"
                             r"started|switched|joined|quit|left|took|bought|sold|began|found|lost|met|adopted|"
                             r"set up|opened|launched)\b)", re.I)


# "mysql is finally gone, prod runs on postgres now": a second clause about the team's system, comma-spliced (the
# parser reads "prod runs" as one noun)
_SPLICED_SYSTEM = re.compile(r",\s+(?=(?:prod|production|everything|(?:the|our) (?:app|backend|site|stack|service|"
                             r"data|db|api))\s+(?:now\s+)?(?:runs|lives|sits|is|'s)\b)", re.I)


# "used to be a chef till my back gave out, now I do the books": what was, then what is (the parser hangs the
# first on the second as a clause of its own verb's, so it is lost)
_USED_TO_NOW = re.compile(r"^(\W*(?:i |I )?used to\b[^,.;!?]*),\s+(?=(?:now|but now|these days|nowadays)\b)", re.I)


def split_clauses(text: str) -> str:
    """"Lily goes to Greenfield Primary and Sam goes to Northgate" -> "..., and Sam goes to Northgate"; "I'm done
    with the studio, went freelance" -> "I'm done with the studio. I went freelance"; "mysql is gone, prod runs on
    postgres" -> "mysql is gone. prod runs on postgres"."""
    text = _USED_TO_NOW.sub(r"\1. ", text)
    return _SPLICED_SYSTEM.sub(". ", _SPLICED_CHANGE.sub(r"\1. I ", _SECOND_CLAUSE.sub(r", and \1 ", text)))
