"""The MCP tools: one function per SDK call, shared by the stdio and the hub transport.

Each tool resolves the caller's ``Session`` (``mem_graph.mcp.access``), checks the scope against its grant,
and calls the ``MemoryAccess`` interface. Parameters are typed (pydantic builds each tool's JSON schema);
the SDK validates the values again, so a call fails exactly where ``Memory`` would, and a
``MemGraphError`` becomes an ``isError`` result carrying the REST API's code (``mem_graph.mcp.server``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any

from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from mem_graph.server.models import ChatMessage

if TYPE_CHECKING:
    from mem_graph.mcp.access import Session

UserId = Annotated[str | None, Field(description="The user the memories belong to. Optional when the server or "
                                                 "token is pinned to one user.")]
AgentId = Annotated[str | None, Field(description="Narrow the scope to one agent.")]
RunId = Annotated[str | None, Field(description="Narrow the scope to one run / conversation.")]
Namespace = Annotated[str | None, Field(description="Partition; defaults to 'default' (on the hub, the token's "
                                                    "first granted namespace).")]
MemoryId = Annotated[str, Field(description="A memory id (UUID) as returned by add_memory, search_memories or "
                                            "list_memories.")]
AsOf = Annotated[float | str | None, Field(description="Answer with what was believed at this time (epoch seconds "
                                                       "or ISO-8601): memories valid then, whatever their status now.")]
Filters = Annotated[dict[str, Any] | None, Field(description='Metadata filters: {"key": "value"} or '
                                                             '{"key": {"in": ["a", "b"]}}.')]
Metadata = Annotated[dict[str, Any] | None, Field(description="JSON metadata stored with each memory (16 KiB max).")]

READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def session_of(ctx: Context) -> Session:
    """The caller's session (the server was built with a resolver: stdio or hub)."""
    return ctx.mcp_server.session(ctx)  # type: ignore[attr-defined, no-any-return]


def result(data: Mapping[str, Any]) -> CallToolResult:
    """A successful tool result: the JSON as text (what a model reads) and as structured content."""
    text = json.dumps(data, ensure_ascii=False, default=str)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=json.loads(text))


async def add_memory(ctx: Context,
                     messages: Annotated[str | list[ChatMessage], Field(
                         description="What to remember: a string (one user message) or a list of chat messages "
                                     "{role, content, name?, timestamp?}.")],
                     user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                     namespace: Namespace = None,
                     infer: Annotated[bool, Field(description="true: extract facts and reconcile them with what is "
                                                              "known (a move replaces the old city). false: store "
                                                              "each message verbatim.")] = True,
                     metadata: Metadata = None,
                     timestamp: Annotated[float | str | None, Field(description="When it was said (epoch seconds or "
                                                                                "ISO-8601); default now.")] = None,
                     expires_at: Annotated[float | str | None, Field(
                         description="Hide the memories after this time (epoch seconds or ISO-8601).")] = None,
                     ) -> CallToolResult:
    """Remember what the user said. Returns each decision (ADD / UPDATE / DELETE / NONE) with its reason and
    what it replaced, and the graph relations added or invalidated. Superseded facts are invalidated, never lost."""
    s = session_of(ctx)
    body = messages if isinstance(messages, str) else [m.model_dump(exclude_none=True) for m in messages]
    return result(await s.run(s.memory.add, body, **s.scope(user_id, agent_id, run_id, namespace), infer=infer,
                              metadata=metadata, timestamp=timestamp, expires_at=expires_at,
                              client_id=s.grant.client_id, kind="write"))


async def search_memories(ctx: Context,
                          query: Annotated[str, Field(description="A question or keywords, e.g. 'where does the "
                                                                  "user live?'.")],
                          user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                          namespace: Namespace = None,
                          limit: Annotated[int, Field(ge=1, description="At most this many memories (1,000 by "
                                                                        "default config).")] = 10,
                          explain: Annotated[bool, Field(description="Add each hit's per-signal scores (semantic, "
                                                                     "keyword, graph, recency, fused, "
                                                                     "rerank).")] = False,
                          relations: Annotated[bool, Field(description="Also return the graph relations between "
                                                                       "the entities the hits mention.")] = True,
                          include_invalidated: Annotated[bool, Field(description="Also return superseded "
                                                                                 "memories.")] = False,
                          as_of: AsOf = None, filters: Filters = None) -> CallToolResult:
    """Find the memories that answer a query, best first (dense + keyword + graph, the current value of a
    single-valued attribute first). Returns {results: [{id, memory, score, ...}], relations: [...]}."""
    s = session_of(ctx)
    out = await s.run(s.memory.search, query, **s.scope(user_id, agent_id, run_id, namespace), limit=limit,
                      filters=filters, explain=explain, include_invalidated=include_invalidated, as_of=as_of)
    return result(out if relations else {k: v for k, v in out.items() if k != "relations"})


async def get_memory(ctx: Context, memory_id: MemoryId, user_id: UserId = None, agent_id: AgentId = None,
                     run_id: RunId = None, namespace: Namespace = None) -> CallToolResult:
    """One memory by id, with its status, validity times, slot, entities and source."""
    s = session_of(ctx)
    return result(await s.run(s.memory.get, memory_id, **s.scope(user_id, agent_id, run_id, namespace)))


