"""A noun that names what the user does, drinks or uses introduces that value: "my regular workout is tennis".

"my regular workout is tennis" is a sport the user does, "my daily drink is espresso" a drink (so "quit espresso"
ends a drink, not a job), "Vim is my editor of choice" an editor the user uses, and "my phone's the Pixel 6" is
"my phone is the Pixel 6". How the noun is ("my workout is intense") or a liking ("tennis is my thing") is none.
"""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("said", ["my regular workout is tennis", "my exercise routine is basically just tennis",
                                  "tennis is my sport"])
def test_a_workout_noun_names_the_sport_the_user_does(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "gave up tennis, doing boxing now")
    assert any("tennis" in f.lower() for f in ended), ended


@pytest.mark.parametrize("said", ["my daily drink is espresso", "espresso is my daily thing",
                                  "my usual drink is espresso"])
def test_a_drink_noun_names_what_the_user_drinks(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "quit espresso, switched to chai")
    assert any("espresso" in f.lower() for f in ended), ended


@pytest.mark.parametrize("said", ["quit espresso, switched to chai", "I quit energy drinks", "I quit the gym"])
def test_quitting_a_drink_or_the_gym_is_no_job_quit(rules: RuleExtractor, said: str) -> None:
    facts = rules.extract([Message("user", said)])[0]
    assert not any("employer" in f.rule for f in facts), [(f.text, f.rule) for f in facts]


@pytest.mark.parametrize("said", ["Eclipse is my editor of choice", "my editor is Eclipse",
                                  "my text editor is Eclipse"])
def test_an_editor_noun_names_the_tool_the_user_uses(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "switched from Eclipse to Emacs last month")
    assert any("Eclipse" in f for f in ended), ended


@pytest.mark.parametrize("said", ["my phone's the Pixel 6", "my phone's the Pixel 6, had it for ages"])
def test_my_phones_the_x_is_the_users_phone(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "I have an iPhone 15 now")
    assert any("Pixel" in f for f in ended), ended


@pytest.mark.parametrize("said", ["my workout is intense today", "tennis is my thing", "my brother's car is red"])
def test_no_value_said(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "I play tennis", "I drive a Honda Civic", said)
    assert ended == [], ended
