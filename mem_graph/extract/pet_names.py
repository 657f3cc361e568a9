"""The names the speaker gives their pets, however chat words the naming.

"we called the kitten mochi", "named the puppy bruno", "we renamed the dog buddy", "got two kittens,
named them salt and pepper", "i have two cats, biscuit and mochi", "got a dog last week named rex": the
parse hangs the name as an object, an object predicate, an apposition or a clause of its own, so the
clause pipeline misses it. One name of one pet is that pet's name (single-valued: "User's kitten|name");
several names, or a plural pet noun, are one more pet each (the multi-valued ``pets`` slot, keyed by the
name), never one name replacing the other.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.cues import read_cues
from mem_graph.extract.kin_words import FIRST_PERSON, KIN, PET_NOUNS, PET_SPECIES, POSSESSIVES
from mem_graph.extract.pet_refs import pet_name, pet_referent
from mem_graph.extract.predicate import content_verb
from mem_graph.extract.wordlist import may_name_a_thing
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_NAMING = frozenset({"call", "name", "rename"})
_PLURAL_PRONOUNS = frozenset({"them", "they"})
_PRONOUNS = frozenset({"him", "her", "it", *_PLURAL_PRONOUNS})


def _pet(tok: Any) -> bool:
    return bool(tok.lemma_.lower() in PET_NOUNS or tok.lower_ in PET_NOUNS)


def _with_conjuncts(tok: Any) -> list[Any]:
    out = [tok]
    for c in tok.children:
        if c.dep_ == "conj":
            out.extend(_with_conjuncts(c))
    return out


# what a breed is said with, never a name ("huntaway cross", "a lab mix")
_BREED_WORDS = frozenset({"cross", "mix", "mutt", "mongrel", "crossbreed", "cross-breed", "rescue", "pup", "x"})


def _names(tokens: list[Any]) -> list[Any]:
    """Tokens that can be a pet's name: a word, not a pronoun, a number or another pet noun."""
    return [t for t in tokens if t.is_alpha and t.pos_ not in ("PRON", "DET", "ADV", "AUX") and not t.like_num
            and not _pet(t) and t.ent_type_ not in ("DATE", "TIME") and t.lower_ not in _BREED_WORDS
            and not any(c.dep_ == "poss" for c in t.children)]  # ("my dog, my rules": no name has a "my")


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}


def _listed(pet: Any) -> list[Any]:
    """"two cats, biscuit and mochi" (lower-case names parsed as a list with the pet noun): as many bare
    words after a comma as the number says, none of them a pet noun ("two cats, a dog and a hamster")."""
    count = next((_COUNTS.get(c.lower_) for c in pet.children if c.dep_ == "nummod"), None)
    after = pet.i + 1 < len(pet.doc) and pet.doc[pet.i + 1].text == ","
    if count is None or not after:
        return []
    listed = _with_conjuncts(pet)[1:]
    if any(c.pos_ not in ("NOUN", "PROPN") or _pet(c) or any(g.dep_ in ("det", "nummod", "amod", "poss")
                                                            for g in c.children) for c in listed):
        return []
    names = _names(listed)
    return names if len(names) == count == len(listed) else []


def _speakers(pet: Any) -> bool:
    """The pet noun is the speaker's: "my/our cat", or a clause whose subject is "I"/"we"."""
    if any(c.lower_ in POSSESSIVES for c in pet.children):
        return True
    for head in ([pet] if pet.pos_ == "VERB" else []) + [pet.head, *pet.head.ancestors]:  # (a naming verb: its own)
        subj = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is not None:  # ("the grandkids named him rusty": the household's children name its pet)
            return bool(subj.lower_ in FIRST_PERSON) or any(  # ("my girlfriend and I got a cat": ours)
                c.dep_ == "conj" and c.lower_ in FIRST_PERSON for c in subj.children) or (
                subj.lemma_.lower() in _HOUSE_CHILDREN and any(
                c.lower_ == "the" for c in subj.children))
    return False


_HOUSE_CHILDREN = frozenset({"kid", "grandkid", "child", "grandchild", "children", "grandchildren", "kids", "grandkids",
                             "twin", "twins", "boy", "girl"})


def _name_changed(verb: Any) -> tuple[list[Any], Any | None, bool] | None:
    """"changed the dog's name to Bruno": the new name of the speaker's pet."""
    name = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() == "name"), None)
    pet = next((c for c in name.children if c.dep_ == "poss" and _pet(c)), None) if name is not None else None
    new = next((g for c in verb.children if c.dep_ == "prep" and c.lower_ == "to" for g in c.children
                if g.dep_ == "pobj"), None)
    if pet is None or new is None or not (_speakers(pet) or _speakers(verb) or any(
            c.lower_ == "the" for c in pet.children)):
        return None
    return _names([new]), pet, False


