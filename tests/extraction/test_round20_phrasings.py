"""Classes of phrasing from session 20's user trials (written by someone else, as people type): a class said
beside its school ("she's in year 2 at Oakfield"), a town said plainly ("we're in columbus ohio"), chat spellings
("flights r crazy", "sooo", "my bf arjun"), things that are no person ("my a1c", "Doc says"), a job resigned or
handed notice in at, a first week on a workplace's site, and a question that names someone in lower case."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.extract.shorthand import expand_shorthand
from tests.extraction.test_trial_six_lives import _facts


def _top(memory: Memory, user: str, question: str) -> str:
    return str(memory.search(question, user_id=user, limit=1)["results"][0]["memory"])


@pytest.mark.parametrize("said, slot, school", [
    ("My daughter Maya is 7, she's in year 2 at Oakfield", "maya|school", "Oakfield"),
    ("my son is in year 4 at St Peter's", "user's son|school", "St Peter"),
    ("I'm in year 12 at Hillside", "user|school", "Hillside"),
])
def test_a_class_said_beside_its_school_names_the_school(rules: RuleExtractor, said: str, slot: str,
                                                         school: str) -> None:
    assert any(s == slot and school in t for t, s in _facts(rules, said)), _facts(rules, said)


def test_a_lower_case_name_in_a_question_asks_about_that_person(shared_memory: Memory, user: str) -> None:
    for turn in ("My daughter Maya is 7, she's in year 2 at Oakfield", "my son Leo just turned 4",
                 "maya's 8 now, time flies"):
        shared_memory.add(turn, user_id=user)
    assert "Oakfield" in _top(shared_memory, user, "what school does maya go to")


@pytest.mark.parametrize("said, place", [
    ("need a meal plan for a family of 4. we're in columbus ohio", "Columbus Ohio"),
    ("Im in Calgary and winters are long so I grill in the garage", "Calgary"),
    ("moved to portland, oregon last year", "Portland, Oregon"),
])
def test_a_town_said_plainly_is_where_one_lives(rules: RuleExtractor, said: str, place: str) -> None:
    assert any(s == "user|residence" and place in t for t, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", [
    "I'm in Paris for work this week", "we're in Lisbon until friday", "I'm in Tokyo visiting my aunt",
    "are you in London?",
])
def test_a_stay_is_no_home(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s == "user|residence"], _facts(rules, said)


@pytest.mark.parametrize("typed, spelled", [
    ("flights to kolkata r already crazy", "flights to kolkata are already crazy"),
    ("u r the best", "you are the best"),
    ("i use r for stats", "i use r for stats"),
    ("the flat is sooo small", "the flat is so small"),
    ("that's coool", "that's cool"),
    ("see www.example.com", "see www.example.com"),
    ("me mam's got the telly on", "my mam's got the telly on"),
])
def test_chat_spellings_are_spelled_out(typed: str, spelled: str) -> None:
    assert expand_shorthand(typed) == spelled


@pytest.mark.parametrize("said, name", [
    ("my bf arjun thinks i should take the week off", "Arjun"),
    ("daughter anika is a sophomore at rutgers", "Anika"),
])
def test_a_name_typed_lower_case_after_kin_is_a_name(rules: RuleExtractor, said: str, name: str) -> None:
    assert any(name in t for t, _ in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("before", ["doc says my a1c is borderline", "my a1c is borderline"])
def test_a_thing_of_mine_or_a_capitalised_word_is_no_he(rules: RuleExtractor, before: str) -> None:
    facts = _facts(rules, "he starts at St Xavier on monday", before)
    assert not [t for t, _ in facts if t.lower().startswith(("a1c", "doc"))], facts


@pytest.mark.parametrize("said, employer", [
    ("resigned from GTBank. first day at paystack is monday", "GTBank"),
    ("handed my notice in at Greggs", "Greggs"),
])
def test_a_job_resigned_from_is_a_job_left(shared_memory: Memory, user: str, said: str, employer: str) -> None:
    shared_memory.add(f"I work at {employer}", user_id=user)
    shared_memory.add(said, user_id=user)
    active = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]]
    assert not [t for t in active if t == f"User works at {employer}"], active


@pytest.mark.parametrize("said, employer", [
    ("first week on the nike campus, beaverton traffic is a nightmare", "Nike"),
    ("first week in the rathmines clinic done, mad busy", "Rathmines"),
    ("first week at Deloitte, the commute is brutal", "Deloitte"),
])
def test_a_first_week_at_a_workplace_is_a_job_started(rules: RuleExtractor, said: str, employer: str) -> None:
    assert any(s == "user|employer" and employer in t for t, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", ["first day at Paystack is monday", "first day at Google tomorrow!",
                                  "first week in the main office done"])
def test_a_first_day_still_ahead_or_unnamed_is_no_employer(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s == "user|employer"], _facts(rules, said)


def test_a_verb_the_speaker_cannot_take_is_not_the_speakers(rules: RuleExtractor) -> None:
    facts = _facts(rules, "i work like cook in a churrascaria here, is very hard work, 12 hours in the weekend")
    assert not [t for t, _ in facts if "User is very hard work" in t], facts


def test_a_childs_school_said_beside_tomorrows_event_is_still_the_school(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my son's school (Westgate Primary) has a non-uniform day tomorrow")
    assert any(s == "user's son|school" and "Westgate Primary" in t for t, s in facts), facts
