"""A sport or exercise given up and its successor, in chat's words: "climbing has replaced yoga for me",
"i don't do running anymore, it's all cycling these days", "took up running and dropped weightlifting"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize(("before", "change", "old", "new"), [
    ("i'm really into yoga", "climbing has replaced yoga for me, started in january", "yoga", "climbing"),
    ("i'm really into running", "i don't do running anymore, it's all cycling these days", "running", "cycling"),
    ("I do weightlifting like 4x a week", "took up running in the spring and dropped weightlifting completely",
     "weightlifting", "running"),
])
def test_a_sport_given_up_ends_and_its_successor_answers(shared_memory: Memory, user: str, before: str, change: str,
                                                         old: str, new: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert any(old in f for f in ended), ended
    active = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert any(new in a for a in active), active


@pytest.mark.parametrize(("line", "slot", "negated"), [
    ("I don't do running anymore", "user|hobbies|running", True),
    ("I dropped weightlifting completely", "user|hobbies|weightlifting", True),
    ("I took up swimming", "user|hobbies|swimming", False),
    ("i don't do running anymore, it's all cycling these days", "user|hobbies|cycling", False),
])
def test_a_sport_said_as_a_verb_form_is_a_hobby(rules: RuleExtractor, line: str, slot: str, negated: bool) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == slot and f.negated == negated for f in facts), [(f.text, f.slot, f.negated) for f in facts]


def test_a_sport_one_does_is_not_played(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "i don't do running anymore, it's all cycling these days")])[0]
    assert not any("plays cycling" in f.text for f in facts), [f.text for f in facts]


@pytest.mark.parametrize(("before", "change", "kept"), [
    ("i play tennis and do yoga on sundays", "quit tennis, doing padel now", "yoga"),
    ("I swim and do pilates every week", "gave up swimming, it's all cycling these days", "pilates"),
])
def test_one_sport_given_up_leaves_the_others(shared_memory: Memory, user: str, before: str, change: str,
                                              kept: str) -> None:
    ended = invalidated_after(shared_memory, user, before, change)
    assert not any(kept in f for f in ended), ended


def test_dropping_a_sport_ends_being_into_it(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "i'm really into crossfit",
                              "took up pilates in the spring and dropped crossfit completely")
    assert any("crossfit" in f for f in ended), ended
