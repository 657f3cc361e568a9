"""Ways of saying one left a job, a course or a pastime that the parse reads as other verbs, said as "quit" with
what was left as the object: "i'm done fishing", "packed in the buses", "dropped out of college", "finally escaped
barclays", "resigned from GTBank", "handed my notice in at Greggs"."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.places import is_place_name

_NOTICE_VERBS = frozenset({"hand", "give", "put", "turn", "submit", "send", "tender", "serve"})
NOTICE_NOUNS = frozenset({"notice", "resignation"})
_NOTICE_TAKERS = frozenset({"boss", "manager", "supervisor", "hr", "team", "lead", "owner", "work", "job"})
_HOME_NOTICE = frozenset({"landlord", "landlady", "lease", "tenancy", "letting", "rent", "flat", "apartment"})


def _notice_place(head: Any) -> Any:
    """Where a notice was handed in: "at Greggs", "to Greggs", also when the parser hangs it off the particle
    ("handed my notice in at the cafe") or off the notice ("my resignation to Greggs"); not the person it went to
    ("to my boss": the job one holds). ``head``: the verb or the notice."""
    for c in head.children:
        for p in [c, *c.children] if c.dep_ in ("prep", "prt") else []:
            pobj = next((g for g in p.children if g.dep_ == "pobj" or (  # ("at ledgerly": an adverb to the parser)
                g.dep_ == "pcomp" and g.pos_ in ("ADV", "NOUN", "PROPN"))), None) if p.dep_ == "prep" else None
            if pobj is not None and p.lower_ in ("at", "to") and pobj.lemma_.lower() not in _NOTICE_TAKERS:
                return pobj
    return None


def quit_idioms(pred: Any, target: Any, direct: list[Any]) -> list[Any]:
    """``pred`` with its lemma "quit" where the clause says a thing was left (``direct``: its objects, returned)."""
    if target.lower_ == "done" and any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in target.children) \
            and any(c.lower_.endswith("ing") and c.dep_ in ("dobj", "xcomp") for c in target.children):
        pred.lemma = "quit"  # "i'm done fishing after 40 years": given up
    if pred.lemma in ("pack", "jack", "chuck") and target.i + 1 < len(target.doc) and target.nbor(1).lower_ == "in":
        pred.lemma = "quit"  # "packed in the engineering", "jacked in my job": given up
        direct = direct or [pred.preps.pop("in")] if "in" in pred.preps else direct
    left = pred.preps.get("of") if pred.lemma == "drop" and any(c.lower_ == "out" for c in target.children) else None
    if left is not None and not (is_place_name(left.text) and " ".join(t.lower_ for t in target.doc[left.i + 1:][:1])
                                 not in ("uni", "university", "college")):
        # "my son dropped out of college", "dropped out of leeds uni": left the course (not "... of leeds": the
        # town may be the speaker's home)
        pred.lemma, pred.dobj = "quit", pred.preps.pop("of")
        direct = [pred.dobj]
    if pred.lemma == "escape" and direct and (direct[0].pos_ == "PROPN" or direct[0].ent_type_ == "ORG") and \
            direct[0].ent_type_ not in ("GPE", "LOC", "FAC", "EVENT", "DATE") and not is_place_name(direct[0].text):
        pred.lemma = "quit"  # "finally escaped barclays": a job left (not "escaped the rain", "escaped London")
    if pred.lemma == "resign" and not direct and ("from" in pred.preps or "at" in pred.preps):  # "resigned from
        pred.lemma, pred.prep, direct = "quit", None, [pred.preps.get("from") or pred.preps["at"]]  # GTBank": quit
    notice = next((c for c in direct if c.lemma_.lower() in NOTICE_NOUNS or (  # "put my two weeks in at walmart"
        c.lemma_.lower() == "week" and any(g.lower_ in ("two", "2") for g in c.children) and any(
            g.lower_ in ("my", "our") for g in c.children))), None)
    if pred.lemma in _NOTICE_VERBS and notice is not None and not _HOME_NOTICE & {
            t.lemma_.lower() for t in target.sent}:  # "handed my notice in at Greggs": a job quit
        pred.lemma, pred.prep = "quit", None
        direct = [_notice_place(target) or _notice_place(notice) or notice]  # (a notice alone: the job one holds)
    return direct
