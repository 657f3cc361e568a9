"""Small grammatical cues on parsed tokens that say who a clause is about."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from mem_graph.extract.kin_words import KIN, PET_NOUNS, POSSESSIVES
from mem_graph.extract.lexicon import GIVEN_NAMES

_FIRST_PERSON = frozenset({"i", "me", "myself", "we", "us"})


def acted_on_by_speaker(tok: Any) -> bool:
    """``tok`` is the object of a clause whose subject is the speaker ("we had to put Bess down")."""
    return tok.dep_ in ("dobj", "pobj") and any(
        c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for a in tok.ancestors if a.pos_ in ("VERB", "AUX")
        for c in a.children)


def disagrees(verb: Any, head: Any, subject: Any) -> bool:
    """``verb``, conjoined to ``head`` with no "and", is a plain present its inherited third-person ``subject``
    cannot take ("Biscuit stayed with Jamie, miss her loads": the speaker misses her)."""
    return verb.dep_ == "conj" and verb.tag_ in ("VB", "VBP") and head.tag_ in ("VBD", "VBZ") and (
        subject.tag_ in ("NN", "NNP") or subject.lower_ in ("he", "she", "it")) and not any(
        c.dep_ == "aux" for c in verb.children) and not any(
        t.lower_ in ("and", "but", "or", "then", "&") for t in verb.doc[head.i: verb.i])


# what only a person does ("took up golf", "joined a gym"): not a knee, a car or a job
ANIMATE_VERBS = frozenset({"take", "pick", "start", "join", "quit", "learn", "move", "adopt", "buy", "sell", "begin",
                           "switch", "change", "try", "sign", "book", "marry", "date", "get"})


def thing_cannot_act(verb: Any, head: Any, subject: Any) -> bool:
    """``verb``, conjoined to ``head`` with no "and", inherits "my knee" / "my car", which cannot do what it says
    ("my knee's gone so no more cricket, took up golf instead": the speaker took it up)."""
    if verb.dep_ != "conj" or verb.lemma_.lower() not in ANIMATE_VERBS or subject.lemma_.lower() in KIN | PET_NOUNS \
            or any(t.lower_ in ("and", "but", "or", "then", "&") for t in verb.doc[head.i: verb.i]):
        return False
    # "Hilux is sold hey, got a Ford Ranger now": a thing sold, stolen or written off got nothing
    undergone = subject.dep_ == "nsubjpass" and subject.pos_ in ("NOUN", "PROPN") and not (
        subject.ent_type_ == "PERSON" or subject.lower_ in GIVEN_NAMES) and not any(
        c.dep_ == "auxpass" for c in verb.children)
    # "the fiesta died, got a golf", "the auris finally died, got a kia": a thing that died or broke got nothing
    # (a name with "the" is a thing's, whatever the tagger calls it: "The Fiesta" PERSON)
    broke = head.lemma_.lower() in ("die", "break", "conk") and subject.pos_ in ("NOUN", "PROPN") and \
        subject.lower_ not in GIVEN_NAMES and any(c.lower_ in ("the", "my", "our") for c in subject.children)
    # "lease ended, got a tesla now", "contract expired, moved to giffgaff": a thing that ran out did nothing
    broke = broke or (head.lemma_.lower() in ("end", "expire", "finish", "run") and subject.pos_ == "NOUN")
    return undergone or broke or (subject.pos_ == "NOUN" and any(
        c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in subject.children))


def first_word(verb: Any) -> Any:
    """The clause's first word after lead-in adverbs ("just moved", "finally got") and a subjectless past clause
    before it ("sold my honda, bought a subaru")."""
    lead = {t.i for c in verb.children if c.dep_ == "advcl" and c.i < verb.i and c.tag_ in ("VBD", "VBN") and not any(
        g.dep_ in ("nsubj", "nsubjpass", "mark") for g in c.children) for t in c.subtree}
    for t in verb.sent:
        if t.is_punct or t.i in lead or (t.dep_ in ("advmod", "intj", "cc") and t.i < verb.i):
            continue
        if t.dep_ in ("aux", "auxpass") and t.head.i == verb.i:  # "Got hired by Oracle", "Been living in Rome"
            continue
        return t
    return verb


_MALE_KIN = frozenset({"boyfriend", "husband", "son", "brother", "father", "dad", "daddy", "grandad", "grandpa",
                       "grandfather", "uncle", "nephew", "fiance", "fiancé", "stepson", "stepdad"})
_FEMALE_KIN = frozenset({"girlfriend", "wife", "daughter", "sister", "mother", "mom", "mum", "mommy", "mummy",
                         "grandma", "granny", "nan", "grandmother", "aunt", "auntie", "niece", "fiancee", "fiancée",
                         "stepdaughter", "stepmum", "stepmom", "gf", "wifey", "mam"})


_TITLES = frozenset({"dr", "prof", "mr", "mrs", "ms", "miss", "sir", "dame", "uncle", "auntie", "aunt", "nan"})


@lru_cache(maxsize=1)
def _name_sexes() -> dict[str, str]:
    """Given names nearly always borne by one sex (data/gendered_names.txt) -> "female" or "male"."""
    text = (Path(__file__).parent / "data" / "gendered_names.txt").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for line in text.splitlines():
        sex, _, names = line.split("#", 1)[0].partition(":")
        for name in names.split():
            out[name] = sex.strip()
    return out


def other_gender(pronoun: str, kin: str | None, name: str | None = None) -> bool:
    """"she" for someone named as the user's boyfriend (or "he" for a sister, or for a Sarah): the pronoun is about
    someone else ("my bf tom ... biscuit didn't wake up, she was 14": not Tom; "Sarah left. Tomasz is my manager
    now, he's big on RFCs": not Sarah)."""
    given = next((w for w in (name or "").split() if w.rstrip(".").lower() not in _TITLES), "")
    sex = _name_sexes().get(given.lower()) if name and "'s " not in name else None
    return (pronoun in ("she", "her") and (kin in _MALE_KIN or sex == "male")) or (
        pronoun in ("he", "him", "his") and (kin in _FEMALE_KIN or sex == "female"))
