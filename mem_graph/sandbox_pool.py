"""A pool of exploration worker processes (``mem_graph/sandbox_worker.py``) with hard time and size limits.

The parent never waits on a worker past a deadline: a worker that overruns it is killed (SIGKILL) and
replaced on the next query, so a query the engine cannot interrupt still ends on time. A reply larger
than the result cap is refused before it is read, so the parent's memory is bounded by the cap, not by
what the query produced. Workers are started lazily and keep their scope copies between queries;
``close`` ends them.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from mem_graph.errors import StoreError

WORKER = Path(__file__).with_name("sandbox_worker.py")
_LEN = struct.Struct("<Q")
STARTUP_S = 10.0  # allowance for a fresh worker's interpreter and ladybug import
SHM = "/dev/shm"


class WorkerTimeout(Exception):
    """The worker did not answer before the deadline (it has been killed)."""


class WorkerDied(Exception):
    """The worker exited mid-request (killed by the kernel, or crashed)."""


class ReplyTooLarge(Exception):
    """The worker's answer exceeds the byte cap (it has been killed)."""


class Worker:
    """One child process and its pipes; used by one thread at a time."""

    def __init__(self, config: dict[str, Any]) -> None:
        # The worker's scratch directories are ours, so a killed worker's copies are removed too.
        self.scratch: list[str] = [tempfile.mkdtemp(prefix="mem_graph_explore_")]
        if os.path.isdir(SHM) and os.access(SHM, os.W_OK | os.X_OK):
            self.scratch.append(tempfile.mkdtemp(prefix="mem_graph_explore_", dir=SHM))
        try:
            self.proc = subprocess.Popen([sys.executable, "-P", str(WORKER)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, close_fds=True)
        except BaseException:
            self._remove_scratch()
            raise
        self.keys: set[str] = set()  # scopes this worker has built (it may have evicted some since)
        self.fresh = True
        shm = self.scratch[1] if len(self.scratch) > 1 else None
        self._send(pickle.dumps({**config, "scratch": self.scratch[0], "scratch_shm": shm}))

    def _remove_scratch(self) -> None:
        for path in self.scratch:
            shutil.rmtree(path, ignore_errors=True)

    def _send(self, body: bytes) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(_LEN.pack(len(body)) + body)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.kill()
            raise WorkerDied(str(exc)) from None

    def _read_exact(self, n: int, deadline: float) -> bytes:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        chunks, got = [], 0
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while got < n:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(timeout=left):
                    self.kill()
                    raise WorkerTimeout()
                chunk = os.read(fd, min(n - got, 1 << 20))
                if not chunk:
                    self.kill()
                    raise WorkerDied(f"exit status {self.proc.returncode}")
                chunks.append(chunk)
                got += len(chunk)
        return b"".join(chunks)

    def ask(self, request: tuple[Any, ...], deadline: float, max_bytes: int) -> tuple[Any, ...]:
        """Send one request and wait for its reply until ``deadline`` (time.monotonic())."""
        self._send(pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL))
        if self.fresh:
            deadline += STARTUP_S
        size = _LEN.unpack(self._read_exact(_LEN.size, deadline))[0]
        if size > max_bytes:
            self.kill()
            raise ReplyTooLarge()
        reply: tuple[Any, ...] = pickle.loads(self._read_exact(size, deadline))  # our own worker's frame
        self.fresh = False
        return reply

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        self._remove_scratch()

    def stop(self) -> None:
        """Close stdin (the worker cleans up its copies and exits); kill it if it lingers."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


class SandboxPool:
    """At most ``size`` workers; a caller takes an idle one (preferring one that holds its scope)."""

    def __init__(self, size: int, config: dict[str, Any]) -> None:
        self.size = size
        self.config = config
        self._idle: list[Worker] = []
        self._live = 0
        self._cond = threading.Condition()
        self._closed = False

    def take(self, key: str, wait_s: float) -> Worker | None:
        """An idle worker, a new one if the pool has room, or None after ``wait_s`` seconds of all busy."""
        deadline = time.monotonic() + wait_s
        with self._cond:
            while True:
                if self._closed:
                    raise StoreError("the exploration sandbox is closed")
                for dead in [w for w in self._idle if w.proc.poll() is not None]:  # exited while idle
                    self._idle.remove(dead)
                    dead.kill()
                    self._live -= 1
                if self._idle:
                    worker = next((w for w in reversed(self._idle) if key in w.keys), self._idle[-1])
                    self._idle.remove(worker)
                    return worker
                if self._live < self.size:
                    self._live += 1
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(timeout=left)
        try:
            return Worker(self.config)
        except OSError as exc:
            self._release()
            raise StoreError(f"cannot start an exploration worker: {exc}") from exc

    def give(self, worker: Worker, healthy: bool) -> None:
        """Return a worker after a query; an unhealthy (killed) one is dropped and replaced on demand."""
        with self._cond:
            if healthy and not self._closed and worker.proc.poll() is None:
                self._idle.append(worker)
                self._cond.notify()
                return
        worker.kill()
        self._release()

    def _release(self) -> None:
        with self._cond:
            self._live -= 1
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            idle, self._idle = self._idle, []
            self._live -= len(idle)
            self._cond.notify_all()
        for worker in idle:
            worker.stop()
