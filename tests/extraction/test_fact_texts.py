"""Fact texts read as clean third-person sentences about the right subject ("User's puppy is named Pickles",
not "User named him pickles"), and a correction with "it" right after a value was named ("oops its Hillview
not Hillside") puts that value right."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import normalise_chat
from mem_graph.extract.continuation import corrected
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated


@pytest.mark.parametrize(("line", "text", "slot"), [
    ("we got a puppy and named him pickles 🐶", "User's puppy is named Pickles", "user's puppy|name"),
    ("adopted a kitten last week, named her biscuit", "User's kitten is named Biscuit", "user's kitten|name"),
])
def test_a_pet_named_by_pronoun_is_the_pets_name(rules: RuleExtractor, line: str, text: str, slot: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    named = [f for f in facts if f.slot == slot]
    assert named and named[0].text == text, [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("line", "text"), [
    ("im vegetarian so no meat for me", "User is vegetarian"),
    ("I'm vegetarian, so no meat for me", "User is vegetarian"),
])
def test_a_verbless_tail_is_not_part_of_the_fact(rules: RuleExtractor, line: str, text: str) -> None:
    assert [f.text for f in rules.extract([Message("user", line)])[0]] == [text]


def test_a_pronoun_subject_with_a_contraction_reads_is(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "update: she's a nurse practitioner now!!")],
                          context=[Message("user", "my wife is a pharmacist")])[0]
    assert [f.text for f in facts] == ["User's wife is a nurse practitioner now"]


@pytest.mark.parametrize(("previous", "line", "read"), [
    ("my daughter goes to hillside elementary", "oops its Hillview not Hillside",
     "Actually my daughter goes to Hillview elementary"),
    ("my dog is called rolo", "wait no its Rollo not Rolo, two Ls lol", "Actually my dog is called Rollo"),
    ("i live in austin", "sorry i meant dallas not austin", "Actually i live in dallas"),
])
def test_a_correction_is_read_as_the_previous_line_put_right(previous: str, line: str, read: str) -> None:
    assert corrected(previous, line) == read


@pytest.mark.parametrize(("previous", "line"), [
    ("im vegetarian", "im vegan not vegetarian"),  # a statement of its own
    ("I like tea", "not coffee"),  # nothing to correct
    ("i live in austin", "its Dallas not Houston"),  # the previous line never named Houston
])
def test_no_correction_without_an_old_value_said_just_before(previous: str, line: str) -> None:
    assert corrected(previous, line) is None


def test_it_is_x_not_y_updates_the_value_just_named(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my daughter goes to hillside elementary", user_id=user)
    shared_memory.add("oops its Hillview not Hillside", user_id=user)
    assert any("Hillview" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert not any("hillside" in t.lower() for t in current(shared_memory, user))
    assert any("hillside" in t.lower() for t in invalidated(shared_memory, user))
    top = shared_memory.search("where does my daughter go to school", user_id=user, limit=1)["results"][0]
    assert "Hillview" in top["memory"]


def test_no_verbatim_copy_beside_the_fact_that_carries_the_change(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I drive a Honda", user_id=user)
    shared_memory.add("traded in my honda for a subaru outback yesterday, way better in snow", user_id=user)
    kept = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert len(kept) == 1 and "subaru" in kept[0].lower(), kept


def test_a_statement_no_fact_carries_keeps_the_verbatim_copy(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I live in Denver", user_id=user)
    shared_memory.add("we finally left denver, moved to boise last month and honestly the mountains are unreal",
                      user_id=user)
    rows = shared_memory.get_all(user_id=user)["results"]
    assert any("boise" in r["memory"].lower() for r in rows), [r["memory"] for r in rows]


@pytest.mark.parametrize(("typed", "read"), [
    ("i moved to glasgow last year", "I moved to Glasgow last year"),
    ("sooo i moved to boise last month", "So I moved to Boise last month"),
    ("we moved to town", "We moved to town"),  # a bare place noun
    ("i moved to the city", "I moved to the city"),
    ("im moving to be closer to family", "I'm moving to be closer to family"),  # an infinitive
])
def test_a_destination_chat_wrote_lower_case_is_read_as_a_name(typed: str, read: str) -> None:
    assert normalise_chat(typed) == read


def test_a_move_to_a_lower_case_city_updates_the_residence(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i live in denver", user_id=user)
    shared_memory.add("i moved to glasgow last year", user_id=user)
    assert any("Glasgow" in t for t in current(shared_memory, user)), current(shared_memory, user)


def test_laughter_between_two_clauses_ends_the_first(rules: RuleExtractor) -> None:
    # "lol" dropped without a break made "a tesla show off" one noun phrase, and no fact came of the line
    assert normalise_chat("my buddy jake just bought a tesla lol show off") == \
        "My buddy jake just bought a tesla. Show off"
    facts = rules.extract([Message("user", "my buddy jake just bought a tesla lol show off")])[0]
    assert any(f.slot == "jake|car" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("typed", "read"), [
    ("learning some spanish these days lol", "I'm learning some spanish these days"),
    ("also into pottery now haha", "Also I'm into pottery now"),
    ("learning spanish is hard", "Learning spanish is hard"),  # a gerund subject
    ("turning 40 next month ugh", "I'm turning 40 next month"),  # the speaker's plan (read as one: no age yet)
    ("good morning", "Good morning"),
])
def test_a_subjectless_progressive_is_the_speakers(typed: str, read: str) -> None:
    assert normalise_chat(typed) == read


def test_also_into_x_is_a_statement_of_its_own_not_a_restatement(shared_memory: Memory, user: str) -> None:
    shared_memory.add("been doing yoga every morning", user_id=user)
    shared_memory.add("also into pottery now haha", user_id=user)
    assert any("pottery" in t for t in current(shared_memory, user)), current(shared_memory, user)
