"""One definition per result shape (mem_graph/results.py): what the SDK returns, what the hub sends and what its
OpenAPI document declares are the same TypedDicts, and real answers carry exactly their keys."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from typing import Any

import httpx
import pytest
from llm_server import answer, fact, memories_on, scripted_llm
from pydantic import ConfigDict, TypeAdapter
from running_hub import RunningHub

from mem_graph import Memory, results
from mem_graph.client import MemoryClient, _Api, _GraphApi
from mem_graph.graph_view import GraphView

# unknown keys refused, no coercion: a key a layer adds without declaring it, or a value of another type, fails
_EXACT = ConfigDict(extra="forbid", strict=True)


def exact(tp: Any, value: Any) -> None:
    """``value`` has exactly the shape ``tp`` declares (nested TypedDicts included)."""
    TypeAdapter(list[tp], config=_EXACT).validate_python([value])  # config on the list: it reaches the TypedDicts


def test_sdk_and_hub_answers_have_exactly_their_declared_shape(hub_server: RunningHub, client: MemoryClient,
                                                                core_token: str, uid: str) -> None:
    memory: Memory = hub_server.hub.memory  # the hub's own Memory, called in-process
    for who, api in ((f"{uid}-sdk", memory), (f"{uid}-http", client)):
        scope = {"user_id": who, "namespace": "core"}
        first = api.add("I live in Beijing. My sister Anna lives in Lyon. Anna works at Acme.", **scope)
        exact(results.AddResponse, first)
        moved = api.add("I moved to Shanghai.", **scope)
        exact(results.AddResponse, moved)
        assert moved["results"][0]["event"] == "UPDATE" and "previous_id" in moved["results"][0]
        found = api.search("where does the user live?", **scope, explain=True, include_invalidated=True)
        exact(results.SearchResponse, found)
        assert "rerank" in found and all("explain" in r and "score" in r for r in found["results"])
        mid = found["results"][0]["id"]
        exact(results.MemoryItem, api.get(mid, **scope))
        exact(results.ListResponse, api.get_all(**scope, include_invalidated=True))
        exact(list[results.HistoryEvent], api.history(moved["results"][0]["id"], **scope))
        exact(list[results.GraphRelation], api.graph.relations(**scope, include_invalid=True))
        anna = next(r["id"] for r in first["results"] if "Acme" in r["memory"])
        exact(results.UpdateResponse, api.update(anna, "Anna works at Initech", **scope))
        exact(results.FeedbackResponse, api.feedback(anna, "useful", **scope))
        exact(results.CorrectionResponse, api.invalidate(anna, **scope, reason="she left"))
        exact(results.CorrectionResponse, api.restore(anna, **scope))
        exact(results.UndoResponse, api.undo(moved["results"][0]["id"], **scope))
        exact(results.DeleteResponse, api.delete(anna, **scope))
        exact(results.DeleteAllResponse, api.delete_all(**scope))
    exact(list[results.StoredMessage], memory.messages(user_id=f"{uid}-sdk", namespace="core"))
    exact(results.ChangesResponse, client.changes(0, 50, user_id=f"{uid}-http"))
    exact(results.CypherResponse, httpx.post(f"{hub_server.url}/v1/graph/cypher", headers=_auth(core_token), json={
        "user_id": f"{uid}-http", "query": "MATCH (e:Entity) RETURN e.name AS name"}).json())
    exact(results.WhoAmIResponse, client.whoami())
    exact(results.HealthResponse, client.health())


def test_an_llm_mode_add_reports_a_declared_usage_summed_over_its_batches(tmp_path: Path) -> None:
    with scripted_llm() as llm, memories_on(llm, tmp_path) as make:
        m = make(limits={"add_batch": 1}, llm_config={"cost_per_1m_prompt_tokens": 1.0,
                                                      "cost_per_1m_completion_tokens": 2.0})
        llm.reply(answer(fact("User likes tea")), usage=(100, 10))
        llm.reply(answer(fact("User likes jazz")), usage=(200, 20))
        out = m.add([{"role": "user", "content": "I like tea."}, {"role": "user", "content": "I like jazz."}],
                    user_id="u")
        exact(results.AddResponse, out)
        assert [r["memory"] for r in out["results"]] == ["User likes tea", "User likes jazz"]
        assert out["usage"] == {"prompt_tokens": 300, "completion_tokens": 30, "total_tokens": 330, "calls": 2,
                                "model": "test-model", "cost": pytest.approx((300 * 1.0 + 30 * 2.0) / 1e6)}


def test_the_hub_sends_every_key_the_sdk_returns(hub_server: RunningHub, client: MemoryClient, core_token: str,
                                                 uid: str) -> None:
    """The response models drop nothing: a memory read through HTTP equals the SDK's answer for it."""
    added = client.add("I work at Acme as an accountant.", user_id=uid)
    mid = added["results"][0]["id"]
    local = hub_server.hub.memory.get(mid, user_id=uid, namespace="core")
    assert client.get(mid, user_id=uid) == local
    raw = httpx.get(f"{hub_server.url}/v1/memories/{mid}", headers=_auth(core_token), params={"user_id": uid}).json()
    assert raw == local and "slot" in raw


