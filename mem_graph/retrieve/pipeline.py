"""search(): dense + BM25 + graph candidates -> fusion -> optional cross-encoder rerank -> current value first.

A filter with ``valid_at`` (``search(as_of=t)``) searches what was believed at t: its memories and the graph
edges valid then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mem_graph.config import RetrievalConfig
from mem_graph.embed import Embedder, search_query_vector
from mem_graph.expiry import expired_memories
from mem_graph.extract.catalogue import DEFAULT_SLOTS
from mem_graph.results import MemoryItem, Relation, SearchResponse
from mem_graph.retrieve.answer import answer_first, second_hop_first
from mem_graph.retrieve.asked import (
    Asked,
    QuestionReader,
    answer_scores,
    known_subjects_named,
    own_name_is_self,
    slot_key,
    unnamed_holders,
)
from mem_graph.retrieve.collapse import collapse_turns
from mem_graph.retrieve.current import current_first
from mem_graph.retrieve.ended import asks_of_the_past, ended_filter, former_first, former_values
from mem_graph.retrieve.fusion import Candidate, fuse
from mem_graph.retrieve.graph_expand import Expansion, GraphExpander, query_terms
from mem_graph.retrieve.naming import naming_not_asked, said_as_the_user, who_someone_is_first
from mem_graph.retrieve.newer import new_one_first, newer_same_topic_first, newest_value_first
from mem_graph.retrieve.rerank import Reranker
from mem_graph.stores.graph.base import Edge
from mem_graph.stores.vector.base import VectorFilter, VectorStore
from mem_graph.types import MemoryRecord, Status

_PERSON_SLOT = {s.name: s.subjects == "person" for s in DEFAULT_SLOTS}  # attributes only a person has


class SearchPipeline:
    def __init__(self, cfg: RetrievalConfig, vectors: VectorStore, embedder: Embedder, expander: GraphExpander,
                 reranker: Reranker):
        self.cfg = cfg
        self.vectors = vectors
        self.embedder = embedder
        self.expander = expander
        self.reranker = reranker
        self.reader = QuestionReader(embedder)

    def search(self, query: str, flt: VectorFilter, limit: int, *, explain: bool = False,
               rerank: bool = True, use_graph: bool = True) -> SearchResponse:
        k = max(self.cfg.candidates, limit)
        graph = use_graph and self.cfg.graph_weight > 0
        # (embedding the query on a helper thread while BM25 ran made a search slower here: on two loaded
        # cores the threads wait on each other for the GIL and the CPU)
        qvec = search_query_vector(self.embedder, query)  # int8 by default (embedder query_quantize)
        dense, sparse = self.vectors.candidate_scores(qvec, query, flt, k)  # one engine round trip
        sparse = _cut_clear_of_ties(sparse, k)
        records = _records(self.vectors, [mid for mid, _ in dense + sparse], flt)  # each payload read once
        if (as_user := said_as_the_user(query, list(records.values()))) is not None:
            return self.search(as_user, flt, limit, explain=explain, rerank=rerank, use_graph=use_graph)
        cands: dict[str, Candidate] = {}
        for mid, score in dense:
            if mid in records:
                cands[mid] = Candidate(records[mid], semantic=score, sources={"dense"})
        for mid, score in sparse:
            if mid in records:
                c = cands.setdefault(mid, Candidate(records[mid]))
                c.keyword_raw = score
                c.sources.add("bm25")
        expansion = None
        if graph:
            hidden = expired_memories(self.vectors, flt.scope, flt.alive_at) if flt.alive_at is not None else {}
            expansion = self.expander.expand(flt.scope, query_terms(query),
                                             [records[m] for m, _ in dense if m in records], hidden,
                                             as_of=flt.valid_at)
        asked = self.reader.read(query, qvec) if self.cfg.answer_weight else Asked()
        active = [c.record for c in cands.values() if c.record.status == Status.ACTIVE]
        asked = own_name_is_self(known_subjects_named(asked, active), active)
        past = flt.valid_at is None and asks_of_the_past(query)
        self._complete_candidates(qvec, flt, expansion, asked, cands, past)
        if asked.slots:
            # only what is believed answers (include_invalidated shows history, it does not make it current),
            # and for a question of the past ("what was my job?") what held before (retrieve/ended.py)
            believed = [c.record for c in cands.values()
                        if flt.valid_at is not None or c.record.status == Status.ACTIVE]
            if past:
                believed += former_values([c.record for c in cands.values()], asked.slots)
            answers = answer_scores(asked, believed)
            subjects = unnamed_holders(asked, answers, believed)
            if subjects:  # who they are may be said only in their other (even invalidated) memories
                evidence, _ = self.vectors.scroll(replace(flt, statuses=None, valid_at=None,
                                                          any_of={**flt.any_of, "subject_key": subjects}), 50)
                answers = answer_scores(asked, believed, evidence)
            if past:
                answers = former_first(answers, believed)
            for c in cands.values():
                c.answer = answers.get(c.record.id, 0.0)
        if self.cfg.answer_weight:
            for mid in naming_not_asked(asked, [c.record for c in cands.values() if c.answer == 0]):
                cands[mid].answer = -0.5
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
        if self.cfg.answer_weight:
            ranked = answer_first(second_hop_first(ranked), person_asked=asked.whose == "named" and bool(
                asked.slots) and all(_PERSON_SLOT.get(s, False) for s in asked.slots))
            ranked = newer_same_topic_first(ranked, query, asked, self.vectors.dense_vectors)
            ranked = new_one_first(newest_value_first(ranked, query, asked), query, asked)
            ranked = who_someone_is_first(ranked, query)
        if self.cfg.current_first:
            ranked = current_first(ranked, any_status=flt.valid_at is not None,
                                   slot_of=lambda r: slot_key(r, asked.slots))
        groups = collapse_turns(ranked, _score) if self.cfg.collapse_turns else [(c, []) for c in ranked]
        top = [c for c, _ in groups[:limit]]
        results: list[MemoryItem] = []
        for c, siblings in groups[:limit]:
            item = _own(c.record.to_api())
            item["score"] = _score(c)
            if explain:
                item["explain"] = c.explain()
            if siblings:  # the same turn's other memories (retrieve/collapse.py)
                item["related"] = [{"id": s.record.id, "memory": s.record.text, "score": _score(s)}
                                   for s in siblings]
            results.append(item)
        out: SearchResponse = {"results": results,
                               "relations": _relations(expansion.edges if expansion else [], top,
                                                       expansion.query_entities if expansion else set(),
                                                       self.expander.graph_store.entity_name)}
        if explain:
            out["rerank"] = rerank_status
        return out

    def _complete_candidates(self, qvec: Any, flt: VectorFilter, expansion: Expansion | None,
                             asked: Asked, cands: dict[str, Candidate], past: bool = False) -> None:
        """Up to four filtered dense queries, in one engine round trip: the cosine of the candidates only BM25
        found; the memories mentioning the top-ranked neighbourhood entities, scored by the rank mass they
        mention; the facts holding an asked attribute of a subject the question may name, whatever their
        cosine ("whats my job" shares no word and little meaning with "User teaches history"); and for a
        question of the past (``past``), the ended memories nearest it (retrieve/ended.py)."""
        requests: dict[str, tuple[VectorFilter, int]] = {}
        missing = tuple(mid for mid, c in cands.items() if c.semantic is None)
        if missing:
            requests["cosine"] = (replace(flt, ids=missing), len(missing))
        if expansion is not None and expansion.entity_mass:
            requests["graph"] = (replace(flt, any_of={**flt.any_of, "entities": tuple(expansion.entity_mass)}),
                                 self.cfg.graph_max_candidates)
        allowed = flt.any_of.get("slot")  # the caller's own slot filter still bounds the lookup
        keys = tuple(k for k in asked.slot_keys() if allowed is None or k in allowed) if asked.slots else ()
        if keys:
            requests["slot"] = (replace(flt, any_of={**flt.any_of, "slot": keys}), self.cfg.graph_max_candidates)
        ended = ended_filter(flt) if past else None
        if ended is not None:
            requests["ended"] = (ended, self.cfg.graph_max_candidates)
        answers = dict(zip(requests, self.vectors.dense_scores_many(qvec, list(requests.values())), strict=True))
        for mid, score in answers.get("cosine", []):
            cands[mid].semantic = score
        for mid in missing:  # one the query no longer matched (a concurrent write)
            if cands[mid].semantic is None:
                cands[mid].semantic = 0.0
        graph_hits, slot_hits = answers.get("graph", []), answers.get("slot", [])
        new = _records(self.vectors, [mid for mid, _ in graph_hits + slot_hits if mid not in cands], flt)
        if expansion is not None and graph_hits:
            for mid, score in graph_hits:
                if mid not in cands and mid not in new:
                    continue
                c = cands.setdefault(mid, Candidate(new.get(mid) or cands[mid].record, semantic=score))
                c.semantic = score if c.semantic is None else c.semantic
                c.graph = expansion.score(c.record.entities)
                c.sources.add("graph")
            top = max((c.graph for c in cands.values()), default=0.0)
            if top > 0:
                for c in cands.values():
                    c.graph *= expansion.confidence / top
        for mid, score in slot_hits:
            if mid in new and mid not in cands:
                cands[mid] = Candidate(new[mid], semantic=score, sources={"slot"})
        if ended is not None:
            read = _records(self.vectors, [mid for mid, _ in answers["ended"] if mid not in cands], ended)
            former = {r.id: r for r in former_values(list(read.values()), asked.slots)}
            for mid, score in answers["ended"]:
                if mid in former:
                    cands[mid] = Candidate(former[mid], semantic=score, sources={"ended"})


def _own(item: MemoryItem) -> MemoryItem:
    """A result the caller may change: the records behind a search are shared (``VectorStore.get_shared``), so
    the lists and dicts ``to_api`` hands out by reference are copied."""
    item["entities"] = list(item["entities"])
    item["metadata"] = _copied(item["metadata"])
    item["source"] = _copied(item["source"])
    return item


def _copied(value: Any) -> Any:
    """A copy of a JSON value (a payload field): ``deepcopy`` without its generic machinery."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