def _known_pet_now(verb: Any, ctx: Context) -> tuple[list[Any], Any | None, bool] | None:
    """"Milo is now Otis", "he's Otis now" (right after the pet): a pet of the speaker's, named before, under a
    new name."""
    if verb.lemma_ != "be" or not any(c.dep_ == "advmod" and c.lower_ == "now" for c in verb.children):
        return None
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    renamed = any(t.lemma_.lower() == "rename" for t in verb.sent)  # "renamed the dog, he's waffles now"
    # (after "renamed", whatever the tagger made of the name: "she's skye now" is an ADJ)
    new = next((c for c in verb.children if (c.dep_ == "attr" or (renamed and c.dep_ == "acomp")) and (
        (c.pos_ == "PROPN" and c.text[:1].isupper()) or (renamed and c.pos_ in ("NOUN", "PROPN", "ADJ") and c.is_alpha))
        and not any(g.dep_ == "det" for g in c.children)), None)
    if subj is None or new is None or new.lower_ in ctx.pet_kinds:
        return None
    said = [t for t in verb.sent if t.i < subj.i and t.dep_ == "dobj" and _pet(t) and t.head.lemma_ == "rename"]
    if renamed and subj.lower_ in ("he", "she") and said and (_speakers(said[0]) or _speakers(said[0].head)):
        owner_said = pet_name(said[0], ctx)  # "we've renamed the dog, ..., she's skye now": the dog renamed
        ctx.last_pet, ctx.pet_last = owner_said, True
        return _names([new]), None, False
    if subj.lower_ in ctx.pet_kinds:
        kind = ctx.pet_kinds[subj.lower_]
        owner: str | None = f"{ctx.speaker}'s {PET_SPECIES.get(kind, kind)}"  # ("pup": the speaker's dog)
    else:
        owner = pet_referent(subj, ctx) if subj.lower_ in ("he", "she") else None
    if owner is None:
        return None
    ctx.last_pet, ctx.pet_last = owner, True  # the pet said last
    return _names([new]), None, False


