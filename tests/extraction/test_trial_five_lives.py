"""Classes of phrasing from a user trial (session 11: a backend dev, a retired engineer, a student, a nurse and a
bassist, each a few chats in their own words): a line that opens with its own verb after "also", typed faces,
routines said without "I", a home named with its place ("a bungalow near Exeter", "my mum's in paisley"), a
partner named in passing, code written in a language."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


def _top(mem: Memory, user: str, question: str) -> str:
    return str(mem.search(question, user_id=user, limit=1)["results"][0]["memory"])


def test_a_line_opening_with_also_and_a_verb_of_its_own_is_its_own_statement(shared_memory: Memory,
                                                                             user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i work weekends at a costa near campus",
                              "also quit costa, got a job at the uni library instead, way chiller")
    assert any("costa" in f for f in ended), ended
    assert "library" in _top(shared_memory, user, "where do i work?")


def test_a_line_opening_with_and_a_value_still_goes_on_with_the_line_before(shared_memory: Memory,
                                                                           user: str) -> None:
    shared_memory.add("I use Docker", user_id=user)
    shared_memory.add("and Kubernetes in prod", user_id=user)
    said = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert any("uses Kubernetes" in s for s in said), said


def test_a_typed_face_between_two_clauses_ends_the_first(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "sold the old bass :( bought a new bass")])[0]
    texts = [f.text for f in facts]
    assert any("sold the old bass" in t and "bought" not in t for t in texts), texts
    assert any("bought a new bass" in t for t in texts), texts


def test_a_home_near_a_town_said_without_i_is_where_i_live_until_i_move(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "live in a bungalow near Exeter with my wife Maureen",
                              "we've sold the bungalow, too much garden to look after honestly",
                              "we're in a flat in Topsham now, by the estuary")
    assert any("Exeter" in f for f in ended), ended
    assert "Topsham" in _top(shared_memory, user, "where do I live?")


@pytest.mark.parametrize("line", ["work out a plan for me", "live a little", "write me a poem about cats",
                                  "share your thoughts on this", "just use docker"])
def test_a_request_that_opens_with_a_verb_says_nothing_about_me(rules: RuleExtractor, line: str) -> None:
    assert rules.extract([Message("user", line)])[0] == []


def test_a_breakup_ends_the_girlfriend_named_in_passing_and_moving_home_ends_the_flat(shared_memory: Memory,
                                                                                      user: str) -> None:
    ended = invalidated_after(shared_memory, user, "also got a new flat in partick with my girlfriend nadia",
                              "nadia and i broke up. i'm back living at my mum's in paisley for now")
    assert any("girlfriend is Nadia" in f for f in ended), ended
    assert any("Partick" in f for f in ended), ended
    assert "paisley" in _top(shared_memory, user, "where do i live?").lower()


@pytest.mark.parametrize(("line", "place"), [
    ("moved back to my dad's in Leeds", "leeds"),
    ("I live at my parents' place in York", "york"),
])
def test_a_home_at_my_familys_place_is_in_its_town(rules: RuleExtractor, line: str, place: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == "user|residence" and f.object_key == place for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["we stayed at my sister's in Bath for the weekend", "my mum's in hospital"])
def test_a_visit_or_a_relative_somewhere_is_no_home(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|residence" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("line", "tool"), [("mostly write python at work, bit of bash for scripts", "python"),
                                            ("I write Rust these days", "rust")])
def test_code_written_in_a_language_is_a_tool_i_use(rules: RuleExtractor, line: str, tool: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == f"user|tools|{tool}" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["I write poems", "I write for the Guardian"])
def test_writing_anything_else_is_no_tool(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot and "|tools|" in f.slot for f in facts), [(f.text, f.slot) for f in facts]


def test_an_engagement_said_with_we_names_the_partner_the_turn_names(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my boyfriend is Dan", user_id=user)
    shared_memory.add("oh and my boyfriend dan proposed!! we're engaged 💍", user_id=user)
    assert "engaged to Dan" in _top(shared_memory, user, "am i engaged?")


@pytest.mark.parametrize(("line", "status"), [("we got married in june", "married"),
                                              ("we got engaged last night", "engaged"),
                                              ("my sister got married in june", "married")])
def test_getting_married_or_engaged_is_the_couples_status_not_the_date(rules: RuleExtractor, line: str,
                                                                        status: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [f.object_key for f in facts if f.slot and f.slot.endswith("|partner")] == [status], \
        [(f.text, f.slot, f.object_key) for f in facts]


def test_we_in_a_plural_remark_is_still_nobodys_status(rules: RuleExtractor) -> None:
    assert rules.extract([Message("user", "we all have our paths")])[0] == []


def test_dan_and_i_got_engaged_names_the_partner(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "dan and I got engaged")])[0]
    assert [f.text for f in facts] == ["User is engaged to Dan"]


def test_a_tool_dropped_for_another_said_lower_case_is_replaced(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we use jenkins for CI", "we dropped jenkins for github actions")
    assert any("jenkins" in f.lower() for f in ended), ended
    assert "github actions" in _top(shared_memory, user, "what CI do we use?").lower()


def test_everything_on_a_tool_now_is_the_teams_tool(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we use jenkins for CI",
                              "we finally ditched jenkins, everything's on github actions now")
    assert any("jenkins" in f.lower() for f in ended), ended
    assert "github actions" in _top(shared_memory, user, "what CI do we use?").lower()


def test_going_freelance_after_a_comma_ends_the_job(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my day job is sound engineer at a studio in finnieston",
                              "i'm done with the studio, went freelance this month")
    assert any("sound engineer" in f for f in ended), ended
    assert "freelancer" in _top(shared_memory, user, "what is my job?")


def test_a_dog_that_died_is_no_longer_the_dog_i_have(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we have a dog called Rufus, a springer spaniel",
                              "we lost Rufus on Tuesday. 14 years. gutted")
    assert any("Rufus" in f for f in ended), ended
    active = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert not any("14 years" in a and "User is" in a for a in active), active  # a dog's years are no age
    assert not any(a.startswith("User has") for a in active), active


def test_a_breed_after_a_pets_name_is_no_second_pet(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "we have a dog called Rufus, a springer spaniel")])[0]
    assert [f.slot for f in facts if f.slot and "|pets|" in f.slot] == ["user|pets|dog"], [f.text for f in facts]


def test_getting_married_keeps_the_wife_i_named(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my wife is called ana",
                              "we got married in 2015, been together since college")
    assert ended == [], ended
    assert "Ana" in _top(shared_memory, user, "who is my wife?")


def test_a_new_flat_beside_still_living_in_the_city_is_no_move_away(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i live in berlin",
                              "still living in Berlin. We moved to a bigger flat in Kreuzberg though")
    assert ended == [], ended


def test_what_someone_else_does_for_fun_is_answered_with_their_hobby(shared_memory: Memory, user: str) -> None:
    for turn in ("live in a bungalow near Exeter with my wife Maureen",
                 "Maureen has taken up watercolours, she's rather good", "I do a lot of gardening, mainly roses"):
        shared_memory.add(turn, user_id=user)
    assert "watercolours" in _top(shared_memory, user, "what does Maureen do for fun?")
    assert "watercolours" in _top(shared_memory, user, "what are Maureen's hobbies?")


def test_a_move_planned_in_a_participle_clause_ends_nothing_yet(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "We live in a terraced house in York with our two cats",
                              "We've decided to downsize, moving to a flat in Whitby in the spring.")
    assert ended == [], ended
    assert "York" in _top(shared_memory, user, "where do I live?")
    said = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert "User is moving to a flat in Whitby in the spring" in said, said  # "we" is the speaker: "is"


@pytest.mark.parametrize(("line", "value"), [
    ("I swim three mornings a week at the leisure centre.", "swimming"),
    ("Started volunteering at the Oxfam shop on Tuesdays.", "volunteering"),
])
def test_a_pastime_said_with_how_often_or_that_it_started_is_a_hobby(rules: RuleExtractor, line: str,
                                                                     value: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [f.slot for f in facts] == [f"user|hobbies|{value}"], [(f.text, f.slot) for f in facts]


def test_sup_name_here_and_an_age_introduce_the_speaker(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "sup, kwame here, 24, software eng at a fintech in lagos")])[0]
    assert {f.slot: f.object_key for f in facts if f.slot} == {"user|name": "kwame", "user|age": "24"}


def test_a_job_joined_after_a_comma_and_a_lead_in_ends_the_one_quit(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i work at monzo",
                              "yo so i quit monzo, went freelance last week")
    assert any("Monzo" in f for f in ended), ended
    assert "freelancer" in _top(shared_memory, user, "what is my job?")


@pytest.mark.parametrize("line", ["we moved from Denver in June", "I moved in June"])
def test_a_month_or_the_town_left_is_no_home(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|residence" for f in facts), [(f.text, f.object_key) for f in facts]


def test_a_company_chat_wrote_lower_case_after_at_is_the_employer(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "i work at paystack now")])[0]
    assert [(f.slot, f.object_key) for f in facts] == [("user|employer", "paystack")]


@pytest.mark.parametrize(("before", "ended_by"), [
    ("I drive a Skoda Octavia, the most boring car alive.", "The Octavia got written off in a crash, nobody hurt"),
    ("I drive a 2015 Golf, it's on its last legs tbh", "The Golf finally died on the M62."),
    ("I drive a Honda Civic", "my car got stolen last night, gutted"),
])
def test_a_car_that_died_or_was_stolen_is_no_longer_the_car_i_drive(shared_memory: Memory, user: str, before: str,
                                                                      ended_by: str) -> None:
    ended = invalidated_after(shared_memory, user, before, ended_by)
    assert ended and "drive" in ended[0], ended


@pytest.mark.parametrize("line", ["my brother's car died", "my car's battery died", "my phone didn't break",
                                  "the car might die", "my heart broke", "Phone died, need a charger",
                                  "Car broke down again"])
def test_someone_elses_thing_a_part_or_a_negation_ends_nothing_of_mine(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.clears_slot for f in facts), [(f.text, f.slot) for f in facts]


def test_a_new_car_sorted_is_a_car_got(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "Finally sorted a new car, a secondhand Mazda CX-5.")])[0]
    assert [f.slot for f in facts] == ["user|car"], [(f.text, f.slot) for f in facts]


def test_he_right_after_my_husband_josh_is_josh_not_the_speakers_own_name(shared_memory: Memory, user: str) -> None:
    shared_memory.add("hi there, i'm Mei, 35, product manager at Canva in Sydney", user_id=user)
    out = shared_memory.add("my husband Josh is a chef, he runs a little ramen place in Newtown", user_id=user)
    said = [r["memory"] for r in out["results"]]
    assert "Josh runs a little ramen place in Newtown" in said, said


@pytest.mark.parametrize(("line", "slot"), [
    ("also I'm not at Canva anymore, moved to Atlassian as a group PM", "user|employer"),
    ("I moved to Google as a senior engineer", "user|employer"),
    ("moved to Leeds as a teacher", "user|residence"),
    ("we moved to Leeds as a family", "user|residence"),
])
def test_a_move_to_a_company_with_a_role_is_a_job_and_to_a_town_a_home(rules: RuleExtractor, line: str,
                                                                        slot: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert slot in [f.slot for f in facts], [(f.text, f.slot) for f in facts]
    assert not {"user|employer", "user|residence"} - {slot} & {f.slot for f in facts}, [(f.text, f.slot) for f in facts]


def test_a_stolen_bike_and_the_bus_now_change_how_i_get_to_work(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "cycling to work most days, it's only 10 mins",
                              "bike got nicked outside the hospital. taking the bus now")
    assert any("cycling" in f for f in ended), ended
    assert "bus" in _top(shared_memory, user, "how do i get to work?")


def test_a_bus_taken_once_is_no_commute(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "I took the bus into town")])[0]
    assert not any(f.slot for f in facts), [(f.text, f.slot) for f in facts]


def test_kate_and_i_got_engaged_keeps_kate_and_names_her(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my girlfriend Kate is a vet", "Kate and I got engaged!!")
    assert ended == [], ended
    assert "Kate" in _top(shared_memory, user, "who is my fiancee?")
    assert "vet" in _top(shared_memory, user, "what does Kate do for work?")
