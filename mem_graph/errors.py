"""One exception hierarchy for everything mem_graph raises on purpose.

Every error a caller can provoke with bad input or a broken environment is a
``MemGraphError``; the hub maps each subclass to an HTTP status (``http_status``).
"""

from __future__ import annotations


class MemGraphError(Exception):
    """Root of every error mem_graph raises deliberately."""

    http_status = 500
    code = "internal_error"
    # set on errors MemoryClient raises for a hub answer: its HTTP status and the hub's request id
    status_code: int | None = None
    request_id: str | None = None


class ValidationError(MemGraphError, ValueError):
    """The caller passed input that cannot be accepted (nothing was written)."""

    http_status = 422
    code = "invalid_input"


class ScopeError(ValidationError):
    """No scope, or a malformed one, was given for a call that needs one."""

    code = "invalid_scope"


class InvalidIdError(ValidationError):
    """A memory id is not a well-formed UUID."""

    code = "invalid_id"


class MessageTooLargeError(ValidationError):
    """A message exceeds ``limits.max_message_chars``."""

    http_status = 413
    code = "message_too_large"


class NotFoundError(MemGraphError, KeyError):
    """No memory with that id exists in the caller's scope."""

    http_status = 404
    code = "not_found"

    def __str__(self) -> str:  # KeyError quotes its message; we don't want that
        return str(self.args[0]) if self.args else "not found"


class ConflictError(MemGraphError):
    """An optimistic-concurrency check failed (stale expected version)."""

    http_status = 409
    code = "conflict"


class ConfigError(MemGraphError, ValueError):
    """The configuration is invalid or names something that cannot be loaded."""

    http_status = 500
    code = "config_error"


class StoreError(MemGraphError):
    """A backing store (vector, graph or history) failed."""

    http_status = 503
    code = "store_error"


class DirectoryInUseError(StoreError):
    """Another process (or another Memory in this process) holds the data directory."""

    code = "directory_in_use"


class StoreUnavailableError(StoreError):
    """A store's files exist but cannot be opened (damaged); ``path`` names them."""

    code = "store_unavailable"

    def __init__(self, message: str, path: str | None = None):
        super().__init__(message)
        self.path = path


class GraphUnavailableError(StoreUnavailableError):
    """The embedded graph cannot be opened; ``mem-graph repair`` rebuilds it from the vector store."""

    code = "graph_unavailable"


class ReadOnlyQueryError(ValidationError):
    """A Cypher exploration query tried to write, or escape the caller's scope."""

    http_status = 403
    code = "read_only"


class QueryLimitError(ValidationError):
    """An exploration Cypher query exceeded a limit (time, memory, rows, result size or concurrency);
    ``limit`` names the config key (e.g. ``exploration.timeout_ms``)."""

    code = "query_limit"

    def __init__(self, message: str, limit: str = ""):
        super().__init__(message)
        self.limit = limit


class LLMError(MemGraphError):
    """The configured LLM failed (transport, timeout, refusal or invalid output)."""

    http_status = 502
    code = "llm_error"


class RerankerUnavailableError(ConfigError):
    """The reranker is required by config but its model cannot be loaded."""

    code = "reranker_unavailable"
