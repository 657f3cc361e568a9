"""Session 35: in-laws as one word ("my mother-in-law lives in Durban" was keyed to the speaker's mother, "my
brother-in-law lives in Croydon" gave no fact), the town past what stands between it and "lives" ("lives by
herself in her bungalow in Margate"), a bare kin word as the speaker's ("well nan's finally agreed, she's ..."),
the speaker's laptop or bike named through a part or a lower-case make ("my thinkpad x1 carbon fan", "my Royal
Enfield"), a thing that "is dead", and what one is typing on ("typing this from a macbook air").

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of, slots_of
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("said", "slot", "word"), [
    ("my father-in-law is a retired plumber", "user's father-in-law|occupation", "plumber"),
    ("my sister-in-law lives in Galway", "user's sister-in-law|residence", "Galway"),
    ("My daughter-in-law works at Aldi", "user's daughter-in-law|employer", "Aldi"),
    ("my in-laws live in Porto", "user's in-laws|residence", "Porto"),
    ("FIL just retired from the railways, SIL is a midwife", "user's sister-in-law|occupation", "midwife"),
])
def test_an_in_law_is_their_own_person(rules: RuleExtractor, said: str, slot: str, word: str) -> None:
    slots = slots_of(rules, said)
    assert word in slots.get(slot, ""), slots


def test_an_in_law_never_speaks_for_the_parent(rules: RuleExtractor) -> None:
    slots = slots_of(rules, "my mother-in-law is a dentist")
    assert "user's mother|occupation" not in slots, slots


def test_mil_in_lower_case_is_a_number_not_a_person(rules: RuleExtractor) -> None:
    assert not any("in-law" in f.text for f in facts_of(rules, "the house went for 2 mil"))


@pytest.mark.parametrize(("said", "slot", "town"), [
    ("my gran lives on her own in Whitstable, still drives", "user's gran|residence", "Whitstable"),
    ("my uncle lives by himself in a caravan in Skegness", "user's uncle|residence", "Skegness"),
    ("my cousin lives at her dad's in Swindon", "user's cousin|residence", "Swindon"),
    ("we're living out of a campervan in Portugal this year", "user|residence", "Portugal"),
])
def test_the_town_past_the_words_before_it_is_where_they_live(rules: RuleExtractor, said: str, slot: str,
                                                                town: str) -> None:
    assert any(f.slot == slot and f.object_key == town.lower() for f in facts_of(rules, said)), \
        [(f.slot, f.object_key) for f in facts_of(rules, said)]


def test_a_town_inside_someone_elses_clause_is_not_where_they_live(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "my grandad lives with my aunt who works in Derby")
    assert not any(f.slot and f.slot.endswith("|residence") and f.object_key == "derby" for f in facts)


def test_a_bare_kin_word_after_a_discourse_word_is_the_speakers(rules: RuleExtractor) -> None:
    # ("nan" is tagged a name: the "she" after it was keyed "nan", not the speaker's nan)
    facts = facts_of(rules, "well nan's finally agreed - she's been in a care home in Deal a month now")
    assert any(f.slot == "user's nan|residence" for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize(("said", "slot", "model"), [
    ("my thinkpad t14 keyboard has a sticky key, how do i clean it", "user|computer", "thinkpad t14"),
    ("whats the right tyre pressure for my honda jazz", "user|car", "honda jazz"),
    ("my lenovo ideapad screen flickers, any fix?", "user|computer", "lenovo ideapad"),
    ("kindly suggest a helmet, I ride my Royal Enfield Himalayan on weekends", "user|car", "royal enfield"),
])
def test_a_model_named_through_a_part_or_in_lower_case_is_the_speakers(rules: RuleExtractor, said: str, slot: str,
                                                                        model: str) -> None:
    facts = facts_of(rules, said)
    assert any(f.slot == slot and model in (f.object_key or "") for f in facts), [(f.slot, f.object_key)
                                                                                   for f in facts]


@pytest.mark.parametrize("said", [
    "my golf swing is off this season",  # a game, no car
    "my brother's thinkpad fan is so loud",  # someone else's
    "how do i clean my car seats",  # no model named
])
def test_no_model_is_placed_where_none_of_the_speakers_is_named(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot in ("user|car", "user|computer") for f in facts_of(rules, said))


def test_a_make_decides_what_its_model_number_is(rules: RuleExtractor) -> None:
    slots = slots_of(rules, "work just gave me a ThinkPad X1 Yoga")  # an X1 is also a BMW
    assert "user|computer" in slots and "user|car" not in slots, slots


def test_a_thing_that_is_dead_ends_it_and_what_one_types_on_is_the_new_one(memory: Memory) -> None:
    gone = invalidated_after(memory, "u1", "my dell xps 15 is my whole life, 6 years old and still going",
                             "welp the dell is dead, coffee in the keyboard. typing this from a surface laptop 5")
    assert any("xps" in t.lower() for t in gone), gone
    active = [r["memory"] for r in memory.get_all(user_id="u1")["results"]]
    assert any("surface laptop" in t.lower() for t in active), active


def test_a_thing_not_dead_yet_is_kept(memory: Memory) -> None:
    gone = invalidated_after(memory, "u2", "I drive a Skoda Fabia", "the fabia is not dead yet, 200k miles")
    assert not any("Fabia" in t for t in gone), gone


def test_a_vocative_after_a_clause_does_not_hide_a_sale(memory: Memory) -> None:
    gone = invalidated_after(memory, "u3", "I ride a Kawasaki Ninja to work, any tips for rain?",
                             "sold the Ninja finally yaar, way too cold for winter riding")
    assert any("Ninja" in t for t in gone), gone


def test_a_home_named_with_its_town_before_it_is_where_one_lives(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "our Seattle apartment has no dishwasher, any tips for handwashing pans?")
    assert any(f.slot == "user|residence" and f.object_key == "seattle" for f in facts), \
        [(f.slot, f.object_key) for f in facts]


@pytest.mark.parametrize("said", ["my old Seattle apartment had no dishwasher", "my Seattle hotel has no gym"])
def test_a_former_home_or_a_stay_is_not_where_one_lives(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot == "user|residence" for f in facts_of(rules, said))


@pytest.mark.parametrize(("said", "post"), [
    ("doing 4 nights a week as a support worker at a care home, how do i sleep in the day", "support worker"),
    ("i'm doing weekends as a courier for now", "courier"),
])
def test_shifts_done_as_a_post_are_the_occupation(rules: RuleExtractor, said: str, post: str) -> None:
    slots = slots_of(rules, said)
    assert post in slots.get("user|occupation", ""), slots


@pytest.mark.parametrize("said", ["I did it as a favour for my neighbour", "we did the quiz as a team"])
def test_what_a_thing_was_done_as_is_no_post(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot and f.slot.startswith(("user|occupation", "user|hobbies")) for f in facts_of(rules, said))


def test_news_said_with_a_double_question_mark_is_kept(rules: RuleExtractor) -> None:
    slots = slots_of(rules, "ok so after a month in korea kimchi is a yes now?? what goes well with it")
    assert "user|stance|kimchi" in slots, slots


@pytest.mark.parametrize("said", ["anyone know a good plumber in leeds??",
                                  "is it normal for a cat to sleep 20 hours??"])
def test_a_real_question_with_a_double_question_mark_stays_a_question(rules: RuleExtractor, said: str) -> None:
    assert facts_of(rules, said) == []


def test_a_notice_handed_in_said_northern_is_the_speakers(rules: RuleExtractor) -> None:
    texts = [f.text for f in facts_of(rules, "handed me notice in at the depot last week")]
    assert any("their notice" in t for t in texts) and not any("handed User" in t for t in texts), texts


def test_leaving_the_place_of_shifts_done_as_a_post_ends_the_post(memory: Memory) -> None:
    gone = invalidated_after(memory, "u4", "doing 3 lates a week as a carer at a care home, need snack ideas",
                             "handed my notice in at the care home today")
    assert any("carer" in t for t in gone), gone
