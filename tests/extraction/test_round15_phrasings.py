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


def test_an_ide_in_capitals_is_the_editor(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my IDE is PyCharm", "thanks!", "I switched from PyCharm to Zed")
    assert any("PyCharm" in f for f in ended), _active(shared_memory, user)


def test_a_new_phone_said_as_an_exclamation_replaces_the_old(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I have an iPhone 12", "new phone! a Pixel 8")
    assert any("iPhone 12" in f for f in ended), _active(shared_memory, user)


def test_my_boy_is_my_son(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my son goes to Hillside Primary",
                              "my boy started at Brookfield Academy this term")
    assert any("Hillside" in f for f in ended), _active(shared_memory, user)
