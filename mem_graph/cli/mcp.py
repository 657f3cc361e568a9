"""``mem-graph mcp``: serve the memory to an MCP host (Claude Desktop, Cursor, IDE agents) over stdio.

The hub serves the same tools over streamable HTTP at /mcp (``mem-graph serve``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from mem_graph.cli.options import ConfigOpt, PathOpt, memory_config


def mcp(path: PathOpt = None, config: ConfigOpt = None,
        user: Annotated[str | None, typer.Option(
            "--user", "-u", help="Pin the server to this user: tools default to it and refuse any other. "
                                 "Without it every call names its user_id (or agent_id / run_id).")] = None,
        namespace: Annotated[str | None, typer.Option(
            "--namespace", "-n", help="Pin the server to this namespace (default: any; calls default to "
                                      "'default').")] = None) -> None:
    """Run an MCP server on stdin/stdout for one local store (the MCP host starts this command)."""
    from mem_graph.errors import ConfigError
    from mem_graph.logging_setup import quiet_libraries
    from mem_graph.memory import Memory

    try:
        from mem_graph.mcp.stdio import serve_stdio
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("mcp"):
            raise
        raise ConfigError("mem-graph mcp needs the MCP SDK: pip install 'mem-graph[mcp]'") from None
    from mem_graph.validation import make_scope

    if user is not None or namespace is not None:
        make_scope(user or "-", None, None, namespace)  # a bad --user / --namespace fails now, not per call
    quiet_libraries()
    with Memory(config=memory_config(path, config)) as memory:
        serve_stdio(memory, user, namespace)


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
