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


@pytest.mark.parametrize("said, condition", [
    ("so i got diagnosed coeliac 🙃 no more proper bread", "coeliac"),
    ("doctor said prediabetic, cut sugar and white rice", "prediabetic"),
    ("turns out I'm coeliac", "coeliac"),
])
def test_a_condition_said_in_passing_is_a_health_condition(rules: RuleExtractor, said: str, condition: str) -> None:
    facts = _facts(rules, said)
    assert any(s == f"user|health_condition|{condition}" for _, s in facts), facts


def test_a_cold_is_no_health_condition(rules: RuleExtractor) -> None:
    assert not [s for _, s in _facts(rules, "I'm cold") if s and "health" in s]


@pytest.mark.parametrize("said", [
    "biscuit didn't wake up this morning. she was 14. house is so quiet",
    "biscuit didn't make it through the night 💔",
    "Biscuit crossed the rainbow bridge last night",
    "had to say goodbye to biscuit today",
])
def test_a_pet_that_did_not_wake_up_died(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, said, "my dog biscuit is sprawled across my legs")
    assert any(s == "user|pets|biscuit" and "died" in t for t, s in facts), facts


def test_a_pet_that_did_not_make_it_to_the_vet_is_alive(rules: RuleExtractor) -> None:
    facts = _facts(rules, "biscuit didn't make it to the vet in time", "my dog biscuit is sprawled across my legs")
    assert not [t for t, _ in facts if "died" in t], facts


@pytest.mark.parametrize("said, pet", [
    ("went to the rescue centre and came home with a little border terrier", "terrier"),
    ("we brought home a kitten", "kitten"),
])
def test_a_pet_brought_home_is_a_pet(rules: RuleExtractor, said: str, pet: str) -> None:
    assert any(s and s.startswith("user|pets|") and pet in s for _, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said, slot", [
    ("I'm back in Pune", "user|residence"), ("back in pune. jet lag + humidity lol", "user|residence"),
    ("I'm back in London for the weekend", None),
])
def test_back_in_a_town_is_home_unless_for_a_while(rules: RuleExtractor, said: str, slot: str | None) -> None:
    slots = [s for _, s in _facts(rules, said) if s and s.endswith("|residence")]
    assert slots == ([slot] if slot else []), _facts(rules, said)


def test_a_statement_before_a_tacked_on_question_is_read(rules: RuleExtractor) -> None:
    facts = _facts(rules, "ebba has moved to london for a masters at LSE, i am nervous, is london safe?",
                   "our daughter ebba is coming home from uppsala for midsummer")
    assert any(s == "ebba|residence" and "London" in t for t, s in facts), facts


def test_someone_transferred_to_a_city_lives_there(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Greg got transferred to Vancouver", "My son Greg in Toronto says hi")
    assert any(s == "greg|residence" for _, s in facts), facts


@pytest.mark.parametrize("question, slot", [
    ("is the user in a relationship", "partner"), ("what is the user's relationship status", "partner"),
    ("does the user have a dog", "pets"), ("what health condition does the user have", "health_condition"),
])
def test_questions_about_the_user_read_their_attribute(shared_memory: Memory, question: str, slot: str) -> None:
    from mem_graph.retrieve.asked import QuestionReader

    reader = QuestionReader(shared_memory.embedder)
    asked = reader.read(question, shared_memory.embedder.embed_query(question))
    assert slot in asked.slots and asked.whose == "self", asked


def test_where_the_users_partner_works_is_the_partners_employer(shared_memory: Memory, user: str) -> None:
    shared_memory.add("ciarán (my other half) is at apple over in hollyhill", user_id=user)
    shared_memory.add("ciarán got the job at google so we're moving up to dublin!", user_id=user)
    assert "google" in _top(shared_memory, user, "where does the user's partner work").lower()


@pytest.mark.parametrize("before, said", [
    ("my wife Ana is a nurse", "my wife left me"),
    ("my boyfriend Tom is a chef", "I broke up with my boyfriend"),
    ("Chloe is my girlfriend", "chloe's dumped me. over text. 2 years. whatever man"),
])
def test_a_partner_who_left_is_no_longer_the_partner(shared_memory: Memory, user: str, before: str,
                                                     said: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(said, user_id=user)
    active = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]]
    assert not [t for t in active if t.startswith(("User's wife is", "User's boyfriend is", "User's girlfriend is"))
                or t == "Chloe is User's girlfriend"], active
    assert not [t for t in active if "over text" in t.lower() and "is over" in t.lower()], active


