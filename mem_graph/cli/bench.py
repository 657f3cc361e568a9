"""``mem-graph bench``: add throughput and search latency on the embedded default."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mem_graph.cli.options import ConfigOpt, console
from mem_graph.config import config_source
from mem_graph.logging_setup import quiet_libraries


def bench(suite: Annotated[str | None, typer.Argument(
              help="`reconcile`: the reconciliation benchmark (tests/reconcile_cases). Omitted: speed.")] = None,
          sizes: Annotated[str, typer.Option(help="Comma-separated memory counts.")] = "1000,10000",
          queries: Annotated[int, typer.Option(help="Searches per size.")] = 200,
          workloads: Annotated[str, typer.Option(
              help="Comma-separated: synthetic (short sentences), locomo (LoCoMo-length turns).")] = "synthetic,locomo",
          json_out: Annotated[Path | None, typer.Option("--json")] = None,
          config: ConfigOpt = None,
          case_set: Annotated[str, typer.Option("--set", help="reconcile: dev, heldout or all.")] = "all",
          extractor: Annotated[str, typer.Option(help="reconcile: comma-separated rules, llm, hybrid.")] = "rules",
          only: Annotated[str | None, typer.Option(help="reconcile: one case id.")] = None,
          verbose: Annotated[bool, typer.Option("--verbose", "-v", help="reconcile: show each miss.")] = False,
          cases: Annotated[Path | None, typer.Option(
              help="reconcile: the case folder (dev/ and heldout/); default tests/reconcile_cases of a checkout."
          )] = None) -> None:
    """Measure add throughput and search latency on the embedded default (temporary directory);
    ``bench reconcile``: how well changes in a conversation are understood (mem_graph/bench/reconcile.py)."""
    quiet_libraries()
    if suite == "reconcile":
        from mem_graph.bench.reconcile import run_bench as run_reconcile
        from mem_graph.bench.reconcile_cases import CASES_DIR, CaseFileError, CasesNotFoundError

        try:
            run_reconcile(case_set, extractor.split(","), config_source(config), only, json_out, verbose, console,
                          cases_dir=cases or CASES_DIR)
        except CasesNotFoundError as exc:
            raise typer.BadParameter(str(exc), param_hint="--cases") from exc
        except CaseFileError as exc:
            raise typer.BadParameter(str(exc)) from exc
        return
    if suite is not None:
        raise typer.BadParameter(f"unknown benchmark {suite!r} (reconcile, or none for speed)")
    from mem_graph.bench.speed import BATCH, run_bench

    overrides = config_source(config)
    names = tuple(w.strip() for w in workloads.split(",") if w.strip())
    if not names or set(names) - set(BATCH):
        raise typer.BadParameter(f"unknown workload in {workloads!r} (known: {', '.join(BATCH)})")
    run_bench([int(s) for s in sizes.split(",") if s.strip()], queries=queries, json_out=json_out, console=console,
              config=overrides, workloads=names)


def register(main: typer.Typer) -> None:
    """Add ``bench`` to the main CLI."""
    main.command("bench")(bench)
