"""``mem-graph bench``: add throughput and search latency on the embedded default."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from mem_graph.cli.options import config_source, console
from mem_graph.logging_setup import quiet_libraries


def bench(sizes: Annotated[str, typer.Option(help="Comma-separated memory counts.")] = "1000,10000",
          queries: Annotated[int, typer.Option(help="Searches per size.")] = 200,
          json_out: Annotated[Optional[Path], typer.Option("--json")] = None,
          config: Annotated[Optional[str], typer.Option(
              help='Config overrides: a JSON object or a JSON/TOML file, e.g. \'{"embedder": {"config": '
                   '{"quantize": "int8"}}}\'.')] = None) -> None:
    """Measure add throughput and search latency on the embedded default (temporary directory)."""
    quiet_libraries()
    from pipelines.bench import run_bench

    overrides = config_source(config)
    run_bench([int(s) for s in sizes.split(",") if s.strip()], queries=queries, json_out=json_out, console=console,
              config=overrides)


def register(main: typer.Typer) -> None:
    """Add ``bench`` to the main CLI."""
    main.command("bench")(bench)
