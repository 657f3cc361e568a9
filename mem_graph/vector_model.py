"""Which embedder wrote a data directory's vectors, recorded there and followed by default.

Stored vectors only compare well with query vectors of the same model, pooling rule and quantisation. The
history database records that identity (setting ``vector_model``) the first time a Memory opens the data
directory, and every later open resolves the embedder against it:

* a key the config leaves unset follows the record, so a store written before the default changed keeps the
  vectors it has (one written before anything was recorded was written with ``LEGACY_DEFAULTS``);
* a fresh data directory takes today's defaults (``fresh_defaults``: int8 document vectors on the packaged model,
  the export search queries already use, ~2x cheaper per add);
* a key set explicitly against the record is obeyed with a warning that names ``mem-graph reembed``, which
  rewrites every vector and then the record (mem_graph/maintenance.py).

A ready-made embedder passed to ``Memory(embedder=...)`` is the caller's business: nothing is resolved or recorded.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from mem_graph.config import EmbedderConfig, MemoryConfig
from mem_graph.errors import ConfigError

log = logging.getLogger(__name__)

SETTING = "vector_model"
IDENTITY_KEYS = ("model", "pooling", "quantize")
# what a data directory holds when nothing was recorded: the defaults before the record existed
LEGACY_DEFAULTS: dict[str, Any] = {"model": None, "pooling": "sentences", "quantize": None}


def fresh_defaults(given: dict[str, Any]) -> dict[str, Any]:
    """A fresh directory's identity defaults: int8 documents where the int8 export can run (the packaged model
    on ONNX Runtime, CPU); fp32 for a model of the user's own, the torch runtime or another device."""
    int8 = given.get("model") is None and given.get("runtime", "auto") != "torch" and \
        given.get("device") in (None, "cpu")
    return {**LEGACY_DEFAULTS, "quantize": "int8" if int8 else None}


class SettingsStore(Protocol):
    def get_setting(self, key: str) -> str | None: ...

    def set_setting(self, key: str, value: str) -> None: ...


def identity(cfg: EmbedderConfig) -> dict[str, Any]:
    """The keys that decide a stored vector, as this embedder config resolves them."""
    s = cfg.settings
    return {k: getattr(s, k) for k in IDENTITY_KEYS}


def recorded(history: SettingsStore) -> dict[str, Any] | None:
    raw = history.get_setting(SETTING)
    if raw is None:
        return None
    value = json.loads(raw)
    return {k: value.get(k) for k in IDENTITY_KEYS} if isinstance(value, dict) else None


def record(history: SettingsStore, cfg: EmbedderConfig) -> None:
    """Record ``cfg``'s identity as the one the data directory's vectors were written with."""
    history.set_setting(SETTING, json.dumps(identity(cfg), sort_keys=True))


def resolve(cfg: EmbedderConfig, history: SettingsStore, holds_vectors: Callable[[], bool]) -> EmbedderConfig:
    """The embedder config to open with: unset identity keys filled from the record (or the defaults of a
    fresh / legacy directory), explicit ones kept, a contradiction warned about. Records the identity when
    nothing was recorded yet."""
    given = cfg.config
    base = recorded(history)
    first = base is None
    if base is None:
        base = LEGACY_DEFAULTS if holds_vectors() else fresh_defaults(given)
    resolved = cfg.model_copy(update={"config": {**{k: v for k, v in base.items() if k not in given}, **given}})
    if resolved.config.get("quantize") and "quantize" not in given and given.get("runtime") == "torch":
        raise ConfigError("this data directory's vectors were written by the int8 ONNX export, which runtime "
                          "'torch' cannot run: drop runtime, or set quantize: null and run `mem-graph reembed`")
    if first:
        record(history, resolved)
        return resolved
    clash = {k: (base[k], given[k]) for k in IDENTITY_KEYS if k in given and given[k] != base[k]}
    if clash:
        said = ", ".join(f"{k}={new!r} (written with {old!r})" for k, (old, new) in clash.items())
        log.warning("embedder.config asks for %s: search compares unlike vectors until `mem-graph reembed` "
                    "rewrites this data directory's vectors with the configured embedder", said)
    return resolved


def settle(cfg: MemoryConfig, history: SettingsStore, holds_vectors: Callable[[], bool]) -> MemoryConfig:
    """``cfg`` with its embedder section resolved against the data directory (``resolve``)."""
    embedder = resolve(cfg.embedder, history, holds_vectors)
    return cfg if embedder == cfg.embedder else cfg.model_copy(update={"embedder": embedder})
