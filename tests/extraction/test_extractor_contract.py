"""One contract, every extractor: rules, llm and hybrid go through the same behavioural cases.

Each case runs once per ``extractor`` on a real embedded Memory. The LLM modes talk to a real
OpenAI-compatible HTTP server on loopback (tests/llm_server.py) that answers as a careful model would;
it answers by the message it is asked about, so hybrid, which asks only about what its rules cannot
settle, gets the right answer whenever it asks. What is asserted is what a user of ``add()`` sees,
identical whichever extractor decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from llm_server import (
    MakeMemory,
    ScriptedLLM,
    all_events,
    answer,
    fact,
    index_of,
    payload_of,
)
from llm_server import texts as texts_of

from mem_graph import Memory
from mem_graph.extract.base import ExtractionContext, Extractor, Outcome
from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Message, Scope

MODES = ("rules", "llm", "hybrid")
Book = dict[str, Callable[[dict[str, Any]], dict[str, Any]]]


@pytest.fixture(params=MODES)
def mode(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def memory(mode: str, make_memory: MakeMemory) -> Memory:
    return make_memory(mode)


def the_model_answers(llm: ScriptedLLM, book: Book) -> None:
    """Every request is answered by ``book`` keyed by the last new message the model is shown."""
    def respond(body: dict[str, Any]) -> dict[str, Any]:
        payload = payload_of(body)
        return book[payload["new_messages"][-1]["content"]](payload)

    for _ in range(len(book)):
        llm.reply(respond)


def lives_in(city: str, event: str = "ADD", existing: int | None = None) -> dict[str, Any]:
    return fact(f"User lives in {city}", event, existing, entities=[(city, "place")],
                triples=[("User", "lives_in", city)])


def moved(payload: dict[str, Any]) -> dict[str, Any]:
    """A model that updates the residence it is shown, and adds one when it is shown none."""
    shown = [m for m in payload["existing_memories"] if "lives in" in m["text"]]
    if shown:
        return answer(lives_in("Shanghai", "UPDATE", index_of(payload, "lives in")), contradicted=[0])
    return answer(lives_in("Shanghai"))


def vegetarian(payload: dict[str, Any]) -> dict[str, Any]:
    if payload["existing_memories"]:
        return answer(fact("User is vegetarian", "NONE", index_of(payload, "vegetarian"), reason="already known"))
    return answer(fact("User is vegetarian", entities=[("vegetarian", "diet")], triples=[("User", "is", "vegetarian")]))


BOOK: Book = {
    "I live in Beijing.": lambda payload: answer(lives_in("Beijing")),
    "I moved to Shanghai.": moved,
    "I'm vegetarian": vegetarian,
    "Yesterday was rough, the deploy failed twice.": lambda payload: answer(fact(
        "User's deploy failed twice yesterday", entities=[("deploy", "event")])),
}


def test_the_configured_extractor_is_memory_extractor(memory: Memory, mode: str) -> None:
    assert memory.extractor is memory.writer.extractor and memory.extractor.name == mode
    assert isinstance(memory.rules, RuleExtractor)  # the rule parser every mode keeps, for analysis


def test_a_new_fact_is_added(memory: Memory, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)

    out = memory.add("I live in Beijing.", user_id="u")

    [added] = out["results"]
    assert (added["event"], added["memory"]) == ("ADD", "User lives in Beijing")
    assert out["relations"]["added"] == [{"source": "User", "relationship": "lives_in", "destination": "Beijing"}]
    assert memory.get(added["id"], user_id="u")["status"] == "active"
    assert [e["event"] for e in memory.history(added["id"], user_id="u")] == ["ADD"]
    assert memory.search("where does the user live", user_id="u")["results"][0]["id"] == added["id"]


def test_a_turn_the_rules_cannot_read_is_still_remembered(memory: Memory, mode: str, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)

    out = memory.add("Yesterday was rough, the deploy failed twice.", user_id="u")

    [added] = out["results"]
    assert added["event"] == "ADD" and "deploy failed twice" in added["memory"]
    assert [r["id"] for r in memory.search("what went wrong with the deploy", user_id="u")["results"]] == [added["id"]]
    if mode != "hybrid":  # hybrid asks only when its rules cannot settle the turn
        assert len(llm.requests) == (0 if mode == "rules" else 1)


def test_a_change_updates_and_the_old_memory_is_invalidated_not_deleted(memory: Memory, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)
    old = memory.add("I live in Beijing.", user_id="u")["results"][0]

    out = memory.add("I moved to Shanghai.", user_id="u")

    [update] = out["results"]
    assert update["event"] == "UPDATE" and "Shanghai" in update["memory"]
    assert (update["previous_id"], update["previous_memory"]) == (old["id"], "User lives in Beijing")
    before = memory.get(old["id"], user_id="u")
    assert before["status"] == "invalidated" and before["superseded_by"] == update["id"] and before["invalid_at"]
    assert texts_of(memory, "u") == [update["memory"]]
    assert sorted(texts_of(memory, "u", include_invalidated=True)) == sorted([update["memory"], old["memory"]])
    assert [e["event"] for e in memory.history(update["id"], user_id="u")] == ["ADD", "UPDATE"]
    assert {"source": "User", "relationship": "lives_in", "destination": "Beijing"} in out["relations"]["invalidated"]
    edges = {r["destination"]: r["valid"] for r in memory.graph.relations(user_id="u", include_invalid=True)}
    assert edges == {"Beijing": False, "Shanghai": True}


def test_a_repeat_is_none(memory: Memory, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)
    first = memory.add("I'm vegetarian", user_id="u")["results"][0]

    again = memory.add("I'm vegetarian", user_id="u")

    assert [(r["event"], r["id"]) for r in again["results"]] == [("NONE", first["id"])]
    assert texts_of(memory, "u") == [first["memory"]]
    assert [e["event"] for e in all_events(memory, "u")] == ["ADD", "NONE"]


class Watching:
    """The configured extractor, watched: what the write path had done when it was asked, and a failure
    after it decided (to show that nothing it decided is written when the add fails)."""

    def __init__(self, inner: Extractor, memory: Memory, user: str, fail: bool = False):
        self.inner, self.memory, self.user, self.fail = inner, memory, user, fail
        self.name = inner.name
        self.seen: list[tuple[str, str]] = []
        self.scopes: list[Scope] = []

    def decide(self, messages: list[Message], context: ExtractionContext) -> Outcome:
        self.seen = [(m["content"], m["status"]) for m in self.memory.messages(user_id=self.user)]
        self.scopes.append(context.scope)
        outcome = self.inner.decide(messages, context)
        if self.fail:
            raise RuntimeError("the extractor failed after deciding")
        return outcome


def test_raw_messages_are_saved_before_extraction(memory: Memory, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)
    watch = Watching(memory.extractor, memory, "u")
    memory.writer.extractor = watch

    memory.add("I live in Beijing.", user_id="u")

    assert watch.seen == [("I live in Beijing.", "received")]
    assert [(m["content"], m["status"]) for m in memory.messages(user_id="u")] == [("I live in Beijing.", "processed")]


def test_a_failed_extraction_writes_nothing_and_keeps_the_messages(memory: Memory, llm: ScriptedLLM) -> None:
    the_model_answers(llm, BOOK)
    memory.writer.extractor = Watching(memory.extractor, memory, "u", fail=True)

    with pytest.raises(RuntimeError, match="failed after deciding"):
        memory.add("I live in Beijing.", user_id="u")

    assert texts_of(memory, "u", include_invalidated=True) == [] and all_events(memory, "u") == []
    [(content, status)] = [(m["content"], m["status"]) for m in memory.messages(user_id="u")]
    assert (content, status) == ("I live in Beijing.", "failed")


def test_an_add_sees_and_changes_only_its_own_scope(memory: Memory, mode: str, llm: ScriptedLLM) -> None:
    """bob's residence (stored with user bob and agent bot) is neither shown for nor changed by an add
    for agent bot alone, though that scope is a wildcard match for bob's on reads."""
    the_model_answers(llm, BOOK)
    bobs = memory.add("I live in Beijing.", user_id="bob", agent_id="bot")["results"][0]
    watch = Watching(memory.extractor, memory, "bob")
    memory.writer.extractor = watch

    out = memory.add("I moved to Shanghai.", agent_id="bot")

    assert watch.scopes == [Scope(agent_id="bot")]
    [added] = out["results"]
    assert added["event"] == "ADD" and "Shanghai" in added["memory"]
    assert memory.get(bobs["id"], user_id="bob", agent_id="bot")["status"] == "active"
    for req in llm.requests[1 if mode == "llm" else 0:]:  # whatever the model was asked after bob's add
        shown = [m["text"] for m in req.payload["existing_memories"]]
        said = [m["content"] for m in req.payload["recent_messages"]]
        assert not any("Beijing" in text for text in shown + said)
