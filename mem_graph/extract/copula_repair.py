"""The small parser reads "I'm officially vegan" and "she is officially vegan" as a passive whose root is the
complement: "vegan" the ROOT, "'m" its ``auxpass``, "I" its ``nsubjpass``. No reader finds a "be" clause
there, so the diet was never stated ("I'm vegan", "I'm now vegan" parse as copulas and were read).

A pipeline component after the lemmatizer re-heads such a clause as the copula it is: the form of "be" becomes
the head (ROOT, or the clause's own relation), the complement its ``attr`` (a noun) or ``acomp`` (an
adjective), the passive subject an ``nsubj``; every other word stays where the parser put it. Only a
complement that is no verb is repaired: "I'm married" (a participle) reads as a status already.
"""

from __future__ import annotations

from typing import Any


def _repair(doc: Any) -> Any:
    for tok in doc:
        if tok.pos_ in ("VERB", "AUX") or tok.tag_.startswith("VB"):
            continue
        be = next((c for c in tok.children if c.dep_ == "auxpass" and c.lemma_.lower() == "be"), None)
        subj = next((c for c in tok.children if c.dep_ in ("nsubjpass", "nsubj")), None)
        if be is None or subj is None:
            continue
        root = tok.dep_ == "ROOT"
        be.head, be.dep_, be.pos_ = (be if root else tok.head), tok.dep_, "AUX"
        tok.head, tok.dep_ = be, "attr" if tok.pos_ in ("NOUN", "PROPN") else "acomp"
        subj.head, subj.dep_ = be, "nsubj"
    return doc


def repair_copulas(nlp: Any) -> None:
    """Add the repairing component to ``nlp`` (once), after the lemmatizer (it needs the lemma of "be")."""
    if "mg_copulas" in nlp.pipe_names:
        return
    from spacy.language import Language

    Language.component("mg_copulas", func=_repair)
    nlp.add_pipe("mg_copulas", after="lemmatizer")
