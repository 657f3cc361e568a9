"""``mem-graph``: the command line. Every command works on the embedded default unless --config says otherwise.

One module per command group; ``options`` holds what they share. ``main`` is the console script: it turns a
``MemGraphError`` into a one-line message and exit status 2.
"""

from __future__ import annotations

import sys

import typer

from mem_graph.cli import bench, demo, graph, memories, ops
from mem_graph.cli.options import err
from mem_graph.errors import MemGraphError
from mem_graph.server.cli import register as register_hub

app = typer.Typer(help="mem_graph: long-term memory for LLM agents (offline by default).", no_args_is_help=True,
                  pretty_exceptions_enable=False)
for _group in (memories, graph, ops, bench, demo):
    _group.register(app)
register_hub(app)  # serve, token


def main() -> None:
    try:
        app()
    except MemGraphError as exc:
        err.print(f"[red]error:[/red] {exc}")
        sys.exit(2)


__all__ = ["app", "main"]
