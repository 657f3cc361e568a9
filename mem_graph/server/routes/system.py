"""Health and identity."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from mem_graph import __version__
from mem_graph.server.models import HealthResponse, WhoAmIResponse
from mem_graph.server.routes.memories import Caller

router = APIRouter(prefix="/v1", tags=["system"])


@router.get("/health", response_model=HealthResponse, summary="Liveness (no token needed)")
async def health() -> dict[str, Any]:
    return {"status": "ok", "version": __version__}


@router.get("/whoami", response_model=WhoAmIResponse, summary="The calling token's client and grants")
async def whoami(who: Caller) -> dict[str, Any]:
    return {"client_id": who.client_id, "token_id": who.token_id, "namespaces": list(who.namespaces),
            "default_namespace": who.default_namespace, "user_ids": list(who.user_ids)}
