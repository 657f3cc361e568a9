"""MCP resources: a user's profile (the current value of each single-valued attribute) and a graph summary.

Both are URI templates (``memgraph://users/{user_id}/profile``, ``…/graph``, optional ``?namespace=``) read
through the same session and grant as the tools, so a resource shows exactly what the caller's tools would.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any
from urllib.parse import quote

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resources import FunctionResource

from mem_graph.mcp.access import Session
from mem_graph.mcp.tools import session_of
from mem_graph.results import MemoryItem

PROFILE_URI = "memgraph://users/{user_id}/profile{?namespace}"
GRAPH_URI = "memgraph://users/{user_id}/graph{?namespace}"
PROFILE_FACTS = 50  # other current facts listed beside the slots
TOP_ENTITIES = 10
_SCAN = 1000  # memories read for a profile (the SDK's largest page)
_RELATIONS = 100_000


def profile_of(memories: list[MemoryItem]) -> dict[str, Any]:
    """The current value of each slot (the newest active memory holding it) and the other active facts."""
    current: dict[str, dict[str, Any]] = {}
    facts: list[dict[str, Any]] = []
    for m in memories:  # newest first
        if m.get("status") != "active":
            continue
        slot = m.get("slot")
        if slot:
            seen = current.get(slot)
            if seen is None or (m.get("valid_from") or "") > seen["since"]:
                current[slot] = {"memory": m["memory"], "id": m["id"], "since": m.get("valid_from") or ""}
        elif m.get("layer", "durable") == "durable" and len(facts) < PROFILE_FACTS:
            facts.append({"memory": m["memory"], "id": m["id"], "since": m.get("valid_from")})
    return {"current": dict(sorted(current.items())), "facts": facts}


async def profile(user_id: str, ctx: Context, namespace: str | None = None) -> str:
    """What is currently true of the user: each single-valued attribute's current value (where they live,
    work, who they are married to …) and their other current facts, newest first."""
    return await profile_for(session_of(ctx), user_id, namespace)


async def profile_for(s: Session, user_id: str | None, namespace: str | None = None) -> str:
    scope = s.scope(user_id, None, None, namespace)
    listed = await s.run(s.memory.get_all, **scope, limit=_SCAN)
    rows = listed["results"]
    return json.dumps({"user_id": scope["user_id"], "namespace": scope["namespace"], **profile_of(rows),
                       "scanned": len(rows), "truncated": len(rows) >= _SCAN}, ensure_ascii=False)


async def graph_summary(user_id: str, ctx: Context, namespace: str | None = None) -> str:
    """The user's knowledge graph at a glance: entity and relation counts, relation types, the most
    connected entities."""
    return await graph_summary_for(session_of(ctx), user_id, namespace)


async def graph_summary_for(s: Session, user_id: str | None, namespace: str | None = None) -> str:
    scope = s.scope(user_id, None, None, namespace)
    edges = await s.run(s.memory.graph.relations, limit=_RELATIONS, **scope)
    counted = await s.run(s.memory.graph.explore, "MATCH (e:Entity) RETURN count(e) AS n", None, **scope,
                          kind="explore")
    degree: Counter[str] = Counter()
    for e in edges:
        degree[e["source"]] += 1
        degree[e["destination"]] += 1
    return json.dumps({
        "user_id": scope["user_id"], "namespace": scope["namespace"],
        "entities": int(counted.rows[0]["n"]) if counted.rows else 0, "relations": len(edges),
        "relation_types": dict(Counter(e["relationship"] for e in edges).most_common()),
        "top_entities": [{"name": n, "degree": d} for n, d in degree.most_common(TOP_ENTITIES)],
    }, ensure_ascii=False)


RESOURCES = [
    (profile, PROFILE_URI, "profile", "User profile"),
    (graph_summary, GRAPH_URI, "graph-summary", "Graph summary"),
]


def add_pinned_resources(server: MCPServer, session: Session, user_id: str) -> None:
    """Concrete resources for a server pinned to one user (stdio ``--user``): hosts that list resources but
    not templates show them as they are."""
    for uri, read, name, title, doc in [
            (f"memgraph://users/{quote(user_id, safe='')}/profile", profile_for, "profile", "User profile",
             profile.__doc__),
            (f"memgraph://users/{quote(user_id, safe='')}/graph", graph_summary_for, "graph-summary",
             "Graph summary", graph_summary.__doc__)]:
        server.add_resource(FunctionResource.from_function(
            functools.partial(read, session, user_id), uri=uri, name=f"{name}-{user_id}", title=f"{title}: {user_id}",
            description=doc, mime_type="application/json"))
