"""A second batch of everyday phrasings (casual chat, contractions, other people, intransitive new states,
pronouns for pets), written after the rules were, to check they generalise beyond the sentences they were
built on. Same checks as test_slot_changes / test_behaviours."""

from __future__ import annotations

from typing import Any

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import active, current, invalidated


def _id(case: Any, index: int) -> str:
    """A readable test id: the case's sentence at ``index`` (a plain tuple or a pytest.param)."""
    values = case.values if hasattr(case, "values") else case
    return str(values[index])[:40]


# (first statement, later statement, word only the old value has, word of the new value)
CHANGES = [
    ("we live in Oslo", "we just relocated to Bergen", "Oslo", "Bergen"),
    ("I'm based in Berlin.", "I'm based in Munich these days.", "Berlin", "Munich"),
    ("I live in Boston.", "finally settled in Seattle last month", "Boston", "Seattle"),
    ("I work at Apple.", "I'm working at Netflix now", "Apple", "Netflix"),
    ("I'm employed by IBM.", "Got hired by Oracle last week!", "IBM", "Oracle"),
    # the dropped "I" put back ("I left Zara in May") ends the employer even though the parser calls Zara a person
    ("I work for Zara.", "Left Zara in May, I'm with Adidas now.", "Zara", "Adidas"),
    ("I work as a barista.", "I'm a full-time student now.", "barista", "student"),
    ("I'm a graphic designer at an agency.", "I'm freelancing now.", "designer", "freelanc"),
    ("I'm 25.", "just turned 26 yesterday", "25", "26"),
    ("I drive a Mazda.", "I ditched the Mazda and bought a Kia.", "Mazda", "Kia"),
    ("I've got an iPhone 12.", "I'm on a Pixel 8 now.", "iPhone", "Pixel"),
    ("I'm dating Sam.", "My new boyfriend is Alex.", "Sam", "Alex"),
    ("I'm pescatarian.", "I've been vegan since January.", "pescatarian", "vegan"),
    ("Our dog is named Max.", "We renamed the dog Buddy.", "Max", "Buddy"),
    ("My kid goes to Maple Elementary.", "My kid started at Riverside Elementary this year.", "Maple", "Riverside"),
    ("Our API runs on Redis.", "We switched our API over to Cassandra.", "Redis", "Cassandra"),
    ("My favourite movie is Alien.", "These days my favourite movie is Heat.", "Alien", "Heat"),
    ("I commute by car.", "I bike everywhere now.", "car", "bike"),
    ("My brother Tom lives in Rome.", "Tom moved to Milan in March.", "Rome", "Milan"),
    ("My mom works at a bank.", "My mom works at a bakery now.", "bank", "bakery"),
    ("My sister is a nurse.", "My sister became a paramedic.", "nurse", "paramedic"),
    ("we got a kitten!! his name is Pepper", "we renamed the kitten, he's Ziggy now", "Pepper", "Ziggy"),
    # a second batch, written after the first was fixed
    ("I reside in Dublin.", "These days I'm living in Cork.", "Dublin", "Cork"),
    ("I'm at Microsoft.", "I accepted an offer from Amazon and started Monday.", "Microsoft", "Amazon"),
    ("I work for Nike.", "I've been working at Puma since June.", "Nike", "Puma"),
    ("I'm an electrician.", "I retrained as a plumber.", "electrician", "plumber"),
    ("I'm 52.", "I'm 53 as of yesterday.", "52", "53"),
    ("my phone's an old iPhone 8", "finally upgraded to a Galaxy S24", "iPhone", "Galaxy"),
    ("I'm vegan.", "I've switched to a pescatarian diet.", "vegan", "pescatarian"),
    ("My favourite sport is tennis.", "Padel is my favourite sport now.", "tennis", "Padel"),
    ("My dad works at Ford.", "My dad retired from Ford and now works at Home Depot.", "Ford", "Home Depot"),
    ("Jake is my boyfriend.", "Jake and I broke up. I'm seeing Omar now.", "Jake", "Omar"),
    ("I'm single.", "I'm engaged to Maria now!", "single", "Maria"),
]

# (first statement, addition): the addition is a second value, nothing is invalidated
ADDITIONS = [
    ("I speak Spanish.", "I'm learning Japanese as well."),
    ("I play tennis.", "I've picked up golf too."),
    ("I have a cat.", "we got a dog as well"),
    ("I'm allergic to cats.", "also allergic to pollen, sadly"),
    ("I love sushi.", "I'm really into Thai food too."),
    ("I play the violin.", "I'm teaching myself the drums too."),
    ("I speak German.", "I'm picking up some Italian too."),
    ("I have a dog.", "We just got a second dog!"),
    ("I use Vim.", "I also use VS Code for Python."),
    ("I have asthma.", "I was also diagnosed with eczema."),
    # "another cat": a second cat named Juno, not Smokey renamed
    ("My cat's name is Smokey.", "We adopted another cat last week, she's called Juno."),
]

