"""``mem-graph demo``: a short sample conversation, then questions answered with the graph behind them."""

from __future__ import annotations

from typing import Annotated

import typer

from mem_graph.cli.options import PathOpt, console, open_memory, progress_bar

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

def demo(path: PathOpt = None, user: Annotated[str, typer.Option("--user", "-u")] = "demo-user",
         keep: Annotated[bool, typer.Option("--keep", help="Keep the demo user's memories afterwards.")] = False) -> None:
    """Ingest a short sample conversation, then answer questions with the graph relations behind them."""
    with open_memory(path, None) as mem:
        mem.delete_all(user_id=user)
        with progress_bar() as progress:
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

def register(main: typer.Typer) -> None:
    """Add ``demo`` to the main CLI."""
    main.command("demo")(demo)
