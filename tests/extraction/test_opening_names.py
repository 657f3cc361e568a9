"""A message that opens with a person's name: the small tagger reads some names there as a common noun ("Alice",
"Caroline") or an adjective ("Sara"), and the person's fact was lost (only the verbatim turn was kept, and a later
fact about someone else in the same turn then invalidated it)."""

from __future__ import annotations

import pytest

from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_trial_six_lives import _facts


@pytest.mark.parametrize("name", ["Alice", "Sara", "Ryan", "Caroline", "Grace", "Rose"])
@pytest.mark.parametrize("line, slot", [("{} lives in Lima.", "residence"), ("{} works at Initech.", "employer")])
def test_a_name_opening_the_message_is_the_subject_of_its_fact(rules: RuleExtractor, name: str, line: str,
                                                               slot: str) -> None:
    facts = _facts(rules, line.format(name))
    assert (line.format(name).rstrip("."), f"{name.lower()}|{slot}") in facts, facts


@pytest.mark.parametrize("name", ["Grace", "Rose", "Sara"])
def test_an_opening_name_that_moved_has_a_new_home(rules: RuleExtractor, name: str) -> None:
    facts = _facts(rules, f"{name} moved to Leeds.")
    assert (f"{name} moved to Leeds", f"{name.lower()}|residence") in facts, facts


def test_two_people_in_one_message_keep_both_facts(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Alice lives in Lima. Frank works at Initech.")
    assert ("Alice lives in Lima", "alice|residence") in facts and \
        ("Frank works at Initech", "frank|employer") in facts, facts


@pytest.mark.parametrize("line", [
    "Work moved to Tuesdays.", "Dinner moved to Friday.", "Yoga works wonders.", "Lunch works for me.",
    "Chess teaches patience.", "Coffee keeps me awake."])
def test_a_thing_opening_the_message_is_no_person(rules: RuleExtractor, line: str) -> None:
    facts = _facts(rules, line)
    assert not any(slot and slot.split("|")[1] in ("residence", "employer") for _, slot in facts), facts
    assert not any(text.startswith(line.split()[0]) for text, _ in facts), facts
