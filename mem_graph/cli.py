"""``mem-graph``: the command line. Every command works on the embedded default unless --config says otherwise."""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mem_graph.errors import ConfigError, MemGraphError

app = typer.Typer(help="mem_graph: long-term memory for LLM agents (offline by default).", no_args_is_help=True,
                  pretty_exceptions_enable=False)
console = Console()
err = Console(stderr=True)

PathOpt = Annotated[Optional[Path], typer.Option("--path", help="Data directory (default: $MEM_GRAPH_HOME or ~/.mem_graph).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", "-c", help="JSON or TOML config file.")]
UserOpt = Annotated[Optional[str], typer.Option("--user", "-u", help="user_id scope.")]
AgentOpt = Annotated[Optional[str], typer.Option("--agent", help="agent_id scope.")]
RunOpt = Annotated[Optional[str], typer.Option("--run", help="run_id scope.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print raw JSON.")]


def _quiet_libraries() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.getLogger("sentence_transformers").setLevel(logging.ERROR)
    logging.getLogger("transformers").setLevel(logging.ERROR)
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass


@contextmanager
def open_memory(path: Path | None, config: Path | None) -> Iterator[Any]:
    _quiet_libraries()
    from mem_graph.memory import Memory

    with console.status("Opening memory (loading models)…", spinner="dots"):
        mem = Memory(path=path, config=str(config) if config else None)
    try:
        yield mem
    finally:
        mem.close()


def _scope(user: str | None, agent: str | None, run: str | None) -> dict[str, str | None]:
    return {"user_id": user, "agent_id": agent, "run_id": run}


def _print_json(data: Any) -> None:
    console.print_json(json.dumps(data, default=str, ensure_ascii=False))


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


