"""The official openai SDK against the hub's /v1/chat/completions, with a fake upstream on loopback."""

from __future__ import annotations

import re
import time

import openai
import pytest
from fake_openai import FakeOpenAI
from running_hub import RunningHub

from mem_graph.client import MemoryClient


@pytest.fixture(scope="module")
def token(hub_server: RunningHub) -> str:
    return hub_server.token("web-bot", ["chat"])


@pytest.fixture
def chat(hub_server: RunningHub, token: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{hub_server.url}/v1", api_key=token, max_retries=0)


def wait_for(predicate, timeout: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_memories_are_injected_and_the_new_message_is_remembered(
        hub_server: RunningHub, token: str, chat: openai.OpenAI, upstream: FakeOpenAI, uid: str) -> None:
    with MemoryClient(hub_server.url, token) as m:
        m.add("I'm vegetarian", user_id=uid, namespace="chat")
        m.add("I live in Lisbon.", user_id=uid, namespace="chat", timestamp="2024-03-01T10:00:00Z")
        before = len(upstream.requests)
        raw = chat.chat.completions.with_raw_response.create(
            model="gpt-test", user=uid,
            messages=[{"role": "system", "content": "You are a helpful travel assistant."},
                      {"role": "user", "content": "I moved to Porto last week. Where should I eat tonight?"}])
        reply = raw.parse()
        assert reply.choices[0].message.content == FakeOpenAI.reply
        assert raw.headers["x-mem-graph-memories"] != "0" and raw.headers["x-request-id"]

        sent = upstream.requests[before]
        assert sent["model"] == "gpt-test" and sent["_auth"] == "Bearer sk-upstream"
        roles = [msg["role"] for msg in sent["messages"]]
        assert roles == ["system", "system", "user"]
        assert sent["messages"][0]["content"] == "You are a helpful travel assistant."
        memo = sent["messages"][1]["content"]
        assert "User is vegetarian" in memo and "[2024-03-01] User lives in Lisbon" in memo
        assert re.search(r"- \[\d{4}-\d{2}-\d{2}\] User is vegetarian", memo)

        # written in the background: the move is remembered (and supersedes Lisbon)
        assert wait_for(lambda: any("Porto" in x["memory"]
                                    for x in m.get_all(user_id=uid, namespace="chat")["results"]))
        current = [x["memory"] for x in m.get_all(user_id=uid, namespace="chat")["results"]]
        assert not any("Lisbon" in t for t in current)
        porto = next(x for x in m.get_all(user_id=uid, namespace="chat")["results"] if "Porto" in x["memory"])
        assert porto["source"]["client_id"] == "web-bot"
        assert porto["source"]["source_ref"].startswith("chat.completions:")


def test_streaming_passes_through(chat: openai.OpenAI, upstream: FakeOpenAI, uid: str,
                                  hub_server: RunningHub, token: str) -> None:
    with MemoryClient(hub_server.url, token) as m:
        m.add("My sister Anna lives in Paris.", user_id=uid, namespace="chat")
    before = len(upstream.requests)
    stream = chat.chat.completions.create(model="mem-graph", user=uid, stream=True,
                                          messages=[{"role": "user", "content": "Where does my sister live?"}])
    pieces = [c.choices[0].delta.content or "" for c in stream if c.choices]
    assert "".join(pieces) == FakeOpenAI.reply and len(pieces) > 1
    sent = upstream.requests[before]
    assert sent["stream"] is True and sent["model"] == "fake-model"  # the alias picks llm.config.model
    assert "Anna lives in Paris" in sent["messages"][0]["content"]


def test_the_user_can_come_from_a_header_and_upstream_errors_pass_through(
        chat: openai.OpenAI, upstream: FakeOpenAI, uid: str) -> None:
    reply = chat.chat.completions.create(model="gpt-test", messages=[{"role": "user", "content": "hello"}],
                                         extra_headers={"X-Mem-User-Id": uid})
    assert reply.choices[0].message.content == FakeOpenAI.reply
    with pytest.raises(openai.BadRequestError, match="does not exist"):
        chat.chat.completions.create(model="broken", user=uid, messages=[{"role": "user", "content": "hi"}])


def test_bad_chat_requests_are_refused_before_reaching_upstream(
        hub_server: RunningHub, chat: openai.OpenAI, upstream: FakeOpenAI, uid: str) -> None:
    before = len(upstream.requests)
    with pytest.raises(openai.UnprocessableEntityError, match="whose memory"):
        chat.chat.completions.create(model="gpt-test", messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(openai.UnprocessableEntityError, match="messages"):
        chat.chat.completions.create(model="gpt-test", user=uid, messages=[])
    with pytest.raises(openai.PermissionDeniedError):
        chat.chat.completions.create(model="gpt-test", user=uid, messages=[{"role": "user", "content": "hi"}],
                                     extra_headers={"X-Mem-Namespace": "alpha"})
    bad = openai.OpenAI(base_url=f"{hub_server.url}/v1", api_key="mgh_nope", max_retries=0)
    with pytest.raises(openai.AuthenticationError):
        bad.chat.completions.create(model="gpt-test", user=uid, messages=[{"role": "user", "content": "hi"}])
    assert len(upstream.requests) == before
    assert hub_server.hub.memory.messages(user_id=uid, namespace="chat") == []
