"""OpenAI-compatible chat proxy: ``POST /v1/chat/completions`` with memory.

Per request: search the user's memories for the last user message (and for each of its sentences), insert them
(with dates) as a system message after the app's own system prompt, forward to
the upstream LLM (``llm.config``: base_url, api_key, model; streaming passes
through as SSE) and store the new user message in the background — the answer
never waits for extraction. The user id comes from the standard ``user`` field
or the ``X-Mem-User-Id`` header; ``X-Mem-Namespace`` picks a namespace.

A message the memory would refuse (over ``limits.max_message_chars``, a NUL or
lone surrogate, a user id that is not a valid scope id, content parts that are
not text) is refused with a 4xx *before* anything is sent upstream: the caller
learns it at once instead of getting an answer whose message was silently not
remembered. A write that fails later (a store down) keeps the raw message,
saved first, with status ``failed`` (``GET /v1/memories`` lists it).
"""

from __future__ import annotations

import json
import logging
import os
from typing import Annotated, Any

import httpx
from fastapi import APIRouter, Header, Request
from fastapi.responses import Response, StreamingResponse

from mem_graph.embed import sentences
from mem_graph.errors import LLMError, MemGraphError, ValidationError
from mem_graph.results import MemoryItem
from mem_graph.server.errors import MalformedRequestError
from mem_graph.server.logs import current_request_id
from mem_graph.server.routes.memories import Caller, HubDep
from mem_graph.server.state import Hub
from mem_graph.validation import check_json, check_text, make_scope

log = logging.getLogger("mem_graph.hub.proxy")
router = APIRouter(prefix="/v1", tags=["openai"])
MODEL_ALIAS = "mem-graph"  # or no model: use llm.config.model
_CHAT_BODY = {"type": "object", "required": ["messages"], "properties": {
    "model": {"type": "string"}, "messages": {"type": "array", "items": {"type": "object"}},
    "stream": {"type": "boolean"}, "user": {"type": "string", "description": "Whose memory to use."}}}


def upstream_settings(hub: Hub) -> dict[str, Any]:
    llm = hub.memory.config.llm
    cfg = dict(llm.config) if llm is not None else {}
    return {"base_url": cfg.get("base_url") or cfg.get("openai_base_url") or os.environ.get("OPENAI_BASE_URL"),
            "api_key": cfg.get("api_key") or os.environ.get("OPENAI_API_KEY"), "model": cfg.get("model"),
            "timeout": float(cfg.get("timeout") or hub.settings.proxy_timeout_s)}


def open_upstream(hub: Hub) -> httpx.AsyncClient | None:
    llm = hub.memory.config.llm
    if llm is not None and llm.provider == "azure_openai":
        return _open_azure(hub)
    s = upstream_settings(hub)
    if not s["base_url"] and not s["api_key"]:
        return None
    headers = {"Authorization": f"Bearer {s['api_key']}"} if s["api_key"] else {}
    return httpx.AsyncClient(base_url=(s["base_url"] or "https://api.openai.com/v1").rstrip("/") + "/",
                             headers=headers, timeout=httpx.Timeout(s["timeout"], connect=10.0))


def _open_azure(hub: Hub) -> httpx.AsyncClient:
    """Azure OpenAI: the deployment's URL, the ``api-key`` header and the ``api-version`` query parameter."""
    from mem_graph.extract.llm import LLMSettings

    a = LLMSettings.from_config(hub.memory.config.llm)  # ConfigError when a key is missing
    base = a.base_url or f"{a.azure_endpoint.rstrip('/')}/openai/deployments/{a.deployment or a.model}"  # type: ignore[union-attr]
    return httpx.AsyncClient(base_url=base.rstrip("/") + "/", headers={"api-key": a.api_key or ""},
                             params={"api-version": a.api_version or ""},
                             timeout=httpx.Timeout(upstream_settings(hub)["timeout"], connect=10.0))


async def close_upstream(hub: Hub) -> None:
    if hub.upstream is not None:
        await hub.upstream.aclose()