def _records(vectors: VectorStore, ids: list[str], flt: VectorFilter) -> dict[str, MemoryRecord]:
    """The records of candidate ids (each read once, shared: never mutated here). Queries return ids and scores
    only: reading and decoding every candidate's payload per signal cost more than the queries themselves. A
    memory whose status changed since its query matched (a concurrent write) is left out, as the query would
    now leave it out."""
    if not ids:
        return {}
    return {r.id: r for r in vectors.get_shared(list(dict.fromkeys(ids)))
            if flt.statuses is None or r.status.value in flt.statuses}


def _cut_clear_of_ties(hits: list[tuple[str, float]], limit: int) -> list[tuple[str, float]]:
    """A full top-``limit`` without the group tied at its lowest score. BM25 ties often (every short memory
    matching only "jon" scores the same), and which tied memories make the engine's cut follows its segment
    layout, which background optimisation changes: the same store searched twice would find different
    candidates. What is left is the same every time."""
    if len(hits) < limit:
        return hits
    last = hits[-1][1]
    return [h for h in hits if h[1] > last]


def _score(c: Candidate) -> float:
    return round(c.rerank if c.rerank is not None else c.fused, 6)


def _relations(edges: list[Edge], hits: list[Candidate], query_entities: set[str],
               entity_name: Callable[[str], str]) -> list[Relation]:
    """Triples behind the answer: those of the returned memories, and those that link a query entity to
    an entity of the top three hits (the path a multi-hop answer travels). ``entity_name``: the graph
    store's entity id -> normalised name."""
    hit_ids = {c.record.id for c in hits}
    near = {e for c in hits[:3] for e in c.record.entities}
    out: list[Relation] = []
    seen = set()
    names: dict[str, str] = {}  # an entity is an end of many edges: its name is looked up once
    for e in edges:
        if e.memory_id not in hit_ids:  # else it must bridge: a query entity at one end, the answer's at the other
            ends = {e.source_id, e.target_id}
            named = ends & query_entities
            if not named:
                continue
            others = {names[x] if x in names else names.setdefault(x, entity_name(x)) for x in ends - named}
            if others and not others & near:
                continue
        key = (e.source, e.relation, e.target)
        if key not in seen:
            seen.add(key)
            out.append({"source": e.source, "relationship": e.relation, "destination": e.target,
                        "memory_id": e.memory_id})
    return out[:50]
