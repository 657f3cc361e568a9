"""A pet of the speaker's named in passing: the name is the pet's name, though the clause is about something else.

"my dog Biscuit is so spoiled", "vet appointment for my dog Biscuit tomorrow", "took Biscuit (my pup) to the
park today", "walking Rocky rn, my little doggo", "Biscuit is my dog and the love of my life", "i named my dog
Biscuit after a character in a book", "i have a dog, Biscuit, who ...": the clause states something about the
pet (or nothing at all), so no slot holds the name and a later "we renamed the dog Maple" had nothing to end.
Each gives the single-valued name of the speaker's pet ("User's dog|name"), as "my dog is called Biscuit" does.
Not someone else's pet ("my neighbour's dog Rex"), not several pets ("my dogs Biscuit and Maple" are a list, not
one name), not a plan or a negation ("we might call the puppy Rex").
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.cues import read_cues
from mem_graph.extract.kin_words import KIN, PET_NOUNS, POSSESSIVES
from mem_graph.extract.pet_refs import pet_name
from mem_graph.extract.predicate import content_verb
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_OWNING = frozenset({"have", "get", "adopt", "own", "rescue"})  # "i have a dog, Biscuit, ..."


def _pet(tok: Any) -> bool:
    return tok.pos_ == "NOUN" and tok.tag_ != "NNS" and (tok.lemma_.lower() in PET_NOUNS or tok.lower_ in PET_NOUNS)


def _mine(pet: Any) -> bool:
    """"my dog", "our little pup", or "i have a dog": the speaker's, and no one else's ("my mum's dog")."""
    owners = [c for c in pet.children if c.dep_ == "poss"]
    if owners:
        return all(c.lower_ in POSSESSIVES for c in owners)
    verb = pet.head
    return pet.dep_ == "dobj" and verb.lemma_.lower() in _OWNING and any(
        c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children)


# what a pet noun names as a thing of its kind, not a pet's name ("my dog food", "our cat flap")
_PET_THINGS = frozenset({
    "food", "bed", "walker", "sitter", "park", "toy", "toys", "lead", "leash", "collar", "crate", "flap", "litter",
    "tray", "hair", "fur", "insurance", "vet", "groomer", "treats", "treat", "bowl", "door", "trainer", "kennel",
    "house", "owner", "person", "mum", "mom", "dad", "show", "tree", "carrier", "hotel", "daycare", "sitting",
    "walking", "training", "grooming", "allergy", "shampoo", "harness", "gate", "run", "wash", "years", "stuff",
    "life"})


def _name_like(tok: Any) -> bool:
    """A word that can be a pet's name: capitalised, not a kin or pet noun, a pronoun, a date or a number."""
    return tok.is_alpha and tok.text[:1].isupper() and tok.pos_ in ("PROPN", "NOUN") and \
        tok.lower_ not in KIN | PET_NOUNS and tok.ent_type_ not in ("DATE", "TIME", "ORG", "NORP") and \
        not any(c.dep_ == "conj" for c in tok.children) and tok.dep_ != "conj"


