"""Hub settings: where the memory lives and the limits the server enforces.

The memory itself is configured exactly as for the SDK (``--path`` / ``--config``);
these settings only cover the HTTP side. ``MEM_GRAPH_HUB_SETTINGS`` carries them
(as JSON) to uvicorn worker processes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mem_graph.config import MemoryConfig, config_source, load_config

SETTINGS_ENV = "MEM_GRAPH_HUB_SETTINGS"
DEFAULT_PORT = 8765


class HubSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: Path | None = None  # data directory (default: $MEM_GRAPH_HOME or ~/.mem_graph)
    config: str | Path | None = None  # JSON/TOML memory config file, or a JSON object inline
    hub_db: Path | None = None  # tokens + idempotency records (default: <data dir>/hub.sqlite)
    max_body_bytes: int = Field(4 * 1024 * 1024, ge=1024)
    rate_limit: float = Field(50.0, gt=0)  # requests per second per token (a token may override it)
    rate_burst: int = Field(100, ge=1)
    max_cypher_rows: int = Field(10_000, ge=1)
    max_cypher_per_token: int = Field(2, ge=1)  # exploration queries one token may run at once (429 beyond)
    changes_page_max: int = Field(1000, ge=1)
    proxy_memories: int = Field(8, ge=0, le=50)  # memories injected into each chat completion
    proxy_timeout_s: float = Field(120.0, gt=0)
    idempotency_ttl_s: float = Field(7 * 24 * 3600, gt=0)  # how long an event id's response is kept
    idempotency_lease_s: float = Field(120.0, gt=0)  # after this, an unfinished event id is recovered
    shutdown_grace_s: float = Field(30.0, ge=0)
    # SDK reads running at once (more wait in line, first come first served): few threads keep the tail short
    read_threads: int = Field(default_factory=lambda: min(8, (os.cpu_count() or 2) + 1), ge=1)
    write_threads: int = Field(2, ge=1)  # writes are serialised by the Memory anyway
    log_level: str = "info"

    def memory_config(self) -> MemoryConfig:
        return load_config(config_source(self.config), path=self.path)

    def hub_db_path(self, cfg: MemoryConfig) -> Path:
        return self.hub_db or Path(cfg.path) / "hub.sqlite"

    def to_env(self) -> dict[str, str]:
        return {SETTINGS_ENV: self.model_dump_json()}

    @classmethod
    def from_env(cls) -> HubSettings:
        raw = os.environ.get(SETTINGS_ENV)
        data: dict[str, Any] = json.loads(raw) if raw else {}
        return cls.model_validate(data)
