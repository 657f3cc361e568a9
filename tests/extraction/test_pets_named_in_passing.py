"""A pet named in passing is the pet's name, so a later new name ends it.

"my dog Biscuit is so spoiled" says the dog is called Biscuit though the clause is about how spoiled it is.
Someone else's pet, several pets, or a plan says no name of the speaker's pet.
"""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import current, invalidated_after

PETS_IN_PASSING = [
    "my dog Biscuit is so spoiled",
    "took Biscuit (my pup) to the park today",
    "vet appointment for my dog Biscuit tomorrow",
    "Biscuit is my dog and the love of my life lol",
    "i named my dog Biscuit after a character in a book",
    "walking Biscuit rn, my little doggo",
    "our dog Biscuit hates the rain",
    "i have a dog, Biscuit, who is the best",
]


@pytest.mark.parametrize("said", PETS_IN_PASSING)
def test_a_dog_named_in_passing_is_renamed_by_a_new_name(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "my dog is called Maple now")
    assert any("Biscuit" in f for f in ended), ended
    assert any("Maple" in f for f in current(shared_memory, user))


@pytest.mark.parametrize("renamed", ["we renamed the dog Maple, Biscuit just didn't suit",
                                     "my dog goes by Maple now, we dropped Biscuit a few weeks ago"])
def test_renaming_the_dog_ends_its_old_name(shared_memory: Memory, user: str, renamed: str) -> None:
    ended = invalidated_after(shared_memory, user, "my dog is called Biscuit", renamed)
    assert any("Biscuit" in f for f in ended), ended


@pytest.mark.parametrize("said", ["my neighbour's dog Rex barks all night", "my dogs Rex and Maple are so spoiled",
                                  "we might call the puppy Rex"])
def test_no_name_of_the_speakers_dog(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "my dog is called Biscuit", said)
    assert ended == [], ended