def _named(pet: Any) -> Any | None:
    """The name a speaker's pet noun is given in its clause, if any."""
    for c in pet.children:  # "my dog Biscuit is so spoiled", "for my dog Biscuit"
        if c.dep_ == "appos" and _name_like(c) and c.i > pet.i:
            return c
    nxt = pet.nbor(1) if pet.i + 1 < len(pet.doc) else None
    if nxt is not None and _name_like(nxt) and nxt.pos_ == "PROPN" and pet.dep_ in ("nsubj", "dobj", "pobj") and \
            nxt.dep_ in (pet.dep_, "oprd", "advmod", "npadvmod") and nxt.head.i == pet.head.i:
        return nxt  # "our cat Mochi hates the rain" read as two subjects ("stop my cat Tigger from ...": a predicate)
    head = pet.head
    if pet.dep_ in ("compound", "appos") and _name_like(head) and head.i != pet.i:
        return head  # "named my dog Biscuit" (compound), "took Biscuit (my pup)" (apposition)
    if pet.dep_ == "compound" and head.i == pet.i + 1 and head.text.islower() and head.is_alpha and head.tag_ in (
            "NN", "VB", "VBG", "NNP") and head.dep_ in ("nsubj", "nsubjpass") and \
            head.lower_ not in _PET_THINGS | KIN | PET_NOUNS and not (
            head.i + 1 < len(head.doc) and head.nbor(1).pos_ in ("NOUN", "PROPN")):
        return head  # "my cat dumpling has started weeing", "our dog bran ate a sock": a name left lower-case
    if pet.dep_ == "attr" and head.lemma_ == "be":  # "Biscuit is my dog"
        subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.lower_ in ("he", "she") and subj.i > pet.sent.start:
            # "taking Rex to the groomer, she's my dog": the one name said before it in the sentence
            said = [t for t in pet.doc[pet.sent.start: subj.i] if _name_like(t) and t.pos_ == "PROPN"]
            return said[0] if len(said) == 1 else None
        return subj if subj is not None and _name_like(subj) else None
    if pet.dep_ in ("npadvmod", "appos", "dep") and pet.i > 0 and pet.doc[pet.i - 1].lower_ in POSSESSIVES | {
            "little", "sweet", "old", "baby", "good", "lil"} and any(t.text == "," for t in pet.doc[head.i: pet.i]):
        # "walking Rocky rn, my little doggo": the name said before, in the verb's object
        said = [t for c in head.children if c.dep_ == "dobj" for t in c.subtree if _name_like(t) or (
            t.dep_ == "compound" and t.pos_ == "PROPN")]
        return said[0] if len(said) == 1 else None
    return None


def pet_mention_facts(sent: Any, ctx: Context, message: Message, found: list[Fact], asked: bool = False) -> list[Fact]:
    """The name facts of the speaker's pets named in passing in ``sent`` that ``found`` does not already state
    (``asked``: a request or a question, whose verbs say what to do: "how do i stop my cat Tigger hunting?")."""
    speaker = ctx.speaker
    out: list[Fact] = []
    named_slots = {f.slot for f in found if f.slot and f.slot.endswith("|name")}
    for tok in sent:
        if not _pet(tok) or not (_mine(tok) or (tok.dep_ == "compound" and _mine(tok.head))) or (
                name_tok := _named(tok)) is None:  # ("my dog biscuit is so spoiled": "my" hung on the name)
            continue
        verb = next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), None)
        if verb is not None and not asked:
            cues = read_cues(verb, content_verb(verb))
            if cues.tense == "plan" or cues.negated:
                continue  # "we might call the puppy Rex", "Rex isn't my dog"
        owner = pet_name(tok, ctx, fresh=True)
        name = name_tok.text[:1].upper() + name_tok.text[1:]
        key = normalise_entity(name)
        species = owner.rpartition(" ")[2]
        if owner == f"{speaker}'s {species}":
            # a later "my dog" is the dog named here ("my dog is called Maple now" is said of Biscuit): the
            # name slot is keyed as that later clause keys it
            known = ctx.kin_names.setdefault((normalise_entity(speaker), species), name)
            slot = f"{normalise_entity(known)}|name"
        else:  # "my other dog Rex"
            slot = f"{normalise_entity(owner)}|name"
        if slot in named_slots or any(f.slot == slot or (f.slot and f.slot.endswith("|name") and f.object_key == key)
                                      for f in out):
            continue
        out.append(Fact(
            text=f"{owner} is named {name}", entities=[EntityRef(speaker, "person"), EntityRef(name, "animal")],
            triples=[Triple(speaker, "has_pet", owner), Triple(owner, "name", name)], slot=slot,
            subject_key=normalise_entity(owner), object_key=key, single_valued=True, rule="rules.pet_mention",
            message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
            metadata=dict(message.metadata), tense="present",
            evidence=f"slot name: '{name} ... my {tok.text}' names the speaker's {tok.lemma_.lower()} in passing"))
    return out
