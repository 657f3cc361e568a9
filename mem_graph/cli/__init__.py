"""``mem-graph``: the command line. Every command works on the embedded default unless --config says otherwise.

One module per command group; ``options`` holds what they share. ``main`` is the console script: it turns a
``MemGraphError`` into a one-line message and exit status 2.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.text import Text

from mem_graph.cli import bench, demo, graph, mcp, memories, ops, ui
from mem_graph.cli.options import cli_names, console, err, shown
from mem_graph.errors import MemGraphError, ScopeError
from mem_graph.server.cli import register as register_hub

app = typer.Typer(help="mem_graph: long-term memory for LLM agents (offline by default).", no_args_is_help=True,
                  pretty_exceptions_enable=False)


def _version(value: bool) -> None:
    if value:
        from mem_graph import __version__

        console.print(f"mem-graph {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                help="Print the version and exit.")] = False) -> None:
    """mem_graph: long-term memory for LLM agents (offline by default)."""


for _group in (memories, graph, ops, bench, demo, mcp):
    _group.register(app)
register_hub(app)  # serve, token
ui.register(app)  # the memory browser on loopback


def error_text(exc: MemGraphError) -> Text:
    """``error: <message>``; the message is printed literally (it may quote stored text or input)."""
    message = cli_names(str(exc)) if isinstance(exc, ScopeError) else str(exc)
    return Text.assemble(("error:", "red"), " ", "\n".join(shown(part) for part in message.split("\n")))


def main(argv: list[str] | None = None) -> None:
    """The ``mem-graph`` console script (``argv``: the arguments, default ``sys.argv[1:]``)."""
    try:
        app(args=argv, prog_name="mem-graph")
    except MemGraphError as exc:
        err.print(error_text(exc))
        sys.exit(2)


__all__ = ["app", "main"]
