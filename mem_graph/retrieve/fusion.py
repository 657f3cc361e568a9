"""Fusion of the semantic, keyword, graph and recency signals into one score.

    score = w_semantic * (cosine - floor) / (max_cosine - floor) + w_keyword * bm25 / max_bm25
          + w_graph * graph + w_recency * 0.5 ** (age_days / half_life)
          + w_feedback * (useful - wrong) / ratings      (the user's Memory.feedback; off by default)
          + w_answer * answer                            (1 when the memory holds the attribute asked for)

Dense and keyword scores live on different scales, so each is rescaled over
the candidate set before the weighted sum ("relative score fusion"): the best
candidate of each signal scores 1, and a cosine at the semantic floor scores 0.
Equal semantic and keyword weights are the no-prior default. Graph scores are
already in [0, 1] (PageRank mass relative to the best candidate). A candidate
whose raw cosine is below ``semantic_floor`` is dropped, so keyword or graph
bonuses alone cannot carry an unrelated memory (except one holding the attribute the
question asks for, reached through the graph: a second hop). Age is measured from the
newest candidate (conversation time when the caller supplied timestamps), not
from the wall clock, so an old conversation is not uniformly "stale".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mem_graph.config import RetrievalConfig
from mem_graph.corrections import feedback_score
from mem_graph.retrieve.answer import ENDED_ANSWER
from mem_graph.types import MemoryRecord

DAY = 86400.0


@dataclass
class Candidate:
    record: MemoryRecord
    semantic: float | None = None
    keyword_raw: float = 0.0
    graph: float = 0.0
    sources: set[str] = field(default_factory=set)
    keyword: float = 0.0
    recency: float = 0.0
    feedback: float = 0.0
    answer: float = 0.0  # holds the attribute the question asks for: 1 of its subject (retrieve/asked.py)
    fused: float = 0.0
    rerank: float | None = None

    def explain(self) -> dict[str, object]:
        return {
            "semantic": round(self.semantic or 0.0, 4), "keyword": round(self.keyword, 4),
            "graph": round(self.graph, 4), "recency": round(self.recency, 4),
            "feedback": round(self.feedback, 4), "answer": self.answer, "fused": round(self.fused, 4),
            "rerank": None if self.rerank is None else round(self.rerank, 4), "sources": sorted(self.sources),
        }


def fuse(cands: list[Candidate], cfg: RetrievalConfig) -> list[Candidate]:
    """Score, floor-filter and sort candidates (best first)."""
    if not cands:
        return []
    max_kw = max(c.keyword_raw for c in cands) or 1.0
    lo = cfg.semantic_floor
    # at least 0.1 of cosine: when every candidate is at or under the floor (kept only as an answer), a span
    # near zero would blow their distances under it up into scores like -33874
    span = max(max(c.semantic or 0.0 for c in cands) - lo, 0.1)
    newest = max(c.record.valid_from for c in cands)
    half_life = max(cfg.recency_half_life_days, 1e-6) * DAY
    kept = []
    for c in cands:
        sem = c.semantic or 0.0
        # below the floor only an answer: the attribute asked of the subject asked about ("User teaches history"
        # for "whats my job"), or one reached through the graph ("Nadia works at Umbrella" shares no word or
        # meaning with "where does Karl's report work?", yet holds the attribute asked of Karl's neighbour)
        # (or what the user said ended, when nothing holds the attribute now: "User quit the bike shop")
        if sem < cfg.semantic_floor and not (c.answer >= 1.0 or c.answer == ENDED_ANSWER
                                             or (c.answer > 0 and c.graph > 0)):
            continue
        c.keyword = c.keyword_raw / max_kw
        c.recency = 0.5 ** (max(newest - c.record.valid_from, 0.0) / half_life) if cfg.recency_weight else 0.0
        c.feedback = feedback_score(c.record) if cfg.feedback_weight else 0.0
        c.fused = (cfg.semantic_weight * (sem - lo) / span + cfg.keyword_weight * c.keyword + cfg.graph_weight * c.graph
                   + cfg.recency_weight * c.recency + cfg.feedback_weight * c.feedback + cfg.answer_weight * c.answer)
        kept.append(c)
    kept.sort(key=lambda c: c.fused, reverse=True)
    return kept
