"""Session 32: changes said the way 80 more blind-written conversations said them (longer, messier chats: a fact
dropped beside a request, the change told as its consequence, a correction typed as "oops brain fade, perth!").

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.correction import read_correction
from mem_graph.extract.over_idioms import declared_over
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import top_after as _top
from tests.extraction.test_slot_changes import invalidated_after


def _active(mem: Memory, user: str) -> list[str]:
    return [r["memory"] for r in mem.get_all(user_id=user)["results"]
            if not r.get("invalid_at") and r.get("layer") != "episodic"]


# -- wishes and lifelong facts ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "one day i'm buying a camper van, saving every penny for it",
    "some day we're moving to the coast, but not for ages",
])
def test_one_day_is_a_wish_not_a_change(rules: RuleExtractor, said: str) -> None:
    assert all(f.tense == "plan" or not f.slot for f in _facts(rules, said)), [(f.text, f.tense)
                                                                              for f in _facts(rules, said)]


def test_a_day_gone_by_is_no_wish(rules: RuleExtractor) -> None:
    assert any(f.slot == "user|car" and f.tense != "plan" for f in _facts(rules, "one day last week i bought a Kia"))


def test_lived_somewhere_all_ones_life_is_where_one_lives(rules: RuleExtractor) -> None:
    facts = _facts(rules, "lived in cardiff my whole life and still can't pronounce half the welsh signs")
    assert any(f.slot == "user|residence" and f.tense == "present" for f in facts), [(f.text, f.tense) for f in facts]
    earlier = _facts(rules, "i lived in cardiff for 3 years")
    assert any(f.slot == "user|residence" and f.tense == "past" for f in earlier)


# -- corrections in the next turn ------------------------------------------------------------------------------------

def test_a_place_blurted_after_oops_corrects_the_city(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i live in Leeds, what's a good allotment veg for clay soil",
                              "whoops my bad, york! does that change the frost dates")
    assert any("Leeds" in f for f in ended), ended
    assert "York" in _top(shared_memory, user, "where do I live?")[0]["memory"]


def test_did_i_say_names_the_wrong_value(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i'm an analyst at Deloitte, how do i make a waterfall chart",
                              "hang on, did i say deloitte? EY lol, i need sleep")
    assert any("Deloitte" in f for f in ended), ended


def test_not_the_other_one_corrects_the_name_just_said(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my daughter just started at St Anne's Primary",
                              "sorry it's st bede's actually, not the other one")
    assert any("Anne" in f for f in ended), ended


@pytest.mark.parametrize("said", [
    "sorry, quick question about rice",
    "wait, london. what time is it there",
    "oops, spilled my tea everywhere",
])
def test_no_correction_without_a_value_said_as_one(said: str) -> None:
    corr = read_correction(said)
    assert corr is None or corr.new is None, corr


# -- a thing declared over, or taken up, by an idiom -----------------------------------------------------------------

@pytest.mark.parametrize(("before", "change", "old"), [
    ("my 2012 polo is my daily, how often should i check the tyres", "the polo's gone to the scrapyard, rip 🪦",
     "polo"),
    ("i do pilates 3x a week at the studio near work", "pilates is dead to me after that instructor lol", "pilates"),
    ("we run everything on jenkins", "the old jenkins server got switched off yesterday 🎉", "jenkins"),
    ("been learning italian on duolingo for a year", "i've basically abandoned italian, no time", "italian"),
])
def test_a_thing_declared_over_ends_it(shared_memory: Memory, user: str, before: str, change: str, old: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f.lower() for f in ended), ended


@pytest.mark.parametrize(("said", "slot"), [
    ("spanish is where it's at now, way easier than french", "user|languages|spanish"),
    ("oat lattes are my whole personality these days", "user|drinks|oat lattes"),
    ("everything lives in bigquery now, bye redshift", "user|tools|bigquery"),
])
def test_a_thing_taken_up_by_an_idiom_is_placed(rules: RuleExtractor, said: str, slot: str) -> None:
    facts = _facts(rules, said)
    assert any(f.slot == slot and not f.negated for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("said", [
    "my daughter is my whole world",
    "might ditch netflix if they put the price up again",
    "is jira dead? everyone at the meetup was on linear",
    "the pain is history now, physio worked wonders",
])
def test_no_idiom_reading_of_people_plans_or_questions(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, said)
    assert not any(f.negated and f.slot and f.slot.startswith("user|") for f in facts), [(f.text, f.slot)
                                                                                      for f in facts]


# -- work, said in passing or by its first week --------------------------------------------------------------------

@pytest.mark.parametrize(("said", "employer"), [
    ("can you proofread this, it's for my line manager at Santander about leave", "santander"),
    ("another 12 hr night at the ocado warehouse, my feet are done", "ocado"),
    ("double shift at Morrisons again today, what's a quick dinner", "morrisons"),
])
def test_a_workplace_said_in_passing_is_the_employer(rules: RuleExtractor, said: str, employer: str) -> None:
    facts = _facts(rules, said)
    assert any(f.slot == "user|employer" and f.object_key == employer for f in facts), [(f.text, f.slot)
                                                                                         for f in facts]


@pytest.mark.parametrize("said", [
    "my sister's night shift at Asda sounds awful",
    "might pick up a night shift at Lidl over christmas",
    "night shift at work again, send coffee",
])
def test_no_employer_from_someone_elses_or_a_planned_shift(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot == "user|employer" for f in _facts(rules, said)), [(f.text, f.slot)
                                                                              for f in _facts(rules, said)]


@pytest.mark.parametrize(("before", "change", "old", "question", "new"), [
    ("my manager at Boots wants the rota by friday", "week one at Superdrug done, the staff room is tiny",
     "Boots", "where do I work?", "Superdrug"),
    ("i work at the Co-op on the tills", "done my first week cleaning the wards for the NHS trust, knackered",
     "Co-op", "where do I work?", "NHS"),
    ("i'm a cashier at Aldi", "so I got on at Lidl!! better pay, started monday", "Aldi", "where do I work?",
     "Lidl"),
])
def test_a_new_job_said_by_its_first_week_or_as_got_on(shared_memory: Memory, user: str, before: str, change: str,
                                                        old: str, question: str, new: str) -> None:
    invalidated_after(shared_memory, user, before, change)
    top = _top(shared_memory, user, question)[0]["memory"]
    assert new.lower() in top.lower() and old.lower() not in top.lower(), top


def test_someone_else_got_on_somewhere(rules: RuleExtractor) -> None:
    facts = _facts(rules, "great news, Marek got on at Siemens, starts in june")
    assert not any(f.slot == "user|employer" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_working_lifes_last_shift_is_a_retirement(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my mum's a midwife in Derby",
                              "mum's last shift was sunday, 38 years on the maternity ward. party ideas?")
    assert any("midwife" in f for f in ended), ended


def test_retired_on_a_day_ends_the_job(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my uncle Rob is a postman", "Rob retired on thursday!")
    assert any("postman" in f for f in ended), ended


def test_back_home_in_a_town_is_where_they_live(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my sister Amira lives in Dubai",
                              "she's back home in Cardiff now, couldn't take the heat")
    assert any("Dubai" in f for f in ended), ended


@pytest.mark.parametrize("said", ["she's back in Leeds for the weekend", "he might be back in York soon"])
def test_a_visit_or_a_plan_back_is_no_move(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot and f.slot.endswith("|residence") for f in _facts(rules, said))


# -- stances said with surprise or emphasis --------------------------------------------------------------------------

def test_gone_off_a_thing_completely_names_the_thing(rules: RuleExtractor) -> None:
    facts = _facts(rules, "honestly i've gone off cycling completely, too many near misses")
    assert any(f.slot == "user|stance|cycling" and f.polarity < 0 for f in facts), [(f.text, f.slot) for f in facts]


def test_a_surprised_statement_after_a_comma_is_no_question(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my flatmate made me try it last month, i actually love sushi now??")
    assert any(f.slot == "user|stance|sushi" and f.polarity > 0 for f in facts), [(f.text, f.slot) for f in facts]


def test_a_question_after_a_comma_stays_a_question(rules: RuleExtractor) -> None:
    assert not any(f.slot for f in _facts(rules, "ok cool, what do i get her for christmas?"))


def test_a_sport_that_is_literally_ones_therapy_is_a_hobby(rules: RuleExtractor) -> None:
    facts = _facts(rules, "work is mad rn, swimming is literally my therapy")
    assert any(f.slot == "user|hobbies|swimming" for f in facts), [(f.text, f.slot) for f in facts]


# -- given up, by the day count or the menu; medicines changed by a GP -----------------------------------------------

@pytest.mark.parametrize(("before", "change", "old"), [
    ("i'm a massive rioja person, what goes with lamb", "off the booze since january, any fancy alcohol-free fizz?",
     "rioja"),
    ("i smoke like 15 a day", "2 weeks today without a single cig!! what do i do with my hands", "smoke"),
])
def test_a_day_count_or_off_the_booze_gives_it_up(shared_memory: Memory, user: str, before: str, change: str,
                                                  old: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f.lower() for f in ended), ended


def test_what_is_still_on_the_menu_is_still_eaten(rules: RuleExtractor) -> None:
    facts = _facts(rules, "no more red meat for me 🥩 but chicken is still on the menu")
    assert any(f.slot and "chicken" in f.slot and not f.negated for f in facts), [(f.text, f.slot) for f in facts]
    assert not any(f.slot for f in _facts(rules, "the waiter said the lamb is off the menu tonight"))


def test_a_gp_changing_the_medicine_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i'm 61 and on atorvastatin for cholesterol",
                              "gp took me off the atorvastatin, it's rosuvastatin now. any side effects?")
    assert any("atorvastatin" in f for f in ended), ended
    assert "rosuvastatin" in _top(shared_memory, user, "what statin do I take?")[0]["memory"]


@pytest.mark.parametrize("said", ["should i come off my sertraline?", "might stop the propranolol after exams",
                                  "the cat is on antibiotics again"])
def test_no_medicine_change_from_a_question_a_plan_or_a_pet(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot and f.slot.startswith("user|medication") for f in _facts(rules, said))


def test_it_after_a_taste_is_the_food_not_what_it_tastes_like(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "mint is my favourite herb, i put it in everything",
                              "since the flu mint tastes like toothpaste to me, can't stand it now")
    assert any("mint" in f.lower() for f in ended), ended
    active = _active(shared_memory, user)
    assert not any("toothpaste" in a and "stand" in a for a in active), active
    assert not any(a.endswith("stand it now") for a in active), active


@pytest.mark.parametrize(("said", "age"), [
    ("the big five-oh happened on saturday, still recovering lol", "50"),
    ("officially in my 40s as of monday 🎂", "40"),
    ("just hit my twenties, feel ancient", "20"),
])
def test_a_decade_reached_is_the_age(rules: RuleExtractor, said: str, age: str) -> None:
    assert any(f.slot == "user|age" and f.object_key == age for f in _facts(rules, said)), [
        (f.text, f.slot, f.object_key) for f in _facts(rules, said)]


@pytest.mark.parametrize("said", ["the big 5-0 on saturday, cake ideas?", "in my 30s and still can't cook"])
def test_no_age_from_a_decade_ahead_or_said_loosely(rules: RuleExtractor, said: str) -> None:
    assert not any(f.slot == "user|age" for f in _facts(rules, said))


# -- fragments and set phrases ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "slot", "value"), [
    ("we're in the Wirral, can you suggest a rainy day activity for a 6 year old", "user|residence", "wirral"),
    ("born and raised muslim, what's a good gift for eid", "user|religion", "muslim"),
    ("been on violin since i was 7, best rosin?", "user|hobbies|violin", None),
    ("fully vegan since march, high protein lunch ideas?", "user|diet", "vegan"),
    ("finally caved, galaxy s24 arrived this morning", "user|phone", None),
])
def test_a_fact_stated_as_a_fragment_is_placed(rules: RuleExtractor, said: str, slot: str, value: str | None) -> None:
    facts = _facts(rules, said)
    assert any(f.slot and f.slot.startswith(slot) and (value is None or f.object_key == value) and not f.negated
               for f in facts), [(f.text, f.slot, f.object_key) for f in facts]


def test_a_couple_said_done_is_a_separation(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my boyfriend is called Theo, he's a chef",
                              "theo and i r done lol. anyway what's a good solo holiday")
    assert any("Theo" in f for f in ended), ended


def test_a_car_traded_in_ends_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my fiesta needs new tyres, how much roughly",
                              "dealer gave me 900 for the fiesta as a part ex, happy with that")
    assert any("fiesta" in f.lower() for f in ended), ended


@pytest.mark.parametrize("said", [
    "i'm in Leeds this weekend, any bars?",
    "might be on drums for the school play",
    "one day i'll be driving the porsche 911 lol",
])
def test_no_fragment_fact_from_a_trip_a_plan_or_a_wish(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, said)
    assert not any(f.slot and f.slot.split("|")[1] in ("residence", "car", "hobbies") and f.tense != "plan"
                   for f in facts), [(f.text, f.slot, f.tense) for f in facts]


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("survived my first inspection as a social worker 😅 what a week", "user|occupation", "social worker"),
    ("been teaching 12 years and still love it, quick q about marking", "user|occupation", "teacher"),
    ("been at the county council housing team 6 years, excel question", "user|employer", None),
])
def test_a_role_or_workplace_said_by_its_milestone_or_years(rules: RuleExtractor, said: str, slot: str,
                                                            value: str | None) -> None:
    facts = _facts(rules, said)
    assert any(f.slot == slot and (value is None or f.object_key == value) for f in facts), [
        (f.text, f.slot, f.object_key) for f in facts]


def test_a_named_partners_shift_is_their_workplace_not_the_speakers() -> None:
    from mem_graph.extract.work_mentions import work_in_passing
    assert work_in_passing("my wife Priya's been on lates at the Asda depot for a year") == ["Priya works at Asda"]
    assert work_in_passing("been at uni 3 years and still can't cook") == []


def test_a_car_named_like_a_sport_gone_to_a_new_home_is_sold(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i drive a VW polo, is it due a service",
                              "the polo's gone to a new home, it's the train for me now")
    assert any("polo" in f.lower() for f in ended), ended
    assert declared_over("the golf's gone to the scrapyard") == ["I sold the golf"]


def test_a_second_pet_named_in_passing_ends_no_name(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my cat Biscuit hates the hoover",
                              "my cat Noodle keeps stealing Biscuit's food, how do i stop her?")
    assert not any("Biscuit" in f for f in ended), ended


@pytest.mark.parametrize("said", ["i'm getting a Tesla, so excited", "we're buying a new Volvo next spring"])
def test_a_car_being_got_is_an_arrangement_not_the_car(rules: RuleExtractor, said: str) -> None:
    assert all(f.tense == "plan" for f in _facts(rules, said) if f.slot and "car" in f.slot), [
        (f.text, f.slot, f.tense) for f in _facts(rules, said)]


def test_a_car_just_got_is_the_car(rules: RuleExtractor) -> None:
    assert any(f.slot == "user|car" and f.tense == "present" for f in _facts(rules, "just got a Tesla!!"))
