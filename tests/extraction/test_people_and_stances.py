"""Changes about other people ("they", a name the tagger calls a place, a birthday) and stance turns
("X has grown on me", "tired of doing X") update the right slot and leave the speaker's own untouched."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated

# (turns, a word the invalidated fact has, a word some current fact must still have)
CASES = [
    (["I live in Bath", "my grandparents live in Cardiff", "they moved to Swansea in June"], "Cardiff", "Bath"),
    (["my nephew Arlo is 9", "he turned 10 last week, crazy"], "9", "10"),
    (["my cousin Jamal is dating Tess", "Jamal is dating Ines now"], "Tess", "Ines"),
    (["I hate audiobooks", "audiobooks have really grown on me"], "hate", "audiobooks"),
    (["I work for Microsoft", "my friend Noor works for Amazon", "Noor got poached by Google"], "Amazon", "Microsoft"),
    (["I live in Oslo", "I enjoy baking bread", "I'm tired of baking bread tbh"], "enjoy", "Oslo"),
    (["I live in Rome", "I love spicy food", "I've gone off spicy food since the surgery"], "love", "Rome"),
    (["I live in Kyiv", "I'm obsessed with sourdough", "kind of tired of sourdough now tbh"], "obsessed", "Kyiv"),
]


@pytest.mark.parametrize(("turns", "old", "kept"), CASES, ids=[c[0][-1][:30] for c in CASES])
def test_the_change_replaces_only_its_own_slot(shared_memory: Memory, user: str, turns: list[str], old: str,
                                               kept: str) -> None:
    for said in turns:
        shared_memory.add(said, user_id=user)
    gone = invalidated(shared_memory, user)
    assert any(old.lower() in g.lower() for g in gone), gone
    assert any(kept.lower() in c.lower() for c in current(shared_memory, user)), current(shared_memory, user)
    assert len(gone) == 1, gone  # nothing else invalidated (the speaker's own slot stays)


def test_a_want_with_its_own_object_is_not_a_plan_of_the_clause_before(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my parents live in Derby", user_id=user)
    shared_memory.add("they moved to Whitby, they wanted the sea", user_id=user)
    assert any("Derby" in g for g in invalidated(shared_memory, user))


def test_a_relative_in_a_place_is_not_named_after_it(rules: RuleExtractor) -> None:
    facts = rules.extract([Message(role="user", content="my sister is in Bergen")])[0]
    assert not any(t.relation == "sister" and t.object == "Bergen" for f in facts for t in f.triples), facts


def test_another_one_of_a_kind_is_one_more_value(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I have a cat named Olive", user_id=user)
    shared_memory.add("we adopted another cat, Pickle", user_id=user)
    now = " ".join(current(shared_memory, user))
    assert "Olive" in now and "Pickle" in now, now
    assert not invalidated(shared_memory, user)


@pytest.mark.parametrize(("said", "values"), [
    ("I'm allergic to cats and also dust", ["cats", "dust"]),
    ("I speak French and now German too", ["French", "German"]),
])
def test_a_gapped_object_is_one_more_value_said_plainly(rules: RuleExtractor, said: str, values: list[str]) -> None:
    facts = [f for f in rules.extract([Message(role="user", content=said)])[0] if f.slot]
    assert sorted(f.object_key for f in facts) == sorted(v.lower() for v in values), facts
    assert all(" and " not in f.text and " also " not in f.text for f in facts), [f.text for f in facts]
