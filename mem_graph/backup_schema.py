"""What each line of an export may hold (mem_graph/backup.py): one strict pydantic model per record kind.

Every value must be one the stores can round-trip (the same rules as ``Memory.add``): texts and ids without
NUL or lone surrogates, metadata within the nesting and size limits, 64-bit integers, timestamps as epoch
seconds from 1970 to 2100, a complete scope on every scoped record.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from mem_graph.config import LimitsConfig
from mem_graph.timeutil import FAR_FUTURE
from mem_graph.types import MemoryRecord, Scope
from mem_graph.validation import ROLES, check_json, check_metadata, check_text, make_scope


def _epoch(value: float) -> float:
    if not 0 <= value <= FAR_FUTURE:
        raise ValueError(f"timestamp {value!r} is outside 1970..2100 (epoch seconds)")
    return float(value)


def _uuid(value: str) -> str:
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise ValueError(f"not a UUID: {value[:64]!r}") from None


def _short(value: str) -> str:
    if "\x00" in value or len(value) > 4096:
        raise ValueError("must be at most 4096 characters, without NUL")
    return value


Epoch = Annotated[float, AfterValidator(_epoch)]
Uuid = Annotated[str, AfterValidator(_uuid)]
Short = Annotated[str, AfterValidator(_short)]


def _limits(info: ValidationInfo) -> LimitsConfig:
    return (info.context or {}).get("limits") or LimitsConfig()


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Scoped(_Line):
    """Scope fields as stored: '' (or null) for unset; at least one of user/agent/run."""

    user_id: Short | None = None
    agent_id: Short | None = None
    run_id: Short | None = None
    namespace: Short | None = None

    def scope(self) -> Scope:
        return make_scope(self.user_id or None, self.agent_id or None, self.run_id or None, self.namespace or None)

    @model_validator(mode="after")
    def _scope_is_valid(self) -> _Scoped:
        self.scope()  # a ScopeError (a ValueError) becomes this line's validation error
        return self


class MemorySource(BaseModel):
    """The fields of a memory's ``source`` that search and the write path read, typed; other keys (client_id,
    source_ref, restored_by ...) pass through as JSON values."""

    model_config = ConfigDict(extra="allow", strict=True)
    message_ids: list[Short] = Field(default_factory=list, max_length=10_000)
    rule: Short | None = None
    extractor: Short | None = None
    feedback: dict[Literal["useful", "wrong"], Annotated[int, Field(ge=0, le=2**31)]] = Field(default_factory=dict)


class MemoryPayload(_Scoped):
    text: str
    hash: Short
    created_at: Epoch
    updated_at: Epoch
    valid_from: Epoch
    invalid_at: Epoch | None = None
    expires_at: Epoch = FAR_FUTURE
    status: Literal["active", "invalidated"] = "active"
    layer: Short = "durable"
    entities: list[Short] = Field(default_factory=list)
    triples: list[Annotated[list[Short], Field(min_length=3, max_length=3)]] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    source: dict[str, Any] = Field(default_factory=dict)
    slot: Short = ""
    subject_key: Short = ""
    object_key: Short = ""
    polarity: int = Field(1, ge=-1, le=1)
    version: int = Field(1, ge=1, le=2**31)
    superseded_by: Uuid | None = None
    ended_by: Short | None = None

    @field_validator("text")
    @classmethod
    def _text(cls, value: str, info: ValidationInfo) -> str:
        return check_text(value, what="text", max_chars=_limits(info).max_message_chars)

    @field_validator("metadata", "source")
    @classmethod
    def _json(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        # values only, not size: the write path adds to a memory's metadata (role, speaker) and source
        # (every message id of the add), so a stored memory may exceed what one add() accepts
        check_json(value, what=str(info.field_name))
        if info.field_name == "source":
            MemorySource.model_validate(value)
        return value


class MemoryLine(_Line):
    id: Uuid
    payload: MemoryPayload

    def record(self) -> MemoryRecord:
        return MemoryRecord.from_payload(self.id, self.payload.model_dump())


class EntityLine(_Scoped):
    id: Short
    name: Short
    display: Short
    entity_type: Short


class MentionLine(_Line):
    memory_id: Uuid
    entity_id: Short


class RelationLine(_Line):
    source_id: Short
    target_id: Short
    relation: Short
    memory_id: Uuid
    valid_from: float | None = None  # informational: import rebuilds relations from the memories' triples
    invalid_at: float | None = None  # (the graph stores -1 for "still valid")


class EventLine(_Scoped):
    seq: int | None = Field(None, ge=0, le=2**63 - 1)
    memory_id: Literal[""] | Uuid
    event: Literal["ADD", "UPDATE", "DELETE", "NONE", "DELETE_ALL"]
    old_text: str | None = None
    new_text: str | None = None
    reason: str | None = Field(None, max_length=10_000)
    actor: Short | None = None
    extractor: Short | None = None
    related_id: Uuid | None = None
    message_ids: list[Short] = Field(default_factory=list, max_length=1000)
    created_at: Epoch

    @field_validator("old_text", "new_text")
    @classmethod
    def _texts(cls, value: str | None, info: ValidationInfo) -> str | None:
        return None if value is None else check_text(value, what=str(info.field_name),
                                                    max_chars=_limits(info).max_message_chars)


class MessageLine(_Scoped):
    id: Uuid
    role: Literal[tuple(sorted(ROLES))]  # type: ignore[valid-type]
    name: Short | None = None
    content: str
    timestamp: Epoch | None = None
    created_at: Epoch
    metadata: dict[str, Any] = Field(default_factory=dict)
    status: Literal["received", "processed", "failed"]
    error: str | None = Field(None, max_length=10_000)

    @field_validator("content")
    @classmethod
    def _content(cls, value: str, info: ValidationInfo) -> str:
        return check_text(value, what="content", max_chars=_limits(info).max_message_chars)

    @field_validator("metadata")
    @classmethod
    def _metadata(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        return check_metadata(value, _limits(info))


class Header(_Line):
    format: Literal["mem_graph-export"]
    version: Literal[1]
    exported_at: str | None = None
    scope: dict[str, Any] | None = None


class Footer(_Line):
    counts: dict[str, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    skipped: list[str] = Field(default_factory=list)


LINES: dict[str, type[_Line]] = {"memory": MemoryLine, "entity": EntityLine, "mention": MentionLine,
                                 "relation": RelationLine, "event": EventLine, "message": MessageLine}
