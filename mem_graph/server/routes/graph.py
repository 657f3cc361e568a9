"""Read-only graph exploration, pinned to the caller's scope."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from mem_graph.server.cypher_guard import check_rows, pin_to_scope
from mem_graph.server.models import CypherRequest, CypherResponse, GraphRelation
from mem_graph.server.routes.memories import Caller, HubDep, ScopeQuery
from mem_graph.validation import make_scope

router = APIRouter(prefix="/v1/graph", tags=["graph"])


@router.post("/cypher", response_model=CypherResponse, summary="Run a read-only Cypher query in one scope")
async def cypher(body: CypherRequest, hub: HubDep, who: Caller) -> dict[str, Any]:
    """The scope is available as ``$user_id``, ``$agent_id``, ``$run_id`` and ``$namespace``; every node
    pattern is additionally pinned to it, so a query never sees another scope. Writes are refused."""
    scope = who.scope(**body.scope())
    fields = make_scope(**scope).fields()
    pinned = pin_to_scope(body.query, list(fields))
    rows = await hub.call(hub.memory.graph.cypher, pinned, body.params, **scope)
    check_rows(rows, fields)
    cap = hub.settings.max_cypher_rows
    return {"results": rows[:cap], "truncated": len(rows) > cap}


@router.get("/relations", response_model=list[GraphRelation], summary="The scope's entity relations")
async def relations(hub: HubDep, who: Caller, scope: ScopeQuery, include_invalid: bool = False,
                    limit: Annotated[int, Query(ge=1, le=100_000)] = 1000) -> list[dict[str, Any]]:
    return await hub.call(hub.memory.graph.relations, include_invalid=include_invalid,  # type: ignore[no-any-return]
                          limit=limit, **who.scope(**scope.scope()))
