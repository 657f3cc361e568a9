"""Request and response bodies of the hub (they are what the OpenAPI document shows).

Requests are strict (no type coercion, no unknown fields); the SDK validates the
values again, so over HTTP a call fails exactly where ``Memory`` would.
Responses allow extra keys so a newer server can add fields without breaking clients.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Timestamp = float | str  # epoch seconds or ISO-8601


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Response(BaseModel):
    model_config = ConfigDict(extra="allow")


class ScopeFields(_Request):
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    namespace: str | None = Field(None, description="Defaults to the token's first granted namespace.")

    def scope(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "agent_id": self.agent_id, "run_id": self.run_id,
                "namespace": self.namespace}


class ChatMessage(_Request):
    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: str
    name: str | None = None
    timestamp: Timestamp | None = None
    metadata: dict[str, Any] | None = None


class AddRequest(ScopeFields):
    messages: str | list[ChatMessage] = Field(description="A string or a list of chat messages.")
    metadata: dict[str, Any] | None = None
    infer: bool = True
    timestamp: Timestamp | None = None
    expires_at: Timestamp | None = None
    source_ref: str | None = Field(None, max_length=512, description="Where the message came from (recorded).")
    event_id: str | None = Field(None, min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$",
                                 description="Client-generated id: a retried POST returns the first answer.")
    client_id: str | None = Field(None, description="Optional; must equal the token's client id.")


class SearchRequest(ScopeFields):
    query: str
    limit: int = 10
    filters: dict[str, Any] | None = None
    explain: bool = False
    include_invalidated: bool = False
    rerank: bool = True
    threshold: float | None = None
    as_of: Timestamp | None = Field(None, description="Answer with what was believed then (epoch seconds or ISO-8601).")


class ListRequest(ScopeFields):
    limit: int = 100
    filters: dict[str, Any] | None = None
    include_invalidated: bool = False


class UpdateRequest(ScopeFields):
    data: str
    metadata: dict[str, Any] | None = None
    expected_version: int | None = Field(None, ge=1, description="Answer 409 unless the memory has this version.")
    reason: str | None = Field(None, max_length=2000, description="A user correction: recorded as the reason, and "
                                                               "the old text is not brought back when restated.")


class CypherRequest(ScopeFields):
    query: str
    params: dict[str, Any] | None = None


class Relation(_Response):
    source: str
    relationship: str
    destination: str


class MemoryItem(_Response):
    id: str
    memory: str
    hash: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    created_at: str | None = None
    updated_at: str | None = None
    valid_from: str | None = None
    invalid_at: str | None = None
    expires_at: str | None = None
    status: str | None = None
    layer: str | None = None
    entities: list[str] = Field(default_factory=list)
    source: dict[str, Any] = Field(default_factory=dict, description="client_id, source_ref, event_id, rule …")
    version: int | None = None
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    namespace: str | None = None
    superseded_by: str | None = None
    slot: str | None = Field(None, description="The single-valued attribute this memory holds, e.g. user|lives_in.")
    score: float | None = None
    explain: dict[str, Any] | None = None


class AddResult(_Response):
    id: str
    memory: str
    event: Literal["ADD", "UPDATE", "DELETE", "NONE"]
    reason: str | None = None
    previous_memory: str | None = None
    previous_id: str | None = None


class AddRelations(_Response):
    added: list[Relation] = Field(default_factory=list)
    invalidated: list[Relation] = Field(default_factory=list)


class AddResponse(_Response):
    results: list[AddResult]
    relations: AddRelations


class SearchResponse(_Response):
    results: list[MemoryItem]
    relations: list[Relation] = Field(default_factory=list)


class ListResponse(_Response):
    results: list[MemoryItem]


class UpdateResponse(_Response):
    id: str
    memory: str
    event: Literal["UPDATE"]
    previous_memory: str | None = None


class DeleteResponse(_Response):
    id: str
    memory: str
    event: Literal["DELETE"]


class DeleteAllResponse(_Response):
    deleted: int
    message: str


class HistoryEvent(_Response):
    seq: int
    memory_id: str
    event: str
    old_memory: str | None = None
    new_memory: str | None = None
    reason: str | None = None
    actor: str | None = None
    extractor: str | None = None
    related_id: str | None = None
    message_ids: list[str] = Field(default_factory=list)
    created_at: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    namespace: str | None = None


class ChangesResponse(_Response):
    changes: list[HistoryEvent] = Field(description="Memory events with seq > since, oldest first.")
    next_since: int = Field(description="Pass as `since` to get the next page.")
    has_more: bool
    last_seq: int = Field(description="The newest seq on the server (all namespaces).")


class CypherResponse(_Response):
    results: list[dict[str, Any]]
    truncated: bool = False


class GraphRelation(Relation):
    memory_id: str | None = None
    valid: bool = True


class HealthResponse(_Response):
    status: Literal["ok"]
    version: str


class WhoAmIResponse(_Response):
    client_id: str
    token_id: str
    namespaces: list[str]
    default_namespace: str
    user_ids: list[str]


class ErrorBody(_Response):
    code: str
    message: str
    type: str
    request_id: str | None = None


class ErrorResponse(_Response):
    error: ErrorBody
