"""Classes of phrasing from a user trial (session 10: a pharmacist and mum of three): a name behind "heya",
a promotion said as what others did, a move to a place that names the old one."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


def test_a_name_behind_heya_and_an_emoji_names_the_speaker(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "heya, jo here 👋 mum of 3, work part time as a pharmacist at Boots")])[0]
    slots = {f.slot: f.text for f in facts if f.slot}
    assert "Jo" in slots.get("user|name", ""), slots
    assert "pharmacist" in slots.get("user|occupation", ""), slots


@pytest.mark.parametrize(("line", "role"), [
    ("bit of news - I've gone full time, they made me the store manager!", "manager"),
    ("they promoted me to senior engineer last week", "senior engineer"),
])
def test_a_role_others_gave_me_is_my_role(rules: RuleExtractor, line: str, role: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == "user|occupation" and role in (f.object_key or "") for f in facts), [
        (f.text, f.slot, f.object_key) for f in facts]


@pytest.mark.parametrize("line", ["they made me redo the report", "she made me laugh"])
def test_being_made_to_do_something_is_no_role(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|occupation" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_promotion_said_by_others_ends_the_old_role(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I work part time as a pharmacist at Boots",
                              "bit of news - I've gone full time, they made me the store manager!")
    assert any("pharmacist" in f for f in ended), ended


def test_moving_into_the_town_i_lived_outside_of_moves_home(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we live just outside York, in a village called Haxby",
                              "we finally moved into York proper, Clifton area, so much closer to work")
    assert any("Haxby" in f for f in ended), ended


@pytest.mark.parametrize(("line", "slot"), [
    ("I have a nut allergy", "user|allergies|nut"),
    ("my son has a peanut allergy", "user's son|allergies|peanut"),
])
def test_an_allergy_said_as_a_noun_is_an_allergy(rules: RuleExtractor, line: str, slot: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == slot and not f.negated for f in facts), [(f.text, f.slot) for f in facts]


def test_an_outgrown_allergy_ends(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my youngest Alfie has a nut allergy so I'm super careful",
                              "Alfie's outgrown his nut allergy")
    assert any("nut allergy" in f for f in ended), ended


def test_my_youngest_is_a_child_whose_school_is_a_school(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my youngest Alfie has a nut allergy so I'm super careful with snacks", user_id=user)
    shared_memory.add("Alfie started reception at Haxby Road Primary this week", user_id=user)
    slots = {r.get("slot") for r in shared_memory.get_all(user_id=user)["results"]}
    assert "alfie|school" in slots, slots
