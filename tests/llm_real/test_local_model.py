"""LLM and hybrid extraction against a real local model (SmolLM2-135M on llama-cpp-python's server, loopback).

The model is tiny: its answers are often poor. These tests do not grade them; they check what must hold
whatever a model says: the structured-output mode the server supports is found, everything written is valid
and auditable, nothing is lost, scopes hold, usage is recorded, timeouts are typed, and the hub's chat proxy
streams a real completion with memories injected.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import httpx
import llama_fixture
import openai
import pytest

from mem_graph import LLMError, Memory
from mem_graph.client import MemoryClient
from mem_graph.config import LLMConfig
from mem_graph.extract import prompts
from mem_graph.extract.llm import FORMATS, LLMClient, LLMSettings, Usage, supported_format
from mem_graph.types import Scope

pytestmark = pytest.mark.llm_real
MakeMemory = Callable[..., Memory]

CONVERSATION = [  # short: on a loaded 2-core machine the constrained 135M model makes ~5-15 tokens/s
    [{"role": "user", "content": "Hi! My name is Dana and I live in Lisbon."},
     {"role": "assistant", "content": "Nice to meet you, Dana!"}],
    [{"role": "user", "content": "I moved to Porto last month."}],
    [{"role": "user", "content": "Yesterday was rough, the deploy failed twice."}],  # no rule reads it: grey
]


def _format_body(mode: str) -> dict[str, Any]:
    return LLMClient._format(mode)  # type: ignore[arg-type]


def test_the_supported_structured_output_mode_is_found(llama: llama_fixture.LlamaServer) -> None:
    client = LLMClient(LLMSettings.from_config(LLMConfig(config={
        "base_url": llama.url, "model": llama.model, "timeout": 120, "max_retries": 0, "max_tokens": 40})))
    messages = prompts.build_messages({"existing_memories": [], "existing_relations": [], "recent_messages": [],
                                       "new_messages": [{"role": "user", "content": "I like green tea."}]}, ["user"])
    with contextlib.suppress(LLMError):  # a tiny model may still answer badly; the probing is what this test is about
        client.complete(messages, Usage())
    found = client.response_format
    assert found != "text", "this server constrains JSON; the client must not fall back to a plain prompt"
    assert supported_format(client.endpoint, llama.model) in (None, found)
    # the server really accepts the mode found, and really refuses every stronger one
    short = {"model": llama.model, "max_tokens": 8, "messages": [{"role": "user", "content": "Say {}"}]}
    for mode in FORMATS[:FORMATS.index(found) + 1]:
        resp = httpx.post(f"{llama.url}/chat/completions", json={**short, **_format_body(mode)}, timeout=120)
        if mode == found:
            assert resp.status_code == 200, resp.text
        else:
            assert resp.status_code >= 400 and "response_format" in resp.text, (mode, resp.status_code, resp.text)
    print(f"structured-output mode found for llama-cpp-python: {found}")


def check_auditable(m: Memory, user: str, others: set[str]) -> list[dict[str, Any]]:
    """Everything stored for ``user`` is valid and explained, and refers only to ``user``'s own data."""
    records = m.get_all(user_id=user, include_invalidated=True)["results"]
    ids = {r["id"] for r in records}
    assert not ids & others, "a memory id of another scope"
    msg_ids = {x["id"] for x in m.messages(user_id=user)}
    for r in records:
        assert r["memory"].strip(), r
        assert r["user_id"] == user
        assert set(r["source"]["message_ids"]) <= msg_ids, "a memory cites a message it did not come from"
        assert r["source"]["extractor"] in ("llm", "rules", "rules_fallback")
        history = m.history(r["id"], user_id=user)
        assert history and {e["memory_id"] for e in history} <= ids
    for e in m.history_store.changes(Scope(user_id=user), 0, 10_000):
        assert e["reason"] and e["reason"].startswith("["), e  # "[rule or llm tag] why"
        assert e["extractor"] in ("llm", "rules", "rules_fallback"), e
        assert e["memory_id"] == "" or e["memory_id"] in ids, f"event on an unknown memory: {e}"
        assert set(e["message_ids"] or []) <= msg_ids
        if e["event"] == "UPDATE":
            assert e["old_memory"] is not None
    return records


