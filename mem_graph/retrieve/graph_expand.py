"""Graph-neighbourhood expansion: personalised PageRank over the query's 1-2 hop neighbourhood.

Seeds are the entities the query names (matched against the scope's entity
names) and, with less weight, the entities of the top dense hits. PageRank
restarts at the seeds, so a memory two hops away scores only when the path to
it is well connected to what was asked; hubs are damped by degree. The search
pipeline then asks the vector store for the memories that mention the
top-ranked entities (one filtered query) and scores each by the rank mass it
mentions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from mem_graph.config import RetrievalConfig
from mem_graph.stores.graph.base import Edge, GraphStore
from mem_graph.stores.graph.cypher_store import entity_id
from mem_graph.types import MemoryRecord, Scope

QUERY_SEED_WEIGHT = 1.0
HIT_SEED_WEIGHT = 0.5


@dataclass
class Expansion:
    entity_ranks: dict[str, float] = field(default_factory=dict)  # entity name -> PageRank mass, top first
    edges: list[Edge] = field(default_factory=list)
    query_entities: set[str] = field(default_factory=set)

    def score(self, entities: list[str]) -> float:
        """A memory's raw graph score: the PageRank mass of the neighbourhood entities it mentions."""
        return sum(self.entity_ranks.get(e, 0.0) for e in entities)


class GraphExpander:
    def __init__(self, graph: GraphStore, cfg: RetrievalConfig):
        self.graph = graph
        self.cfg = cfg

    def expand(self, scope: Scope, query_terms: list[str], top_hits: list[MemoryRecord]) -> Expansion:
        query_entities = set(self.graph.find_entities(scope, query_terms))
        seeds = {e: QUERY_SEED_WEIGHT for e in query_entities}
        for rec in top_hits[: self.cfg.graph_seed_hits]:
            for name in rec.entities:
                seeds.setdefault(entity_id(rec.scope, name), HIT_SEED_WEIGHT)
        if not seeds or self.cfg.graph_hops == 0:
            return Expansion(query_entities=query_entities)
        edges = self.graph.neighbourhood(scope, list(seeds), self.cfg.graph_hops)
        ranks = self._pagerank(seeds, edges)
        top = sorted(ranks, key=ranks.__getitem__, reverse=True)[: self.cfg.graph_max_candidates * 2]
        # entity ids embed the scope; memories list entities by name (see cypher_store.entity_id)
        names: dict[str, float] = {}
        for eid in top:
            name = eid.rsplit("\x1e", 1)[-1]
            names[name] = names.get(name, 0.0) + ranks[eid]
        return Expansion(names, edges, query_entities)

    def _pagerank(self, seeds: dict[str, float], edges: list[Edge]) -> dict[str, float]:
        g = nx.Graph()
        g.add_nodes_from(seeds)
        for e in edges:
            if g.has_edge(e.source_id, e.target_id):
                g[e.source_id][e.target_id]["weight"] += 1.0
            else:
                g.add_edge(e.source_id, e.target_id, weight=1.0)
        if g.number_of_edges() == 0:
            return dict(seeds)
        return nx.pagerank(g, alpha=self.cfg.ppr_alpha, personalization=seeds, weight="weight")