def text_of(content: Any) -> str:
    """The text of a message's content (a string or a list of content parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
        if not all(isinstance(t, str) for t in texts):
            raise ValidationError("a text content part must have a string `text`")
        return "\n".join(texts)  # type: ignore[arg-type]
    return ""


def memory_line(hit: MemoryItem) -> str:
    """"- [date said] memory", and for a memory that no longer holds (a question about the past is answered from
    those: retrieve/ended.py) when it ended, so the model never reads an old value as the current one. A past
    fact ("I was a mechanic") has no known start: its date is when it was said."""
    said, until = (hit.get("valid_from") or "")[:10], (hit.get("invalid_at") or "")[:10]
    if not said or said.startswith("1970"):  # (invalid_at: when a past fact was said)
        said = until or (hit.get("created_at") or "")[:10]
    ended = ""
    if hit.get("status") == "invalidated":
        ended = " (no longer true)" if until in ("", said) else f" (no longer true as of {until})"
    return f"- [{said}] {hit['memory']}{ended}"


def memory_message(hits: list[MemoryItem]) -> dict[str, str]:
    lines = [memory_line(h) for h in hits]
    return {"role": "system", "content": "Long-term memories about this user from earlier conversations "
            "(date = when it was said; newer facts win over older ones). Use them when relevant:\n"
            + "\n".join(lines)}


def inject(messages: list[dict[str, Any]], hits: list[MemoryItem]) -> list[dict[str, Any]]:
    """The conversation with the memories placed after the leading system/developer messages."""
    if not hits:
        return messages
    at = 0
    while at < len(messages) and messages[at].get("role") in ("system", "developer"):
        at += 1
    return [*messages[:at], memory_message(hits), *messages[at:]]


def _parse(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # RecursionError: JSON nested past the parser's stack
        raise MalformedRequestError(f"request body is not valid JSON: {str(exc)[:200]}") from None
    if not isinstance(body, dict):
        raise ValidationError("the request body must be a JSON object")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages or not all(
            isinstance(m, dict) and isinstance(m.get("role"), str) for m in messages):
        raise ValidationError("messages must be a non-empty list of {role, content} objects")
    if "stream" in body and not isinstance(body["stream"], bool):
        raise ValidationError("stream must be a boolean")
    check_json(body, what="the request body", max_depth=64)  # no lone surrogate can reach the upstream encoder
    return body


@router.post("/chat/completions", summary="OpenAI-compatible chat completion with the user's memories",
             openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": _CHAT_BODY}}}})
async def chat_completions(request: Request, hub: HubDep, who: Caller,
                           x_mem_user_id: Annotated[str | None, Header()] = None,
                           x_mem_namespace: Annotated[str | None, Header()] = None) -> Response:
    if hub.upstream is None:
        raise LLMError("no upstream LLM configured: set llm.config.base_url / api_key (or OPENAI_BASE_URL / "
                       "OPENAI_API_KEY) for the hub")
    body = _parse(await request.body())
    user_id = x_mem_user_id or body.get("user")
    if not isinstance(user_id, str) or not user_id:
        raise ValidationError("say whose memory to use: the `user` field or the X-Mem-User-Id header")
    scope = who.scope(user_id=user_id, namespace=x_mem_namespace)
    last = body["messages"][-1]
    query = text_of(last.get("content")) if last.get("role") == "user" else ""
    hits: list[MemoryItem] = []
    if query.strip() and hub.settings.proxy_memories:
        make_scope(**scope)  # what the background write would refuse is refused now, before upstream (4xx)
        check_text(query, what="the last user message", max_chars=hub.memory.config.limits.max_message_chars)
        try:
            hits = await hub.call(_recall, hub, query[:hub.memory.config.limits.max_query_chars], scope,
                                  hub.settings.proxy_memories)
        except MemGraphError as exc:  # answer without memories rather than not at all
            log.warning("memory search failed, forwarding without memories: %s", exc)
        hub.submit_background(hub.memory.add, [{"role": "user", "content": query}], **scope,
                              client_id=who.client_id, source_ref=f"chat.completions:{current_request_id()}")
    forward = {**body, "messages": inject(body["messages"], hits)}
    default_model = upstream_settings(hub)["model"]
    if default_model and forward.get("model") in (None, "", MODEL_ALIAS):
        forward["model"] = default_model
    return await _forward(hub, forward, {"X-Mem-Graph-Memories": str(len(hits))})


_MAX_PARTS = 3  # a chat message's sentences searched on their own, besides the whole message


def _recall(hub: Hub, query: str, scope: dict[str, Any], limit: int) -> list[MemoryItem]:
    """The memories for a chat message: those of the whole message, then those of each of its sentences.
    A message often carries several needs ("I moved to Porto last week. Where should I eat tonight?"): the
    whole message's vector is near the move and far from the diet the second sentence needs."""
    parts = sentences(query)
    queries = [query, *parts[:_MAX_PARTS]] if len(parts) > 1 else [query]
    found = [hub.memory.search(q, **scope, limit=limit)["results"] for q in queries]
    merged: dict[str, MemoryItem] = {}
    for rank in range(limit):  # round robin: each query's best hits first
        for hits in found:
            if rank < len(hits):
                merged.setdefault(hits[rank]["id"], hits[rank])
    return list(merged.values())[:limit]


async def _forward(hub: Hub, body: dict[str, Any], headers: dict[str, str]) -> Response:
    try:
        req = hub.upstream.build_request("POST", "chat/completions", json=body)
        resp = await hub.upstream.send(req, stream=bool(body.get("stream")))
    except httpx.HTTPError as exc:
        raise LLMError(f"upstream LLM unreachable: {type(exc).__name__}: {exc}") from None
    media = resp.headers.get("content-type", "application/json")
    if not body.get("stream") or resp.status_code >= 400:
        content = await resp.aread()
        await resp.aclose()
        return Response(content, status_code=resp.status_code, media_type=media, headers=headers)

    async def relay() -> Any:
        try:
            async for chunk in resp.aiter_bytes():
                yield chunk
        except httpx.HTTPError as exc:
            log.warning("upstream stream broke off: %s", exc)
        finally:
            await resp.aclose()

    return StreamingResponse(relay(), status_code=resp.status_code, media_type=media,
                             headers={**headers, "Cache-Control": "no-cache"})


@router.get("/models", summary="The upstream's models (pass-through, for OpenAI clients that list them)")
async def models(hub: HubDep, who: Caller) -> Response:
    if hub.upstream is None:
        raise LLMError("no upstream LLM configured")
    try:
        resp = await hub.upstream.get("models")
    except httpx.HTTPError as exc:
        raise LLMError(f"upstream LLM unreachable: {exc}") from None
    return Response(resp.content, status_code=resp.status_code,
                    media_type=resp.headers.get("content-type", "application/json"))