# (first statement, hedge or plan): nothing is invalidated and the first stays current
HEDGES = [
    ("I live in Paris.", "I might move to Berlin next year."),
    ("I work at Google.", "thinking of applying to Meta"),
    ("I drive a Ford.", "I'd love a Tesla someday."),
    ("I'm vegetarian.", "maybe I'll try going vegan"),
    ("I work as a nurse.", "I'm considering becoming a midwife."),
    ("I live in Leeds.", "If I won the lottery I'd live in Monaco."),
    ("I work at Meta.", "I have an interview at Apple next week."),
    ("I drive a Kia.", "Been looking at Teslas lately."),
    ("My favourite band is Muse.", "Maybe Radiohead is my favourite, not sure."),
]

# (earlier stance, later stance, thing): the later replaces the earlier
STANCES = [
    ("I love coffee.", "I can't stand coffee anymore.", "coffee"),
    ("I hate running.", "I've actually come to love running.", "running"),
    ("I'm really into anime.", "I'm over anime now.", "anime"),
    ("I enjoy cooking.", "Honestly I don't enjoy cooking anymore.", "cooking"),
    ("I like olives.", "I despise olives now.", "olives"),
    ("I hate running.", "I've grown to love running.", "running"),
    ("I enjoy golf.", "I'm done with golf.", "golf"),
    ("I adore opera.", "I've lost interest in opera.", "opera"),
    ("I don't like tea.", "I'm obsessed with tea these days.", "tea"),
    ("I like horror movies.", "I've gone off horror movies.", "horror"),
]

# (statement, word a stored fact must hold): a new state said without an object, or a pet by pronoun
STATES = [
    ("We got a puppy last week. Her name is Nova.", "Nova"),
    ("we adopted a new cat, she's called Nova", "Nova"),
    ("I adopted a kitten, his name's Pickles.", "Pickles"),
    ("I'm freelancing now.", "freelanc"),
    ("I'm retired.", "retired"),
]


@pytest.mark.parametrize(("before", "after", "old", "new"), CHANGES, ids=[_id(c, 1) for c in CHANGES])
def test_a_change_supersedes_the_old_value(shared_memory: Memory, user: str, before: str, after: str, old: str,
                                           new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    now = current(shared_memory, user)
    assert any(new in t for t in now), now
    assert not any(old in t and new not in t for t in now), now
    assert any(old in t for t in invalidated(shared_memory, user))


@pytest.mark.parametrize(("first", "addition"), ADDITIONS, ids=[a[1][:40] for a in ADDITIONS])
def test_an_addition_invalidates_nothing(shared_memory: Memory, user: str, first: str, addition: str) -> None:
    shared_memory.add(first, user_id=user)
    shared_memory.add(addition, user_id=user)
    assert invalidated(shared_memory, user) == []


@pytest.mark.parametrize(("fact", "hedge"), HEDGES, ids=[h[1][:40] for h in HEDGES])
def test_a_hedge_updates_nothing(shared_memory: Memory, user: str, fact: str, hedge: str) -> None:
    shared_memory.add(fact, user_id=user)
    shared_memory.add(hedge, user_id=user)
    assert invalidated(shared_memory, user) == []


@pytest.mark.parametrize(("before", "after", "thing"), STANCES, ids=[_id(s, 1) for s in STANCES])
def test_a_stance_change_replaces_the_old_stance(shared_memory: Memory, user: str, before: str, after: str,
                                                 thing: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert any(thing in t for t in invalidated(shared_memory, user))


def test_a_pronoun_after_someone_elses_pet_is_not_the_users_pet(rules) -> None:
    from mem_graph.types import Message

    facts = rules.extract([Message("user", "My sister Ana got a dog. Her name is Bo.")])[0]
    assert not any(f.slot and f.slot.startswith("user's") for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("said", "word"), STATES, ids=[_id(s, 0) for s in STATES])
def test_a_new_state_is_stored_as_a_fact(shared_memory: Memory, user: str, said: str, word: str) -> None:
    shared_memory.add(said, user_id=user)
    assert any(word in t for t in active(shared_memory, user)), active(shared_memory, user)


@pytest.mark.parametrize(("first", "more", "word"), [
    ("I speak Italian, Portuguese and a bit of Greek", "and Dutch now, after two years in Utrecht", "Dutch"),
    ("I play tennis on weekends", "plus squash on Tuesdays", "squash"),
])
def test_a_line_that_goes_on_with_the_previous_one_is_read_with_it(shared_memory: Memory, user: str, first: str,
                                                                   more: str, word: str) -> None:
    shared_memory.add(first, user_id=user)
    shared_memory.add(more, user_id=user)
    assert any(word in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert invalidated(shared_memory, user) == []
