"""Errors that only the hub raises; they extend the SDK's hierarchy so MemoryClient can map them back.

This module imports nothing from FastAPI: the client uses it too.
"""

from __future__ import annotations

from mem_graph.errors import ConflictError, MemGraphError, StoreError, ValidationError


class AuthenticationError(MemGraphError):
    """No bearer token, or an unknown or revoked one."""

    http_status = 401
    code = "unauthorized"


class PermissionDeniedError(MemGraphError):
    """The token is valid but not granted this namespace or scope."""

    http_status = 403
    code = "forbidden"


class RateLimitError(MemGraphError):
    """The token sent more requests than its rate limit allows; retry after ``retry_after`` seconds."""

    http_status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: float = 1.0):
        super().__init__(message)
        self.retry_after = retry_after


class PayloadTooLargeError(ValidationError):
    """The request body exceeds the hub's size limit."""

    http_status = 413
    code = "payload_too_large"


class MalformedRequestError(ValidationError):
    """The request body is not valid JSON."""

    http_status = 400
    code = "malformed_request"


class RequestInProgressError(ConflictError):
    """A request with the same event id is still being processed; retry shortly."""

    code = "in_progress"


class HubUnavailableError(StoreError):
    """The client could not reach the hub (connection refused, timeouts) after its retries."""

    code = "hub_unavailable"
