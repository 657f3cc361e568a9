"""Classes of phrasing from the user trials (omar, priya, kim) and the other-person misses: each class is
tested with phrasings beyond the trial's own, and with phrasings that must not fire."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.question import asked_slots
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Fact, Message
from tests.extraction.test_slot_changes import current, invalidated


def _facts(rules: RuleExtractor, turns: list[str]) -> list[Fact]:
    """The facts of the last turn, the earlier ones given as the scope's context."""
    msgs = [Message(role="user", content=t) for t in turns]
    return rules.extract(msgs[-1:], msgs[:-1])[0]


@pytest.mark.parametrize(("before", "after", "model"), [
    ("We've got an old Vauxhall Astra, does the job", "Sold the Astra last month, don't need a car now", "Astra"),
    ("my car is a nissan qashqai", "got rid of the qashqai last week", "qashqai"),
    ("I drive a Skoda Kodiaq", "we sold the Kodiaq in May", "Kodiaq"),
    ("I drive a Mazda CX-5", "I sold my CX-5 to my cousin", "CX-5"),
])
def test_a_car_sold_by_its_model_name_ends_the_car(shared_memory: Memory, user: str, before: str, after: str,
                                                   model: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert any(model in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    assert not any(model in t for t in current(shared_memory, user)), current(shared_memory, user)


@pytest.mark.parametrize("after", ["I sold my old iPhone last month", "sold the sofa, finally"])
def test_selling_something_else_keeps_the_car(shared_memory: Memory, user: str, after: str) -> None:
    shared_memory.add("I drive a Kia Sportage", user_id=user)
    shared_memory.add(after, user_id=user)
    assert any("Sportage" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert not any("Sportage" in t for t in invalidated(shared_memory, user))


@pytest.mark.parametrize(("said", "condition"), [
    ("I have type 2 diabetes, managed with metformin", "diabetes"),
    ("i have type 1 diabetes", "diabetes"),
    ("I've got stage 3 kidney disease", "kidney disease"),
    ("I have crohn's disease", "crohn's disease"),
    ("I have an eating disorder", "eating disorder"),
])
def test_a_health_condition_with_a_grade_or_a_head_word_is_a_condition(rules: RuleExtractor, said: str,
                                                                       condition: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot is not None and f.slot.startswith("user|health_condition") and condition in f.text.lower()
               for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize("said", ["we're at stage 2 of the plan", "I have type 2 of the forms to fill in"])
def test_a_stage_or_a_type_of_something_else_is_no_condition(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.slot and "health_condition" in f.slot for f in facts), [(f.slot, f.text) for f in facts]


def test_a_second_condition_adds_to_the_first(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I have type 2 diabetes, managed with metformin", user_id=user)
    shared_memory.add("Also the doctor says I've got arthritis in my left knee now.", user_id=user)
    now = current(shared_memory, user)
    assert any("diabetes" in t for t in now) and any("arthritis" in t for t in now), now
    assert not invalidated(shared_memory, user)


@pytest.mark.parametrize(("said", "school"), [
    ("my son got into Oxford", "Oxford"),
    ("my daughter got accepted into Durham University", "Durham"),
    ("I got into UCL to do medicine", "UCL"),
])
def test_getting_into_a_university_is_a_school_not_a_stance(rules: RuleExtractor, said: str, school: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot and f.slot.endswith("|school") and school in f.text for f in facts), \
        [(f.slot, f.text) for f in facts]
    assert not any(f.slot and "|stance" in f.slot for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize("said", ["I got into Radiohead in college", "got into jazz last year",
                                  "I got into Metallica as a teen"])
def test_getting_into_music_stays_a_stance(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.slot and f.slot.endswith("|school") for f in facts), [(f.slot, f.text) for f in facts]


def test_a_child_getting_into_a_university_moves_them_on_from_school(shared_memory: Memory, user: str) -> None:
    shared_memory.add("My daughter Layla is in year 13 at Roundhay School.", user_id=user)
    shared_memory.add("Layla got into Durham!! She starts in October, studying law.", user_id=user)
    assert any("Durham" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert any("Roundhay" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
    top = shared_memory.search("where does Layla study?", user_id=user)["results"][0]["memory"]
    assert "Durham" in top, top  # the school, not "Layla studying law"


@pytest.mark.parametrize(("question", "slot"), [
    ("where does Layla study?", "school"), ("where does your son study now", "school"),
    ("what does Layla study?", "field_of_study"), ("where does she teach", "employer"),
])
def test_where_asks_for_the_place_of_a_verb_not_its_object(question: str, slot: str) -> None:
    assert asked_slots(question) == {slot}


@pytest.mark.parametrize(("said", "names"), [
    ("we've got two cats, biscuit and mochi", ["Biscuit", "Mochi"]),
    ("we've got three kittens, salt, pepper and cumin", ["Salt", "Pepper", "Cumin"]),
])
def test_pets_counted_then_named_in_lower_case_are_each_a_named_pet(rules: RuleExtractor, said: str,
                                                                    names: list[str]) -> None:
    facts = _facts(rules, [said])
    for name in names:
        assert any(f.slot == f"user|pets|{name.lower()}" and name in f.text for f in facts), \
            [(f.slot, f.text) for f in facts]


def test_pets_counted_then_listed_by_kind_are_no_names(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["we have two cats, a dog and a hamster"])
    assert not any("named" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("my partner dev works in retail", "dev got a new job too, he's teaching chemistry at a secondary school now",
     "retail", "chemistry"),
    ("my brother works in construction", "my brother is a teacher now", "construction", "teacher"),
    ("my wife works in publishing", "she's a midwife now", "publishing", "midwife"),
])
def test_a_line_of_work_is_an_occupation_a_new_job_replaces(shared_memory: Memory, user: str, before: str,
                                                            after: str, old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    assert any(new in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert any(old in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize("said", ["I work in London", "i work in the garden on weekends"])
def test_working_in_a_place_is_no_occupation(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.slot and f.slot.endswith("|occupation") for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("my son Theo studies at Leeds University", "theo|school", "Leeds"),
    ("My daughter Mia studies law at Leeds", "mia|field_of_study", "law"),
])
def test_a_person_who_studies_somewhere_is_read_as_studying(rules: RuleExtractor, said: str, slot: str,
                                                            value: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot == slot and value in f.text for f in facts), [(f.slot, f.text) for f in facts]


def test_ones_studies_stay_a_noun(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["my studies at Leeds are going well"])
    assert not any(f.slot and f.slot.endswith(("|school", "|field_of_study")) for f in facts), \
        [(f.slot, f.text) for f in facts]


def test_a_child_who_transfers_university_leaves_the_old_one(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my son Theo studies at Leeds University", user_id=user)
    shared_memory.add("he transferred to Durham University in September", user_id=user)
    assert any("Durham" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert any("Leeds" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)


@pytest.mark.parametrize(("before", "after", "old", "new"), [
    ("my wife works at a hospital in cork", "she just started at a private clinic, way better hours", "hospital",
     "clinic"),
    ("my husband works at Barclays", "he just started at a law firm in the city", "Barclays", "law firm"),
    ("I work at a hotel", "I just started at a bakery down the road", "hotel", "bakery"),
])
def test_starting_at_a_workplace_named_by_its_kind_is_a_new_employer(shared_memory: Memory, user: str, before: str,
                                                                     after: str, old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    now = current(shared_memory, user)
    assert any(new in t for t in now), now
    assert not any(old in t and new not in t for t in now), now


@pytest.mark.parametrize("said", ["I started at the office at 8 today", "we started at the station and walked"])
def test_starting_somewhere_that_is_no_workplace_is_no_employer(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.slot and f.slot.endswith("|employer") for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize(("said", "slots"), [
    ("my kids are Lily and Sam. Lily goes to Greenfield Primary and Sam goes to Northgate School",
     {"lily|school": "Greenfield", "sam|school": "Northgate"}),
    ("Mia works at Tesco and Sam works at Aldi", {"mia|employer": "Tesco", "sam|employer": "Aldi"}),
])
def test_two_peoples_clauses_joined_by_and_are_two_facts(rules: RuleExtractor, said: str,
                                                         slots: dict[str, str]) -> None:
    facts = _facts(rules, [said])
    for slot, value in slots.items():
        assert any(f.slot == slot and value in f.text for f in facts), [(f.slot, f.text) for f in facts]


def test_one_child_changing_school_leaves_the_others_school(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my kids are Lily and Sam. Lily goes to Greenfield Primary and Sam goes to Northgate School",
                      user_id=user)
    shared_memory.add("quick update: Lily changed to Maple Grove School", user_id=user)
    now = current(shared_memory, user)
    assert any("Maple Grove" in t for t in now) and any("Northgate" in t for t in now), now
    assert not any("Greenfield" in t for t in now), now


@pytest.mark.parametrize(("said", "pastime"), [
    ("Honestly I've gone off golf, my back can't take it. Spending Sundays at the allotment instead.", "allotment"),
    ("I spend my weekends hiking", "hiking"),
    ("spending evenings at the climbing wall these days", "climbing wall"),
])
def test_regular_time_spent_somewhere_is_a_pastime(rules: RuleExtractor, said: str, pastime: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot == f"user|hobbies|{pastime}" for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize("said", ["I spent the night at the hospital", "I spend weekends at my mum's",
                                  "I spend Saturdays at work"])
def test_time_spent_at_work_home_or_once_is_no_pastime(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.slot and "|hobbies" in f.slot for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize(("turns", "subject", "value"), [
    (["my roommate Kai has a parrot named Mango", "my dog is called Bruno",
      "Kai gave Mango to his parents, he has a gecko called Ziggy now"], "Kai", "Ziggy"),
    (["my neighbour Tom has a cat called Felix", "Tom feeds Felix at six, he works nights at the hospital"],
     "Tom", "hospital"),
])
def test_he_after_a_named_pet_is_the_person_not_the_pet(rules: RuleExtractor, turns: list[str], subject: str,
                                                        value: str) -> None:
    facts = _facts(rules, turns)
    assert any(f.text.startswith(subject) and value in f.text for f in facts), [f.text for f in facts]
    pet = turns[-1].split()[2]
    assert not any(f.text.startswith(pet) for f in facts), [f.text for f in facts]


@pytest.mark.parametrize("said", ["Raj is engaged to Nina", "my coworker Raj got engaged. Raj is engaged to Nina"])
def test_a_name_the_tagger_misreads_is_never_the_speaker(rules: RuleExtractor, said: str) -> None:
    facts = _facts(rules, [said])
    assert not any(f.text.startswith("User is") or f.slot == "user|partner" for f in facts), \
        [(f.slot, f.text) for f in facts]


def test_a_misread_name_before_its_verb_is_the_subject(rules: RuleExtractor) -> None:
    facts = _facts(rules, ["actually they broke up, Raj is with Sofia now"])
    assert any(f.text.startswith("Raj is with Sofia") for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("said", "slot"), [
    ("we got a tortoise called Shelly", "user|pets|tortoise"),
    ("I have two gerbils", "user|pets|two gerbils"),
    ("my roommate Kai has a gecko called Ziggy", "kai|pets|gecko"),
])
def test_less_common_pets_are_pets(rules: RuleExtractor, said: str, slot: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot == slot for f in facts), [(f.slot, f.text) for f in facts]


@pytest.mark.parametrize(("said", "slot", "partner"), [
    ("my brother Tom is engaged to Emma", "tom|partner", "Emma"),
    ("my coworker Raj is engaged to Nina", "raj|partner", "Nina"),
])
def test_a_subject_the_parser_hangs_on_the_auxiliary_is_still_the_subject(rules: RuleExtractor, said: str,
                                                                          slot: str, partner: str) -> None:
    facts = _facts(rules, [said])
    assert any(f.slot == slot and partner in f.text for f in facts), [(f.slot, f.text) for f in facts]


def test_someone_elses_new_partner_replaces_the_old_one(shared_memory: Memory, user: str) -> None:
    shared_memory.add("my coworker Raj is engaged to Nina", user_id=user)
    shared_memory.add("actually they broke up, Raj is with Sofia now", user_id=user)
    assert any("Sofia" in t for t in current(shared_memory, user)), current(shared_memory, user)
    assert any("Nina" in t for t in invalidated(shared_memory, user)), invalidated(shared_memory, user)
