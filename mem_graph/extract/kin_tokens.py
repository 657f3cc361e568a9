"""Kin and people a token names, as a later "he" or "she" may mean them: "my sister" said as a subject or object,
"a boyfriend" the speaker has, someone met by name."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.kin_words import KIN, POSSESSIVES
from mem_graph.extract.lexicon import is_given_name


def met_named(tok: Any) -> bool:
    """Someone the speaker did something with, by a given name ("I met Marco at a wedding, he's a photographer",
    "met this guy marco"): whom a "he" after it in the sentence means."""
    if tok.pos_ != "PROPN" or not is_given_name(tok):
        return False
    verb = tok.head.head if tok.dep_ in ("appos", "pobj") or tok.head.dep_ == "prep" else tok.head
    if tok.dep_ == "appos" and tok.head.dep_ == "dobj":  # "met this guy marco"
        verb = tok.head.head
    elif tok.dep_ not in ("dobj", "pobj"):
        return False
    return verb.pos_ in ("VERB", "AUX") and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)


def speakers_verb(verb: Any) -> bool:
    """The speaker does ``verb``: "I told", or chat's subjectless "quit hockey, told my dad" (a conj of it)."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is not None:
        return bool(subj.lower_ in ("i", "we"))
    return (verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX") and speakers_verb(verb.head)) or (
        verb.dep_ == "ROOT" and verb.tag_ in ("VBD", "VBN") and verb.i == verb.sent.start)


def my_kin(tok: Any, *, as_object: bool = False) -> bool:
    """"my sister" as a clause's subject: someone a later "she" in the sentence may mean; ``as_object``: "my
    daughter" as the object of the speaker's clause ("I can bring my daughter Joy from Cebu, she is 19")."""
    if as_object:  # (or one of the objects: "live in toronto with my wife aisha and our son kabir (he's 4)")
        top = tok
        while top.dep_ in ("conj", "appos") and top.head.i != top.i:
            top = top.head
        verb = top.head.head if top.dep_ == "pobj" and top.head.dep_ == "prep" else top.head
        return top.dep_ in ("dobj", "pobj") and tok.pos_ == "NOUN" and tok.tag_ != "NNS" and \
            tok.lemma_.lower() in KIN and any(c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in tok.children) \
            and (speakers_verb(verb) or (verb.dep_ == "ROOT" and verb.tag_ == "VBP" and verb.i == verb.sent.start))
    return tok.dep_ in ("nsubj", "nsubjpass") and tok.pos_ == "NOUN" and tok.lemma_.lower() in KIN and any(
        c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in tok.children)


def had_kin(tok: Any) -> bool:
    """"a boyfriend" of "i have a boyfriend, he is irish": a relative the speaker says they have, unnamed."""
    return tok.dep_ == "dobj" and tok.pos_ == "NOUN" and tok.tag_ != "NNS" and tok.lemma_.lower() in KIN and \
        tok.head.lemma_ == "have" and [c.lower_ for c in tok.children] in (["a"], ["an"]) and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in tok.head.children)