async def list_memories(ctx: Context, user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                        namespace: Namespace = None,
                        limit: Annotated[int, Field(ge=1, description="At most this many, newest first "
                                                                      "(1,000 by default config).")] = 100,
                        include_invalidated: Annotated[bool, Field(description="Also list superseded "
                                                                               "memories.")] = False,
                        as_of: AsOf = None, filters: Filters = None) -> CallToolResult:
    """The scope's memories, newest first: {results: [...]}."""
    s = session_of(ctx)
    return result(await s.run(s.memory.get_all, **s.scope(user_id, agent_id, run_id, namespace), limit=limit,
                              filters=filters, include_invalidated=include_invalidated, as_of=as_of))


async def update_memory(ctx: Context, memory_id: MemoryId,
                        data: Annotated[str, Field(description="The memory's new text.")],
                        user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                        namespace: Namespace = None, metadata: Metadata = None,
                        expected_version: Annotated[int | None, Field(ge=1, description="Refuse (conflict) unless "
                                                                                        "the memory still has this "
                                                                                        "version.")] = None,
                        ) -> CallToolResult:
    """Replace a memory's text in place (same id, version + 1); the old text stays in its history."""
    s = session_of(ctx)
    return result(await s.run(s.memory.update, memory_id, data, **s.scope(user_id, agent_id, run_id, namespace),
                              metadata=metadata, expected_version=expected_version, client_id=s.grant.client_id,
                              kind="write"))


async def delete_memory(ctx: Context, memory_id: MemoryId, user_id: UserId = None, agent_id: AgentId = None,
                        run_id: RunId = None, namespace: Namespace = None) -> CallToolResult:
    """Erase one memory from every store (its history keeps a DELETE event)."""
    s = session_of(ctx)
    return result(await s.run(s.memory.delete, memory_id, **s.scope(user_id, agent_id, run_id, namespace),
                              client_id=s.grant.client_id, kind="write"))


async def memory_history(ctx: Context, memory_id: MemoryId, user_id: UserId = None, agent_id: AgentId = None,
                         run_id: RunId = None, namespace: Namespace = None) -> CallToolResult:
    """Every event of a memory and of the versions it replaced or that replaced it, oldest first, each with
    the rule and reason that decided it: {events: [...]}."""
    s = session_of(ctx)
    events = await s.run(s.memory.history, memory_id, **s.scope(user_id, agent_id, run_id, namespace))
    return result({"events": events})


async def graph_neighbours(ctx: Context,
                           entity: Annotated[str, Field(description="An entity name, e.g. 'Acme' or 'Shanghai'.")],
                           hops: Annotated[int, Field(ge=0, le=3, description="How far to walk (0..3).")] = 1,
                           include_invalid: Annotated[bool, Field(description="Also walk superseded "
                                                                              "relations.")] = False,
                           user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                           namespace: Namespace = None) -> CallToolResult:
    """The entity's neighbourhood in the knowledge graph: {entity, found, edges: [{source, relationship,
    destination, memory_id, valid}]}."""
    s = session_of(ctx)
    g = await s.run(s.memory.graph.neighbours, entity, hops, include_invalid=include_invalid,
                    **s.scope(user_id, agent_id, run_id, namespace))
    names = dict(g.nodes(data="name"))
    edges = [{"source": names[a], "relationship": d["relation"], "destination": names[b],
              "memory_id": d["memory_id"], "valid": d["valid"]} for a, b, d in g.edges(data=True)]
    return result({"entity": entity, "found": g.number_of_nodes() > 0, "edges": edges})


async def graph_cypher(ctx: Context,
                       query: Annotated[str, Field(description="A read-only Cypher query over (:Entity {name, "
                                                               "display, type}), (:Memory {id, text, status}), "
                                                               "(:Entity)-[:RELATES {type, memory_id, invalid_at}]->"
                                                               "(:Entity), (:Memory)-[:MENTIONS]->(:Entity).")],
                       params: Annotated[dict[str, Any] | None, Field(description="Query parameters ($name).")] = None,
                       user_id: UserId = None, agent_id: AgentId = None, run_id: RunId = None,
                       namespace: Namespace = None) -> CallToolResult:
    """Run a read-only Cypher query on the caller's own graph (nothing outside the scope exists where it
    runs; writes are refused). Returns {results: [rows], truncated}."""
    s = session_of(ctx)
    found = await s.run(s.memory.graph.explore, query, params, max_rows=s.max_rows,
                        **s.scope(user_id, agent_id, run_id, namespace), kind="explore")
    return result({"results": found.rows, "truncated": found.truncated})


WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)
TOOLS: list[tuple[Callable[..., Any], str, ToolAnnotations]] = [
    (add_memory, "Add memory", WRITE),
    (search_memories, "Search memories", READ),
    (get_memory, "Get a memory", READ),
    (list_memories, "List memories", READ),
    (update_memory, "Update a memory", ToolAnnotations(read_only_hint=False, destructive_hint=True,
                                                       idempotent_hint=False, open_world_hint=False)),
    (delete_memory, "Delete a memory", ToolAnnotations(read_only_hint=False, destructive_hint=True,
                                                       idempotent_hint=True, open_world_hint=False)),
    (memory_history, "Memory history", READ),
    (graph_neighbours, "Graph neighbours", READ),
    (graph_cypher, "Read-only Cypher", READ),
]
