"""A write reconciles only against memories of exactly its own scope (issue #11, item 1).

A query scope matches wider memories by wildcard (unset fields match anything); a write must not: an
agent-level add may not supersede a user's memory stored under that agent, a user-level add may not
supersede a run's memory, and no add response may carry another scope's text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from llm_server import ScriptedLLM, answer, fact


def _response_text(out: dict[str, Any]) -> str:
    return json.dumps(out)


def test_agent_level_write_leaves_a_users_memory_under_that_agent_alone(memory: Memory) -> None:
    bob = memory.add("I live in Paris.", user_id="bob", agent_id="travelbot")["results"][0]["id"]

    out = memory.add("I moved to Rome.", agent_id="travelbot")

    assert "Paris" not in _response_text(out), "the response carries bob's memory to a caller who never named bob"
    assert [r["event"] for r in out["results"]] == ["ADD"]
    assert memory.get(bob, user_id="bob", agent_id="travelbot")["status"] == "active"
    assert [r["memory"] for r in memory.get_all(user_id="bob", agent_id="travelbot")["results"]] == [
        "User lives in Paris"]
    rels = memory.graph.relations(user_id="bob", agent_id="travelbot")
    assert [(r["destination"], r["valid"]) for r in rels] == [("Paris", True)]


def test_user_level_write_leaves_a_run_scoped_memory_alone(memory: Memory) -> None:
    run = memory.add("I live in Paris.", user_id="alice", run_id="trip-1")["results"][0]["id"]

    out = memory.add("I moved to Rome.", user_id="alice")

    assert "Paris" not in _response_text(out)
    assert memory.get(run, user_id="alice", run_id="trip-1")["status"] == "active"


def test_narrower_write_leaves_the_wider_scopes_memory_alone(memory: Memory) -> None:
    wide = memory.add("I live in Paris.", user_id="carol")["results"][0]["id"]

    out = memory.add("I moved to Rome.", user_id="carol", run_id="trip-2")

    assert "Paris" not in _response_text(out)
    assert memory.get(wide, user_id="carol")["status"] == "active"


def test_same_scope_still_reconciles(memory: Memory) -> None:
    """The fix must not disable reconciliation: exactly the same scope (unset == unset) still supersedes."""
    old = memory.add("I live in Paris.", agent_id="travelbot")["results"][0]["id"]
    out = memory.add("I moved to Rome.", agent_id="travelbot")
    assert [(r["event"], r.get("previous_id")) for r in out["results"]] == [("UPDATE", old)]
    dup = memory.add("I moved to Rome.", agent_id="travelbot")
    assert [r["event"] for r in dup["results"]] == ["NONE"]


def test_identical_text_in_a_wider_scope_is_not_a_duplicate(memory: Memory) -> None:
    memory.add("I like green tea.", user_id="dave", agent_id="chef")
    out = memory.add("I like green tea.", agent_id="chef")
    assert [r["event"] for r in out["results"]] == ["ADD"]
    assert len(memory.get_all(agent_id="chef")["results"]) == 2


@pytest.mark.parametrize("extractor", ["llm", "hybrid"])
def test_llm_modes_never_show_or_touch_another_scopes_memories(tmp_path: Path, llm: ScriptedLLM,
                                                               extractor: str) -> None:
    config = {"path": str(tmp_path / "mem"), "extractor": extractor,
              "llm": {"provider": "openai", "config": {"model": "test-model", "base_url": llm.url,
                                                       "api_key": "sk-test", "timeout": 5, "max_retries": 1,
                                                       "retry_backoff": 0}}}

    def reply(body: dict[str, Any]) -> dict[str, Any]:
        shown = json.loads(body["messages"][-1]["content"]).get("existing_memories") or []
        if shown:  # what a model does when shown the old home: supersede it
            return answer(fact("User lives in Rome", "UPDATE", shown[0]["id"], triples=[("User", "lives_in", "Rome")]))
        return answer(fact("User lives in Rome", triples=[("User", "lives_in", "Rome")]))

    with Memory(config=config) as m:
        # hybrid: the rules read this one and supersede it without asking the model
        bob = m.add("User lives in Paris" if extractor == "llm" else "I live in Paris.", user_id="bob",
                    agent_id="travelbot", infer=extractor == "hybrid")["results"][0]["id"]
        for _ in range(3):
            llm.reply(reply)

        out = m.add("I moved to Rome.", agent_id="travelbot")

        assert "Paris" not in _response_text(out)
        for req in llm.requests:
            assert "Paris" not in req.raw, "another scope's memory was shown to the model"
        assert m.get(bob, user_id="bob", agent_id="travelbot")["status"] == "active"
