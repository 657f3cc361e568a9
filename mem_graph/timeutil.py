"""Timestamps: epoch seconds inside the stores, ISO-8601 (UTC) at the API."""

from __future__ import annotations

import time
from datetime import datetime, timezone

from mem_graph.errors import ValidationError

FAR_FUTURE = 4102444800.0  # 2100-01-01: "never expires", keeps range filters simple


def now() -> float:
    return time.time()


def to_iso(ts: float | None) -> str | None:
    if ts is None or ts >= FAR_FUTURE:
        return None
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat()


def parse_timestamp(value: object, *, field: str = "timestamp") -> float | None:
    """Accept epoch seconds, a datetime, or an ISO-8601 string; None passes through."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValidationError(f"{field} must be a datetime, ISO-8601 string or epoch seconds, not bool")
    if isinstance(value, (int, float)):
        if not (0 <= float(value) < FAR_FUTURE):
            raise ValidationError(f"{field} out of range: {value!r}")
        return float(value)
    if isinstance(value, datetime):
        dt = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return dt.timestamp()
    if isinstance(value, str):
        try:
            dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValidationError(f"{field} is not ISO-8601: {value[:64]!r}") from exc
        return parse_timestamp(dt, field=field)
    raise ValidationError(f"{field} must be a datetime, ISO-8601 string or epoch seconds, got {type(value).__name__}")
