"""Request bodies and the error envelope of the hub (what the OpenAPI document shows for them).

Requests are strict (no type coercion, no unknown fields); the SDK validates the
values again, so over HTTP a call fails exactly where ``Memory`` would.
Successful responses are the SDK's own result types (``mem_graph.results``): one definition for the SDK,
the client and the OpenAPI document. The error envelope allows extra keys so a newer server can add fields.
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


class ErrorBody(_Response):
    code: str
    message: str
    type: str
    request_id: str | None = None


class ErrorResponse(_Response):
    error: ErrorBody
