"""Session 37, from trying the product in my own words (a Toronto engineer with a wife, a son and a job offer): an
offer taken with its start said after it ("i accepted an offer at stripe! starting in january") stored "User User
is starting at stripe"; "(he's 4)" after "our son kabir" in a list of who the speaker lives with found no one in
its sentence and took the last person of an earlier line ("Quick intro is 4"); "I moved wards, I'm in A&E now" ended
where the speaker lives (A&E read as a place name); "oops, I meant Amazon" right after "I work at Google" (a
correction naming neither the wrong value nor a class of value) stored "User meant Amazon" beside Google; "we've
emigrated to Toronto" kept nothing; "met someone!! his name is Luca" left the speaker single; "we moved him to
Hillcrest" (a son's school) was read as the speaker's move; "we live with my parents and my brother in Lagos" made it
the brother's home, not the speaker's, and "i stay with my son arjun and his family in bangalore" stored "User stays
family in Bangalore".

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import re

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of, texts_of
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("said", "company"), [
    ("anyway, big news - i accepted an offer at stripe! starting in january", "Stripe"),  # (written capitalised)
    ("I've just accepted an offer from Wise, starting in March", "Wise"),
    ("got an offer from paystack, starting there next month", "Paystack"),  # kept nothing
])
def test_an_offer_taken_with_a_start_ahead_is_kept_as_a_plan_said_once(rules: RuleExtractor, said: str,
                                                                      company: str) -> None:
    facts = facts_of(rules, said)
    planned = [f for f in facts if company in f.text]
    assert planned and all(f.tense == "plan" for f in planned), [(f.text, f.tense) for f in facts]
    assert not any("User User" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize("said", [
    "live in toronto with my wife aisha and our son kabir (he's 4)",
    "I live in Leeds with my partner and my son Kabir, he's 4",
])
def test_he_after_a_son_named_among_whom_one_lives_with_is_the_son(rules: RuleExtractor, said: str) -> None:
    for lines in ([said], ["hey, quick intro: i'm dev, 34, backend engineer at shopify", said]):
        facts = facts_of(rules, *lines)
        assert any(f.slot == "kabir|age" and re.search(r"\b4\b", f.text) for f in facts), \
            [(f.text, f.slot) for f in facts]
        assert not any(f.slot and f.slot.endswith("|age") and "Kabir" not in f.text and re.search(r"\b4\b", f.text)
                       for f in facts), [(f.text, f.slot) for f in facts]  # ("User is 34" is the speaker's age)


def test_she_after_a_wife_and_a_son_is_not_the_son(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "we live in toronto with my wife aisha and our son kabir, she's a pharmacist")
    assert not any("Kabir is a pharmacist" in t for t in texts), texts


@pytest.mark.parametrize("said", ["actually I moved wards, I'm in A&E now", "I'm in ICU these days",
                                  "we're in Finance now"])
def test_a_ward_or_a_department_one_is_in_is_no_home(rules: RuleExtractor, said: str) -> None:
    facts = facts_of(rules, said)
    assert not any(f.slot == "user|residence" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_city_one_is_in_now_is_still_a_home(rules: RuleExtractor) -> None:
    assert any(f.slot == "user|residence" for f in facts_of(rules, "I'm in Leeds now"))


@pytest.mark.parametrize(("first", "then", "wrong", "right"), [
    ("I work at Google", "oops, I meant Amazon", "Google", "Amazon"),
    ("My dog is called Rex", "oops I meant Max", "Rex", "Max"),
    ("I'm a nurse", "oops i meant midwife", "nurse", "midwife"),  # two posts the lexicon knows
])
def test_i_meant_right_after_a_value_corrects_it(shared_memory: Memory, user: str, first: str, then: str,
                                                 wrong: str, right: str) -> None:
    gone = invalidated_after(shared_memory, user, first, then)
    assert any(wrong in t for t in gone), gone
    now = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert any(right in t for t in now) and not any("meant" in t for t in now), now


@pytest.mark.parametrize("then", ["I meant to ask, what's a good laptop?", "sorry, I meant to say thanks",
                                  "sorry I meant to say Thanks!", "oops I meant the other thing lol"])
def test_i_meant_that_names_no_value_corrects_nothing(shared_memory: Memory, user: str, then: str) -> None:
    assert invalidated_after(shared_memory, user, "I work at Google", then) == []


def test_i_meant_long_after_a_value_corrects_nothing(shared_memory: Memory, user: str) -> None:
    shared_memory.add([{"role": "user", "content": "I work at Google", "timestamp": 1_704_067_200}], user_id=user)
    shared_memory.add([{"role": "user", "content": "oops, I meant Amazon", "timestamp": 1_704_067_200 + 86_400}],
                      user_id=user)
    assert [r["memory"] for r in shared_memory.get_all(user_id=user)["results"] if "Google" in r["memory"]]


@pytest.mark.parametrize("said", ["we've emigrated to Toronto, settling in slowly", "I emigrated to Canada last year"])
def test_emigrating_is_a_move(rules: RuleExtractor, said: str) -> None:
    assert any(f.slot == "user|residence" for f in facts_of(rules, said)), texts_of(rules, said)


@pytest.mark.parametrize(("said", "partner"), [("met someone!! his name is Luca", "Luca"),
                                               ("i've met someone, her name's Ana", "Ana")])
def test_met_someone_named_at_once_is_a_partner(rules: RuleExtractor, said: str, partner: str) -> None:
    assert any(f.slot == "user|partner" and f.object_key == partner.lower() for f in facts_of(rules, said))


@pytest.mark.parametrize("said", ["met someone at work, his name is Tom", "I met someone at the conference. His "
                                                                          "name is Bob"])
def test_met_someone_somewhere_is_no_partner(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot == "user|partner" for f in facts_of(rules, said)), texts_of(rules, said)


def test_moving_someone_else_somewhere_is_no_move_of_ones_own(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "my son goes to St Marks primary", "we moved him to Hillcrest, much happier there")
    assert not any(f.slot == "user|residence" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("said", "town"), [("we live with my parents and my brother in Lagos", "lagos"),
                                            ("i stay with my son arjun and his family in bangalore now", "bangalore")])
def test_the_town_of_those_one_lives_with_is_ones_own_home(rules: RuleExtractor, said: str, town: str) -> None:
    facts = facts_of(rules, said)
    assert any(f.slot == "user|residence" and f.object_key == town for f in facts), [(f.text, f.slot) for f in facts]
    assert not any(f.slot and f.slot != "user|residence" and f.slot.endswith("|residence") for f in facts)
    assert not any(" stays family" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize("said", ["I used to smoke but quit in 2022", "I left in March"])
def test_a_time_one_quit_or_left_in_is_no_workplace(rules: RuleExtractor, said: str) -> None:
    facts = facts_of(rules, said)
    assert not any(t.relation == "not_works_at" for f in facts for t in f.triples), [(f.text, f.triples) for f in facts]


def test_a_company_left_in_a_month_is_still_a_job_left(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "I left Google in March")
    assert any(t.relation == "not_works_at" and t.object == "Google" for f in facts for t in f.triples)
