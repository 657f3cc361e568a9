"""Read-only graph exploration, confined to the caller's scope."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from mem_graph.server.models import CypherRequest, CypherResponse, GraphRelation
from mem_graph.server.routes.memories import Caller, HubDep, ScopeQuery

router = APIRouter(prefix="/v1/graph", tags=["graph"])


@router.post("/cypher", response_model=CypherResponse, summary="Run a read-only Cypher query in one scope")
async def cypher(body: CypherRequest, hub: HubDep, who: Caller) -> dict[str, Any]:
    """The query runs on a copy of the caller's scope only (see ``mem_graph.cypher_sandbox``), so it cannot
    see another scope; the scope is also available as ``$user_id``, ``$agent_id``, ``$run_id`` and
    ``$namespace``. Writes are refused."""
    scope = who.scope(**body.scope())
    rows = await hub.call(hub.memory.graph.cypher, body.query, body.params, **scope)
    cap = hub.settings.max_cypher_rows
    return {"results": rows[:cap], "truncated": len(rows) > cap}


@router.get("/relations", response_model=list[GraphRelation], summary="The scope's entity relations")
async def relations(hub: HubDep, who: Caller, scope: ScopeQuery, include_invalid: bool = False,
                    limit: Annotated[int, Query(ge=1, le=100_000)] = 1000) -> list[dict[str, Any]]:
    return await hub.call(hub.memory.graph.relations, include_invalid=include_invalid,  # type: ignore[no-any-return]
                          limit=limit, **who.scope(**scope.scope()))
