"""``mem-graph cypher`` and ``mem-graph graph …``: explore and export a scope's entity graph.

Registered on the main app by ``mem_graph.cli``; works on every graph backend
(LadybugDB embedded, Neo4j) with the same queries.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import networkx as nx
import typer
from rich.table import Table

from mem_graph.cli.options import (
    AgentOpt,
    ConfigOpt,
    JsonOpt,
    PathOpt,
    RunOpt,
    UserOpt,
    console,
    line,
    lit,
    open_memory,
    print_json,
    relation_line,
    scope,
)
from mem_graph.errors import ValidationError

graph_app = typer.Typer(help="Explore and export a scope's entity graph.", no_args_is_help=True)
ParamOpt = Annotated[list[str] | None, typer.Option(
    "--param", "-p", help="Query parameter KEY=VALUE (VALUE parsed as JSON when it can be); repeatable.")]
InvalidOpt = Annotated[bool, typer.Option("--include-invalid", help="Include superseded (invalidated) relations.")]


def parse_params(items: list[str] | None) -> dict[str, Any]:
    """``["entity=acme", "n=2"]`` -> ``{"entity": "acme", "n": 2}``."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ValidationError(f"--param expects KEY=VALUE, got {item!r}")
        try:
            out[key.strip()] = json.loads(raw)
        except ValueError:
            out[key.strip()] = raw
    return out


def _cell(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)


def cypher(query: Annotated[str, typer.Argument(help="A read-only Cypher query; the scope is $user_id, $agent_id, "
                                                     "$run_id, $namespace.")],
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, param: ParamOpt = None,
           path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Run a read-only Cypher query on the graph (same schema on LadybugDB and Neo4j)."""
    params = parse_params(param)
    kw = scope(user, agent, run)
    with open_memory(path, config) as mem:
        rows = mem.graph.cypher(query, params, **kw)
    if as_json:
        return print_json(rows)
    table = Table(title=f"{len(rows)} row(s)")
    for col in rows[0] if rows else []:
        table.add_column(lit(col), overflow="fold")
    for row in rows:
        table.add_row(*(lit(_cell(v)) for v in row.values()))
    console.print(table)


def graph_to_json(g: nx.MultiDiGraph) -> dict[str, Any]:
    """networkx node-link JSON (``nx.node_link_graph(data, edges="edges")`` reads it back):
    ``{"nodes": [{id, name, type}], "edges": [{source, target, key, relation, memory_id, valid}], …}``."""
    data: dict[str, Any] = nx.node_link_data(g, edges="edges")
    return data


@graph_app.command("export")
def export(out: Annotated[Path, typer.Option("--out", "-o", help="File to write.")],
           fmt: Annotated[str, typer.Option("--format", "-f", help="graphml or json.")] = "graphml",
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, include_invalid: InvalidOpt = False,
           path: PathOpt = None, config: ConfigOpt = None) -> None:
    """Write the scope's entity-relation graph to a GraphML or JSON file."""
    if fmt not in ("graphml", "json"):
        raise ValidationError(f"--format must be graphml or json, not {fmt!r}")
    kw = scope(user, agent, run)
    with open_memory(path, config) as mem:
        g = mem.graph.to_networkx(include_invalid=include_invalid, **kw)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "graphml":
        nx.write_graphml(g, out)
    else:
        out.write_text(json.dumps(graph_to_json(g), indent=2, ensure_ascii=False), encoding="utf-8")
    console.print(line(f"wrote {g.number_of_nodes()} entities and {g.number_of_edges()} relations to ", (out, "")))


@graph_app.command("neighbours")
def neighbours(entity: str, hops: Annotated[int, typer.Option("--hops", help="0..3")] = 1, user: UserOpt = None,
               agent: AgentOpt = None, run: RunOpt = None, include_invalid: InvalidOpt = False,
               path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Show the relations within HOPS of an entity."""
    kw = scope(user, agent, run)
    with open_memory(path, config) as mem:
        g = mem.graph.neighbours(entity, hops, include_invalid=include_invalid, **kw)
    data = graph_to_json(g)
    if as_json:
        return print_json(data)
    names = dict(g.nodes(data="name"))
    for e in data["edges"]:
        console.print(relation_line(names[e["source"]], e["relation"], names[e["target"]],
                                    "" if e["valid"] else " (superseded)"))
    if not data["edges"]:
        console.print(line(f"no relations within {hops} hop(s) of ", (repr(entity), "")), style="dim")


@graph_app.command("relations")
def relations(user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, include_invalid: InvalidOpt = False,
              limit: Annotated[int, typer.Option("--limit", "-k", help="At most this many relations.")] = 1000,
              path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """List the scope's relations (source —relation→ target), with the memory each comes from."""
    kw = scope(user, agent, run)
    with open_memory(path, config) as mem:
        rels = mem.graph.relations(include_invalid=include_invalid, limit=limit, **kw)
    if as_json:
        return print_json(rels)
    for r in rels:
        console.print(relation_line(r["source"], r["relationship"], r["destination"],
                                    ("" if r["valid"] else " (superseded)") + f"  {r['memory_id']}"))
    if not rels:
        console.print("no relations in this scope", style="dim")


def register(app: typer.Typer) -> None:
    """Add ``cypher`` and the ``graph`` group to the main CLI."""
    app.command("cypher")(cypher)
    app.add_typer(graph_app, name="graph")
