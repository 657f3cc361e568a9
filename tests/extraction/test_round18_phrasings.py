"""Classes of phrasing from session 18: a value named once and then pointed at with a pronoun ("any tips for pho?
it's my favourite", "is there a good Redis GUI? we use it at work", "oat milk lattes > everything, i drink them
every day", "recipes for a pescatarian household? that's us")."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_trial_six_lives import _facts


@pytest.mark.parametrize("said, slot", [
    ("any tips for cooking pho at home? it's my favourite", "user|favourite|food"),
    ("where can i get good lasagne round here? honestly its my fave", "user|favourite|food"),
    ("is there a decent Redis GUI? we use it at work", "user|tools|redis"),
    ("what's the best theme for Sublime Text? it's what i write everything in", "user|tools|sublime text"),
    ("kombucha > soda, i drink it every day", "user|drinks|kombucha"),
    ("recipes for a pescatarian household? that's us", "user|diet"),
])
def test_a_value_pointed_at_with_a_pronoun_is_read(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said", [
    "the train was late again. it's my favourite thing to complain about",  # the pronoun is the moment
    "is pho hard to make? i might try it this weekend",  # a plan
    "my flatmate swears by kombucha. she drinks it every day",  # someone else's
    "is lasagne hard to make? it's not my favourite but my kids love it",  # negated
])
def test_a_pronoun_that_points_elsewhere_places_nothing(rules: RuleExtractor, said: str) -> None:
    placed = [s for _, s in _facts(rules, said) if s and s.startswith("user|")]
    assert not any(s.startswith(("user|favourite", "user|drinks")) for s in placed), placed


def test_a_favourite_pointed_at_is_replaced_by_a_new_one(tmp_path: object) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("where's the best pho near me? it's my favourite", user_id="ana")
        memory.add("what's the weather like this weekend", user_id="ana")
        memory.add("new fave food: ramen, obsessed", user_id="ana")
        active = [m["memory"] for m in memory.get_all(user_id="ana")["results"]]
        top = memory.search("What is the user's favourite food?", user_id="ana", limit=1)["results"][0]
    assert not any("pho" in text.lower() for text in active), active
    assert "ramen" in top["memory"].lower()


@pytest.mark.parametrize("said, slot", [
    ("kickboxing keeps me sane honestly", "user|hobbies|kickboxing"),
    ("aerobics tonight, wish me luck", "user|hobbies|aerobics"),
    ("skipped netball again this week oops", "user|hobbies|netball"),
    ("sorry cant talk, i have rowing at 7", "user|hobbies|rowing"),
    ("just back from climbing, my forearms are done", "user|hobbies|climbing"),
    ("i do calisthenics like 4x a week", "user|hobbies|calisthenics"),
    ("I don't do aerobics anymore", "user|hobbies|aerobics"),
])
def test_a_sport_said_in_passing_as_ones_routine_is_a_hobby(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said", [
    "my sister has netball tonight", "the match tonight was wild", "skipped lunch today, oops",
    "my brother's rowing keeps him sane",
])
def test_someone_elses_sport_or_no_sport_is_no_hobby_of_mine(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s and s.startswith("user|hobbies")], _facts(rules, said)


def test_being_in_a_relationship_replaces_being_divorced(tmp_path: object) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("divorced, 2 kids, that's me", user_id="bo")
        memory.add("im in a relationship now, my sister set us up", user_id="bo")
        active = [m["memory"] for m in memory.get_all(user_id="bo")["results"]]
    assert not any("divorced" in text for text in active), active
    assert any("in a relationship" in text for text in active), active


@pytest.mark.parametrize("said", ["my sister is in a relationship", "i'm in a relationship with Tom"])
def test_someone_elses_relationship_or_a_named_partner_is_no_bare_status(rules: RuleExtractor, said: str) -> None:
    """Only the speaker's own unnamed relationship is a status; "with Tom" names the partner, which the partner
    readers keep."""
    assert not any(s == "user|partner" and "relationship" in t.lower() and "tom" not in t.lower()
                   for t, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said, slot", [
    ("being pescatarian at a work dinner is a whole thing", "user|diet"),
    ("asking as a paramedic: is this normal?", "user|occupation"),
    ("as a vegan, can I eat this?", "user|diet"),
    ("plumber by day, gamer by night", "user|occupation"),
    ("classic plumber problem: everyone calls at 2am", "user|occupation"),
])
def test_what_the_speaker_is_said_as_a_standpoint_is_read(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said", ["as a kid, did you like lego?", "classic monday problem: no coffee",
                                  "being at a wedding is exhausting"])
def test_a_standpoint_that_is_no_trade_or_diet_places_nothing(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s], _facts(rules, said)


@pytest.mark.parametrize("said, diet", [
    ("i'm flexitarian", "flexitarian"), ("im dairy-free", "dairy-free"), ("im low-carb these days", "low-carb"),
    ("switched from vegan to flexitarian 🥗", "flexitarian"), ("so i changed from paleo to keto", "keto"),
])
def test_more_diets_and_a_switch_between_them_are_the_diet(rules: RuleExtractor, said: str, diet: str) -> None:
    assert any(s == "user|diet" and diet in t.lower() for t, s in _facts(rules, said)), _facts(rules, said)


def test_someone_elses_switch_of_diet_is_not_mine(rules: RuleExtractor) -> None:
    assert "user|diet" not in [s for _, s in _facts(rules, "my mum switched from vegan to vegetarian")]


@pytest.mark.parametrize("said, name", [
    ("cant come out, Pepper needs a walk", "Pepper"),
    ("vet appt for Pepper on friday 🐶", "Pepper"),
    ("new puppy!!! meet Pepper 🐶", "Pepper"),
    ("after Rex died we adopted a rescue dog named Pepper", "Pepper"),
])
def test_a_dog_named_where_only_a_dog_would_be_is_my_dogs_name(rules: RuleExtractor, said: str, name: str) -> None:
    # ("new puppy!!! meet Pepper": the new dog's name, as "my new dog is called Pepper" is read, session 48)
    assert any(s in ("user's dog|name", "user's new dog|name") and name in t for t, s in _facts(rules, said)), \
        _facts(rules, said)


@pytest.mark.parametrize("said", ["my sister's dog Pepper needs a walk", "meet Dave, my new manager",
                                  "walking Sarah home rn"])
def test_someone_elses_dog_or_a_person_is_no_dog_of_mine(rules: RuleExtractor, said: str) -> None:
    assert not [s for _, s in _facts(rules, said) if s and s.endswith("|name")], _facts(rules, said)


def test_a_new_dog_met_after_the_old_one_died_is_the_dog_now(tmp_path: object) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("my dog Rex just ate a sock lol", user_id="cy")
        memory.add("new puppy!! meet Pepper 🐶 (we lost Rex in the spring)", user_id="cy")
        top = memory.search("What is the name of the user's dog?", user_id="cy", limit=1)["results"][0]
    assert "Pepper" in top["memory"], top


@pytest.mark.parametrize("before, change, old", [
    ("i do barre like 3x a week", "quit barre, started jiu-jitsu 🔥", "barre"),
    ("i do zumba twice a week", "quit zumba, started pilates", "zumba"),
])
def test_quitting_a_sport_the_parser_does_not_know_ends_it(tmp_path: object, before: str, change: str,
                                                           old: str) -> None:
    """The tagger reads "zumba" as an adverb and "barre" as a person's name: both are still what was quit."""
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add(before, user_id="di")
        memory.add(change, user_id="di")
        active = [m["memory"] for m in memory.get_all(user_id="di")["results"]]
    assert not any(old in text and "quit" not in text for text in active), active


