"""What every ``mem-graph`` command shares: options, consoles, opening a Memory, literal output, id prefixes.

Stored text is printed literally: it goes into ``rich.text.Text`` objects (never into markup strings), and
control characters are shown as escapes (``\\x1b``) so a memory cannot drive the terminal.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict, overload

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from mem_graph.config import config_source
from mem_graph.errors import InvalidIdError, NotFoundError, ScopeError
from mem_graph.logging_setup import quiet_libraries

if TYPE_CHECKING:
    from mem_graph.client import MemoryClient
    from mem_graph.config import MemoryConfig
    from mem_graph.memory import Memory

console = Console(highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)

PathOpt = Annotated[Path | None, typer.Option(
    "--path", help="Data directory (default: $MEM_GRAPH_HOME or ~/.mem_graph).")]
ConfigOpt = Annotated[str | None, typer.Option(
    "--config", "-c", help='A JSON or TOML config file, or a JSON object inline (\'{"retrieval": {...}}\').')]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", help="user_id scope.")]
AgentOpt = Annotated[str | None, typer.Option("--agent", help="agent_id scope.")]
RunOpt = Annotated[str | None, typer.Option("--run", help="run_id scope.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print raw JSON.")]

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SDK_NAMES = {"user_id": "--user", "agent_id": "--agent", "run_id": "--run", "namespace": "--namespace"}
_ID_PREFIX = re.compile(r"[0-9a-f-]{4,36}")


# -- literal output -----------------------------------------------------------------------------------------
def shown(value: Any) -> str:
    """``value`` as text with control characters made visible (``\\n``, ``\\x1b``): one line, no terminal codes."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(value))


def lit(value: Any, style: str = "") -> Text:
    """Stored text for rich: never parsed as markup (``[/b]`` stays ``[/b]``)."""
    return Text(shown(value), style=style)


def line(*parts: str | Text | tuple[Any, str]) -> Text:
    """One output line from plain labels (``str``), stored values (``(value, style)``) and Text pieces."""
    out = Text()
    for part in parts:
        if isinstance(part, tuple):
            out.append_text(lit(*part))
        elif isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(part)
    return out


def id_column(table: Table) -> None:
    """A column that shows whole ids: never cut with an ellipsis, whatever the terminal width."""
    table.add_column("id", style="dim", no_wrap=True, min_width=36, overflow="fold")


def memories_table(rows: Sequence[Mapping[str, Any]], title: str, score: bool = False) -> Table:
    table = Table(title=lit(title) if title else None, show_lines=False)
    if score:
        table.add_column("score", justify="right")
    table.add_column("memory", overflow="fold")
    id_column(table)
    table.add_column("status")
    for r in rows:
        cells = [Text(f"{r['score']:.3f}")] if score else []
        table.add_row(*cells, lit(r["memory"]), lit(r["id"]), lit(r.get("status", "")))
    return table


def decision_line(r: Mapping[str, Any]) -> Text:
    """One write decision: event, memory, what it replaced, and the reconciler's reason."""
    parts: list[Any] = [(f"{r['event']:>6}", "bold"), " ", (r["memory"], "")]
    if r.get("previous_memory"):
        parts += ["  (was: ", (r["previous_memory"], "italic"), ")"]
    if r.get("reason"):
        parts += ["  ", (r["reason"], "dim")]
    return line(*parts)


def relation_line(source: str, relation: str, target: str, suffix: str = "") -> Text:
    return line((source, "cyan"), " —", (relation, ""), "→ ", (target, "cyan"), (suffix, "dim") if suffix else "")


def print_json(data: Any) -> None:
    console.print_json(json.dumps(data, default=str, ensure_ascii=False))


def progress_bar() -> Progress:
    return Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console)


# -- opening a store ------------------------------------------------------------------------------------------
def memory_config(path: Path | None, config: str | None) -> MemoryConfig:
    from mem_graph.config import load_config

    return load_config(config_source(config), path=path.expanduser() if path is not None else None)


HUB_URL_ENV = "MEM_GRAPH_HUB_URL"


class ScopeKwargs(TypedDict):
    """The scope keyword arguments every SDK call takes."""

    user_id: str | None
    agent_id: str | None
    run_id: str | None


@overload
def open_memory(path: Path | None, config: str | None, *, create: bool = False,
                hub: Literal[False] = False) -> AbstractContextManager[Memory]: ...
