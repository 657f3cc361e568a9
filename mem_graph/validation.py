"""Input validation: every public call checks its arguments here before anything is written."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from typing import Any

from mem_graph.config import LimitsConfig
from mem_graph.errors import InvalidIdError, MessageTooLargeError, ScopeError, ValidationError
from mem_graph.timeutil import parse_timestamp
from mem_graph.types import Message, Scope

ROLES = frozenset({"user", "assistant", "system", "tool"})
_SCOPE_ID = re.compile(r"^[^\x00-\x1f\x7f]{1,256}$")
_NAMESPACE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
_MESSAGE_KEYS = frozenset({"role", "content", "name", "timestamp", "metadata", "id"})


def make_scope(user_id: Any = None, agent_id: Any = None, run_id: Any = None, namespace: Any = None) -> Scope:
    """Validate scope ids; at least one of user/agent/run is required."""
    values = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    for name, value in values.items():
        if value is None:
            continue
        if not isinstance(value, str):
            raise ScopeError(f"{name} must be a string, got {type(value).__name__}")
        if not value.strip() or not _SCOPE_ID.match(value):
            raise ScopeError(f"{name} must be 1-256 printable characters, got {value[:40]!r}")
    if all(v is None for v in values.values()):
        raise ScopeError("a scope is required: pass at least one of user_id, agent_id or run_id")
    ns = "default" if namespace is None else namespace
    if not isinstance(ns, str) or not _NAMESPACE.match(ns):
        raise ScopeError(f"namespace must match [A-Za-z0-9_.:-]{{1,64}}, got {str(ns)[:40]!r}")
    return Scope(user_id=user_id, agent_id=agent_id, run_id=run_id, namespace=ns)


def check_memory_id(memory_id: Any) -> str:
    if not isinstance(memory_id, str):
        raise InvalidIdError(f"memory id must be a UUID string, got {type(memory_id).__name__}")
    try:
        return str(uuid.UUID(memory_id))
    except ValueError:
        raise InvalidIdError(f"memory id is not a UUID: {memory_id[:64]!r}") from None


def check_text(text: Any, *, what: str, max_chars: int) -> str:
    if not isinstance(text, str):
        raise ValidationError(f"{what} must be a string, got {type(text).__name__}")
    if "\x00" in text:
        raise ValidationError(f"{what} contains a NUL character")
    if not text.strip():
        raise ValidationError(f"{what} is empty")
    if len(text) > max_chars:
        raise MessageTooLargeError(f"{what} has {len(text)} characters; the limit is {max_chars}")
    return text


def check_metadata(metadata: Any, limits: LimitsConfig, *, what: str = "metadata") -> dict[str, Any]:
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        raise ValidationError(f"{what} must be a JSON object, got {type(metadata).__name__}")
    try:
        encoded = json.dumps(dict(metadata), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"{what} must be JSON-serialisable: {exc}") from exc
    if any(not isinstance(k, str) for k in metadata):
        raise ValidationError(f"{what} keys must be strings")
    if len(encoded.encode()) > limits.max_metadata_bytes:
        raise ValidationError(f"{what} is {len(encoded.encode())} bytes; the limit is {limits.max_metadata_bytes}")
    return json.loads(encoded)


def normalise_messages(messages: Any, limits: LimitsConfig) -> list[Message]:
    """A string or a list of {role, content[, name, timestamp, metadata]} -> validated Messages."""
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    elif isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, list):
        raise ValidationError(f"messages must be a string or a list of {{role, content}}, got {type(messages).__name__}")
    if not messages:
        raise ValidationError("messages is empty")
    if len(messages) > limits.max_messages_per_add:
        raise ValidationError(f"{len(messages)} messages in one add(); the limit is {limits.max_messages_per_add}")
    out = []
    for i, m in enumerate(messages):
        if not isinstance(m, Mapping):
            raise ValidationError(f"messages[{i}] must be an object with role and content, got {type(m).__name__}")
        unknown = set(m) - _MESSAGE_KEYS
        if unknown:
            raise ValidationError(f"messages[{i}] has unknown keys: {sorted(map(str, unknown))}")
        role = m.get("role", "user")
        if role not in ROLES:
            raise ValidationError(f"messages[{i}].role must be one of {sorted(ROLES)}, got {str(role)[:32]!r}")
        content = check_text(m.get("content"), what=f"messages[{i}].content", max_chars=limits.max_message_chars)
        name = m.get("name")
        if name is not None and (not isinstance(name, str) or not _SCOPE_ID.match(name) or len(name) > 64):
            raise ValidationError(f"messages[{i}].name must be a short printable string")
        out.append(
            Message(
                role=role,
                content=content,
                name=name.strip() if name else None,
                timestamp=parse_timestamp(m.get("timestamp"), field=f"messages[{i}].timestamp"),
                metadata=check_metadata(m.get("metadata"), limits, what=f"messages[{i}].metadata"),
            )
        )
    return out


def check_limit(limit: Any, limits: LimitsConfig) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= limits.max_limit:
        raise ValidationError(f"limit must be an integer in 1..{limits.max_limit}, got {limit!r}")
    return limit