def test_being_in_a_relationship_keeps_the_named_partner(tmp_path: object) -> None:
    """A status and a named partner are both true ("in a relationship, 3 years now" does not end "my boyfriend is
    called Tom", even with its "now")."""
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("my boyfriend is called Tom", user_id="ed")
        memory.add("im in a relationship lol, 3 years now", user_id="ed")
        active = [m["memory"] for m in memory.get_all(user_id="ed")["results"]]
    assert any("Tom" in text for text in active), active


@pytest.mark.parametrize("said, slot", [
    ("onboarding at Monzo rn, so many slack channels", "user|employer"),
    ("being engaged rn is stressful tbh", "user|partner"),
    ("fave food changed lol, gyoza now", "user|favourite|food"),
    ("is it bad i have matcha every single day", "user|drinks|matcha"),
    ("is it weird that we still use MySQL?", "user|tools|mysql"),
    ("any good brunch spots in Lisbon? (i live here so no tourist traps pls)", "user|residence"),
    ("i drink a flat white every morning", "user|drinks|flat white"),
])
def test_more_passing_statements_are_read(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said", ["my sister is onboarding at Monzo",
                                  "is it weird that my sister drinks kombucha daily",
                                  "is it bad i might start drinking matcha", "Lisbon is lovely, i used to live here"])
