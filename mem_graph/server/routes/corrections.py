"""The user's corrections over HTTP (invalidate, restore, undo), feedback, and a scope's export (JSON Lines).

Every route checks the token's grant exactly like the memory routes; a memory outside the caller's scope is
404, the same answer as an id that never existed.
"""

from __future__ import annotations

import io
import re
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import Field, model_validator

from mem_graph.backup import export
from mem_graph.results import CorrectionResponse, FeedbackResponse, UndoResponse
from mem_graph.server.models import ScopeFields
from mem_graph.server.routes.memories import Caller, HubDep, ScopeQuery
from mem_graph.server.state import Hub
from mem_graph.validation import make_scope

router = APIRouter(prefix="/v1", tags=["corrections"])


class CorrectionRequest(ScopeFields):
    reason: str | None = Field(None, max_length=2000, description="Why (recorded in the memory's history).")


class UndoRequest(ScopeFields):
    event: int | None = Field(None, ge=1, description="The seq of the UPDATE / DELETE / INVALIDATE event to undo.")
    memory_id: str | None = Field(None, description="Or a memory: undo the decision that invalidated it, or the "
                                                    "update that created it.")

    @model_validator(mode="after")
    def _one(self) -> UndoRequest:
        if (self.event is None) == (self.memory_id is None):
            raise ValueError("give exactly one of event or memory_id")
        return self

    def target(self) -> str | int:
        """What ``Memory.undo`` takes: the event seq, else the memory id."""
        if self.event is not None:
            return self.event
        if self.memory_id is None:  # _one already refused this
            raise ValueError("give exactly one of event or memory_id")
        return self.memory_id


class FeedbackRequest(ScopeFields):
    rating: Literal["useful", "wrong"]
    note: str | None = Field(None, max_length=2000)


@router.post("/memories/{memory_id}/invalidate",
             summary="Mark a memory no longer true (a user correction, Memory.invalidate)")
async def invalidate(memory_id: str, body: CorrectionRequest, hub: HubDep, who: Caller) -> CorrectionResponse:
    return await hub.call(hub.memory.invalidate, memory_id, **who.scope(**body.scope()),
                          reason=body.reason, client_id=who.client_id, write=True)


@router.post("/memories/{memory_id}/restore",
             summary="Make an invalidated memory current again (Memory.restore)")
async def restore(memory_id: str, body: CorrectionRequest, hub: HubDep, who: Caller) -> CorrectionResponse:
    return await hub.call(hub.memory.restore, memory_id, **who.scope(**body.scope()),
                          reason=body.reason, client_id=who.client_id, write=True)


@router.post("/undo",
             summary="Undo a reconciliation decision: restore what it invalidated, invalidate its successor")
async def undo(body: UndoRequest, hub: HubDep, who: Caller) -> UndoResponse:
    return await hub.call(hub.memory.undo, body.target(), **who.scope(**body.scope()),
                          client_id=who.client_id, write=True)


@router.post("/memories/{memory_id}/feedback",
             summary="Rate a memory useful or wrong (Memory.feedback)")
async def feedback(memory_id: str, body: FeedbackRequest, hub: HubDep, who: Caller) -> FeedbackResponse:
    return await hub.call(hub.memory.feedback, memory_id, body.rating,
                          **who.scope(**body.scope()), note=body.note, client_id=who.client_id, write=True)


@router.get("/export", summary="The scope's export as JSON Lines (mem-graph export; mem-graph import reads it)",
            response_class=Response, responses={200: {"content": {"application/x-ndjson": {}}}})
async def export_scope(hub: HubDep, who: Caller, scope: ScopeQuery) -> Response:
    body = await hub.call(_export, hub, who.scope(**scope.scope()))
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(v for v in scope.scope().values() if v))[:80] or "scope"
    return Response(body, media_type="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="mem_graph-{name}.jsonl"'})


def _export(hub: Hub, scope: dict[str, Any]) -> bytes:
    out = io.StringIO()
    export(hub.memory, out, make_scope(**scope))
    return out.getvalue().encode("utf-8")
