"""Classes of phrasing from a user trial (a backend developer, end of session 9): a migration between
databases said with "moving", and a tool named in a turn with no "I" in it."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("line", [
    "we're moving from MySQL to Postgres at work this sprint",
    "we moved from mongo to postgres last quarter",
    "I moved from vscode to neovim",
])
def test_a_move_between_tools_is_never_a_new_home(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|residence" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_move_between_databases_keeps_my_home_and_replaces_the_database(shared_memory: Memory,
                                                                           user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Denver", "at work we use MySQL for everything",
                              "we're moving from MySQL to Postgres at work this sprint")
    assert ended == ["At work User uses MySQL for everything"], ended


def test_a_move_between_cities_still_moves_home(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Denver", "we moved from Denver to Austin in May")
    assert any("Denver" in f for f in ended), ended


@pytest.mark.parametrize(("line", "word"), [
    ("been using vim for like 10 years lol", "vim"),
    ("using vim these days", "vim"),
    ("drinking like 3 coffees a day", "coffee"),
])
def test_a_subjectless_turn_with_a_filler_like_is_still_read(rules: RuleExtractor, line: str, word: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(word in f.text.lower() and f.subject_key == "user" for f in facts), [(f.text, f.slot) for f in facts]


def test_switching_editor_ends_the_editor_i_named_without_saying_i(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "been on vim for ages, muscle memory at this point",
                              "switched to neovim last month")
    assert len(ended) == 1 and "on vim for ages" in ended[0].lower(), ended
    top = shared_memory.search("which editor do i use?", user_id=user, limit=1)["results"]
    assert "Neovim" in top[0]["memory"], top


def test_switching_editor_ends_my_long_use_of_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "been using vim for like 10 years lol",
                              "switched to neovim last month, the lua config is so nice")
    assert any("vim for about 10 years" in f.lower() for f in ended), ended


@pytest.mark.parametrize("line", [
    "so we're relocating to Cambridge after christmas",
    "we're moving to Leeds in the new year",
    "I handed in my notice, starting as a lab manager at AstraZeneca in january",
])
def test_a_change_dated_ahead_is_a_plan_that_ends_nothing_yet(shared_memory: Memory, user: str, line: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Leicester", "I teach chemistry at a secondary school",
                              line)
    assert ended == [], ended


def test_a_planned_move_then_settling_in_moves_home(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in Leicester",
                              "so we're relocating to Cambridge after christmas",
                              "settled in Cambridge now, the commute is only 15 mins")
    assert ended == ["User lives in Leicester"], ended
    top = shared_memory.search("where do i live?", user_id=user, limit=1)["results"]
    assert "settled in Cambridge" in top[0]["memory"], top


def test_a_clause_sharing_my_subject_reads_as_a_sentence(rules: RuleExtractor) -> None:
    line = "I handed in my notice, starting as a lab manager at AstraZeneca in june"
    texts = [f.text for f in rules.extract([Message("user", line)])[0]]
    assert "User is starting as a lab manager at AstraZeneca in june" in texts, texts
