"""A value taken back after ", not": "i do padel now, not tennis", "in abuja now, not lagos", "a pharmacy technician,
not a pharmacist". The "not" negates nothing, and the value after it is no object of the clause."""

from __future__ import annotations

from typing import Any


def contrast_not(tok: Any) -> bool:
    """"i do padel now, not tennis": a "not" after a comma before a bare noun contrasts a value, negating nothing."""
    doc = tok.doc
    if tok.lower_ != "not" or tok.i == 0 or doc[tok.i - 1].text != "," or tok.i + 1 >= len(doc):
        return False
    noun = doc[tok.i + 1]
    noun = noun.head if noun.dep_ in ("compound", "amod") and noun.head.i > noun.i else noun  # ", not orange juice"
    if noun.pos_ in ("NOUN", "PROPN") and noun.dep_ in ("attr", "punct"):
        # "tunde's in abuja now, not lagos": the clause said its value before the comma (the bare noun misread)
        return any(c.dep_ in ("prep", "attr", "acomp", "dobj") and c.i < tok.i - 1 for c in tok.head.children)
    return noun.pos_ in ("NOUN", "PROPN") and noun.dep_ in ("dep", "appos", "conj", "npadvmod", "dobj", "pobj")


def contrasted(tok: Any) -> bool:
    """"in abuja now, not lagos", "a pharmacy technician, not a pharmacist": the value after ", not" is the one
    taken back, no object of the clause (the clause said its own before the comma)."""
    doc, start = tok.doc, tok.left_edge.i
    if tok.lower_ == "not" or start < 2:
        return False
    at = start - 1 if doc[start - 1].lower_ == "not" else start if doc[start].lower_ == "not" else -1
    return at >= 1 and doc[at - 1].text == "," and any(
        t.dep_ in ("prep", "attr", "acomp", "dobj") and t.i < at - 1 for t in tok.head.children)
