"""Who words: the pronouns and the nouns that name a speaker's people and pets (kin, partners, children, pets)."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.lexicon import PET_BREEDS

FIRST_PERSON = frozenset({"i", "me", "myself", "we", "us"})
THIRD_PERSON = frozenset({"he", "she", "him", "her"})
POSSESSIVES = frozenset({"my", "our"})
KIN = frozenset(
    [
        "brother", "sister", "mother", "father", "mom", "mum", "dad", "mommy", "daddy", "son", "daughter", "kid",
        "kids", "child", "children", "baby", "wife", "husband", "boyfriend", "girlfriend", "partner", "fiance",
        "fiancee", "fiancé", "fiancée", "spouse", "friend", "bestie", "buddy", "cousin", "uncle", "aunt", "grandma",
        "grandmother", "grandpa", "grandfather", "grandson", "granddaughter", "nephew", "niece", "boss", "manager",
        "colleague", "coworker", "co-worker", "roommate", "flatmate", "housemate", "neighbour", "neighbor", "teacher",
        "mentor", "therapist", "doctor", "stepdad", "stepmom", "stepmother", "stepfather", "stepson", "stepdaughter",
        "sibling", "twin", "in-law", "ex", "parent", "grandparent", "folks", "mate", "pal", "classmate", "teammate",
        "landlord", "landlady", "youngest", "eldest", "oldest",
        # (the words people call them by: "my grandad", "my nan", "my auntie", "me mam")
        "grandad", "granddad", "gran", "granny", "nan", "nana", "nanna", "auntie", "aunty", "stepmum", "mam",
        *(f"{k}-in-law" for k in ("mother", "father", "brother", "sister", "son", "daughter")), "in-laws",
    ])
PARTNER_NOUNS = frozenset([
    "boyfriend", "girlfriend", "partner", "wife", "husband", "fiance", "fiancee", "fiancé", "fiancée", "spouse",
])
CHILD_NOUNS = frozenset(["son", "daughter", "kid", "child", "baby", "stepson", "stepdaughter", "youngest", "eldest",
                         "oldest", "twin"])  # "my youngest Alfie": a child
PET_NOUNS = frozenset([
    "dog", "cat", "puppy", "kitten", "hamster", "rabbit", "bunny", "parrot", "turtle", "horse", "bird", "pet",
    "ferret", "snake", "lizard", "goldfish", "gecko", "tortoise", "budgie", "cockatiel", "chinchilla", "gerbil",
    "axolotl", "iguana", "chameleon", "hedgehog", "pony", "tarantula", "canary", "pup", "doggo", "doggy", "pupper",
    "kitty", *PET_BREEDS,
])
# chat's words for a pet that name its kind ("my pup" is the speaker's dog)
_CAT_BREEDS = frozenset({"tabby", "ragdoll", "sphynx", "moggy"})  # PET_BREEDS' cats; the rest are dogs
PET_SPECIES = {"pup": "dog", "doggo": "dog", "doggy": "dog", "pupper": "dog", "kitty": "cat",
               # a breed names the kind ("a tabby, we've called her Smudge": the speaker's cat)
               **{b: "cat" if b in _CAT_BREEDS else "dog" for b in PET_BREEDS}}


def keep_in_laws_whole(nlp: Any) -> None:
    """"mother-in-law" is one word to the tokenizer, so one noun to the parser: split at its hyphens it parsed as
    "mother ... in law" (a mother-in-law's facts were keyed to the speaker's mother, "my brother-in-law lives in
    Croydon" gave no fact at all)."""
    from spacy.symbols import ORTH

    for kin in ("mother", "father", "brother", "sister", "son", "daughter"):
        for word in (f"{kin}-in-law", f"{kin}s-in-law", "in-laws"):
            for form in (word, word.capitalize(), word.upper()):
                nlp.tokenizer.add_special_case(form, [{ORTH: form}])
