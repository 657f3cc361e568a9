"""Bad requests get a clear 4xx in the hub's error shape, and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from running_hub import MAX_BODY, RunningHub

from mem_graph import MessageTooLargeError
from mem_graph.client import AuthenticationError, MemoryClient, PayloadTooLargeError, RateLimitError

USER = "bad-requests-user"
NS = "bad"


@pytest.fixture(scope="module")
def token(hub_server: RunningHub) -> str:
    return hub_server.token("tester", [NS])


@pytest.fixture
def http(hub_server: RunningHub, token: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=hub_server.url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
        yield c


@pytest.fixture(autouse=True)
def nothing_written(hub_server: RunningHub) -> Iterator[None]:
    yield
    memory = hub_server.hub.memory
    assert memory.messages(user_id=USER, namespace=NS) == []
    assert memory.get_all(user_id=USER, namespace=NS)["results"] == []


def error_of(resp: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    err = resp.json()["error"]
    assert err["code"] == code and err["message"] and err["request_id"] == resp.headers["x-request-id"]
    return err  # type: ignore[no-any-return]


@pytest.mark.parametrize("raw", [b"{not json", b'{"messages": "hi", "user_id": ', b"\xff\xfe", b"[1, 2"])
def test_malformed_json_is_400(http: httpx.Client, raw: bytes) -> None:
    err = error_of(http.post("/v1/memories", content=raw, headers={"Content-Type": "application/json"}),
                   400, "malformed_request")
    assert "JSON" in err["message"]


def test_a_body_that_is_not_json_is_415(http: httpx.Client) -> None:
    error_of(http.post("/v1/memories", content=b"messages=hi", headers={"Content-Type": "text/plain"}),
             415, "unsupported_media_type")


@pytest.mark.parametrize(("body", "says"), [
    ({"messages": 123, "user_id": USER}, "messages"),
    ({"messages": [{"role": "wizard", "content": "hi"}], "user_id": USER}, "role"),
    ({"messages": [{"role": "user", "content": 42}], "user_id": USER}, "content"),
    ({"messages": "I like tea", "user_id": USER, "infer": "yes"}, "infer"),
    ({"messages": "I like tea", "user_id": 7}, "user_id"),
    ({"messages": "I like tea", "user_id": USER, "colour": "red"}, "colour"),
    ({"messages": "I like tea", "user_id": USER, "metadata": [1]}, "metadata"),
    ({"messages": "", "user_id": USER}, "empty"),
    ({"messages": "I like tea", "user_id": ""}, "user_id"),
    ({"messages": "I like tea"}, "user_id, agent_id or run_id"),
    ({"messages": "I like tea", "user_id": USER, "event_id": "has space"}, "event_id"),
])
def test_wrong_types_and_values_are_422(http: httpx.Client, body: dict[str, Any], says: str) -> None:
    resp = http.post("/v1/memories", json={**body, "namespace": NS})
    assert resp.status_code == 422, resp.text
    assert resp.json()["error"]["code"] in ("invalid_input", "invalid_scope")
    assert says in resp.json()["error"]["message"]


@pytest.mark.parametrize(("method", "url", "kwargs"), [
    ("POST", "/v1/memories/search", {"json": {"query": "tea", "user_id": USER, "limit": "5"}}),
    ("POST", "/v1/memories/search", {"json": {"query": "tea", "user_id": USER, "limit": 0}}),
    ("GET", "/v1/memories", {"params": {"user_id": USER, "limit": "lots"}}),
    ("GET", "/v1/memories", {"params": {"user_id": USER, "filters": "{oops"}}),
    ("GET", "/v1/changes", {"params": {"since": -1}}),
    ("GET", "/v1/changes", {"params": {"limit": 100_000}}),
    ("GET", "/v1/memories/not-a-uuid", {"params": {"user_id": USER}}),
    ("PUT", "/v1/memories/00000000-0000-4000-8000-000000000000",
     {"json": {"data": "x", "user_id": USER, "expected_version": "2"}}),
])
def test_bad_parameters_are_422(http: httpx.Client, method: str, url: str, kwargs: dict[str, Any]) -> None:
    resp = http.request(method, url, **kwargs)
    assert resp.status_code == 422, resp.text
    assert resp.json()["error"]["code"] in ("invalid_input", "invalid_id")


def test_huge_bodies_are_413_before_being_read(http: httpx.Client, hub_server: RunningHub, token: str) -> None:
    huge = {"messages": "x" * (MAX_BODY + 1), "user_id": USER, "namespace": NS}
    error_of(http.post("/v1/memories", json=huge), 413, "payload_too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the hub counts as it reads
        yield b'{"user_id": "' + USER.encode() + b'", "messages": "'
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"y" * 65536
        yield b'"}'

    error_of(http.post("/v1/memories", content=chunks(), headers={"Content-Type": "application/json"}),
             413, "payload_too_large")
    with MemoryClient(hub_server.url, token) as m:
        with pytest.raises(PayloadTooLargeError):
            m.add("z" * (MAX_BODY + 1), user_id=USER, namespace=NS)
        with pytest.raises(MessageTooLargeError):  # under the body limit, over the per-message limit
            m.add("z" * (hub_server.hub.memory.config.limits.max_message_chars + 1), user_id=USER, namespace=NS)


def test_missing_wrong_and_revoked_tokens_are_401(hub_server: RunningHub) -> None:
    body = {"messages": "I like tea", "user_id": USER, "namespace": NS}
    resp = httpx.post(f"{hub_server.url}/v1/memories", json=body)
    assert error_of(resp, 401, "unauthorized") and resp.headers["www-authenticate"] == "Bearer"
    error_of(httpx.post(f"{hub_server.url}/v1/memories", json=body, headers={"Authorization": "Basic abc"}),
             401, "unauthorized")
    error_of(httpx.post(f"{hub_server.url}/v1/memories", json=body, headers={"Authorization": "Bearer mgh_x_y"}),
             401, "unauthorized")
    token, info = hub_server.hub.tokens.create("short-lived", [NS])
    with MemoryClient(hub_server.url, token) as m:
        assert m.whoami()["client_id"] == "short-lived"
        assert hub_server.hub.tokens.revoke(info.token_id) == 1
        with pytest.raises(AuthenticationError, match="revoked"):
            m.add("I like tea", user_id=USER, namespace=NS)
    assert not [t for t in hub_server.hub.tokens.tokens() if t.token_id == info.token_id]
    assert all(len(t.token_id) == 12 for t in hub_server.hub.tokens.tokens(include_revoked=True))


def test_other_errors_keep_the_shape(http: httpx.Client) -> None:
    error_of(http.get("/v1/no-such-route"), 404, "not_found")
    error_of(http.patch("/v1/memories"), 405, "method_not_allowed")
    resp = http.get("/v1/whoami", headers={"X-Request-ID": "trace-123"})
    assert resp.status_code == 200 and resp.headers["x-request-id"] == "trace-123"
    assert http.get("/v1/whoami", headers={"X-Request-ID": "a b/c"}).headers["x-request-id"] != "a b/c"
    assert httpx.get(http.base_url.join("/v1/health")).json()["status"] == "ok"  # no token needed


def test_the_per_token_rate_limit_answers_429_and_the_client_waits(hub_server: RunningHub) -> None:
    token = hub_server.token("chatty", [NS], rate_limit=2.0)
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=hub_server.url, headers=headers, timeout=60) as c:
        first = [c.get("/v1/whoami") for _ in range(2)]  # the burst (two)
        with ThreadPoolExecutor(8) as pool:  # then eight at once: the bucket cannot refill that fast, however slow
            rest = list(pool.map(lambda _: c.get("/v1/whoami"), range(8)))  # the machine is
    assert [r.status_code for r in first] == [200, 200]
    limited = [r for r in rest if r.status_code == 429]
    assert limited, [r.status_code for r in rest]
    err = error_of(limited[0], 429, "rate_limited")
    assert "2 requests/s" in err["message"] and int(limited[0].headers["retry-after"]) >= 1
    with MemoryClient(hub_server.url, token, retries=0) as impatient, pytest.raises(RateLimitError):
        for _ in range(3):
            impatient.whoami()
    with MemoryClient(hub_server.url, token, retries=3) as patient:
        assert patient.whoami()["client_id"] == "chatty"  # honours Retry-After, then succeeds
