"""mem_graph: graph-augmented long-term memory for LLM agents, offline by default."""

from mem_graph.config import MemoryConfig, load_config
from mem_graph.errors import (
    ConfigError,
    ConflictError,
    DirectoryInUseError,
    InvalidIdError,
    LLMError,
    MemGraphError,
    MessageTooLargeError,
    NotFoundError,
    QueryLimitError,
    ReadOnlyQueryError,
    RerankerUnavailableError,
    ScopeError,
    StoreError,
    ValidationError,
)
from mem_graph.memory import Memory

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "ConflictError",
    "DirectoryInUseError",
    "InvalidIdError",
    "LLMError",
    "MemGraphError",
    "Memory",
    "MemoryConfig",
    "MessageTooLargeError",
    "NotFoundError",
    "QueryLimitError",
    "ReadOnlyQueryError",
    "RerankerUnavailableError",
    "ScopeError",
    "StoreError",
    "ValidationError",
    "__version__",
    "load_config",
]
