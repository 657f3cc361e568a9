"""A pet of the speaker's named where only a pet would be, read over the whole turn: "Coco needs a walk",
"walking Teddy rn 🐶", "vet appt for Rufus tmrw 🐶", "new puppy!! meet Waffles", "got a rescue dog named Nacho".
Each is said back as "my dog is called X" (a cat with cat words), or "my new cat is called X" for a pet the turn
introduces as new ("meet Pickle!! our new kitten"): one more pet, not a rename of the one there is.
"""

from __future__ import annotations

import re

from mem_graph.extract.chat_restate import NAME

# a dog by what only a dog gets ("Coco needs a walk", "walking Teddy rn 🐶", "vet appt for Rufus tmrw 🐶"), a new pet
# introduced ("new puppy!! meet Waffles", "meet Mochi, our new rescue 🐶", "got a rescue dog named Nacho")
_DOG_CUE = re.compile(r"🐶|🐕|🐾|\b(?:dog|doggo|doggy|pup|puppy|walkies|leash|fetch|bark(?:s|ed|ing)?)\b", re.I)
_CAT_CUE = re.compile(r"🐱|🐈|\b(?:cat|kitty|kitten|meow(?:s|ed|ing)?|litter)\b", re.I)
_NEEDS_A_WALK = re.compile(rf"(?:^|[,.!;:]\s*|\b(?:and|but|so|lol)\s+){NAME} (?i:needs (?:a |his |her )?"
                           r"(?:walk|walkies))\b")
_SEEN_TO = re.compile(rf"\b(?i:(?:vet|groomer|grooming) (?:appt|appointment|visit|trip|bill)s? (?:for|with)|walking|"
                      rf"walked|walkies with) {NAME}")
_MEET_PET = re.compile(rf"\b(?i:meet|say hi to|say hello to) {NAME}")
_NEW_PET = re.compile(r"\bnew (?:kitten|puppy|pup|cat|dog|rescue|fur ?baby|addition)\b", re.I)
_GOT_NAMED = re.compile(rf"\b(?i:got|adopted|rescued|have) (?i:a|an|our|my) (?i:new )?(?i:rescue )?"
                        rf"(?P<kind>(?i:dog|puppy|pup|cat|kitten)) (?i:named|called) {NAME}")
# someone else's pet ("my sister's dog Coco needs a walk", "walking my neighbour's dog Teddy")
_OTHER_OWNER = re.compile(r"\b(?:\w+'s (?:dog|pup|puppy|cat|kitten)|(?:his|her|their) (?:dog|pup|puppy|cat|kitten))\b",
                          re.I)


def dog_or_cat_named(text: str) -> list[str]:
    """A pet of the speaker's named where only a pet would be: "my dog is called X" ("X needs a walk", "walking X
    rn 🐶", "new puppy!! meet X", "got a rescue dog named X"); a cat with cat words. Read over the whole turn
    (the emoji is a sentence of its own to the parser), plans included (a vet visit tomorrow is one; the dog is
    not)."""
    if _OTHER_OWNER.search(text):
        return []
    kind = "dog" if _DOG_CUE.search(text) else "cat" if _CAT_CUE.search(text) else None
    said = [f"my dog is called {m.group(1)}" for m in _NEEDS_A_WALK.finditer(text)]
    if kind is not None:  # ("meet Pickle!! our new kitten": one more pet, not the cat there is renamed)
        said += [f"my {kind} is called {m.group(1)}" for m in _SEEN_TO.finditer(text)] + [
            f"my {'new ' * bool(_NEW_PET.search(text))}{kind} is called {m.group(1)}" for m in _MEET_PET.finditer(text)]
    said += [f"my {'dog' if m.group('kind').lower() in ('dog', 'puppy', 'pup') else 'cat'} is called {m.group(2)}"
             for m in _GOT_NAMED.finditer(text)]
    return said
