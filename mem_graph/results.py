"""The shapes of what mem_graph returns: one definition for the SDK, the HTTP client and the hub.

``Memory`` returns plain dicts (``out["results"][0]["memory"]``); these TypedDicts say which keys they
hold. ``MemoryClient`` returns the same types, and the hub uses them as its response models, so the OpenAPI
document (component names included: ``SearchResponse``, ``MemoryItem`` ...) is generated from this module too.
A key marked ``NotRequired`` is present only in the cases its comment names. The hub serialises exactly the
keys declared here: a key a layer adds without declaring it never reaches HTTP clients (tests/test_results.py
checks real answers against these types with unknown keys forbidden).

``typing_extensions.TypedDict`` (not ``typing``'s): pydantic needs it to validate them on Python < 3.12. No
``from __future__ import annotations`` here: ``__required_keys__`` must see ``NotRequired`` at run time.
"""

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

__all__ = [
    "AddRelations",
    "AddResponse",
    "AddResult",
    "ChangesResponse",
    "CorrectionResponse",
    "CypherResponse",
    "DeleteAllResponse",
    "DeleteResponse",
    "FeedbackResponse",
    "GraphRelation",
    "HealthResponse",
    "HistoryEvent",
    "ListResponse",
    "MemoryItem",
    "MemoryRef",
    "RelatedMemory",
    "Relation",
    "SearchResponse",
    "StoredMessage",
    "UndoResponse",
    "UpdateResponse",
    "Usage",
    "WhoAmIResponse",
]


class Relation(TypedDict):
    """A graph triple: ``source —relationship→ destination``."""

    source: str
    relationship: str
    destination: str
    memory_id: NotRequired[str | None]  # search and graph relations: the memory that asserts it


class GraphRelation(Relation):
    """A relation of ``Memory.graph.relations`` (``valid``: not invalidated, or valid at ``as_of``)."""

    valid: bool


class MemoryRef(TypedDict):
    id: str
    memory: str


class RelatedMemory(MemoryRef):
    """A memory of the same message as a search hit, folded under it (``retrieval.collapse_turns``)."""

    score: float


class MemoryItem(TypedDict):
    """One memory as ``get`` / ``get_all`` / ``search`` return it (mem0-shaped)."""

    id: str
    memory: str
    hash: str
    metadata: dict[str, Any]
    created_at: str | None
    updated_at: str | None
    valid_from: str | None
    invalid_at: str | None
    expires_at: str | None
    status: Annotated[str, Field(description="active, invalidated, or expired (past expires_at).")]
    layer: Annotated[str, Field(description="durable (a fact) or episodic (a verbatim turn).")]
    entities: list[str]
    source: Annotated[dict[str, Any], Field(description="client_id, source_ref, event_id, rule …")]
    version: int
    namespace: str
    user_id: NotRequired[str]  # the scope fields the memory was stored with
    agent_id: NotRequired[str]
    run_id: NotRequired[str]
    superseded_by: NotRequired[str]  # set once an UPDATE / DELETE invalidated it
    ended_by: NotRequired[Annotated[str, Field(
        description="The rule that invalidated it: past, single_value, correction, user ...")]]
    slot: NotRequired[Annotated[str, Field(
        description="The single-valued attribute this memory holds, e.g. user|lives_in.")]]
    score: NotRequired[float]  # search only
    explain: NotRequired[dict[str, Any]]  # search with explain=True: the per-signal scores
    related: NotRequired[list[RelatedMemory]]  # search: the same turn's other memories


class AddResult(TypedDict):
    """One decision of ``add``; ``previous_*``: what an UPDATE replaced."""

    id: str
    memory: str
    event: Literal["ADD", "UPDATE", "DELETE", "NONE"]
    reason: str
    previous_memory: NotRequired[str]
    previous_id: NotRequired[str]


class AddRelations(TypedDict):
    added: list[Relation]
    invalidated: list[Relation]


