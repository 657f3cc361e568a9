"""Session 25's trial conversations (pipelines/trials/dev5, written by someone who never saw the code): people
named inside a request, greetings and slang from many Englishes, someone else's job offer, teams leaving a tool
the many ways they say it."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import slots_of as _slots
from tests.extraction.said import texts_of as _texts
from tests.extraction.said import top_after as _top

# -- people -------------------------------------------------------------------------------------------------------

def test_a_sister_named_in_a_request_is_who_she_is_in_the_next_sentence(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Can you help me draft a message to my sister Hannah? She lives in Edinburgh and she's an "
                          "A&E doctor")
    texts = [f.text for f in facts]
    assert "User's sister is Hannah" in texts, texts
    assert {f.slot for f in facts} >= {"hannah|residence", "hannah|occupation"}, texts


def test_what_my_sister_does_after_she_was_named_in_a_request(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what does my sister do",
               "Can you help me draft a message to my sister Hannah? She's an A&E doctor so she'll be on shift")
    assert top[0]["memory"] == "Hannah is an A&E doctor", top


def test_she_after_my_daughter_named_as_an_object_is_the_daughter_not_an_earlier_mr(rules: RuleExtractor) -> None:
    texts = _texts(rules, "I am caregiver to Mr. Harris, he is 88. Now I can bring my daughter Joy from Cebu, she is "
                          "19 and studying nursing there")
    assert "Joy is 19" in texts and "User's daughter is Joy" in texts, texts
    assert not any(t.startswith("Mr. Harris is 19") for t in texts), texts


@pytest.mark.parametrize("said", ["Hiya, just moved to leeds", "hiya just moved to leeds", "Yo, just moved to leeds"])
def test_a_greeting_is_nobody_who_moved(rules: RuleExtractor, said: str) -> None:
    assert "user|residence" in _slots(rules, said)


def test_a_greeting_keeps_a_lower_case_introduction(rules: RuleExtractor) -> None:
    assert _slots(rules, "hiya, im priya").get("user|name") == "User is Priya"


def test_speaking_of_someone_then_she_is_that_someone(rules: RuleExtractor) -> None:
    slots = _slots(rules, "speaking of Maddie, she's been doing club soccer since she was 6")
    assert slots.get("maddie|hobbies|club soccer") == "Maddie has been doing club soccer", slots
    assert not any(s.startswith("user|languages") for s in slots), slots


def test_an_exam_in_capitals_is_no_he_and_leaving_for_a_hostel_leaves_no_job(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Arjun cleared JEE, he got Mechanical in NIT Trichy. He leaves for hostel in July.")
    assert not any(f.subject_key == "jee" for f in facts), [f.text for f in facts]
    assert not any(f.negated and f.slot and f.slot.endswith("employer") for f in facts), [f.text for f in facts]


def test_irish_after_perfect_leaves_no_empty_fact(rules: RuleExtractor) -> None:
    texts = _texts(rules, "my husband Declan is a sales rep. He's after being invited to a birthday party already!")
    assert "Declan is" not in texts, texts
    assert "User's husband Declan is a sales rep" in texts, texts


def test_she_has_lived_is_said_as_has(rules: RuleExtractor) -> None:
    assert "Megan has lived in Seattle for 10 years" in _texts(
        rules, "My sister Megan called. She's lived in Seattle for 10 years.")


@pytest.mark.parametrize("said, slot, place", [
    ("my sister Camila came from São Paulo to visit me", "camila|residence", "São Paulo"),
    ("My brother Dan is visiting from Leeds this weekend", "dan|residence", "Leeds"),
])
def test_visiting_from_a_place_says_where_they_live(rules: RuleExtractor, said: str, slot: str, place: str) -> None:
    slots = _slots(rules, said)
    assert place in slots.get(slot, ""), slots


# -- jobs ---------------------------------------------------------------------------------------------------------

def test_someone_elses_accepted_offer_is_their_job_not_the_users(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Rohit finally accepted the Microsoft offer.")
    assert "user|employer" not in slots, slots
    assert slots.get("rohit|employer") == "Rohit got a job at Microsoft", slots


def test_my_own_accepted_offer_is_still_my_job(rules: RuleExtractor) -> None:
    assert _slots(rules, "accepted the zalando offer!").get("user|employer") == "User got a job at Zalando"


def test_a_husbands_accepted_offer_leaves_the_users_employer_current(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work", "I'm an HR manager at Deloitte",
               "My husband Rohit is a software engineer at Amazon",
               "Rohit finally accepted the Microsoft offer, he joins next Monday")
    assert "Deloitte" in top[0]["memory"], top


@pytest.mark.parametrize("said", ["g'day, need a hand. i'm a sparky", "I work as an NP at a clinic in Logan Square",
                                  "my husband Declan is a sales rep"])
def test_trade_slang_and_abbreviated_posts_are_occupations(rules: RuleExtractor, said: str) -> None:
    assert any(s.endswith("|occupation") for s in _slots(rules, said)), _texts(rules, said)


def test_a_staff_room_that_demanded_a_recipe_is_no_second_workplace(shared_memory: Memory, user: str) -> None:
    said = ("That lentil thing was a winner. Jess took some to work, she teaches Year 2 at a primary school in "
            "Bishopston and the staff room apparently demanded the recipe")
    events = shared_memory.add(said, user_id=user)["results"]
    assert not any(e["event"] == "UPDATE" for e in events), events
    assert not any("at the staff room" in e["memory"] for e in events), events


# -- tools --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, tool", [
    ("we're off heroku.", "heroku"), ("we're finally ditching Jenkins.", "jenkins"), ("we dropped jenkins", "jenkins"),
])
def test_a_tool_left_the_way_teams_say_it(rules: RuleExtractor, said: str, tool: str) -> None:
    facts = [f for f in _facts(rules, said) if f.slot == f"user|tools|{tool}"]
    assert facts and all(f.negated for f in facts), [(f.text, f.negated) for f in _facts(rules, said)]


@pytest.mark.parametrize("said, tool", [
    ("as of Monday all our pipelines run on GitHub Actions.", "user|tools|github actions"),
    ("everything runs on ecs fargate now", "user|tools|ecs fargate"),
    ("We shifted from Tally to Zoho Books this week", "user|tools|zoho books"),
    ("context: all our services are golang, deployed on heroku", "user|tools|golang"),
    ("context: all our services are golang, deployed on heroku", "user|tools|heroku"),
])
def test_a_tool_taken_up_the_way_teams_say_it(rules: RuleExtractor, said: str, tool: str) -> None:
    assert tool in _slots(rules, said), _texts(rules, said)


def test_writing_to_someone_is_no_tool(rules: RuleExtractor) -> None:
    assert not any("tools" in s for s in _slots(rules, "I wrote to my sister", "I write to my mum every week"))


def test_my_shift_from_nine_to_five_is_no_switch(rules: RuleExtractor) -> None:
    assert not _slots(rules, "my shift from 9 to 5 is long")


def test_where_our_services_are_deployed_after_leaving_heroku(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where are our services deployed",
               "context: all our services are golang, deployed on heroku",
               "we're off heroku. migration to aws finished friday, everything runs on ecs fargate now")
    assert "Fargate" in top[0]["memory"] and "heroku" not in top[0]["memory"].lower(), top


# -- things -------------------------------------------------------------------------------------------------------

def test_a_ute_that_carked_it_is_gone(rules: RuleExtractor) -> None:
    facts = _facts(rules, "well the hilux finally carked it. head gasket, 380,000 k's on the clock")
    ended = [f for f in facts if f.slot == "user|car"]
    assert ended and ended[0].negated and ended[0].text == "User's hilux finally died", [f.text for f in facts]


@pytest.mark.parametrize("said, slot", [("Ok I bought a Canyon Grizl, it is gravel bike.", "user|bike"),
                                        ("picked up the wildtrak saturday", "user|car")])
def test_a_bike_or_a_ute_by_its_make(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in _slots(rules, said), _texts(rules, said)


@pytest.mark.parametrize("said, slot", [
    ("first week as depot supervisor. rotas are a nightmare", "user|occupation"),
    ("handed in my notice today!!! got taken on as an assistant sound engineer at vicar street", "user|occupation"),
    ("I left Amazon. Now I drive lorry for a food distribution company, Brakes", "user|occupation"),
    ("Settled into Mandurah now.", "user|residence"),
    ("Our company was bought by bigger group, now all design departments must use Siemens NX.",
     "user|tools|siemens nx"),
    ("Maddie made the volleyball team!!!", "maddie|hobbies|volleyball team"),
    ("and... we caved. meet Kora, 9 week old huntaway x, absolute menace already.", "kora|name"),
])
def test_a_change_said_in_passing_fills_its_slot(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in _slots(rules, said), _texts(rules, said)


def test_the_job_one_retired_from_is_past(rules: RuleExtractor) -> None:
    facts = [f for f in _facts(rules, "Retired last year after 40 years teaching woodwork at a high school in Perth.")
             if f.slot == "user|occupation"]
    assert facts and all(f.tense == "past" for f in facts), [(f.text, f.tense) for f in facts]
    assert "User was teaching woodwork" in [f.text for f in facts]


def test_starting_somewhere_after_leaving_is_current(rules: RuleExtractor) -> None:
    facts = [f for f in _facts(rules, "left Shopify on friday, starting at Figma monday") if f.slot == "user|employer"
             and not f.negated]
    assert facts and facts[0].tense == "present", [(f.text, f.tense) for f in facts]


def test_packing_in_a_job_is_no_death(rules: RuleExtractor) -> None:
    assert not any("died" in t for t in _texts(rules, "I packed in my job at the bank"))


def test_hooked_after_an_activity_is_hooked_on_it(rules: RuleExtractor) -> None:
    slots = _slots(rules, "Jess dragged me to the bouldering wall at the Climbing Academy instead and I'm weirdly "
                          "hooked.")
    assert any(s.startswith("user|stance|") for s in slots), slots


def test_a_small_business_answers_what_my_wife_does(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what does my wife do", "My wife Kasia make big dinner, pierogi and everything",
               "My wife Kasia has small cleaning business, 3 girls work for her now")
    assert top[0]["memory"] == "User's wife Kasia has small cleaning business", top


def test_who_my_girlfriend_is_does_not_answer_what_she_does(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what does my girlfriend do for work",
               "can you help me plan a weekend away for my girlfriend Nadia?",
               "she works nights at the hospital so she's always tired, she's a nurse")
    assert "nurse" in top[0]["memory"], top


@pytest.mark.parametrize("said, named", [
    ("i'm staying and dr. ramos is taking me on as my new advisor, her lab does similar work",
     "User's new advisor is Dr. Ramos"),
    ("I saw my new doctor today, Dr. Hensley at the clinic on Main Street.", "User's new doctor is Dr. Hensley"),
])
def test_who_the_new_one_is(rules: RuleExtractor, said: str, named: str) -> None:
    assert any(t.startswith(named) for t in _texts(rules, said)), _texts(rules, said)


def test_who_is_my_doctor_after_a_new_one(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "who is my doctor",
               "I asked Dr. Patel about it. She is retiring at the end of the month, she has been my doctor for 20 "
               "years.", "I saw my new doctor today, Dr. Hensley at the clinic on Main Street. He is young.")
    assert "Hensley" in top[0]["memory"], top


def test_someone_elses_new_job_is_no_answer_to_what_my_job_is(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "what is my job", "i teach maths at a secondary school in leicester",
               "bit of news, i've been promoted, head of maths from september",
               "anita got a new job too, she's a pharmacist at boots now")
    assert "head of maths" in top[0]["memory"], top


@pytest.mark.parametrize("said", ["I saw Tom yesterday at the pub", "I see Tom every weekend"])
def test_seeing_a_friend_is_no_partner(rules: RuleExtractor, said: str) -> None:
    assert not any(s.endswith("|partner") for s in _slots(rules, said)), _texts(rules, said)


def test_still_seeing_someone_is_a_partner(rules: RuleExtractor) -> None:
    assert "user|partner" in _slots(rules, "been seeing Tom for a month")


def test_a_lower_case_name_after_this_guy_is_who_he_is(rules: RuleExtractor) -> None:
    slots = _slots(rules, "plot twist!! met this guy marco at my cousins wedding, he's a photographer")
    assert slots.get("marco|occupation") == "Marco is a photographer", slots


@pytest.mark.parametrize("said, slot, text", [
    ("fiona says it's aboot time, she's been at tesco 15 year and she's a section manager noo", "fiona|occupation",
     "Fiona is a section manager now"),
    ("our boy Callum's 10 and wants tae join a fitba team", "callum|age", "User's son Callum is 10"),
    ("Ray took your advice and joined a woodworking group at the community center, bless it.",
     "ray|hobbies|woodworking group", "Ray joined a woodworking group at the community center"),
])
def test_scots_and_a_group_joined(rules: RuleExtractor, said: str, slot: str, text: str) -> None:
    assert _slots(rules, said).get(slot) == text, _texts(rules, said)


def test_a_new_team_at_work_is_no_pastime(rules: RuleExtractor) -> None:
    assert not any("hobbies" in s for s in _slots(rules, "I joined a new team at work"))


def test_where_i_work_after_quitting_is_the_new_post_not_the_quitting(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "where do i work",
               "working at the bookstore on st-denis tonight, it's always dead on tuesdays",
               "also quit the bookstore, got a job as a tutor at the learning centre on campus, way better pay")
    assert "tutor at the learning centre" in top[0]["memory"], top


def test_a_dropped_subject_after_a_sentence_about_him_is_him_not_me(rules: RuleExtractor) -> None:
    slots = _slots(rules, "my son Cian hated his school. Well he's out of there. Started at St Mary's on Monday and "
                          "came home smiling")
    assert "user|employer" not in slots, slots
    assert slots.get("cian|school") == "Cian started at St Mary's on Monday", slots
