"""Input validation: every public call checks its arguments here before anything is written."""

from __future__ import annotations

import json
import math
import re
import reprlib
import uuid
from collections.abc import Mapping
from typing import Any

from mem_graph.config import LimitsConfig
from mem_graph.errors import InvalidIdError, MessageTooLargeError, ScopeError, ValidationError
from mem_graph.timeutil import parse_timestamp
from mem_graph.types import Message, Scope

ROLES = frozenset({"user", "assistant", "system", "tool"})
_SCOPE_ID = re.compile(r"^[^\x00-\x1f\x7f\ud800-\udfff]{1,256}$")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# Metadata nesting every store can read back. Measured: Qdrant Edge (and a Qdrant server: serde_json's limit of
# 128) stores a payload whose metadata nests 127 levels but can never decode it again; qdrant-client's local mode
# cannot pickle ~500 levels; Python's json stops near 1,000. 32 is far below all of them.
MAX_NESTING = 32
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1  # SQLite INTEGER, Qdrant integer payloads / filters, Neo4j
_NAMESPACE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
_MESSAGE_KEYS = frozenset({"role", "content", "name", "timestamp", "metadata", "id"})


def show(value: Any, width: int = 40) -> str:
    """A short, safe rendering of any caller value for an error message: never recurses without bound
    (a dict nested 2,000 deep) nor fails (an int past Python's 4,300-digit str limit)."""
    r = reprlib.Repr()
    r.maxlevel, r.maxstring, r.maxother, r.maxlong = 3, width, width, width
    try:
        return r.repr(value)[:width]
    except (ValueError, RecursionError, TypeError):
        return f"<{type(value).__name__}>"


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
        raise ScopeError(f"namespace must match [A-Za-z0-9_.:-]{{1,64}}, got {show(ns)}")
    return Scope(user_id=user_id, agent_id=agent_id, run_id=run_id, namespace=ns)


def check_memory_id(memory_id: Any) -> str:
    if not isinstance(memory_id, str):
        raise InvalidIdError(f"memory id must be a UUID string, got {type(memory_id).__name__}")
    try:
        return str(uuid.UUID(memory_id))
    except ValueError:
        raise InvalidIdError(f"memory id is not a UUID: {memory_id[:64]!r}") from None


def check_unicode(text: str, *, what: str) -> str:
    """Refuse a lone UTF-16 surrogate: no store can encode it (UTF-8 has no form for it)."""
    found = _SURROGATE.search(text)
    if found:
        raise ValidationError(f"{what} contains a lone surrogate (U+{ord(found.group()):04X} at {found.start()}); "
                              "send valid Unicode")
    return text


def check_int64(value: int, *, what: str) -> int:
    if not INT64_MIN <= value <= INT64_MAX:
        raise ValidationError(f"{what} is outside the 64-bit integer range: {show(value)}")
    return value


def check_json(value: Any, *, what: str, max_depth: int = MAX_NESTING) -> None:
    """A JSON value every store round-trips: objects with string keys, arrays, strings without lone surrogates,
    64-bit integers, finite floats, booleans and null, nested at most ``max_depth`` levels (checked without
    recursion, so no input can exhaust the stack)."""
    stack: list[tuple[Any, int, str]] = [(value, 1, what)]
    while stack:
        v, depth, where = stack.pop()
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, str):
            check_unicode(v, what=where)
        elif isinstance(v, int):
            check_int64(v, what=where)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise ValidationError(f"{where} must be a finite number, got {v!r}")
        elif isinstance(v, (Mapping, list, tuple)):
            if depth > max_depth:
                raise ValidationError(f"{what} nests deeper than {max_depth} levels")
            items = v.items() if isinstance(v, Mapping) else enumerate(v)
            for k, item in items:
                if isinstance(v, Mapping):
                    if not isinstance(k, str):
                        raise ValidationError(f"{what} keys must be strings, got {type(k).__name__} in {where}")
                    check_unicode(k, what=f"a key of {where}")
                stack.append((item, depth + 1, f"{where}.{str(k)[:40]}"))
        else:
            raise ValidationError(f"{where} must be a JSON value, got {type(v).__name__}")


def check_text(text: Any, *, what: str, max_chars: int) -> str:
    if not isinstance(text, str):
        raise ValidationError(f"{what} must be a string, got {type(text).__name__}")
    if "\x00" in text:
        raise ValidationError(f"{what} contains a NUL character")
    check_unicode(text, what=what)
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
    check_json(metadata, what=what)  # before json.dumps: it recurses, and accepts what the stores cannot read
    try:
        encoded = json.dumps(dict(metadata), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValidationError(f"{what} must be JSON-serialisable: {exc}") from exc
    if len(encoded.encode()) > limits.max_metadata_bytes:
        raise ValidationError(f"{what} is {len(encoded.encode())} bytes; the limit is {limits.max_metadata_bytes}")
    copied: dict[str, Any] = json.loads(encoded)
    return copied


def normalise_messages(messages: Any, limits: LimitsConfig) -> list[Message]:
    """A string or a list of {role, content[, name, timestamp, metadata]} -> validated Messages."""
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    elif isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, list):
        raise ValidationError("messages must be a string or a list of {role, content}, "
                              f"got {type(messages).__name__}")
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
            raise ValidationError(f"messages[{i}] has unknown keys: {sorted(show(k) for k in unknown)}")
        role = m.get("role", "user")
        if role not in ROLES:
            raise ValidationError(f"messages[{i}].role must be one of {sorted(ROLES)}, got {show(role, 32)}")
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
        raise ValidationError(f"limit must be an integer in 1..{limits.max_limit}, got {show(limit)}")
    return limit


def check_label(value: Any, name: str = "client_id") -> str | None:
    """An optional caller-supplied label (client_id, source_ref, event_id): a short string or None."""
    if value is not None and (not isinstance(value, str) or len(value) > 512 or "\x00" in value):
        raise ValidationError(f"{name} must be a string of at most 512 characters")
    return value if value is None else check_unicode(value, what=name)
