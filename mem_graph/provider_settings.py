"""The typed ``config`` of each provider: one pydantic model per provider, unknown keys forbidden.

``MemoryConfig`` checks every ``{"provider", "config"}`` section against its provider's model here, so a
misspelt key (``graph_store.config.pasword``) is a ``ConfigError`` naming it before any store opens. A few
keys of mem0's own configs that have no meaning here are dropped with a warning, so a mem0 config still
ports over (``MEM0_IGNORED``). The code that builds a provider reads the section's ``settings``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

log = logging.getLogger(__name__)

DEFAULT_RERANK_MODEL = "cross-encoder/ms-marco-MiniLM-L6-v2"
DEFAULT_LLM_MODEL = "gpt-4o-mini"
ResponseFormat = Literal["json_schema", "json_object_schema", "json_object", "text"]


class ProviderSettings(BaseModel):
    """A provider's ``config`` keys; any other key is an error."""

    model_config = ConfigDict(extra="forbid")

    MEM0_IGNORED: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def check(cls, raw: dict[str, Any], where: str) -> dict[str, Any]:
        """Validate a ``config`` dict; returns the keys it gave, converted to their types."""
        ignored = sorted(cls.MEM0_IGNORED & set(raw))
        if ignored:
            log.warning("%s: ignoring mem0 key(s) %s, which mem_graph does not use", where, ignored)
        given = {k: v for k, v in raw.items() if k not in cls.MEM0_IGNORED}
        return cls.model_validate(given).model_dump(exclude_unset=True)


# -- embedder ---------------------------------------------------------------------------------------------------
class SentenceTransformersSettings(ProviderSettings):
    """``embedder`` (``sentence_transformers`` / ``huggingface``); see mem_graph/embed.py."""

    MEM0_IGNORED = frozenset({"embedding_dims", "model_kwargs"})

    model: str | None = None  # a local folder or a cached hub name; None: the packaged all-MiniLM-L6-v2
    pooling: Literal["sentences", "whole"] = "sentences"
    runtime: Literal["auto", "onnx", "torch"] = "auto"
    # None: fp32. Unset, a Memory fills it from its data directory: int8 when fresh (mem_graph/vector_model.py)
    quantize: Literal["int8"] | None = None
    # search queries only (embed.py DocumentEmbedder.embed_search_query); stored vectors are not affected
    query_quantize: Literal["int8"] | None = "int8"
    # that query session's threads; "auto": two where one takes over 4 ms on a typical question (timed at load)
    query_threads: Annotated[int, Field(ge=1)] | Literal["auto"] = "auto"
    device: str | None = None  # None: cpu
    batch_size: int = Field(64, ge=1)


# -- vector stores ----------------------------------------------------------------------------------------------
class QdrantEdgeSettings(ProviderSettings):
    """``vector_store`` ``qdrant_edge``: the embedded shard."""

    path: Path | None = None  # None: <path>/vectors
    on_disk_payload: bool = False


class QdrantSettings(ProviderSettings):
    """``vector_store`` ``qdrant``: a server or cluster (or qdrant-client's local mode), see stores/vector/qdrant.py."""

    url: str | None = None
    api_key: str | None = None
    collection_name: str = "mem_graph"
    path: str | None = None  # qdrant-client local mode on disk
    location: str | None = None  # ":memory:": qdrant-client local mode in memory
    host: str | None = None
    port: int | None = None
    prefer_grpc: bool = False
    timeout: int | None = None
    on_disk: bool = False
    on_disk_payload: bool = True
    quantization: str | dict[str, Any] | None = None  # "scalar" / "binary" or a Qdrant quantization dict
    hnsw_config: dict[str, Any] | None = None
    shard_number: int | None = None
    replication_factor: int | None = None
    embedding_model_dims: int | None = None  # checked against the embedder's dimension
    client_options: dict[str, Any] | None = None  # passed to QdrantClient as is


# -- graph stores -----------------------------------------------------------------------------------------------
class LadybugSettings(ProviderSettings):
    """``graph_store`` ``ladybug``: the embedded graph."""

    path: Path | None = None  # None: <path>/graph.lbug
    buffer_pool_mb: int = Field(256, ge=16)
    checkpoint_writes: int = Field(64, ge=0)  # checkpoint after this many writes (0: no write-count trigger)
    checkpoint_s: float = Field(5.0, ge=0)  # ... or this long after the first unsaved write (0: no timer)
    read_cache: bool = True  # in-process scope snapshot (stores/graph/scope_cache.py)
    read_cache_scopes: int = Field(64, ge=1)


class Neo4jSettings(ProviderSettings):
    """``graph_store`` ``neo4j``: Neo4j 5 over Bolt."""

    MEM0_IGNORED = frozenset({"base_label"})

    url: str = "bolt://localhost:7687"
    username: str | None = "neo4j"
    password: str | None = None
    database: str | None = None  # None: the server's default database
    driver_options: dict[str, Any] | None = None  # passed to neo4j.GraphDatabase.driver as is


# -- reranker ---------------------------------------------------------------------------------------------------
class CrossEncoderSettings(ProviderSettings):
    """``reranker`` (``cross_encoder`` / ``sentence_transformers``); see retrieve/rerank.py.

    ``enabled``: ``auto`` (use when loadable offline) / true / false; ``required``: raise
    RerankerUnavailableError instead of skipping when the model cannot be loaded."""

    model: str = DEFAULT_RERANK_MODEL
    enabled: Literal["auto"] | bool = "auto"
    required: bool = False
    top_n: int = Field(20, ge=1)
    batch_size: int = Field(32, ge=1)
    device: str | None = None


# -- LLM --------------------------------------------------------------------------------------------------------
class LLMProviderSettings(ProviderSettings):
    """``llm`` (``openai`` / ``azure_openai``); environment defaults are applied in extract/llm.py."""

    MEM0_IGNORED = frozenset({"top_p", "top_k", "enable_vision", "vision_details", "http_client_proxies"})

    model: str = DEFAULT_LLM_MODEL
    base_url: str | None = Field(None, validation_alias=AliasChoices("base_url", "openai_base_url"))
    api_key: str | None = None
    azure_endpoint: str | None = None  # azure_openai: https://<resource>.openai.azure.com
    api_version: str | None = None  # azure_openai: e.g. 2024-10-21
    deployment: str | None = None  # azure_openai: the deployment name (default: model)
    timeout: float = Field(30.0, gt=0)  # seconds per request
    max_retries: int = Field(2, ge=0, le=10)  # retries after the first attempt
    retry_backoff: float = Field(0.5, ge=0)  # seconds, doubled per retry
    temperature: float | None = 0.0  # None: not sent (some reasoning models refuse it)
    max_tokens: int | None = Field(None, gt=0)
    response_format: ResponseFormat = "json_schema"  # where structured-output probing starts
    cost_per_1m_prompt_tokens: float | None = None  # currency per million tokens, for usage["cost"]
    cost_per_1m_completion_tokens: float | None = None
