"""Read path: candidates (dense, BM25, graph) -> fusion -> cross-encoder rerank."""
