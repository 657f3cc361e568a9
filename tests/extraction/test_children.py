"""The user's children, counted or named as an object, are the user's children: one fact per named child (with
the age given in brackets), never a thing owned, and never lost when listed after a pet."""

from __future__ import annotations

import pytest

from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message


def _texts(rules: RuleExtractor, said: str) -> list[str]:
    return [f.text for f in rules.extract([Message(role="user", content=said)])[0]]


@pytest.mark.parametrize(("said", "children"), [
    ("we've got a cat called biscuit and two kids, maisie (9) and theo (6)",
     ["User has a child named Maisie, aged 9", "User has a child named Theo, aged 6"]),
    ("i have two kids, maisie (9) and theo (6)",
     ["User has a child named Maisie, aged 9", "User has a child named Theo, aged 6"]),
    ("I have two daughters, Ava and Mia", ["User has a daughter named Ava", "User has a daughter named Mia"]),
])
def test_children_named_beside_their_count_are_each_a_child(rules: RuleExtractor, said: str,
                                                            children: list[str]) -> None:
    texts = _texts(rules, said)
    assert all(c in texts for c in children), texts
    assert not any("User has theo" in t or "kids maisie" in t for t in texts), texts


def test_children_listed_after_a_pet_are_kept(rules: RuleExtractor) -> None:
    texts = _texts(rules, "we've got a dog and two kids")
    assert "User has two kids" in texts and any("dog" in t for t in texts), texts


@pytest.mark.parametrize("said", ["my sister has two kids, Ava and Mia", "a friend who has two kids, Ava and Mia",
                                  "i don't have kids", "i might have kids one day"])
def test_someone_elses_or_no_children_are_not_the_users(rules: RuleExtractor, said: str) -> None:
    assert not any(t.startswith("User has a child") or t.startswith("User has a daughter")
                   for t in _texts(rules, said))
