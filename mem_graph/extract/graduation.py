"""A school finished: "I graduated in july!", "finally graduated", "my daughter graduated from Oxford", "I've
finished uni", "passed my viva". The subject's school slot ends (a negated fact that clears it, said as what
happened), whichever school it held: the words rarely name it again; what they studied ends with it.

Only a graduation that happened (past, or "have graduated"): "I graduate in May", "she'll graduate next year" and
"hoping to graduate" are plans; "I didn't graduate" ends nothing.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context, clause_subject, compound_span, span_text
from mem_graph.extract.render import render
from mem_graph.extract.slots import looks_like_school
from mem_graph.types import EntityRef, Fact, Message, Triple

GRADUATED = "rules.graduated:school.neg"
_SCHOOL_DONE = frozenset({"finish", "complete", "leave"})  # "finished uni", "completed my degree"
_STUDIES = frozenset({"degree", "studies", "course", "masters", "phd", "doctorate", "apprenticeship", "training",
                      "mba", "msc", "pgce", "gcses", "a-levels", "levels"})
_LAST_HURDLE = frozenset({"viva", "finals"})  # "passed my viva": the degree is done
# degrees by their letters, as written ("finished my MA"; not "my ma": a mother)
_DEGREES = frozenset({"MA", "BA", "BSc", "MSc", "MPhil", "MRes", "LLB", "LLM", "MEng", "BEng", "PGCE", "PhD", "PHD"})


def _happened(verb: Any) -> bool:
    aux = [c for c in verb.children if c.dep_ in ("aux", "neg")]
    if any(c.dep_ == "neg" or c.lemma_.lower() not in ("have", "do") for c in aux):
        return False  # "didn't graduate", "will graduate", "might finish uni"
    return verb.tag_ == "VBD" or (verb.tag_ == "VBN" and any(c.lemma_.lower() == "have" for c in aux))


def _school_finished(verb: Any) -> tuple[Any | None, str] | None:
    """The school the clause says was finished (None when unnamed) and the words that say so."""
    lemma = verb.lemma_.lower()
    if lemma == "graduate":
        school = next((g for c in verb.children if c.dep_ == "prep" and c.lower_ == "from"
                       for g in c.children if g.dep_ == "pobj"), None)
        return school, f"graduated from {span_text(compound_span(school))}" if school is not None else "graduated"
    # ("i've finished uni, so weird": "uni" read as an oprd)
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "oprd")), None)
    if lemma == "pass" and obj is not None and obj.lower_ in _LAST_HURDLE:
        return None, f"passed {span_text(list(obj.subtree)).lower()}"
    if lemma in _SCHOOL_DONE - {"leave"} and obj is not None and (
            looks_like_school(compound_span(obj)) or obj.lemma_.lower() in _STUDIES or obj.text in _DEGREES):
        return None, f"{verb.text.lower()} {span_text(list(obj.subtree)).lower()}"
    return None


def graduation(verb: Any, ctx: Context, message: Message) -> Fact | None:
    """The school slot ``verb`` says its subject finished, as a negated fact; None otherwise."""
    if not _happened(verb) or (found := _school_finished(verb)) is None:
        return None
    school, words = found
    subject, subj_tok = clause_subject(verb, ctx)
    if subject is None or subject.type != "person":
        return None
    value = span_text(compound_span(school)) if school is not None else "school"
    key = subject.key
    return Fact(
        text=render(verb, subject, ctx.speaker, subject_token=subj_tok),
        entities=[*(subject.entities or [EntityRef(subject.name, "person")]), EntityRef(value, "thing")],
        triples=[*subject.triples, Triple(subject.name, "not_studies_at", value)], slot=f"{key}|school",
        subject_key=key, object_key=value.lower(), negated=True, clears_slot=True, rule=GRADUATED,
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"slot school: '{words}' (school finished)")


_STUDENT = frozenset({"student", "pupil", "undergrad", "undergraduate", "postgrad", "fresher"})


def student_records(fact: Fact, records: list[Any]) -> list[Any]:
    """The subject's "is a student" occupation, which a school finished ends too ("User is a student" for "User
    has finished uni"); any other occupation stays (a nurse who finished a night course is still a nurse)."""
    if fact.rule != GRADUATED or not fact.subject_key:
        return []
    occupation = f"{fact.subject_key}|occupation"
    return [r for r in records if r.slot == occupation and r.polarity > 0
            and (r.object_key or "").rpartition(" ")[2] in _STUDENT]


# "uni is officially done!!", "my degree's finally over": the speaker's school finished, said as over (not "her uni is
# done", "school's done for the summer", "uni is done for the day")
_SCHOOL_OVER = re.compile(r"(?:^|[,.;!:]\s*|\b(?:and|so|but|now|which means|finally)\s+)(?:my\s+)?(?P<x>uni|university|"
                          r"college|degree|masters|phd|course|a-levels|gcses|sixth form)(?:'s|\u2019s| is| are)\s+"
                          r"(?:(?:officially|finally|all|now|completely|properly)\s+)*(?:done|over|finished)\b"
                          r"(?!\s+(?:for|till|until)\b)", re.I)


def school_done(text: str) -> list[str]:
    """"I've finished uni" for "uni is officially done!!" (see ``_SCHOOL_OVER``)."""
    return [f"I've finished {'my ' if m.group('x').lower() in _STUDIES else ''}{m.group('x').lower()}"
            for m in _SCHOOL_OVER.finditer(text)][:1]
