"""Who a later "he", "she" or "it" is: the last person and the speaker's last pet each sentence names, kept in
the turn's ``Context`` (read by ``clauses.resolve_np`` and ``pet_refs.pet_referent``)."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import (
    Context,
    compound_span,
    known_name,
    lower_name,
    resolve_np,
    span_text,
    the_speakers,
)
from mem_graph.extract.grammar_cues import acted_on_by_speaker
from mem_graph.extract.kin_tokens import had_kin, my_kin
from mem_graph.extract.kin_words import KIN, PET_NOUNS, POSSESSIVES, THIRD_PERSON
from mem_graph.extract.lexicon import GIVEN_NAMES, is_given_name, tech_kind
from mem_graph.extract.pet_refs import pet_name, speakers_pet
from mem_graph.extract.places import is_place_name
from mem_graph.extract.slots import SCHOOL_NAME_WORDS
from mem_graph.extract.wordlist import is_english_word


def _the_house_pet(noun: Any, sent: Any) -> bool:
    """"the cat won't come out from under the bed", said of the speaker's own day: the speaker's cat (no one else
    in the sentence it could be, nothing saying which cat: not "the cat next door", "the dog of a friend")."""
    return noun.dep_ in ("nsubj", "nsubjpass", "conj") and [c.lower_ for c in noun.children] == ["the"] and not any(
        (t.pos_ == "PROPN" and t.ent_type_ == "PERSON" and (t.i != sent.start or is_given_name(t)))
        or t.lemma_.lower() in KIN or t.lower_ in THIRD_PERSON for t in sent if t.i != noun.i)


def note_people(sent: Any, ctx: Context) -> None:
    """Remember the last person named (for a following "he"/"she") and the speaker's last pet."""
    for t in sent:
        if t.dep_ in ("nsubj", "nsubjpass") and t.tag_ == "NNS":  # a plural subject: "they" is about it next
            mine = t.lemma_.lower() in KIN and any(c.lower_ in POSSESSIVES for c in t.children)
            ctx.last_group = f"{ctx.speaker}'s {t.lower_}" if mine else None
        if (my_kin(t) or my_kin(t, as_object=True)) and t.tag_ != "NNS" and (kin := resolve_np(t, ctx)) is not None:
            # "my mom cried lol. she wanted me at davis": the mother, not a pet or a person of an earlier turn;
            # "my gf is priya, she's at usc": Priya (the clause named her), not whoever is the girlfriend later
            ctx.last_person, ctx.pet_last = known_name(kin, ctx), False
            continue
        if had_kin(t):  # "i have a boyfriend. he is irish, his name is cian": the boyfriend
            ctx.last_person, ctx.pet_last = the_speakers(t.lemma_.lower(), ctx), False
            continue
        if t.pos_ == "NOUN" and t.lemma_.lower() in PET_NOUNS and t.dep_ != "compound" and (speakers_pet(
                list(sent)[: t.i - sent.start + 1]) or _the_house_pet(t, sent)):
            ctx.last_pet, ctx.pet_last = pet_name(t, ctx), True
            ctx.pet_topic = t.dep_ in ("nsubj", "nsubjpass")
            continue
        if t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in ctx.pet_kinds and (
                name := f"{t.text[:1].upper()}{t.text[1:]}") in ctx.kin_names.values():
            # "raj found something! he's at Rolls Royce now"; "my son Maksym ... Maksym is 9, he plays" (a kin's
            # name is a person's however the tagger types it: "Maksym" GPE)
            ctx.last_person, ctx.pet_last = name, False
            continue
        if t.lower_ in ctx.pet_kinds and (t.dep_ in ("nsubj", "nsubjpass") or acted_on_by_speaker(t)):
            # "mochi passed away. she was 16", "we had to put Bess down. She was 14": the pet, not a person named
            # earlier (a pet someone else acts on is no "she": "Kai gave Mango away. He ..." is Kai)
            ctx.last_pet, ctx.pet_last, ctx.last_person = f"{t.text[:1].upper()}{t.text[1:]}", True, None
            continue
        if t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in KIN and (t.ent_type_ == "PERSON" or t.lower_ in
                                                                         GIVEN_NAMES or lower_name(t)) and any(
                c.dep_ == "conj" and c.lower_ in ("me", "i") for c in t.children):
            ctx.last_person, ctx.pet_last = t.text[:1].upper() + t.text[1:], False  # "darrell and me are done. he's"
            continue
        if t.dep_ == "conj" and t.head.lower_ in ("me", "i") and t.head.dep_ in ("nsubj", "nsubjpass") and (
                t.pos_ == "PROPN" or t.ent_type_ == "PERSON" or t.lower_ in GIVEN_NAMES or lower_name(t)) and \
                t.lower_ not in KIN | ctx.pet_kinds.keys():
            ctx.last_person, ctx.pet_last = t.text[:1].upper() + t.text[1:], False  # "me and tasha are done. she's"
            continue
        if t.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.head.children):
            continue  # "I'm Mei": the speaker's own name is no "she"
        if t.pos_ == "PROPN" and SCHOOL_NAME_WORDS & {w.lower_ for w in compound_span(t.head if t.dep_ == "compound"
                                                                               else t)}:
            ctx.school_words.add(t.lower_)  # "year 7 at kingsmead academy": a later "kingsmead isn't working out"
        if t.pos_ == "PROPN" and (t.ent_type_ == "PERSON" or t.dep_ in ("nsubj", "appos")) and \
                t.lower_ not in ctx.school_words and \
                (t.ent_type_ not in ("GPE", "ORG", "LOC", "DATE", "FAC", "NORP") or is_given_name(t)) and \
                t.text.replace("-", "").replace("'", "").isalpha() and not (  # "my a1c", "Doc says": no one named
                    t.text.isupper() and len(t.text) > 1 and not is_given_name(t)) and not (  # "cleared JEE": an exam
                    t.doc[t.i - 1].lower_ in POSSESSIVES and t.i > 0 and not is_given_name(t)) and not (
                    t.i == t.sent.start and is_english_word(t.lower_) and not is_given_name(t)) and \
                t.lower_ not in ctx.pet_kinds and tech_kind(t.lower_) is None and \
                not (t.dep_ == "pobj" and is_place_name(t.text) and not is_given_name(t)) and \
                not (t.dep_ == "pobj" and t.head.lower_ in ("at", "from", "in", "near") and not is_given_name(t)) and \
                not (t.dep_ == "pobj" and t.head.lower_ == "for" and (t.head.head.pos_ == "NOUN" or t.head.head.lemma_
                                                                      == "work") and not is_given_name(t)) and \
                not (t.dep_ in ("poss", "compound") and SCHOOL_NAME_WORDS & {a.lower_ for a in
                                                                 list(t.ancestors)[:2]}) and \
                not SCHOOL_NAME_WORDS & {w.lower_ for w in compound_span(t)} and not (  # ("Ridgeview Elementary")
                    t.i > 0 and t.doc[t.i - 1].lower_ in ("st", "st.", "saint")) and \
                t.lower_ not in ("st", "st.", "saint"):  # ("in st james's": a hospital; "St" is no one)
            # a name in a school's ("St Mary's Primary") is no "she", nor is software ("Mysql is gone"), nor a
            # workplace ("started at Fonterra ... she's flatting in Grey Lynn")
            # a pet named before is no "he" ("Kai gave Mango to his parents, he has a gecko now": Kai)
            ctx.last_person, ctx.pet_last = span_text(compound_span(t)), False


