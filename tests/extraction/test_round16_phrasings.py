"""Classes of phrasing from session 16's fresh chat-style grid: what the speaker is, said as the subject or
standpoint of something else ("being a teacher pays the bills", "such is life as a teacher"); a label asked and
answered ("my job? plumber."); a job change as an idiom ("jumped ship from X to Y", "last day at X"); a partner
named after the label or by the asking-out; a value said in passing by words one uses only of one's own ("date
night with X", "the Astra needs an MOT", "the Redis cluster", "standup at X"); a child's school said through
a move or a first day; music one is "not feeling" any more; a home in a place whose clause has a negation."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_round13_phrasings import _active
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts, _top


@pytest.mark.parametrize("state, slot", [
    ("being a plumber pays the bills lol", "user|occupation"),
    ("ugh long week, such is life as a plumber", "user|occupation"),
    ("as a pescatarian eating out is hard", "user|diet"),
    ("being vegetarian is easy in this city", "user|diet"),
    ("being single is fine by me", "user|partner"),
    ("my job? plumber. not glamorous", "user|occupation"),
])
def test_what_the_speaker_is_said_around_another_clause_is_read(rules: RuleExtractor, state: str,
                                                                 slot: str) -> None:
    assert any(s == slot for _, s in _facts(rules, state)), _facts(rules, state)


@pytest.mark.parametrize("line", ["as a kid I loved lego", "being a student was fun",
                                  "being a doctor must be hard", "my job? no idea what it'll be"])
def test_a_past_a_hypothetical_or_a_kid_is_not_what_the_speaker_is(rules: RuleExtractor, line: str) -> None:
    assert not any(s in ("user|occupation", "user|diet") for _, s in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize("state, change", [
    ("being a plumber pays the bills", "new job!! i'm an electrician now"),
    ("my job? plumber.", "I work as an electrician these days"),
])
def test_an_occupation_said_around_another_clause_is_replaced(shared_memory: Memory, user: str, state: str,
                                                             change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "ok cool", change)
    assert any("plumber" in f for f in ended), _active(shared_memory, user)
    assert "electrician" in _top(shared_memory, user, "what do I do for work?")


@pytest.mark.parametrize("state, change", [
    ("my boss at Unilever is a legend", "jumped ship from Unilever to Nestle"),
    ("daily standup at Unilever ran over again", "no longer at Unilever, joined Nestle"),
    ("my boss at Unilever is a legend", "got my Nestle badge today 🎉"),
])
def test_a_job_change_said_as_an_idiom_replaces_the_employer(shared_memory: Memory, user: str, state: str,
                                                            change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "brb", change)
    assert any("Unilever" in f for f in ended), _active(shared_memory, user)
    assert "Nestle" in _top(shared_memory, user, "where do I work?")


def test_a_last_day_ends_the_job_and_is_no_home(rules: RuleExtractor) -> None:
    facts = _facts(rules, "last day at Unilever today")
    assert not any(s == "user|residence" for _, s in facts), facts
    assert any("Unilever" in t and s is None for t, s in facts), facts  # the ended employer (a negated fact)


@pytest.mark.parametrize("state, change", [
    ("date night with Oscar tonight 🥰", "new bf! his name is Felix"),
    ("date night with Oscar tonight 🥰", "Felix asked me out and now we're together"),
])
def test_a_partner_said_in_passing_is_replaced_by_one_named_after_the_label(shared_memory: Memory, user: str,
                                                                           state: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "haha yeah", change)
    assert any("Oscar" in f for f in ended), _active(shared_memory, user)
    assert "Felix" in _top(shared_memory, user, "who is my partner?")


@pytest.mark.parametrize("state, change, old, question, new", [
    ("the Astra needs an MOT", "traded the Astra in for a Polo", "Astra", "what car do I drive?", "Polo"),
    ("the Corsa passed its MOT", "finally upgraded from the Corsa to a Fiesta", "Corsa", "what car do I drive?",
     "Fiesta"),
    ("the Redis cluster is at 90% memory", "replaced Redis with Valkey", "Redis", "what database do we use?",
     "Valkey"),
    ("the MariaDB instance fell over again", "our db is Postgres now", "MariaDB", "what database do we use?",
     "Postgres"),
])
def test_a_value_said_in_passing_is_replaced(shared_memory: Memory, user: str, state: str, change: str, old: str,
                                            question: str, new: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "ok cool", change)
    assert any(old in f for f in ended), _active(shared_memory, user)
    assert new in _top(shared_memory, user, question)


@pytest.mark.parametrize("change", [
    "we moved my daughter to Greenfield Academy, Brook Lane School wasn't working",
    "took my daughter out of Brook Lane School and put her in Greenfield Academy",
    "first day at Greenfield Academy for my girl, fingers crossed",
    "my daughter changed schools, she's at Greenfield Academy",
])
def test_a_childs_new_school_said_through_a_move_replaces_the_old(shared_memory: Memory, user: str,
                                                                 change: str) -> None:
    ended = invalidated_after(shared_memory, user, "my daughter is in year 3 at Brook Lane School", "ok", change)
    assert any("Brook Lane" in f for f in ended), _active(shared_memory, user)
    assert "Greenfield" in _top(shared_memory, user, "what school does my daughter go to?")


@pytest.mark.parametrize("line, subject", [("my son is in year 4 at Oakwood Primary", "user's son"),
                                           ("Tom's daughter is in Year 9 at Oakwood Primary", "tom's daughter")])
def test_a_grade_is_no_school(rules: RuleExtractor, line: str, subject: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert [(f.slot, f.object_key) for f in facts if f.slot and f.slot.endswith("|school")] == \
        [(f"{subject}|school", "oakwood primary")], [(f.text, f.slot, f.object_key) for f in facts]


@pytest.mark.parametrize("state, change, old, new", [
    ("blues on repeat all week", "not feeling blues lately, all reggae", "blues", "reggae"),
    ("i love blues so much", "new obsession: reggae", "blues", "reggae"),
])
def test_music_one_is_not_feeling_any_more_is_replaced(shared_memory: Memory, user: str, state: str, change: str,
                                                      old: str, new: str) -> None:
    invalidated_after(shared_memory, user, state, "ok", change)
    assert new in _top(shared_memory, user, "what music am I into lately?")


def test_a_common_word_is_a_genre_only_where_music_is_said(rules: RuleExtractor) -> None:
    assert not any(s and "|stance|" in s for _, s in _facts(rules, "the house is everything to me")), \
        _facts(rules, "the house is everything to me")


@pytest.mark.parametrize("state", ["my flat in Bristol has no heating rn", "my flat in Bristol is not big"])
def test_a_home_in_a_place_is_read_whatever_else_the_clause_denies(rules: RuleExtractor, state: str) -> None:
    assert ("User lives in Bristol", "user|residence") in _facts(rules, state), _facts(rules, state)


def test_a_flat_said_not_to_be_in_a_place_is_no_home_there(rules: RuleExtractor) -> None:
    assert not any(s == "user|residence" for _, s in _facts(rules, "our flat isn't in Bristol")), \
        _facts(rules, "our flat isn't in Bristol")


@pytest.mark.parametrize("state, change", [
    ("flat white is my go-to drink", "switched to matcha, doctor's orders"),
    ("third flat white of the day lol", "matcha is my drink now"),
])
def test_a_drink_said_loosely_is_replaced(shared_memory: Memory, user: str, state: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "brb", change)
    assert any("flat white" in f.lower() for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("state, slot", [
    ("Biscuit the dog says hi", "user's dog|name"),
    ("my squash coach is brutal", "user|hobbies|squash"),
    ("squash practice tonight, legs are dead", "user|hobbies|squash"),
    ("squash twice a week keeps me sane", "user|hobbies|squash"),
    ("i'm a squash player these days", "user|hobbies|squash"),
    ("the Pixel 7 battery is dying so fast", "user|phone"),
    ("divorced life has its perks", "user|partner"),
    ("still divorced at 50 lol", "user|partner"),
    ("my fave food has always been lasagne", "user|favourite|food"),
    ("the big 50 happened yesterday lol", "user|age"),
    ("celebrating 50 this weekend, turned it on friday", "user|age"),
    ("the dog goes by Rolo now", "user's dog|name"),
    ("i'm all about ramen now, favourite food for sure", "user|favourite|food"),
])
def test_a_value_said_by_the_things_around_it_is_read(rules: RuleExtractor, state: str, slot: str) -> None:
    assert any(s == slot for _, s in _facts(rules, state)), _facts(rules, state)


@pytest.mark.parametrize("line", ["my son's squash coach is brutal", "the Pixel 7 launch was boring",
                                  "i'm all about ramen now"])
def test_someone_elses_gear_or_a_product_in_the_news_is_none_of_mine(rules: RuleExtractor, line: str) -> None:
    facts = _facts(rules, line)
    assert not any(s in ("user|hobbies|squash", "user|phone", "user|favourite|food") for _, s in facts), facts


def test_a_sport_said_by_its_coach_is_replaced_by_the_new_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my squash coach is brutal", "one sec",
                              "gave up squash, i play padel now")
    assert any("squash" in f for f in ended), _active(shared_memory, user)


def test_a_break_up_ends_the_partner_but_not_the_pet_we_share(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my partner Sam and i have a dog called Biscuit",
                              "Sam and I split up last month. it's fine, honestly")
    assert ended == ["User's partner is Sam"], ended
    assert "Biscuit" in _top(shared_memory, user, "what's my dog called?")


@pytest.mark.parametrize("state, change, old, question, new", [
    ("i code in vim", "also switched to vs code, don't judge me", "vim", "what editor do I use?", "VS Code"),
    ("we're on MongoDB", "we finally ditched mongo, everything's in postgres now", "MongoDB",
     "what database do we use?", "Postgres"),
])
def test_a_tool_change_said_in_passing_replaces_the_old_tool(shared_memory: Memory, user: str, state: str,
                                                            change: str, old: str, question: str, new: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "brb", change)
    assert any(old.lower() in f.lower() for f in ended), _active(shared_memory, user)
    assert new in _top(shared_memory, user, question)
