"""A place at a university said as getting in: "Layla got into Durham", "my son got accepted into UCL to do
medicine", "got into Leeds Uni". "get into" is otherwise a stance ("I got into jazz", "got into Radiohead"),
so the object must name a school: a school word, a university known by its name alone, or study talk in the
same turn ("She starts in October, studying law")."""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.slots import looks_like_school

# universities people name by the place or the short name alone
_UNIVERSITIES = """
oxford cambridge durham harvard yale stanford princeton mit caltech ucl lse kcl imperial columbia cornell
berkeley ucla nyu usc edinburgh warwick exeter bath lancaster loughborough nottingham southampton sheffield
manchester leeds bristol glasgow aberdeen dundee cardiff york sussex trinity mcgill toronto
"""
UNIVERSITIES = frozenset(_UNIVERSITIES.split())
# words of study talk that make a getting-in a place at a school ("got into Bristol to study law"); not the
# school nouns, said as a time ("got into Radiohead in college")
STUDY_WORDS = frozenset({"study", "studying", "studies", "course", "degree", "major", "scholarship", "freshers",
                         "semester", "undergrad", "masters", "phd", "offer",
                         "medicine", "med", "enrol", "enroll", "admission", "admissions", "accepted"})
_GETTING_IN = frozenset({"get", "accept", "admit"})


def admitted_to_school(lemma: str, prep: str | None, obj: Any) -> bool:
    """Whether "<lemma> <prep> <obj>" says someone got a place at a school."""
    if lemma not in _GETTING_IN or prep not in ("into", "to") or obj.ent_type_ in ("PERSON", "DATE", "TIME"):
        return False
    if lemma == "get" and prep != "into":  # "got to Leeds" is an arrival
        return False
    named = obj.pos_ == "PROPN" or obj.text[:1].isupper()
    if looks_like_school(list(obj.subtree)) or any(t.lower_ in ("st", "st.", "saint") and t.i < obj.i
                                                   for t in obj.subtree):
        return True  # ("got him into st marys": a school named for a saint)
    return named and (obj.lower_ in UNIVERSITIES or any(t.lower_ in STUDY_WORDS for t in obj.doc if t.i != obj.i))


# "my son Theo studies at Leeds University", "Theo studies law": the small model reads "studies" after a name
# as the plural noun (an apposition: no clause, no fact); said "is studying" it is the verb. Not "my studies",
# "her studies at Leeds" (a determiner before it), nor "studies show"
_STUDIES = re.compile(r"\b(?!(?:My|His|Her|Their|Our|Your|The|Its|These|Those|Recent|Further)\b)([A-Z][a-z]+) "
                      r"studies(?= (?:at|in|for|with|under|part-time|full-time|abroad|[a-z]+ at)\b)")
_PRONOUN_STUDIES = re.compile(r"\b([Hh]e|[Ss]he) studies\b")


def studies_as_verb(text: str) -> str:
    """"My son Theo studies at Leeds University" -> "My son Theo is studying at Leeds University"."""
    return _PRONOUN_STUDIES.sub(r"\1 is studying", _STUDIES.sub(r"\1 is studying", text))