def note_asked_about(sent: Any, ctx: Context) -> None:
    """A question or request about one of the speaker's kin ("what's a good gift for my wife?", "can you help my
    son with fractions?"): the kin is who a following "she"/"he" means ("... she's a nurse at Guy's")."""
    kin = [t for t in sent if t.pos_ == "NOUN" and t.tag_ != "NNS" and t.lemma_.lower() in KIN and t.dep_ != "compound"
           and any(c.dep_ == "poss" and c.lower_ in POSSESSIVES for c in t.children)]
    others = [t for t in sent if t.ent_type_ == "PERSON" or t.lower_ in GIVEN_NAMES]
    if len(kin) == 1 and not others and (person := resolve_np(kin[0], ctx)) is not None:
        ctx.last_person, ctx.pet_last = person.name, False
        return
    # "a birthday card for my sister Chloe": the kin named, its name the head ("sister" its compound)
    named = [t for t in others if any(c.dep_ in ("compound", "nmod") and c.lemma_.lower() in KIN and any(
        g.dep_ == "poss" and g.lower_ in POSSESSIVES for g in (*c.children, *t.children)) for c in t.children)]
    if len(named) == 1 and len(others) == 1 and (person := resolve_np(named[0], ctx)) is not None:
        ctx.last_person, ctx.pet_last = person.name, False
