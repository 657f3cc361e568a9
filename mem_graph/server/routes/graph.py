"""Read-only graph exploration, confined to the caller's scope.

Exploration queries run in worker processes under the memory config's ``exploration`` limits
(mem_graph/cypher_sandbox.py). Here they also get their own thread limiter (``exploration.workers`` at
once; they never take the threads that serve reads or writes) and a per-token cap
(``max_cypher_per_token``; 429 beyond), so one client's heavy queries cannot crowd out the others.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from anyio import CapacityLimiter, to_thread
from fastapi import APIRouter, Query, Request

from mem_graph.results import CypherResponse, GraphRelation
from mem_graph.server.errors import RateLimitError
from mem_graph.server.models import CypherRequest
from mem_graph.server.routes.memories import Caller, HubDep, ScopeQuery
from mem_graph.server.state import Hub
from mem_graph.timeutil import epoch_or_iso

router = APIRouter(prefix="/v1/graph", tags=["graph"])
T = TypeVar("T")


class ExplorationGate:
    """Exploration queries in flight per token, and the thread limiter they run under."""

    def __init__(self, per_token: int, workers: int) -> None:
        self.per_token = per_token
        self.running: dict[str, int] = {}  # touched only on the event loop: no lock needed
        self.limiter = CapacityLimiter(workers)

    async def run(self, token_id: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run one exploration call of ``token_id`` on the exploration threads; 429 past ``per_token`` at once
        (REST /v1/graph/cypher and the MCP tools share this)."""
        running = self.running.get(token_id, 0)
        if running >= self.per_token:
            raise RateLimitError(f"{running} exploration queries are already running for this token (hub setting "
                                 "max_cypher_per_token); retry when one has finished", retry_after=1.0)
        self.running[token_id] = running + 1
        try:
            return await to_thread.run_sync(functools.partial(fn, *args, **kwargs), limiter=self.limiter)
        finally:
            left = self.running[token_id] - 1
            if left:
                self.running[token_id] = left
            else:
                del self.running[token_id]


def exploration_gate(request: Request, hub: Hub) -> ExplorationGate:
    """The app's exploration gate (created on first use)."""
    gate: ExplorationGate | None = getattr(request.app.state, "exploration_gate", None)
    if gate is None:
        gate = ExplorationGate(hub.settings.max_cypher_per_token, hub.memory.config.exploration.workers)
        request.app.state.exploration_gate = gate
    return gate


@router.post("/cypher", summary="Run a read-only Cypher query in one scope")
async def cypher(body: CypherRequest, request: Request, hub: HubDep, who: Caller) -> CypherResponse:
    """The query runs on a copy of the caller's scope only (see ``mem_graph.cypher_sandbox``), so it cannot
    see another scope; the scope is also available as ``$user_id``, ``$agent_id``, ``$run_id`` and
    ``$namespace``. Writes are refused. Past ``max_cypher_rows`` rows the results are cut and
    ``truncated`` is true; past a time or memory limit the answer is 422 ``query_limit``; more than
    ``max_cypher_per_token`` queries at once from one token get 429."""
    scope = who.scope(**body.scope())
    found = await exploration_gate(request, hub).run(who.token_id, hub.memory.graph.explore, body.query,
                                                     body.params, max_rows=hub.settings.max_cypher_rows, **scope)
    return {"results": found.rows, "truncated": found.truncated}


@router.get("/relations", summary="The scope's entity relations")
async def relations(hub: HubDep, who: Caller, scope: ScopeQuery, include_invalid: bool = False,
                    limit: Annotated[int, Query(ge=1, le=100_000)] = 1000,
                    as_of: Annotated[str | None, Query(description="The edges valid then: epoch seconds or "
                                                                   "ISO-8601")] = None) -> list[GraphRelation]:
    return await hub.call(hub.memory.graph.relations, include_invalid=include_invalid,
                          limit=limit, as_of=epoch_or_iso(as_of), **who.scope(**scope.scope()))
