"""An embedder that loads its model on first use: opening a Memory to list, get or delete costs no model load.

The vector store wants the dimension when it opens; for a sentence-transformers folder (the packaged default)
it is read from the folder's pooling config instead of loading the model, and checked once the model loads.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from mem_graph.config import EmbedderConfig
from mem_graph.embed import DocumentEmbedder, _check_pooling, build_embedder, check_runtime, packaged_model_path
from mem_graph.errors import ConfigError


def folder_dim(folder: Path) -> int | None:
    """The output dimension of a local sentence-transformers folder, from its config files (None: unknown)."""
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        if any("Dense" in m["type"] for m in modules):  # a projection changes the width: ask the model
            return None
        pooling = next(m for m in modules if m["type"].endswith("Pooling"))
        return int(json.loads((folder / pooling["path"] / "config.json").read_text(encoding="utf-8"))
                   ["word_embedding_dimension"])
    except (OSError, ValueError, KeyError, StopIteration, TypeError):
        return None


def check_settings(c: dict[str, Any]) -> None:
    """The settings build_embedder refuses, checked without loading anything (so Memory() still fails fast)."""
    _check_pooling(c.get("pooling", "sentences"))
    check_runtime(c.get("runtime", "auto"), c.get("quantize"))


class LazyEmbedder:
    """Stands in for ``build_embedder(cfg)``: same attributes, built on the first call that needs the model."""

    def __init__(self, cfg: EmbedderConfig) -> None:
        self._cfg = cfg
        self._built: DocumentEmbedder | None = None
        self._lock = threading.Lock()
        check_settings(cfg.config)
        model = cfg.config.get("model")
        self._dim = folder_dim(Path(model).expanduser() if model else packaged_model_path())

    @property
    def loaded(self) -> bool:
        return self._built is not None

    def _get(self) -> DocumentEmbedder:
        with self._lock:
            if self._built is None:
                built = build_embedder(self._cfg)
                if self._dim is not None and built.dim != self._dim:
                    raise ConfigError(f"embedder gives {built.dim}-d vectors; its folder config says {self._dim}")
                self._built = built
            return self._built

    @property
    def dim(self) -> int:
        return self._dim if self._dim is not None else self._get().dim

    def __getattr__(self, name: str) -> Any:  # embed_documents, embed_query, model, pooling …
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._get(), name)


def reading_embedder(cfg: EmbedderConfig, embedder: Any) -> Any:
    """The embedder the rule extractor's learned slot fallback reads clauses with: ``embedder`` itself, or for int8
    document vectors its fp32 twin (loaded on first use). The fallback's confidence rule was tuned on fp32 vectors;
    int8 ones lower its probabilities by up to 0.15 (and by how much depends on the CPU's int8 kernels), so
    "I patrol the streets as a police officer these days" went unread on a machine without VNNI."""
    if cfg.settings.quantize is None or not isinstance(embedder, LazyEmbedder):
        return embedder
    return LazyEmbedder(EmbedderConfig.model_validate({**cfg.model_dump(), "config": {**cfg.config, "quantize": None}}))
