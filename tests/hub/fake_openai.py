"""A real HTTP server on loopback that speaks just enough of the OpenAI chat API for the proxy tests."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    """Answers /v1/chat/completions (JSON or SSE) with ``reply`` and records every request body."""

    reply = "Noted, thanks!"

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                body["_auth"] = self.headers.get("Authorization")
                owner.requests.append(body)
                if self.path != "/v1/chat/completions":
                    return self._json(404, {"error": {"message": "no such route"}})
                if body.get("model") == "broken":
                    return self._json(400, {"error": {"message": "model broken does not exist",
                                                      "type": "invalid_request_error"}})
                if body.get("stream"):
                    return self._stream(body)
                self._json(200, {
                    "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model"), "choices": [{"index": 0, "finish_reason": "stop",
                                                             "message": {"role": "assistant", "content": owner.reply}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}})

            def _json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, body: dict[str, Any]) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                words = owner.reply.split(" ")
                for i, word in enumerate(words):
                    chunk = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": int(time.time()),
                             "model": body.get("model"), "choices": [{"index": 0, "finish_reason": None, "delta": {
                                 **({"role": "assistant"} if i == 0 else {}),
                                 "content": word + (" " if i < len(words) - 1 else "")}}]}
                    self._chunk(f"data: {json.dumps(chunk)}\n\n".encode())
                    time.sleep(0.01)
                self._chunk(b"data: [DONE]\n\n")
                self._chunk(b"")

            def _chunk(self, data: bytes) -> None:
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
