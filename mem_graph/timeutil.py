"""Timestamps: epoch seconds inside the stores, ISO-8601 (UTC) at the API."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

from mem_graph.errors import ValidationError

FAR_FUTURE = 4102444800.0  # 2100-01-01: "never expires", keeps range filters simple
_OFFSET_WITH_SECONDS = re.compile(r"T.*[+-]\d{2}:?\d{2}:\d{2}")  # "...+05:30:15": not an ISO-8601 offset


def now() -> float:
    return time.time()


def to_iso(ts: float | None) -> str | None:
    if ts is None or ts >= FAR_FUTURE:
        return None
    try:
        return datetime.fromtimestamp(ts, tz=UTC).isoformat()
    except (OverflowError, ValueError, OSError):  # stored before parse_timestamp checked the range of every form
        return None


def parse_timestamp(value: object, *, field: str = "timestamp") -> float | None:
    """Accept epoch seconds, a datetime, or an ISO-8601 string; None passes through."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValidationError(f"{field} must be a datetime, ISO-8601 string or epoch seconds, not bool")
    if isinstance(value, (int, float)):
        if not (0 <= value < FAR_FUTURE):  # no float() first: a huge int would overflow it; nan fails this
            shown = (f"{value:.6g}" if isinstance(value, float) else str(value) if value.bit_length() < 64
                     else f"a {value.bit_length()}-bit integer")  # str() of a huge int fails past 4,300 digits
            raise ValidationError(f"{field} out of range (1970 to 2100): {shown}")
        return float(value)
    if isinstance(value, datetime):  # the range applies after parsing, whatever form the time came in
        dt = value if value.tzinfo else value.replace(tzinfo=UTC)
        try:
            ts = dt.timestamp()
        except (OverflowError, ValueError, OSError):
            raise ValidationError(f"{field} out of range (1970 to 2100): {value.isoformat()[:40]}") from None
        if not (0 <= ts < FAR_FUTURE):
            raise ValidationError(f"{field} out of range (1970 to 2100): {value.isoformat()[:40]}")
        return ts
    if isinstance(value, str):
        if _OFFSET_WITH_SECONDS.search(value.strip()):  # Python reads "+00:00:00.001" but drops its fraction
            raise ValidationError(f"{field} is not ISO-8601: a UTC offset is hours and minutes, got {value[:64]!r}")
        try:
            dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValidationError(f"{field} is not ISO-8601: {value[:64]!r}") from exc
        return parse_timestamp(dt, field=field)
    raise ValidationError(f"{field} must be a datetime, ISO-8601 string or epoch seconds, got {type(value).__name__}")


def epoch_or_iso(text: str | None) -> float | str | None:
    """A time typed as text (query string, command line): epoch seconds when it is a number, else the text
    itself, for ``parse_timestamp`` to read as ISO-8601 (and reject with a ValidationError)."""
    try:
        return float(text) if text is not None else None
    except ValueError:
        return text
