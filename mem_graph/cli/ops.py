"""Operator commands: ``mem-graph check | repair | maintain | optimize | reembed | export | import``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

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
    progress_bar,
    scope,
)

_INDEX_HINT_AT = 5_000  # about where Qdrant Edge's default indexing threshold starts to index a segment
NamespaceOpt = Annotated[str | None, typer.Option("--namespace", help="Namespace of the scope (default: default).")]


def check(path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Report inconsistencies between the vector store, the graph and history (exit 1 when any)."""
    from mem_graph.errors import StoreUnavailableError
    from mem_graph.maintenance import check as run_check
    from mem_graph.maintenance import unopenable_report

    try:
        with open_memory(path, config) as mem:
            report = run_check(mem)
    except StoreUnavailableError as exc:  # a damaged store is a finding, not a crash
        report = unopenable_report(exc)
    if as_json:
        print_json(report.to_dict())
    else:
        table = Table(title="consistency check")
        table.add_column("finding")
        table.add_column("count", justify="right")
        table.add_column("examples", style="dim")
        for name, n in report.counts().items():
            table.add_row(name, str(n), lit(", ".join(map(str, getattr(report, name)[:3])) if n else ""))
        console.print(table)
        console.print("[green]all stores agree[/green]" if report.ok else
                      "[yellow]inconsistent: run `mem-graph repair`[/yellow]")
    if not report.ok:
        raise typer.Exit(1)


def repair(path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Fix what `check` reports (idempotent); every action is recorded in the maintenance log."""
    from mem_graph.errors import GraphUnavailableError
    from mem_graph.maintenance import check as run_check
    from mem_graph.maintenance import repair as run_repair
    from mem_graph.recovery import salvage_graph

    try:
        with open_memory(path, config) as mem:
            actions = run_repair(mem)
            after = run_check(mem)
    except GraphUnavailableError as exc:  # move the damaged graph aside, then rebuild it from the vectors
        moved = salvage_graph(exc)
        with open_memory(path, config) as mem:
            actions = run_repair(mem, preface=[moved])
            after = run_check(mem)
    if as_json:
        print_json({"actions": actions, "ok_after": after.ok, "remaining": after.counts()})
    else:
        for a in actions:
            console.print(lit(f"- {a['action']}: " + ", ".join(f"{k}={v}" for k, v in a.items() if k != "action")))
        console.print("nothing to repair" if not actions else f"{len(actions)} repair action(s)")
        if not after.ok:
            console.print(f"[red]still inconsistent:[/red] {after.counts()}")
    if not after.ok:
        raise typer.Exit(1)


def maintain(retention_days: Annotated[float, typer.Option(
                 "--retention-days", help="Erase memories that expired more than this many days ago.")],
             path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Apply the retention policy: expired memories past the window are erased from every store."""
    from mem_graph.maintenance import apply_retention

    with open_memory(path, config) as mem:
        erased = apply_retention(mem, retention_days)
    if as_json:
        print_json({"erased": erased})
    else:
        console.print(f"erased {len(erased)} memories expired more than {retention_days:g} day(s) ago")


def optimize(path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Build the vector indexes (HNSW + sparse) so search stops scanning every memory; run after a bulk import."""
    with open_memory(path, config) as mem:
        if as_json:
            result = mem.optimize()
        else:
            with console.status("building the vector indexes (minutes on a large store; writes wait)"):
                result = mem.optimize()
    if as_json:
        print_json(result.to_dict())
        return
    counts = ("" if result.indexed_after is None or not result.changed else
              f"; vectors in an index: {result.indexed_before} -> {result.indexed_after}")
    what = f"optimised in {result.seconds:.1f} s" if result.changed else "nothing to optimise"
    console.print(lit(f"{result.backend}: {result.points} points, {what}{counts}"))
    if result.note:
        console.print(lit(result.note, "dim"))


def reembed(path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Recompute every stored vector with the configured embedder (after a model or pooling change)."""
    from mem_graph.maintenance import reembed as run_reembed

    with open_memory(path, config) as mem:
        if as_json:
            n = run_reembed(mem)
        else:
            with progress_bar() as bar:
                task = bar.add_task("re-embedding", total=None)
                n = run_reembed(mem, progress=lambda done, total: bar.update(task, completed=done, total=total))
    if as_json:
        print_json({"reembedded": n})
    else:
        console.print(f"re-embedded {n} memories")


def export(file: Annotated[Path, typer.Argument(help="JSON Lines file to write.")], user: UserOpt = None,
           agent: AgentOpt = None, run: RunOpt = None, namespace: NamespaceOpt = None, path: PathOpt = None,
           config: ConfigOpt = None) -> None:
    """Back up one scope (given --user/--agent/--run) or everything, as JSON Lines."""
    from mem_graph.backup import export_file
    from mem_graph.validation import make_scope

    scope_ = make_scope(**scope(user, agent, run), namespace=namespace) if (user or agent or run) else None
    with open_memory(path, config) as mem:
        counts = export_file(mem, file, scope_)
    console.print(line(f"exported {counts} to ", (file, "")))


def import_(file: Annotated[Path, typer.Argument(help="A file written by `mem-graph export`.")],
            path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Restore an export (validated whole before anything is written; safe to run again)."""
    from mem_graph.backup import import_file

    with open_memory(path, config, create=True) as mem:
        counts = import_file(mem, file)
    if as_json:
        print_json(counts)
    else:
        console.print(f"imported {counts}")
        if counts.get("memories", 0) >= _INDEX_HINT_AT:
            console.print("many memories at once: `mem-graph optimize` indexes them for fast search", style="dim")


def register(app: typer.Typer) -> None:
    for name, fn in (("check", check), ("repair", repair), ("maintain", maintain), ("optimize", optimize),
                     ("reembed", reembed),
                     ("export", export), ("import", import_)):
        app.command(name)(fn)
