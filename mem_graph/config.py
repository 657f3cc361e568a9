"""Configuration: pydantic models with embedded defaults.

The shape follows mem0's where they overlap (``path``; ``llm`` / ``embedder`` /
``vector_store`` / ``graph_store`` / ``reranker`` each ``{"provider", "config"}``),
so a mem0 config ports over. Sources, lowest to highest precedence: defaults,
environment (``MEM_GRAPH_HOME``, ``NEO4J_URI``…, ``QDRANT_URL``…), a JSON/TOML
file, an explicit dict.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic import ValidationError as PydanticValidationError

from mem_graph.errors import ConfigError
from mem_graph.extract.catalogue import SlotSpec
from mem_graph.provider_settings import (
    CrossEncoderSettings,
    LadybugSettings,
    LLMProviderSettings,
    Neo4jSettings,
    ProviderSettings,
    QdrantEdgeSettings,
    QdrantSettings,
    SentenceTransformersSettings,
)


def default_home() -> Path:
    return Path(os.environ.get("MEM_GRAPH_HOME") or Path.home() / ".mem_graph").expanduser()


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProviderConfig(_Section):
    """``{"provider", "config"}``: ``config`` is checked against the provider's typed model
    (mem_graph/provider_settings.py) and holds the keys given, converted to their types."""

    SECTION: ClassVar[str] = ""
    provider: str
    config: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def settings_model(cls, provider: str) -> type[ProviderSettings]:
        raise NotImplementedError

    @field_validator("config")
    @classmethod
    def _typed_config(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        provider = info.data.get("provider")
        if provider is None:  # an unknown provider: reported on its own
            return value
        return cls.settings_model(provider).check(value, f"{cls.SECTION}.config")


class EmbedderConfig(ProviderConfig):
    """``sentence_transformers`` (alias ``huggingface``): config.model is a name or folder;
    the default is the packaged all-MiniLM-L6-v2, loaded offline."""

    SECTION = "embedder"
    provider: Literal["sentence_transformers", "huggingface"] = "sentence_transformers"

    @classmethod
    def settings_model(cls, provider: str) -> type[SentenceTransformersSettings]:
        return SentenceTransformersSettings

    @property
    def settings(self) -> SentenceTransformersSettings:
        return self.settings_model(self.provider).model_validate(self.config)


class VectorStoreConfig(ProviderConfig):
    """``qdrant_edge`` (embedded, default) or ``qdrant`` (server/cluster via qdrant-client)."""

    SECTION = "vector_store"
    provider: Literal["qdrant_edge", "qdrant"] = "qdrant_edge"

    @classmethod
    def settings_model(cls, provider: str) -> type[QdrantEdgeSettings] | type[QdrantSettings]:
        return QdrantSettings if provider == "qdrant" else QdrantEdgeSettings

    @property
    def settings(self) -> QdrantEdgeSettings | QdrantSettings:
        return self.settings_model(self.provider).model_validate(self.config)


class GraphStoreConfig(ProviderConfig):
    """``ladybug`` (embedded, default) or ``neo4j``."""

    SECTION = "graph_store"
    provider: Literal["ladybug", "neo4j"] = "ladybug"

    @classmethod
    def settings_model(cls, provider: str) -> type[LadybugSettings] | type[Neo4jSettings]:
        return Neo4jSettings if provider == "neo4j" else LadybugSettings

    @property
    def settings(self) -> LadybugSettings | Neo4jSettings:
        return self.settings_model(self.provider).model_validate(self.config)


class LLMConfig(ProviderConfig):
    """``openai`` (any OpenAI-compatible endpoint) or ``azure_openai`` (environment defaults: extract/llm.py)."""

    SECTION = "llm"
    provider: Literal["openai", "azure_openai"] = "openai"

    @classmethod
    def settings_model(cls, provider: str) -> type[LLMProviderSettings]:
        return LLMProviderSettings

    @property
    def settings(self) -> LLMProviderSettings:
        return self.settings_model(self.provider).model_validate(self.config)


class RerankerConfig(ProviderConfig):
    """Cross-encoder rerank. ``enabled``: auto (use when loadable) / true / false;
    ``required``: raise instead of skipping when the model cannot be loaded."""

    SECTION = "reranker"
    provider: Literal["cross_encoder", "sentence_transformers"] = "cross_encoder"
    config: dict[str, Any] = Field(default_factory=lambda: CrossEncoderSettings().model_dump())

    @classmethod
    def settings_model(cls, provider: str) -> type[CrossEncoderSettings]:
        return CrossEncoderSettings

    @property
    def settings(self) -> CrossEncoderSettings:
        return self.settings_model(self.provider).model_validate(self.config)


PROVIDER_SECTIONS: dict[str, type[ProviderConfig]] = {
    c.SECTION: c for c in (EmbedderConfig, VectorStoreConfig, GraphStoreConfig, LLMConfig, RerankerConfig)}


class RetrievalConfig(_Section):
    """Fusion weights and candidate sizes (see README, "How search ranks")."""

    semantic_weight: float = 1.0
    keyword_weight: float = 1.0
    graph_weight: float = 0.3
    recency_weight: float = 0.0
    recency_half_life_days: float = 30.0
    # the user's ratings (Memory.feedback): + weight * (useful - wrong) / ratings; 0 = off until measured
    feedback_weight: float = 0.0
    semantic_floor: float = 0.1
    # candidates read per signal (dense, BM25); fixed, so the top 10 of a search for 20 are the top 10 of a
    # search for 10 (a pool that grew with the limit would reshuffle them). Raised to `limit` when larger.
    candidates: int = Field(40, ge=1, le=1000)
    graph_hops: int = Field(2, ge=0, le=3)
    graph_seed_hits: int = 3
    graph_max_candidates: int = 20
    graph_max_edges: int = 200  # edges read per hop: bounds the cost of a query on a dense graph
    ppr_alpha: float = 0.85
    # the newest believed memory of a single-valued slot ranks ahead of its older values (retrieve/current.py)
    current_first: bool = True
    # memories drawn from one message take one place of the top k, the others ride along as `related`
    # (retrieve/collapse.py)
    collapse_turns: bool = True
    # a memory of the single-valued attribute a question asks for ("where does X work" -> employer) gains this
    # much: it answers, where a memory that only names X is a step on the way (extract/question.py)
    answer_weight: float = 1.0


class ReconcileConfig(_Section):
    near_duplicate_threshold: float = 0.92
    related_limit: int = 8


class ExtractionConfig(_Section):
    keep_unextracted: bool = True  # a user turn with content but no rule-extracted fact is kept verbatim
    # a turn whose facts carry less than this share of its content words is also kept verbatim (episodic)
    episode_min_coverage: float = Field(0.5, ge=0.0, le=1.0)
    extract_from_roles: tuple[str, ...] = ("user",)
    context_messages: int = 6
    fallback_to_rules: bool = False  # LLM failures fall back to rules instead of raising
    related_memories: int = Field(10, ge=0, le=100)  # llm/hybrid: existing memories shown to the model
    grey_similarity: float = 0.7  # hybrid: a rule ADD at least this close to a stored memory goes to the LLM
    # rules: slots added to (or, by name, replacing entries of) the default catalogue, mem_graph/extract/catalogue.py
    slots: list[SlotSpec] = Field(default_factory=list)
    # rules: the learned slot fallback (extract/slot_knn.py) with the configured embedder; off by default: on LoCoMo
    # it guessed slots for clauses no rule places ('teamed up with a local artist' as an employer) and invalidated
    # true facts (rules R@10 0.677 off vs 0.664 on; held-out reconcile cases 137 vs 138 of 230, one fewer wrongful)
    slot_prototypes: bool = False
    # infer=False: the parse and graph write of verbatim turns run after add() returns, journaled
    # (mem_graph/graph_index.py; Memory.flush() waits for them); false: inside add()
    defer_verbatim_graph: bool = True


class LimitsConfig(_Section):
    max_message_chars: int = 32_000
    max_messages_per_add: int = 10_000
    add_batch: int = Field(256, ge=1)  # a bigger add() is written in batches of this many, yielding the lock
    max_metadata_bytes: int = 16_384
    max_query_chars: int = 4_000
    max_limit: int = 1_000


class ExplorationConfig(_Section):
    """Limits on read-only exploration Cypher (``Memory.graph.cypher``, the hub's /v1/graph/cypher), enforced
    in worker processes (mem_graph/cypher_sandbox.py): a query past one raises QueryLimitError naming it."""

    timeout_ms: int = Field(10_000, ge=100, le=600_000)  # the worker is killed if the engine overruns it
    memory_mb: int = Field(1024, ge=64)  # address space one query may add to its worker (RLIMIT_AS)
    max_rows: int = Field(100_000, ge=1)
    max_result_mb: int = Field(64, ge=1)  # pickled size of the rows sent back
    workers: int = Field(2, ge=1, le=64)  # queries running at once (more wait up to timeout_ms)
    cached_scopes: int = Field(8, ge=1, le=1024)  # read-only scope copies kept per worker
    buffer_pool_mb: int = Field(64, ge=16)  # LadybugDB buffer pool of each scope copy


class MemoryConfig(_Section):
    path: Path = Field(default_factory=default_home)
    embedder: EmbedderConfig = Field(default_factory=EmbedderConfig)
    vector_store: VectorStoreConfig = Field(default_factory=VectorStoreConfig)
    graph_store: GraphStoreConfig = Field(default_factory=GraphStoreConfig)
    llm: LLMConfig | None = None
    reranker: RerankerConfig = Field(default_factory=RerankerConfig)
    extractor: Literal["rules", "llm", "hybrid"] = "rules"
    custom_instructions: str | None = None
    history_db_path: Path | None = None
    retrieval: RetrievalConfig = Field(default_factory=RetrievalConfig)
    reconcile: ReconcileConfig = Field(default_factory=ReconcileConfig)
    extraction: ExtractionConfig = Field(default_factory=ExtractionConfig)
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
    exploration: ExplorationConfig = Field(default_factory=ExplorationConfig)
    version: str = "v1.1"

    @property
    def history_path(self) -> Path:
        return self.history_db_path or self.path / "history.sqlite"


_MEM0_ALIASES = {"custom_fact_extraction_prompt": "custom_instructions", "custom_prompt": "custom_instructions"}
_MEM0_IGNORED = {"custom_update_memory_prompt", "api_version"}


def _env_overrides() -> dict[str, Any]:
    env = os.environ
    out: dict[str, Any] = {}
    if env.get("NEO4J_URI"):
        out["graph_store"] = {
            "provider": "neo4j",
            "config": {k: v for k, v in {"url": env["NEO4J_URI"], "username": env.get("NEO4J_USER"),
                                         "password": env.get("NEO4J_PASSWORD"),
                                         "database": env.get("NEO4J_DATABASE")}.items() if v},
        }
    if env.get("QDRANT_URL"):
        out["vector_store"] = {
            "provider": "qdrant",
            "config": {k: v for k, v in {"url": env["QDRANT_URL"], "api_key": env.get("QDRANT_API_KEY")}.items() if v},
        }
    return out


def _deep_merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in top.items():
        out[k] = _deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def read_config_file(path: str | Path) -> dict[str, Any]:
    p = Path(path).expanduser()
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read config file {p}: {exc}") from exc
    try:
        return tomllib.loads(raw.decode()) if p.suffix == ".toml" else json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"config file {p} is not valid {'TOML' if p.suffix == '.toml' else 'JSON'}: {exc}") from exc


def config_source(value: str | Path | None) -> dict[str, Any] | None:
    """A ``--config`` value: a JSON object given inline (``'{"retrieval": {...}}'``) or a JSON/TOML file path."""
    if value is None:
        return None
    if isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            parsed = json.loads(value)
        except ValueError as exc:
            raise ConfigError(f"--config is not valid JSON: {exc}") from exc
        if not isinstance(parsed, dict):
            raise ConfigError("--config must be a JSON object")
        return parsed
    return read_config_file(value)


def load_config(source: dict[str, Any] | str | Path | MemoryConfig | None = None, **overrides: Any) -> MemoryConfig:
    """Build a MemoryConfig from env, then a file path or dict, then keyword overrides."""
    if isinstance(source, MemoryConfig):
        data = source.model_dump()
    elif isinstance(source, (str, Path)):
        data = read_config_file(source)
    elif source is None:
        data = {}
    elif isinstance(source, dict):
        data = dict(source)
    else:
        raise ConfigError(f"config must be a dict, a file path or MemoryConfig, got {type(source).__name__}")
    for old, new in _MEM0_ALIASES.items():
        if old in data:
            data.setdefault(new, data.pop(old))
    for key in _MEM0_IGNORED:
        data.pop(key, None)
    if "graph_store" in data and data["graph_store"] is None:
        data.pop("graph_store")
    env = _env_overrides()
    for section, chosen in list(env.items()):  # an explicit provider wins, without the environment's keys
        given = data.get(section)
        if isinstance(given, dict) and given.get("provider", chosen["provider"]) != chosen["provider"]:
            del env[section]
    merged = _deep_merge(env, data)
    merged = _deep_merge(merged, {k: v for k, v in overrides.items() if v is not None})
    try:
        return MemoryConfig.model_validate(merged)
    except PydanticValidationError as exc:
        raise ConfigError("invalid mem_graph config: " + "; ".join(_describe(e, merged) for e in exc.errors())
                          ) from exc


def _describe(error: Any, data: dict[str, Any]) -> str:
    """One pydantic error as ``section.config.key: what is wrong``; an unknown key lists the known ones."""
    loc = tuple(str(p) for p in error["loc"])
    where = ".".join(loc)
    if error["type"] != "extra_forbidden":
        return f"{where}: {error['msg']}"
    known: list[str] = []
    if len(loc) == 1:
        known = list(MemoryConfig.model_fields)
    elif len(loc) == 3 and loc[0] in PROVIDER_SECTIONS and loc[1] == "config":
        section = PROVIDER_SECTIONS[loc[0]]
        given = data.get(loc[0])
        provider = given.get("provider") if isinstance(given, dict) else None
        provider = provider or section.model_fields["provider"].default
        known = list(section.settings_model(provider).model_fields)
        where += f" (provider {provider})"
    elif len(loc) == 2:
        field = MemoryConfig.model_fields.get(loc[0])
        model = field.annotation if field is not None else None
        if isinstance(model, type) and issubclass(model, BaseModel):
            known = list(model.model_fields)
    return f"{where}: unknown key" + (f" (known: {', '.join(known)})" if known else "")
