"""Classes of phrasing from a user trial (session 6): a question behind a chat lead-in, a name and an age
in one breath."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import not_memorable
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message


def invalidated(mem: Memory, user: str) -> list[str]:
    rows = mem.get_all(user_id=user, include_invalidated=True)["results"]
    return [r["memory"] for r in rows if r["status"] == "invalidated"]


@pytest.mark.parametrize("line", [
    "anyway random q what's a good stretch for lower back pain",
    "quick q whats the best way to store fresh basil",
    "random question, how long do you boil an egg",
    "ok so question: where's a good place to buy a used bike",
    "also what's the easiest way to learn to touch type",
])
def test_a_question_behind_a_chat_lead_in_is_not_a_memory(line: str) -> None:
    assert not_memorable(line)


def test_a_name_and_an_age_in_one_breath_are_two_facts(rules: RuleExtractor) -> None:
    facts = rules.extract([Message("user", "hey! quick intro, im priya, 31")])[0]
    slots = {f.slot: f for f in facts if f.slot}
    assert "user|age" in slots and "31" in slots["user|age"].text, [(f.text, f.slot) for f in facts]
    assert "user|name" in slots and "Priya" in slots["user|name"].text, [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("line", "slot", "word"), [
    ("hi im priya", "user|name", "Priya"),
    ("hello! i'm grace, 45 and a nurse", "user|name", "Grace"),
    ("hello! i'm grace, 45 and a nurse", "user|age", "45"),
    ("I'm 45 and a nurse", "user|occupation", "nurse"),
])
def test_an_introduction_typed_in_lower_case_names_the_speaker(rules: RuleExtractor, line: str, slot: str,
                                                                word: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert any(f.slot == slot and word in f.text for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize("line", ["hey im tired", "im done, 2 more to go", "i'm keto now", "im tired, 31 hours awake"])
def test_a_state_is_not_taken_for_a_name(rules: RuleExtractor, line: str) -> None:
    facts = rules.extract([Message("user", line)])[0]
    assert not any(f.slot == "user|name" for f in facts), [(f.text, f.slot) for f in facts]


@pytest.mark.parametrize(("first", "question", "answer"), [
    ("I work at Google as an engineer", "what's my job?", "engineer"),
    ("I work as a nurse at St Mary's Hospital", "where do I work?", "Mary"),
    ("I'm working for Deloitte as a consultant now", "what do I do for a living?", "consultant"),
])
def test_working_somewhere_as_something_answers_where_and_what(shared_memory: Memory, user: str, first: str,
                                                               question: str, answer: str) -> None:
    shared_memory.add(first, user_id=user)
    shared_memory.add("my sister Anna works as a lawyer in Leeds", user_id=user)
    shared_memory.add("my partner Dev works at a secondary school", user_id=user)
    shared_memory.add("I love my job and my commute is short", user_id=user)
    top = shared_memory.search(question, user_id=user, limit=3)["results"][0]["memory"]
    assert answer in top, (question, top)


@pytest.mark.parametrize("plan", [
    "also we're finally leaving bristol, moving up to manchester in feb",
    "we're moving up to manchester in the spring",
    "we're moving to manchester in a few weeks",
    "we're moving to manchester this summer",
])
def test_a_move_with_a_time_ahead_is_a_plan_that_ends_nothing(shared_memory: Memory, user: str, plan: str) -> None:
    shared_memory.add("i live in bristol, been here 6 years", user_id=user)
    shared_memory.add(plan, user_id=user)
    current = [r["memory"] for r in shared_memory.get_all(user_id=user)["results"]]
    assert any("bristol" in t.lower() and "leaving" not in t.lower() for t in current), current


@pytest.mark.parametrize("done", ["update: moved! manchester flat is tiny but cute", "we finally moved in last weekend",
                                  "moved!! boxes everywhere"])
def test_a_planned_move_that_came_true_updates_the_home(shared_memory: Memory, user: str, done: str) -> None:
    shared_memory.add("i live in bristol, been here 6 years", user_id=user)
    shared_memory.add("also we're finally leaving bristol, moving up to manchester in feb", user_id=user)
    shared_memory.add(done, user_id=user)
    gone = invalidated(shared_memory, user)
    assert any("bristol" in t.lower() for t in gone), gone
    top = shared_memory.search("where do i live?", user_id=user, limit=3)["results"][0]["memory"]
    assert "Manchester" in top, top


def test_a_move_that_never_had_a_plan_changes_nothing(shared_memory: Memory, user: str) -> None:
    shared_memory.add("i live in bristol, been here 6 years", user_id=user)
    shared_memory.add("moved the sofa into the spare room lol", user_id=user)
    shared_memory.add("moved!", user_id=user)
    assert invalidated(shared_memory, user) == []
