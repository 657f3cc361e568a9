"""The sync feed: every memory change carries a server-assigned ``seq``; clients page through them."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from mem_graph.errors import ValidationError
from mem_graph.results import ChangesResponse
from mem_graph.server.routes.memories import Caller, HubDep, ScopeQuery

router = APIRouter(prefix="/v1", tags=["sync"])


@router.get("/changes", response_model_exclude_unset=True,
            summary="Memory changes after a cursor, oldest first (paged)")
async def changes(hub: HubDep, who: Caller, scope: ScopeQuery,
                  since: Annotated[int, Query(ge=0, le=2**63 - 1)] = 0,  # seq is an SQLite (64-bit) integer
                  limit: Annotated[int, Query(ge=1, le=2**63 - 1)] = 100) -> ChangesResponse:
    """Events (ADD, UPDATE, DELETE, DELETE_ALL) of the caller's namespaces with ``seq > since``.

    Keep ``next_since`` and pass it as ``since`` next time: every change arrives exactly once, in order,
    even after days offline. ``namespace``/``user_id``/``agent_id``/``run_id`` narrow the feed.
    """
    if limit > hub.settings.changes_page_max:
        raise ValidationError(f"limit must be at most {hub.settings.changes_page_max}")
    if scope.namespace is not None:
        namespaces: list[str] | None = [who.namespace_for(scope.namespace)]
    else:
        namespaces = None if who.all_namespaces else list(who.namespaces)
    if scope.user_id is not None:
        who.check_user(scope.user_id)
    user_ids = list(who.user_ids) if who.user_ids and scope.user_id is None else None
    fields = {k: v for k, v in scope.scope().items() if v is not None and k != "namespace"}
    rows, head = await hub.call(hub.memory.change_feed, since, limit + 1, namespaces=namespaces, user_ids=user_ids,
                                fields=fields)
    has_more = len(rows) > limit
    rows = rows[:limit]
    next_since = rows[-1]["seq"] if has_more else max(head, since)
    return {"changes": rows, "next_since": next_since, "has_more": has_more, "last_seq": head}
