"""Property test over the hub's /mcp: whatever the arguments, a tool call is a success or a typed 4xx tool error
(never a crash, never a 5xx), and a refused call writes nothing."""

from __future__ import annotations

import json
import os
from typing import Any

import anyio
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from mcp_session import TIMEOUT, TOOLS, http_session
from running_hub import RunningHub

NS = "mcp-fuzz"
USER = "mcp-fuzz-user"
EXAMPLES = int(os.environ.get("MEM_GRAPH_FUZZ_EXAMPLES", "40"))

# no lone surrogates: the client's JSON encoder cannot send them (the REST fuzzer covers them)
TEXT = st.one_of(st.text(st.characters(exclude_categories=("Cs",)), max_size=60), st.sampled_from([
    "", " ", "\x00", "\u202e", "x" * 40_000, "MATCH (n) DETACH DELETE n", "MATCH (n) RETURN n", "I live in Paris.",
    "0001-01-01T00:00:00Z", "2100-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "{\"a\": 1}", "[1, 2]"]))
EXTREME = st.sampled_from([2**63 - 1, 2**63, -(2**63) - 1, 10**30, 1e308, -0.0, 4102444800, -62135596800])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT | EXTREME,
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                    max_leaves=8)
ARGS = ("messages", "query", "memory_id", "data", "entity", "hops", "params", "limit", "explain", "relations",
        "include_invalidated", "include_invalid", "as_of", "filters", "infer", "metadata", "timestamp",
        "expires_at", "expected_version", "agent_id", "run_id", "bogus")
CALLS = st.tuples(st.sampled_from(sorted(TOOLS)), st.fixed_dictionaries(
    {"user_id": st.one_of(st.just(USER), st.just(USER), JSON), "namespace": st.one_of(st.just(NS), JSON)},
    optional={k: st.one_of(JSON, st.uuids().map(str)) for k in ARGS}))


def _state(mcp_hub: RunningHub) -> tuple[int, int]:
    m = mcp_hub.hub.memory
    return (len(m.messages(user_id=USER, namespace=NS)),
            len(m.get_all(user_id=USER, namespace=NS, limit=1000, include_invalidated=True)["results"]))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(call=CALLS)
def test_any_tool_call_is_a_result_or_a_typed_4xx(mcp_hub: RunningHub, call: tuple[str, dict[str, Any]]) -> None:
    tool, arguments = call
    token = mcp_hub.token("mcp-fuzzer", [NS], rate_limit=100_000)
    before = _state(mcp_hub)

    async def go() -> Any:
        async with http_session(mcp_hub.mcp_url, token) as s:
            return await s.call_tool(tool, arguments, read_timeout_seconds=TIMEOUT)

    out = anyio.run(go)
    if not out.is_error:
        event(f"{tool}: ok")
        return
    error = json.loads(out.content[0].text)["error"]
    event(f"{tool}: {error['code']}")
    assert 400 <= error["http_status"] < 500, error
    assert error["code"] != "internal_error" and error["message"]
    assert _state(mcp_hub) == before, "a refused call wrote something"
    assert mcp_hub.hub.memory.get_all(user_id=USER, namespace=NS)["results"] is not None  # still readable