@pytest.mark.parametrize("said, slot, place", [
    ("My son Greg in Toronto says I should get one of those electric ones", "greg|residence", "Toronto"),
    ("my sister in Leeds is pregnant", "user's sister|residence", "Leeds"),
])
def test_a_relative_named_by_their_town_lives_there(rules: RuleExtractor, said: str, slot: str, place: str) -> None:
    assert any(s == slot and place in t for t, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", ["my son paolo graduate college next month in iloilo!!",
                                  "my sister in Leeds for the weekend is fun", "my daughter is in St Mary's"])
def test_a_relative_somewhere_for_a_while_lives_nowhere_new(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s and s.endswith("|residence")], _facts(rules, said)


def test_first_in_the_family_is_no_school(rules: RuleExtractor) -> None:
    facts = _facts(rules, "he is first in our family", "my son Paolo is 22")
    assert not [s for _, s in facts if s and s.endswith("|school")], facts


@pytest.mark.parametrize("said, slot, school", [
    ("leo first week at nan hua primary finish, he love the canteen", "leo|school", "Nan Hua Primary"),
    ("Maya's first day at St Mary's Primary went well", "maya|school", "St Mary's Primary"),
])
def test_a_childs_first_week_at_a_school_is_their_school(rules: RuleExtractor, said: str, slot: str,
                                                         school: str) -> None:
    facts = _facts(rules, said, "my son leo is 5, in kindergarten", "my daughter Maya is 7")
    assert any(s == slot and school in t for t, s in facts), facts


def test_a_transfer_got_is_a_move(rules: RuleExtractor) -> None:
    assert any(s == "anika|school" and "NYU" in t for t, s in _facts(
        rules, "Anika got her transfer to NYU!!", "my daughter Anika is a sophomore at Rutgers"))
    assert not [s for _, s in _facts(rules, "anika got her transfer to nyu", "daughter anika is at rutgers")
                if s and "|tools" in s]


@pytest.mark.parametrize("said, ended", [("finally picked up the model 3 today!! traded the accord in", "accord"),
                                         ("traded in the accord", "accord")])
def test_a_car_traded_in_is_gone(shared_memory: Memory, user: str, said: str, ended: str) -> None:
    shared_memory.add("I drive a Honda Accord", user_id=user)
    shared_memory.add(said, user_id=user)
    active = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]]
    assert not [t for t in active if t == "User drives a Honda Accord"], active


def test_a_car_picked_up_is_no_pastime(rules: RuleExtractor) -> None:
    facts = _facts(rules, "finally picked up the model 3 today!!")
    assert not [s for _, s in facts if s and "|hobbies" in s], facts


@pytest.mark.parametrize("said, slot", [
    ("I'm allergic to shellfish", "user|allergies|shellfish"),
    ("ok BIG news 🎉🎉 i accepted the zalando offer!!! relocating to berlin in march", "user|employer"),
    ("we finally got the keys to the flat in Leeds", "user|residence"),
    ("just closed on a house in Austin", "user|residence"),
    ("popped the question last night, she said yes", "user|partner"),
])
def test_more_ways_of_saying_a_value(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_moving_in_together_names_whom_with_a_name_the_tagger_misreads(rules: RuleExtractor) -> None:
    assert any("Pablo" in t and "together" in t for t, _ in _facts(rules, "Pablo and I finally moved in together"))


def test_a_turn_kept_as_said_matches_the_user_as_their_facts_do(shared_memory: Memory, user: str) -> None:
    """Every fact about the user matches "the user" in a question; a turn the rules could not read must too, or
    any fact outranks it by that word alone (explain shows the keyword share)."""
    for turn in ("i work like cook in a churrascaria here, is very hard work",
                 "now we are in lisboa already 3 week, the apartment in almada is small but ok"):
        shared_memory.add(turn, user_id=user)
    hits = shared_memory.search("where does the user live", user_id=user, limit=5, explain=True)["results"]
    turn = next(h for h in hits if h["memory"].startswith("now we are in lisboa"))
    fact = next(h for h in hits if h["memory"].startswith("User works"))
    assert turn["explain"]["keyword"] > 0.5 * fact["explain"]["keyword"] > 0, hits


def test_a_request_opened_by_a_greeting_is_no_fact(rules: RuleExtractor) -> None:
    facts = _facts(rules, "hiii can u help me write a leave application")
    assert not facts, facts


def test_she_is_not_the_boyfriend_named_before(rules: RuleExtractor) -> None:
    facts = _facts(rules, "biscuit didn't wake up this morning. she was 14", "my bf tom is sooo stressed abt work")
    assert not [t for t, _ in facts if t.startswith("Tom")], facts
    assert any(t.startswith("Tom") for t, _ in _facts(rules, "he got a new job at KPMG", "my bf tom is stressed"))


def test_a_landlord_in_a_town_says_where_the_user_lives_not_the_landlord(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my landlord in Portland STILL hasnt fixed the heating")
    assert [s for _, s in facts if s and s.endswith("|residence")] == ["user|residence"], facts
