"""Session 48: misses from two sweeps written before any fix (messy turns on the slots the held-out set passes least,
and additions that must not end anything). Before this, "we bought a second car" ended the first car; "I run on
flat whites" was read as a running hobby; "kicked the coke habit" and "hung up the rugby boots" ended nothing;
"everyone calls me Kat now" and "it's Jo Patel now" (after a wedding) kept the old name; "finalised the divorce"
left the marriage; "got the keys to my first flat in Nottingham" kept the old home; "transferred my masters to
Glasgow" was stored as a move to Glasgow and "User now uses Glasgow".

The phrasings here are new (not the sweeps', nor the benchmark's); each mechanism is also tried where it must not
fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import active_texts as _active
from tests.extraction.said import facts_of, texts_of
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("setup", "said"), [
    ("I drive a Passat", "just picked up a second car, an old Mini for the school run"),
    ("I've got a Samsung phone", "my new job gave me an iPhone as well, so I've got two"),
    ("I have a Dell laptop", "bought a MacBook too for video editing"),
])
def test_one_more_car_phone_or_computer_ends_none(shared_memory: Memory, user: str, setup: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, setup, said) == []


def test_a_car_bought_in_place_of_one_sold_still_ends_it(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I drive a Passat", "sold the passat, got a second-hand Octavia")
    assert any("Passat" in g for g in gone), gone


def test_a_purpose_clause_is_no_relative_of_its_own(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "we got a second car, a little Polo for my husband to get to the station")
    assert not any(t.startswith("User's husband to") for t in texts), texts


def test_running_on_a_drink_is_the_drink_not_a_run(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "honestly I run on oat lattes")
    assert not any("running" in t for t in texts) and any("oat lattes" in t for t in texts), texts


def test_running_on_the_beach_is_still_running(rules: RuleExtractor) -> None:
    assert any("runs on the beach" in t for t in texts_of(rules, "I run on the beach most mornings"))


def test_a_habit_kicked_ends_the_drink_and_the_next_one_is_kept(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I drink about four cans of red bull a day",
                             "finally kicked the red bull habit. green tea all the way now")
    assert any("bull" in g.lower() for g in gone), gone
    assert any("green tea" in t for t in _active(shared_memory, user))


@pytest.mark.parametrize(("setup", "said", "old"), [
    ("I play cricket", "hung up my cricket boots at the end of the season", "cricket"),
    ("I do zumba", "zumba is done for me, the new instructor is awful", "zumba"),
])
def test_a_sport_hung_up_or_done_for_me_ends(shared_memory: Memory, user: str, setup: str, said: str,
                                            old: str) -> None:
    gone = invalidated_after(shared_memory, user, setup, said)
    assert any(old in g for g in gone), gone


def test_someone_elses_boots_hung_up_are_theirs(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I play cricket", "my dad hung up his cricket boots at 60") == []


@pytest.mark.parametrize("said", ["you can just call me Liz now", "please call me Liz from now on, everyone does",
                                  "I go by Liz these days",
                                  "I've changed my name to Liz Okoro", "got married in june, so it's Liz Okoro now"])
def test_a_new_name_ends_the_old_one(shared_memory: Memory, user: str, said: str) -> None:
    gone = invalidated_after(shared_memory, user, "my name is Elizabeth Hart", said)
    assert any("Elizabeth" in g for g in gone), gone


@pytest.mark.parametrize("said", ["call me crazy but I love it here", "it's Friday now, thank god",
                                  "my friends call me the organiser lol"])
def test_words_that_are_no_name_keep_the_name(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "my name is Elizabeth Hart", said) == []


def test_a_divorce_said_done_ends_the_marriage(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm married to Marek", "our divorce finally came through on monday")
    assert any("Marek" in g for g in gone), gone


@pytest.mark.parametrize("said", ["my brother finalised his divorce last week",
                                  "waiting for the divorce to be final, could be months"])
def test_a_divorce_not_the_speakers_or_not_done_ends_nothing(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "I'm married to Marek", said) == []


def test_the_keys_to_a_place_in_a_town_are_the_new_home(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I live in Wolverhampton",
                             "picked up the keys for our new house in Telford!!")
    assert any("Wolverhampton" in g for g in gone), gone


def test_studies_transferred_to_another_university_are_no_move_home(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I live in Cardiff", "I'm doing my phd at Bristol",
                             "moved my phd over to Bath, my supervisor went there")
    assert any("Bristol" in g for g in gone) and not any("Cardiff" in g for g in gone), gone
    assert not any("uses Bath" in t for t in _active(shared_memory, user)), _active(shared_memory, user)


def test_a_turn_that_says_two_cars_keeps_the_first(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I've got a Skoda Octavia",
                             "bought a cheap Yaris for my son to learn in. is it dearer to insure both cars?")
    assert gone == [], gone


def test_a_pet_introduced_as_new_is_one_more_pet(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "our dog is called Bramble",
                             "say hello to Fudge, our new puppy 🐶 Bramble is being very patient with him")
    assert gone == [], gone
    assert any("Fudge" in t for t in _active(shared_memory, user))


def test_a_pet_met_with_no_word_of_new_is_still_named(shared_memory: Memory, user: str) -> None:
    shared_memory.add("meet Tilly 🐶 she's the best girl", user_id=user)
    assert any("dog is called Tilly" in t for t in _active(shared_memory, user)), _active(shared_memory, user)


def test_a_move_up_north_to_a_town_is_a_move(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my cousin Sam lives in Brighton", "Sam's moved up north to York")
    assert any("Brighton" in g for g in gone), gone


def test_a_thing_got_for_oneself_is_the_thing(rules: RuleExtractor) -> None:
    assert any("car" in (f.slot or "") for f in facts_of(rules, "my mum bought herself a Mini Cooper"))


def test_teaching_oneself_is_still_learning(rules: RuleExtractor) -> None:
    assert not any((f.slot or "").endswith("occupation") for f in facts_of(rules, "I'm teaching myself the banjo"))


def test_a_child_said_by_place_in_the_family_is_the_one_child(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my daughter goes to Meadowbank",
                             "our eldest has moved up to Kingsford Academy")
    assert any("Meadowbank" in g for g in gone), gone


def test_a_child_by_place_is_no_one_when_there_are_two(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my daughter goes to Meadowbank", "my son is at Fairfield",
                             "our eldest has moved up to Kingsford Academy")
    assert gone == [], gone


def test_not_the_old_value_then_the_new_one_is_a_correction(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I play the oboe", "not oboe, clarinet! autocorrect hates me")
    assert any("oboe" in g for g in gone), gone


def test_not_sure_then_a_place_corrects_nothing(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I live in Leeds", "not sure, maybe we'll go to York") == []


@pytest.mark.parametrize(("setup", "said", "old"), [
    ("I love Grey's Anatomy", "Grey's Anatomy lost me years ago, couldn't tell you what happens now", "Grey"),
    ("I love the Premier League", "the Premier League has gone downhill, all money now", "Premier League"),
    ("I like cycling", "cycling is such a chore now with the hills round here", "cycling"),
    ("I love horror films", "horror films have started freaking me out since the baby", "horror"),
    ("I love Ed Sheeran", "I've outgrown Ed Sheeran if I'm being honest, it's all Fontaines now", "Ed Sheeran"),
])
def test_a_stance_said_by_an_idiom_ends_the_old_one(shared_memory: Memory, user: str, setup: str, said: str,
                                                    old: str) -> None:
    gone = invalidated_after(shared_memory, user, setup, said)
    assert any(old in g for g in gone), gone


def test_looking_forward_to_a_thing_now_turns_a_dislike(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I hate swimming", "weirdly I'm looking forward to swimming now")
    assert any("swimming" in g for g in gone), gone


def test_looking_forward_to_an_occasion_is_no_stance(rules: RuleExtractor) -> None:
    assert not any("|stance|" in (f.slot or "") for f in facts_of(rules, "I'm looking forward to the weekend"))


def test_what_one_has_been_listening_to_and_loves_is_liked(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I can't stand opera",
                             "don't judge me but I've been listening to loads of opera lately and I love it")
    assert any("opera" in g for g in gone), gone


@pytest.mark.parametrize("said", ["I'm not nursing anymore, moved into admin", "I don't nurse any more"])
def test_work_said_only_as_work_stopped_ends_the_post(shared_memory: Memory, user: str, said: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm a nurse", said)
    assert any("nurse" in g for g in gone), gone


@pytest.mark.parametrize("said", ["I don't teach on mondays", "I'm not cooking anymore, takeaways all week lol"])
def test_a_day_off_or_a_chore_stopped_keeps_the_post(shared_memory: Memory, user: str, said: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm a teacher", said)
    assert not any("teacher" in g for g in gone), gone


def test_a_pet_one_no_longer_has_is_gone(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "we have a rabbit called Clover",
                             "we don't have Clover any more, she lives at my sister's farm now")
    assert any("Clover" in g for g in gone), gone


def test_a_thing_of_the_pets_one_no_longer_has_keeps_the_pet(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "we have a rabbit called Clover",
                             "I don't have Clover's hutch anymore, she lives indoors")
    assert gone == [], gone


@pytest.mark.parametrize(("setup", "said", "old"), [
    ("I drink coffee", "I don't drink coffee after 3pm, I can't sleep", "coffee"),
    ("I work at the library", "I don't work at the library on saturdays", "library"),
])
def test_a_negation_kept_to_some_days_or_hours_ends_nothing(shared_memory: Memory, user: str, setup: str, said: str,
                                                             old: str) -> None:
    assert not any(old in g for g in invalidated_after(shared_memory, user, setup, said))


def test_a_day_said_once_is_no_days_kept(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my dad is a postman", "dad retired on friday after 40 years!")
    assert any("postman" in g for g in gone), gone


def test_a_language_ditched_for_another_is_a_switch(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "we use Go at work",
                             "team update: we ditched Go for Elixir on the payments service")
    assert any("Go" in g for g in gone), gone
    assert any("Elixir" in t for t in _active(shared_memory, user))


def test_it_after_a_swap_is_the_new_one(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "we ditched Python for Kotlin on the new service, I'm loving it")
    assert not any("loving" in t and "Python" in t for t in texts), texts
    assert any("loving" in t and "Kotlin" in t for t in texts), texts


def test_people_dropped_off_are_no_swap(rules: RuleExtractor) -> None:
    assert not any((f.slot or "").startswith("user|tools") for f in facts_of(
        rules, "dropped the kids at my mum's for a sleepover"))


def test_running_on_a_drink_is_a_drink_caffeine_ends(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I basically run on flat whites", "I've cut out caffeine completely")
    assert any("flat whites" in g for g in gone), gone


@pytest.mark.parametrize(("setup", "said", "old"), [
    ("I'm a trainee surveyor", "finally qualified as a surveyor!!", "trainee"),
    ("I'm a junior architect", "I qualified as an architect last week, no more junior", "junior"),
    ("I'm a receptionist", "retrained and qualified as a dental nurse in the spring", "receptionist"),
])
def test_qualifying_ends_the_trainee_post(shared_memory: Memory, user: str, setup: str, said: str, old: str) -> None:
    gone = invalidated_after(shared_memory, user, setup, said)
    assert any(old in g for g in gone), gone


def test_the_year_one_qualified_keeps_the_post(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "I'm a pharmacist", "I qualified as a pharmacist in 2012") == []


def test_a_new_job_ends_being_unemployed(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "I'm currently unemployed",
                             "got a job at last!! I'm a delivery driver now")
    assert any("unemployed" in g for g in gone), gone


@pytest.mark.parametrize("said", ["Aldi is officially behind me, first week at Lidl done",
                                  "they let most of us go in the restructure, job hunting again"])
def test_a_workplace_behind_one_or_a_team_let_go_ends_the_job(shared_memory: Memory, user: str, said: str) -> None:
    first = "I work at Aldi" if "Aldi" in said else "I work at Boots"
    gone = invalidated_after(shared_memory, user, first, said)
    assert any(first.split()[-1] in g for g in gone), gone


@pytest.mark.parametrize("said", ["the exam is behind me now, phew", "they let half of us go home early"])
def test_an_exam_behind_one_or_an_early_finish_keeps_the_job(shared_memory: Memory, user: str, said: str) -> None:
    assert invalidated_after(shared_memory, user, "I work at Boots", said) == []
