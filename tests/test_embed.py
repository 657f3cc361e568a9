"""The packaged embedder loads offline, and a query embeds exactly like a document."""

from __future__ import annotations

import numpy as np

from mem_graph.config import EmbedderConfig
from mem_graph.embed import build_embedder


def test_query_and_document_embeddings_agree() -> None:
    emb = build_embedder(EmbedderConfig())
    for text in ("where does the user live?", "x", "a long question " * 60):
        assert float(np.dot(emb.embed_query(text), emb.embed_documents([text])[0])) > 0.9999
    assert emb.dim == 384
