"""From the session-7 user trial (a nurse retraining as a developer, typed in lower case): a pet that died is
no longer the user's pet, and a lower-case phrase after "to" is no school name unless it reads as one."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import current, invalidated, invalidated_after


@pytest.mark.parametrize(("had", "said", "pet"), [
    ("we've got a cat called biscuit", "biscuit passed away last week :( we're getting a rescue dog though", "cat"),
    ("i have a dog named rex", "rex died yesterday", "dog"),
    ("i have a hamster", "my hamster died this morning", "hamster"),
    ("we have a rabbit called clover", "we had to put clover down on monday", "rabbit"),
    ("we got a puppy in may", "we lost our puppy last week, still gutted", "puppy"),
])
def test_a_pet_that_died_is_no_longer_the_users_pet(shared_memory: Memory, user: str, had: str, said: str,
                                                    pet: str) -> None:
    shared_memory.add(had, user_id=user)
    shared_memory.add(said, user_id=user)
    assert not any(pet in c and "died" not in c and "passed" not in c and "put down" not in c
                   for c in current(shared_memory, user)), current(shared_memory, user)
    assert any(pet in g for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize("said", [
    "her dog died last year",  # someone else's pet
    "my grandad passed away in march",  # a person, not a pet
    "the dog next door died",
])
def test_a_death_that_is_not_of_the_users_pet_ends_no_pet(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add("i have a dog named rex", user_id=user)
    shared_memory.add(said, user_id=user)
    assert not invalidated(shared_memory, user)
    assert any("dog" in c for c in current(shared_memory, user))


def test_to_before_a_verb_names_no_school(rules: RuleExtractor) -> None:
    said = Message(role="user", content="honestly i used to hate maths at school")
    texts = [f.text for f in rules.extract([said])[0]]
    assert texts and not any("Maths At School" in t or "Hate" in t for t in texts), texts


@pytest.mark.parametrize("said", [
    "finished the bootcamp!! got a junior dev job at a fintech called pennywise",
    "new job! i'm a software tester at Sky now",
    "got a marketing job at Unilever, start monday",
])
def test_a_new_job_that_names_its_post_and_place_ends_the_old_post(shared_memory: Memory, user: str,
                                                                   said: str) -> None:
    shared_memory.add("i'm a nurse", user_id=user)
    shared_memory.add(said, user_id=user)
    assert not any("nurse" in c for c in current(shared_memory, user)), current(shared_memory, user)
    assert any("nurse" in g for g in invalidated(shared_memory, user))


@pytest.mark.parametrize("said", [
    "i'm a patient at St James now",  # a role at a place that is no post
    "i'm a member at the climbing gym now",
    "i got a part-time job at a cafe too",  # a second job says no post
    "my wife got a junior dev job at monzo",  # someone else's job
])
def test_a_role_or_second_job_at_a_place_leaves_the_post(shared_memory: Memory, user: str, said: str) -> None:
    shared_memory.add("i'm a nurse", user_id=user)
    shared_memory.add(said, user_id=user)
    assert any("nurse" in c for c in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("question", ["what does dani do for work?", "what does the user do for work?",
                                      "what does Dani do?"])
def test_a_question_that_names_the_user_asks_the_users_job(shared_memory: Memory, user: str, question: str) -> None:
    for said in ["hey! so i'm dani, 38, i'm a nurse", "got a junior dev job at a fintech called pennywise"]:
        shared_memory.add(said, user_id=user)
    top = shared_memory.search(question, user_id=user, limit=3)["results"]
    assert "junior dev" in top[0]["memory"], [h["memory"] for h in top]


@pytest.mark.parametrize("said", ["i have two kids, maisie (9) and theo (6)",
                                  "my brother (the older one) lives in leeds", "i drive a golf (the old one"])
def test_a_fact_text_never_leaves_a_bracket_open(rules: RuleExtractor, said: str) -> None:
    texts = [f.text for f in rules.extract([Message(role="user", content=said)])[0]]
    assert texts and all(t.count("(") == t.count(")") for t in texts), texts


def test_he_after_a_name_in_the_same_sentence_is_that_person(rules: RuleExtractor) -> None:
    earlier = [Message(role="user", content="My flatmate Ben works at a brewery."),
               Message(role="user", content="My other flatmate Chloe studies law at Strathclyde.")]
    said = Message(role="user", content="Ben moved out, he lives in Edinburgh now.")
    texts = [f.text for f in rules.extract([said], earlier)[0]]
    assert any(t.startswith("Ben lives in Edinburgh") for t in texts), texts


@pytest.mark.parametrize("said", ["we're getting a rescue dog though", "i live in leeds tho", "i'm vegan anyway",
                                  "i love maths now though!"])
def test_a_sentence_final_though_or_anyway_is_no_part_of_the_fact(rules: RuleExtractor, said: str) -> None:
    texts = [f.text for f in rules.extract([Message(role="user", content=said)])[0]]
    assert texts and not any(t.rstrip("!.").endswith(("though", "tho", "anyway")) for t in texts), texts


@pytest.mark.parametrize("said", ["honestly my favourite band these days is the national",
                                  "my fave band right now is the national"])
def test_a_favourite_changed_with_time_words_mid_sentence_replaces_the_old_one(shared_memory: Memory, user: str,
                                                                              said: str) -> None:
    shared_memory.add("my favourite band is radiohead", user_id=user)
    shared_memory.add(said, user_id=user)
    assert any("radiohead" in g for g in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert any("national" in c for c in current(shared_memory, user))


@pytest.mark.parametrize(("before", "after", "gone"), [
    ("i drive to work every day", "i cycle to work now", "drives to work"),
    ("i take the bus to work", "i drive to work these days", "bus"),
    ("i drive to work every day", "i don't drive anymore, i get the train", "drives to work"),
    ("i cycle to work", "i don't cycle anymore", "cycles to work"),
])
def test_driving_to_work_is_a_commute_a_new_one_replaces(shared_memory: Memory, user: str, before: str, after: str,
                                                         gone: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, before, after)
    assert any(gone in g for g in ended_facts), ended_facts


def test_driving_to_work_leaves_the_car(shared_memory: Memory, user: str) -> None:
    ended_facts = invalidated_after(shared_memory, user, "i drive a golf", "i drive to work every day")
    assert not ended_facts
