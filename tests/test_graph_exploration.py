"""Cypher exploration: the five example queries of docs/exploring.md, run on LadybugDB and on Neo4j; the CLI.

The queries are read from docs/exploring.md itself, so the documentation cannot drift from what runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.errors import ReadOnlyQueryError
from mem_graph.types import Scope

README = Path(__file__).resolve().parents[1] / "docs" / "exploring.md"
SECTION = "## Exploring the graph with Cypher"
BACKENDS = ["ladybug", pytest.param("neo4j", marks=pytest.mark.neo4j)]
CONVERSATION = [
    "I live in Beijing and I work at Acme.",
    "Alice works at Acme. Bob manages Alice.",
    "I moved to Shanghai.",
]
USER = "explorer"


def readme_queries() -> list[str]:
    text = README.read_text(encoding="utf-8")
    assert SECTION in text, f"docs/exploring.md lacks the section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```cypher\n(.*?)```", section, flags=re.DOTALL)


def graph_config(backend: str, uri: str | None, path: Path) -> dict[str, Any]:
    cfg: dict[str, Any] = {"path": str(path)}
    if backend == "neo4j":
        cfg["graph_store"] = {"provider": "neo4j", "config": {"url": uri, "username": "neo4j", "password": "test"}}
    return cfg


@pytest.fixture(scope="module")
def explored(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], dict[str, Any]]]:
    """backend -> results of the README queries (and a cypher_graph) after the same conversation."""
    cache: dict[str, dict[str, Any]] = {}

    def run(backend: str) -> dict[str, Any]:
        if backend not in cache:
            uri = request.getfixturevalue("neo4j_uri") if backend == "neo4j" else None
            with Memory(config=graph_config(backend, uri, tmp_path_factory.mktemp(backend))) as m:
                m.reset()
                for line in CONVERSATION:
                    m.add(line, user_id=USER)
                m.add("Alice works at Acme.", user_id="someone-else")  # must never show up
                direct_params = {"entity": "acme", **Scope(user_id=USER).stored_fields()}
                cache[backend] = {
                    "rows": [m.graph.cypher(q, {"entity": "acme"}, user_id=USER) for q in readme_queries()],
                    # the same text straight on the backend (on Neo4j: a READ transaction on the server)
                    "direct": [m.graph_store.cypher(q, direct_params) for q in readme_queries()],
                    "graph": m.graph.cypher_graph("MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE r.user_id = "
                                                  "$user_id RETURN a, r, b", user_id=USER),
                }
                with pytest.raises(ReadOnlyQueryError):
                    m.graph.cypher("MATCH (e:Entity) DETACH DELETE e", user_id=USER)
                cache[backend]["left"] = m.graph_store.counts()["entities"]
        return cache[backend]

    yield run


def test_readme_documents_five_exploration_queries() -> None:
    assert len(readme_queries()) == 5


def triples(rows: list[dict[str, Any]]) -> set[tuple[str, str, str]]:
    return {(r["source"], r["relation"], r["target"]) for r in rows}


@pytest.mark.parametrize("backend", BACKENDS)
def test_readme_queries_answer_on_every_backend(explored: Callable[[str], dict[str, Any]], backend: str) -> None:
    facts, hubs, two_hops, superseded, mentions = explored(backend)["rows"]

    assert {("Alice", "works_at", "Acme"), ("Bob", "manages", "Alice")} <= triples(facts)
    assert not any("Beijing" in r["target"] for r in facts)  # superseded facts are not current
    assert any(r["target"] == "Shanghai" for r in facts)

    degrees = [r["degree"] for r in hubs]
    assert degrees == sorted(degrees, reverse=True) and {"entity", "degree"} == set(hubs[0])
    assert {r["entity"]: r["degree"] for r in hubs}["Alice"] == 2

    near_acme = {r["neighbour"] for r in two_hops}
    assert {"Alice", "Bob"} <= near_acme and "Acme" not in near_acme

    [moved] = [r for r in superseded if r["target"] == "Beijing"]
    assert moved["relation"] == "lives_in" and "Beijing" in moved["memory"]

    assert any("Alice works at Acme" in r["memory"] for r in mentions)
    assert all("someone-else" not in json.dumps(rows) for rows in (facts, hubs, two_hops, superseded, mentions))


@pytest.mark.parametrize("backend", BACKENDS)
def test_readme_queries_run_unchanged_on_the_backend_itself(explored: Callable[[str], dict[str, Any]],
                                                            backend: str) -> None:
    """Memory.graph.cypher runs them on a confined copy of the scope; Neo4j Browser runs them on the server."""
    assert explored(backend)["direct"] == explored(backend)["rows"]


@pytest.mark.neo4j
def test_readme_queries_give_identical_rows_on_ladybug_and_neo4j(explored: Callable[[str], dict[str, Any]]) -> None:
    assert explored("neo4j")["rows"] == explored("ladybug")["rows"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_cypher_results_as_a_networkx_graph(explored: Callable[[str], dict[str, Any]], backend: str) -> None:
    g: nx.MultiDiGraph = explored(backend)["graph"]
    names = dict(g.nodes(data="display"))
    edges = {(names[u], d["type"], names[v]) for u, v, d in g.edges(data=True)}
    assert ("Bob", "manages", "Alice") in edges
    assert all(label == "Entity" for _, label in g.nodes(data="label"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_exploration_writes_are_refused(explored: Callable[[str], dict[str, Any]], backend: str) -> None:
    assert explored(backend)["left"] > 0


# -- CLI ----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cli_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("cli")
    with Memory(path=home) as m:
        m.add("Alice works at Acme. Bob manages Alice.", user_id="sam")
    return home


def invoke(*args: str) -> Any:
    from mem_graph.cli import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def test_cli_cypher_prints_rows_as_json(cli_home: Path) -> None:
    out = invoke("cypher", "MATCH (a:Entity)-[r:RELATES]->(b:Entity) WHERE r.user_id = $user_id AND a.name = $who "
                 "RETURN b.display AS target", "--user", "sam", "--param", "who=bob", "--path", str(cli_home), "--json")
    assert json.loads(out.output) == [{"target": "Alice"}]


def test_cli_cypher_refuses_writes(cli_home: Path) -> None:
    from mem_graph.cli import app

    result = CliRunner().invoke(app, ["cypher", "MATCH (n) DETACH DELETE n", "--user", "sam", "--path", str(cli_home)])
    assert isinstance(result.exception, ReadOnlyQueryError)  # `mem-graph` prints it and exits with status 2


@pytest.mark.parametrize("fmt", ["graphml", "json"])
def test_cli_graph_export(cli_home: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"graph.{fmt}"
    invoke("graph", "export", "--user", "sam", "--format", fmt, "--out", str(out), "--path", str(cli_home))
    if fmt == "graphml":
        g = nx.read_graphml(out)
        edges = {(g.nodes[u]["name"], d["relation"], g.nodes[v]["name"]) for u, v, d in g.edges(data=True)}
    else:
        data = json.loads(out.read_text())
        names = {n["id"]: n["name"] for n in data["nodes"]}
        edges = {(names[e["source"]], e["relation"], names[e["target"]]) for e in data["edges"]}
    assert edges == {("Alice", "works_at", "Acme"), ("Bob", "manages", "Alice")}


def test_cli_graph_neighbours(cli_home: Path) -> None:
    out = invoke("graph", "neighbours", "Acme", "--hops", "2", "--user", "sam", "--path", str(cli_home), "--json")
    names = {n["name"] for n in json.loads(out.output)["nodes"]}
    assert names == {"Acme", "Alice", "Bob"}