@overload
def open_memory(path: Path | None, config: str | None, *, create: bool = False,
                hub: bool) -> AbstractContextManager[Memory | MemoryClient]: ...
def open_memory(path: Path | None, config: str | None, *, create: bool = False,
                hub: bool = False) -> AbstractContextManager[Memory | MemoryClient]:
    """Open the store (a context manager). Without ``create`` (read commands) a path that holds no store is an
    error, not a new empty store: a mistyped ``--path`` must not answer "nothing found".

    ``hub``: the command can be answered by a running hub. With $MEM_GRAPH_HUB_URL set (token:
    $MEM_GRAPH_TOKEN) and neither --path nor --config given, it talks to that hub: no store to open and no
    model to load in this process."""
    return _open_memory(path, config, create=create, hub=hub)


@contextmanager
def _open_memory(path: Path | None, config: str | None, *, create: bool,
                 hub: bool) -> Iterator[Memory | MemoryClient]:
    url = os.environ.get(HUB_URL_ENV) if hub and path is None and config is None else None
    if url:
        from mem_graph.client import MemoryClient

        with MemoryClient(url) as client:
            yield client
        return
    cfg = memory_config(path, config)
    if not create and not cfg.history_path.exists():
        raise NotFoundError(f"no mem_graph store at {cfg.path} (check --path, --config or $MEM_GRAPH_HOME; "
                            "`mem-graph add` creates one)")
    quiet_libraries()
    from mem_graph.memory import Memory

    with console.status("Opening memory…", spinner="dots"):
        mem = Memory(config=cfg)
    try:
        yield mem
    finally:
        mem.close()


# -- scopes and ids ---------------------------------------------------------------------------------------------
def cli_names(message: str) -> str:
    """An SDK error message with the SDK's argument names replaced by this CLI's flags."""
    return re.sub(r"\b(user_id|agent_id|run_id|namespace)\b", lambda m: _SDK_NAMES[m.group()], message)


def scope(user: str | None, agent: str | None, run: str | None) -> ScopeKwargs:
    """The scope keyword arguments for the SDK, validated here so errors name ``--user``/``--agent``/``--run``."""
    from mem_graph.validation import make_scope

    try:
        make_scope(user, agent, run)
    except ScopeError as exc:
        raise ScopeError(cli_names(str(exc))) from None
    return {"user_id": user, "agent_id": agent, "run_id": run}


def resolve_id(mem: Memory | MemoryClient, given: str, scope_kw: ScopeKwargs, *,
               with_history: bool = False) -> str:
    """A full memory id, or a unique prefix of one (as git takes commits), looked up in the caller's scope only.

    ``with_history`` also matches memories that are gone but still have events in the scope (``history``).
    Through a hub, a prefix is matched against the scope's newest 1,000 memories.
    """
    from mem_graph.memory import Memory
    from mem_graph.stores.vector.base import VectorFilter, scroll_all
    from mem_graph.validation import check_memory_id, make_scope

    try:
        return check_memory_id(given)
    except InvalidIdError:
        pass
    prefix = given.strip().lower()
    if not _ID_PREFIX.fullmatch(prefix):
        raise InvalidIdError(f"memory id must be a full id or a prefix of at least 4 of its characters, "
                             f"got {shown(given[:64])!r}")
    sc = make_scope(**scope_kw)
    found: dict[str, str]
    if not isinstance(mem, Memory):  # a hub
        rows = mem.get_all(**scope_kw, limit=1000, include_invalidated=True)["results"]
        found = {r["id"]: r["memory"] for r in rows if r["id"].startswith(prefix)}
    else:
        found = {r.id: r.text for r in scroll_all(mem.vectors, VectorFilter(scope=sc, statuses=None))
                 if r.id.startswith(prefix)}
    if with_history and isinstance(mem, Memory):
        for e in mem.history_store.changes(sc, 0, 1_000_000):
            if e["memory_id"] and e["memory_id"].startswith(prefix):
                found.setdefault(e["memory_id"], e.get("new_memory") or e.get("old_memory") or "")
    if not found:
        raise NotFoundError(f"no memory with id prefix {prefix!r} in this scope")
    if len(found) > 1:
        listing = "\n".join(f"  {i}  {shown(t)[:60]}" for i, t in sorted(found.items()))
        raise InvalidIdError(f"id prefix {prefix!r} is ambiguous; it matches {len(found)} memories in this scope:\n"
                             f"{listing}")
    return next(iter(found))