def test_someone_elses_or_a_past_or_planned_passing_statement_is_not_mine(rules: RuleExtractor, said: str) -> None:
    placed = [s for _, s in _facts(rules, said) if s]
    assert not any(s.startswith(("user|employer", "user|drinks", "user|residence")) for s in placed), placed


@pytest.mark.parametrize("said", [
    "my son's Westgate Primary sports day is friday, wish me luck",
    "my boy's school (Westgate Primary) has a non-uniform day tmrw",
    "Westgate Primary parent here 👋 my son's in year 3",
])
def test_a_childs_school_said_in_passing_is_the_childs_school(rules: RuleExtractor, said: str) -> None:
    assert any(s == "user's son|school" and "Westgate Primary" in t for t, s in _facts(rules, said)), \
        _facts(rules, said)


def test_someone_elses_childs_school_is_not_my_childs(rules: RuleExtractor) -> None:
    assert not [s for _, s in _facts(rules, "my sister's Westgate Primary sports day is friday") if s and
                s.endswith("|school") and s.startswith("user's son")]


def test_a_diet_that_was_not_working_is_no_diet_of_mine(tmp_path: object) -> None:
    """"keto wasnt working for me" is no "I'm keto": the new diet stays."""
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("im keto", user_id="fi")
        memory.add("went paleo last month!! keto wasnt working for me", user_id="fi")
        top = memory.search("What diet does the user follow?", user_id="fi", limit=1)["results"][0]
    assert "paleo" in top["memory"], top


def test_an_address_changed_to_a_place_is_a_home_not_a_tool(rules: RuleExtractor) -> None:
    slots = [s for _, s in _facts(rules, "changed my address on everything to Bristol today, the move is real")]
    assert "user|residence" in slots and not any(s and s.startswith("user|tools") for s in slots), slots


@pytest.mark.parametrize("said, partner", [("anniversary w Marcus next week, gift ideas?", "Marcus"),
                                           ("2 year anniversary with Priya on friday!!", "Priya")])
def test_an_anniversary_with_someone_names_the_partner(rules: RuleExtractor, said: str, partner: str) -> None:
    assert any(s == "user|partner" and partner in t for t, s in _facts(rules, said)), _facts(rules, said)


@pytest.mark.parametrize("said", ["my parents' anniversary with Grandma", "my sister's date night with Tom"])
def test_someone_elses_anniversary_names_no_partner_of_mine(rules: RuleExtractor, said: str) -> None:
    assert "user|partner" not in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said, slot, value", [
    ("quit Deloitte. Monzo offer signed, already started 😎", "user|employer", "Monzo"),
    ("our backend is all Cassandra", "user|database", "Cassandra"),
])
def test_a_value_taken_up_or_run_on_is_read(rules: RuleExtractor, said: str, slot: str, value: str) -> None:
    assert any(s == slot and value in t for t, s in _facts(rules, said)), _facts(rules, said)


