"""Classes of phrasing from a user trial (session 12: a barista, a developer, a teacher turned paramedic, a
bassist, a nurse and a plumber, each a few chats in their own words): a pet named in passing that dies, "for
now", work done for an employer, a job said without "I'm a", "name's Gemma", living together, what the user
said has ended as the answer when nothing holds now."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


def _top(mem: Memory, user: str, question: str) -> str:
    found = mem.search(question, user_id=user, limit=1)["results"]
    return str(found[0]["memory"]) if found else ""


def _facts(rules: RuleExtractor, line: str, *before: str) -> list[tuple[str, str | None]]:
    facts = rules.extract([Message("user", line)], context=[Message("user", b) for b in before])[0]
    return [(f.text, f.slot) for f in facts]


def test_a_pet_named_in_passing_that_dies_is_no_longer_my_pet(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i live in kemptown with my cat mochi",
                              "theo is my boyfriend", "sad news, mochi passed away :(")
    assert any("Mochi" in f for f in ended), ended


def test_she_after_a_pet_that_died_is_the_pet_not_the_last_person(shared_memory: Memory, user: str) -> None:
    for turn in ("i live in kemptown with my cat mochi", "also moving in with my boyfriend theo next month",
                 "sad news, mochi passed away :(",
                 "she was 16"):
        shared_memory.add(turn, user_id=user)
    said = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert "Mochi was 16" in said, said
    assert not any("Theo was" in t for t in said), said


@pytest.mark.parametrize("line", ["taking the bus for now", "I'm taking the bus for now",
                                  "taking the bus these days"])
def test_a_way_of_getting_around_said_for_now_is_my_commute(rules: RuleExtractor, line: str) -> None:
    assert ("user|commute" in [s for _, s in _facts(rules, line)]), _facts(rules, line)


def test_driving_for_a_company_for_now_is_still_a_job(rules: RuleExtractor) -> None:
    assert [s for _, s in _facts(rules, "i drive for Uber for now")] == ["user|employer"]


@pytest.mark.parametrize(("line", "employer"), [("I do deliveries for a courier now", "courier"),
                                                ("i do admin for a local charity", "charity"),
                                                ("I do sales for Salesforce", "Salesforce")])
def test_work_done_for_an_employer_is_where_i_work(rules: RuleExtractor, line: str, employer: str) -> None:
    said = _facts(rules, line)
    assert any(s == "user|employer" and employer in t for t, s in said), said


@pytest.mark.parametrize("line", ["i do the accounts for my dad", "I do it for fun"])
def test_work_done_for_family_or_for_fun_is_no_employer(rules: RuleExtractor, line: str) -> None:
    assert not any(s == "user|employer" for _, s in _facts(rules, line)), _facts(rules, line)


def test_quitting_my_only_job_answers_where_i_work(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I play bass in a pub band and work in a bike shop in Bristol", user_id=user)
    shared_memory.add("also quit the bike shop", user_id=user)
    assert "quit the bike shop" in _top(shared_memory, user, "where do I work")


def test_a_newer_job_still_answers_before_the_one_i_quit(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I work in a bike shop in Bristol", user_id=user)
    shared_memory.add("quit the bike shop, I do deliveries for a courier now", user_id=user)
    assert "courier" in _top(shared_memory, user, "where do I work")


@pytest.mark.parametrize(("line", "job"), [("nurse on a cardiac ward at St James's in Leeds", "nurse"),
                                           ("software eng at monzo", "software engineer"),
                                           ("barista now, it's fine", "barista"),
                                           ("cardiac nurse in Leeds", "cardiac nurse")])
def test_a_line_opening_with_my_job_is_my_occupation(rules: RuleExtractor, line: str, job: str) -> None:
    said = _facts(rules, line)
    assert any(s == "user|occupation" and job in t for t, s in said), said


def test_a_name_ending_in_s_with_apostrophe_s_is_a_possessive(rules: RuleExtractor) -> None:
    said = _facts(rules, "my sister's a nurse at St James's in Leeds")
    assert not any("is in Leeds" in t for t, _ in said), said


@pytest.mark.parametrize("line", ["hiya, name's Gemma.", "my names Gemma", "names Gemma btw"])
def test_names_said_without_my_is_my_name(rules: RuleExtractor, line: str) -> None:
    assert [s for _, s in _facts(rules, line)] == ["user|name"], _facts(rules, line)


def test_names_of_things_is_no_name_of_mine(rules: RuleExtractor) -> None:
    assert not any(s == "user|name" for _, s in _facts(rules, "names of my kids are Ann and Bo"))


@pytest.mark.parametrize(("line", "said"), [
    ("yvonne and I are living together now, I moved into her place in Sutton",
     "User and Yvonne are living together now"),
    ("me and Yvonne moved in together", "User and Yvonne moved in together"),
    ("my boyfriend and I moved in together last month", "User and their boyfriend moved in together last month"),
])
def test_living_together_with_someone_is_remembered(rules: RuleExtractor, line: str, said: str) -> None:
    assert said in [t for t, _ in _facts(rules, line)], _facts(rules, line)


def test_moving_in_together_next_month_is_a_plan(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "Priya and I are moving in together next month")])[0]
    assert [f.tense for f in facts if f.rule == "rules.clause:lives_with"] == ["plan"]


def test_selling_the_business_i_run_ends_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I run a small plumbing business in Croydon",
                              "sold the business to my apprentice")
    assert any("plumbing business" in f for f in ended), ended


def test_a_brands_phone_picked_up_is_my_phone_not_a_hobby(shared_memory: Memory, user: str) -> None:
    shared_memory.add("typing this on my iPhone 11", user_id=user)
    shared_memory.add("sold my iPhone 11, picked up the Nothing Phone 2 over the weekend", user_id=user)
    assert "Nothing Phone" in _top(shared_memory, user, "What phone does the user use?")


def test_picking_up_a_brands_phone_fills_the_phone_slot(rules: RuleExtractor) -> None:
    assert [s for _, s in _facts(rules, "picked up the Nothing Phone 2 over the weekend")] == ["user|phone"]


def test_a_phone_case_is_no_phone(rules: RuleExtractor) -> None:
    assert not any(s == "user|phone" for _, s in _facts(rules, "I bought a phone case"))


@pytest.mark.parametrize(("line", "subject"), [("first year at Manchester, I'm doing english lit", "english lit"),
                                               ("switched courses, doing psychology now", "psychology"),
                                               ("I'm doing a degree in computer science", "computer science"),
                                               ("I read history at Oxford", "history")])
def test_the_subject_i_do_or_read_is_what_i_study(rules: RuleExtractor, line: str, subject: str) -> None:
    said = _facts(rules, line)
    assert any(s == "user|field_of_study" and subject in t for t, s in said), said


@pytest.mark.parametrize("line", ["I do yoga", "I read a lot of history books", "I speak English"])
def test_a_pastime_a_book_or_a_language_is_no_subject_of_study(rules: RuleExtractor, line: str) -> None:
    assert not any(s == "user|field_of_study" for _, s in _facts(rules, line)), _facts(rules, line)


def test_switching_courses_replaces_what_i_study(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "first year at Manchester, I'm doing english lit",
                              "ok so I'm switching to law, english lit was NOT it")
    assert any("english lit" in f for f in ended), ended
    assert "law" in _top(shared_memory, user, "what do I study?")


@pytest.mark.parametrize(("line", "town"), [("I've moved in with my daughter Karen in Lincoln", "lincoln"),
                                            ("all settled in Lisbon now", "lisbon")])
def test_a_move_to_a_town_the_tagger_misreads_is_where_i_live(rules: RuleExtractor, line: str, town: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [(f.slot, f.object_key) for f in facts if f.slot] == [("user|residence", town)], [f.text for f in facts]


def test_moving_in_with_someone_in_march_is_no_home_called_march(rules: RuleExtractor) -> None:
    assert not any(s == "user|residence" for _, s in _facts(rules, "moved in with my aunt in March"))


@pytest.mark.parametrize(("line", "tool", "old"), [
    ("oh and the team moved from figma to penpot, open source ftw", "penpot", "figma"),
    ("we moved from figma to penpot", "penpot", "figma"),
    ("the team switched from Jira to Linear", "linear", "jira"),
])
def test_a_team_moving_from_one_tool_to_another_replaces_it(rules: RuleExtractor, line: str, tool: str,
                                                           old: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [(f.slot, f.text) for f in facts] == [(f"user|tools|{tool}", f"User now uses {tool.capitalize()}")]
    assert old in facts[0].replaces


def test_no_running_for_a_while_and_swimming_instead_changes_my_exercise(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I run most mornings, usually 5k",
                              "knee injury so no running for a while, swimming instead")
    assert any("runs most mornings" in f for f in ended), ended
    current = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert "User is swimming instead" in current, current


@pytest.mark.parametrize(("line", "said"), [("no more climbing for me", "User is not climbing anymore"),
                                            ("no more running, my knees are done", "User is not running anymore")])
def test_no_more_of_a_pastime_stops_it(rules: RuleExtractor, line: str, said: str) -> None:
    assert said in [t for t, _ in _facts(rules, line)], _facts(rules, line)


@pytest.mark.parametrize("line", ["no smoking.", "no nothing for now"])
def test_a_sign_or_a_none_is_no_pastime_stopped(rules: RuleExtractor, line: str) -> None:
    assert _facts(rules, line) == []


def test_a_teacher_of_a_subject_is_still_a_teacher(rules: RuleExtractor) -> None:
    assert [s for _, s in _facts(rules, "I'm a high school teacher, chemistry")] == ["user|occupation"]


def test_a_name_the_parser_took_for_an_adverb_is_the_next_he(rules: RuleExtractor) -> None:
    said = _facts(rules, "raj got a new job. he's at Rolls Royce now", "my husband Raj is a chef",
                  "my son Arjun got picked for the county team")
    assert ("Raj is at Rolls Royce now", "raj|employer") in said, said


@pytest.mark.parametrize("line", ["Honestly got a new job", "Then went home"])
def test_an_adverb_opening_a_line_is_still_an_adverb(rules: RuleExtractor, line: str) -> None:
    from mem_graph.extract.nlp import get_nlp

    assert get_nlp()(line)[0].dep_ == "advmod"


def test_a_move_planned_without_i_comes_true_when_we_moved(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live with my brother in a flat in Leicester",
                              "moving in with my girlfriend Simone next month in Loughborough", "we moved!")
    assert any("Leicester" in f for f in ended), ended
    assert "Loughborough" in _top(shared_memory, user, "where do I live?")


def test_leaving_a_job_and_setting_up_a_business_in_one_line_keeps_the_business(rules: RuleExtractor) -> None:
    said = _facts(rules, "left puregym, set up my own PT business, training clients in the park and online")
    assert any(s and s.startswith("user|business|") for _, s in said), said


@pytest.mark.parametrize(("line", "town"), [("I live with my parents in Leeds", "leeds"),
                                            ("I live with my brother in a flat in Leicester", "leicester")])
def test_living_with_someone_in_a_town_is_living_in_the_town(rules: RuleExtractor, line: str, town: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [(f.slot, f.object_key) for f in facts if f.slot] == [("user|residence", town)], [f.text for f in facts]


def test_turning_40_next_month_keeps_the_age_i_am(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I'm 39", user_id=user)
    shared_memory.add("turning 40 next month ugh", user_id=user)
    assert "39" in _top(shared_memory, user, "how old am I?")
    assert invalidated_after(shared_memory, user) == []


@pytest.mark.parametrize(("line", "said"), [("play tennis on sundays with my sister", "user|hobbies|tennis"),
                                            ("drink way too much coffee, like 5 a day", "user|drinks|coffee")])
def test_a_pastime_said_without_i_and_with_how_often_is_mine(rules: RuleExtractor, line: str, said: str) -> None:
    assert said in [s for _, s in _facts(rules, line)], _facts(rules, line)


@pytest.mark.parametrize("line", ["play some music every day", "eat a salad every day, it's good for you"])
def test_a_request_or_advice_with_how_often_is_no_pastime(rules: RuleExtractor, line: str) -> None:
    assert _facts(rules, line) == []


def test_so_switched_to_padel_is_my_switch(rules: RuleExtractor) -> None:
    assert "user|hobbies|padel" in [s for _, s in _facts(rules, "tennis elbow so switched to padel")]


@pytest.mark.parametrize("line", ["callum and i are done. 6 years down the drain", "me and Callum are over"])
def test_a_couple_said_done_or_over_broke_up(shared_memory: Memory, user: str, line: str) -> None:
    ended = invalidated_after(shared_memory, user, "my boyfriend callum is a firefighter", line)
    assert any("Callum" in f for f in ended), ended


@pytest.mark.parametrize("line", ["we're done with the kitchen", "callum and i are done with the flat"])
def test_done_with_a_thing_is_no_breakup(rules: RuleExtractor, line: str) -> None:
    assert not any(s == "user|partner" for _, s in _facts(rules, line)), _facts(rules, line)


def test_new_job_at_said_without_a_verb_is_where_i_work(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i work in marketing for a gin brand in edinburgh", user_id=user)
    shared_memory.add("new job at a fintech doing their social media", user_id=user)
    assert "fintech" in _top(shared_memory, user, "where do I work?")


def test_a_new_job_that_is_the_subject_of_its_sentence_still_ends_the_old_one(shared_memory: Memory,
                                                                               user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I work at Deloitte",
                              "new job at Accenture is going great so far, week 3 already")
    assert any("Deloitte" in f for f in ended), ended
