"""``mem-graph demo``: a short sample conversation, then questions answered with the graph behind them."""

from __future__ import annotations

from typing import Annotated

import typer

from mem_graph.cli.options import (
    ConfigOpt,
    PathOpt,
    console,
    decision_line,
    line,
    open_memory,
    progress_bar,
    relation_line,
    scope,
)

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


def demo(path: PathOpt = None, config: ConfigOpt = None,
         user: Annotated[str, typer.Option("--user", "-u", help="Scope the demo writes to (erased first).")]
         = "demo-user",
         keep: Annotated[bool, typer.Option("--keep", help="Keep the demo user's memories afterwards.")]
         = False) -> None:
    """Ingest a short sample conversation, showing each decision and its reason, then answer questions with the
    graph relations behind them."""
    scope(user, None, None)
    with open_memory(path, config, create=True) as mem:
        mem.delete_all(user_id=user)
        with progress_bar() as progress:
            task = progress.add_task("Remembering the conversation", total=len(DEMO_CONVERSATION))
            for said in DEMO_CONVERSATION:
                added = mem.add(said, user_id=user)
                progress.console.print(line("\n", (repr(said), "dim")))
                for decision in added["results"]:
                    progress.console.print(line("  → ", decision_line(decision)))
                if not added["results"]:
                    progress.console.print("  → nothing to remember", style="dim")
                progress.advance(task)
        for q in DEMO_QUESTIONS:
            out = mem.search(q, user_id=user, limit=3, explain=True)
            console.print(line("\n", (f"? {q}", "bold magenta")))
            for r in out["results"]:
                ex = r["explain"]
                console.print(line(f"  {r['score']:.3f}  ", (r["memory"], ""),
                                   (f"  (semantic {ex['semantic']:.2f}, keyword {ex['keyword']:.2f}, "
                                    f"graph {ex['graph']:.2f})", "dim")))
            for rel in out["relations"][:5]:
                console.print(line("      ", relation_line(rel["source"], rel["relationship"], rel["destination"])))
        console.print(line("\nrerank: ", (mem.reranker_status, "")))
        if not keep:
            mem.delete_all(user_id=user)
        console.print(line(("Demo done.", "green"), " Data directory: ", (mem.config.path, "")))


def register(main: typer.Typer) -> None:
    """Add ``demo`` to the main CLI."""
    main.command("demo")(demo)