def test_an_offer_not_yet_started_is_no_employer(rules: RuleExtractor) -> None:
    assert "user|employer" not in [s for _, s in _facts(rules, "Monzo offer signed!! start in march")]


@pytest.mark.parametrize("said, slot", [
    ("?? what should i make for dinner, i'm pescatarian btw", "user|diet"),
    ("any good walks nearby? i live in Harrogate", "user|residence"),
    ("can you help with my cover letter, im a paramedic btw", "user|occupation"),
    ("what's a good gift, my sister is vegan", "user's sister|diet"),
])
def test_a_statement_said_aside_in_a_question_is_kept(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


def test_a_plan_aside_in_a_question_is_no_fact(rules: RuleExtractor) -> None:
    assert not [s for _, s in _facts(rules, "should i get a dog, i'm thinking about it") if s]


def test_leaving_the_company_ends_the_job_held_there(tmp_path: object) -> None:
    """"I'm a product designer at Shopify" holds the employer only as an edge; leaving Shopify ends that job."""
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("i'm a product designer at Shopify", user_id="gi")
        memory.add("left Shopify on friday, starting at Figma monday 🎉", user_id="gi")
        active = [m["memory"] for m in memory.get_all(user_id="gi")["results"]]
    assert not any("designer at Shopify" in text for text in active), active
    assert any("Figma" in text for text in active), active


def test_someone_else_leaving_my_company_ends_nothing(tmp_path: object) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("i'm a product designer at Shopify", user_id="hu")
        memory.add("my manager left Shopify on friday", user_id="hu")
        active = [m["memory"] for m in memory.get_all(user_id="hu")["results"]]
    assert any("designer at Shopify" in text for text in active), active


def test_a_school_named_in_brackets_is_no_she(tmp_path: object) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add("my girl's school (Ridgeview Elementary) has a bake sale friday", user_id="ia")
        memory.add("she's at Harborview Academy now, we pulled my daughter out of Ridgeview Elementary",
                   user_id="ia")
        top = memory.search("Which school does the user's daughter go to?", user_id="ia", limit=1)["results"][0]
    assert "Harborview" in top["memory"] and "Ridgeview" not in top["memory"], top


@pytest.mark.parametrize("said, slot", [
    ("41yo here", "user|age"),
    ("listening to Fleetwood Mac on the train again, as usual", "user|stance|fleetwood mac"),
])
def test_an_age_label_and_music_on_loop_are_read(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("said", ["currently in a relationship 🙃", "in a new relationship, its going well"])
def test_a_relationship_said_without_i_is_the_speakers(rules: RuleExtractor, said: str) -> None:
    assert "user|partner" in [s for _, s in _facts(rules, said)], _facts(rules, said)


@pytest.mark.parametrize("before, after, gone", [
    ("Okay, context first: I'm in a relationship, we've been together about three years.",
     "Big news, we got engaged on Saturday!", "in a relationship"),
    ("I'm in a relationship with a lovely guy called Sam, it's been a year.",
     "So, I'm single again, Sam and I split up last month.", "in a relationship"),
])
def test_a_relationship_status_is_replaced_by_the_next(tmp_path: object, before: str, after: str, gone: str) -> None:
    with Memory(path=tmp_path) as memory:  # type: ignore[arg-type]
        memory.add(before, user_id="jo")
        memory.add(after, user_id="jo")
        active = [m["memory"] for m in memory.get_all(user_id="jo", filters={"layer": "durable"})["results"]]
    assert not any(gone in text for text in active), active


def test_one_of_a_drink_said_in_the_plural_is_the_drink(rules: RuleExtractor) -> None:
    facts = _facts(rules, "flat whites are my thing, i have one every morning")
    assert "user|drinks|flat white" in [s for _, s in facts], facts


def test_a_drink_had_once_is_no_habit(rules: RuleExtractor) -> None:
    assert not [s for _, s in _facts(rules, "espressos are grim, i had one once") if s and "drinks" in s]
