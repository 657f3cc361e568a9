"""Session 29's blind data (pipelines/trials/dev9, written by a helper who never saw the code): greetings of many
Englishes before a request, a "he" that means the dad just told, a kitten named without a subject, a medicine
switched to, a major changed, who someone is, and readings that were wrong (a visit to the doctor as the
speaker's job, "12 weeks pregnant" as an age, a job's place as the end of a daughter's move)."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import is_question_or_request
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import slots_of as _slots
from tests.extraction.said import top_after as _top


def _values(rules: RuleExtractor, *lines: str) -> dict[str, str | None]:
    """Each slotted, positive, present fact's value by its slot."""
    return {f.slot: f.object_key for f in _facts(rules, *lines) if f.slot and not f.negated and f.tense == "present"}


# -- requests and how a line opens --------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "kia ora, can you help me write a flyer for our kapa haka fundraiser",
    "hey sugar, can you give me a good pound cake recipe for church homecoming sunday?",
    "assalam o alaikum, please help me make a study timetable",
    "hi there, can you help me with my essay",
])
def test_a_greeting_before_a_request_is_still_a_request(said: str) -> None:
    assert is_question_or_request(said)


def test_a_statement_is_no_request_for_a_word_a_greeting_uses(rules: RuleExtractor) -> None:
    assert not is_question_or_request("I love sugar in my tea")


def test_tips_asked_after_a_comma_leave_the_statement(rules: RuleExtractor) -> None:
    slots = _slots(rules, "also started roller derby w the brisbane city rollers, fresh meat intake, any tips on "
                          "falling without dying")
    assert "user|hobbies|roller derby" in slots, slots


def test_a_line_opening_also_my_is_a_clause_of_its_own(rules: RuleExtractor) -> None:
    values = _values(rules, "ok officially quit hockey, told my dad. whats a beginner finger training thing",
                     "also my mom got me a pixel 8 for my bday, my old iphone 11 screen was shattered")
    assert (values.get("user|phone") or "").startswith("pixel"), values


def test_a_naming_said_without_its_subject(rules: RuleExtractor) -> None:
    values = _values(rules, "i came home with a kitten 🙈 black & white, 10 weeks. calling her Pickle")
    assert values.get("user's kitten|name") == "pickle", values


@pytest.mark.parametrize(("said", "slot"), [
    ("well that's me officially retired. feels weird no setting an alarm", "user|occupation"),
    ("done w hockey honestly", "user|stance|hockey"),
])
def test_scots_and_chat_shorthand(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in _slots(rules, said)


def test_the_wife_is_the_speakers_wife(rules: RuleExtractor) -> None:
    texts = [f.text for f in _facts(rules, "the wife moira is still at the council til next year")]
    assert any(t.startswith("User's wife") for t in texts), texts


def test_a_wife_said_without_my(rules: RuleExtractor) -> None:
    texts = [f.text for f in _facts(rules, "wife (mei ling) is 12 weeks pregnant!! first baby")]
    assert any(t.startswith("User's wife") for t in texts), texts


# -- who "he" is, whose a thing is ----------------------------------------------------------------------------------

def test_he_after_telling_my_dad_is_the_dad(rules: RuleExtractor) -> None:
    texts = [f.text for f in _facts(rules, "been going to the bouldering gym w my friend jayden",
                                    "ok officially quit hockey, told my dad. hes kinda mad cuz he paid for the gear")]
    assert any(t.startswith("User's dad") for t in texts) and not any(t.startswith("Jayden") for t in texts), texts


def test_a_friend_getting_me_into_a_sport_is_my_interest(rules: RuleExtractor) -> None:
    slots = _slots(rules, "my pal tam's got me into the lawn bowls at the club in bearsden")
    assert any(s.startswith("user|") and s.endswith("|lawn bowls") for s in slots), slots
    assert not any(s.startswith("tam|") for s in slots), slots


def test_moving_in_somewhere_together_is_a_home(rules: RuleExtractor) -> None:
    values = _values(rules, "me n josh just moved into a rental in paddington together!!")
    assert values.get("user|residence") == "paddington", values


# -- births, medicines, study, work --------------------------------------------------------------------------------

def test_a_baby_girl_named_at_birth_is_a_daughter(rules: RuleExtractor) -> None:
    texts = [f.text for f in _facts(rules, "she's here!! our baby girl Naledi, born tuesday 3.2kg.")]
    assert any("daughter named Naledi" in t for t in texts) and not any("Girl" in t for t in texts), texts


def test_a_medicine_switched_to_replaces_the_one_before(shared_memory: Memory, user: str) -> None:
    shared_memory.add("doctor done put me on lisinopril for my blood pressure, 10mg", user_id=user)
    shared_memory.add("that lisinopril gave me a dry cough. doc took me off it tuesday and switched me to "
                      "amlodipine 5mg", user_id=user)
    current = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"] if m.get("layer") != "episodic"]
    assert any("Amlodipine" in m for m in current) and not any("on lisinopril" in m for m in current), current


def test_a_major_changed_after_another_clause(rules: RuleExtractor) -> None:
    values = _values(rules, "went to the advisor, officially changed my major to nursing!! mama cried")
    assert values.get("user|field_of_study") == "nursing" and "user|occupation" not in values, values


def test_a_major_at_a_university_is_a_school(rules: RuleExtractor) -> None:
    values = _values(rules, "im a freshman engineering major at texas tech")
    assert values.get("user|school") == "texas tech" and "user|employer" not in values, values


@pytest.mark.parametrize("said", ["I went to the doctor yesterday", "went to the advisor about my classes"])
def test_visiting_someone_is_no_job(rules: RuleExtractor, said: str) -> None:
    assert "user|occupation" not in _slots(rules, said)


def test_a_transfer_to_a_workplace_is_where_one_works(rules: RuleExtractor) -> None:
    assert _values(rules, "I transferred to the tauranga city library").get("user|employer")


def test_weeks_pregnant_is_no_age(rules: RuleExtractor) -> None:
    assert not any(s.endswith("|age") for s in _slots(rules, "my wife is 12 weeks pregnant"))


def test_a_job_said_with_a_place_does_not_end_the_move_there(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my daughter cerys is moving out to perth in australia, got a job as a physio out there",
                      user_id=user)
    current = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]]
    assert any("moving out to Perth" in m for m in current), current


