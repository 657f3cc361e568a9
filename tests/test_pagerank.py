"""The graph stage's personalised PageRank gives networkx's answer (networkx is the reference)."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from mem_graph.retrieve.graph_expand import personalised_pagerank

NODES = st.sampled_from([f"entity {i}" for i in range(12)])


@settings(max_examples=60, deadline=None)
@given(edges=st.lists(st.tuples(NODES, NODES), max_size=40),
       seeds=st.dictionaries(NODES, st.floats(0.05, 3.0), min_size=1, max_size=4),
       alpha=st.sampled_from([0.5, 0.85, 0.95]))
def test_matches_networkx_pagerank(edges: list[tuple[str, str]], seeds: dict[str, float], alpha: float) -> None:
    graph = nx.Graph()
    graph.add_nodes_from(seeds)
    for a, b in edges:  # parallel edges add weight
        weight = graph[a][b]["weight"] + 1.0 if graph.has_edge(a, b) else 1.0
        graph.add_edge(a, b, weight=weight)
    total = sum(seeds.values())
    if graph.number_of_edges() == 0:
        expected = {k: v / total for k, v in seeds.items()}
    else:
        try:
            expected = nx.pagerank(graph, alpha=alpha, personalization={k: v / total for k, v in seeds.items()},
                                   weight="weight")
        except nx.PowerIterationFailedConvergence:  # networkx gives up (seen: a lone self-loop); we answer
            assert abs(sum(personalised_pagerank(edges, seeds, alpha).values()) - 1.0) < 1e-3
            return
    got = personalised_pagerank(edges, seeds, alpha)
    assert set(got) == set(expected)
    assert max(abs(got[k] - expected[k]) for k in expected) < 1e-4


def test_rank_flows_from_the_seed_to_its_neighbours_first() -> None:
    ranks = personalised_pagerank([("Ann", "Ben"), ("Ben", "Cid"), ("Cid", "Dee")], {"Ann": 1.0}, 0.85)
    assert ranks["Ben"] > ranks["Cid"] > ranks["Dee"] > 0 and ranks["Ann"] > ranks["Cid"]


@settings(max_examples=40, deadline=None)
@given(edges=st.lists(st.tuples(NODES, NODES), min_size=1, max_size=40),
       seeds=st.dictionaries(NODES, st.floats(0.05, 3.0), min_size=1, max_size=4))
def test_a_large_neighbourhood_ranks_like_a_small_one(edges: list[tuple[str, str]], seeds: dict[str, float]) -> None:
    """Small neighbourhoods step with a dense matrix, large ones with a scatter: the same ranks either way."""
    from mem_graph.retrieve import graph_expand

    dense = personalised_pagerank(edges, seeds, 0.85)
    limit, graph_expand._DENSE_NODES = graph_expand._DENSE_NODES, 0
    try:
        sparse = personalised_pagerank(edges, seeds, 0.85)
    finally:
        graph_expand._DENSE_NODES = limit
    assert dense.keys() == sparse.keys()
    assert max(abs(dense[k] - sparse[k]) for k in dense) < 1e-12


@settings(max_examples=40, deadline=None)
@given(edges=st.lists(st.tuples(NODES, NODES), min_size=2, max_size=40),
       seeds=st.dictionaries(NODES, st.floats(0.05, 3.0), min_size=1, max_size=4), data=st.data())
def test_ranks_do_not_depend_on_the_order_the_store_returns_edges(edges: list[tuple[str, str]],
                                                                  seeds: dict[str, float], data: st.DataObject) -> None:
    """Stores return a scope's edges in storage order, which differs between two ingests of one conversation;
    tied entities are then cut by rank, so ranks must agree bit for bit, not only to a tolerance."""
    shuffled = data.draw(st.permutations(edges))
    assert personalised_pagerank(shuffled, seeds, 0.85) == personalised_pagerank(edges, seeds, 0.85)