_ROUTES = [  # (method, path, the TypedDict it answers with, a list of them)
    ("post", "/v1/memories", results.AddResponse, False),
    ("post", "/v1/memories/search", results.SearchResponse, False),
    ("get", "/v1/memories", results.ListResponse, False),
    ("get", "/v1/memories/{memory_id}", results.MemoryItem, False),
    ("put", "/v1/memories/{memory_id}", results.UpdateResponse, False),
    ("delete", "/v1/memories/{memory_id}", results.DeleteResponse, False),
    ("delete", "/v1/memories", results.DeleteAllResponse, False),
    ("get", "/v1/memories/{memory_id}/history", results.HistoryEvent, True),
    ("post", "/v1/memories/{memory_id}/invalidate", results.CorrectionResponse, False),
    ("post", "/v1/undo", results.UndoResponse, False),
    ("post", "/v1/memories/{memory_id}/feedback", results.FeedbackResponse, False),
    ("get", "/v1/changes", results.ChangesResponse, False),
    ("post", "/v1/graph/cypher", results.CypherResponse, False),
    ("get", "/v1/graph/relations", results.GraphRelation, True),
    ("get", "/v1/whoami", results.WhoAmIResponse, False),
]


def test_the_openapi_document_declares_the_result_types(hub_server: RunningHub) -> None:
    doc = httpx.get(f"{hub_server.url}/openapi.json").json()
    schemas = doc["components"]["schemas"]
    for method, path, tp, many in _ROUTES:
        schema = doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
        ref = schema["items"]["$ref"] if many else schema["$ref"]
        assert ref == f"#/components/schemas/{tp.__name__}", (method, path)
        declared = schemas[tp.__name__]
        assert set(declared["properties"]) == set(tp.__required_keys__ | tp.__optional_keys__), tp.__name__
        assert set(declared.get("required", [])) == set(tp.__required_keys__), tp.__name__
    hit = schemas["MemoryItem"]["properties"]
    assert {"id", "memory", "score", "status", "valid_from", "invalid_at", "slot", "explain", "related"} <= set(hit)
    assert schemas["AddResult"]["properties"]["event"]["enum"] == ["ADD", "UPDATE", "DELETE", "NONE"]
    assert {"results", "relations", "usage"} <= set(schemas["AddResponse"]["properties"])


@pytest.mark.parametrize("name", sorted(n for n, _ in inspect.getmembers(_Api, inspect.isfunction)
                                        if hasattr(Memory, n)))
def test_the_client_and_the_sdk_declare_the_same_result_type(name: str) -> None:
    assert _answer(getattr(_Api, name)) == typing.get_type_hints(getattr(Memory, name))["return"]


@pytest.mark.parametrize("name", ["relations"])
def test_the_graph_client_and_the_sdk_declare_the_same_result_type(name: str) -> None:
    assert _answer(getattr(_GraphApi, name)) == typing.get_type_hints(getattr(GraphView, name))["return"]


def _answer(build: Any) -> Any:
    """T of a client call builder's ``_Call[T]``."""
    (answer,) = typing.get_args(typing.get_type_hints(build)["return"])
    return answer


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
