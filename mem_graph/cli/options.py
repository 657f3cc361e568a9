"""What every ``mem-graph`` command shares: the options, the consoles, opening a Memory, output helpers."""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from mem_graph.errors import ConfigError
from mem_graph.logging_setup import quiet_libraries

console = Console()
err = Console(stderr=True)

PathOpt = Annotated[Optional[Path], typer.Option("--path", help="Data directory (default: $MEM_GRAPH_HOME or ~/.mem_graph).")]
ConfigOpt = Annotated[Optional[Path], typer.Option("--config", "-c", help="JSON or TOML config file.")]
UserOpt = Annotated[Optional[str], typer.Option("--user", "-u", help="user_id scope.")]
AgentOpt = Annotated[Optional[str], typer.Option("--agent", help="agent_id scope.")]
RunOpt = Annotated[Optional[str], typer.Option("--run", help="run_id scope.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print raw JSON.")]

@contextmanager
def open_memory(path: Path | None, config: Path | None) -> Iterator[Any]:
    quiet_libraries()
    from mem_graph.memory import Memory

    with console.status("Opening memory (loading models)…", spinner="dots"):
        mem = Memory(path=path, config=str(config) if config else None)
    try:
        yield mem
    finally:
        mem.close()

def scope(user: str | None, agent: str | None, run: str | None) -> dict[str, str | None]:
    return {"user_id": user, "agent_id": agent, "run_id": run}

def print_json(data: Any) -> None:
    console.print_json(json.dumps(data, default=str, ensure_ascii=False))

def progress_bar() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console)

def config_overrides(value: str) -> dict:
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
