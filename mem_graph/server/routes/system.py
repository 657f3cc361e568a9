"""Health and identity."""

from __future__ import annotations

from fastapi import APIRouter

from mem_graph import __version__
from mem_graph.results import HealthResponse, WhoAmIResponse
from mem_graph.server.routes.memories import Caller

router = APIRouter(prefix="/v1", tags=["system"])


@router.get("/health", summary="Liveness (no token needed)")
async def health() -> HealthResponse:
    return {"status": "ok", "version": __version__}


@router.get("/whoami", summary="The calling token's client and grants")
async def whoami(who: Caller) -> WhoAmIResponse:
    return {"client_id": who.client_id, "token_id": who.token_id, "namespaces": list(who.namespaces),
            "default_namespace": who.default_namespace, "user_ids": list(who.user_ids)}
