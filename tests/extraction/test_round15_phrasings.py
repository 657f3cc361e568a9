"""Classes of phrasing from session 15's fresh grid: a partner whose name the entity recogniser calls a place
("seeing Olivia"), a break-up said as "dumped X" or cut by the parser before "and I are together", a new partner
said after a past split with a month in it (no plan), a database said as "our prod db" or "our DB", a trailing
"these days" the parser split off, an IDE written in capitals, the team's stack, and "new phone! a Pixel 8"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_round13_phrasings import _active
from tests.extraction.test_slot_changes import invalidated_after
from tests.extraction.test_trial_six_lives import _facts, _top


@pytest.mark.parametrize("change", [
    "Olivia and I broke up, I'm with Ava now", "I've started seeing Ava", "dumped Olivia, Ava and I are together",
    "split from Olivia in march, now dating Ava"])
def test_a_new_partner_replaces_one_the_tagger_took_for_a_place(shared_memory: Memory, user: str,
                                                                 change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm seeing Olivia", "fair enough", change)
    assert any("Olivia" in f for f in ended), _active(shared_memory, user)
    assert "Ava" in _top(shared_memory, user, "who am I seeing?")


def test_a_past_split_in_a_month_makes_the_new_partner_no_plan(rules: RuleExtractor) -> None:
    facts = _facts(rules, "split from Liam in march, now dating Noah")
    assert ("User is dating Noah", "user|partner") in facts, facts


@pytest.mark.parametrize("line", ["we dumped MySQL for Postgres", "I dumped the old files"])
def test_dumping_a_thing_ends_no_partner(rules: RuleExtractor, line: str) -> None:
    assert not any(slot == "user|partner" for _, slot in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize("state, change", [
    ("we use MySQL", "our db is MariaDB these days"),
    ("our prod db is MySQL", "we moved from MySQL to MariaDB"),
    ("our DB is MySQL", "we're on MariaDB now"),
    ("our stack is react + node + MySQL", "we finished migrating from MySQL to MariaDB last sprint")])
def test_the_teams_database_said_loosely_is_replaced(shared_memory: Memory, user: str, state: str,
                                                    change: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "brb", change)
    assert any("MySQL" in f for f in ended), _active(shared_memory, user)


def test_a_stack_that_names_no_tool_is_no_tool(rules: RuleExtractor) -> None:
    assert not any(slot and "|tools|" in slot for _, slot in _facts(rules, "our stack is a mess")), \
        _facts(rules, "our stack is a mess")




@pytest.mark.parametrize("line", ["wait is it friday already", "sorry is the shop open", "omg is that true"])
def test_a_question_after_a_lead_word_is_no_memory(rules: RuleExtractor, line: str) -> None:
    assert _facts(rules, line) == []


def test_denying_a_favourite_ends_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite food is risotto",
                              "don't think risotto is my favourite anymore, ramen wins")
    assert any("risotto" in f.lower() for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("change", ["favourite food update: ramen", "my top food now is ramen",
                                    "ramen is the best food on earth now"])
def test_a_favourite_food_said_as_a_label_or_superlative_replaces_the_old(shared_memory: Memory, user: str,
                                                                          change: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite food is risotto", "hmm ok", change)
    assert any("risotto" in f for f in ended), _active(shared_memory, user)


def test_the_best_of_no_dish_is_no_favourite(rules: RuleExtractor) -> None:
    facts = _facts(rules, "this is the best food ever")
    assert not any(slot and "|favourite" in slot for _, slot in facts), facts


@pytest.mark.parametrize("change", ["new editor: VS Code", "VS Code is my daily driver now"])
def test_a_new_editor_said_loosely_replaces_the_old(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I use Emacs", change)
    assert any("Emacs" in f for f in ended), _active(shared_memory, user)


def test_the_editor_one_codes_in_is_used(rules: RuleExtractor) -> None:
    assert ("User uses Emacs", "user|tools|emacs") in _facts(rules, "i do all my coding in Emacs")


def test_a_place_driven_to_is_no_car(rules: RuleExtractor) -> None:
    facts = _facts(rules, "packed the van and drove to Bergen")
    assert not any(slot == "user|car" for _, slot in facts), facts


def test_a_genre_cancelled_for_me_names_its_successor(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I love folk",
                              "ok folk is cancelled for me, drum and bass all day now")
    assert any("folk" in f for f in ended), _active(shared_memory, user)
    assert "drum and bass" in _top(shared_memory, user, "what music am I into lately?")


@pytest.mark.parametrize("change", [
    "officially a Bath resident as of last week!!", "after 6 years in Bristol we finally made the move to Bath",
    "so the big news: we moved, Bath now, bye bye Bristol", "packed the van and drove to Bath, we live here now"])
def test_a_move_said_loosely_replaces_the_home(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Bristol", "lmao ok", change)
    assert any("Bristol" in f for f in ended), _active(shared_memory, user)


def test_a_home_in_a_city_the_tagger_calls_an_organisation_is_where_i_live(shared_memory: Memory,
                                                                            user: str) -> None:
    ended = invalidated_after(shared_memory, user, "our house in Bristol needs a new boiler", "I live in Bath now")
    assert any("Bristol" in f for f in ended), _active(shared_memory, user)


def test_a_name_said_with_now_is_no_home_without_a_move(rules: RuleExtractor) -> None:
    facts = _facts(rules, "ok pizza first, Netflix now, gym later")
    assert not any(slot == "user|residence" for _, slot in facts), facts


@pytest.mark.parametrize("state", ["still single lol, it is what it is",
                                   "currently single, in case that matters for the booking"])
def test_a_status_said_without_i_am_beside_another_clause_is_kept(shared_memory: Memory, user: str,
                                                                  state: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "nice nice", "I'm engaged now")
    assert any("single" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("change", ["hit 32 on tuesday", "another year older, 32"])
def test_an_age_said_as_an_event_replaces_the_old(shared_memory: Memory, user: str, change: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm 31", change)
    assert any("31" in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["hit 10k steps today", "we hit 32 degrees today"])
def test_a_number_hit_that_is_no_age(rules: RuleExtractor, line: str) -> None:
    assert not any(slot == "user|age" for _, slot in _facts(rules, line)), _facts(rules, line)


def test_have_been_for_years_adds_no_fact_of_its_own(rules: RuleExtractor) -> None:
    assert _facts(rules, "I'm vegetarian, have been for years") == [("User is vegetarian", "user|diet")]


def test_what_my_drink_cannot_do_is_said_by_me(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my go-to drink is green tea, can't do coffee")
    assert not any(text.startswith("Drink") for text, _ in facts), facts


@pytest.mark.parametrize("state, change, old", [
    ("my IDE is PyCharm", "I switched from PyCharm to Zed", "PyCharm"),  # "IDE" was read as a name
    ("I have an iPhone 12", "new phone! a Pixel 8", "iPhone 12"),
    ("my son goes to Hillside Primary", "my boy started at Brookfield Academy this term", "Hillside"),
    ("we use MongoDB", "prod moved to Postgres last week", "MongoDB"),
    ("we use MongoDB", "bye MongoDB, we're a Postgres shop now", "MongoDB"),
    ("we use MongoDB", "migration done! Postgres in prod, MongoDB decommissioned", "MongoDB"),
    ("taking Rex to the groomer, she's my dog", "we renamed the dog Bruno", "Rex"),
    ("good boy Rex is asleep on my feet, he's my dog", "we renamed the dog Bruno", "Rex")])
def test_a_change_said_loosely_ends_the_old_value(shared_memory: Memory, user: str, state: str, change: str,
                                                  old: str) -> None:
    ended = invalidated_after(shared_memory, user, state, "thanks!", change)
    assert any(old in f for f in ended), _active(shared_memory, user)


@pytest.mark.parametrize("line", ["we are a Python shop", "Tom in prod now"])
def test_a_shop_or_prod_of_no_database_names_none(rules: RuleExtractor, line: str) -> None:
    assert not any(slot and "|database" in slot for _, slot in _facts(rules, line)), _facts(rules, line)


@pytest.mark.parametrize("line", ["Tom and Rex are here, he's my dog", "met Sam at the park, she's my dog walker"])
def test_she_is_my_dog_after_two_names_or_a_walker_names_no_dog(rules: RuleExtractor, line: str) -> None:
    assert not any(slot and slot.endswith("|name") for _, slot in _facts(rules, line)), _facts(rules, line)
