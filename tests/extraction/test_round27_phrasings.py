"""Session 27's trial conversations (pipelines/trials/dev7, written by someone who never saw the code): notices
handed in, first weeks at a new place, promotions said in the passive, a name that takes a job, a make's model,
a city that is also a make, prescriptions for someone else, kin said the way chat says them, and requests in
many Englishes that are not memories."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import is_question_or_request
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import slots_of as _slots
from tests.extraction.said import texts_of as _texts
from tests.extraction.said import top_after as _top

# -- jobs -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("said", [
    "handed my notice in at the cafe today, last day is friday",
    "finally handed in my notice",
    "put my notice in at work this morning",
    "gave my notice at the cafe yesterday",
])
def test_a_notice_handed_in_ends_the_job(shared_memory: Memory, user: str, said: str) -> None:
    top = _top(shared_memory, user, "where do i work", "I work at the cafe on Main Street.", said)
    assert "notice" in top[0]["memory"].lower(), top


def test_a_notice_to_the_landlord_is_no_job_quit(rules: RuleExtractor) -> None:
    facts = _facts(rules, "I work at the cafe.", "I gave notice to my landlord today")
    assert not any(f.negated and f.slot is None and "employer" in f.rule for f in facts[1:]), [
        (f.text, f.rule) for f in facts]


@pytest.mark.parametrize(("said", "place"), [
    ("first week at the new practice in Portobello done. miss the old team", "new practice"),
    ("we're here in Houston, first week of orientation at Memorial Hermann done", "memorial hermann"),
])
def test_a_first_week_somewhere_new_is_where_one_works(rules: RuleExtractor, said: str, place: str) -> None:
    facts = [f for f in _facts(rules, said) if f.slot == "user|employer"]
    assert facts and facts[0].object_key == place, [(f.text, f.slot) for f in _facts(rules, said)]


def test_a_first_week_done_for_a_son_is_his(rules: RuleExtractor) -> None:
    assert "user|employer" not in _slots(rules, "first week at the new school done for my son")


def test_a_first_week_as_a_role_somewhere_states_both(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work now", "I'm sous chef at Halsted Prime, a steakhouse",
               "first week as head chef at Casa Lumbre done. feet are dead")
    assert "casa lumbre" in top[0]["memory"].lower(), top


@pytest.mark.parametrize("said", [
    "Good news, I have been promoted to programme coordinator!",
    "I have been made programme coordinator from this quarter",
])
def test_a_promotion_said_in_the_passive_is_the_new_post(rules: RuleExtractor, said: str) -> None:
    slots = _slots(rules, said)
    assert "coordinator" in slots.get("user|occupation", "").lower(), slots


def test_being_made_aware_is_no_post(rules: RuleExtractor) -> None:
    assert "user|occupation" not in _slots(rules, "I've been made aware of it")


def test_an_intern_in_an_agency_answers_where_one_works(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work now",
               "I live in Clayton and work part time in a bubble tea shop in Box Hill",
               "I got new job!! Now I am intern in a marketing agency in the CBD. I already quit the shop job")
    assert "agency" in top[0]["memory"].lower(), top


def test_a_name_that_takes_a_job_is_a_person(rules: RuleExtractor) -> None:
    assert _slots(rules, "Hartley has taken a job at ETH Zurich").get("hartley|employer"), _texts(
        rules, "Hartley has taken a job at ETH Zurich")


def test_a_sister_said_as_sis_takes_her_new_job_and_flat(rules: RuleExtractor) -> None:
    slots = _slots(rules, "sis Tui started at Fonterra in Auckland this week, finally got out of banking. she's "
                          "flatting in Grey Lynn")
    assert "fonterra" in slots.get("tui|employer", "").lower(), slots
    assert "grey lynn" in slots.get("tui|residence", "").lower(), slots


def test_a_partner_who_got_a_job_is_he_after_me_and_him(rules: RuleExtractor) -> None:
    slots = _slots(rules, "me and Callum are in a tiny flat but he's got the job at the council in Edinburgh")
    assert "council" in slots.get("callum|employer", "").lower(), slots


def test_a_possessor_is_who_he_is(rules: RuleExtractor) -> None:
    slots = _slots(rules, "I got a puppy! I've named him Rudy.",
                   "Greg's divorce is final and he's moving back east, he's got a job at the shipyard in Halifax.")
    assert "shipyard" in slots.get("greg|employer", ""), slots
    assert "user|partner" not in slots, slots  # Greg's divorce, not the speaker's


def test_a_whole_suite_moved_to_a_tool_is_no_new_home(rules: RuleExtractor) -> None:
    slots = _slots(rules, "we use Selenium for the automation",
                   "we finally moved the whole automation suite to Playwright, the old framework is gone")
    assert "user|residence" not in slots, slots


def test_a_test_tool_replaces_the_test_tool(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what test automation tool do we use", "we use Selenium for the automation",
               "we finally moved the whole automation suite to Playwright")
    assert "playwright" in top[0]["memory"].lower(), top


def test_a_sisters_tool_is_not_replaced_by_the_speakers(shared_memory: Memory, user: str) -> None:
    for said in ("my sister uses notion for notes", "these days i use obsidian for notes"):
        shared_memory.add(said, user_id=user)
    now = [r["memory"].lower() for r in shared_memory.get_all(user_id=user)["results"]]
    assert any("notion" in m for m in now), now


# -- things, homes, health ------------------------------------------------------------------------------------


def test_a_makes_model_is_a_car_not_a_job(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Sold the hatchback. Got a Ford Ranger off a mate, better for the drive down south.")
    assert "user|occupation" not in slots and "ranger" in slots.get("user|car", "").lower(), slots


def test_a_phone_bought_for_the_speaker_is_theirs(rules: RuleExtractor) -> None:
    slots = _slots(rules, "my phone screen crack so my dad bought me a samsung galaxy A55!!")
    assert "samsung" in slots.get("user|phone", "").lower(), slots


def test_a_coffee_bought_for_the_speaker_is_no_possession(rules: RuleExtractor) -> None:
    assert not any(s.startswith("user|owns") for s in _slots(rules, "she got me a coffee this morning"))


def test_a_city_that_is_also_a_make_is_a_home(rules: RuleExtractor) -> None:
    slots = _slots(rules, "We moved, now we are living in Kawasaki because Tokyo rent is too high")
    assert slots.get("user|residence", "").endswith("Kawasaki"), slots


def test_a_parent_back_home_lives_there(rules: RuleExtractor) -> None:
    slots = _slots(rules, "my dad back in Seattle says hi")
    assert "seattle" in slots.get("user's dad|residence", "").lower(), slots


def test_here_in_a_city_is_where_the_speaker_lives_unless_visiting(rules: RuleExtractor) -> None:
    assert "user|residence" in _slots(rules, "I am a social worker with a children's charity here in Nairobi")
    assert "user|residence" not in _slots(rules, "I'm here in Paris for a conference")


def test_been_somewhere_a_week_realises_the_planned_move(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where am i based now", "Im a corporal in the Royal Signals, based at Catterick",
               "Got my posting order through. Moving to Tidworth in March.",
               "Posting done, been at Tidworth a week now, new unit's sound.")
    assert "tidworth" in top[0]["memory"].lower() and "moving" not in top[0]["memory"].lower(), top


def test_a_doctor_putting_someone_on_a_medicine_replaces_the_old_pill(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what blood pressure medicine is darlene on",
               "my wife Darlene's on lisinopril for her blood pressure",
               "doc put Darlene on losartan now instead of the old pill")
    assert "losartan" in top[0]["memory"].lower(), top


def test_from_next_month_is_a_plan(rules: RuleExtractor) -> None:
    assert "user|occupation" not in _slots(rules, "From next month I am freelancer.")


# -- people -------------------------------------------------------------------------------------------------------


def test_she_said_yes_to_the_one_asked(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Asked Becky to marry me on leave, she said yes. Chuffed.")
    assert "becky" in slots.get("user|partner", "").lower(), slots


def test_kinda_a_thing_now_with_someone_named(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "who am i seeing", "me n jade are done lol",
               "been talking to this girl sam from discord shes from leeds were kinda a thing now")
    assert "sam" in top[0]["memory"].lower(), top


def test_the_cat_of_the_speakers_own_day_is_theirs(rules: RuleExtractor) -> None:
    slots = _slots(rules, "boxes everywhere in the new flat and the cat won't come out from under the bed",
                   "her name's Tattie by the way lol")
    assert "tattie" in slots.get("user's cat|name", "").lower(), slots


def test_a_breed_cross_is_no_name(rules: RuleExtractor) -> None:
    texts = _texts(rules, "got a new pup! huntaway cross, 10 weeks, the kids named her Pavlova")
    assert not any("named Cross" in t for t in texts) and any("Pavlova" in t for t in texts), texts


def test_doing_nights_is_no_hobby(rules: RuleExtractor) -> None:
    assert not any("hobbies" in s for s in _slots(rules, "Maya is doing nights this month"))


# -- not memories -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("said", [
    "hiya, can ye help me write a wee leaving card for a colleague",
    "can help me write a short speech for the class farewell",
    "abeg help me write a bug report for this issue",  # (after "good morning o.", a sentence of its own)
    "Kindly make it more crisp",
    "Suggest a weekend getaway near Nairobi for a couple, not too expensive.",
    "Shorter please.",
    "Whats Tidworth like to live in",
])
def test_requests_in_many_englishes_are_not_memories(said: str) -> None:
    from mem_graph.extract.chat import spell_out

    assert is_question_or_request(spell_out(said)), said



def test_a_pet_named_after_talk_of_a_son_is_the_pet(rules: RuleExtractor) -> None:
    slots = _slots(rules, "My son Greg is going through a divorce out in Calgary",
                   "Well I went and did it, I got a puppy! I've named him Rudy.")
    assert "rudy" in slots.get("user's puppy|name", "").lower(), slots


def test_a_pet_one_would_name_is_no_pet_named(rules: RuleExtractor) -> None:
    slots = _slots(rules, "I have a cat called Misty", "if I get a dog I'll name him Rex")
    assert not any("rex" in t.lower() for s, t in slots.items() if s.endswith("|name")), slots


def test_a_planned_post_that_came_true_says_where(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work now", "i'm a paramedic in Leeds",
               "handed my notice in at the ambulance service, starting as a practice nurse at a GP surgery next month",
               "first week at the surgery done!! so much calmer")
    assert "surgery" in top[0]["memory"].lower(), top


def test_a_statement_aside_a_request_about_someone_named_is_read(rules: RuleExtractor) -> None:
    slots = _slots(rules, "can you suggest a birthday present for Dev, he's into bouldering")
    assert "bouldering" in slots.get("dev|stance|bouldering", "").lower(), slots
