"""``mem-graph serve`` and ``mem-graph token create|list|revoke``."""

from __future__ import annotations

import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from mem_graph.server.settings import DEFAULT_PORT, HubSettings

if TYPE_CHECKING:
    from mem_graph.server.auth import TokenStore

console = Console()
err = Console(stderr=True)
token_app = typer.Typer(help="Create, list and revoke the hub's bearer tokens.", no_args_is_help=True)

PathOpt = Annotated[Path | None, typer.Option(
    "--path", help="Data directory (default: $MEM_GRAPH_HOME or ~/.mem_graph).")]
ConfigOpt = Annotated[str | None, typer.Option(
    "--config", "-c", help="JSON or TOML memory config file, or a JSON object inline.")]
HubDbOpt = Annotated[Path | None, typer.Option("--hub-db", help="Token database (default: <data dir>/hub.sqlite).")]


def _settings(path: Path | None, config: str | None, hub_db: Path | None, **extra: Any) -> HubSettings:
    return HubSettings(path=path, config=config, hub_db=hub_db, **extra)


def _quiet_model_loading() -> None:
    """Offline, and no progress bars: stderr carries only JSON log lines."""
    for key, value in (("HF_HUB_OFFLINE", "1"), ("TOKENIZERS_PARALLELISM", "false"),
                       ("TRANSFORMERS_VERBOSITY", "error"), ("HF_HUB_DISABLE_PROGRESS_BARS", "1")):
        os.environ.setdefault(key, value)
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    except ImportError:
        pass


def _token_store(path: Path | None, config: str | None, hub_db: Path | None) -> TokenStore:
    from mem_graph.server.auth import TokenStore

    settings = _settings(path, config, hub_db)
    return TokenStore(settings.hub_db_path(settings.memory_config()))


def serve(host: Annotated[str, typer.Option(help="Interface to bind (0.0.0.0 for every interface).")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="TCP port.")] = DEFAULT_PORT,
          workers: Annotated[int, typer.Option(help="Processes; >1 needs server backends (Qdrant + Neo4j).")] = 1,
          path: PathOpt = None, config: ConfigOpt = None, hub_db: HubDbOpt = None,
          max_body_mb: Annotated[float, typer.Option(help="Largest request body, in MiB (413 above).")] = 4.0,
          rate_limit: Annotated[float, typer.Option(help="Requests/s per token (a token may override it).")] = 50.0,
          rate_burst: Annotated[int, typer.Option(help="Requests a token may send at once.")] = 100,
          log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info") -> None:
    """Run the memory hub: REST API, sync feed and OpenAI-compatible proxy (JSON logs on stderr)."""
    _quiet_model_loading()
    import uvicorn

    from mem_graph.server.logs import configure_logging
    from mem_graph.stores.factory import uses_embedded_store

    settings = _settings(path, config, hub_db, max_body_bytes=int(max_body_mb * 1024 * 1024),
                         rate_limit=rate_limit, rate_burst=rate_burst, log_level=log_level)
    cfg = settings.memory_config()
    if workers < 1:
        raise typer.BadParameter("--workers must be at least 1")
    if workers > 1 and uses_embedded_store(cfg):
        err.print("[red]error:[/red] --workers > 1 needs server backends: the embedded stores (Qdrant Edge, "
                  "LadybugDB) lock the data directory to one process. Run one worker (it serves requests "
                  "concurrently on threads) or configure vector_store 'qdrant' and graph_store 'neo4j'.")
        raise typer.Exit(2)
    configure_logging(log_level)
    common = {"host": host, "port": port, "log_config": None, "access_log": False,
              "timeout_graceful_shutdown": int(settings.shutdown_grace_s)}
    if workers == 1:
        from mem_graph.server.app import create_app

        uvicorn.run(create_app(settings), **common)  # type: ignore[arg-type]
    else:
        os.environ.update(settings.to_env())
        uvicorn.run("mem_graph.server.app:app_from_env", factory=True, workers=workers, **common)  # type: ignore[arg-type]


@token_app.command("create")
def token_create(client: Annotated[str, typer.Option("--client", help="Client id (ide, phone, web-bot …).")],
                 namespace: Annotated[list[str], typer.Option("--namespace", "-n",
                                                              help="Granted namespace (repeat; '*' = all).")],
                 user: Annotated[list[str] | None, typer.Option("--user", "-u",
                                                                   help="Restrict to these user ids (repeat).")] = None,
                 rate: Annotated[float | None, typer.Option(help="Requests/s for this token.")] = None,
                 note: Annotated[str | None, typer.Option(help="Free text shown by `token list`.")] = None,
                 path: PathOpt = None, config: ConfigOpt = None, hub_db: HubDbOpt = None,
                 as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Mint a token. It is shown once; only its SHA-256 hash is stored."""
    store = _token_store(path, config, hub_db)
    try:
        token, info = store.create(client, namespace, user_ids=user, rate_limit=rate, note=note)
    finally:
        store.close()
    if as_json:
        print(json.dumps({"token": token, **info.to_dict()}))
        return
    namespaces = ", ".join(info.namespaces)
    console.print(f"token for client [bold]{client}[/bold] (id {info.token_id}, namespaces {namespaces}):")
    print(token)
    err.print("[dim]Store it now: it cannot be shown again.[/dim]")


@token_app.command("list")
def token_list(all_: Annotated[bool, typer.Option("--all", help="Include revoked tokens.")] = False,
               path: PathOpt = None, config: ConfigOpt = None, hub_db: HubDbOpt = None,
               as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List tokens (ids, clients, grants; never the secrets)."""
    store = _token_store(path, config, hub_db)
    try:
        rows = store.tokens(include_revoked=all_)
    finally:
        store.close()
    if as_json:
        print(json.dumps([r.to_dict() for r in rows]))
        return
    table = Table(title="Hub tokens")
    for col in ("id", "client", "namespaces", "users", "rate/s", "created", "revoked", "note"):
        table.add_column(col)
    for r in rows:
        table.add_row(r.token_id, r.client_id, ",".join(r.namespaces), ",".join(r.user_ids) or "any",
                      f"{r.rate_limit:g}" if r.rate_limit else "default", _date(r.created_at), _date(r.revoked_at),
                      r.note or "")
    console.print(table)


@token_app.command("revoke")
def token_revoke(token_id: Annotated[str | None, typer.Argument(help="Token id (from `token list`).")] = None,
                 client: Annotated[str | None, typer.Option(
                     "--client", help="Revoke all of a client's tokens.")] = None,
                 path: PathOpt = None, config: ConfigOpt = None, hub_db: HubDbOpt = None) -> None:
    """Revoke a token (or every token of a client); it stops working on the next request."""
    store = _token_store(path, config, hub_db)
    try:
        n = store.revoke(token_id, client_id=client)
    finally:
        store.close()
    if not n:
        err.print("[yellow]no live token matched[/yellow]")
        sys.exit(1)
    console.print(f"revoked {n} token(s)")


def _date(ts: float | None) -> str:
    return datetime.fromtimestamp(ts, tz=UTC).strftime("%Y-%m-%d %H:%M") if ts else ""


def register(app: typer.Typer) -> None:
    """Add ``serve`` and ``token`` to the main CLI."""
    app.command("serve")(serve)
    app.add_typer(token_app, name="token")
