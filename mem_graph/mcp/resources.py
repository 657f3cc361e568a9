"""MCP resources: a user's profile (the current value of each single-valued attribute) and a graph summary.

Both are URI templates (``memgraph://users/{user_id}/profile``, ``…/graph``, optional ``?namespace=``) read
through the same session and grant as the tools, so a resource shows exactly what the caller's tools would.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from mcp.server.mcpserver import Context

from mem_graph.mcp.tools import session_of

PROFILE_URI = "memgraph://users/{user_id}/profile{?namespace}"
GRAPH_URI = "memgraph://users/{user_id}/graph{?namespace}"
PROFILE_FACTS = 50  # other current facts listed beside the slots
TOP_ENTITIES = 10
_SCAN = 1000  # memories read for a profile (the SDK's largest page)
_RELATIONS = 100_000


def profile_of(memories: list[dict[str, Any]]) -> dict[str, Any]:
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
    s = session_of(ctx)
    scope = s.scope(user_id, None, None, namespace)
    listed = await s.run(s.memory.get_all, **scope, limit=_SCAN)
    rows = listed["results"]
    return json.dumps({"user_id": scope["user_id"], "namespace": scope["namespace"], **profile_of(rows),
                       "scanned": len(rows), "truncated": len(rows) >= _SCAN}, ensure_ascii=False)


async def graph_summary(user_id: str, ctx: Context, namespace: str | None = None) -> str:
    """The user's knowledge graph at a glance: entity and relation counts, relation types, the most
    connected entities."""
    s = session_of(ctx)
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
