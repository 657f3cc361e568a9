"""``mem-graph ui``: the memory browser for a local embedded store, on loopback only.

It runs the hub in-process bound to 127.0.0.1 with a token generated for this run alone (kept in a private
temporary token database that is removed at exit, never in the data directory's hub.sqlite), and prints
(and opens) ``http://127.0.0.1:PORT/ui/#token=…``: the fragment never reaches the server's logs, and the page
moves the token into the tab's sessionStorage and drops it from the address bar.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import time
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from mem_graph.cli.options import console

LOOPBACK = "127.0.0.1"


def ui(path: Annotated[Path | None, typer.Option("--path", help="Data directory (default: $MEM_GRAPH_HOME or "
                                                                   "~/.mem_graph).")] = None,
       config: Annotated[str | None, typer.Option("--config", "-c", help="JSON or TOML memory config file, "
                                                                             "or a JSON object inline.")] = None,
       port: Annotated[int, typer.Option(help="Loopback TCP port (0: any free one).")] = 0,
       user: Annotated[str | None, typer.Option("--user", help="User id to show first.")] = None,
       open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the page in a browser.")] = True,
       log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "warning") -> None:
    """Browse, search, correct and explore a local memory in your browser (127.0.0.1 only; Ctrl-C stops)."""
    import uvicorn

    from mem_graph.server.app import create_app
    from mem_graph.server.auth import TokenStore
    from mem_graph.server.cli import _quiet_model_loading
    from mem_graph.server.logs import configure_logging
    from mem_graph.server.settings import HubSettings

    _quiet_model_loading()
    configure_logging(log_level)
    from mem_graph.memory import Memory

    settings = HubSettings(path=path, config=config, log_level=log_level)
    memory = Memory(config=settings.memory_config())  # a directory in use fails here, as a one-line error
    private = Path(tempfile.mkdtemp(prefix="mem-graph-ui-"))  # 0700: this user's only
    try:
        settings = settings.model_copy(update={"hub_db": private / "ui-hub.sqlite"})
        store = TokenStore(settings.hub_db)  # type: ignore[arg-type]
        token = store.create("mem-graph-ui", ["*"], note="one-time token of `mem-graph ui`")[0]
        store.close()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((LOOPBACK, port))
        url = f"http://{LOOPBACK}:{sock.getsockname()[1]}/ui/#token={token}" + (f"&user_id={user}" if user else "")
        server = uvicorn.Server(uvicorn.Config(create_app(settings, memory), log_config=None, access_log=False))

        def announce() -> None:
            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                console.print(f"memory browser: {url}", soft_wrap=True, highlight=False)
                console.print("(this token works only while this command runs; Ctrl-C stops it)", style="dim")
                if open_browser:
                    webbrowser.open(url)

        threading.Thread(target=announce, daemon=True, name="ui-announce").start()
        server.run(sockets=[sock])
    finally:
        memory.close()
        shutil.rmtree(private, ignore_errors=True)


def register(app: typer.Typer) -> None:
    app.command("ui")(ui)