def _naming(tok: Any, ctx: Context) -> tuple[list[Any], Any | None, bool] | None:
    """(names, the pet noun or None for "them"/"her", plural) when ``tok`` names a pet of the speaker's."""
    if tok.pos_ == "NOUN" and _pet(tok) and (appos := [c for c in tok.children if c.dep_ == "appos"]):
        # "two cats, biscuit and mochi"
        names = _names([n for a in appos for n in _with_conjuncts(a)])
        plural = tok.tag_ == "NNS" or len(names) > 1
        return (names, tok, plural) if names and plural and _speakers(tok) else None
    if tok.pos_ == "NOUN" and _pet(tok) and (names := _listed(tok)):
        return (names, tok, True) if _speakers(tok) else None
    if tok.pos_ == "VERB" and tok.lemma_.lower() in ("change", "switch"):
        return _name_changed(tok)
    if (renamed := _known_pet_now(tok, ctx)) is not None:
        return renamed
    if tok.pos_ != "VERB" or tok.lemma_.lower() not in _NAMING:
        return None
    oprd = next((c for c in tok.children if c.dep_ == "oprd"), None)
    dobj = next((c for c in tok.children if c.dep_ == "dobj"), None)
    if oprd is not None:
        # "called them bun and flop": a name the tagger took for a verb may hang as the naming verb's conjunct
        names = _names([*_with_conjuncts(oprd), *(c for c in tok.children if c.dep_ == "conj" and c.i > oprd.i
                                                  and not any(g.dep_ in ("nsubj", "dobj") for g in c.children))])
        pet = next((c for c in oprd.children if c.dep_ == "compound" and _pet(c)), None)  # "the puppy bruno"
        if pet is None and dobj is not None:
            pet = dobj
        if pet is None:  # "the cat is called luna now", "our dog is named rex"
            pet = next((c for c in tok.children if c.dep_ == "nsubjpass" and _pet(c)), None)
    elif dobj is not None and (pet := next((c for c in dobj.children if c.dep_ in ("compound", "nmod") and _pet(c)),
                                           None)) is not None:  # ("renamed the pup Biscuit": "pup" an nmod)
        names = _names(_with_conjuncts(dobj))  # "called the kitten mochi": the name read as the object
    elif dobj is not None and _pet(dobj) and dobj.i + 1 < len(dobj.doc) and (
            dobj.nbor(1).pos_ == "PROPN" or (dobj.nbor(1).head == dobj and dobj.nbor(1).dep_ == "appos")) and \
            dobj.nbor(1).text[:1].isupper() and not _pet(dobj.nbor(1)):  # "renamed the dog Otis" (Otis a NOUN)
        pet, names = dobj, [dobj.nbor(1)]  # "we renamed the dog Maple, ...": the name the parse hung elsewhere
    elif dobj is not None and dobj.is_alpha and dobj.lower_ not in KIN and not _pet(dobj) and (her := next(
            (c for c in dobj.children if c.dep_ == "poss" and c.lower_ == "her"), None)) is not None and len(
            list(dobj.children)) == 1:
        pet, names = her, [dobj]  # "we named her pickle": the parse read "her pickle" as one thing
    elif dobj is not None and not _pet(dobj) and dobj.pos_ in ("PROPN", "NOUN") and (subj := next(
            (c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass") and _pet(c)), None)) is not None and \
            tok.tag_ == "VBN" and any(c.lower_ in ("the", *POSSESSIVES) for c in subj.children):
        pet, names = subj, [dobj]  # "the cat's called luna now" (the "'s" read as a possessive)
    elif dobj is not None and dobj.lower_ in _PRONOUNS and dobj.i + 1 < len(dobj.doc) and (
            nxt := dobj.nbor(1)).head == tok and nxt.dep_ in ("advmod", "npadvmod") and nxt.is_alpha and \
            may_name_a_thing(nxt.lower_) and not nxt.is_stop and nxt.ent_type_ not in ("DATE", "TIME"):
        pet, names = dobj, [nxt]  # "we named it pickle": the name read as an adverb
    else:
        return None
    if pet is None and tok.dep_ in ("acl", "advcl"):  # "a dog named rex", "got a dog last week named rex"
        pet = tok.head if tok.dep_ == "acl" else next((c for c in tok.head.children if c.dep_ == "dobj"), None)
        if pet is not None and not _pet(pet) and pet.dep_ == "appos" and _pet(pet.head):
            pet = pet.head  # "got a cat, a tabby called Pickle": the breed restates the pet
    if pet is None or not names:
        return None
    if pet.lower_ in _PRONOUNS:
        # "named them salt and pepper": the pet noun said before in the turn, else the last pet; one the speaker
        # names is theirs too ("rafael brought a puppy home 😤 we called him thor")
        before = [t for t in pet.doc[:pet.i] if t.pos_ in ("NOUN", "ADJ") and _pet(t)]  # ("a puppy home": ADJ)
        if before:
            noun = before[-1]
            return (names, noun, noun.tag_ == "NNS" or len(names) > 1) if _speakers(noun) or _speakers(tok) \
                else None
        if ctx.last_pet is None or not ctx.pet_last:
            return None
        return (names, None, len(names) > 1 or pet.lower_ in _PLURAL_PRONOUNS)  # "we called them bun and flop"
    if not _pet(pet) or not (_speakers(pet) or _speakers(tok) or (pet.dep_ in ("nsubj", "nsubjpass") and any(
            c.lower_ == "the" for c in pet.children) and all(c.dep_ in ("det", "amod", "compound", "case")
                                                           for c in pet.children) and sum(
            c.dep_ in ("nsubj", "nsubjpass") for c in pet.head.children) == 1)):
        return None  # ("the cat's called luna": the household's cat; not "the dog next door")
    return names, pet, pet.tag_ == "NNS" or len(names) > 1


def _say_name(found: list[Fact], owner: str, name: str, speaker: str, noun: str | None = None) -> None:
    """Give the fact that says a pet's name its name edge (a later rename then ends it). ``noun``: the pet as
    said, when a breed ("a collie called bran": the slot is the collie's, the owner "User's dog")."""
    kinds = {normalise_entity(owner).rpartition(" ")[2], *([noun] if noun else [])}
    for f in found:
        if f.slot and any(f.slot.endswith("|pets|" + k) for k in kinds) and re.search(
                rf"\b{re.escape(name.lower())}\b", f.text.lower()) and not any(t.relation == "name" for t in f.triples):
            f.triples = [*f.triples, Triple(speaker, "has_pet", owner), Triple(owner, "name", name)]
            return


def pet_name_facts(sent: Any, ctx: Context, message: Message, found: list[Fact]) -> list[Fact]:
    """Facts naming the speaker's pets in ``sent`` that the clause facts ``found`` do not already state."""
    speaker = ctx.speaker
    stated = {f.object_key for f in found if f.object_key}
    said = " ".join(f.text.lower() for f in found)  # "i have a cat named pixel": the fact already says it
    # "he's Otis now": the clause reader's own reading placed no slot, so it says no name
    stated_in_slot = {f.object_key for f in found if f.object_key and f.slot}
    said_in_slot = " ".join(f.text.lower() for f in found if f.slot)
    out: list[Fact] = []
    for tok in sent:
        read = _naming(tok, ctx)
        if read is None:
            continue
        names, pet, plural = read
        known, told = (stated_in_slot, said_in_slot) if tok.lemma_ == "be" else (stated, said)
        verb = tok if tok.pos_ == "VERB" else next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), tok)
        cues = read_cues(verb, content_verb(verb))
        if cues.tense != "present" or cues.negated:
            continue  # "thinking of calling her mochi", "we didn't name him rex", "we used to call him rex"
        noun = pet.lemma_.lower() if pet is not None else (ctx.last_pet or "").rpartition(" ")[2] or None
        for name_tok in names:
            name = name_tok.text[:1].upper() + name_tok.text[1:]
            key = normalise_entity(name)
            if key in known or (not plural and re.search(rf"\b{re.escape(name.lower())}\b", told) and
                                tok.lemma_.lower() not in ("change", "switch")):
                # (not "changed the dog's name to Bruno": said as no name; several pets each get their own fact)
                if not plural and pet is not None:  # "I have a dog named Rocky": that fact also says the name
                    _say_name(found, pet_name(pet, ctx), name, speaker, pet.lemma_.lower())
                continue
            stated.add(key)
            if plural:
                owner = speaker
                text = f"{speaker} has a {noun or 'pet'} named {name}"
                slot, single = f"{normalise_entity(speaker)}|pets|{key}", False
                triples = [Triple(speaker, "has_pet", name)]
            else:
                owner = pet_name(pet, ctx) if pet is not None else (ctx.last_pet or f"{speaker}'s pet")
                kind = ctx.pet_kinds.get(owner.lower()) if pet is None else None
                if kind is not None and ctx.kin_names.get((normalise_entity(speaker), PET_SPECIES.get(
                        kind, kind))) != owner:  # "renamed him Duvet": him, Turbo, the speaker's dog (a pet named
                    owner = f"{speaker}'s {PET_SPECIES.get(kind, kind)}"  # in passing keeps its name's key)
                text = f"{owner} is named {name}"
                slot, single = f"{normalise_entity(owner)}|name", True
                triples = [Triple(speaker, "has_pet", owner), Triple(owner, "name", name)]
            out.append(Fact(
                text=text, entities=[EntityRef(speaker, "person"), EntityRef(name, "animal")], triples=triples,
                slot=slot, subject_key=normalise_entity(owner), object_key=key, single_valued=single,
                rule=f"rules.pet_name{'.multi' if plural else ''}", message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp, metadata=dict(message.metadata), tense=cues.tense,
                evidence=f"slot {'pets' if plural else 'name'}: '{tok.text} ... {name_tok.text}' names the "
                         f"speaker's {noun or 'pet'}" + (f"; cues: {', '.join(cues.words)}" if cues.words else "")))
    several = [f.object_key for f in out if f.rule == "rules.pet_name.multi" and f.object_key]
    if len(several) > 1:  # "we've got two cats, pip and mango": one fact per cat, so losing Pip leaves Mango
        found[:] = [f for f in found if not (f.slot and "|pets|" in f.slot and sum(
            re.search(rf"\b{re.escape(k)}\b", f.text.lower()) is not None for k in several) > 1)]
    return out


ONE_MORE = re.compile(r"\b(?:another|a second|a third|one more|a 2nd|(?:second|2nd|third|new) (?:dog|cat|pup|puppy|"
                      r"kitten|rabbit|bunny|one)|new addition|(?:a )?(?:little )?(?:sister|brother|friend|buddy|"
                      r"sibling|company) for)\b", re.I)


def note_one_more(found: list[Fact], sentence: str) -> None:
    """Mark a pet's name said in a sentence that brings one more pet home ("a second one", "another rescue",
    "a little sister for Rex"), so the name is one more pet's, not a rename of the pet there is."""
    if not ONE_MORE.search(sentence):
        return
    for f in found:
        if not f.slot or not f.slot.endswith("|name") or "(one more pet)" in f.evidence:
            continue
        named = [t.object for t in f.triples if t.relation == "name"]
        if named and not set((f.subject_key or "").replace("'s", " ").split()) & PET_NOUNS:
            # "the kids named her Pickle" read as the pet named before ("Biscuit is named Pickle"): the new one's
            speaker = next((t.subject for t in f.triples if t.relation == "has_pet"), "User")
            owner = f"{speaker}'s new pet"
            f.text, f.subject_key = f"{owner} is named {named[0]}", normalise_entity(owner)
            f.slot = f"{f.subject_key}|name"
            f.triples = [Triple(speaker, "has_pet", owner), Triple(owner, "name", named[0])]
        f.evidence += " (one more pet)"
