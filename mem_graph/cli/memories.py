"""Memory commands: ``mem-graph add | search | list | get | history | delete | ingest``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from mem_graph.cli.options import (
    AgentOpt, ConfigOpt, JsonOpt, PathOpt, RunOpt, UserOpt, console, open_memory, print_json, progress_bar, scope,
)

def _memories_table(rows: list[dict[str, Any]], title: str, score: bool = False) -> Table:
    table = Table(title=title, show_lines=False)
    if score:
        table.add_column("score", justify="right")
    table.add_column("memory")
    table.add_column("id", style="dim")
    table.add_column("status")
    for r in rows:
        cells = [f"{r['score']:.3f}"] if score else []
        table.add_row(*cells, r["memory"], r["id"], r.get("status", ""))
    return table

def add(text: Annotated[str, typer.Argument(help="What the user said.")], user: UserOpt = None, agent: AgentOpt = None,
        run: RunOpt = None, raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
        path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Remember a message."""
    with open_memory(path, config) as mem:
        out = mem.add(text, **scope(user, agent, run), infer=not raw)
    if as_json:
        return print_json(out)
    for r in out["results"]:
        prev = f"  (was: {r['previous_memory']})" if r.get("previous_memory") else ""
        console.print(f"[bold]{r['event']:>6}[/bold] {r['memory']}{prev}  [dim]{r['reason']}[/dim]")
    if not out["results"]:
        console.print("[dim]nothing to remember (chit-chat or no facts)[/dim]")

def search(query: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           limit: Annotated[int, typer.Option("--limit", "-k")] = 5,
           explain: Annotated[bool, typer.Option("--explain", help="Show per-signal scores.")] = False,
           path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Find the memories that answer a question."""
    with open_memory(path, config) as mem:
        out = mem.search(query, **scope(user, agent, run), limit=limit, explain=explain)
    if as_json:
        return print_json(out)
    console.print(_memories_table(out["results"], f"Search: {query}", score=True))
    if explain:
        for r in out["results"]:
            console.print(f"[dim]{r['memory'][:60]!r}: {r['explain']}[/dim]")
    for rel in out["relations"]:
        console.print(f"  [cyan]{rel['source']}[/cyan] —{rel['relationship']}→ [cyan]{rel['destination']}[/cyan]")

def list_(user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
          limit: Annotated[int, typer.Option("--limit", "-k")] = 50,
          all_: Annotated[bool, typer.Option("--all", help="Include invalidated memories.")] = False,
          path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """List the memories of a scope, newest first."""
    with open_memory(path, config) as mem:
        out = mem.get_all(**scope(user, agent, run), limit=limit, include_invalidated=all_)
    if as_json:
        return print_json(out)
    console.print(_memories_table(out["results"], "Memories"))

def get(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
        config: ConfigOpt = None) -> None:
    """Show one memory."""
    with open_memory(path, config) as mem:
        print_json(mem.get(memory_id, **scope(user, agent, run)))

def history(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
            config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Show every event of a memory and the versions linked to it."""
    with open_memory(path, config) as mem:
        events = mem.history(memory_id, **scope(user, agent, run))
    if as_json:
        return print_json(events)
    table = Table(title=f"History of {memory_id}")
    for col in ("seq", "event", "old", "new", "reason"):
        table.add_column(col)
    for e in events:
        table.add_row(str(e["seq"]), e["event"], e["old_memory"] or "", e["new_memory"] or "", e["reason"] or "")
    console.print(table)

def delete(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
           config: ConfigOpt = None) -> None:
    """Erase one memory from every store."""
    with open_memory(path, config) as mem:
        out = mem.delete(memory_id, **scope(user, agent, run))
    console.print(f"deleted: {out['memory']}")

def ingest(file: Annotated[Path, typer.Argument(help="JSON Lines or JSON array of {role, content, …}.")],
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
           batch: Annotated[int, typer.Option(help="Messages per add() call.")] = 100,
           path: PathOpt = None, config: ConfigOpt = None) -> None:
    """Remember a whole chat log, in batches, with a progress bar."""
    from pipelines.ingest import ingest as run_ingest
    from pipelines.ingest import read_messages

    messages = read_messages(file)
    with open_memory(path, config) as mem, progress_bar() as progress:
        task = progress.add_task(f"Ingesting {file.name}", total=len(messages))
        counts = run_ingest(mem, messages, scope=scope(user, agent, run), infer=not raw, batch=batch,
                            on_batch=lambda n: progress.advance(task, n))
    console.print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "nothing remembered")

def register(main: typer.Typer) -> None:
    """Add the memory commands to the main CLI."""
    for name, fn in (("add", add), ("search", search), ("list", list_), ("get", get), ("history", history),
                     ("delete", delete), ("ingest", ingest)):
        main.command(name)(fn)