class Usage(TypedDict):
    """Tokens an LLM-mode ``add`` spent, summed over every request (retries included)."""

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
    calls: int
    model: str
    cost: float | None  # None without prices in the config
    fallback: NotRequired[str]  # the LLM error the rules stood in for (extraction.fallback_to_rules)


class AddResponse(TypedDict):
    results: list[AddResult]
    relations: AddRelations
    usage: NotRequired[Usage]  # extractor llm / hybrid only


class SearchResponse(TypedDict):
    results: list[MemoryItem]
    relations: list[Relation]
    rerank: NotRequired[str]  # explain=True: what the reranker did


class ListResponse(TypedDict):
    results: list[MemoryItem]
    skipped: NotRequired[list[str]]  # ids of stored points that could not be read (only when there are any)


class UpdateResponse(TypedDict):
    id: str
    memory: str
    event: Literal["UPDATE"]
    previous_memory: str


class DeleteResponse(TypedDict):
    id: str
    memory: str
    event: Literal["DELETE"]


class DeleteAllResponse(TypedDict):
    deleted: int
    message: str


class CorrectionResponse(TypedDict):
    """``invalidate`` / ``restore``: a user correction."""

    id: str
    memory: str
    event: Literal["INVALIDATE", "RESTORE"]
    reason: str


class UndoResponse(TypedDict):
    restored: list[MemoryRef]
    invalidated: list[MemoryRef]
    event: Literal["UNDO"]
    reason: str


class FeedbackResponse(TypedDict):
    id: str
    memory: str
    event: Literal["FEEDBACK"]
    rating: str  # useful or wrong
    feedback: Annotated[dict[str, int], Field(description="How often the memory was rated each way.")]


class HistoryEvent(TypedDict):
    """One event of ``history`` and of the hub's sync feed."""

    seq: int
    memory_id: str
    event: str  # ADD, UPDATE, DELETE, NONE, DELETE_ALL, INVALIDATE, RESTORE, FEEDBACK
    old_memory: str | None
    new_memory: str | None
    reason: str | None
    actor: str | None
    extractor: str | None
    related_id: str | None
    message_ids: list[str]
    created_at: str | None
    user_id: str | None
    agent_id: str | None
    run_id: str | None
    namespace: str


class StoredMessage(TypedDict):
    """A raw message as ``Memory.messages`` returns it."""

    id: str
    role: str
    name: str | None
    content: str
    timestamp: str | None
    created_at: str | None
    metadata: dict[str, Any]
    status: Literal["received", "processed", "failed"]
    user_id: str | None
    agent_id: str | None
    run_id: str | None


class ChangesResponse(TypedDict):
    """One page of the hub's sync feed (``MemoryClient.changes``)."""

    changes: Annotated[list[HistoryEvent], Field(description="Memory events with seq > since, oldest first.")]
    next_since: Annotated[int, Field(description="Pass as `since` to get the next page.")]
    has_more: bool
    last_seq: Annotated[int, Field(description="The newest seq on the server (all namespaces).")]


class CypherResponse(TypedDict):
    results: list[dict[str, Any]]
    truncated: bool


class HealthResponse(TypedDict):
    status: Literal["ok"]
    version: str


class WhoAmIResponse(TypedDict):
    client_id: str
    token_id: str
    namespaces: list[str]
    default_namespace: str
    user_ids: list[str]


def sum_usage(total: Usage | None, part: Usage) -> Usage:
    """The usage of a batched add: the batches' tokens, calls and cost added up."""
    if total is None:
        return part
    cost = None if total["cost"] is None or part["cost"] is None else total["cost"] + part["cost"]
    out: Usage = {"prompt_tokens": total["prompt_tokens"] + part["prompt_tokens"],
                  "completion_tokens": total["completion_tokens"] + part["completion_tokens"],
                  "total_tokens": total["total_tokens"] + part["total_tokens"],
                  "calls": total["calls"] + part["calls"], "model": part["model"], "cost": cost}
    fallback = part.get("fallback") or total.get("fallback")
    if fallback:
        out["fallback"] = fallback
    return out
