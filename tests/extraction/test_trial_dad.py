"""Classes of phrasing from a user trial (session 10: a chemistry teacher and dad of two): a name given as
"sam here", a pastime said with "go", one given up with "haven't been ... since", and a search whose only
answer sits under the semantic floor."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


def _facts(rules: RuleExtractor, line: str) -> list[tuple[str, str | None, bool]]:
    return [(f.text, f.slot, f.negated) for f in rules.extract([Message("user", line)])[0]]


@pytest.mark.parametrize(("line", "name"), [
    ("hey, sam here, 34", "Sam"),
    ("sam here, 34 and a dad of two", "Sam"),
    ("hey! Priya here", "Priya"),
    ("hiya! kerry here, 29, i'm a nurse", "Kerry"),
])
def test_a_name_said_with_here_names_the_speaker(rules: RuleExtractor, line: str, name: str) -> None:
    facts = _facts(rules, line)
    assert any(slot == "user|name" and name in text for text, slot, _ in facts), facts


@pytest.mark.parametrize("line", ["Leeds here", "hey, tired here", "ok, same here", "hi, nobody here?"])
def test_a_word_with_here_that_names_nobody_is_no_name(rules: RuleExtractor, line: str) -> None:
    facts = _facts(rules, line)
    assert not any(slot == "user|name" for _, slot, _ in facts), facts


@pytest.mark.parametrize(("line", "value"), [
    ("I go swimming every morning", "swimming"),
    ("I go bouldering twice a week", "bouldering"),
    ("I run most mornings", "running"),
])
def test_a_pastime_said_with_go_or_its_verb_is_a_hobby(rules: RuleExtractor, line: str, value: str) -> None:
    facts = _facts(rules, line)
    assert any(slot == f"user|hobbies|{value}" and not neg for _, slot, neg in facts), facts


@pytest.mark.parametrize("line", ["I ran for the bus this morning", "I went for a run last week"])
def test_one_occasion_is_no_hobby(rules: RuleExtractor, line: str) -> None:
    facts = _facts(rules, line)
    assert not any(slot and "|hobbies|" in slot for _, slot, _ in facts), facts


@pytest.mark.parametrize(("line", "value"), [
    ("I stopped going bouldering", "bouldering"),
    ("I haven't been swimming since covid", "swimming"),
    ("not been bouldering since the move", "bouldering"),
])
def test_a_pastime_given_up_is_its_negation(rules: RuleExtractor, line: str, value: str) -> None:
    facts = _facts(rules, line)
    assert any(slot == f"user|hobbies|{value}" and neg for _, slot, neg in facts), facts
    assert not any("User is not been" in text for text, _, _ in facts), facts


def test_not_bouldering_since_the_move_ends_being_into_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm really into bouldering at the moment, go twice a week",
                              "not been bouldering since the move, running instead, did a 10k last weekend")
    assert any("bouldering" in f for f in ended), ended
    top = shared_memory.search("what sport do i do?", user_id=user, limit=1)["results"]
    assert "running" in top[0]["memory"], top


def test_an_answer_under_the_semantic_floor_gets_a_sane_score(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I go bouldering twice a week", user_id=user)
    shared_memory.add("haven't been bouldering since the move, I run instead now", user_id=user)
    hits = shared_memory.search("what sport do i do", user_id=user, limit=5)["results"]
    assert hits and all(-10 < h["score"] < 10 for h in hits), [(h["memory"], h["score"]) for h in hits]


def test_a_diet_that_ends_ends_the_verbatim_copy_of_its_turn(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I've been vegan for 3 years but honestly struggling lately",
                              "also I caved and I'm eating cheese again, so vegetarian now I guess")
    assert "I've been vegan for 3 years but honestly struggling lately" in ended, ended
    top = shared_memory.search("what's my diet?", user_id=user, limit=1)["results"]
    assert "vegetarian" in top[0]["memory"], top


@pytest.mark.parametrize(("line", "value", "negated"), [
    ("I'm eating fish again, so pescatarian now", "pescatarian", False),
    ("ate a burger, so not vegetarian anymore", "vegetarian", True),
    ("we broke up last month, so single again", "single", False),
])
def test_the_state_a_change_leaves_is_its_own_fact(rules: RuleExtractor, line: str, value: str,
                                                   negated: bool) -> None:
    facts = _facts(rules, line)
    assert any(value in text and neg == negated for text, _, neg in facts), facts


def test_a_passing_state_after_so_is_no_fact(rules: RuleExtractor) -> None:
    assert _facts(rules, "it rained, so wet now") == []


@pytest.mark.parametrize(("line", "place"), [
    ("I share a flat with two other students in Marchmont", "marchmont"),
    ("we bought a house in Harrogate", "harrogate"),
    ("we rent a little house in Bath", "bath"),
    ("I rent a flat in Bristol.", "bristol"),
])
def test_a_home_of_my_own_in_a_place_is_where_i_live(rules: RuleExtractor, line: str, place: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == "user|residence" and f.object_key == place for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["we rented a car in Spain last summer, it was tiny",
                                  "we have a holiday home in Spain", "I rented a Fiat 500 for the trip"])
def test_a_hire_or_a_holiday_home_is_neither_my_home_nor_my_car(shared_memory: Memory, user: str, line: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Leeds", "I drive a Honda Civic", line)
    assert ended == [], ended


@pytest.mark.parametrize(("line", "role"), [
    ("first week as a junior doctor done, absolutely knackered", "junior doctor"),
    ("first day as a manager today!", "manager"),
    ("1st shift as a barista, so tired", "barista"),
])
def test_the_first_days_of_a_role_say_the_role(rules: RuleExtractor, line: str, role: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == "user|occupation" and f.object_key == role for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["first day as a manager tomorrow, nervous",
                                  "my first week as a nurse starts next month", "her first day as a teacher went well"])
def test_a_first_day_ahead_or_someone_elses_is_not_my_role(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|occupation" and f.tense != "plan" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_new_role_said_through_its_first_week_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "hi :) I'm Lena, final year med student in Edinburgh",
                              "first week as a junior doctor done, absolutely knackered")
    assert any("med student" in f for f in ended), ended