@app.command()
def add(text: Annotated[str, typer.Argument(help="What the user said.")], user: UserOpt = None, agent: AgentOpt = None,
        run: RunOpt = None, raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
        path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Remember a message."""
    with open_memory(path, config) as mem:
        out = mem.add(text, **_scope(user, agent, run), infer=not raw)
    if as_json:
        return _print_json(out)
    for r in out["results"]:
        prev = f"  (was: {r['previous_memory']})" if r.get("previous_memory") else ""
        console.print(f"[bold]{r['event']:>6}[/bold] {r['memory']}{prev}  [dim]{r['reason']}[/dim]")
    if not out["results"]:
        console.print("[dim]nothing to remember (chit-chat or no facts)[/dim]")


@app.command()
def search(query: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           limit: Annotated[int, typer.Option("--limit", "-k")] = 5,
           explain: Annotated[bool, typer.Option("--explain", help="Show per-signal scores.")] = False,
           path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Find the memories that answer a question."""
    with open_memory(path, config) as mem:
        out = mem.search(query, **_scope(user, agent, run), limit=limit, explain=explain)
    if as_json:
        return _print_json(out)
    console.print(_memories_table(out["results"], f"Search: {query}", score=True))
    if explain:
        for r in out["results"]:
            console.print(f"[dim]{r['memory'][:60]!r}: {r['explain']}[/dim]")
    for rel in out["relations"]:
        console.print(f"  [cyan]{rel['source']}[/cyan] —{rel['relationship']}→ [cyan]{rel['destination']}[/cyan]")


@app.command("list")
def list_(user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
          limit: Annotated[int, typer.Option("--limit", "-k")] = 50,
          all_: Annotated[bool, typer.Option("--all", help="Include invalidated memories.")] = False,
          path: PathOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """List the memories of a scope, newest first."""
    with open_memory(path, config) as mem:
        out = mem.get_all(**_scope(user, agent, run), limit=limit, include_invalidated=all_)
    if as_json:
        return _print_json(out)
    console.print(_memories_table(out["results"], "Memories"))


@app.command()
def get(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
        config: ConfigOpt = None) -> None:
    """Show one memory."""
    with open_memory(path, config) as mem:
        _print_json(mem.get(memory_id, **_scope(user, agent, run)))


@app.command()
def history(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
            config: ConfigOpt = None, as_json: JsonOpt = False) -> None:
    """Show every event of a memory and the versions linked to it."""
    with open_memory(path, config) as mem:
        events = mem.history(memory_id, **_scope(user, agent, run))
    if as_json:
        return _print_json(events)
    table = Table(title=f"History of {memory_id}")
    for col in ("seq", "event", "old", "new", "reason"):
        table.add_column(col)
    for e in events:
        table.add_row(str(e["seq"]), e["event"], e["old_memory"] or "", e["new_memory"] or "", e["reason"] or "")
    console.print(table)


@app.command()
def delete(memory_id: str, user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None, path: PathOpt = None,
           config: ConfigOpt = None) -> None:
    """Erase one memory from every store."""
    with open_memory(path, config) as mem:
        out = mem.delete(memory_id, **_scope(user, agent, run))
    console.print(f"deleted: {out['memory']}")


@app.command()
def ingest(file: Annotated[Path, typer.Argument(help="JSON Lines or JSON array of {role, content, …}.")],
           user: UserOpt = None, agent: AgentOpt = None, run: RunOpt = None,
           raw: Annotated[bool, typer.Option("--raw", help="Store verbatim (infer=False).")] = False,
           batch: Annotated[int, typer.Option(help="Messages per add() call.")] = 100,
           path: PathOpt = None, config: ConfigOpt = None) -> None:
    """Remember a whole chat log, in batches, with a progress bar."""
    from pipelines.ingest import ingest as run_ingest
    from pipelines.ingest import read_messages

    messages = read_messages(file)
    with open_memory(path, config) as mem, _progress() as progress:
        task = progress.add_task(f"Ingesting {file.name}", total=len(messages))
        counts = run_ingest(mem, messages, scope=_scope(user, agent, run), infer=not raw, batch=batch,
                            on_batch=lambda n: progress.advance(task, n))
    console.print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "nothing remembered")


DEMO_CONVERSATION = [
    "Hi! I'm Sam.",
    "I live in Beijing and I work at Acme as a data engineer.",
    "I'm vegetarian, so no meat for me.",
    "I like MySQL for side projects.",
    "My sister Anna lives in Paris.",
    "Alice works at Acme. Bob manages Alice.",
    "ok thanks",
    "Big news: I moved to Shanghai last month!",
    "I don't use MySQL anymore, I switched to PostgreSQL.",
    "As I said, I'm a vegetarian.",
]
DEMO_QUESTIONS = [
    "Where does the user live?",
    "What database does the user use?",
    "What does the user eat?",
    "Where does Bob's report work?",
    "Where does the user's sister live?",
]


@app.command()
def demo(path: PathOpt = None, user: Annotated[str, typer.Option("--user", "-u")] = "demo-user",
         keep: Annotated[bool, typer.Option("--keep", help="Keep the demo user's memories afterwards.")] = False) -> None:
    """Ingest a short sample conversation, then answer questions with the graph relations behind them."""
    with open_memory(path, None) as mem:
        mem.delete_all(user_id=user)
        with _progress() as progress:
            task = progress.add_task("Remembering the conversation", total=len(DEMO_CONVERSATION))
            for line in DEMO_CONVERSATION:
                out = mem.add(line, user_id=user)
                for r in out["results"]:
                    progress.console.print(f"  [dim]{line!r}[/dim] → [bold]{r['event']}[/bold] {r['memory']}")
                progress.advance(task)
        for q in DEMO_QUESTIONS:
            out = mem.search(q, user_id=user, limit=3, explain=True)
            console.print(f"\n[bold magenta]? {q}[/bold magenta]")
            for r in out["results"]:
                ex = r["explain"]
                console.print(f"  {r['score']:.3f}  {r['memory']}  [dim](semantic {ex['semantic']:.2f}, "
                              f"keyword {ex['keyword']:.2f}, graph {ex['graph']:.2f})[/dim]")
            for rel in out["relations"][:5]:
                console.print(f"      [cyan]{rel['source']}[/cyan] —{rel['relationship']}→ [cyan]{rel['destination']}[/cyan]")
        console.print(f"\nrerank: {mem.searcher.reranker.status}")
        if not keep:
            mem.delete_all(user_id=user)
        console.print(f"[green]Demo done.[/green] Data directory: {mem.config.path}")


@app.command()
def bench(sizes: Annotated[str, typer.Option(help="Comma-separated memory counts.")] = "1000,10000",
          queries: Annotated[int, typer.Option(help="Searches per size.")] = 200,
          json_out: Annotated[Optional[Path], typer.Option("--json")] = None,
          config: Annotated[Optional[str], typer.Option(
              help='Config overrides: a JSON object or a JSON/TOML file, e.g. \'{"embedder": {"config": '
                   '{"quantize": "int8"}}}\'.')] = None) -> None:
    """Measure add throughput and search latency on the embedded default (temporary directory)."""
    _quiet_libraries()
    from pipelines.bench import run_bench

    overrides = _config_overrides(config) if config else None
    run_bench([int(s) for s in sizes.split(",") if s.strip()], queries=queries, json_out=json_out, console=console,
              config=overrides)


def _config_overrides(value: str) -> dict:
    """A JSON object given inline, or the path of a JSON/TOML config file."""
    from mem_graph.config import read_config_file

    if value.lstrip().startswith("{"):
        try:
            parsed = json.loads(value)
        except ValueError as exc:
            raise ConfigError(f"--config is not valid JSON: {exc}") from exc
        if not isinstance(parsed, dict):
            raise ConfigError("--config must be a JSON object")
        return parsed
    return read_config_file(value)


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console)


def main() -> None:
    try:
        app()
    except MemGraphError as exc:
        err.print(f"[red]error:[/red] {exc}")
        sys.exit(2)


from mem_graph.server.cli import register as _register_hub  # noqa: E402  (issue 6: serve, token)
_register_hub(app)
from mem_graph.cli_graph import register as _register_graph  # noqa: E402  (issue 4: cypher, graph export)
_register_graph(app)
from mem_graph.cli_ops import register as _register_ops  # noqa: E402  (issue 7: check, repair, maintain, export, import)
_register_ops(app)

if __name__ == "__main__":
    main()
