"""Memory commands: ``mem-graph add | search | list | get | history | update | delete | delete-all | ingest``."""

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
    decision_line,
    line,
    lit,
    memories_table,
    open_memory,
    print_json,
    progress_bar,
    relation_line,
    resolve_id,
    scope,
)
from mem_graph.timeutil import epoch_or_iso

IdArg = Annotated[str, typer.Argument(help="Memory id, or a unique prefix of it within the scope.")]


def add(text: Annotated[str, typer.Argument(help="What the user said.")], user: UserOpt = None, agent: AgentOpt = None,
        run: RunOpt = None, raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
        path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Remember a message."""
    kw = scope(user, agent, run)
    with open_memory(path, config, create=True, hub=True) as mem:
        out = mem.add(text, **kw, infer=not raw)
    if as_json:
        return print_json(out)
    for r in out["results"]:
        console.print(decision_line(r))
    if not out["results"]:
        console.print("nothing to remember (chit-chat or no facts)", style="dim")


AsOfOpt = Annotated[str | None, typer.Option(
    "--as-of", help="What was believed at this time: ISO-8601 (2024-03-01T12:00:00Z) or epoch seconds.")]


def search(query: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           limit: Annotated[int, typer.Option("--limit", "-k")] = 5,
           explain: Annotated[bool, typer.Option("--explain", help="Show per-signal scores.")] = False,
           path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False, as_of: AsOfOpt = None) -> None:
    """Find the memories that answer a question (``--as-of``: with what was believed then)."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        out = mem.search(query, **kw, limit=limit, explain=explain, as_of=epoch_or_iso(as_of))
    if as_json:
        return print_json(out)
    # the query on a line of its own: a table title is centred and trimmed, so a query's trailing blanks
    # (a no-break space) would not print as typed
    console.print(line("Search: ", (query, "bold")))
    console.print(memories_table(out["results"], "", score=True))
    if explain:
        for r in out["results"]:
            console.print(line((r["memory"][:60], "dim"), (f": {r['explain']}", "dim")))
    for rel in out["relations"]:
        console.print(line("  ", relation_line(rel["source"], rel["relationship"], rel["destination"])))


def list_(user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
          limit: Annotated[int, typer.Option("--limit", "-k")] = 50,
          all_: Annotated[bool, typer.Option("--all", help="Include invalidated memories.")] = False,
          path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False, as_of: AsOfOpt = None) -> None:
    """List the memories of a scope, newest first (``--as-of``: those believed then)."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        out = mem.get_all(**kw, limit=limit, include_invalidated=all_, as_of=epoch_or_iso(as_of))
    if as_json:
        return print_json(out)
    console.print(memories_table(out["results"], "Memories"))


def get(memory_id: IdArg, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
        config: ConfigOpt = None) -> None:
    """Show one memory (JSON)."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        print_json(mem.get(resolve_id(mem, memory_id, kw), **kw))


def history(memory_id: IdArg, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
            config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Show every event of a memory and the versions linked to it."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        mid = resolve_id(mem, memory_id, kw, with_history=True)
        events = mem.history(mid, **kw)
    if as_json:
        return print_json(events)
    table = Table(title=f"History of {mid}")
    for col in ("seq", "event", "old", "new", "reason"):
        table.add_column(col, overflow="fold")
    for e in events:
        table.add_row(str(e["seq"]), lit(e["event"]), lit(e["old_memory"] or ""), lit(e["new_memory"] or ""),
                      lit(e["reason"] or ""))
    console.print(table)


def update(memory_id: IdArg, text: Annotated[str, typer.Argument(help="The memory's new text.")],
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
           config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Replace a memory's text (same id, version + 1); the old text stays in its history."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        out = mem.update(resolve_id(mem, memory_id, kw), text, **kw)
    if as_json:
        return print_json(out)
    console.print(decision_line(out))


def delete(memory_id: IdArg, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
           config: ConfigOpt = None) -> None:
    """Erase one memory from every store (its history keeps the event)."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        out = mem.delete(resolve_id(mem, memory_id, kw), **kw)
    console.print(line("deleted: ", (out["memory"], "")))


def delete_all(user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
               yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
               path: PathOpt = None, config: ConfigOpt = None) -> None:
    """Erase every memory, entity, raw message and event of the scope (asks first unless --yes)."""
    kw = scope(user, agent, run)
    with open_memory(path, config, hub=True) as mem:
        if not yes:
            what = ", ".join(f"{k.removesuffix('_id')} {v!r}" for k, v in kw.items() if v is not None)
            typer.confirm(f"Erase every memory of {what}?", abort=True, err=True)
        out = mem.delete_all(**kw)
    console.print(out["message"])


def ingest(file: Annotated[Path, typer.Argument(help="JSON Lines or JSON array of {role, content, …}.")],
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
           batch: Annotated[int, typer.Option(help="Messages per add() call.")] = 100,
           path: PathOpt = None, config: ConfigOpt = None) -> None:
    """Remember a whole chat log, in batches, with a progress bar."""
    from mem_graph.ingest import ingest as run_ingest
    from mem_graph.ingest import read_messages

    kw = scope(user, agent, run)
    messages = read_messages(file)
    with open_memory(path, config, create=True) as mem, progress_bar() as progress:
        task = progress.add_task(f"Ingesting {file.name}", total=len(messages))
        counts = run_ingest(mem, messages, **kw, infer=not raw, batch=batch,
                            on_batch=lambda n: progress.advance(task, n))
    console.print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "nothing remembered")


def register(main: typer.Typer) -> None:
    """Add the memory commands to the main CLI."""
    for name, fn in (("add", add), ("search", search), ("list", list_), ("get", get), ("history", history),
                     ("update", update), ("delete", delete), ("delete-all", delete_all), ("ingest", ingest)):
        main.command(name)(fn)
