"""Classes of phrasing from session 22's trials: a job said the way chat says it ("a junior dev", "tech lead"),
and a new job taken up with both of its attributes in one clause ("joined Monzo as a backend engineer"), which
ends the old post as well as the old employer."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts


@pytest.mark.parametrize("said", [
    "im a junior dev at a fintech in manchester",
    "i'm a frontend dev now",
    "also got promoted, i'm tech lead for the frontend team as of this month",
])
def test_a_post_said_as_chat_says_it_is_the_occupation(rules: RuleExtractor, said: str) -> None:
    assert any(s == "user|occupation" for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", ["my best friend is Dev", "Dev is my brother"])
def test_dev_written_as_a_name_is_nobodys_job(rules: RuleExtractor, said: str) -> None:
    assert not any(s == "user|occupation" for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("joined", [
    "I joined Monzo as a backend engineer",
    "i joined monzo as a backend engineer",
    "got hired at monzo as a backend engineer",
    "started at Monzo as a backend engineer last week",
])
def test_a_job_taken_up_with_its_post_ends_the_old_post_too(shared_memory: Memory, user: str, joined: str) -> None:
    ended = invalidated_after(shared_memory, user, "im a junior dev at a fintech in manchester", joined)
    assert any("junior dev" in f for f in ended), ended


@pytest.mark.parametrize("said", ["joined the band as a drummer", "I joined Sarah as a friend"])
def test_joining_as_something_that_is_no_post_is_no_job(rules: RuleExtractor, said: str) -> None:
    assert not any(s in ("user|employer", "user|occupation") for _, s in _facts(rules, said)), _facts(rules, said)


def test_an_employer_named_beside_the_post_ends_with_a_new_employer(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "im a backend dev at Stripe", "i work at Figma now")
    assert any("Stripe" in f for f in ended), ended


@pytest.mark.parametrize("said, number", [
    ("quick, write an email to my new manager. include my cell, it's 720-555-0142", "720-555-0142"),
    ("new number is 0917 555 2231, please dont use the old one anymore", "0917 555 2231"),
])
def test_a_phone_number_given_in_passing_is_the_phone(rules: RuleExtractor, said: str, number: str) -> None:
    assert any(s == "user|phone" and number in t for t, s in _facts(rules, said)), _facts(rules, said)


def test_a_typo_fixed_in_a_phone_number_replaces_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "include my cell, it's 720-555-0142",
                              "wait sorry typo, it's 720-555-0124. i always flip those")
    assert any("0142" in f for f in ended), ended
    assert any("0124" in m["memory"] for m in shared_memory.get_all(user_id=user)["results"])


@pytest.mark.parametrize("said", ["i switched my major to statistics", "officially switched my major to statistics!!!"])
def test_a_major_switched_is_the_field_of_study(rules: RuleExtractor, said: str) -> None:
    assert any(s == "user|field_of_study" for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", ["we got married on saturday!!", "marriage done!! 11 december at kochi, so hectic",
                                  "I got married on Saturday"])
def test_a_wedding_said_with_its_day_or_as_done_is_the_relationship_status(rules: RuleExtractor, said: str) -> None:
    assert any(s == "user|partner" for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said, child", [
    ("hes here!! cian patrick, 8lb 2oz, born tues. siobhan's grand, tired", "son named Cian"),
    ("she's here!!! eloise, 7lb 4oz, born on the 3rd at michael garron 💕", "daughter named Eloise"),
])
def test_a_birth_announced_names_the_child_and_is_no_label_of_the_speaker(rules: RuleExtractor, said: str,
                                                                          child: str) -> None:
    texts = [t for t, _ in _facts(rules, said)]
    assert any(child in t for t in texts), texts
    assert not any(t.startswith(("User is he", "User is she")) for t in texts), texts


@pytest.mark.parametrize("said, fact", [
    ("MARRIED. danielle's my wife!!! best day ever", "User is married"),
    ("i GOT THE JOB at google", "User got the job at Google"),
    ("WE MOVED TO LEEDS", "User moved to Leeds"),
])
def test_words_shouted_in_capitals_read_as_words(rules: RuleExtractor, said: str, fact: str) -> None:
    assert any(t == fact or t.startswith(f"{fact} to ") for t, _ in _facts(rules, said)), _facts(rules, said)


def test_a_lone_acronym_stays_an_acronym(rules: RuleExtractor) -> None:
    assert any("NYC" in t for t, _ in _facts(rules, "I LOVE NYC")), _facts(rules, "I LOVE NYC")


def test_a_pet_someone_brought_home_and_the_speaker_named_is_named(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my boyfriend rafael brought a puppy home, we called him thor")
    assert any(s == "user's puppy|name" and "Thor" in t for t, s in facts), facts


@pytest.mark.parametrize("said, fact", [
    ("ok dont laugh but i went on a date. her name is tasha, she's a dental hygienist", "Tasha is a dental hygienist"),
    ("tasha and i made it official, shes my girlfriend now 😅", "Tasha is User's girlfriend now"),
])
def test_she_is_the_person_just_named_not_one_from_an_earlier_turn(rules: RuleExtractor, said: str,
                                                                   fact: str) -> None:
    facts = _facts(rules, said, "michelle and i are doing 50/50 custody, i get jayden and ava every other week")
    assert any(t == fact for t, _ in facts), facts


def test_a_seaman_is_an_occupation(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my husband rey is a seaman, he is on a ship for 9 months")
    assert any(s == "rey|occupation" for _, s in facts), facts


def test_arrived_after_the_shifting_is_the_new_home(rules: RuleExtractor) -> None:
    """Indian English "shifting" is moving house; "Bangalore" is typed more than GeoNames' "Bengaluru"."""
    facts = _facts(rules, "done with the shifting, finally in bangalore. traffic is madness yaar")
    assert any(s == "user|residence" and "Bangalore" in t for t, s in facts), facts


def test_finally_in_a_city_with_no_move_said_is_no_new_home(rules: RuleExtractor) -> None:
    assert not any(s == "user|residence" for _, s in _facts(rules, "finally in paris!! so pretty"))


def test_veggie_is_a_diet_and_the_clause_after_it_keeps_its_verb(rules: RuleExtractor) -> None:
    facts = _facts(rules, "i'm veggie and work 12hr shifts as a nurse at the royal infirmary in glasgow")
    assert ("User is vegetarian", "user|diet") in facts, facts
    assert any(s == "user|occupation" and t.startswith("User works") for t, s in facts), facts


@pytest.mark.parametrize("said, hobby", [
    ("honestly im so over running, switched to swimming at the leisure centre", "swimming"),
    ("switched to yoga", "yoga"),
])
def test_a_pastime_switched_to_is_a_hobby_not_a_tool(rules: RuleExtractor, said: str, hobby: str) -> None:
    assert (f"user|hobbies|{hobby}") in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_the_little_one_is_a_child(rules: RuleExtractor) -> None:
    facts = _facts(rules, "our little one ruby starts at leith primary in august 😭")
    assert any(t.startswith("User's child") for t, _ in facts), facts