# -- search ---------------------------------------------------------------------------------------------------------

def test_who_someone_is_answers_with_what_they_are_to_the_user(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "who is isla",
               "my granddaughter Isla has set me up with this ipad and says i can type to you",
               "Isla is off to university in Aberdeen in september to do vet medicine")
    assert "granddaughter" in top[0]["memory"], top


# -- the blind reconciliation cases: stances, sports by their kind, drinks, homes at a relative's -------------------

@pytest.mark.parametrize(("said", "slot", "polarity"), [
    ("honestly gone right off true crime, it started making me anxious", "user|stance|true crime", -1),
    ("I find country music unbearable and my dad plays it nonstop in the car", "user|stance|country music", -1),
    ("mushrooms are the devil's food, please leave them out of the risotto", "user|stance|mushrooms", -1),
    ("tiktok is such a waste of time, im so over it", "user|stance|tiktok", -1),
    ("honestly working from home is the best thing that's ever happened to me", "user|stance|working from home", 1),
])
def test_stances_said_as_people_say_them(rules: RuleExtractor, said: str, slot: str, polarity: int) -> None:
    found = {f.slot: f.polarity for f in _facts(rules, said) if f.slot}
    assert found.get(slot) == polarity, found


def test_over_a_thing_is_no_nationality(rules: RuleExtractor) -> None:
    assert "user|nationality" not in _slots(rules, "tiktok is such a waste of time, im so over it")


@pytest.mark.parametrize(("before", "after", "gone"), [
    ("I play five a side every tuesday", "no more football for me after the ACL thing, swimming instead",
     "five a side"),
    ("I boulder 3x a week at The Castle", "since the shoulder surgery i've had to give up climbing completely",
     "boulder"),
    ("my go-to is an oat flat white", "switched to iced matcha lattes, can't do coffee anymore", "flat white"),
    ("sushi is my absolute fav food", "got food poisoning from dodgy sushi and now I can't even look at it",
     "favourite"),
    ("me n josh just moved into a rental in paddington together!!", "back at mums. my brother has my old room",
     "paddington"),
])
def test_a_change_said_by_kind_ends_the_old_value(shared_memory: Memory, user: str, before: str, after: str,
                                                  gone: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    current = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]
               if m.get("layer") != "episodic" and m.get("polarity", 1) > 0]
    assert not any(gone in m.lower() for m in current), current


def test_a_proposal_by_name_is_an_engagement(rules: RuleExtractor) -> None:
    assert _values(rules, "so... marcus proposed last night!!! at the pickleball court lol").get(
        "user|partner") == "marcus"


@pytest.mark.parametrize("said", ["Jake proposed a toast at dinner", "my sister's boyfriend Tom proposed last night"])
def test_someone_elses_proposal_is_no_engagement_of_the_speaker(rules: RuleExtractor, said: str) -> None:
    assert "user|partner" not in _slots(rules, said)


def test_a_nikah_after_a_rishta_is_a_marriage_to_him(shared_memory: Memory, user: str) -> None:
    shared_memory.add("exams done alhamdulillah. also my rishta with Hamza is finalized", user_id=user)
    shared_memory.add("nikah done!!! 🥹 now im shifting to islamabad with hamza", user_id=user)
    current = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"] if m.get("layer") != "episodic"]
    assert "User is married to Hamza now" in current, current


def test_first_month_freelance_is_freelancing(rules: RuleExtractor) -> None:
    assert _values(rules, "first month freelance. I have 2 clients already").get("user|occupation") == "freelancer"


@pytest.mark.parametrize("said", ["need a quote template for a kitchen fit", "I need help with a presentation"])
def test_asking_for_something_made_is_a_request(said: str) -> None:
    assert is_question_or_request(said)


def test_needing_a_thing_is_no_request(rules: RuleExtractor) -> None:
    assert not is_question_or_request("I need a new car")


def test_the_sessions_own_try_a_terrace_bought_and_a_fella(rules: RuleExtractor) -> None:
    """The session's own user try: a home bought as a terrace, a partner said as "my fella"."""
    values = _values(rules, "my fella Dom does most of the cooking tbh",
                     "and we've moved, finally out of the flat, bought a terrace in Meanwood 🏡")
    assert values.get("user|residence") == "meanwood", values
    texts = [f.text for f in _facts(rules, "my fella Dom does most of the cooking tbh")]
    assert any(t.startswith("User's partner") for t in texts), texts
