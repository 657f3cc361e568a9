"""Classes of phrasing from session 19's user trials: a thing sold and its successor got in one subjectless line
("sold my honda, bought a subaru"), the laptop one uses, a team's stack ("our stack is python + django on
heroku"), a platform left ("migrated off heroku"), a successor cheered ("ditched mysql, postgres ftw"), and a
"she" after a pet the speaker acted on ("we had to put Bess down. She was 14")."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_trial_six_lives import _facts


def _active(memory: Memory, user: str) -> list[str]:
    return [m["memory"] for m in memory.get_all(user_id=user)["results"]]


def _top(memory: Memory, user: str, question: str) -> str:
    return str(memory.search(question, user_id=user, limit=1)["results"][0]["memory"])


@pytest.mark.parametrize("before, after, old, new", [
    ("I drive a Honda Civic", "sold my honda, bought a subaru", "honda", "subaru"),
    ("I have an iPhone 12", "sold my old iphone, got a pixel 8", "iphone", "pixel"),
    ("I use a MacBook Air", "sold my old macbook, got a framework laptop running arch", "macbook", "framework"),
])
def test_a_thing_sold_and_its_successor_in_one_subjectless_line_replace_it(
        shared_memory: Memory, user: str, before: str, after: str, old: str, new: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    active = [t.lower() for t in _active(shared_memory, user)]
    assert any(new in t for t in active), active
    assert not any(old in t and new not in t and "sold" not in t for t in active), active


@pytest.mark.parametrize("said, value", [
    ("my laptop is a thinkpad x1", "thinkpad"),
    ("I'm on a macbook air these days", "macbook"),
    ("how do i clean the fans on my ThinkPad T480?", "thinkpad"),
    ("new laptop: framework 13", "framework"),
    ("bought a chromebook for uni", "chromebook"),
])
def test_the_laptop_one_uses_is_a_slot(rules: RuleExtractor, said: str, value: str) -> None:
    placed = [(text, slot) for text, slot in _facts(rules, said) if slot == "user|computer"]
    assert placed and value in placed[0][0].lower(), _facts(rules, said)


def test_a_new_laptop_answers_what_laptop_the_user_has(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I code on a ThinkPad T480, it's ancient lol", user_id=user)
    shared_memory.add("any good podcasts for the commute?", user_id=user)
    shared_memory.add("finally upgraded, traded the thinkpad for a MacBook Pro", user_id=user)
    assert "macbook" in _top(shared_memory, user, "What laptop does the user have?").lower()


@pytest.mark.parametrize("said, slots", [
    ("our stack is mostly python + django on heroku", {"user|tools|python", "user|tools|django", "user|tools|heroku"}),
    ("my stack is react and node", {"user|tools|react", "user|tools|node"}),
])
def test_a_teams_stack_names_its_tools(rules: RuleExtractor, said: str, slots: set[str]) -> None:
    facts = _facts(rules, said)
    assert slots <= {s for _, s in facts}, facts
    assert all(text.startswith("User") and " on on " not in text for text, _ in facts), facts


def test_a_platform_migrated_off_is_no_longer_in_the_stack(shared_memory: Memory, user: str) -> None:
    shared_memory.add("our stack is mostly python + django on heroku", user_id=user)
    shared_memory.add("finally migrated off heroku, everything's on aws now", user_id=user)
    active = [t.lower() for t in _active(shared_memory, user)]
    assert not any("heroku" in t and "off" not in t for t in active), active
    assert any("aws" in t for t in active), active


@pytest.mark.parametrize("said, slot", [
    ("also ditched mysql, postgres ftw", "user|tools|postgres"),
    ("quit energy drinks, matcha ftw", "user|drinks|matcha"),
])
def test_a_successor_cheered_after_an_ending_is_the_new_value(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said, text", [
    ("we moved off heroku to aws", "User moved off Heroku"),  # (a tool's name spelled as its makers do)
    ("I don't use vim, emacs or nano", "User doesn't use Emacs"),
])
def test_one_value_of_a_list_reads_as_a_sentence(rules: RuleExtractor, said: str, text: str) -> None:
    assert text in [t for t, _ in _facts(rules, said)], _facts(rules, said)


def test_each_language_of_a_list_is_its_own_value(rules: RuleExtractor) -> None:
    slots = {s for _, s in _facts(rules, "I speak Italian, Portuguese, a bit of Greek and Dutch")}
    assert {"user|languages|italian", "user|languages|portuguese", "user|languages|greek",
            "user|languages|dutch"} <= slots, slots


def test_she_after_a_pet_the_speaker_acted_on_is_the_pet(shared_memory: Memory, user: str) -> None:
    shared_memory.add("My wife Margaret and I live in a bungalow in Harrogate.", user_id=user)
    shared_memory.add("We've got a border collie called Bess.", user_id=user)
    shared_memory.add("Sad news, we had to put Bess down on Tuesday. She was 14.", user_id=user)
    shared_memory.add("we took Bess to the vet, she's got arthritis", user_id=user)
    active = _active(shared_memory, user)
    assert not any("Margaret" in t and ("14" in t or "arthritis" in t) for t in active), active


@pytest.mark.parametrize("said, partner", [
    ("got a girlfriend 😳 her name is Chloe", "Chloe"),
    ("got a boyfriend!! his name is Sam", "Sam"),
])
def test_a_partner_got_then_named_is_the_partner(rules: RuleExtractor, said: str, partner: str) -> None:
    assert (f"User's partner is {partner}", "user|partner") in _facts(rules, said), _facts(rules, said)


def test_an_unnamed_partner_is_a_partner_not_a_possession(rules: RuleExtractor) -> None:
    assert [s for _, s in _facts(rules, "I have a girlfriend now")] == ["user|partner"]


def test_a_couple_married_last_weekend_names_the_partner(rules: RuleExtractor) -> None:
    facts = _facts(rules, "ana and i got married last weekend 💍", "my partner Ana is Portuguese")
    assert any("married" in text and "Ana" in text for text, _ in facts), facts


def test_a_diet_that_was_not_for_me_ends(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I'm vegan but honestly struggling lol", user_id=user)
    shared_memory.add("eating meat again, vegan wasn't for me", user_id=user)
    active = [t.lower() for t in _active(shared_memory, user)]
    assert not any("vegan" in t and "not" not in t and "wasn't" not in t for t in active), active


def test_a_move_planned_for_spring_is_a_plan_until_it_happens(shared_memory: Memory, user: str) -> None:
    shared_memory.add("we're relocating to Porto in spring, Ana got a job there", user_id=user)
    shared_memory.add("done! we live in Porto now. loving it", user_id=user)
    assert "lives in porto" in _top(shared_memory, user, "Where does the user live?").lower()


@pytest.mark.parametrize("said, slots", [
    ("freelance designer, mostly figma, based in Lisbon for now",
     {"user|occupation", "user|tools|figma", "user|residence"}),
    ("29, nurse, living in Leeds", {"user|age", "user|occupation", "user|residence"}),
    ("hey! backend dev, mostly python, based in Berlin", {"user|occupation", "user|tools|python", "user|residence"}),
])
def test_a_profile_typed_as_a_bare_list_fills_its_slots(rules: RuleExtractor, said: str, slots: set[str]) -> None:
    assert slots <= {s for _, s in _facts(rules, said)}, _facts(rules, said)


@pytest.mark.parametrize("said", ["tired, hungry, bored", "coffee, toast, then work", "nurse, two kids, one cat"])
def test_a_list_that_is_no_profile_is_left_as_typed(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s], _facts(rules, said)


def test_a_value_swapped_in_keeps_no_words_that_described_the_old_one(shared_memory: Memory, user: str) -> None:
    shared_memory.add("working part time at a Pret near campus", user_id=user)
    shared_memory.add("quit pret, the hours were brutal. bartending at a pub now", user_id=user)
    assert not any("pub near campus" in t for t in _active(shared_memory, user)), _active(shared_memory, user)


@pytest.mark.parametrize("said, slot", [
    ("my mum lives in Cardiff", "user's mum|residence"),  # "lives" read as a plural noun at the root
    ("I moved to Leeds", "user|residence"),  # Leeds read as a plural noun and a product
    ("my mum has moved to Bath", "user's mum|residence"),  # a town that is also an English word
    ("moved to Bath last month", "user|residence"),  # ... read as part of a date
])
def test_a_home_the_small_tagger_misreads_is_still_a_home(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_a_move_to_a_misread_town_replaces_the_old_home(shared_memory: Memory, user: str) -> None:
    shared_memory.add("I live in Leeds", user_id=user)
    shared_memory.add("I moved to Bath", user_id=user)
    assert "bath" in _top(shared_memory, user, "Where does the user live?").lower()


def test_a_name_that_is_also_chat_for_a_job_stays_a_name(rules: RuleExtractor) -> None:
    facts = _facts(rules, "dev sold the restaurant, he's a private chef now", "my brother Dev is a chef in London")
    assert ("Dev is a private chef now", "dev|occupation") in facts, facts
    assert not any(text.startswith(("User is", "A ")) for text, _ in facts), facts


@pytest.mark.parametrize("before, after, question, old, now", [
    ("I take the bus to work most days", "got a bike so cycling to work now instead of the bus",
     "How does the user get to work?", "bus", "bike"),
    ("we use react", "we use svelte instead of react", "What framework does the user use?", "react", "svelte"),
])
def test_what_instead_of_names_ends_and_is_no_new_value(shared_memory: Memory, user: str, before: str, after: str,
                                                        question: str, old: str, now: str) -> None:
    shared_memory.add(before, user_id=user)
    shared_memory.add(after, user_id=user)
    active = [t.lower() for t in _active(shared_memory, user)]
    assert not any(old in t and "instead" not in t for t in active), active
    assert now in _top(shared_memory, user, question).lower()


def test_a_name_before_a_passive_is_the_subject_not_the_last_man_named(shared_memory: Memory, user: str) -> None:
    for said in ("my son Leo just turned 4", "my husband Raj works in finance at HSBC",
                 "raj got headhunted, he's at Barclays now"):
        shared_memory.add(said, user_id=user)
    active = _active(shared_memory, user)
    assert not any("Leo" in t and "Barclays" in t for t in active), active
    assert "barclays" in _top(shared_memory, user, "Where does Raj work?").lower()


@pytest.mark.parametrize("said, slot", [
    ("maya's 8 now, time flies", "maya|age"),
    ("my daughter's 8 now", "maya|age"),  # (the daughter named before)
])
def test_an_age_said_with_a_contracted_is(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said, "my daughter Maya is 7")], _facts(rules, said)


def test_a_correction_that_names_the_wrong_value_after_not(shared_memory: Memory, user: str) -> None:
    for said in ("my husband Raj works at HSBC", "raj got headhunted, he's at Barclays now",
                 "sorry, correction: Raj is at Lloyds not Barclays"):
        shared_memory.add(said, user_id=user)
    assert "lloyds" in _top(shared_memory, user, "Where does Raj work?").lower()


@pytest.mark.parametrize("said, place", [
    ("im in manchester now", "Manchester"),
    ("we live in sao paulo", "Sao Paulo"),
    ("moved to new york last year", "New York"),
])
def test_a_place_typed_in_lower_case_is_a_home(rules: RuleExtractor, said: str, place: str) -> None:
    assert any(slot == "user|residence" and place in text for text, slot in _facts(rules, said)), _facts(rules, said)


def test_a_place_name_that_is_an_english_word_is_not_recased_out_of_place() -> None:
    from mem_graph.extract.places import recase_places

    assert recase_places("reading a book in nice weather") == "reading a book in nice weather"
    assert recase_places("the temple was lovely, back in manchester now") == \
        "the temple was lovely, back in Manchester now"


def test_a_profile_after_a_background_lead_fills_its_slots(rules: RuleExtractor) -> None:
    said = "ok so quick background: 34, software engineer at Monzo, live in Hackney with my partner Jamie"
    facts = _facts(rules, said)
    assert {"user|age", "user|occupation", "user|residence"} <= {s for _, s in facts}, facts


def test_a_list_of_things_with_my_names_no_pet(rules: RuleExtractor) -> None:
    assert not _facts(rules, "my dog, my rules, my house")


def test_a_plain_present_after_a_comma_is_not_the_named_ones(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Biscuit stayed with Jamie, miss her loads")
    assert not any("Biscuit miss" in text for text, _ in facts), facts


def test_a_kin_name_said_without_an_apostrophe_is_the_kins(shared_memory: Memory, user: str) -> None:
    shared_memory.add("hello. my name is Ahmed, i am from Egypt", user_id=user)
    shared_memory.add("my wife name is Fatma, we have 3 childs", user_id=user)
    active = _active(shared_memory, user)
    assert any("Ahmed" in t for t in active), active
    assert "ahmed" in _top(shared_memory, user, "What is the user's name?").lower()


def test_a_pronoun_after_a_pet_noun_is_no_pet_name(rules: RuleExtractor) -> None:
    facts = _facts(rules, "january update: it's intense but good",
                   "also my girlfriend sam and i just adopted a cat, she's a tabby, we named her pixel")
    assert not facts, facts


@pytest.mark.parametrize("said", ["now we are in Cork, the house is nice", "I'm in Reading now"])
def test_a_known_town_the_tagger_calls_an_organisation_is_a_home(rules: RuleExtractor, said: str) -> None:
    assert "user|residence" in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_a_value_contrasted_with_not_after_a_comma_is_the_old_one(rules: RuleExtractor) -> None:
    facts = _facts(rules, "i drink green juice daily now fyi, not orange juice")
    assert ("user|drinks|green juice" in [s for t, s in facts if "doesn't" not in t]), facts
    assert any(s == "user|drinks|orange juice" and "doesn't" in t for t, s in facts), facts


def test_a_favourite_dethroned_keeps_its_sentence(shared_memory: Memory, user: str) -> None:
    shared_memory.add("butter chicken is my fave food", user_id=user)
    shared_memory.add("pad see ew is my new favourite, butter chicken got dethroned", user_id=user)
    top = _top(shared_memory, user, "What is the user's favourite food?")
    assert "pad see ew" in top.lower() and "favourite" in top.lower(), top


@pytest.mark.parametrize("said", ["i'm on eastern time now", "I'm in PST", "we're on pacific time"])
def test_a_time_zone_said_by_its_name_is_the_time_zone(rules: RuleExtractor, said: str) -> None:
    assert "user|timezone" in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_a_time_zone_is_no_home(rules: RuleExtractor) -> None:
    assert "user|residence" not in [s for _, s in _facts(rules, "i'm based in GMT but my team is in New York")]


@pytest.mark.parametrize("said, slot", [
    ("i drink orange juice daily", "user|drinks|orange juice"),  # "juice daily" read as a name, "drink" objectless
    ("orange juice > everything, i drink it daily", "user|drinks|orange juice"),  # the whole name, opening a line
])
def test_a_drink_had_daily_keeps_its_whole_name(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)
