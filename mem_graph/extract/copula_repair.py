"""The small parser reads "I'm officially vegan" and "she is officially vegan" as a passive whose root is the
complement: "vegan" the ROOT, "'m" its ``auxpass``, "I" its ``nsubjpass``. No reader finds a "be" clause
there, so the diet was never stated ("I'm vegan", "I'm now vegan" parse as copulas and were read).

A pipeline component after the lemmatizer re-heads such a clause as the copula it is: the form of "be" becomes
the head (ROOT, or the clause's own relation), the complement its ``attr`` (a noun) or ``acomp`` (an
adjective), the passive subject an ``nsubj``; every other word stays where the parser put it. Only a
complement that is no verb is repaired: "I'm married" (a participle) reads as a status already.

The same component gives back a name its subject role: "Raj got a new job" reads "Raj" as an adverb of "got"
(a sentence-initial word the model does not know), so the clause had no subject and a following "he" went to
whoever was named before. A capitalised first word that is no adverb, adjective, verb or function word of the
word list (a name, or a noun such as "Tom"), an ``advmod`` of the finite verb right after it, which has no
subject, is that verb's ``nsubj`` (a PROPN).
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.lexicon_tables import lexicon_of, only_a_noun_in


def _name_as_subject(tok: Any, words: dict[str, frozenset[str]]) -> bool:
    """"Raj got a new job": the name the parser took for an adverb of the verb after it."""
    verb = tok.head
    return (tok.dep_ == "advmod" and tok.i == tok.sent.start and tok.text[:1].isupper() and tok.text[1:].islower()
            and verb.i == tok.i + 1 and verb.tag_ in ("VBD", "VBZ", "VBP")
            and not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
            and only_a_noun_in(words, tok.lower_))


def _repair(doc: Any, words: dict[str, frozenset[str]]) -> Any:
    for tok in doc:
        if _name_as_subject(tok, words):
            tok.dep_, tok.pos_, tok.tag_ = "nsubj", "PROPN", "NNP"
            continue
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

    words = lexicon_of(nlp)[0]  # the word lists of this pipeline (wordlist.py reads the same, cached)
    Language.component("mg_copulas", func=lambda doc: _repair(doc, words))
    nlp.add_pipe("mg_copulas", after="lemmatizer")
