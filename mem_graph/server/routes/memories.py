"""The SDK's calls over HTTP: add, search, get, list, update, delete, delete-all, history."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Response

from mem_graph.errors import ValidationError
from mem_graph.results import (
    AddResponse,
    DeleteAllResponse,
    DeleteResponse,
    HistoryEvent,
    ListResponse,
    MemoryItem,
    SearchResponse,
    UpdateResponse,
)
from mem_graph.server.auth import Principal
from mem_graph.server.errors import PermissionDeniedError
from mem_graph.server.idempotency import request_hash
from mem_graph.server.models import AddRequest, ScopeFields, SearchRequest, UpdateRequest
from mem_graph.server.state import Hub, get_hub, principal
from mem_graph.timeutil import epoch_or_iso

router = APIRouter(prefix="/v1", tags=["memories"])
HubDep = Annotated[Hub, Depends(get_hub)]
Caller = Annotated[Principal, Depends(principal)]


async def scope_params(user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                 namespace: Annotated[str | None, Query(description="Defaults to the token's first namespace.")] = None
                 ) -> ScopeFields:
    return ScopeFields(user_id=user_id, agent_id=agent_id, run_id=run_id, namespace=namespace)


ScopeQuery = Annotated[ScopeFields, Depends(scope_params)]


@router.post("/memories", response_model_exclude_unset=True,
             summary="Remember messages (Memory.add)")
async def add(body: AddRequest, hub: HubDep, who: Caller, response: Response,
              idempotency_key: Annotated[str | None, Header(min_length=1, max_length=128,
                                                            pattern=r"^[\x21-\x7e]+$")] = None) -> AddResponse:
    """Extract and reconcile facts from the messages. With ``event_id`` (or an ``Idempotency-Key`` header)
    a retried POST returns the first answer (header ``Idempotent-Replayed: true``) and writes nothing."""
    if body.client_id is not None and body.client_id != who.client_id:
        raise PermissionDeniedError("client_id must be the token's own client id")
    scope = who.scope(**body.scope())
    event_id = body.event_id or idempotency_key
    messages = body.messages if isinstance(body.messages, str) else [
        m.model_dump(exclude_unset=True) for m in body.messages]
    kwargs = {**scope, "metadata": body.metadata, "infer": body.infer, "timestamp": body.timestamp,
              "expires_at": body.expires_at, "client_id": who.client_id, "source_ref": body.source_ref,
              "event_id": event_id}
    if event_id is None:
        return await hub.call(hub.memory.add, messages, **kwargs, write=True)
    fingerprint = request_hash({**body.model_dump(exclude={"event_id", "client_id"}), **scope})
    out, replayed = await hub.call(hub.idempotency.run, who.client_id, event_id, fingerprint,
                                   lambda: hub.memory.add(messages, **kwargs),
                                   lambda: _recover_add(hub, scope, who.client_id, event_id), scope, write=True)
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return out


def _recover_add(hub: Hub, scope: dict[str, Any], client_id: str, event_id: str) -> AddResponse | None:
    """Rebuild the answer of an add interrupted after it reached the stores (its memories carry the event id)."""
    records = hub.memory.find_added(event_id, client_id=client_id, **scope)
    if not records:
        return None
    return {"results": [{"id": r.id, "memory": r.text, "event": "ADD", "reason": "[recovered] answer rebuilt "
                         "from the stored memories of an interrupted request"} for r in records],
            "relations": {"added": [], "invalidated": []}}


@router.post("/memories/search", response_model_exclude_unset=True,
             summary="Find the memories that answer a query (Memory.search)")
async def search(body: SearchRequest, hub: HubDep, who: Caller) -> SearchResponse:
    return await hub.call(hub.memory.search, body.query, **who.scope(**body.scope()),
                          limit=body.limit, filters=body.filters, explain=body.explain,
                          include_invalidated=body.include_invalidated, rerank=body.rerank, threshold=body.threshold,
                          as_of=body.as_of)


@router.get("/memories", response_model_exclude_unset=True,
            summary="List a scope's memories, newest first (Memory.get_all)")
async def get_all(hub: HubDep, who: Caller, scope: ScopeQuery, limit: int = 100, include_invalidated: bool = False,
                  offset: Annotated[int, Query(ge=0, le=2**31, description="Skip that many (paging)")] = 0,
                  filters: Annotated[str | None, Query(description="JSON object of metadata filters")] = None,
                  as_of: Annotated[str | None, Query(description="What was believed then: epoch seconds or "
                                                                 "ISO-8601")] = None) -> ListResponse:
    return await hub.call(hub.memory.get_all, **who.scope(**scope.scope()),
                          limit=limit, filters=_json_filters(filters), include_invalidated=include_invalidated,
                          as_of=epoch_or_iso(as_of), offset=offset)


@router.delete("/memories", summary="Erase a whole scope (Memory.delete_all)")
async def delete_all(hub: HubDep, who: Caller, scope: ScopeQuery) -> DeleteAllResponse:
    return await hub.call(_delete_all, hub, who.scope(**scope.scope()), who.client_id,
                          write=True)


def _delete_all(hub: Hub, scope: dict[str, Any], client_id: str) -> DeleteAllResponse:
    """Erase the scope, then the idempotent-add answers that carry its text (server/idempotency.py)."""
    out = hub.memory.delete_all(**scope, client_id=client_id)
    hub.idempotency.forget_scope(scope)
    return out


@router.get("/memories/{memory_id}", response_model_exclude_unset=True,
            summary="One memory (Memory.get)")
async def get(memory_id: str, hub: HubDep, who: Caller, scope: ScopeQuery) -> MemoryItem:
    return await hub.call(hub.memory.get, memory_id, **who.scope(**scope.scope()))


@router.put("/memories/{memory_id}", response_model_exclude_unset=True,
            summary="Replace a memory's text (Memory.update); 409 on a stale expected_version")
async def update(memory_id: str, body: UpdateRequest, hub: HubDep, who: Caller) -> UpdateResponse:
    return await hub.call(hub.memory.update, memory_id, body.data, **who.scope(**body.scope()),
                          metadata=body.metadata, expected_version=body.expected_version, client_id=who.client_id,
                          reason=body.reason, write=True)


@router.delete("/memories/{memory_id}", summary="Erase one memory (Memory.delete)")
async def delete(memory_id: str, hub: HubDep, who: Caller, scope: ScopeQuery) -> DeleteResponse:
    return await hub.call(_delete, hub, memory_id, who.scope(**scope.scope()), who.client_id,
                          write=True)


def _delete(hub: Hub, memory_id: str, scope: dict[str, Any], client_id: str) -> DeleteResponse:
    """Erase one memory, then the idempotent-add answers that carry it."""
    out = hub.memory.delete(memory_id, **scope, client_id=client_id)
    hub.idempotency.forget_memory(out["id"])
    return out


@router.get("/memories/{memory_id}/history", response_model_exclude_unset=True,
            summary="Every event of a memory and its versions (Memory.history)")
async def history(memory_id: str, hub: HubDep, who: Caller, scope: ScopeQuery) -> list[HistoryEvent]:
    return await hub.call(hub.memory.history, memory_id, **who.scope(**scope.scope()))


def _json_filters(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except ValueError as exc:
        raise ValidationError(f"filters must be a JSON object: {exc}") from None
    if not isinstance(value, dict):
        raise ValidationError("filters must be a JSON object")
    return value
