"""search(): dense + BM25 + graph candidates -> fusion -> optional cross-encoder rerank."""

from __future__ import annotations

from typing import Any

from mem_graph.config import RetrievalConfig
from mem_graph.embed import Embedder
from mem_graph.extract.rules import RuleExtractor
from mem_graph.retrieve.fusion import Candidate, fuse
from mem_graph.retrieve.graph_expand import GraphExpander
from mem_graph.retrieve.rerank import Reranker
from mem_graph.stores.graph.base import Edge
from mem_graph.stores.vector.base import VectorFilter, VectorStore


class SearchPipeline:
    def __init__(self, cfg: RetrievalConfig, vectors: VectorStore, embedder: Embedder, expander: GraphExpander,
                 reranker: Reranker, extractor: RuleExtractor):
        self.cfg = cfg
        self.vectors = vectors
        self.embedder = embedder
        self.expander = expander
        self.reranker = reranker
        self.extractor = extractor

    def search(self, query: str, flt: VectorFilter, limit: int, *, explain: bool = False,
               rerank: bool = True, use_graph: bool = True) -> dict[str, Any]:
        k = max(limit * self.cfg.candidate_multiplier, 20)
        qvec = self.embedder.embed_query(query)
        cands: dict[str, Candidate] = {}
        dense_hits = self.vectors.search_dense(qvec, flt, k)
        for hit in dense_hits:
            cands[hit.record.id] = Candidate(hit.record, semantic=hit.score, sources={"dense"})
        for hit in self.vectors.search_sparse(query, flt, k):
            c = cands.setdefault(hit.record.id, Candidate(hit.record))
            c.keyword_raw = hit.score
            c.sources.add("bm25")
        expansion = None
        if use_graph and self.cfg.graph_weight > 0:
            expansion = self.expander.expand(flt.scope, self.extractor.query_terms(query),
                                             [h.record for h in dense_hits])
            missing = [mid for mid in expansion.scores if mid not in cands]
            if missing:
                for rec in self.vectors.get(missing):
                    if _matches(rec, flt):
                        cands[rec.id] = Candidate(rec)
            for mid, score in expansion.scores.items():
                if mid in cands:
                    cands[mid].graph = score
                    cands[mid].sources.add("graph")
        self._fill_semantic(qvec, flt, cands)
        ranked = fuse(list(cands.values()), self.cfg)
        rerank_status = "disabled by caller" if not rerank else self.reranker.status
        if rerank and ranked:
            head = ranked[: self.reranker.top_n]
            scores = self.reranker.score(query, [c.record.text for c in head])
            rerank_status = self.reranker.status
            if scores is not None:
                for c, s in zip(head, scores, strict=True):
                    c.rerank = float(s)
                ranked = sorted(head, key=lambda c: c.rerank or 0.0, reverse=True) + ranked[len(head):]
        top = ranked[:limit]
        results = []
        for c in top:
            item = c.record.to_api()
            item["score"] = round(c.rerank if c.rerank is not None else c.fused, 6)
            if explain:
                item["explain"] = c.explain()
            results.append(item)
        out: dict[str, Any] = {"results": results,
                               "relations": _relations(expansion.edges if expansion else [], top,
                                                       expansion.query_entities if expansion else set())}
        if explain:
            out["rerank"] = rerank_status
        return out

    def _fill_semantic(self, qvec: Any, flt: VectorFilter, cands: dict[str, Candidate]) -> None:
        """Cosine for candidates that came from BM25 or the graph only (one filtered query)."""
        missing = [mid for mid, c in cands.items() if c.semantic is None]
        if not missing:
            return
        restricted = VectorFilter(scope=flt.scope, statuses=flt.statuses, alive_at=flt.alive_at,
                                  equals=flt.equals, any_of=flt.any_of, ids=tuple(missing))
        for hit in self.vectors.search_dense(qvec, restricted, len(missing)):
            cands[hit.record.id].semantic = hit.score
        for mid in missing:
            if cands[mid].semantic is None:
                cands[mid].semantic = 0.0


def _matches(rec: Any, flt: VectorFilter) -> bool:
    """Graph candidates are re-checked against the full filter (status, expiry, metadata)."""
    if flt.statuses is not None and rec.status.value not in flt.statuses:
        return False
    if flt.alive_at is not None and rec.expires_at <= flt.alive_at:
        return False
    payload = rec.to_payload()
    for key, value in flt.equals.items():
        cur: Any = payload
        for part in key.split("."):
            cur = cur.get(part) if isinstance(cur, dict) else None
        if cur != value:
            return False
    fields = rec.scope.stored_fields()
    return all(fields.get(k) == v for k, v in flt.scope.fields().items())


def _relations(edges: list[Edge], hits: list[Candidate], query_entities: set[str]) -> list[dict[str, str]]:
    """Triples that connect the query's entities to the returned memories."""
    hit_ids = {c.record.id for c in hits}
    hit_entities = {e for c in hits for e in c.record.entities}
    out, seen = [], set()
    for e in edges:
        touches_query = e.source_id in query_entities or e.target_id in query_entities
        in_hits = e.memory_id in hit_ids
        near_hits = any(e.source_id.endswith("\x1e" + n) or e.target_id.endswith("\x1e" + n) for n in hit_entities)
        if in_hits or (touches_query and near_hits):
            key = (e.source, e.relation, e.target)
            if key not in seen:
                seen.add(key)
                out.append({"source": e.source, "relationship": e.relation, "destination": e.target,
                            "memory_id": e.memory_id})
    return out[:50]
