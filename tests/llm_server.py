"""A real OpenAI-compatible HTTP server on loopback, scripted with the replies a model would give.

Tests queue replies (``reply``); each POST /v1/chat/completions records the
request and answers with the next one. Nothing in mem_graph is mocked: the
real ``openai`` client talks HTTP to this server.

Test modules import what they share from here (never from a conftest: in the
full suite ``conftest`` names whichever conftest.py was imported first):
``scripted_llm`` and ``memories_on`` back their ``llm`` / ``make_memory``
fixtures; ``answer``/``fact`` write replies; ``payload_of``, ``index_of``,
``texts`` and ``all_events`` read requests and results.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from mem_graph import Memory
from mem_graph.extract.llm import forget_formats
from mem_graph.types import Scope

MakeMemory = Callable[..., Memory]


@dataclass
class Reply:
    content: Any = None  # dict/list -> JSON text; str -> sent as is; callable(request body) -> either
    status: int = 200
    error: str = "scripted error"
    sleep: float = 0.0
    refusal: str | None = None
    usage: tuple[int, int] = (100, 20)  # prompt, completion tokens


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    raw: str = ""

    @property
    def payload(self) -> dict[str, Any]:
        """The JSON inputs mem_graph put in the user message."""
        return json.loads(self.body["messages"][-1]["content"])

    @property
    def system(self) -> str:
        return self.body["messages"][0]["content"]


@dataclass
class ScriptedLLM:
    replies: deque[Reply] = field(default_factory=deque)
    requests: list[Recorded] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def reply(self, content: Any = None, **kw: Any) -> ScriptedLLM:
        self.replies.append(Reply(content, **kw))
        return self

    def start(self) -> ScriptedLLM:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wake sleeping handlers
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def _answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
        if not self.replies:
            return 500, {"error": {"message": "no scripted reply left", "type": "server_error"}}, 0.0
        r = self.replies.popleft()
        if r.status != 200:
            return r.status, {"error": {"message": r.error, "type": "invalid_request_error", "code": None}}, r.sleep
        content = r.content(body) if callable(r.content) else r.content
        text = content if isinstance(content, str) or content is None else json.dumps(content)
        p, c = r.usage
        return 200, {
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": 0,
            "model": body.get("model", "?"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": None if r.refusal else text,
                                     "refusal": r.refusal}}],
            "usage": {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c},
        }, r.sleep


def _handler(llm: ScriptedLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
            body = json.loads(raw) if raw else {}
            llm.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body, raw))
            if not self.path.split("?")[0].rstrip("/").endswith("/chat/completions"):  # Azure: /openai/deployments/…
                status, out, sleep = 404, {"error": {"message": f"no route {self.path}"}}, 0.0
            else:
                status, out, sleep = llm._answer(body)
            if sleep and llm._stop.wait(sleep):
                return
            data = json.dumps(out).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                pass

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    return Handler


def fact(text: str, event: str = "ADD", existing: int | None = None, reason: str = "stated by the user",
         triples: list[tuple[str, str, str]] = (), entities: list[tuple[str, str]] = (),
         negated: bool = False) -> dict[str, Any]:
    """One fact as the model returns it."""
    return {"text": text, "event": event, "existing": existing, "reason": reason, "negated": negated,
            "entities": [{"name": n, "type": t} for n, t in entities],
            "triples": [{"subject": s, "relation": r, "object": o} for s, r, o in triples]}


def answer(*facts: dict[str, Any], contradicted: list[int] = ()) -> dict[str, Any]:
    return {"facts": list(facts), "contradicted_relations": [{"relation": i, "reason": "no longer true"}
                                                             for i in contradicted]}


Responder = Callable[[dict[str, Any]], Any]


@contextmanager
def scripted_llm() -> Iterator[ScriptedLLM]:
    """A started server; structured-output modes found are forgotten before and after (a reused loopback
    port must not inherit another test's downgrade)."""
    forget_formats()
    server = ScriptedLLM().start()
    try:
        yield server
    finally:
        server.stop()
        forget_formats()


@contextmanager
def memories_on(llm: ScriptedLLM, folder: Path) -> Iterator[MakeMemory]:
    """``make(extractor="llm", llm_config=None, **config)``: a Memory on the embedded stores under ``folder``
    with its LLM pointed at ``llm``; every Memory made is closed afterwards."""
    opened: list[Memory] = []

    def make(extractor: str = "llm", llm_config: dict[str, Any] | None = None, **extra: Any) -> Memory:
        config = {"path": str(folder / f"mem{len(opened)}"), "extractor": extractor,
                  "llm": {"provider": "openai", "config": {
                      "model": "test-model", "base_url": llm.url, "api_key": "sk-test", "timeout": 5,
                      "max_retries": 1, "retry_backoff": 0, **(llm_config or {})}}, **extra}
        m = Memory(config=config)
        opened.append(m)
        return m

    try:
        yield make
    finally:
        for m in opened:
            m.close()


def payload_of(body: dict[str, Any]) -> dict[str, Any]:
    """The JSON inputs of a request body (for replies computed from the request)."""
    return json.loads(body["messages"][-1]["content"])


def index_of(payload: dict[str, Any], needle: str) -> int:
    """The number the model was shown for the existing memory whose text contains ``needle``."""
    return next(m["id"] for m in payload["existing_memories"] if needle in m["text"])


def texts(memory: Memory, user: str, **kw: Any) -> list[str]:
    return [r["memory"] for r in memory.get_all(user_id=user, **kw)["results"]]


def all_events(memory: Memory, user: str) -> list[dict[str, Any]]:
    """Every event of the scope, including NONE events that belong to no memory."""
    return memory.history_store.changes(Scope(user_id=user), 0, 1000)
