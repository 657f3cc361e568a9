"""Session 26's trial conversations (pipelines/trials/dev6, written by someone who never saw the code): who a
"he" or "she" is (a pet that was the subject, a man's or a woman's name, a kin's name the tagger calls a place),
jobs got and quit the way people shout it, trucks and tractors traded, pets let go, Indian English moves."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import slots_of as _slots
from tests.extraction.said import texts_of as _texts
from tests.extraction.said import top_after as _top

# -- who "he" and "she" are ------------------------------------------------------------------------------------

def test_she_after_a_pet_that_was_the_subject_is_the_pet_not_a_grandson(shared_memory: Memory, user: str) -> None:
    for turn in ("My grandson Oliver is turning eleven next month. He's mad about chess at the moment.",
                 "Also our old spaniel Poppy has been off her food for a few days. She's 14, so I am trying not to "
                 "worry."):
        shared_memory.add(turn, user_id=user)
    said = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert "Poppy is 14" in said, said
    assert not any(t.startswith("Oliver is 14") for t in said), said


def test_he_after_a_womans_name_is_not_her(rules: RuleExtractor) -> None:
    texts = _texts(rules, "Sarah left for a startup :( Tomasz from the platform team is my manager now. he's big on "
                          "RFCs.")
    assert "Tomasz is big on RFCs" in texts, texts
    assert not any(t.startswith("Sarah is big") for t in texts), texts


def test_a_sons_name_the_tagger_calls_a_place_is_still_who_he_is(rules: RuleExtractor) -> None:
    facts = _facts(rules, "I am from Kharkiv, now I live in Dublin with my son Maksym.",
                   "Maksym is 9, he play football in club on Saturdays.")
    assert "maksym|hobbies|football" in {f.slot for f in facts}, [f.text for f in facts]
    assert not any(f.subject_key == "kharkiv" for f in facts), [f.text for f in facts]


def test_an_acronym_is_no_he(rules: RuleExtractor) -> None:
    texts = _texts(rules, "I live in Dublin with my son Maksym.", "Good news!! PSI recognised my qualification.",
                   "We are in Galway now. Maksym start new school, he is little bit sad")
    assert not any("PSI is" in t for t in texts), texts


def test_sorry_for_my_english_is_no_name(rules: RuleExtractor) -> None:
    assert "user|name" not in _slots(rules, "Sorry for my English, I speak Ukrainian and Russian.")
    assert "user|name" in _slots(rules, "I'm Mei btw")


# -- jobs, managers, schools -----------------------------------------------------------------------------------

def test_a_job_got_in_capitals_and_the_old_one_told_im_done(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work now",
               "i currently work at papa johns on weekends but the manager is so annoying",
               "GOT THE ODEON JOB. told papa johns im done, last shift was sat and honestly good riddance")
    assert "odeon" in top[0]["memory"].lower(), top


def test_a_news_lead_is_nobody_who_got_the_job(rules: RuleExtractor) -> None:
    slots = _slots(rules, "ok huge news, got the Waterstones job!! handed my notice in at the cafe yesterday")
    assert "Waterstones" in slots.get("user|employer", ""), slots


@pytest.mark.parametrize("said", ["I got the teaching job!", "got the dream job", "told him im done"])
def test_a_post_or_a_person_is_no_workplace_got_or_quit(rules: RuleExtractor, said: str) -> None:
    assert "user|employer" not in _slots(rules, said)


def test_a_truckers_running_for_a_carrier_is_a_job_not_a_run(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Got my own authority. Running under Red Oak Logistics now, my own outfit.")
    assert "user|employer" in slots and "user|hobbies|running" not in slots, slots


def test_who_my_manager_is_after_the_old_one_left(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "who's my manager now",
               "my manager Sarah wants everyone to write a short year in review",
               "Sarah left for a startup :( Tomasz from the platform team is my manager now.")
    assert "Tomasz" in top[0]["memory"], top


@pytest.mark.parametrize("said, slot", [
    (("My granddaughter Zoe just started her freshman year at Ohio State.",), "zoe|school"),
    (("My grandson Oliver is mad about chess.", "Oliver has started at secondary school now, Cotham"),
     "oliver|school")])
def test_a_year_or_a_school_a_grandchild_started_is_a_school_not_a_job(rules: RuleExtractor, said: tuple[str, ...],
                                                                      slot: str) -> None:
    slots = _slots(rules, *said)
    assert slot in slots and not any(s.endswith("|employer") for s in slots), slots


# -- things and pets -------------------------------------------------------------------------------------------

def test_turning_a_truck_back_in_is_no_birthday(shared_memory: Memory, user: str) -> None:
    for turn in ("I'm 52 and I drive a Freightliner for Miller Transport",
                 "Turned the Freightliner back in to Miller and bought a 2019 Peterbilt 579."):
        shared_memory.add(turn, user_id=user)
    active = {r.get("slot"): r["memory"] for r in shared_memory.get_all(user_id=user)["results"]}
    assert active.get("user|age") == "User is 52", active
    assert "Peterbilt" in active.get("user|car", ""), active


@pytest.mark.parametrize("said", ["Sad news. We had to let Poppy go on Thursday. The vet was very kind.",
                                  "The vet said it was time. We said goodbye to Poppy on Sunday.",
                                  "Sad news, our old spaniel Poppy had to be put to sleep on Tuesday.",
                                  "our old spaniel Poppy was put down on Tuesday."])
def test_a_pet_let_go_is_a_pet_that_died(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, "our old spaniel Poppy has been off her food.", said)
    assert any(f.rule.endswith("pets.died") and "Poppy" in f.text for f in facts), [f.text for f in facts]


def test_a_pet_first_named_as_it_was_let_go(rules: RuleExtractor) -> None:
    facts = _facts(rules, "also we had to let our old cat Tilly go on saturday. the vet was so kind about it")
    assert [f.text for f in facts if f.rule.endswith("pets.died")] == ["User's cat Tilly died"], [f.text for f in facts]


def test_letting_someone_go_at_work_is_no_death(rules: RuleExtractor) -> None:
    facts = _facts(rules, "We had to let Dave go on Thursday, sales are down.")
    assert not any(f.rule.endswith(".died") for f in facts), [f.text for f in facts]


def test_a_tabby_is_the_cat_asked_for(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what's our cat called",
               "Our daughter brought round a little rescue cat from the shelter to keep us company. A tabby, we've "
               "called her Smudge.")
    assert "Smudge" in top[0]["memory"], top


def test_a_medicine_the_doctor_started_me_on(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Saw Dr. Patel today. The metformin was giving me stomach trouble, so she took me off it "
                          "and started me on Ozempic, the weekly shot.")
    assert "user|medication|ozempic" in slots, slots
    assert not any(s.startswith("user|medication") for s in _slots(rules, "they put me on hold for an hour"))


def test_a_tool_ditched_for_another(rules: RuleExtractor) -> None:
    assert "user|tools|linear" in _slots(rules, "also we ditched jira for linear last week")


# -- homes -----------------------------------------------------------------------------------------------------

def test_back_from_a_honeymoon_is_no_home(rules: RuleExtractor) -> None:
    assert "user|residence" not in _slots(rules, "Wedding is done, we are back from honeymoon in Bali.")
    assert "user|residence" in _slots(rules, "I'm back in London now for good")


@pytest.mark.parametrize("said, slot", [("Shifted to Hyderabad last week, took a 2BHK in Gachibowli.",
                                         "user|residence"), ("we shifted to nights", None)])
def test_shifted_to_a_city_is_a_move(rules: RuleExtractor, said: str, slot: str | None) -> None:
    slots = _slots(rules, said)
    assert (slot in slots) if slot else "user|residence" not in slots, slots
