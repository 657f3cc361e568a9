"""Which of the speaker's pets a pet noun or a pronoun stands for ("my dog" -> "User's dog", "she" after "we
adopted a kitten" -> the kitten)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mem_graph.extract.grammar_cues import acted_on_by_speaker
from mem_graph.extract.kin_words import FIRST_PERSON, KIN, PET_NOUNS, PET_SPECIES, POSSESSIVES
from mem_graph.extract.lexicon import is_given_name
from mem_graph.types import normalise_entity

if TYPE_CHECKING:
    from mem_graph.extract.clauses import Context


def pet_name(tok: Any, ctx: Context, fresh: bool = False) -> str:
    """The entity a speaker's pet noun stands for ("User's kitten", "User's other dog"); ``fresh``: the pet noun
    itself ("User's dog"), not the name it was given before in the turn."""
    kin = PET_SPECIES.get(tok.lemma_.lower(), tok.lemma_.lower())
    more = next((c.lower_ for c in tok.children if c.lower_ in _ONE_MORE_PET), None)
    if more is not None:  # "we adopted another dog, she's called olive": not the dog named before
        return f"{ctx.speaker}'s {'other' if more == 'another' else more} {kin}"
    return (None if fresh else ctx.kin_names.get((normalise_entity(ctx.speaker), kin))) or f"{ctx.speaker}'s {kin}"


_ONE_MORE_PET = frozenset({"another", "other", "second", "third"})
# a person brought in without a name: a later "he"/"she" in the turn is them
_SOMEONE = frozenset({"someone", "somebody", "guy", "girl", "man", "woman", "bloke", "lad", "lass", "dude", "chap"})


def pet_referent(pronoun: Any, ctx: Context) -> str | None:
    """The speaker's pet a "she"/"her"/"it" refers to: one mentioned earlier in the sentence with no person
    named since, or, failing that, the last pet mentioned when no person was named after it."""
    before = list(pronoun.sent)[: pronoun.i - pronoun.sent.start]
    for n in range(len(before) - 1, -1, -1):
        t = before[n]
        kind = PET_SPECIES.get(ctx.pet_kinds.get(t.lower_, ""), ctx.pet_kinds.get(t.lower_, ""))
        if kind and (t.dep_ in ("nsubj", "nsubjpass") or acted_on_by_speaker(t)) and _speakers_kind(kind, ctx):
            # "Bella didn't suit him, he's Willow now": the speaker's pet, the subject named before (not "Kai gave
            # Mango to his parents, he ...": Kai)
            return f"{ctx.speaker}'s {kind}"
        named = t.head if t.dep_ == "oprd" and t.head.lemma_.lower() in ("call", "name") else None
        if named is not None and named.head.lemma_.lower() in PET_NOUNS and speakers_pet(before[: named.head.i -
                                                                                              pronoun.sent.start + 1]):
            return pet_name(named.head, ctx, fresh=True)  # "a new puppy called Bean, she's a cockapoo": the puppy
        if t.pos_ == "PROPN" and (t.ent_type_ == "PERSON" or is_given_name(t)) and not _with_speaker(t):
            return None
        if t.pos_ == "NOUN" and t.lemma_.lower() in PET_NOUNS:  # ("adopted a rescue beagle, named him pepper": a
            fresh = any(c.lower_ in ("a", "an", "new") for c in t.children)  # new dog, not the one named before)
            return pet_name(t, ctx, fresh=fresh) if speakers_pet(before[: n + 1]) or _the_known_pet(t, ctx) else None
    if any(t.lower_ in _SOMEONE for t in pronoun.doc[: pronoun.i]):
        return None  # "been seeing someone new, his name's Marcus": the someone, not the pup said turns before
    # across sentences only while nobody else has been named ("My sister got a dog. She loves it." is Ana)
    # (or the pet was the last sentence's subject: "our spaniel Poppy is off her food. She's 14")
    return ctx.last_pet if ctx.pet_last and (ctx.last_person is None or ctx.pet_topic) else None


def _with_speaker(tok: Any) -> bool:
    """``tok`` is one of "X and I" (the speaker's companion in the clause, not someone a pronoun would mean)."""
    heads = [tok, *(a for a in tok.ancestors if a.dep_ in ("appos", "conj", "compound", "nsubj"))]
    return any(c.lower_ in ("i", "me") and c.dep_ in ("conj", "nsubj") for h in heads for c in (*h.children,
                                                                                               *h.head.children))


def _the_known_pet(noun: Any, ctx: Context) -> bool:
    """"the dog" when the speaker has a dog they spoke of: theirs ("the kids renamed the dog, he's waffles now")."""
    kind = PET_SPECIES.get(noun.lemma_.lower(), noun.lemma_.lower())
    return any(c.lower_ == "the" for c in noun.children) and (
        kind in ctx.pet_kinds.values() or _speakers_kind(kind, ctx))


def _speakers_kind(kind: str, ctx: Context) -> bool:
    """The speaker spoke of a pet of this kind as theirs ("my dog's name is Bella", "my dog biscuit")."""
    return (ctx.last_pet or "").lower().endswith(f"'s {kind}") or (normalise_entity(ctx.speaker), kind) in ctx.kin_names


def speakers_pet(words: list[Any]) -> bool:
    """The pet noun (last of ``words``) is the speaker's: a first-person word before it and no one else named,
    or the speaker among those who got it ("my partner Sam and I just got a dog": the household's)."""
    if any(t.lower_ in ("i", "we") and t.dep_ in ("nsubj", "conj") for t in words):
        return True
    return any(t.lower_ in FIRST_PERSON or t.lower_ in POSSESSIVES for t in words) and not any(
        (t.pos_ == "PROPN" and t.ent_type_ == "PERSON") or t.lower_ in KIN for t in words)
