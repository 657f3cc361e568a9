"""Issue #11 item 8 over HTTP: input the stores cannot hold gets a 4xx in the hub's error shape (never a 500),
and the chat proxy refuses a message it could not remember before anything reaches upstream."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from fake_openai import FakeOpenAI
from running_hub import RunningHub

NS = "harden"
LONE = "\ud800"


@pytest.fixture(scope="module")
def http(hub_server: RunningHub) -> Any:
    token = hub_server.token("hardening", [NS], rate_limit=100_000)
    with httpx.Client(base_url=hub_server.url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
        yield c


def _post(http: httpx.Client, path: str, body: Any, **headers: str) -> httpx.Response:
    # json.dumps escapes a lone surrogate as \ud800: valid JSON text that decodes to an unencodable string
    return http.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})


def _refused(resp: httpx.Response) -> dict[str, Any]:
    assert 400 <= resp.status_code < 500, f"{resp.status_code}: {resp.text[:300]}"
    err = resp.json()["error"]
    assert err["code"] and err["message"] and err["type"]
    return err  # type: ignore[no-any-return]


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/memories", {"messages": f"I like {LONE} tea", "user_id": "h1", "namespace": NS}),
    ("/v1/memories", {"messages": [{"role": "user", "content": "ok", "name": LONE}], "user_id": "h1", "namespace": NS}),
    ("/v1/memories", {"messages": "ok tea", "user_id": f"h{LONE}", "namespace": NS}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS, "metadata": {"k": LONE}}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS, "metadata": {LONE: 1}}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS, "metadata": {"n": 2**63}}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS,
                      "metadata": json.loads('{"a":' * 130 + "1" + "}" * 130)}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS,
                      "timestamp": "0001-01-01T00:00:00+14:00"}),
    ("/v1/memories", {"messages": "ok tea", "user_id": "h1", "namespace": NS, "source_ref": LONE}),
    ("/v1/memories/search", {"query": f"tea {LONE}", "user_id": "h1", "namespace": NS}),
    ("/v1/memories/search", {"query": "tea", "user_id": "h1", "namespace": NS, "filters": {"k": LONE}}),
    ("/v1/memories/search", {"query": "tea", "user_id": "h1", "namespace": NS, "filters": {"k": 2**63}}),
    ("/v1/memories/search", {"query": "tea", "user_id": "h1", "namespace": NS, "filters": {"k": -(2**64)}}),
    ("/v1/graph/cypher", {"query": f"RETURN '{LONE}' AS x", "user_id": "h1", "namespace": NS}),
    ("/v1/graph/cypher", {"query": "RETURN $x AS x", "params": {"x": LONE}, "user_id": "h1", "namespace": NS}),
])
def test_unstorable_values_are_4xx(http: httpx.Client, path: str, body: dict[str, Any]) -> None:
    _refused(_post(http, path, body))
    assert http.get("/v1/memories", params={"user_id": "h1", "namespace": NS}).status_code == 200


@pytest.mark.parametrize("params", [
    {"since": str(2**63)}, {"since": str(10**30)}, {"limit": str(2**64)},
])
def test_sync_cursor_beyond_int64_is_4xx(http: httpx.Client, params: dict[str, str]) -> None:
    _refused(http.get("/v1/changes", params={"namespace": NS, **params}))


@pytest.mark.parametrize("filters", [json.dumps({"k": 2**63}), '{"k": "\\ud800"}'])
def test_list_filters_beyond_the_stores_are_4xx(http: httpx.Client, filters: str) -> None:
    _refused(http.get("/v1/memories", params={"user_id": "h1", "namespace": NS, "filters": filters}))


@pytest.mark.parametrize("key", ["has space", "x" * 129, "tab\there"])
def test_idempotency_key_follows_the_event_id_rule(http: httpx.Client, key: str) -> None:
    resp = _post(http, "/v1/memories", {"messages": "Hal likes tea.", "user_id": "h2", "namespace": NS,
                                        "infer": False}, **{"Idempotency-Key": key})
    _refused(resp)
    assert http.get("/v1/memories", params={"user_id": "h2", "namespace": NS}).json()["results"] == []


@pytest.fixture(scope="module")
def chat_token(hub_server: RunningHub) -> str:
    return hub_server.token("hardening-chat", ["chat-h"], rate_limit=100_000)


@pytest.mark.parametrize(("body", "says"), [
    ({"messages": [{"role": "user", "content": "x" * 40_000}], "user": "c1"}, "limit"),
    ({"messages": [{"role": "user", "content": "I like\x00 tea"}], "user": "c1"}, "NUL"),
    ({"messages": [{"role": "user", "content": "hi"}], "user": "u" * 300}, "user_id"),
    ({"messages": [{"role": "user", "content": f"hi {LONE}"}], "user": "c1"}, "surrogate"),
    ({"messages": [{"role": "system", "content": LONE}, {"role": "user", "content": "hi"}], "user": "c1"},
     "surrogate"),
    ({"messages": [{"role": "user", "content": [{"type": "text", "text": 5}]}], "user": "c1"}, "text"),
    ({"messages": [{"role": "user", "content": [{"type": "text", "text": ["a"]}]}], "user": "c1"}, "text"),
])
def test_the_proxy_refuses_what_it_could_not_remember_before_upstream(
        hub_server: RunningHub, chat_token: str, upstream: FakeOpenAI, body: dict[str, Any], says: str) -> None:
    before = len(upstream.requests)
    with httpx.Client(base_url=hub_server.url, timeout=60,
                      headers={"Authorization": f"Bearer {chat_token}"}) as c:
        err = _refused(_post(c, "/v1/chat/completions", {"model": "gpt-test", **body}))
    assert says.lower() in err["message"].lower()
    assert len(upstream.requests) == before


def test_the_proxy_refuses_json_nested_past_the_parser(hub_server: RunningHub, chat_token: str,
                                                        upstream: FakeOpenAI) -> None:
    before = len(upstream.requests)
    body = '{"user": "c1", "messages": [{"role": "user", "content": ' + "[" * 5000 + "]" * 5000 + "}]}"
    with httpx.Client(base_url=hub_server.url, timeout=60, headers={"Authorization": f"Bearer {chat_token}"}) as c:
        _refused(c.post("/v1/chat/completions", content=body.encode(), headers={"Content-Type": "application/json"}))
    assert len(upstream.requests) == before


def test_the_http_client_raises_the_sdks_errors(hub_server: RunningHub) -> None:
    from mem_graph import ValidationError

    token = hub_server.token("hardening-client", [NS])
    deep: Any = 1
    for _ in range(2000):
        deep = {"a": deep}
    with hub_server.client(token) as c:
        with pytest.raises(ValidationError):  # before: RecursionError from json.dumps
            c.add("Ann likes tea.", user_id="h3", namespace=NS, metadata=deep)
        with pytest.raises(ValidationError):
            c.add(f"Ann likes {LONE} tea.", user_id="h3", namespace=NS)
        with pytest.raises(ValidationError):
            c.search("tea", user_id="h3", namespace=NS, filters={"n": 2**63})
        assert c.get_all(user_id="h3", namespace=NS)["results"] == []
