"""Session 38, from a Lagos accountant's move to Toronto told in my own words and a fresh blind benchmark file
(dev/blind_r.yaml): "i might sell the almera and get a scooter" replaced the car (the "get" half lost the hedge);
"i used to live in rome and work at fiat" kept Fiat current; "I work in London as a nurse" placed no job (the first
preposition's place hid the post); "as an accountant for 6 years" stored the edge works_at "6 years"; "now im back
home in kochi" was no home; "in uni i played rugby" stayed a current pastime; "got the kpmg offer!!! start on the 2nd"
kept nothing; "week 3 of switching from coffee to yerba mate" kept nothing; "we added redis to the stack" no tool;
"added him on linkedin" read "linkeding"; "got my son an iphone 15" made the iphone the speaker's phone and a son
named Iphone; "we split up but im seeing someone new, her name is priya" lost Priya; "signed a lease on a 2 bedroom
in scarborough" and "we take the ttc everywhere now" kept no home, no commute; "im a security guard" no job;
"kilimani side" then "kilimani, nairobi" ended the first as a change; "still at nubank" beside "a backend dev at
Nubank" was a second, separate employer.

The phrasings here are new (not the benchmark's); each mechanism is also tried where it must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of, texts_of
from tests.extraction.test_slot_changes import invalidated_after


def slotted(rules: RuleExtractor, said: str) -> dict[str, tuple[str, str]]:
    """slot -> (value, tense) of the facts ``said`` places."""
    return {f.slot: (f.object_key or "", f.tense) for f in facts_of(rules, said) if f.slot}


@pytest.mark.parametrize("said", [
    "if petrol keeps going up i might sell the swift and get a motorbike",
    "thinking of selling the car and getting an ebike",
])
def test_the_second_half_of_a_plan_is_a_plan_too(rules: RuleExtractor, said: str) -> None:
    facts = facts_of(rules, said)
    assert facts and all(f.tense == "plan" for f in facts), [(f.text, f.tense) for f in facts]


def test_the_second_half_of_a_done_thing_is_done(rules: RuleExtractor) -> None:
    # (a motorbike is keyed apart from the car since session 41: the swift's own "sold" ends it)
    assert slotted(rules, "I sold the swift and got a motorbike").get("user|car|motorbike", ("", ""))[1] == "present"


def test_what_one_used_to_do_and_the_next_thing_both_ended(rules: RuleExtractor) -> None:
    slots = slotted(rules, "i used to live in porto and work at sonae")
    assert slots["user|residence"][1] == "past" and slots["user|employer"][1] == "past", slots
    assert slotted(rules, "i used to live in porto and now work at sonae")["user|employer"][1] == "present"


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("I work in Glasgow as a physio", "user|occupation", "physio"),
    ("i work in leeds for the NHS", "user|employer", "nhs"),
])
def test_a_post_or_employer_after_the_town_is_placed(rules: RuleExtractor, said: str, slot: str, value: str) -> None:
    assert slotted(rules, said).get(slot, ("", ""))[0] == value


def test_a_stay_at_someones_place_in_a_town_is_still_no_home(rules: RuleExtractor) -> None:
    assert "user|residence" not in slotted(rules, "we stayed at my cousin's in York for the weekend")


def test_how_long_a_job_was_held_is_no_employer(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "i worked in doha as a quantity surveyor for 8 yrs")
    assert not any(t.relation == "works_at" for f in facts for t in f.triples), [f.triples for f in facts]
    assert any(f.slot == "user|occupation" and f.tense == "past" for f in facts)


def test_back_home_in_a_town_is_where_one_lives(rules: RuleExtractor) -> None:
    assert slotted(rules, "finally im back home in mangalore")["user|residence"][0] == "mangalore"
    assert "user|residence" not in slotted(rules, "im back home in Leeds for the weekend")


@pytest.mark.parametrize("said", ["in uni i played hockey, centre back", "i played netball at school",
                                  "back in school i played hockey, left wing, now its just the odd swim"])
def test_a_pastime_of_ones_student_days_is_past(rules: RuleExtractor, said: str) -> None:
    assert [t for s, (_, t) in slotted(rules, said).items() if "|hobbies|" in s] == ["past"]


def test_an_offer_named_before_the_word_offer_is_the_new_employer(rules: RuleExtractor) -> None:
    slots = slotted(rules, "got the accenture offer!!! start on the 3rd")
    assert slots.get("user|employer") == ("accenture", "present"), slots


def test_a_switch_counted_in_weeks_is_made(rules: RuleExtractor) -> None:
    slots = slotted(rules, "day 10 of switching from energy drinks to green tea, no crashes so far")
    assert any(s.startswith("user|drinks|") and v == "green tea" for s, (v, _) in slots.items()), slots


def test_a_tool_added_to_the_stack_is_used_and_a_hire_is_no_tool(rules: RuleExtractor) -> None:
    assert "user|tools|kafka" in slotted(rules, "we added kafka to the stack in march")
    assert not any("|tools|" in s for s in slotted(rules, "we added two new hires to the team"))


def test_linkedin_keeps_its_spelling(rules: RuleExtractor) -> None:
    assert any("linkedin" in t.lower() for t in texts_of(rules, "i added my new manager on linkedin"))


@pytest.mark.parametrize(("said", "slot"), [
    ("got my daughter an iphone 13 for her birthday", "user's daughter|phone"),
    ("finally got amma a redmi note 12", "amma|phone"),
    ("i bought my dad a kia sportage", "user's dad|car"),
])
def test_a_thing_got_for_someone_is_theirs(rules: RuleExtractor, said: str, slot: str) -> None:
    facts = facts_of(rules, said)
    assert slot in {f.slot for f in facts} and "user|phone" not in {f.slot for f in facts}, \
        [(f.text, f.slot) for f in facts]
    assert not any("named" in f.text for f in facts), [f.text for f in facts]


def test_an_honour_is_no_phone(rules: RuleExtractor) -> None:
    assert "user|phone" not in slotted(rules, "it was an honor to meet her")


def test_someone_new_named_after_a_breakup_in_one_sentence_is_the_partner(rules: RuleExtractor) -> None:
    facts = facts_of(rules, "still raw about jess and me splitting up but im seeing someone new, her name is ana")
    assert any(f.slot == "user|partner" and f.object_key == "ana" and not f.negated for f in facts), \
        [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("said", "town"), [
    ("we signed a lease on a 3 bedroom in mississauga", "mississauga"),
    ("just signed the lease for a flat in leith", "leith"),
])
def test_a_home_leased_in_a_town_is_where_one_lives(rules: RuleExtractor, said: str, town: str) -> None:
    assert slotted(rules, said)["user|residence"][0] == town


@pytest.mark.parametrize("said", ["signed a lease on our new office in Leeds", "i signed a lease on my car"])
def test_a_lease_on_no_home_is_no_move(rules: RuleExtractor, said: str) -> None:
    assert "user|residence" not in slotted(rules, said)


@pytest.mark.parametrize("said", ["we take the mrt everywhere now", "we take the bus everywhere now"])
def test_how_a_household_gets_around_is_the_commute(rules: RuleExtractor, said: str) -> None:
    assert "user|commute" in slotted(rules, said)


def test_a_security_guard_is_a_job(rules: RuleExtractor) -> None:
    assert slotted(rules, "im a security guard at the port")["user|occupation"][0] == "security guard"


def test_an_area_said_two_ways_is_no_move(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "i live in nairobi, westlands side, and work from home",
                             "as i said im in westlands, nairobi") == []


def test_still_at_the_company_a_job_named_restates_it(shared_memory: Memory, user: str) -> None:
    assert invalidated_after(shared_memory, user, "im a data analyst at Flutterwave, i write mostly sql",
                             "still at flutterwave btw, still doing sql all day") == []
    rows = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"] if r["layer"] != "episodic"]
    assert sum("Flutterwave" in r for r in rows) == 1, rows


def test_what_is_eaten_instead_after_a_food_given_up_is_kept(rules: RuleExtractor) -> None:
    slots = slotted(rules, "no more pork for me, just chicken and fish now")
    assert any(s.startswith("user|eats|") and "chicken" in v for s, (v, _) in slots.items()), slots


def test_a_medicine_said_without_im_is_the_speakers(rules: RuleExtractor) -> None:
    assert "user|medication|nicotine patches" in slotted(rules, "quit the vapes!! on nicotine patches now")
    assert not slotted(rules, "on my way now")


def test_a_switch_from_a_sport_to_an_exercise_ends_the_sport(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "i play basketball every thursday",
                             "my back is wrecked so i switched to swimming")
    assert any("basketball" in g for g in gone), gone


def test_a_clause_after_a_comma_the_parser_hung_on_a_noun_is_not_the_facts(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "back in uni i played rugby, second row, now its just the odd 5k run around the park")
    assert texts and not any("rugby" in t and "5k" in t for t in texts), texts


def test_working_from_home_after_a_list_of_places_is_no_home(rules: RuleExtractor) -> None:
    texts = texts_of(rules, "i live in pune, baner side, and work from home")
    assert not any("lives in work" in t for t in texts), texts


@pytest.mark.parametrize(("first", "then"), [
    ("we live in accra, osu side", "like i said we're in osu, accra"),
    ("i live in bangalore", "as i said im in whitefield, bangalore"),
])
def test_a_place_said_with_the_town_it_is_in_is_no_move(shared_memory: Memory, user: str, first: str,
                                                       then: str) -> None:
    assert invalidated_after(shared_memory, user, first, then) == []


def test_a_town_named_as_the_one_left_still_moves(shared_memory: Memory, user: str) -> None:
    assert any("Chennai" in t for t in invalidated_after(shared_memory, user, "i live in chennai",
                                                         "i'm in hyderabad now, not chennai"))


def test_a_name_said_with_here_opens_an_introduction(rules: RuleExtractor) -> None:
    slots = slotted(rules, "hiya, aoife here, 31, staff nurse in limerick on a medical ward")
    assert slots.get("user|age", ("", ""))[0] == "31" and slots.get("user|occupation", ("", ""))[0] == "staff nurse", \
        slots
    assert "user|occupation" not in slotted(rules, "mum here, 2 kids, tired")


@pytest.mark.parametrize(("said", "town"), [
    ("ok we're officially londoners now 😂", "london"),
    ("left brissie in may, officially a sydneysider now", "sydney"),
])
def test_becoming_a_towns_people_is_living_there(rules: RuleExtractor, said: str, town: str) -> None:
    assert slotted(rules, said)["user|residence"][0] == town


def test_a_towns_people_said_bare_may_be_where_one_is_from(rules: RuleExtractor) -> None:
    assert "user|residence" not in slotted(rules, "im a glaswegian")


def test_a_breed_called_a_name_is_the_pets_name_asked_by_its_kind(shared_memory: Memory, user: str) -> None:
    shared_memory.add("we have a spaniel called ruby, shes bonkers", user_id=user)
    top = shared_memory.search("whats my dog called?", user_id=user, limit=1)["results"][0]["memory"]
    assert "ruby" in top.lower(), top


def test_using_a_transit_line_now_is_the_commute(rules: RuleExtractor) -> None:
    assert slotted(rules, "sold the car, just using the luas now")["user|commute"][0] == "luas"


def test_a_medicine_named_by_a_qualified_noun_is_the_medication(rules: RuleExtractor) -> None:
    assert "user|medication|ramipril" in slotted(rules, "my bp meds are ramipril now, gp changed them")


def test_an_introduction_followed_by_a_clause_keeps_its_post(rules: RuleExtractor) -> None:
    slots = slotted(rules, "hey im dev, 27, data engineer at a startup called kuda, we're in abuja")
    assert slots.get("user|occupation", ("", ""))[0] == "data engineer", slots
    assert slots.get("user|residence", ("", ""))[0] == "abuja", slots


@pytest.mark.parametrize("said", ["ok so moniepoint let a bunch of us go last week 😭", "they let me go last friday"])
def test_a_company_letting_people_go_is_a_job_lost(shared_memory: Memory, user: str, said: str) -> None:
    gone = invalidated_after(shared_memory, user, "i work at Moniepoint as an analyst", said)
    assert any("Moniepoint" in g for g in gone), gone


def test_letting_the_dog_out_is_no_job_lost(rules: RuleExtractor) -> None:
    assert not any(f.negated for f in facts_of(rules, "we let the dog go outside"))


def test_a_partner_named_lower_case_after_is_ends_with_the_breakup(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my gf is tolu, shes a doctor", "tolu and i broke up, long story")
    assert any("Tolu" in g for g in gone), gone


def test_with_some_guy_named_is_the_new_partner(rules: RuleExtractor) -> None:
    slots = slotted(rules, "maya dumped josh lol, shes with some guy Theo from her running club now")
    assert slots.get("maya|partner", ("", ""))[0] == "theo", slots


def test_a_language_said_to_be_good_now_is_no_tool(rules: RuleExtractor) -> None:
    assert not any("|tools|" in s for s in slotted(rules, "my igbo is actually solid now after a year in enugu"))


def test_an_introduction_ending_in_an_area_keeps_its_post(rules: RuleExtractor) -> None:
    slots = slotted(rules, "hi there, i'm carol, 71, retired nurse in ohio, dayton area")
    assert slots.get("user|age", ("", ""))[0] == "71" and "user|occupation" in slots, slots


def test_a_persons_family_moving_moves_the_person(shared_memory: Memory, user: str) -> None:
    gone = invalidated_after(shared_memory, user, "my daughter sarah lives in leeds with her husband",
                             "sarah's family moved to york for his new job")
    assert any("Leeds" in g for g in gone), gone
