"""Cross-encoder rerank (sentence-transformers CrossEncoder), loaded offline and lazily.

``enabled``: "auto" uses the model when it can be loaded from local files and
otherwise reports the stage as skipped in ``explain``; true/false force it;
``required: true`` turns an unloadable model into RerankerUnavailableError.
The built-in default model is rarely on disk offline, so its absence is quiet; a model
the user named that cannot load logs one warning.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import numpy as np

from mem_graph.config import RerankerConfig
from mem_graph.errors import RerankerUnavailableError
from mem_graph.provider_settings import DEFAULT_RERANK_MODEL

log = logging.getLogger(__name__)

DEFAULT_MODEL = DEFAULT_RERANK_MODEL
NO_MODEL = "skipped: no cross-encoder model available (set reranker.config.model to a local folder)"


def _check_available(model: str) -> None:
    """Fail fast (before importing torch, ~3 s) when the model is neither a local folder nor in
    the Hugging Face cache: offline, that is the common case."""
    if Path(model).expanduser().is_dir():
        return
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError as exc:
        raise FileNotFoundError(f"{model!r} is not a local folder") from exc

    if not isinstance(try_to_load_from_cache(model, "config.json"), str):
        raise FileNotFoundError(f"{model!r} is not a local folder and not in the Hugging Face cache")


class Reranker:
    def __init__(self, cfg: RerankerConfig):
        s = cfg.settings
        self.model_name: str = s.model or DEFAULT_MODEL
        # Named by the user rather than the built-in default: failing to load it deserves a warning.
        self.explicit = self.model_name != DEFAULT_MODEL
        self.enabled = str(s.enabled).lower()
        self.required = s.required
        self.top_n = s.top_n
        self.batch_size = s.batch_size
        self.device = s.device
        self._model: Any = None
        self._status = "disabled" if self.enabled in ("false", "0", "off", "no") else "not loaded"
        self._lock = threading.Lock()

    @property
    def status(self) -> str:
        return self._status

    def _load(self) -> Any:
        with self._lock:
            if self._model is not None or self._status.startswith(("skipped", "disabled")):
                return self._model
            try:
                _check_available(self.model_name)
                try:
                    from sentence_transformers import CrossEncoder
                except ImportError as exc:
                    raise ImportError("the cross-encoder needs torch: pip install 'mem-graph[torch]'") from exc

                self._model = CrossEncoder(self.model_name, device=self.device or "cpu", local_files_only=True)
                self._status = "applied"
            except Exception as exc:
                if self.required:
                    raise RerankerUnavailableError(
                        f"reranker model {self.model_name!r} cannot be loaded offline: {exc}") from exc
                if self.explicit:
                    self._status = f"skipped: model {self.model_name!r} not available offline"
                    log.warning("cross-encoder rerank skipped: %s cannot be loaded offline (%s)",
                                self.model_name, exc)
                else:
                    self._status = NO_MODEL
                    log.debug("default cross-encoder %s not available: %s", self.model_name, exc)
            return self._model

    def score(self, query: str, texts: list[str]) -> np.ndarray | None:
        """Relevance scores in [0, 1] for each text, or None when reranking is off or skipped."""
        if self._status.startswith("disabled") or not texts:
            return None
        model = self._load()
        if model is None:
            return None
        with self._lock:
            raw = model.predict([(query, t) for t in texts], batch_size=self.batch_size, show_progress_bar=False,
                                convert_to_numpy=True)
        raw = np.asarray(raw, dtype=np.float32).reshape(len(texts), -1)[:, -1]
        return 1.0 / (1.0 + np.exp(-raw))
