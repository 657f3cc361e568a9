"""A child moved to another school: "we moved my daughter from Westfield High to Lincoln Academy", "switched my son
to St Paul's": the child's school slot changes; nobody's home does (``target.py`` reads the move through
``moved_child``). Not a group within the school ("moved my daughter to Set 1 for maths")."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Subject, compound_span, resolve_np
from mem_graph.extract.kin_words import CHILD_NOUNS
from mem_graph.extract.places import is_place_name
from mem_graph.extract.slots import looks_like_school
from mem_graph.types import EntityRef

_SCHOOL_TALK = frozenset({"school", "schools", "ofsted", "teacher", "teachers", "class", "classes", "term", "reception",
                          "nursery", "headteacher", "head", "principal", "uniform", "pupils", "curriculum"})
_GROUPS = frozenset({"set", "year", "group", "class", "band", "stream", "level", "table", "room", "form", "grade"})


def moved_child(pred: Any, new_obj: Any, ctx: Any) -> Any | None:
    """The child a move to a school (a school word in its name, or a name among school talk) moved, or None."""
    kin = pred.dobj  # (not "her"/"him": "we've moved her to ..." was tried, see docs/benchmarks.md "Session 47")
    if kin is None or kin.lemma_.lower() not in CHILD_NOUNS or not any(c.lower_ in ("my", "our", "the")
                                                                        for c in kin.children):
        return None
    # "we moved the twins to Greenhill after all the ofsted drama at oakfield": a name, among school talk
    # (not a group within the school: "moved her to Set 1 for maths", "up to Year 4", "to the Owls")
    grouped = any(t.like_num or t.lower_ in _GROUPS for t in compound_span(new_obj))
    named = new_obj.pos_ == "PROPN" and new_obj.text[:1].isupper() and new_obj.ent_type_ not in ("GPE", "LOC") and \
        not grouped and not is_place_name(new_obj.text) and (bool(ctx.school_words) or any(
            t.lower_ in _SCHOOL_TALK for t in kin.sent))
    if not (looks_like_school(compound_span(new_obj)) or named):
        return None
    return resolve_np(kin, ctx) or Subject(f"{ctx.speaker}'s {kin.lower_}", kin=kin.lemma_.lower(),  # twins
                                                    entities=[EntityRef(f"{ctx.speaker}'s {kin.lower_}", "person")])
