"""``mem-graph serve`` and ``mem-graph token`` as a user runs them: a real server process."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from click.testing import Result
from fake_openai import FakeOpenAI
from typer.testing import CliRunner

from mem_graph import Memory
from mem_graph.cli import app

USER = "shutdown-user"


SCRIPT = Path(sys.executable).with_name("mem-graph")
MEM_GRAPH = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-c", "from mem_graph.cli import main; main()"]


# a bound on a hang, not a speed target: the first calls load models, and a loaded CI machine is slow
SLOW = 120

def cli(*args: str, check: bool = True) -> Result:
    """The real CLI, in-process (only `serve` needs its own process)."""
    out = CliRunner().invoke(app, list(args))
    if check and out.exit_code != 0:
        raise AssertionError(f"mem-graph {' '.join(args)} failed: {out.output}")
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_more_workers_on_the_embedded_stores_is_refused(tmp_path: Path) -> None:
    out = cli("serve", "--workers", "2", "--path", str(tmp_path / "d"), check=False)
    assert out.exit_code == 2 and "needs server backends" in out.output


def test_serve_tokens_json_logs_and_a_graceful_shutdown(tmp_path: Path, upstream: FakeOpenAI) -> None:
    data, config = tmp_path / "data", tmp_path / "config.json"
    config.write_text(json.dumps({"llm": {"provider": "openai", "config": {"base_url": upstream.url}}}))
    where = ["--path", str(data), "--config", str(config)]
    created = json.loads(cli("token", "create", "--client", "terminal", "-n", "default", "-n", "notes",
                             "--json", *where).stdout)
    assert created["token"].startswith("mgh_") and created["namespaces"] == ["default", "notes"]
    assert created["token"] not in (data / "hub.sqlite").read_bytes().decode("latin-1")  # only the hash is kept

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([*MEM_GRAPH, "serve", "--port", str(port), *where],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "HF_HUB_OFFLINE": "1"})
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.communicate()[1]
            try:
                if httpx.get(f"{url}/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "server did not come up"
            time.sleep(0.2)
        auth = {"Authorization": f"Bearer {created['token']}"}
        assert httpx.get(f"{url}/v1/whoami", headers=auth, timeout=SLOW).json()["client_id"] == "terminal"

        second = json.loads(cli("token", "create", "--client", "ide", "-n", "notes", "--json", *where).stdout)
        assert httpx.get(f"{url}/v1/whoami", headers={"Authorization": f"Bearer {second['token']}"},
                         timeout=SLOW).status_code == 200
        listed = json.loads(cli("token", "list", "--json", *where).stdout)
        assert {t["client_id"] for t in listed} == {"terminal", "ide"} and "token" not in listed[0]
        cli("token", "revoke", second["token_id"], *where)  # while the server runs: effective at once
        resp = httpx.get(f"{url}/v1/whoami", headers={"Authorization": f"Bearer {second['token']}"},
                         timeout=SLOW)
        assert resp.status_code == 401

        facts = ["I like hiking", "I like jazz", "I like sushi", "I like chess", "I like Rust"]
        for fact in facts:  # each answer returns before its write: the writes queue up
            resp = httpx.post(f"{url}/v1/chat/completions", headers={**auth, "X-Request-ID": f"req-{fact[7:]}"},
                              json={"model": "m", "user": USER, "messages": [{"role": "user", "content": fact}]},
                              timeout=SLOW)
            assert resp.status_code == 200
        proc.send_signal(signal.SIGTERM)  # at once: shutdown must finish the queued writes
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode in (0, -signal.SIGTERM), stderr  # uvicorn re-raises the signal after a clean stop
    assert "Loading weights" not in stderr  # nothing but JSON lines

    lines = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    access = [r for r in lines if r["msg"] == "request" and r.get("path") == "/v1/chat/completions"]
    assert {r["request_id"] for r in access} == {f"req-{f[7:]}" for f in facts}
    assert all(r["client_id"] == "terminal" and r["status"] == 200 and "duration_ms" in r for r in access)
    assert any(r["msg"] == "hub stopped" for r in lines)

    with Memory(path=data, config=str(config)) as m:  # every queued write finished before the process exited
        assert [x["status"] for x in m.messages(user_id=USER)] == ["processed"] * len(facts)
        assert len(m.get_all(user_id=USER)["results"]) == len(facts)


def test_memory_commands_use_a_running_hub_when_one_is_configured(hub_server, tmp_path: Path, monkeypatch) -> None:
    """$MEM_GRAPH_HUB_URL + $MEM_GRAPH_TOKEN: add/list/search/get/history/update/delete/delete-all go to the hub
    (no local store is opened or created); --path still means the local store."""
    local_home = tmp_path / "home"
    monkeypatch.setenv("MEM_GRAPH_HOME", str(local_home))
    monkeypatch.setenv("MEM_GRAPH_HUB_URL", hub_server.url)
    monkeypatch.setenv("MEM_GRAPH_TOKEN", hub_server.token("cli-user", ["default"]))
    user = f"cli-{os.getpid()}-{time.time_ns()}"
    added = json.loads(cli("add", "I keep [bold] notes", "--raw", "--user", user, "--json").stdout)
    mid = added["results"][0]["id"]
    assert "I keep [bold] notes" in cli("list", "--user", user).stdout
    assert mid in cli("search", "notes", "--user", user).stdout
    assert json.loads(cli("get", mid[:8], "--user", user).stdout)["memory"] == "I keep [bold] notes"
    assert "(was: I keep [bold] notes)" in cli("update", mid[:8], "I keep paper notes", "--user", user).stdout
    assert "I keep paper notes" in cli("history", mid, "--user", user).stdout
    with hub_server.client(os.environ["MEM_GRAPH_TOKEN"]) as c:  # the hub holds it
        assert [r["memory"] for r in c.get_all(user_id=user)["results"]] == ["I keep paper notes"]
    assert "deleted: I keep paper notes" in cli("delete", mid[:8], "--user", user).stdout
    cli("add", "x", "--raw", "--user", user)
    cli("delete-all", "--user", user, "--yes")
    assert json.loads(cli("list", "--user", user, "--json").stdout)["results"] == []
    assert not local_home.exists()
    assert cli("list", "--user", user, "--path", str(tmp_path / "local"), check=False).exit_code != 0  # local: no store