@pytest.mark.parametrize("extractor", ["llm", "hybrid"])
def test_a_conversation_end_to_end_is_valid_and_auditable(make_memory: MakeMemory, extractor: str) -> None:
    m = make_memory(extractor, extraction={"fallback_to_rules": True})
    outs = [m.add(turn, user_id="dana") for turn in CONVERSATION]
    other = m.add("I'm vegetarian.", user_id="ana")

    for out in [*outs, other]:
        usage = out["usage"]
        assert usage["model"] == m.config.llm.config["model"]  # type: ignore[union-attr]
        # a call that timed out (the 2-core CI machine under load) is counted but reports no tokens
        assert usage["total_tokens"] >= usage["prompt_tokens"] >= 0
        for r in out["results"]:
            assert r["event"] in ("ADD", "UPDATE", "DELETE", "NONE") and r["reason"]
    assert any(out["usage"]["prompt_tokens"] > 0 for out in outs)  # the model answered, and was counted
    if extractor == "llm":
        assert all(out["usage"]["calls"] >= 1 for out in outs)  # every turn had something to extract
    else:
        assert outs[-1]["usage"]["calls"] == 1  # the grey turn went to the model

    ana = {r["id"] for r in m.get_all(user_id="ana", include_invalidated=True)["results"]}
    dana = check_auditable(m, "dana", ana)
    check_auditable(m, "ana", {r["id"] for r in dana})
    assert [x["content"] for x in m.messages(user_id="dana")] == [t["content"] for turn in CONVERSATION for t in turn]
    assert {x["status"] for x in m.messages(user_id="dana")} == {"processed"}
    assert dana, "three turns of personal facts left no memory at all"
    hits = m.search("Where does Dana live?", user_id="dana")["results"]
    assert {h["id"] for h in hits} <= {r["id"] for r in dana if r["status"] == "active"}
    assert bool(hits) == any(r["status"] == "active" for r in dana)  # a poor model may have invalidated all


def test_nonsense_from_the_model_loses_nothing(make_memory: MakeMemory) -> None:
    """A reply cut off after 3 tokens is no JSON: the add fails typed, the raw message is kept and marked."""
    broken = {"max_tokens": 3, "response_format": "text", "max_retries": 1}
    strict = make_memory(llm_config=broken)
    with pytest.raises(LLMError, match="cut off at max_tokens") as failed:
        strict.add("I live in Lisbon and I work as a nurse.", user_id="u")
    assert failed.value.usage["calls"] == 2 and failed.value.usage["completion_tokens"] > 0  # type: ignore[attr-defined]
    assert strict.get_all(user_id="u")["results"] == []
    [(content, status)] = [(x["content"], x["status"]) for x in strict.messages(user_id="u")]
    assert (content, status) == ("I live in Lisbon and I work as a nurse.", "failed")

    lenient = make_memory(llm_config=broken, extraction={"fallback_to_rules": True})
    out = lenient.add("I live in Lisbon and I work as a nurse.", user_id="u")
    assert any("Lisbon" in r["memory"] for r in out["results"]), out  # the rules read it instead
    assert "cut off" in out["usage"]["fallback"]
    for r in out["results"]:
        assert lenient.get(r["id"], user_id="u")["source"]["extractor"] == "rules_fallback"
        assert "LLM failed" in lenient.history(r["id"], user_id="u")[0]["reason"]
    check_auditable(lenient, "u", set())


def test_a_tiny_timeout_is_a_typed_error_or_a_fallback(make_memory: MakeMemory) -> None:
    hurried = {"timeout": 0.001, "max_retries": 0}
    with pytest.raises(LLMError, match=r"timed out after 0\.001s|connection failed"):
        make_memory(llm_config=hurried).add("I live in Lisbon.", user_id="u")
    out = make_memory(llm_config=hurried, extraction={"fallback_to_rules": True}).add("I live in Lisbon.", user_id="u")
    assert any("Lisbon" in r["memory"] for r in out["results"]) and out["usage"]["fallback"]


def test_the_hub_proxy_streams_a_real_completion_with_memories(hub_on_llama: llama_fixture.HubOnLlama) -> None:
    token = hub_on_llama.token("chat-app", ["chat"])
    with MemoryClient(hub_on_llama.url, token) as mc:
        mc.add("My cat is called Biscuit and I live in Lisbon.", user_id="dana", namespace="chat")
    chat = openai.OpenAI(base_url=f"{hub_on_llama.url}/v1", api_key=token, max_retries=0)
    question = [{"role": "system", "content": "Answer in one short sentence."},
                {"role": "user", "content": "What is my cat called?"}]

    raw = chat.chat.completions.with_raw_response.create(model="mem-graph", user="dana", stream=True,
                                                         messages=question, max_tokens=24, temperature=0)
    assert int(raw.headers["x-mem-graph-memories"]) >= 1
    pieces = [c.choices[0].delta.content or "" for c in raw.parse() if c.choices]
    assert len(pieces) > 1 and "".join(pieces).strip(), "no streamed text from the model"

    # the memories really reach the model: the same question costs more prompt tokens for a user who has them
    with_mem = chat.chat.completions.create(model="mem-graph", user="dana", messages=question, max_tokens=4)
    without = chat.chat.completions.create(model="mem-graph", user="nobody", messages=question, max_tokens=4)
    assert with_mem.usage and without.usage
    assert with_mem.usage.prompt_tokens > without.usage.prompt_tokens + 10

    # and the question itself is remembered (written in the background)
    hub = hub_on_llama.app.state.hub
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        said = [x["content"] for x in hub.memory.messages(user_id="dana", namespace="chat")]
        if "What is my cat called?" in said:
            break
        time.sleep(0.2)
    assert "What is my cat called?" in said
