"""Property tests over the REST API: arbitrary requests never get a 5xx; every rejection is a 4xx in the hub's
error shape with a clear message, a rejected request writes nothing, and the fuzzed scope stays fully readable
afterwards. Attack classes include lone surrogates (JSON \\ud800 escapes), deep nesting, +-2^63 and odd
timestamps, and chat-proxy bodies (whose 4xx must come before anything reaches upstream)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from running_hub import RunningHub

NS = "fuzz"
USER = "rest-fuzz-user"
EXAMPLES = int(os.environ.get("MEM_GRAPH_FUZZ_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

TEXT = st.one_of(st.text(max_size=80), st.sampled_from([
    "", " ", "\x00", "\u202e", "💥" * 300, "x" * 40_000, "' OR 1=1 --", "../../etc/passwd", "%00", "\r\n",
    "MATCH (n) DETACH DELETE n", "{{7*7}}", "null", "I live in Paris.", "\ud800", "tea \udfff", "\ud83d",
    "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "2100-01-01T00:00:00Z", "1969-12-31T23:59:59Z"]))


def _deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


EXTREME = st.sampled_from([2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64, 10**30, 1e308, -0.0, 4102444800,
                           -62135596800]) | st.sampled_from([31, 33, 130, 900]).map(_deep)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT | EXTREME,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=10)
SCOPE = st.one_of(st.just(USER), st.just(USER), TEXT, JSON)
NAMESPACE = st.one_of(st.just(NS), st.just(NS), st.just("other"), TEXT, JSON)
FIELDS = ("messages", "user_id", "agent_id", "namespace", "metadata", "infer", "timestamp", "expires_at",
          "source_ref", "event_id", "client_id", "query", "limit", "filters", "explain", "threshold", "data",
          "expected_version", "params", "rerank", "include_invalidated", "bogus")


BODY = st.one_of(
    st.fixed_dictionaries({"messages": st.one_of(TEXT, st.lists(st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "assistant", "wizard"]), "content": st.one_of(TEXT, JSON)}), max_size=3),
        JSON), "user_id": SCOPE, "namespace": NAMESPACE, "infer": st.one_of(st.just(False), JSON)},
        optional=dict.fromkeys(("metadata", "timestamp", "expires_at", "event_id", "agent_id", "client_id"), JSON)),
    st.fixed_dictionaries({"user_id": SCOPE, "namespace": NAMESPACE},
                          optional={k: JSON for k in FIELDS if k not in ("user_id", "namespace")}),
    JSON)
IDS = st.one_of(st.uuids().map(str), TEXT, st.sampled_from(["..", "%2e%2e", "a/b", "00000000-0000-0000-0000-"
                                                                                   "000000000000", "x" * 500]))


@pytest.fixture(scope="module")
def http(hub_server: RunningHub) -> Iterator[httpx.Client]:
    token = hub_server.token("rest-fuzzer", [NS], rate_limit=100_000)
    with httpx.Client(base_url=hub_server.url, headers={"Authorization": f"Bearer {token}"}, timeout=120) as c:
        yield c


def _state(hub_server: RunningHub) -> tuple[Any, ...]:
    m = hub_server.hub.memory
    return (len(m.messages(user_id=USER, namespace=NS)), len(m.get_all(user_id=USER, namespace=NS, limit=1000,
                                                                       include_invalidated=True)["results"]))


def _check(resp: httpx.Response, before: tuple[Any, ...], hub_server: RunningHub) -> None:
    route = ([*resp.request.url.path.split("/"), "", "", ""])[2]
    event(f"{resp.request.method} {route}: {resp.status_code}")
    assert resp.status_code < 500, f"{resp.status_code}: {resp.text[:500]}"
    if resp.status_code >= 400:
        err = resp.json()["error"]
        assert err["code"] and err["message"].strip() and err["type"], err
        if resp.request.method != "GET":
            assert _state(hub_server) == before, f"{resp.status_code} {err} but something was written"
    _still_readable(hub_server)


def _still_readable(hub_server: RunningHub) -> None:
    """Whatever was accepted, the fuzzed scope lists, searches and shows its raw messages."""
    m = hub_server.hub.memory
    listed = m.get_all(user_id=USER, namespace=NS, include_invalidated=True, limit=1000)
    assert "skipped" not in listed, listed["skipped"]
    m.search("what does the user like?", user_id=USER, namespace=NS)
    m.messages(user_id=USER, namespace=NS)


@SETTINGS
@given(body=BODY, raw=st.one_of(st.none(), st.binary(max_size=64)), key=st.one_of(st.none(), TEXT))
def test_post_memories(http: httpx.Client, hub_server: RunningHub, body: Any, raw: bytes | None,
                       key: str | None) -> None:
    before = _state(hub_server)
    headers = {"Content-Type": "application/json"}
    if key and key.strip() == key and key.isascii() and key.isprintable():  # what HTTP can carry
        headers["Idempotency-Key"] = key
    content = raw if raw is not None else json.dumps(body).encode()
    _check(http.post("/v1/memories", content=content, headers=headers), before, hub_server)


@SETTINGS
@given(body=BODY, path=st.sampled_from(["/v1/memories/search", "/v1/graph/cypher"]))
def test_post_search_and_cypher(http: httpx.Client, hub_server: RunningHub, body: Any, path: str) -> None:
    before = _state(hub_server)
    resp = http.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    _check(resp, before, hub_server)
    if resp.status_code == 200 and path.endswith("search"):
        assert all(r.get("user_id") == body.get("user_id") for r in resp.json()["results"])


@SETTINGS
@given(memory_id=IDS, user_id=SCOPE, namespace=NAMESPACE, body=BODY,
       method=st.sampled_from(["GET", "PUT", "DELETE", "HISTORY"]),
       params=st.dictionaries(st.sampled_from(["limit", "filters", "since", "include_invalidated", "agent_id"]),
                              TEXT.filter(lambda t: len(t) < 2000), max_size=3))
def test_id_routes_and_query_strings(http: httpx.Client, hub_server: RunningHub, memory_id: str, user_id: Any,
                                     namespace: Any, body: Any, method: str, params: dict[str, str]) -> None:
    before = _state(hub_server)
    query = {"user_id": str(user_id)[:2000], "namespace": str(namespace)[:2000], **params}
    qs = "?" + "&".join(f"{_q(k)}={_q(v)}" for k, v in query.items())  # lone surrogates as raw %ED%A0%80 bytes
    path = f"/v1/memories/{_q(memory_id)}" if memory_id else "/v1/memories/%20"
    if method == "HISTORY":
        resp = http.get(f"{path}/history{qs}")
    elif method == "PUT":
        resp = http.put(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    else:
        resp = http.request(method, f"{path}{qs}")
    _check(resp, before, hub_server)
    for route in ("/v1/memories", "/v1/changes"):  # lists and the sync feed with the same junk query
        _check(http.get(f"{route}{qs}"), before, hub_server)


def _q(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


CONTENT = st.one_of(TEXT, JSON, st.lists(st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["text", "image_url", "bogus"]), "text": JSON}), JSON), max_size=3))
CHAT = st.fixed_dictionaries(
    {"messages": st.one_of(st.lists(st.fixed_dictionaries({"role": st.sampled_from(["system", "user", "assistant"]),
                                                           "content": CONTENT}), min_size=1, max_size=3), JSON)},
    optional={"user": st.one_of(st.just(USER), TEXT, JSON, st.just("u" * 300)), "model": JSON, "stream": JSON})


def _settle(hub_server: RunningHub) -> None:
    """Wait for the proxy's background writes, so a state comparison sees only this request's effects."""
    deadline = time.monotonic() + 60
    while hub_server.hub.pending_background and time.monotonic() < deadline:
        time.sleep(0.02)


@SETTINGS
@given(body=CHAT)
def test_chat_proxy(http: httpx.Client, hub_server: RunningHub, upstream: Any, body: dict[str, Any]) -> None:
    """A refused chat request is a 4xx sent before anything reaches upstream (nothing written); whatever
    happened, the scope stays readable once the background write is done."""
    _settle(hub_server)
    before, calls = _state(hub_server), len(upstream.requests)
    resp = http.post("/v1/chat/completions", content=json.dumps(body).encode(),
                     headers={"Content-Type": "application/json", "X-Mem-Namespace": NS})
    event(f"chat: {resp.status_code}")
    assert resp.status_code < 500, f"{resp.status_code}: {resp.text[:500]}"
    if 400 <= resp.status_code < 500 and resp.json().get("error", {}).get("request_id"):  # the hub's own refusal
        assert len(upstream.requests) == calls, "refused, yet the request was sent upstream"
        _settle(hub_server)
        assert _state(hub_server) == before
    _settle(hub_server)
    _still_readable(hub_server)


POISON = st.one_of(
    st.sampled_from(["\ud800", "a\udfffb", "\udc00tea", 2**63, -(2**63) - 1, 2**64, 10**30,
                     "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "1969-12-31T23:59:59Z",
                     -62135596800, 253402300800]),
    st.sampled_from([33, 130, 900]).map(_deep),
    st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3))
_ADD = {"messages": "Ann likes green tea.", "user_id": USER, "namespace": NS, "infer": False}
_SEARCH = {"query": "what does Ann like?", "user_id": USER, "namespace": NS}
_PLACES: dict[str, Any] = {  # where one poisoned value goes in an otherwise valid request
    "add.messages": lambda v: ("/v1/memories", {**_ADD, "messages": v}),
    "add.content": lambda v: ("/v1/memories", {**_ADD, "messages": [{"role": "user", "content": v}]}),
    "add.name": lambda v: ("/v1/memories", {**_ADD, "messages": [{"role": "user", "content": "Hi.", "name": v}]}),
    "add.message_time": lambda v: ("/v1/memories", {**_ADD, "messages": [
        {"role": "user", "content": "Hi there.", "timestamp": v}]}),
    "add.metadata_value": lambda v: ("/v1/memories", {**_ADD, "metadata": {"k": v}}),
    "add.metadata_key": lambda v: ("/v1/memories", {**_ADD, "metadata": {str(v)[:50]: 1}}),
    "add.timestamp": lambda v: ("/v1/memories", {**_ADD, "timestamp": v}),
    "add.expires_at": lambda v: ("/v1/memories", {**_ADD, "expires_at": v}),
    "add.source_ref": lambda v: ("/v1/memories", {**_ADD, "source_ref": v}),
    "add.user_id": lambda v: ("/v1/memories", {**_ADD, "user_id": v}),
    "search.query": lambda v: ("/v1/memories/search", {**_SEARCH, "query": v}),
    "search.filter": lambda v: ("/v1/memories/search", {**_SEARCH, "filters": {"k": v}}),
    "search.filter_in": lambda v: ("/v1/memories/search", {**_SEARCH, "filters": {"k": {"in": [v]}}}),
    "search.threshold": lambda v: ("/v1/memories/search", {**_SEARCH, "threshold": v}),
    "cypher.params": lambda v: ("/v1/graph/cypher", {"query": "RETURN $x AS x", "params": {"x": v},
                                                     "user_id": USER, "namespace": NS}),
}


@SETTINGS
@given(place=st.sampled_from(sorted(_PLACES)), value=POISON)
def test_one_poisoned_value_in_a_valid_request(http: httpx.Client, hub_server: RunningHub, place: str,
                                               value: Any) -> None:
    """Every request is valid but for one value of an attack class (lone surrogates, +-2^63, deep nesting,
    year 1 / 9999 timestamps): a 4xx that writes nothing, or a success; never a 5xx; the scope stays readable."""
    before = _state(hub_server)
    path, body = _PLACES[place](value)
    try:
        content = json.dumps(body).encode()  # a lone surrogate travels as a \\ud800 escape
    except (RecursionError, ValueError):
        return
    _check(http.post(path, content=content, headers={"Content-Type": "application/json"}), before, hub_server)
    query = {"user_id": USER, "namespace": NS, "filters": json.dumps({"k": value}) if not isinstance(value, dict)
             else "{}", "since": str(value) if isinstance(value, int) else "0"}
    qs = "?" + "&".join(f"{_q(k)}={_q(v)}" for k, v in query.items())
    for route in ("/v1/memories", "/v1/changes"):
        _check(http.get(f"{route}{qs}"), before, hub_server)
