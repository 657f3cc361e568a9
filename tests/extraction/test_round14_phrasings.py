"""Classes of phrasing from session 14's fresh template grid: a pet's new name said as "X is now Y" or with the
name the tagger took for a noun, a relationship status said in a fragment or as "went from X to Y", favourites
said without their noun or as one dish beating another, a genre replacing another, and the team's own system
("prod", "our data") on a database."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_round13_phrasings import _active
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts, _top


@pytest.mark.parametrize("change", [
    "we renamed the dog Otis", "Milo is now Otis, the kids insisted",
    "turns out Milo didn't suit him, he's Otis now"])
def test_a_dogs_new_name_ends_the_old_one(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "my dog's name is Milo", "haha yeah", change)
    assert any("Milo" in f for f in ended), _active(shared_memory, user)
    assert "Otis" in _top(shared_memory, user, "what's my dog called?")


def test_someone_elses_name_now_is_no_pet_rename(rules: RuleExtractor) -> None:
    facts = _facts(rules, "Sam is now Alex, she came out last year", "my dog's name is Milo")
    assert not any(s and s.endswith("|name") for _, s in facts), facts


@pytest.mark.parametrize("change", [
    "not single anymore, engaged as of saturday", "went from single to engaged this year",
    "my status changed, engaged"])
def test_a_relationship_status_said_in_a_fragment_replaces_the_old(shared_memory: Memory, user: str,
                                                                    change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm single", "ugh mondays", change)
    assert any("single" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["went from 5k to 10k this year", "not a single one since"])
def test_no_status_from_other_words(rules: RuleExtractor, line: str) -> None:
    assert not any(s == "user|partner" for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize("change", [
    "my favourite food these days is curry", "favourite food changed to curry", "curry beats lasagne now",
    "curry has overtaken lasagne as my favourite", "sushi is my favourite now"])
def test_a_new_favourite_food_said_loosely_ends_the_old(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite food is lasagne", "thanks, that helps", change)
    assert any("lasagne" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["curry beats lasagne", "Leeds beat Hull now and then"])
def test_a_win_said_as_no_change_names_no_favourite(rules: RuleExtractor, line: str) -> None:
    assert not any(s and "|favourite" in s for _, s in _facts(rules, line)), _facts(rules, line)


def test_a_genre_replacing_another_ends_the_old_stance(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I love punk", "opera has totally replaced punk on my playlists")
    assert any("punk" in f for f in ended), _active(shared_memory, user)
    assert "opera" in _top(shared_memory, user, "what kind of music am I into?").lower()


@pytest.mark.parametrize(("state", "change"), [
    ("we use Postgres", "prod is on MongoDB now"),
    ("we use Postgres", "our data's in MongoDB now"),
])
def test_the_teams_own_system_on_a_new_database_ends_the_old(shared_memory: Memory, user: str, state: str,
                                                              change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, change)
    assert any("Postgres" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["I'm in Postgres all day", "we live in Leeds", "my house is in Leeds"])
def test_a_person_in_a_database_or_a_place_is_no_system(rules: RuleExtractor, line: str) -> None:
    assert not any(s and s.endswith("|database") for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize(("state", "change", "old"), [
    ("I live in Madrid", "moving to Seville was the best decision, been here 2 months", "Madrid"),
    ("we use Postgres", "finished the Postgres to MongoDB migration yesterday", "Postgres"),
    ("I'm dating Ryan", "my new boyfriend Chris is lovely", "Ryan"),
    ("I use Atom", "ditched Atom, VS Code all the way", "Atom"),
])
def test_a_change_said_in_passing_ends_the_old_value(shared_memory: Memory, user: str, state: str, change: str,
                                                      old: str) -> None:
    ended = invalidated_after(shared_memory, user, state, change)
    assert any(old in f for f in ended), _active(shared_memory, user)


def test_a_status_read_from_the_sentence_is_not_ended_by_its_own_restatement(shared_memory: Memory,
                                                                              user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm engaged", "went from married to divorced this spring")
    assert not any("divorced" in f for f in ended), ended
    assert any("divorced" in f for f in _active(shared_memory, user)), _active(shared_memory, user)


@pytest.mark.parametrize(("line", "liked"), [("nothing beats punk honestly", "punk"),
                                             ("you can't beat lasagne", "lasagne")])
def test_nothing_beats_is_a_liking(rules: RuleExtractor, line: str, liked: str) -> None:
    assert (f"User loves {liked}", f"user|stance|{liked}") in _facts(rules, line), _facts(rules, line)


def test_a_nothing_beats_of_no_thing_is_no_liking(rules: RuleExtractor) -> None:
    assert not any(s for _, s in _facts(rules, "nothing beats a hot shower after work")), \
        _facts(rules, "nothing beats a hot shower after work")


def test_prod_running_on_a_database_is_no_pastime_and_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "we run everything on mysql at work, it's a pain",
                              "mysql is finally gone, prod runs on postgres now 🎉")
    assert any("mysql" in f.lower() for f in ended), _active(shared_memory, user)
    assert "postgres" in _top(shared_memory, user, "what database do we use?").lower()
    assert not any("hobbies" in (s or "") for _, s in _facts(RuleExtractor(), "prod runs on postgres now"))


def test_a_pet_named_long_before_is_the_dog_a_rename_speaks_of(shared_memory: Memory, user: str) -> None:
    turns = ["hey! i'm tomasz, backend dev, living in leeds with my dog biscuit", "we use mysql at work",
             "big jazz guy", "what should I cook tonight?", "work is mad", "any tips for learning golang?",
             "ugh mondays", "also the kids renamed the dog, he's waffles now lol"]
    for turn in turns:  # the dog was named more turns ago than an add() reads as its context
        shared_memory.add(turn, user_id=user)
    assert "waffles" in _top(shared_memory, user, "what's my dog called?").lower()


def test_software_named_first_in_a_sentence_is_no_he(rules: RuleExtractor) -> None:
    facts = _facts(rules, "also the kids renamed the dog, he's waffles now", "my dog biscuit is so spoiled",
                   "mysql is finally gone")
    assert not any("Mysql" in text and "waffles" in text.lower() for text, _ in facts), facts


def test_a_genre_named_with_and_is_a_successor(rules: RuleExtractor) -> None:
    facts = _facts(rules, "honestly jazz doesn't do it for me anymore, been listening to drum and bass nonstop")
    assert ("User is into drum and bass now", "user|stance|drum and bass") in facts, facts


def test_he_after_a_pets_name_is_the_pet(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my dog's name is Bella", "what should I cook tonight?",
                              "turns out Bella didn't suit him, he's Willow now")
    assert any("Bella" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("change", ["I'm going out with Chris now", "my new boyfriend Chris is lovely"])
def test_a_new_partner_said_loosely_replaces_the_old(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm dating Ryan", change)
    assert any("Ryan" in f for f in ended), _active(shared_memory, user)


def test_an_evening_out_is_no_partner(rules: RuleExtractor) -> None:
    assert not any(s == "user|partner" for _, s in _facts(rules, "I went out with Chris last night")), \
        _facts(rules, "I went out with Chris last night")


@pytest.mark.parametrize(("state", "change", "old"), [
    ("we use Postgres", "we finally killed Postgres, everything runs on MongoDB", "Postgres"),
    ("I use Atom", "uninstalled Atom, using VS Code", "Atom"),
    ("we host on Heroku", "we moved off Heroku last year", "Heroku"),
])
def test_software_given_up_ends_it(shared_memory: Memory, user: str, state: str, change: str, old: str) -> None:
    ended = invalidated_after(shared_memory, user, state, change)
    assert any(old in f for f in ended), _active(shared_memory, user)


def test_migrating_off_is_under_way_and_names_no_new_tool(rules: RuleExtractor) -> None:
    facts = _facts(rules, "we're migrating off mysql")
    assert not any(s == "user|tools|mysql" for _, s in facts), facts


@pytest.mark.parametrize(("line", "slot"), [("new company: Aldi", "user|employer"),
                                            ("new job title: electrician", "user|occupation"),
                                            ("I'm a tea drinker now", "user|drinks|tea"),
                                            ("officially an electrician as of this week", "user|occupation")])
def test_a_change_said_as_a_label_or_a_kind_of_person_is_read(rules: RuleExtractor, line: str, slot: str) -> None:
    assert any(s == slot for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize("line", ["I'm a heavy drinker", "new company policy: no dogs"])
def test_no_value_from_a_label_or_kind_that_names_none(rules: RuleExtractor, line: str) -> None:
    assert not any(s and ("|drinks|" in s or s == "user|employer") for _, s in _facts(rules, line)), \
        _facts(rules, line)


@pytest.mark.parametrize("line", ["long day", "cheers for that", "busy week"])
def test_a_remark_on_the_day_or_thanks_is_no_memory(shared_memory: Memory, user: str, line: str) -> None:
    shared_memory.add(line, user_id=user)
    assert _active(shared_memory, user) == []


@pytest.mark.parametrize("line", ["my sister went from nurse to midwife last year", "she went from single to engaged"])
def test_someone_elses_change_is_not_the_speakers(rules: RuleExtractor, line: str) -> None:
    facts = _facts(rules, line, "my sister is a nurse")
    assert not any(s in ("user|occupation", "user|partner") for _, s in facts), facts
